"""How cards and answers are written on screen: a type glyph as well as
colour, as Content (a card's name is never read as markup)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.content import Content

from engine.answers import MOVE_WORDS
from engine.game import Game

from .lines import join, styled

GLYPH = {"keeper": "K", "goal": "G", "rule": "R", "action": "A", "creeper": "C", "surprise": "S"}
# Okabe-Ito colours (safe for the common colour-vision deficiencies) are the default;
# every type also has its letter, so colour is never the only cue.
PALETTES = {
    "colour-blind safe": {"keeper": "#009E73", "goal": "#F0E442", "rule": "#56B4E9", "action": "#CC79A7",
                          "creeper": "#D55E00", "surprise": "#0072B2"},
    "vivid": {"keeper": "green", "goal": "yellow", "rule": "cyan", "action": "magenta",
              "creeper": "red", "surprise": "blue"},
}
COLOUR = dict(PALETTES["colour-blind safe"])


def use_palette(name: str) -> None:
    COLOUR.update(PALETTES[name])


def card(g: Game, c: int, colour: bool = True, short: bool = False) -> Content:
    """A card: its type letter (in its colour) and its name, never read as
    markup; ``short`` drops the brackets round the letter (the table's boxes)."""
    cd = g.db.cards[c]
    glyph = GLYPH[cd.type]
    letter = glyph if short else f"[{glyph}]"
    return styled((letter, f"bold {COLOUR[cd.type]}" if colour else ""), " ", cd.name)


def cards(g: Game, ids: Iterable[int], empty: str = "-") -> Content:
    ids = list(ids)
    return join(card(g, c) for c in ids) if ids else Content(empty)


def table(g: Game, p: int, empty: str = "-") -> Content:
    """A player's Keepers and Creepers: icons after a Keeper's name, and an
    attached Creeper written with its Keeper ("+") as the one unit it is."""
    parts = []
    att = g.attached
    for c in g.tables[p]:
        if c in att:
            continue
        cd = g.db.cards[c]
        s = card(g, c)
        icons = [w for w, on in (("crew", cd.crew), ("equip", cd.equipment)) if on]
        if icons:
            s += " (" + ", ".join(icons) + ")"
        for cr, k in att.items():
            if k == c:
                s += Content(" + ") + card(g, cr)
        parts.append(s)
    return join(parts) if parts else Content(empty)


def option(g: Game, o: Any, names: tuple[str, ...] | None = None) -> Content:
    """A prompt option as a line of text (``names``: the seats' names, in a game against bots)."""
    pr = g.prompt
    if isinstance(o, tuple):
        if o[0] == "play":
            return Content("Play ") + card(g, o[1])
        if o[0] == "free":
            return Content("Use ") + card(g, o[1]) + " (free action)"
        if o[0] in MOVE_WORDS:  # the codec's words for the moves that name no card
            return Content(MOVE_WORDS[o[0]][0].upper() + MOVE_WORDS[o[0]][1:])
    if pr is not None and pr.domain == "players":
        return Content(names[o] if names and isinstance(o, int) and 0 <= o < len(names) else f"Player {o}")
    if pr is not None and pr.domain == "words":
        return Content(str(o).capitalize())
    return card(g, o)
