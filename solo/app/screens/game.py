"""The table: the game screen."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from engine.game import Game
from engine.prompts import IllegalAnswer
from engine.runfile import answer_to_json

from ..cardtext import option
from ..dialogs import dialog_for
from ..widgets import GoalsArea, HandRow, InPlay, Piles, RuleSpots, TablePart, TurnBanner
from .history import HistoryScreen
from .modals import CardScreen, HelpScreen, RuleScreen


class GameScreen(Screen):
    """The Solo Fluxx table, laid out as the solitaire diagram."""

    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("d", "detail", "Card text", id="detail"),
        Binding("question_mark,f1", "help", "Help", id="help"),
        Binding("t", "tutor_level", "Tutor", id="tutor"),
        Binding("w", "why", "Why?", id="why"),
        Binding("i", "hint", "Hint", id="hint"),
        Binding("l", "toggle_log", "Log", show=False, id="log"),
        Binding("e", "end_turn", "End turn", show=False, id="end"),
        Binding("x", "discard", "Discard", show=False, id="discard"),
        Binding("h", "history", "History", id="history"),
        Binding("c", "palette", "Colours", id="colours"),
        Binding("s", "app.show_stats", "Stats", id="stats", show=False),
        Binding("j", "cursor(1)", "Down", show=False, id="down"),
        Binding("k", "cursor(-1)", "Up", show=False, id="up"),
        *[Binding(str(i), f"quick({i})", f"Pick {i}", show=False, id=f"quick{i}") for i in range(1, 10)],
    ]

    def __init__(self, g: Game, answers: list, info: dict):
        super().__init__()
        self.g = g
        self.answers = answers
        self.info = info
        self.log_lines: list[str] = []
        self.log_rules: list[str | None] = []  # the rule behind each line of the tutor panel
        self.last_rule: str | None = None
        self.hint_step = 0
        from tutor.explain import Explainer
        self.explainer = Explainer("brief")

    def compose(self) -> ComposeResult:
        yield TurnBanner(id="status")
        yield Piles(id="piles")
        yield RuleSpots(id="rules")
        yield GoalsArea(id="goals")
        yield InPlay(id="table")
        yield HandRow(id="hand")
        yield OptionList(id="moves")
        yield OptionList(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.advance()

    def on_resize(self, event) -> None:
        """Larger terminals give the tutor panel more lines."""
        h = event.size.height
        self.query_one("#log", OptionList).styles.height = 3 if h <= 24 else min(3 + (h - 24) // 2, 14)

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        g = self.g
        for part in self.query(TablePart):
            part.show(g, self.info)
        log = self.query_one("#log", OptionList)
        first = max(0, len(self.log_lines) - 60)
        log.clear_options()
        log.add_options([Option(t, id=str(first + i)) for i, t in enumerate(self.log_lines[first:])])
        if self.log_lines:
            log.highlighted = len(self.log_lines) - first - 1
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        pr = g.prompt
        if pr is not None and pr.kind == "turn":
            moves.add_options([Option(f"{i + 1}. {option(g, o)}" if i < 9 else option(g, o), id=str(i))
                               for i, o in enumerate(pr.options)])
            moves.highlighted = 0
            if self.focused is not self.query_one("#log", OptionList):
                moves.focus()

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Show the table, then ask the engine's current question."""
        self.draw()
        g = self.g
        if g.over:
            self.app.game_finished(self)
            return
        if g.prompt.kind == "choose":
            self.app.push_screen(dialog_for(g, self.move_hint), self.answer)

    def answer(self, a) -> None:
        g = self.g
        if a is None:
            return
        try:
            j = answer_to_json(g, a)
            events = g.push(a)
        except IllegalAnswer as e:
            self.note(f"[red]Not allowed:[/] {e}")
            self.draw()
            return
        self.answers.append(j)
        self.app.store.save(g, self.answers, self.info.get("assisted", False))
        self.hint_step = 0
        self.tell(events)
        self.advance()

    def tell(self, events) -> None:
        """The tutor's words for what just happened (levels: off, brief, full)."""
        if self.explainer.level == "off":
            return
        for t in self.explainer.explain_all(self.g, events):
            x = t.x
            if not t.head or x.event in ("action_done", "turn_start", "deal"):
                continue  # a burst is one line; its cards are named in it
            self.log_lines.append(x.text)
            self.log_rules.append(x.rule)
            self.last_rule = x.rule
            if x.more:
                self.log_lines.append(f"[dim]  {x.more} (w: why?)[/]")
                self.log_rules.append(x.rule)

    def note(self, text: str) -> None:
        self.log_lines.append(text)
        self.log_rules.append(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "log":  # Enter on a tutor line: why?
            self.why(int(event.option.id))
            return
        pr = self.g.prompt
        if pr is None or pr.kind != "turn":
            return
        self.answer(pr.options[event.option_index])

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":
            return bool(self.answers) or None  # greyed out when there is nothing to undo
        return True

    def action_quick(self, n: int) -> None:
        pr = self.g.prompt
        if pr is not None and pr.kind == "turn" and n <= len(pr.options):
            self.answer(pr.options[n - 1])

    def action_cursor(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        if step > 0:
            moves.action_cursor_down()
        else:
            moves.action_cursor_up()

    def action_undo(self) -> None:
        from solo.store import rebuild
        if not self.answers:
            return
        self.answers.pop()
        self.g = rebuild(self.g.seed, self.g.decks, self.answers)
        self.info["assisted"] = True
        self.app.store.save(self.g, self.answers, True)
        self.note("Undone: this run is now marked assisted.")
        self.advance()

    def action_detail(self) -> None:
        moves = self.query_one("#moves", OptionList)
        pr = self.g.prompt
        idx = moves.highlighted
        if pr is None or pr.kind != "turn" or idx is None:
            return
        o = pr.options[idx]
        if len(o) == 2:
            self.app.push_screen(CardScreen(self.g, o[1]))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_palette(self) -> None:
        from ..cardtext import COLOUR, PALETTES, use_palette
        now = next(n for n, p in PALETTES.items() if p == COLOUR)
        names = list(PALETTES)
        nxt = names[(names.index(now) + 1) % len(names)]
        use_palette(nxt)
        self.note(f"Card colours: {nxt}")
        self.draw()

    def action_end_turn(self) -> None:
        """End the turn when the rules allow it; otherwise the tutor says why not."""
        from tutor.explain import FORBIDDEN
        pr = self.g.prompt
        if pr is not None and pr.kind == "turn" and ("end",) in pr.options:
            self.answer(("end",))
            return
        self.note(f"[b]Tutor:[/] {FORBIDDEN['end']}")
        self.draw()

    def action_discard(self) -> None:
        """There is no discarding at will: the tutor explains."""
        from tutor.explain import FORBIDDEN
        self.note(f"[b]Tutor:[/] {FORBIDDEN['discard']}")
        self.draw()

    def action_tutor_level(self) -> None:
        from tutor.explain import LEVELS
        lv = LEVELS[(LEVELS.index(self.explainer.level) + 1) % len(LEVELS)]
        self.explainer.level = lv
        self.note(f"Tutor: {lv}")
        self.draw()

    def action_why(self) -> None:
        log = self.query_one("#log", OptionList)
        if self.focused is log and log.highlighted is not None:
            self.why(int(log.get_option_at_index(log.highlighted).id))
        elif self.last_rule:
            self.app.push_screen(RuleScreen(self.last_rule))

    def why(self, line: int) -> None:
        """Open the rule entry behind a line of the tutor panel."""
        rule = next((r for r in reversed(self.log_rules[:line + 1]) if r), None)
        if rule:
            self.app.push_screen(RuleScreen(rule))

    def action_hint(self) -> None:
        """A hint ladder: first a nudge (free: it names no move), then the
        search bot's suggestion with its reason and the runner-up (the run is
        then marked assisted)."""
        g = self.g
        pr = g.prompt
        if pr is None or pr.kind != "turn":
            return
        if self.hint_step == 0:
            self.hint_step = 1
            goals = ", ".join(g.name(c) for c in g.goals) or "no Goal yet"
            self.note(f"Hint: look at the Goal ({goals}) and what you hold toward it. Press i again for a move.")
        else:
            self.note(self.move_hint(g))
        self.draw()

    def move_hint(self, g: Game) -> str:
        """The search bot's suggestion for the question now asked, in words;
        asking for one marks the run assisted."""
        from engine.bots import SearchBot
        from tutor.hints import hint_text
        self.info["assisted"] = True
        self.app.store.save(g, self.answers, True)
        futures = 8
        ranked = SearchBot(g.decisions, rollouts=futures, ms=400).rank(g)
        return hint_text(g, ranked, futures) + " (run marked assisted)"

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", OptionList)
        log.display = not log.display

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.app.store))
