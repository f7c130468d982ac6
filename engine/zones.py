"""Who sits where and what is on the tables: the small helpers the
mechanisms above the core share (the effect library, Surprises, attachments,
powers)."""
from __future__ import annotations

from .cards import CREEPER, KEEPER
from .events import Kind
from .game import Game

EFFECT = "action.effect"  # the rule id of "the card says so"


def others(g: Game, p: int) -> list[int]:
    """The other seats, in turn order after ``p``."""
    return [(p + i) % g.nplayers for i in range(1, g.nplayers)]


def keepers_of(g: Game, q: int) -> list[int]:
    cards = g.db.cards
    return [c for c in g.tables[q] if cards[c].kind == KEEPER]


def creepers_of(g: Game, q: int) -> list[int]:
    cards = g.db.cards
    return [c for c in g.tables[q] if cards[c].kind == CREEPER]


def all_keepers(g: Game) -> list[int]:
    return [c for q in range(g.nplayers) for c in keepers_of(g, q)]


def all_creepers(g: Game) -> list[int]:
    return [c for q in range(g.nplayers) for c in creepers_of(g, q)]


def give_to_table(g: Game, c: int, q: int, rule: str, by: int) -> None:
    """Move a card on the table to seat ``q``, with its whole unit (a Keeper
    and the Creepers attached to it travel together)."""
    for x in g.unit_of(c):
        frm = g.remove_from_table(x)
        g.tables[q].append(x)
        g.ev(Kind.MOVE, rule, q, x, frm=frm, by=by)
