"""The small screens over the table: a rule, a card, the piles, the whole
table, help. Each is a ``ScrollDialog``: its body scrolls (arrows, PgUp/PgDn,
Home/End, the mouse wheel) and a cue under it says when there is more
above or below. Everything from the game (names, card text, rule text) is
Content, never markup."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.game import Game
from solo.store.info import GameInfo

from ..cardtext import card, table
from ..lines import join, styled
from ..widgets import MoreCue


class ScrollDialog(ModalScreen[None]):
    """A dialog whose body scrolls, with a "more" cue that follows the scroll."""

    CLOSE_KEYS = "escape,enter"
    BINDINGS = [Binding("up,k", "scroll(-1)", "Up", show=False, id="scroll-up"),
                Binding("down,j", "scroll(1)", "Down", show=False, id="scroll-down"),
                Binding("pageup", "page(-1)", "Page up", show=False, id="page-up"),
                Binding("pagedown,space", "page(1)", "Page down", show=False, id="page-down"),
                Binding("home", "ends(0)", "Top", show=False, id="top"),
                Binding("end", "ends(1)", "Bottom", show=False, id="bottom")]
    hint = "Esc: close"

    def __init_subclass__(cls, **kw: Any) -> None:
        # each dialog's keys to close it (set before Textual merges the class's bindings)
        cls.BINDINGS = [Binding(cls.CLOSE_KEYS, "close", "Close", id="close")]
        super().__init_subclass__(**kw)

    def title_content(self) -> Content:
        return Content("")

    def body(self) -> Content:
        return Content("")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="scroll-dialog"):
            yield Static(self.title_content(), id="dialog-title")
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body(), id="dialog-text")
            yield MoreCue("#dialog-body", id="dialog-more")
            yield Static(Content(self.hint), id="dialog-hint")

    def on_mount(self) -> None:
        body = self.query_one("#dialog-body", VerticalScroll)
        body.can_focus = True
        body.focus()

    def action_scroll(self, d: int) -> None:
        body = self.query_one("#dialog-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + d, animate=False)

    def action_page(self, d: int) -> None:
        body = self.query_one("#dialog-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + d * max(1, body.size.height - 1), animate=False)

    def action_ends(self, end: int) -> None:
        body = self.query_one("#dialog-body", VerticalScroll)
        body.scroll_to(y=body.max_scroll_y if end else 0, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class RuleScreen(ScrollDialog):
    CLOSE_KEYS = "escape,enter,w"

    def __init__(self, rule_id: str):
        super().__init__()
        self.rule_id = rule_id
        self.hint = f"[{rule_id}]   Esc: close"

    def title_content(self) -> Content:
        from tutor.reference import entry
        e = entry(self.rule_id)
        return Content(e.title if e is not None else self.rule_id)

    def body(self) -> Content:
        from tutor.reference import entry
        e = entry(self.rule_id)
        if e is None:  # a rule id the reference does not hold (a line of an older game's tutor)
            return Content(f"The rules reference has no entry {self.rule_id}.")
        reading = "  (the project's reading)" if e.kind == "reading" else ""
        return Content(f"{e.text}\n\nSource: {e.source}{reading}")


class MoveScreen(ScrollDialog):
    """A bot move told in one line, in full: each sentence it stands for, and
    under it the rule behind it (the tutor's full level, for this move)."""
    CLOSE_KEYS = "escape,enter,w"
    hint = "Esc: close   ↑↓ PgUp PgDn: scroll"

    def __init__(self, line: str, full: list[Any]):
        super().__init__()
        self.line, self.full = line, full

    def title_content(self) -> Content:
        return Content(self.line)

    def body(self) -> Content:
        from tutor.reference import entry
        parts: list[Content] = []
        for x in self.full:
            e = entry(x.rule)
            words = e.text if e is not None else "(no reference entry)"
            parts.append(styled((x.text, "b"), "\n", (f"  {words}", "dim"), (f"  [{x.rule}]", "dim i")))
        return Content("\n\n").join(parts)


class CardScreen(ScrollDialog):
    CLOSE_KEYS = "escape,enter,d"

    def __init__(self, g: Game, c: int):
        super().__init__()
        self.g, self.c = g, c

    def title_content(self) -> Content:
        cd = self.g.db.cards[self.c]
        return styled(card(self.g, self.c), f"  ({cd.type}{', ' + cd.category if cd.category else ''})")

    def body(self) -> Content:
        cd = self.g.db.cards[self.c]
        extra = f"\nSlot: {cd.slot}" if cd.slot else ""
        conf = f"\nConfidence: {cd.confidence} ({cd.source})" if cd.confidence else ""
        return Content(cd.text + extra + conf)


def pile(g: Game, ids: list[int]) -> Content:
    return join(card(g, c) for c in reversed(ids)) if ids else Content("empty")


class PilesScreen(ScrollDialog):
    """The Scored Goals and the discard piles, in full (Let's Do That Again!
    and Empty the Trash make the discards matter)."""
    CLOSE_KEYS = "escape,enter,p"

    def __init__(self, g: Game):
        super().__init__()
        self.g = g

    def title_content(self) -> Content:
        return Content("The piles")

    def body(self) -> Content:
        g = self.g
        parts = [styled((f"Scored Goals ({len(g.scored)})", "b"), ", latest first: ", pile(g, g.scored))] \
            if g.variant.scores else []
        parts.append(styled((f"Main discard ({len(g.discard)})", "b"), ", top first: ", pile(g, g.discard)))
        if g.variant.layout == "spots":  # a variant with its own Rules deck (Solo)
            parts.append(styled((f"Rules discard ({len(g.rules_discard)})", "b"), ", top first: ",
                                pile(g, g.rules_discard)))
        return Content("\n\n").join(parts)


class TableScreen(ScrollDialog):
    """Every zone of the table whole: nothing a box cut or counted as
    "+N more" is out of reach (o, or a click on a box, which opens here at
    that box)."""
    CLOSE_KEYS = "escape,enter,o"

    def __init__(self, g: Game, panes: list[Any], info: GameInfo, at: str | None = None):
        super().__init__()
        self.g, self.panes, self.info, self.at = g, panes, info, at

    def title_content(self) -> Content:
        return Content("The table, whole")

    def body(self) -> Content:
        g = self.g
        out = []
        self.starts: dict[str, int] = {}
        lines = 0
        for pane in self.panes:
            title, text = pane.whole(g, self.info)
            if pane.key == "table":  # your Keepers and Creepers with their icons and what is attached
                text = table(g, self.info.seat, "none")
            block = styled((title, "b"), "\n", text)
            self.starts[pane.key] = lines
            lines += len(block.plain.split("\n")) + 1
            out.append(block)
        return Content("\n\n").join(out)

    def on_mount(self) -> None:  # after ScrollDialog's (Textual calls each class's handler)
        if self.at is not None and self.at in getattr(self, "starts", {}):
            self.call_after_refresh(self.query_one("#dialog-body", VerticalScroll).scroll_to,
                                    y=self.starts[self.at], animate=False)


class PlayoutScreen(ScrollDialog):
    """What a lesson's tempting move would do, played out on a copy of the
    table: the tutor's reason first, then the copy's lines. The table itself
    is as it was; the lines stay in the log (marked "(would be)")."""
    CLOSE_KEYS = "escape,enter"
    hint = "Esc: back to the step (the table is as it was)"

    def __init__(self, said: list[str], lines: list[Any]):
        super().__init__()
        self.said, self.lines = said, lines

    def title_content(self) -> Content:
        return Content("If you did that (played out on a copy of the table)")

    def body(self) -> Content:
        parts = [styled(("Tutor: ", "b"), s) for s in self.said]
        parts += [ln.content if hasattr(ln, "content") else Content(str(ln)) for ln in self.lines]
        return Content("\n").join(parts)


# longer words for some keys than their binding's description (the help says both)
KEY_WORDS = {
    "undo": "take back your last answer (marks the run assisted)",
    "detail": "the full text of the highlighted card",
    "help": "this help",
    "tutor_level": "the tutor: off, brief, full",
    "why": "why? the rule behind the last line (or the highlighted tutor line)",
    "hint": "a hint: first a nudge, then a move with its reason (marks the run assisted)",
    "toggle_log": "just happened, or the full log",
    "piles": "the piles: Scored Goals and the discards",
    "open_table": "every zone of the table whole (a click on a box opens it too)",
    "end_turn": "end the turn (when only free actions are left)",
    "discard": "discard? (the tutor explains why you cannot at will)",
    "history": "your run history",
    "palette": "card colours: colour-blind safe (default) or vivid; the letters K G R A C S always show the type",
    "app.show_stats": "statistics",
    "menu": "the menu (every answer is saved: the game resumes where you left it)",
    "skip": "against bots: the bots play at once until you are asked",
    "pace": "against bots: the pause after each bot move (slow, normal, fast, instant)",
    "cursor(1)": "the next move",
    "cursor(-1)": "the previous move",
    "app.pop_screen": "back to the lessons",
    "command_palette": "the command palette (New game, Daily, Lessons, History, Stats, the game's commands, "
                       "Rules: <card>)",
    "quit": "quit (the game is saved)",
}

SOLO_SUMMARY = "\n".join([
    "Solo Fluxx in short",
    "• Take a turn: draw (the Draw rule), then play (the Play rule).",
    "• Then the top card of the Rules deck is flipped into its spot (Draw, Play, Limit or Other); "
    "the card it replaces goes to the Rules discard.",
    "• Meet the current Goal at any moment to score it: the Keepers and Creepers it names are discarded "
    "with it. A Creeper the Goal does not name blocks it.",
    "• A new Limit is met before your next turn.",
    "• The game ends the moment either deck runs out; your score is the Goals scored.",
    "",
    "The moves: Up/Down (or j/k) and Enter, 1-9, or a click. Tab moves between the hand and the tutor's "
    "panel (Enter or w on a tutor line: why?). In a dialog: Enter chooses (Space marks when several are "
    "asked), Esc passes when allowed, i gives a hint.",
])


def key_rows(screen: Any) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding active on ``screen``: its own
    first, then the app's (everywhere), then those of the list that has the
    focus (under a heading row each, whose keys are ""); each action once,
    with all the keys that do it."""
    app = screen.app
    groups: dict[str, dict[str, tuple[list[str], str]]] = {"screen": {}, "app": {}, "widget": {}}
    for key, (node, binding, _enabled, _tip) in screen.active_bindings.items():
        where = "screen" if node is screen else "app" if node is app else "widget"
        action = binding.action
        keys, _desc = groups[where].setdefault(action, ([], binding.description))
        shown = app.get_key_display(Binding(key, action))
        if shown not in keys:
            keys.append(shown)
    out: list[tuple[str, str]] = []
    heads = {"screen": "This screen", "app": "Everywhere",
             "widget": "In the list that has the focus (the hand, or the tutor's panel after Tab)"}
    for where, actions in groups.items():
        rows = []
        if where == "screen" and any(a.startswith("quick(") for a in actions):
            rows.append(("1-9", "play move number N"))
        for action, (keys, desc) in actions.items():
            if action.startswith("quick("):
                continue
            words = KEY_WORDS.get(action) or KEY_WORDS.get(action.split("(")[0]) or desc or action
            rows.append((" ".join(keys), words))
        if rows:
            out.append(("", heads[where]))
            out += rows
    return out


class HelpScreen(ScrollDialog):
    """The keys of the screen it is opened on, made from that screen's
    bindings (so never out of date), and the Solo rules in short."""
    CLOSE_KEYS = "escape,question_mark,f1"
    hint = "Esc: close   ↑↓ PgUp PgDn: scroll"

    def __init__(self, over: Any = None):
        super().__init__()
        self.over = over

    def title_content(self) -> Content:
        return Content("Help: the keys of this screen")

    def body(self) -> Content:
        rows = key_rows(self.over) if self.over is not None else []
        width = max((len(k) for k, _ in rows), default=0)
        keys = Content("\n").join(styled((f"  {k:<{width}}", "b"), f"  {w}") if k else styled((w, "b u"))
                                  for k, w in rows)
        return styled(keys, "\n\n", SOLO_SUMMARY)


HELP = SOLO_SUMMARY  # the rules in short, as help shows them under the keys (the name older code imports)
