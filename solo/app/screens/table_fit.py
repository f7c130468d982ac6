"""The game screen's layout for the terminal's size: which layout, the
rows each zone takes, and what keys may do when the terminal is too small."""
from __future__ import annotations

from textual.events import Resize
from textual.geometry import Size
from textual.widgets import OptionList, Static

from ..layouts import COMPACT, layout_for, side_width
from ..widgets import BoxRows
from .table_base import TableBase

MIN_SIZE = COMPACT
# what a key may still do when the terminal is too small for the table: go to the menu (and quit, the app's)
SMALL_ACTIONS = frozenset({"menu"})


class TableFit(TableBase):
    """Lays the table out for the terminal's size (a part of the game screen)."""

    def small_notice(self) -> Static:
        return Static(self.small_text(), id="too-small", markup=False)

    def small_text(self) -> str:
        w, h = MIN_SIZE
        return (f"The table needs a terminal of at least {w}x{h} (this one is {self.app.size.width}x"
                f"{self.app.size.height}); make it larger. q: the menu (every answer is saved).")

    async def on_resize(self, event: Resize) -> None:
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

    def table_there(self) -> bool:
        """Whether the table's widgets are on this screen: not while the
        screen is being taken off the stack or composed anew (keys typed
        faster than the app draws can get a handler there in between)."""
        return self.is_attached and (self.small or bool(self.query("#boxes")))

    @property
    def small(self) -> bool:
        return self.table_layout == "small"

    def fit(self, size: Size) -> None:
        """Lay the table out for the terminal's size (also at mount, from the
        app's size, so the first layout is the right one): the boxes' width,
        the rows they may grow by, and the hand's height."""
        w, h = size
        if not self.table_there():
            return
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.small:  # the table is not drawn: no key acts on it
            return action in SMALL_ACTIONS
        if action == "undo":
            return bool(self.answers) or None  # greyed out when there is nothing to undo
        return True
