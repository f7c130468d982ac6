"""The table: the game screen, laid out as the Solo Fluxx diagram. The
screen is joined from its parts (see ``table_base``); this file holds its
state, its start and the flow of answers: ask, answer, save, tell."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Mount

from engine.answers import to_json as answer_to_json
from engine.events import Event
from engine.game import Game
from engine.prompts import IllegalAnswer, Prompt
from solo.store.info import GameInfo
from tutor.brief import Brief

from .. import messages as m
from ..layouts import layout_for, solo_rows, standard_rows
from ..lines import Line, told
from ..link import GameLink, slot_of
from ..widgets import BoxRows, HandList, Kept, KeyBar, LogList, Preview, TurnBanner
from .bots import PACES, BotSeats
from .table_fit import TableFit
from .table_keys import TableKeys
from .table_panels import TablePanels


class GameScreen(TableKeys, TablePanels, TableFit, BotSeats):
    """The Solo Fluxx table, laid out as the solitaire diagram."""

    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("d", "detail", "Card text", id="detail"),
        Binding("question_mark,f1", "help", "Help", id="help"),
        Binding("t", "tutor_level", "Tutor", id="tutor"),
        Binding("w", "why", "Why?", id="why"),
        Binding("i", "hint", "Hint", id="hint"),
        Binding("l", "toggle_log", "Log", id="log"),
        Binding("p", "piles", "Piles", show=False, id="piles"),
        Binding("o", "open_table", "Open rows", show=False, id="open"),
        Binding("e", "end_turn", "End turn", show=False, id="end"),
        Binding("x", "discard", "Discard", show=False, id="discard"),
        Binding("h", "history", "History", show=False, id="history"),
        Binding("c", "palette", "Colours", show=False, id="colours"),
        Binding("s", "app.show_stats", "Stats", id="stats", show=False),
        Binding("q", "menu", "Menu", id="menu"),
        Binding("space", "skip", "Skip bots", show=False, id="skip"),
        Binding("b", "pace", "Bot pace", show=False, id="pace"),
        Binding("escape", "menu", "Menu", show=False, id="menu-esc"),
        Binding("j", "cursor(1)", "Down", show=False, id="down"),
        Binding("k", "cursor(-1)", "Up", show=False, id="up"),
        *[Binding(str(i), f"quick({i})", f"Pick {i}", show=False, id=f"quick{i}") for i in range(1, 10)],
    ]
    AUTO_SINGLE = True  # a question with one legal answer is answered by the app (lessons turn it off)

    def __init__(self, g: Game, answers: list[Any], info: GameInfo, link: GameLink | None = None):
        super().__init__()
        self.g = g
        self.answers = answers
        self.info = info
        # what the app gave this screen (a call down): the preferences as saved, the slot's save
        self.link = link or GameLink()
        self.slot: str = slot_of(info)
        self.log_lines: list[Line] = []
        self.log_rules: list[str | None] = []  # the rule behind each line of the tutor panel
        # a bot move told in one line (two or more bots, tutor "brief"): by line, the line with the
        # sentences it stands for (tutor.brief.Brief)
        self.log_full: dict[int, Brief] = {}
        self.marks: list[tuple[int, int] | None] = []  # per answer: (log length, turn_from) before it
        self.leads: dict[str, tuple[tuple[Any, ...], int]] = {}  # where each tutor's panel begins, for its turn
        self.turn_from = 0     # where "just happened" begins: the last turn's end
        self.full_log = False  # l: the whole log instead of what just happened
        self.dimmed = Kept(400)  # a line of the tutor's panel -> the line dimmed (made once)
        self.hand_texts = Kept(400)  # a hand's line -> the same line as first made (it knows its wrapping)
        self.line_heights: dict[tuple[int, int], tuple[Any, ...]] = {}  # (log line, width) -> (that line, its rows)
        self.last_rule: str | None = None
        self.hint_step = 0
        self.sized = None  # the size the table was last laid out for (on_resize)
        self.tall_log = False  # the tutor panel was 8 rows or more at the last draw (it shows the rule texts)
        from solo.store.seats import seat_names, seats_in
        self.seats = seats_in(info)  # a game against bots: who sits where ("human", "greedy", ...)
        self.repaired: str | None = None
        against_bots = g.nplayers > 1 and self.slot not in ("lesson", "replay")  # the standard game, or a variant's
        if against_bots and (self.seats is None or len(self.seats) != g.nplayers
                             or self.seats[0] != "human" or self.seats.count("human") != 1):
            # a save whose seats cannot be read (edited, damaged): the game goes on, the bots greedy
            self.seats = ["human"] + ["greedy"] * (g.nplayers - 1)
            info.extra = {**(info.extra if isinstance(info.extra, dict) else {}), "seats": self.seats}
            self.repaired = ("The seats of this saved game could not be read, so the other seats are played by "
                             "greedy bots.")
        self.me = self.seats.index("human") if self.seats else 0
        info.names = seat_names(self.seats) if self.seats else None
        self.pace = "normal"
        self.skipping = False  # space: the bots play at once until you are asked
        self.thinking: str | None = None  # the bot whose answer is being worked out or waited for
        self.waiting = None  # (timer, answer, stamp): a bot's move waiting out the pace
        self.away: list[tuple[int, int, str]] = []  # the bots' moves since your last turn: (seat, card, kind)
        from tutor.explain import Explainer
        # against bots the tutor tells your view: what goes into a bot's hand unseen goes unnamed
        self.explainer = Explainer("brief", names=info.names, viewer=self.me if self.seats else None)
        self.explainer.watch(g)  # the numbers in force as the table is shown: their changes are told with their cause

    def compose(self) -> ComposeResult:
        """The table in the layout the terminal's size allows (``layouts``):
        compact, the tutor's panel under the hand; roomy and wide, the tutor
        beside the table (wide: the full log too); below the compact size,
        only the notice that says how large the terminal must be."""
        g = self.g
        self.table_layout = layout_for(*self.app.size)
        self.info.layout = self.table_layout
        if self.table_layout == "small":
            yield self.small_notice()
            yield KeyBar()
            return
        # the layout the variant asks for: Solo's piles and spots, Goals, score and Keepers; or
        # the New Rules area and a line per seat (the standard game, and any variant that does not say)
        if g.variant.layout == "spots":
            rows = solo_rows(self.table_layout)
        else:
            rows = standard_rows(self.table_layout, g.nplayers)
        boxes = BoxRows(rows, id="boxes")
        yield TurnBanner(id="status")
        if self.table_layout == "compact":
            yield boxes
            yield HandList(id="moves")
            yield Preview(id="preview")
            yield LogList(id="log")
        else:
            with Horizontal(id="body"):
                with Vertical(id="table"):
                    yield boxes
                    yield HandList(id="moves")
                    yield Preview(id="preview")
                with Vertical(id="side"):
                    yield LogList(id="log")
                    if self.table_layout == "wide":
                        yield LogList(id="full-log")
        yield KeyBar()

    def on_mount(self, _event: Mount) -> None:
        if not self.table_there():  # taken off the screen stack before it was mounted (a burst of keys: n, Esc)
            return
        self.fit(self.app.size)
        self.on_mount_moves_watch()
        g = self.g
        link = self.link
        # preferences survive a restart: the tutor's level and the card colours
        level = link.tutor
        from tutor.explain import LEVELS
        if level in LEVELS:
            self.explainer.level = level
        extra = self.info.extra
        if isinstance(extra, dict) and extra.get("coached") is True:
            self.explainer.level = "full"  # the coached game: the tutor at its fullest
        from ..cardtext import PALETTES, use_palette
        palette = link.palette
        if palette in PALETTES:
            use_palette(palette)
        pace = link.bot_pace
        if pace in PACES:
            self.pace = pace
        daily = self.info.daily
        if daily and link.daily_scored:  # the date's scored attempt is behind you: this one is practice
            self.info.kind = "practice"
        elif isinstance(extra, dict) and extra.get("coached") is True:
            self.info.kind = "coached"
        if self.repaired:
            self.notify(self.repaired, severity="warning", timeout=10)
        if g.log:  # a new game: tell the deal and the first draw
            self.tell(g.log)
        elif g.turn and self.info.lesson is None:  # a lesson tells its own start
            kept = link.kept_lines
            if kept.get("seed") == g.seed and kept.get("daily") == self.info.daily:
                self.log_lines = [Line.from_json(v) for v in kept.get("lines", [])]
                self.log_rules = [None] * len(self.log_lines)
                self.turn_from = min(int(kept.get("turn_from", 0)), len(self.log_lines))
            self.note(f"Resumed: {'daily ' + self.info.daily if self.info.daily else f'seed {g.seed}'}, "
                      f"turn {g.turn}.")
        self.advance()

    def keep_tutor_lines(self) -> None:
        """The last tutor lines are kept with the save, so a resumed game shows them."""
        keep = 60
        cut = max(0, len(self.log_lines) - keep)
        self.post_message(m.SetPref("tutor_lines." + self.slot, {
            "seed": self.g.seed, "daily": self.info.daily, "lines": [ln.to_json() for ln in self.log_lines[cut:]],
            "turn_from": max(0, self.turn_from - cut)}))

    def advance(self) -> None:
        """Show the table, then ask the engine's current question (a question
        with one legal answer is answered here, and the log says so)."""
        pr = self.g.prompt
        if self.away and pr is not None and self.yours(pr):
            self.recap_bots()
        self.draw()
        g = self.g
        if g.over:
            self.post_message(m.GameOver(g, self.info, self.answers, self.seats))
            return
        pr = self.question()
        if self.is_bot(pr.player):
            self.bot_move()
            return
        self.skipping = False
        if pr.kind == "choose":
            only = pr.legal_answers(limit=2)
            if self.AUTO_SINGLE and len(only) == 1:
                from tutor.hints import answer_words
                who = "you" if g.nplayers == 1 or pr.player == self.me else self.seat_name(pr.player)
                self.note((f"Only one choice for {who} ({pr.reason}): {answer_words(g, only[0])}.", "dim"))
                self.answer(only[0])
                return
            from ..dialogs import dialog_for  # loaded at the first choice, not before the first frame
            self.app.push_screen(dialog_for(g, self.ask_hint, self.info.names), self.answer)

    def answer(self, a: Any) -> None:
        g = self.g
        if a is None:
            return
        pr = g.prompt
        try:
            j = answer_to_json(g, a)
            events = g.push(a)
        except IllegalAnswer as e:
            self.note(("Not allowed:", "red"), f" {e}")
            self.draw()
            return
        # where the log stood before this answer: an undo takes the answer's lines out with it
        self.marks = self.marks[:len(self.answers)] + [None] * (len(self.answers) - len(self.marks))
        self.marks.append((len(self.log_lines), self.turn_from))
        self.answers.append(j)
        self.link.save(g, self.answers, self.info.assisted, None)  # on disk before the table shows it
        self.hint_step = 0
        self.tell(events, pr)
        self.keep_tutor_lines()
        self.advance()

    def tell(self, events: list[Event], answered: Prompt | None = None) -> None:
        """The tutor's words for what just happened (levels: off, brief, full).
        A turn's end starts a new "just happened"; the full log keeps all."""
        for e in events:
            if e.kind == "turn_end" and self.own_turn_end(e):
                self.turn_from = len(self.log_lines)
                break
        if self.seats is not None:
            self.away += [(e.player, e.card, e.kind) for e in events if e.kind in ("play", "free_action", "surprise")
                          and e.player != self.me and e.card >= 0]
        if self.explainer.level == "off":
            return
        if self.brief_bots():
            from tutor.brief import brief_lines
            last = len(self.log_lines) - 1
            into = self.log_full.get(last) if answered is not None and answered.kind != "turn" else None
            for b in brief_lines(self.g, events, self.explainer.explain_all(self.g, events), self.bot_seats(),
                                 self.explainer.names, into, answered.player if answered is not None else None):
                x = b.x
                if b.merged:  # the bot's answer to its own move's question: said on the move's line
                    self.log_full[last] = b
                    self.log_lines[last] = told(x.text, x.names)
                    continue
                if b.full:
                    self.log_full[len(self.log_lines)] = b
                self.log_lines.append(told(x.text, x.names))
                self.log_rules.append(x.rule)
                self.last_rule = x.rule
                if x.more and not b.full:
                    self.log_lines.append(Line((f"  {x.more} (w: why?)", "dim"), kind="more"))
                    self.log_rules.append(x.rule)
            return
        for e, t in zip(events, self.explainer.explain_all(self.g, events), strict=True):  # one told line per event
            x = t.x
            if x.event == "turn_end" and t.head and self.own_turn_end(e):
                self.turn_from = len(self.log_lines)
            if not t.head or x.event in ("action_done", "deal"):
                continue  # a burst is one line; its cards are named in it
            self.log_lines.append(told(x.text, x.names))
            self.log_rules.append(x.rule)
            self.last_rule = x.rule
            if x.more:
                self.log_lines.append(Line((f"  {x.more} (w: why?)", "dim"), kind="more"))
                self.log_rules.append(x.rule)

    def bot_seats(self) -> set[int]:
        return {p for p, s in enumerate(self.seats or []) if s != "human"}

    def brief_bots(self) -> bool:
        """Bot moves are told one line each: two or more bots, the tutor at its default level."""
        return self.explainer.level == "brief" and len(self.bot_seats()) >= 2

    def note(self, *parts: str | tuple[str, str] | Line) -> None:
        """A line of the app's own in the tutor's panel: plain strings and
        (text, style) parts, never read as markup."""
        if len(parts) == 1 and isinstance(parts[0], Line):
            self.log_lines.append(parts[0])
        else:
            self.log_lines.append(Line(*parts))
        self.log_rules.append(None)
