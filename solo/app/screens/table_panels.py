"""The game screen's drawing: the banner, the boxes, the hand with its
scroll cue and the preview, and the tutor's panels (what just happened,
the full log; the wide table shows both)."""
from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.game import Game

from ..cardtext import card, option
from ..layouts import side_width
from ..lines import Line
from ..widgets import BoxRows, Numbered, Preview, TurnBanner, temp_plays
from .table_base import TableBase


def set_title(widget: Widget, title: str) -> None:
    """A box's title, set only when it changes (setting one redraws the whole box)."""
    if getattr(widget, "_solo_title", None) != title:
        widget.border_title = title
        widget._solo_title = title  # type: ignore[attr-defined]


class TablePanels(TableBase):
    """Draws the table (a part of the game screen)."""

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

        def height(i: int, t: Line | str) -> int:
            if not isinstance(t, Line):
                return 1
            got = known.get((i, width))
            if got is None or got[0] is not t:  # a line is wrapped once a width (undo can put another there)
                got = known[(i, width)] = (t, len(t.content.wrap(width)))
            rows: int = got[1]
            return rows
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

    def move_prompt(self, g: Game, o: Any, i: int, width: int, number: str | None = None) -> Numbered:
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
                whose = "Hand" if pr.player == self.me else f"{self.seat_name(pr.player)}'s hand"
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

    def scroll_cue(self, *_args: Any) -> None:
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
            hand = moves.first(OptionList)
            self.watch(hand, "scroll_y", self.scroll_cue, init=False)
            # and once the hand is laid out anew (its lines, its height): the cue counts what is out of view then
            self.watch(hand, "virtual_size", self.scroll_cue, init=False)
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
