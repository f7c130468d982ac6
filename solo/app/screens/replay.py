"""A run, step by step, on the real table (read-only), with the tutor's lines.

``ReplayScreen`` is the game screen with every answer of the run played
once ahead: Left/Right (or , and .) step, Home/End go to the deal and the
end, g jumps to the start of a turn; the tutor's panel says what the step
did ("Just happened") and l shows everything so far. Nothing can be played:
the keys that would act on the game do nothing here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.events import Mount
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.answers import json_words, replay
from engine.events import Event
from engine.game import Game
from engine.prompts import Prompt
from solo.store.info import GameInfo
from tutor.explain import Explainer

from ..link import GameLink
from ..widgets import Choices
from .game import GameScreen


def told_steps(decks: list[str], players: int, variant: str, seed: int, answers: list[Any],
               watch: Callable[[list[Event]], None] | None = None,
               names: tuple[str, ...] | None = None) -> list[tuple[str, list[str]]]:
    """Each step of a run: (the answer as a person reads it, the tutor's lines
    for what it caused). Step 0 is the deal. ``watch`` sees each step's events
    in the same replay (the recap reads the scores and the end from them);
    ``names`` are the seats' names of a game against bots."""
    ex = Explainer("brief", names=names)
    g = Game.new(tuple(decks), players, variant, seed)
    steps: list[tuple[str, list[str]]] = [("the deal", [t.x.text for t in ex.explain_all(g, g.log or []) if t.head])]

    def on_step(i: int, j: Any, events: list[Event], game: Game) -> None:
        if watch is not None:
            watch(events)
        steps.append((json_words(j),
                      [t.x.text for t in ex.explain_all(game, events) if t.head]))
    replay(g, answers, on_step)
    return steps


# what the replay's keys may do (the game's own keys that only look: help, the log, the whole table, the piles)
REPLAY_ACTIONS = frozenset({"step", "ends", "goto", "close", "help", "toggle_log", "open_table", "piles", "why",
                            "tutor_level", "palette", "cursor"})


