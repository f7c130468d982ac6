"""Long fuzz runs of the engine: ``python -m solo.tools.fuzz --games 20000``.

Random complete games for every deck set, variant and player count (1-6),
answering with random legal answers and, at random, illegal ones; the
engine's invariants are checked after every step (the JSON round trip
every few steps, to keep the run fast). Failures are printed with their
seed and the run exits 1.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from engine import rng as R
from engine.bots import RandomBot
from engine.game import Game
from engine.prompts import IllegalAnswer

DECK_SETS = [("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)]


def cards_of(g: Game) -> Counter[int]:
    z = g.draw + g.discard + g.rules + g.goals + g.scored + g.rules_deck + g.rules_discard + g.playing
    for h in g.hands:
        z = z + h
    for t in g.tables:
        z = z + t
    for fr in g.temp:
        z = z + fr.cards
    return Counter(z)


def check(g: Game, want: Counter[int], deep: bool) -> None:
    got = cards_of(g)
    if got != want:
        raise AssertionError(f"cards lost {dict(want - got)} or duplicated {dict(got - want)}")
    if (g.prompt is not None) == g.over:
        raise AssertionError("a question is pending and the game is over (or neither)")
    if g.chain and (g.prompt is None or g.prompt.ask != "surprise"):
        raise AssertionError("a Surprise chain is open but nobody is asked to answer it")
    for cr, k in g.attached.items():
        if not any(cr in t and k in t for t in g.tables):
            raise AssertionError("an attached Creeper is not on its Keeper's table")
    if g.prompt is not None and g.prompt.kind == "turn" and g.prompt.ask == "play":
        for q in range(g.nplayers):
            if q != g.active and g.over_limit(q):
                raise AssertionError(f"p{q} is over a limit while the active player plays")
    if deep:
        d = g.to_dict()
        if Game.from_dict(json.loads(json.dumps(d)), check="full" if g.decisions % 16 == 0 else "fields").to_dict() != d:
            raise AssertionError("the state does not round-trip through JSON")


def one_game(k: int, turn_cap: int = 200) -> int:
    """Play fuzz game number k; return its number of decisions."""
    decks = DECK_SETS[k % len(DECK_SETS)]
    players = 1 + (k // len(DECK_SETS)) % 6
    variant = "solo" if players == 1 else "standard"
    g = Game.new(decks, players, variant, k, record=False)
    want = Counter(g.variant.in_game(g))
    bot = RandomBot(k)
    rs = R.seed_state(k)
    check(g, want, True)
    while not g.over and g.turn <= turn_cap:
        rs, roll = R.below(rs, 10)
        if roll == 0:  # an illegal answer now and then: refused, state untouched
            before = g.to_dict()
            try:
                g.push(("play", -1))
                raise AssertionError("an illegal answer was accepted")
            except IllegalAnswer:
                pass
            if g.to_dict() != before:
                raise AssertionError("an illegal answer changed the state")
        g.push(bot.choose(g))
        check(g, want, g.decisions % 7 == 0)
    return g.decisions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m solo.tools.fuzz")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--start", type=int, default=0)
    a = ap.parse_args(argv)
    t = time.perf_counter()
    failures = 0
    decisions = 0
    for k in range(a.start, a.start + a.games):
        try:
            decisions += one_game(k)
        except Exception as e:
            failures += 1
            print(f"game {k}: {type(e).__name__}: {e}", flush=True)
    secs = time.perf_counter() - t
    print(f"fuzz: {a.games} games, {decisions} decisions, {failures} failures, {secs:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
