"""Moving cards: the ways a card goes from one zone to another (a draw, a
discard, a Goal or New Rule coming into play or leaving it), each telling the
event it makes. Methods of ``Game`` (its class body names each one), written
here as functions of the game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CREEPER
from .events import Kind

if TYPE_CHECKING:
    from .game import Game


def to_discard(g: Game, c: int) -> None:
    g.variant.discard_pile(g, c).append(c)

def where(g: Game, c: int) -> tuple[str, int]:
    """Find a card: (zone, seat or -1)."""
    for p in range(g.nplayers):
        if c in g.hands[p]:
            return "hand", p
        if c in g.tables[p]:
            return "table", p
    for fr in g.temp:
        if c in fr.cards:
            return "temp", fr.player
    for zone in ("rules", "goals", "playing", "draw", "discard", "scored", "rules_deck", "rules_discard"):
        if c in getattr(g, zone):
            return zone, -1
    return "box", -1

def take_top(g: Game, p: int) -> int:
    """Take the top card of the draw pile for player ``p``; -1 if none can be had.
    The caller places and reports the card, then calls ``pile_check()``, so
    that a game the empty pile ends is over after the last card is told."""
    if not g.draw:
        if not g.variant.refill(g):
            return -1
    return g.draw.pop()

def pile_check(g: Game) -> None:
    """The draw pile has run dry: the variant may end the game (Solo Fluxx)."""
    if not g.draw:
        g.variant.pile_emptied(g)

def draw_cards(g: Game, p: int, n: int, into: list[int] | None = None, counts: bool = False,
               rule: str = "turn.draw") -> int:
    """Draw ``n`` cards for ``p`` into ``into`` (their hand by default). Creepers go
    into play and are replaced. Returns how many non-Creepers were drawn."""
    if into is None:
        into = g.hands[p]
    draw = g.draw
    if 0 < n <= len(draw) and not g.pidx.creepers and not g.over:
        # the common case, all at once: the top n cards, topmost first (no Creeper can come up)
        top = draw[:-n - 1:-1]
        into += top
        del draw[-n:]
        if counts:
            g.drawn += n
        g.sink.drew(p, top, rule)
        if not draw:
            g.pile_check()
        return n
    got = 0
    cards = g.db.cards
    while got < n and not g.over:
        c = g.take_top(p)
        if c < 0:
            g.ev(Kind.NO_CARDS, "pile.empty", p)
            break
        if cards[c].kind == CREEPER:
            g.tables[p].append(c)
            g.ev(Kind.CREEPER, "card.creeper", p, c)
            g.pile_check()
            continue
        into.append(c)
        got += 1
        if counts:
            g.drawn += 1
        g.ev(Kind.DRAW, rule, p, c)
        if not g.draw:
            g.pile_check()
    return got

def powered(g: Game, k: int) -> bool:
    """A Keeper's power works unless a card attached to it switches it off (a Malfunction)."""
    if g.attached:
        off = g.pidx.power_off
        for cr, kk in g.attached.items():
            if kk == k and cr in off:
                return False
    return True

def remove_from_table(g: Game, c: int) -> int:
    for p, t in enumerate(g.tables):
        if c in t:
            t.remove(c)
            return p
    return -1

def unit_of(g: Game, c: int) -> list[int]:
    """A card on the table with what is attached to it (they act as one)."""
    att = g.attached
    if not att:
        return [c]
    k = att.get(c, c)
    return [k] + [cr for cr, kk in att.items() if kk == k]

def discard_from_table(g: Game, c: int, rule: str, by: int = -1, **why: Any) -> None:
    """Discard a card from the table with what is attached to it; ``why``
    is the cause's data for the tutor (a limit and its number, a Goal).
    A card attached to it goes along: its event says so (``along``), not
    the cause, which was about the card chosen (told first)."""
    unit = g.unit_of(c)
    told = []
    for x in unit:  # the unit's order (the discard pile's order, which replays rely on)
        g.attached.pop(x, None)
        p = g.remove_from_table(x)
        g.to_discard(x)
        told.append((x, p))
    g.sink.off_table(told, c, rule, by, why)  # the card chosen first, then what went along with it

def place_goal(g: Game, p: int, c: int) -> None:
    """A Goal is played: replace, fill an empty Double Agenda slot, or ask."""
    room = g.goal_room()
    if room > 1:
        if len(g.goals) < room:
            g.playing.remove(c)
            g.goals.append(c)
            g.sink.goal_joined(p, c, len(g.goals) > 1)
            g.goals_changed()
            return
        r = next((x for x in g.rules if x in g.pidx.goal_room), -1)  # the New Rule that lets Goals stand together
        g.ask(p, "goal_replace", list(g.goals), card=c,
                 reason=f"{g.name(r) if r >= 0 else 'Goals in play'}: choose the Goal that the new one replaces",
                 then=("goal_replace", p, c))
        return
    g.playing.remove(c)
    old = list(g.goals)
    g.goals.clear()
    for was in old:
        g.to_discard(was)
    g.goals.append(c)
    g.sink.goal(p, c, old)
    g.goals_changed()

def goals_changed(g: Game) -> None:
    """The Goal changed: the cards in play that react do (the Radioactive Potato moves)."""
    for c in g.pidx.on_goals:
        for p, t in enumerate(g.tables):
            if c in t:
                g.passive[c].on_goals_changed(g, p, c)
                break

def move_to_table(g: Game, c: int, q: int) -> None:
    g.remove_from_table(c)
    g.tables[q].append(c)

def place_rule(g: Game, p: int, c: int) -> None:
    g.variant.place_rule(g, p, c)

def remove_rule(g: Game, r: int, by: int, rule: str, to_hand: int = -1, **why: Any) -> None:
    """A New Rule leaves play (to the discard, or to a hand); ``why`` is
    the cause's data for the tutor (the New Rule that replaced it)."""
    g.rules.remove(r)
    if to_hand >= 0:
        g.hands[to_hand].append(r)
    else:
        g.to_discard(r)
    g.sink.rule_left(r, by, rule, why)  # (a Play rule that left is named at the turn's end)
    if r in g.pidx.leaving:
        g.passive[r].on_leave(g, r, by)
