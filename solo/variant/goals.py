"""Solo Fluxx's Goals: met by the one player alone, and the cards a scored
Goal takes with it (the Voyager rulebook's Solo Fluxx overview)."""
from __future__ import annotations

from engine.cards import KEEPER
from engine.game import Game
from engine.goals import blocked, has, meets, most_count  # noqa: F401


def meets_alone(g: Game, goal: int) -> bool:
    """The one player meets the Goal (a 'most' Goal: has at least its number)."""
    gd = g.db.goal_defs[goal]
    if gd.most_of:
        return not blocked(g, goal, 0) and most_count(g, 0, gd.most_of) >= gd.most_count + g.inflation()
    return meets(g, goal, 0) and not blocked(g, goal, 0)


def fixed_cards(g: Game, goal: int) -> list[int]:
    """The cards on p0's table that a met Goal names (for solo scoring)."""
    gd = g.db.goal_defs[goal]
    out = []
    t = g.tables[0]
    cards = g.db.cards
    for r in gd.required:
        if r in t:
            out.append(r)
        else:
            # a Keeper that counts as the named one (Janeway from the Future). The
            # Holodeck never stands in here: it copies a Keeper in front of
            # another player, and Solo Fluxx has no other player.
            for c in t:
                if r in cards[c].counts_as and c not in out:
                    out.append(c)
                    break
    return out


def choice_cards(g: Game, goal: int) -> tuple[list[int], int]:
    """For solo scoring: (cards to pick from, how many) beyond the fixed ones."""
    gd = g.db.goal_defs[goal]
    t = g.tables[0]
    if gd.any_count:
        return [c for c in gd.any_cards if c in t], gd.any_count + g.inflation()
    if gd.most_of == "keepers":
        return [c for c in t if g.db.cards[c].kind == KEEPER], gd.most_count + g.inflation()
    return [], 0
