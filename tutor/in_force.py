"""The numbers in force, as the tutor watches them from one answer to the
next: the active player's draw and plays, what Play All But leaves in hand,
and the two limits, each a ``Quantity`` (its value and the cards that make
it). ``changes`` compares two snapshots (and the plays as a turn's end
told them) and names each number that changed; ``explain`` puts the cause
into words. Read from the engine's own numbers (``engine.numbers``), never
worked out again here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.effect_specs import SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT
from engine.game import Game
from engine.numbers import Quantity

# the numbers, in the order their changes are told
WHAT = ("plays", "kept", "draw", "hand", "keeper")


@dataclass(frozen=True)
class InForce:
    """The numbers in force after an answer (or as a table is first shown)."""
    game: tuple[int, tuple[str, ...], int]  # (seed, decks, seats): whose numbers these are
    decisions: int
    turn: int
    active: int
    phase: str
    played: int
    drawn: int
    plays: Quantity
    kept: Quantity
    draw: Quantity
    hand: Quantity
    keeper: Quantity
    rules: tuple[int, ...] = ()  # the New Rules in play (a term new to a number may be a rule already in play)

    def of(self, what: str) -> Quantity:
        q: Quantity = getattr(self, what)
        return q


def snapshot(g: Game) -> InForce:
    p = g.active
    return InForce((g.seed, tuple(g.decks), g.nplayers), g.decisions, g.turn, p, g.phase, g.played, g.drawn,
                   g.play_quantity(p), g.kept_quantity(p), g.draw_quantity(p),
                   g.limit_quantity(SLOT_HAND_LIMIT), g.limit_quantity(SLOT_KEEPER_LIMIT), tuple(g.rules))


@dataclass(frozen=True)
class Change:
    """One number in force that changed with an answer: ``what`` (one of
    ``WHAT``), its Quantity before and after, and the terms that differ
    (card, n before, n after; None: the card was not a term), and the New
    Rules in play before (a term new to the number from a rule already in
    play is a rule that applies now, not one that came into play)."""
    what: str
    before: Quantity
    after: Quantity
    terms: tuple[tuple[int, int | None, int | None], ...]
    held: tuple[int, ...] = ()


def term_diff(before: Quantity, after: Quantity) -> tuple[tuple[int, int | None, int | None], ...]:
    """The terms that differ: a card that came or went, or gives another number."""
    b, a = dict(before.terms), dict(after.terms)
    out = []
    for c in list(b) + [c for c in a if c not in b]:
        if b.get(c) != a.get(c):
            out.append((c, b.get(c), a.get(c)))
    return tuple(out)


def turn_end_plays(g: Game, events: list[Any], p: int) -> Quantity | None:
    """The plays p's turn ended under, as its end told them (when the plays
    ran out): the turn may have passed on before the answer was over."""
    for e in events:
        if e.kind == "turn_end" and e.player == p and "rule_card" in e.data:
            d = e.data
            terms = d["terms"] if "terms" in d else [[d["rule_card"], max(d["allowed"], 0)]]
            return Quantity(d["allowed"], tuple((c, n) for c, n in terms))
    return None


def changes(before: InForce, g: Game, events: list[Any]) -> tuple[InForce, list[Change]]:
    """The numbers now, and each that changed since ``before`` with this
    answer's events: the plays and the draw only within one turn of one
    player (a new turn tells its own), the limits always."""
    now = snapshot(g)
    out: list[Change] = []
    same_turn = now.turn == before.turn and now.active == before.active and now.phase in ("play", "start")
    for what in WHAT:
        b = before.of(what)
        if what == "plays":
            a: Quantity | None = turn_end_plays(g, events, before.active) if before.phase == "play" else None
            if a is None and same_turn:
                a = now.plays
        elif what == "kept":  # only while a Play rule that counts by the hand stays (its coming or going is told)
            a = now.kept if same_turn and now.kept.terms and b.terms else None
        elif what == "draw":
            a = now.draw if same_turn else None
        else:
            a = now.of(what)
        if a is None or a == b:
            continue
        if a.value == b.value:
            continue  # the same number (perhaps from other cards): nothing the player needs told
        if what in ("hand", "keeper") and not any(n for _, n in a.terms[1:] + b.terms[1:]):
            continue  # a limit card that came or went as printed: its own line says so
        diff = term_diff(b, a)
        if diff:
            out.append(Change(what, b, a, diff, before.rules))
    return now, out
