"""The table's layouts by terminal size, and the rows of boxes each lays out.

A layout applies when both the width and the height reach its least size,
else the next smaller one applies; below the compact size the table is not
drawn at all and the screen says how large the terminal must be.

- compact (80x24): the diagram of ``TABLE.md``: the spots in a row, the
  tutor's "Just happened" panel under the hand.
- roomy (120x36): the tutor beside the table, as tall as the screen; the
  spots, the Goal and New Rules with their card text; the hand as tall as
  fits, each move with its card's words.
- wide (160x45): roomy, and the full log beside the tutor's panel, every
  card's whole text in the hand, and each other seat's cards in full.
"""
from __future__ import annotations

from typing import TypeVar

from .widgets import (
    DrawPile,
    GoalsBox,
    KeepersRow,
    MainPile,
    NewRules,
    OthersBox,
    Pane,
    Row,
    RulesPile,
    ScoredBox,
    SpotBox,
)

COMPACT, ROOMY, WIDE = (80, 24), (120, 36), (160, 45)
LEAST = {"compact": COMPACT, "roomy": ROOMY, "wide": WIDE}
SIDE = {"roomy": 40, "wide": 56}  # the tutor's column (cells)
P = TypeVar("P", bound=Pane)


def layout_for(width: int, height: int) -> str:
    """The largest layout whose least width and height the terminal reaches ("small" below compact)."""
    for name in ("wide", "roomy", "compact"):
        w, h = LEAST[name]
        if width >= w and height >= h:
            return name
    return "small"


def side_width(layout: str, width: int) -> int:
    """The tutor's column beside the table (0 in the compact layout)."""
    if layout == "wide":
        return max(SIDE["wide"], width // 3)
    return SIDE.get(layout, 0)


def solo_rows(layout: str) -> list[Row]:
    """The Solo table: the piles, the four spots, the Goal(s) and Scored, your Keepers.
    A row's least and greatest height: the Goal's row grows for a long have/need
    or Double Agenda; the Keepers' for Creepers that would not fit."""
    if layout == "compact":
        return [(4, 4, [RulesPile(), *(SpotBox(spot) for spot in ("draw", "play", "limit", "other"))]),
                (4, 8, [MainPile(), GoalsBox(), ScoredBox()]),
                (3, 4, [KeepersRow()])]
    # roomy and wide: as TABLE.md's roomy sketch: the spots in two rows with their words
    return [(4, 7, [wide_pile(RulesPile()), SpotBox("draw", None), SpotBox("play", None)]),
            (4, 7, [SpotBox("limit", None), SpotBox("other", None)]),
            (5, 10, [wide_pile(MainPile()), GoalsBox(), ScoredBox()]),
            (3, 5, [KeepersRow()])]


def standard_rows(layout: str, nplayers: int) -> list[Row]:
    """The standard game: the piles, the Goal(s) and the New Rules; a line per
    seat (every seat's, yours first), which may wrap onto a second line for
    Creepers that would not fit. On a compact table the Goal box is the wider,
    so each Goal with its have/need mostly takes one line."""
    goals = GoalsBox()
    if layout == "compact":
        goals.width = 40
    piles = DrawPile() if layout == "compact" else wide_pile(DrawPile())
    seats = nplayers
    return [(4, 8 if layout == "compact" else 12, [piles, goals, NewRules()]),
            (seats + 2, seats + 2 + (seats if layout == "compact" else 3 * seats), [OthersBox()])]


def wide_pile(pane: P) -> P:
    """A pile's box, wide enough for its top card's name whole."""
    pane.width = 20
    pane.wrap = True
    return pane
