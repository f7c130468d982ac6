"""Goals: who meets one, and who is stopped by a Creeper.

Requirements come from the deck file as data (required, forbidden, any-of
by tag, and the "most" goals such as 10 Cards in Hand and 5 Keepers);
Inflation raises the numerals of the count goals.
"""
from __future__ import annotations

from .cards import CREEPER
from .game import Game


def has(g: Game, p: int, card: int) -> bool:
    """``p`` has ``card`` on the table, or a Keeper that counts as it."""
    t = g.tables[p]
    if card in t:
        return True
    if card not in g.db.counted:  # no card of the set counts as it
        return False
    cards = g.db.cards
    for c in t:
        if card in cards[c].counts_as:
            return True
    return False


def carried(g: Game, goal: int, p: int) -> list[int]:
    """The attached Creepers that come with the Keepers p's stand-ins (the
    Holodeck) copy for this Goal: a copy of a Keeper with a Creeper attached
    is a copy of the pair (the FAQ: "not duplicating just a Robot, it's
    duplicating an Evil Robot"). Empty when nothing stands in or attaches."""
    if not g.attached or not g.pidx.stands_in:
        return []
    gd = g.db.goal_defs[goal]
    t = g.tables[p]
    used: list[int] = []
    copies: list[int] = []
    for r in gd.required:
        if r not in t and not has(g, p, r):
            c = stand_in(g, p, r, gd.required)
            if c >= 0 and c not in used:
                used.append(c)
                copies.append(r)
    return [cr for cr, k in g.attached.items() if k in copies and cr not in t]


def _creepers(g: Game, goal: int, p: int) -> list[int]:
    """p's Creepers as a Goal sees them: those on p's table, and those a
    stand-in copies along with its Keeper."""
    t = g.tables[p]
    more = carried(g, goal, p)
    return t + more if more else t


def blocked(g: Game, goal: int, p: int) -> bool:
    """A Creeper of p's that this Goal does not need stops the win, unless a
    New Rule in play excuses it; a New Rule may also stop the win outright."""
    cards = g.db.cards
    gd = g.db.goal_defs[goal]
    pas, idx = g.passive, g.pidx
    for c in _creepers(g, goal, p):
        if cards[c].kind == CREEPER and c not in gd.required:
            for r in g.rules:
                if r in idx.excuses and pas[r].excuses(g, r, c):
                    break
            else:
                return True
    if idx.blocks:
        for r in g.rules:
            if r in idx.blocks and pas[r].blocks(g, r, goal, p):
                return True
    return False


def why_blocked(g: Game, goal: int, p: int) -> tuple[int, str]:
    """For the tutor: what stops p's win with this Goal, as (card, rule id):
    a Creeper no New Rule excuses, or a New Rule that blocks; (-1, "") if nothing."""
    cards, pas, idx = g.db.cards, g.passive, g.pidx
    gd = g.db.goal_defs[goal]
    t = g.tables[p]
    for c in _creepers(g, goal, p):
        if cards[c].kind == CREEPER and c not in gd.required and not any(
                r in idx.excuses and pas[r].excuses(g, r, c) for r in g.rules):
            return c, "win.creeper-blocks" if c in t else "win.copied-creeper-blocks"
    for r in g.rules:
        if r in idx.blocks and pas[r].blocks(g, r, goal, p):
            return r, pas[r].rule_id
    return -1, ""


def stoppers(g: Game, goal: int, p: int) -> list[int]:
    """For the tutor: every Creeper that stops p's win with this Goal
    (``why_blocked`` names the first of them)."""
    cards, pas, idx = g.db.cards, g.passive, g.pidx
    gd = g.db.goal_defs[goal]
    return [c for c in _creepers(g, goal, p) if cards[c].kind == CREEPER and c not in gd.required
            and not any(r in idx.excuses and pas[r].excuses(g, r, c) for r in g.rules)]


def rivals(g: Game, goal: int, p: int) -> list[list[int]]:
    """For the tutor, as p wins with this Goal: the others who meet it too
    (a count Goal: with at least p's number) but are stopped, each with
    what stops them ([seat, card]): why the win is no tie."""
    gd = g.db.goal_defs[goal]
    out = []
    if gd.most_of:
        mine = most_count(g, p, gd.most_of)
        for q in range(g.nplayers):
            if q != p and most_count(g, q, gd.most_of) >= mine and blocked(g, goal, q):
                c, _ = why_blocked(g, goal, q)
                if c >= 0:
                    out.append([q, c])
        return out
    for q in range(g.nplayers):
        if q != p and meets(g, goal, q) and blocked(g, goal, q):
            c, _ = why_blocked(g, goal, q)
            if c >= 0:
                out.append([q, c])
    return out


