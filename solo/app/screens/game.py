"""The table: the game screen, laid out as the Solo Fluxx diagram."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.answers import to_json as answer_to_json
from engine.game import Game
from engine.prompts import IllegalAnswer
from solo.store.info import GameInfo
from tutor.brief import Brief

from ..cardtext import card, option
from ..layouts import COMPACT, layout_for, side_width, solo_rows, standard_rows
from ..lines import Line, told
from ..widgets import BoxRows, HandList, Kept, KeyBar, LogList, Numbered, Preview, TurnBanner, temp_plays
from .bots import PACES, BotSeats

MIN_SIZE = COMPACT
# what a key may still do when the terminal is too small for the table: go to the menu (and quit, the app's)
SMALL_ACTIONS = frozenset({"menu"})



def set_title(widget, title: str) -> None:
    """A box's title, set only when it changes (setting one redraws the whole box)."""
    if getattr(widget, "_solo_title", None) != title:
        widget.border_title = title
        widget._solo_title = title

class GameScreen(BotSeats, Screen):
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

    def __init__(self, g: Game, answers: list, info: GameInfo):
        super().__init__()
        self.g = g
        self.answers = answers
        self.info = info
        self.slot: str = info.slot or ("lesson" if info.lesson is not None else "daily" if info.daily else "solo")
        self.log_lines: list[str] = []
        self.log_rules: list[str | None] = []  # the rule behind each line of the tutor panel
        # a bot move told in one line (two or more bots, tutor "brief"): by line, the line with the
        # sentences it stands for (tutor.brief.Brief)
        self.log_full: dict[int, Brief] = {}
        self.marks: list[tuple[int, int] | None] = []  # per answer: (log length, turn_from) before it
        self.leads: dict[str, tuple[tuple, int]] = {}  # where each tutor's panel begins, for its turn
        self.turn_from = 0     # where "just happened" begins: the last turn's end
        self.full_log = False  # l: the whole log instead of what just happened
        self.dimmed = Kept(400)  # a line of the tutor's panel -> the line dimmed (made once)
        self.hand_texts = Kept(400)  # a hand's line -> the same line as first made (it knows its wrapping)
        self.line_heights: dict[tuple[int, int], tuple] = {}  # (log line, width) -> (that line, its rows)
        self.last_rule: str | None = None
        self.hint_step = 0
        self.sized = None  # the size the table was last laid out for (on_resize)
        self.tall_log = False  # the tutor panel was 8 rows or more at the last draw (it shows the rule texts)
        from solo.store.seats import seat_names, seats_in
        self.seats = seats_in(info)  # a game against bots: who sits where ("human", "greedy", ...)
        self.repaired: str | None = None
        if self.slot == "standard" and (self.seats is None or len(self.seats) != g.nplayers
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

    def small_notice(self) -> Static:
        return Static(self.small_text(), id="too-small", markup=False)

    def small_text(self) -> str:
        w, h = MIN_SIZE
        return (f"The table needs a terminal of at least {w}x{h} (this one is {self.app.size.width}x"
                f"{self.app.size.height}); make it larger. q: the menu (every answer is saved).")

    def on_mount(self) -> None:
        self.fit(self.app.size)
        self.on_mount_moves_watch()
        g = self.g
        store = self.app.store
        # preferences survive a restart: the tutor's level and the card colours
        level = store.pref("tutor", "brief")
        from tutor.explain import LEVELS
        if level in LEVELS:
            self.explainer.level = level
        extra = self.info.extra
        if isinstance(extra, dict) and extra.get("coached") is True:
            self.explainer.level = "full"  # the coached game: the tutor at its fullest
        from ..cardtext import PALETTES, use_palette
        palette = store.pref("palette")
        if palette in PALETTES:
            use_palette(palette)
        pace = store.pref("bot_pace")
        if pace in PACES:
            self.pace = pace
        daily = self.info.daily
        if daily and store.daily_scored(daily):  # the date's scored attempt is behind you: this one is practice
            self.info.kind = "practice"
        elif isinstance(extra, dict) and extra.get("coached") is True:
            self.info.kind = "coached"
        if self.repaired:
            self.app.notify(self.repaired, severity="warning", timeout=10)
        if g.log:  # a new game: tell the deal and the first draw
            self.tell(g.log)
        elif g.turn and self.info.lesson is None:  # a lesson tells its own start
            kept = store.pref("tutor_lines." + self.slot) or {}
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
        self.app.store.set_pref("tutor_lines." + self.slot, {"seed": self.g.seed, "daily": self.info.daily,
                                                "lines": [ln.to_json() for ln in self.log_lines[cut:]],
                                                "turn_from": max(0, self.turn_from - cut)})

    async def on_resize(self, event) -> None:
        if event.size == self.sized:  # Textual tells the first size twice: the table is laid out for it once
            return
        first = self.sized is None
        self.sized = event.size
        if layout_for(*event.size) != self.table_layout:  # another layout: the table is composed anew for it
            await self.recompose()
            self.fit(event.size)
            self.on_mount_moves_watch()
            if self.table_layout != "small":
                self.advance()  # the question asked while the terminal was too small is asked now
            return
        self.fit(event.size)
        # the first size is the one the table was drawn for at mount (fit(app.size)): it is drawn again
        # only if the tutor panel's height, known after the first layout, says to show more; a new size
        # draws the hand's "more below" and the tutor panel anew (the boxes redraw themselves at any width)
        self.call_after_refresh(self.draw_if_taller if first else self.draw)

    def draw_if_taller(self) -> None:
        if self.table_layout != "compact":
            return
        log = self.query_one("#log", OptionList)
        most = log.styles.max_height
        if self.table_layout == "compact" and self.tall_log != ((int(most.value) if most else log.size.height) >= 8):
            self.draw()

    @property
    def small(self) -> bool:
        return self.table_layout == "small"

    def fit(self, size) -> None:
        """Lay the table out for the terminal's size (also at mount, from the
        app's size, so the first layout is the right one): the boxes' width,
        the rows they may grow by, and the hand's height."""
        w, h = size
        self.leads = {}  # a new size: where the panels begin is worked out anew
        self.set_class(self.small, "-small")
        if self.small:
            notice = self.query("#too-small")
            if notice:
                notice.first(Static).update(self.small_text())
            self.set_focus(None)
            return
        table_w = w - side_width(self.table_layout, w)
        boxes = self.query_one("#boxes", BoxRows)
        boxes.width_hint = table_w
        if self.table_layout != "compact":  # the tutor's column is as tall as the screen
            side = self.query_one("#side")
            side.styles.width = side_width(self.table_layout, w)
            column = h - 2  # under the banner, over the keys
            logs = list(side.query(OptionList))
            for i, log in enumerate(logs):  # wide: the tutor's panel on top (half at most), the full log under it
                log.styles.max_height = column // 2 if len(logs) > 1 and i == 0 else column - (
                    column // 2 if len(logs) > 1 else 0)
        self.share_rows()
        if boxes.game is not None:
            boxes.show(self.g, self.info)
            self.share_rows()

    def share_rows(self) -> None:
        """The rows under the banner: the boxes at their least, what they may
        grow by (a Goal's have/need, a Creeper that would not fit), the hand.
        Compact: the boxes may grow into all but a hand of 2 lines and a tutor
        panel of 1; the hand takes up to half of what is left, the tutor the
        rest. Roomy and wide: the hand takes every row the boxes leave."""
        boxes = self.query_one("#boxes", BoxRows)
        moves = self.query_one("#moves", OptionList)
        h = self.app.size.height
        least = sum(lo for lo, _hi, _p in boxes.rows)
        most = sum(hi for _lo, hi, _p in boxes.rows)
        # less the banner, the boxes at their least, the preview, the keys (and a lesson's panel)
        avail = h - (1 + least + 1 + 1) - self.panel_rows(avail=h - (1 + least + 1 + 1) - 6)
        if self.table_layout == "compact":
            boxes.extra = max(0, min(most - least, avail - 4 - 3))
            grown = sum(boxes.heights) - least if boxes.game is not None else 0
            rest = avail - grown
            hand = max(3, min(max(5, rest // 2), rest - 3))
            if moves.styles.max_height is None or moves.styles.max_height.value != hand:
                moves.styles.max_height = hand
            # the tutor's panel: as tall as its lines, up to every row left (a short panel leaves no band of
            # empty rows in its box)
            self.query_one("#log", OptionList).styles.max_height = max(3, rest - min(hand, self.hand_rows()))
        else:
            boxes.extra = max(0, min(most - least, avail - 8))
            grown = sum(boxes.heights) - least if boxes.game is not None else 0
            moves.styles.max_height = max(3, avail - grown)

    def panel_rows(self, avail: int) -> int:
        """Rows a panel of the screen's own takes in the table's column (a lesson's), given what is free."""
        return 0

    def hand_rows(self) -> int:
        """The rows the hand box takes now (its options and border)."""
        moves = self.query_one("#moves", OptionList)
        return max(3, moves.option_count + 2)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.small:  # the table is not drawn: no key acts on it
            return action in SMALL_ACTIONS
        if action == "undo":
            return bool(self.answers) or None  # greyed out when there is nothing to undo
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        if self.small:  # nothing of the table is drawn below the compact size
            return
        if not self.is_attached or not self.query("#status"):  # left (q while the bots moved): nothing to draw on
            return
        g = self.g
        self.query_one("#status", TurnBanner).show(g, self.info)
        self.query_one("#boxes", BoxRows).show(g, self.info)
        self.share_rows()  # the boxes may have grown (a Creeper, a long have/need): the hand gives the rows back
        self.draw_log()
        self.draw_moves()
        self.share_rows()  # again with the hand's own rows: the tutor's panel takes what the hand leaves
        self.preview()
        self.refresh_bindings()  # the keys' state (Undo greyed out with nothing to take back) as the table now is

    def draw_log(self) -> None:
        """The tutor's panel: what just happened (since your last turn ended),
        or the whole log (l); the wide table shows both, side by side in its column."""
        log = self.query_one("#log", OptionList)
        full = self.query("#full-log")
        show_full = self.full_log and not full
        start = 0 if show_full else self.turn_from
        set_title(log, "Log (l: just happened)" if show_full else
                  "Just happened" if full else "Just happened (l: full log)")
        # a short panel (80x24) keeps the rule texts one key away (w) so the lines themselves stay in view
        most = log.styles.max_height  # the rows the panel may take (share_rows), known before the first layout
        self.tall_log = (int(most.value) if most is not None else log.size.height) >= 8
        roomy = show_full or self.explainer.level == "full" or self.tall_log or self.table_layout != "compact"
        lead = start
        # where the panel begins is worked out once a turn (and anew for a new size): within a turn the
        # panel only grows at its end, so its lines are added, not drawn again
        kept = self.leads.get("log")
        if kept is not None and kept[0] == (start, show_full, roomy):
            lead = kept[1]
            if self.table_layout != "compact":
                _lead, used = self.filled_from(log, lead, roomy, self.side_rows(log), self.side_inner_width(),
                                               stop=True)
                log.styles.height = min(self.side_rows(log), used) + 2
        elif not show_full and self.table_layout == "compact":
            lead, _used = self.filled_from(log, start, roomy)
        elif self.table_layout != "compact":  # beside the table: full with earlier lines, else as tall as its lines
            lead, used = self.filled_from(log, start, roomy, self.side_rows(log), self.side_inner_width())
            log.styles.height = min(self.side_rows(log), used) + 2
        self.leads["log"] = ((start, show_full, roomy), lead)
        self.fill_log(log, lead, roomy, dim_before=start)
        if full:
            # the wide table's log of what came before: every line up to where the tutor's panel above
            # begins, so the two read as one log with nothing shown twice; within a turn it does not change
            fl = full.first(OptionList)
            set_title(fl, f"Earlier in the log ({lead} lines, ↑ to scroll)" if lead > 1 else
                      "Earlier in the log (1 line)" if lead else "Earlier in the log (none yet)")
            if getattr(fl, "_solo_upto", None) != (lead, self.app.size):
                _lead, used = self.filled_from(fl, lead, True, self.side_rows(fl), self.side_inner_width(),
                                               before=True)
                fl.styles.height = min(self.side_rows(fl), used) + 2
                fl._solo_upto = (lead, self.app.size)  # type: ignore[attr-defined]
            self.fill_log(fl, 0, True, end=lead)

    def side_rows(self, log: OptionList) -> int:
        """The lines a panel of the tutor's column may show (its greatest height less its border)."""
        most = log.styles.max_height
        return max(1, int(most.value) - 2) if most is not None else max(1, self.app.size.height - 4)

    def side_inner_width(self) -> int:
        """The width a line of the tutor's column wraps at: less its border and its scrollbar's room."""
        return max(1, side_width(self.table_layout, self.app.size.width) - 4)

    def filled_from(self, log: OptionList, start: int, roomy: bool, rows: int | None = None,
                    width: int | None = None, stop: bool = False, before: bool = False) -> tuple[int, int]:
        """Where the panel begins so that it is full: what happened before the
        turn began (shown dimmed) fills the rows the turn's own lines leave.
        Returns that line and the rows the lines from it take (at most
        ``rows``, the panel's, unless the turn's own lines take more)."""
        rows = log.scrollable_content_region.height if rows is None else rows
        width = max(1, log.scrollable_content_region.width if width is None else width)
        if rows <= 0:
            return start, 0

        known = self.line_heights

        def height(i: int, t) -> int:
            if not isinstance(t, Line):
                return 1
            got = known.get((i, width))
            if got is None or got[0] is not t:  # a line is wrapped once a width (undo can put another there)
                got = known[(i, width)] = (t, len(t.content.wrap(width)))
            return got[1]
        used = 0
        if not before:  # before: only the lines before ``start`` count
            for i in range(start, len(self.log_lines)):
                t = self.log_lines[i]
                if roomy or getattr(t, "kind", "") != "more":
                    used += height(i, t)
                    if stop and used >= rows:  # only whether the lines fill the panel is asked
                        break
        first = start
        while first > 0 and used < rows:
            t = self.log_lines[first - 1]
            first -= 1
            if not roomy and getattr(t, "kind", "") == "more":
                continue
            used += height(first, t)
        return first, used

    def fill_log(self, log: OptionList, start: int, roomy: bool, dim_before: int = 0,
                 end: int | None = None) -> None:
        """The panel's lines from ``start`` (up to ``end``; the last 200 at
        most). Lines only added since the last fill are appended: a turn's end
        rewrites the panel, an answer adds a few lines to it."""
        end = len(self.log_lines) if end is None else end
        # the last 200 to 250 lines: the window moves 50 lines at a time, so a panel's lines are mostly kept
        first = max(start, (end - 200) // 50 * 50 if end > 200 else 0)
        shown = [(first + i, t) for i, t in enumerate(self.log_lines[first:end])
                 if roomy or getattr(t, "kind", "") != "more"]
        had: list[tuple[int, Line]] = getattr(log, "_solo_shown", [])
        now = shown
        if had and len(had) <= len(now) and all(a == c and b is d for (a, b), (c, d) in zip(had, now, strict=False)):
            new = shown[len(had):]
        else:
            log.clear_options()
            new = shown
        log._solo_shown = now  # type: ignore[attr-defined]
        if had and not new and len(had) == len(now):  # nothing new: the panel is left as it is
            return
        if new:
            log.add_options([Option(self.line_content(t, i < dim_before), id=str(i)) for i, t in new])
        if shown:
            log.highlighted = len(shown) - 1
            log.scroll_end(animate=False)

    def line_content(self, t: Line | str, before: bool) -> Content:
        """A line of the panel (dimmed when it happened before the turn began);
        a dimmed line is made once, so that it keeps its wrapping."""
        c = t.content if isinstance(t, Line) else Content(t)
        return self.dimmed.keep(c, c.stylize, "dim") if before else c

    def move_prompt(self, g: Game, o, i: int, width: int, number: str | None = None) -> Numbered:
        """A move of the hand: its number and card; a roomy table adds the
        card's words (cut to the line), a wide one all of them (wrapped under
        the card's name, the number in a column of its own)."""
        text = card(g, o) if isinstance(o, int) else option(g, o)
        if number is None:
            number = f"{i + 1}. " if i < 9 else ""
        c = o if isinstance(o, int) else o[1] if isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], int) else -1
        width -= len(number)
        if c >= 0 and self.table_layout != "compact":
            pad = max(2, 34 - len(number) - text.cell_length)
            words = Content.styled(" " * pad + g.db.cards[c].text, "dim")
            text = text + words
            if self.table_layout == "roomy" and text.cell_length > width:
                text = text.truncate(max(1, width - 1)) + "…"
        # the same words as a line the hand had: those words themselves, which know their wrapping already
        text = self.hand_texts.keep(text, lambda: text)
        return Numbered(number, text)

    def draw_moves(self) -> None:
        g = self.g
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        width = max(10, (moves.size.width or self.query_one("#boxes", BoxRows).width_hint or 80) - 2)
        pr = g.prompt
        hand_cards: list[int] = []
        if self.yours(pr):
            hand = g.hands[pr.player]
            if g.temp and g.temp[-1].kind == "play":
                fr = g.temp[-1]
                title = f"Temporary hand: play {temp_plays(fr)} of these {len(fr.cards)}"
            else:
                names = self.info.names
                whose = "Hand" if pr.player == self.me else f"{names[pr.player]}'s hand" if names else \
                    f"Player {pr.player}'s hand"
                title = f"{whose} ({len(hand)})" + (" · e: end the turn" if ("end",) in pr.options else "")
            opts = [Option(self.move_prompt(g, o, i, width), id=str(i)) for i, o in enumerate(pr.options)]
            if not any(isinstance(o, tuple) and o[0] == "play" for o in pr.options) and hand:
                # no play left: the cards stay in view, under what can still be done
                opts.append(Option(Content.styled("no plays left: e ends the turn", "b"), id="none", disabled=True))
                hand_cards = list(hand)
            moves.add_options(opts)
            moves.highlighted = 0
            if self.focused is not self.query_one("#log", OptionList):
                moves.focus()
        else:
            title = f"Hand ({len(g.hands[self.me])})"
            if self.thinking is not None:
                title += f" · {self.thinking}'s move · space: skip · b: pace {self.pace}"
            hand_cards = list(g.hands[self.me])
        if hand_cards:
            moves.add_options([Option(self.move_prompt(g, c, 99, width, number="   "),
                                      id=f"h{c}", disabled=True) for c in hand_cards])
        self.hand_title = title
        self.scroll_cue()
        self.call_after_refresh(self.scroll_cue)  # again once the box has its height

    def scroll_cue(self, *_args) -> None:
        """The hand's title, with how many lines are above and below its view
        (kept as the view scrolls)."""
        found = self.query("#moves") if self.is_attached else None
        if not found:  # the screen was left (q while the bots moved) before this call came
            return
        moves = found.first(OptionList)
        title = getattr(self, "hand_title", "Hand")
        total = moves.option_count
        view = moves.scrollable_content_region.height or int(moves.styles.max_height.value if moves.styles.max_height
                                                            else 5) - 2
        top = int(moves.scroll_y)
        above, below = top, max(0, total - top - view)
        if self.table_layout == "wide":  # a move may take two or more lines: count the moves, not the lines
            above = below = 0
            if moves.max_scroll_y:
                above = 1 if top > 0 else 0
                below = 1 if top < moves.max_scroll_y else 0
            cue = " · ".join(x for x in ("more above" if above else "", "more below" if below else "") if x)
        else:
            cue = " · ".join(x for x in (f"{above} more above" if above else "",
                                          f"{below} more below" if below else "") if x)
        set_title(moves, title + (f" · {cue}" if cue else ""))

    def on_mount_moves_watch(self) -> None:
        """After the table is composed (at mount, and anew for another layout)."""
        moves = self.query("#moves")
        if moves:
            self.watch(moves.first(OptionList), "scroll_y", self.scroll_cue, init=False)
        self.after_compose()

    def after_compose(self) -> None:
        """What a screen built on the table adds to it once composed (a lesson's panel)."""

    def preview(self) -> None:
        """The highlighted move's card, in one line."""
        if self.small:
            return
        pr = self.g.prompt
        moves = self.query_one("#moves", OptionList)
        c = -1
        if self.yours(pr) and moves.highlighted is not None and moves.highlighted < len(pr.options):
            o = pr.options[moves.highlighted]
            c = o[1] if len(o) == 2 else -1
        self.query_one("#preview", Preview).show_card(self.g, c)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "moves":
            self.preview()

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Show the table, then ask the engine's current question (a question
        with one legal answer is answered here, and the log says so)."""
        pr = self.g.prompt
        if self.away and pr is not None and self.yours(pr):
            self.recap_bots()
        self.draw()
        g = self.g
        if g.over:
            self.app.game_finished(self)
            return
        pr = g.prompt
        if self.is_bot(pr.player):
            self.bot_move()
            return
        self.skipping = False
        if pr.kind == "choose":
            only = pr.legal_answers(limit=2)
            if self.AUTO_SINGLE and len(only) == 1:
                from tutor.hints import answer_words
                names = self.info.names
                who = "you" if g.nplayers == 1 or pr.player == self.me else \
                    names[pr.player] if names else f"Player {pr.player}"
                self.note((f"Only one choice for {who} ({pr.reason}): {answer_words(g, only[0])}.", "dim"))
                self.answer(only[0])
                return
            from ..dialogs import dialog_for  # loaded at the first choice, not before the first frame
            self.app.push_screen(dialog_for(g, self.ask_hint, self.info.names), self.answer)

    def answer(self, a) -> None:
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
        self.app.store.save(g, self.answers, self.info.assisted, slot=self.slot)
        self.hint_step = 0
        self.tell(events, pr)
        self.keep_tutor_lines()
        self.advance()

    def tell(self, events, answered=None) -> None:
        """The tutor's words for what just happened (levels: off, brief, full).
        A turn's end starts a new "just happened"; the full log keeps all."""
        for e in events:
            if e[0] == "turn_end" and self.own_turn_end(e):
                self.turn_from = len(self.log_lines)
                break
        if self.seats is not None:
            self.away += [(e[2], e[3], e[0]) for e in events if e[0] in ("play", "free_action", "surprise")
                          and e[2] != self.me and e[3] >= 0]
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
            self.log_lines.append(Line(*parts))  # type: ignore[arg-type]
        self.log_rules.append(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "log":  # Enter on a tutor line: why?
            self.why(int(event.option.id))
            return
        pr = self.g.prompt
        if not self.yours(pr):
            return
        self.answer(pr.options[event.option_index])

    # ------------------------------------------------------------------ actions
    def action_quick(self, n: int) -> None:
        pr = self.g.prompt
        if self.yours(pr) and n <= len(pr.options):
            self.answer(pr.options[n - 1])

    def action_cursor(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        if step > 0:
            moves.action_cursor_down()
        else:
            moves.action_cursor_up()

    def undo_point(self) -> int:
        """Where undo goes back to: before your last answer that was a real
        choice (an answer the app gave for you, when there was one choice
        only, and the bots' answers after yours are taken back with it)."""
        from engine.answers import replay as replay_answers
        g = Game.new(tuple(self.g.decks), self.g.nplayers, self.g.variant_name, self.g.seed, record=False)
        point = 0

        def mine(g: Game) -> bool:
            pr = g.prompt
            return pr is not None and pr.player == self.me and len(pr.legal_answers(limit=2)) > 1
        chose = [mine(g)]
        replay_answers(g, self.answers, lambda i, a, ev, h: chose.append(mine(h)))
        for i in range(len(self.answers)):
            if chose[i]:
                point = i
        return point

    def action_undo(self) -> None:
        from solo.store import rebuild
        if not self.answers:
            return
        self.thinking = None
        self.skipping = False
        self.away = []  # the bots' plays taken back with your move are not recapped
        point = self.undo_point()
        self.forget_from(point)
        del self.answers[point:]
        self.g = rebuild(self.g.seed, self.g.decks, self.answers, self.g.variant_name, self.g.nplayers)
        self.info.assisted = True
        self.info.assists.append("undo")
        self.app.store.save(self.g, self.answers, True, slot=self.slot)
        self.note("Undone: this run is now marked assisted.")
        self.advance()

    def forget_from(self, point: int) -> None:
        """Take the lines told since answer ``point`` out of the log: what an
        undone answer drew or flipped is secret again (the next draw, the next
        Rules card). A resumed game knows no marks for its earlier answers:
        then the whole log goes."""
        mark = self.marks[point] if point < len(self.marks) else None
        cut, turn_from = mark if mark is not None else (0, 0)
        del self.log_lines[cut:]
        del self.log_rules[cut:]
        self.log_full = {i: v for i, v in self.log_full.items() if i < cut}
        self.turn_from = min(turn_from, len(self.log_lines))
        del self.marks[point:]
        self.last_rule = next((r for r in reversed(self.log_rules) if r), None)
        self.leads = {}
        for log in self.query(OptionList):
            log._solo_shown = []  # type: ignore[attr-defined]  # the panels are filled anew

    def action_detail(self) -> None:
        moves = self.query_one("#moves", OptionList)
        pr = self.g.prompt
        idx = moves.highlighted
        if not self.yours(pr) or idx is None:
            return
        o = pr.options[idx]
        if len(o) == 2:
            from .modals import CardScreen  # the small screens load when first opened
            self.app.push_screen(CardScreen(self.g, o[1]))

    def action_help(self) -> None:
        from .modals import HelpScreen  # the small screens load when first opened
        self.app.push_screen(HelpScreen(self))

    def action_palette(self) -> None:
        from ..cardtext import COLOUR, PALETTES, use_palette
        now = next(n for n, p in PALETTES.items() if p == COLOUR)
        names = list(PALETTES)
        nxt = names[(names.index(now) + 1) % len(names)]
        use_palette(nxt)
        self.app.store.set_pref("palette", nxt)
        self.note(f"Card colours: {nxt}")
        self.draw()

    def action_end_turn(self) -> None:
        """End the turn when the rules allow it; otherwise the tutor says why not."""
        from tutor.explain import FORBIDDEN
        pr = self.g.prompt
        if self.yours(pr) and ("end",) in pr.options:
            self.answer(("end",))
            return
        if pr is not None and self.is_bot(pr.player):
            self.note(f"It is {self.info.names[pr.player]}'s move, not yours: space plays the bots' moves "
                      "at once until you are asked.")
        else:
            self.note(("Tutor:", "b"), f" {FORBIDDEN['end']}")
        self.draw()

    def action_discard(self) -> None:
        """There is no discarding at will: the tutor explains."""
        from tutor.explain import FORBIDDEN
        self.note(("Tutor:", "b"), f" {FORBIDDEN['discard']}")
        self.draw()

    def action_tutor_level(self) -> None:
        from tutor.explain import LEVELS
        lv = LEVELS[(LEVELS.index(self.explainer.level) + 1) % len(LEVELS)]
        self.explainer.level = lv
        if not isinstance(self.info.lesson, str):  # a lesson's own level is not the player's preference
            self.app.store.set_pref("tutor", lv)
        self.note(f"Tutor: {lv}")
        self.draw()

    def action_why(self) -> None:
        log = self.query_one("#log", OptionList)
        if self.focused is log and log.highlighted is not None:
            self.why(int(log.get_option_at_index(log.highlighted).id))
        elif self.last_rule:
            last = max((i for i, r in enumerate(self.log_rules) if r), default=-1)
            if last in self.log_full:  # the last line is a bot move in one line: all it stands for
                self.why(last)
                return
            from .modals import RuleScreen  # the small screens load when first opened
            self.app.push_screen(RuleScreen(self.last_rule))

    def why(self, line: int) -> None:
        """Open the rule entry behind a line of the tutor panel; on a bot move
        told in one line, every sentence it stands for with its rule."""
        if line in self.log_full:
            from .modals import MoveScreen
            self.app.push_screen(MoveScreen(str(self.log_lines[line]), self.log_full[line].full))
            return
        rule = next((r for r in reversed(self.log_rules[:line + 1]) if r), None)
        if rule:
            from .modals import RuleScreen  # the small screens load when first opened
            self.app.push_screen(RuleScreen(rule))

    def action_hint(self) -> None:
        """A hint ladder: first a nudge (free: it names no move), then the
        search bot's suggestion with its reason and the runner-up (the run is
        then marked assisted)."""
        g = self.g
        pr = g.prompt
        if not self.yours(pr):
            return
        if self.hint_step == 0:
            self.hint_step = 1
            goals = ", ".join(g.name(c) for c in g.goals) or "no Goal yet"
            self.note(f"Hint: look at the Goal ({goals}) and what you hold toward it. Press i again for a move.")
        else:
            self.ask_hint(g, self.note_hint)
        self.draw()

    def note_hint(self, text: str) -> None:
        self.note(text)
        self.draw()

    def ask_hint(self, g: Game, show) -> None:
        """The search bot's suggestion for the question now asked, in words,
        given to ``show`` when the worker process has it (the table stays
        live meanwhile); asking for one marks the run assisted."""
        self.info.assisted = True
        self.info.assists.append("hint")
        self.app.store.save(g, self.answers, True, slot=self.slot)
        show("Hint: thinking (the search runs beside the table; keep looking around)...")
        self.run_worker(self._hint(g, g.decisions, show), group="hint", exclusive=True)

    async def _hint(self, g: Game, asked_at: int, show) -> None:
        import asyncio

        from tutor.hints import hint_text
        future = self.app.hints.submit(g.to_dict(), g.decisions)
        ranked, futures, tried = await asyncio.wrap_future(future)
        if self.g is not g or g.decisions != asked_at:
            return  # the game has moved on: that hint answers a question no longer asked
        show(hint_text(g, ranked, futures, tried) + " (run marked assisted)")

    def action_toggle_log(self) -> None:
        """Between what just happened (since the last turn ended) and the whole log."""
        self.full_log = not self.full_log
        self.draw()

    def action_piles(self) -> None:
        """Browse the Scored Goals and the discard piles."""
        from .modals import PilesScreen  # the small screens load when first opened
        self.app.push_screen(PilesScreen(self.g))

    def action_open_table(self, at: str | None = None) -> None:
        """Every zone of the table whole, in a dialog that scrolls (o, or a click on a box)."""
        from .modals import TableScreen
        boxes = self.query_one("#boxes", BoxRows)
        self.app.push_screen(TableScreen(self.g, boxes.panes(), self.info, at))

    def on_click(self, event) -> None:
        if self.small:
            return
        boxes = self.query_one("#boxes", BoxRows)
        if event.widget is boxes:
            pane = boxes.pane_at(event.x, event.y)
            if pane is not None:
                self.action_open_table(pane.key)

    def action_menu(self) -> None:
        """To the menu; the game is saved after every answer and resumes from there."""
        from .menu import MenuScreen
        self.app.switch_screen(MenuScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen
        self.app.push_screen(HistoryScreen(self.app.store))
