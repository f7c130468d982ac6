"""Goals: who meets one, and who is stopped by a Creeper.

Requirements come from the deck file as data (required, forbidden, any-of
by tag, and the "most" goals such as 10 Cards in Hand and 5 Keepers);
Inflation raises the numerals of the count goals.
"""
from __future__ import annotations

from .cards import CREEPER, KEEPER
from .game import Game


def has(g: Game, p: int, card: int) -> bool:
    """``p`` has ``card`` on the table, or a Keeper that counts as it."""
    t = g.tables[p]
    if card in t:
        return True
    cards = g.db.cards
    for c in t:
        if card in cards[c].counts_as:
            return True
    return False


def blocked(g: Game, goal: int, p: int) -> bool:
    """A Creeper of p's that this Goal does not need stops the win."""
    cards = g.db.cards
    gd = cards[goal].goal
    silver = g.rule_effect("silver_lining") >= 0
    baked = g.rule_effect("baked_potato")
    potato = cards[baked].params["potato"] if baked >= 0 else -1
    for c in g.tables[p]:
        if cards[c].kind == CREEPER:
            if c in gd.required or c == potato or silver:
                continue
            return True
    if potato >= 0 and g._has_anywhere(potato) and potato not in g.tables[p]:
        return True
    return False


def holo_copy(g: Game, p: int) -> int:
    """p's working Holodeck (a Keeper that copies another Keeper in play), or -1."""
    h = g.db.by_effect.get("holo_copy")
    if h is None or h not in g.tables[p] or not g.powered(h):
        return -1
    return h


def copied(g: Game, p: int, r: int) -> bool:
    """p's Holodeck can stand in for Keeper r: r is in play in front of someone else."""
    return g.db.cards[r].kind == KEEPER and holo_copy(g, p) >= 0 and g._has_anywhere(r) and r not in g.tables[p]


def meets(g: Game, goal: int, p: int) -> bool:
    """p meets the Goal's requirements (Creepers aside); not for 'most' goals.
    A Holodeck may stand in for one named Keeper in play elsewhere."""
    gd = g.db.cards[goal].goal
    missing = 0
    holo = g.db.by_effect.get("holo_copy", -1)
    for r in gd.required:
        if not has(g, p, r):
            if missing or holo < 0 or holo not in g.tables[p] or holo in gd.required or not copied(g, p, r):
                return False
            missing = 1
    if gd.any_count:
        need = gd.any_count + g.inflation()
        t = g.tables[p]
        if sum(1 for c in gd.any_cards if c in t) < need:
            return False
    for f in gd.forbidden:
        if g._has_anywhere(f):
            return False
    return True


def most_count(g: Game, p: int, of: str) -> int:
    if of == "hand":
        return len(g.hands[p])
    return g.keeper_count(p)


def goal_winners(g: Game, goal: int) -> list[int]:
    """The players who meet this Goal now (more than one is a tie)."""
    gd = g.db.cards[goal].goal
    if gd.most_of:
        need = gd.most_count + g.inflation()
        counts = {p: most_count(g, p, gd.most_of) for p in range(g.nplayers) if not blocked(g, goal, p)}
        if not counts:
            return []
        top = max(counts.values())
        if top < need:
            return []
        return [p for p, n in counts.items() if n == top]
    return [p for p in range(g.nplayers) if meets(g, goal, p) and not blocked(g, goal, p)]


def solo_meets(g: Game, goal: int) -> bool:
    gd = g.db.cards[goal].goal
    if gd.most_of:
        return not blocked(g, goal, 0) and most_count(g, 0, gd.most_of) >= gd.most_count + g.inflation()
    return meets(g, goal, 0) and not blocked(g, goal, 0)


def fixed_cards(g: Game, goal: int) -> list[int]:
    """The cards on p0's table that a met Goal names (for solo scoring)."""
    gd = g.db.cards[goal].goal
    out = []
    t = g.tables[0]
    cards = g.db.cards
    for r in gd.required:
        if r in t:
            out.append(r)
        else:
            for c in t:
                if r in cards[c].counts_as and c not in out:
                    out.append(c)
                    break
            else:
                h = holo_copy(g, 0)
                if h >= 0 and h not in out:
                    out.append(h)
    return out


def choice_cards(g: Game, goal: int) -> tuple[list[int], int]:
    """For solo scoring: (cards to pick from, how many) beyond the fixed ones."""
    gd = g.db.cards[goal].goal
    t = g.tables[0]
    if gd.any_count:
        return [c for c in gd.any_cards if c in t], gd.any_count + g.inflation()
    if gd.most_of == "keepers":
        return [c for c in t if g.db.cards[c].kind == KEEPER], gd.most_count + g.inflation()
    return [], 0