def excused(g: Game, goal: int, p: int) -> list[tuple[int, int]]:
    """For the tutor: p's Creepers that this Goal does not need, each with the
    New Rule that keeps it from stopping the win (Silver Lining, Baked Potato)."""
    cards, pas, idx = g.db.cards, g.passive, g.pidx
    gd = g.db.goal_defs[goal]
    out = []
    for c in _creepers(g, goal, p):
        if cards[c].kind == CREEPER and c not in gd.required:
            r = next((r for r in g.rules if r in idx.excuses and pas[r].excuses(g, r, c)), -1)
            if r >= 0:
                out.append((c, r))
    return out


def short_by_inflation(g: Game, goal: int, p: int) -> tuple[int, int] | None:
    """For the tutor: p has the number a count Goal prints (5 Keepers, 2
    foods) but not the number Inflation makes it: (has, needs); else None."""
    infl = g.inflation()
    if not infl:
        return None
    gd = g.db.goal_defs[goal]
    if gd.most_of:
        have, base = most_count(g, p, gd.most_of), gd.most_count
    elif gd.any_count:
        t = g.tables[p]
        if not all(has(g, p, r) for r in gd.required):  # short of more than Inflation's card: nothing to tell
            return None
        have, base = sum(1 for c in gd.any_cards if c in t), gd.any_count
    else:
        return None
    return (have, base + infl) if base <= have < base + infl else None


def stand_in(g: Game, p: int, r: int, not_these: tuple[int, ...]) -> int:
    """A card on p's table, none of ``not_these``, that can count as Keeper r
    for a Goal (the Holodeck), or -1."""
    can = g.pidx.stands_in
    if can:
        for c in g.tables[p]:
            if c in can and c not in not_these and g.passive[c].stands_in(g, p, c, r):
                return c
    return -1


def stand_ins(g: Game, goal: int, p: int) -> list[list[int]]:
    """For the tutor: each Keeper the Goal names that p meets through another
    card, as [named Keeper, the card]: one that counts as it (Janeway from
    the Future) or one that stands in for it (the Holodeck)."""
    gd = g.db.goal_defs[goal]
    out: list[list[int]] = []
    used: list[int] = []
    t = g.tables[p]
    cards = g.db.cards
    for r in gd.required:
        if r in t:
            continue
        c = next((x for x in t if r in cards[x].counts_as), -1)
        if c < 0:
            c = stand_in(g, p, r, gd.required)
            if c < 0 or c in used:
                continue
            used.append(c)
        out.append([r, c])
    return out


def meets(g: Game, goal: int, p: int) -> bool:
    """p meets the Goal's requirements (Creepers aside); not for 'most' goals.
    A card that stands in (the Holodeck) counts as one named Keeper; a card
    the Goal names itself cannot also stand in for another."""
    gd = g.db.goal_defs[goal]
    used: list[int] = []
    t = g.tables[p]
    for r in gd.required:
        if r not in t and not has(g, p, r):
            if r in g.attached and r in carried(g, goal, p):
                continue  # a Creeper that comes with a copied Keeper
            c = stand_in(g, p, r, gd.required)
            if c < 0 or c in used:
                return False
            used.append(c)
    if gd.any_count:
        need = gd.any_count + g.inflation()
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


def count_blocked(g: Game, goal: int) -> list[int]:
    """For the tutor: the players a count Goal (10 Cards in Hand, 5 Keepers)
    would make winners but for what blocks them: they have the number, and
    no other player has more."""
    gd = g.db.goal_defs[goal]
    need = gd.most_count + g.inflation()
    counts = [most_count(g, p, gd.most_of) for p in range(g.nplayers)]  # type: ignore[arg-type]
    top = max(counts)
    if top < need:
        return []
    return [p for p, n in enumerate(counts) if n == top and blocked(g, goal, p)]


def goal_winners(g: Game, goal: int) -> list[int]:
    """The players who meet this Goal now (more than one is a tie)."""
    gd = g.db.goal_defs[goal]
    if gd.most_of:
        need = gd.most_count + g.inflation()
        counts = {p: most_count(g, p, gd.most_of) for p in range(g.nplayers) if not blocked(g, goal, p)}
        if not counts:
            return []
        top = max(counts.values())
        if top < need:
            return []
        return [p for p, n in counts.items() if n == top]
    out = []
    plain = g.pidx.plain_goals  # nothing counts as or stands in for a Keeper
    required = gd.required
    for p, t in enumerate(g.tables):
        if plain:
            for r in required:
                if r not in t:
                    break
            else:
                r = -1
            if r >= 0:  # a card the Goal names is not on p's table
                continue
        if meets(g, goal, p) and not blocked(g, goal, p):
            out.append(p)
    return out