class TurnPick(ModalScreen[int]):
    """Which turn to jump to: the start of each turn, in order."""
    BINDINGS = [Binding("escape", "cancel", "Back", id="turn-back")]

    def __init__(self, starts: list[tuple[int, int]]):
        super().__init__()
        self.starts = starts  # (turn, step)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Go to the start of which turn?", id="dialog-title")
            yield Choices(*[Option(f"Turn {t} (step {s})", id=str(s)) for t, s in self.starts], id="choices")
            yield Static("Enter: go   Esc: back", id="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(str(event.option.id)))

    def action_cancel(self) -> None:
        self.dismiss(-1)


class ReplayScreen(GameScreen, inherit_bindings=False):
    """Left/Right (or , and .) step through the run on the table; Home/End;
    g: a turn; Esc or q goes back."""

    BINDINGS = [Binding("right", "step(1)", "Next", id="next", priority=True),
                Binding("period", "step(1)", "Next", show=False, id="next-alt"),
                Binding("left", "step(-1)", "Back", id="prev", priority=True),
                Binding("comma", "step(-1)", "Back", show=False, id="prev-alt"),
                Binding("home", "ends(0)", "Deal", id="first", priority=True),
                Binding("end", "ends(1)", "End", id="last", priority=True),
                Binding("g", "goto", "Turn", id="goto"),
                Binding("escape", "close", "Close", id="close"),
                Binding("q", "close", "Close", show=False, id="close-q"),
                *[b for b in GameScreen.BINDINGS if isinstance(b, Binding) and b.action in ("help", "toggle_log", "open_table", "piles", "why",
                                                                 "tutor_level", "palette")]]
    AUTO_SINGLE = False

    def __init__(self, title: str, decks: list[str], players: int, variant: str, seed: int, answers: list[Any],
                 seats: list[str] | None = None, level: str = "brief"):
        info = GameInfo(seed, list(decks), slot="replay", replay=True,
                        extra={"seats": list(seats)} if seats else None)
        first = Game.new(tuple(decks), players, variant, seed)
        super().__init__(first.copy(), [], info, GameLink(tutor=level))
        self.title_text = title
        self.states: list[Game] = [first.copy()]
        self.words: list[str] = ["the deal"]
        self.events: list[list[Any]] = [list(first.log or [])]

        def on_step(i: int, j: Any, events: list[Event], game: Game) -> None:
            self.states.append(game.copy())
            self.words.append(json_words(j))
            self.events.append(list(events))
        replay(first, answers, on_step)
        self.i = 0

    @property
    def steps(self) -> list[str]:
        return self.words

    def yours(self, pr: Prompt | None) -> TypeGuard[Prompt]:
        return False  # nothing is played in a replay: the hand is shown, not offered

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not the game screen's start: nothing is told, resumed or asked
        self.fit(self.app.size)
        self.on_mount_moves_watch()
        for ol in self.query(OptionList):
            ol.can_focus = False  # the arrows step the replay; nothing here takes the keys
        self.set_focus(None)
        level = self.link.tutor
        from tutor.explain import LEVELS
        if level in LEVELS:
            self.explainer.level = level
        self.show(0)

    def after_compose(self) -> None:
        if self.small or self.query("#replay-bar"):
            return
        from ..widgets import KeyBar
        self.mount(Static(id="replay-bar", markup=False), before=self.query_one(KeyBar))

    def panel_rows(self, avail: int) -> int:
        return 1  # the replay's own line over the keys

    def show(self, i: int) -> None:
        """The table as it was after step ``i``, the tutor's lines up to it
        (the step's own in "Just happened")."""
        self.i = max(0, min(len(self.states) - 1, i))
        self.g = self.states[self.i]
        self.log_lines, self.log_rules = [], []
        for k in range(self.i + 1):
            if k == self.i:
                self.turn_from = len(self.log_lines)
            self.note(("Step " + str(k) + ": ", "b"), self.words[k] if k == 0 else f"answer: {self.words[k]}")
            self.tell(self.events[k])
        self.leads = {}
        for log in self.query(OptionList):
            log._solo_shown = []  # type: ignore[attr-defined]
        self.draw()
        if not self.small:  # the step is read from its first line
            log = self.query_one("#log", OptionList)
            for n, option in enumerate(log.options):
                if option.id == str(self.turn_from):
                    log.highlighted = n
                    self.call_after_refresh(log.scroll_to_highlight, top=True)
                    break
        bar = self.query("#replay-bar")
        if bar:
            bar.first(Static).update(Content(
                f"{self.title_text} · step {self.i} of {len(self.states) - 1} · answer: {self.words[self.i]}"
                if self.i else f"{self.title_text} · step 0 of {len(self.states) - 1} · the deal"))

    def tell(self, events: list[Event], answered: Prompt | None = None) -> None:
        # every turn's end starts a new "just happened" only through show(): the step's lines are the panel
        keep = self.turn_from
        super().tell(events, answered)
        self.turn_from = keep

    def advance(self) -> None:
        self.draw()  # no question is asked, no bot moves

    def answer(self, a: Any) -> None:
        return  # read-only

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.small:
            return action == "close"
        return action in REPLAY_ACTIONS

    def keep_tutor_lines(self) -> None:
        return

    def action_step(self, d: int) -> None:
        self.show(self.i + d)

    def action_ends(self, end: int) -> None:
        self.show(len(self.states) - 1 if end else 0)

    def turn_starts(self) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for k, events in enumerate(self.events):
            for e in events:
                if e.kind == "turn_start":
                    out.append((e.data["turn"], k))
        return out

    def action_goto(self) -> None:
        def chosen(step: int | None) -> None:
            if step is not None and step >= 0:
                self.show(step)
        self.app.push_screen(TurnPick(self.turn_starts()), chosen)

    def action_close(self) -> None:
        self.dismiss()

    def action_menu(self) -> None:
        self.dismiss()

