"""The bots' strength ladder: for each pair of bots, four-seat games with
two of each in alternating seats (A B A B), who starts rotated evenly
(game k seats A first when k is even, B first when it is odd); each pair's
win rate with its 95% interval (Wilson), and an Elo-style rating per bot
fitted to every pair's result (least squares on the rating differences the
win rates imply, random anchored at 1000).

    python -m solo.tools.ladder [--games N] [--search-games N] [--decks LIST] [--jobs N] [--json]

A drawn game counts half to each side. The ratings go to ``solo/tools/ladder.json``
(``--write``), which New game reads to show each bot's rating.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.bots import make_bot
from engine.game import Game

LADDER_FILE = Path(__file__).with_name("ladder.json")
ORDER = ("random", "greedy", "search")
ANCHOR = 1000.0  # the random bot's rating
TURN_GUARD = 2000


def seats_for(a: str, b: str, k: int) -> list[str]:
    """Game k's seats: A B A B when k is even, B A B A when odd (seat 0 starts)."""
    return [a, b, a, b] if k % 2 == 0 else [b, a, b, a]


def play_pair_game(args: tuple[str, str, int, tuple[str, ...]]) -> tuple[int, float]:
    """One game of the pair (a, b) with seed k: (k, A's share: 1 win, 0 loss, 0.5 draw)."""
    a, b, k, decks = args
    seats = seats_for(a, b, k)
    g = Game.new(decks, 4, "standard", k, record=False)
    bots = [make_bot(name, k * 7 + s) for s, name in enumerate(seats)]
    for bot in bots:
        if hasattr(bot, "ms"):
            bot.ms = None  # a fixed budget of rollouts: the same games on every machine
    while not g.over and g.turn <= TURN_GUARD:
        g.push(bots[g.waiting_for].choose(g))
    if not g.over or g.winner < 0:
        return k, 0.5
    return k, 1.0 if seats[g.winner] == a else 0.0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def elo_gap(p: float) -> float:
    """The rating difference a win rate implies (clamped away from 0 and 1)."""
    p = min(max(p, 0.005), 0.995)
    return 400.0 * math.log10(p / (1 - p))


def fit_ratings(pairs: dict[tuple[str, str], float], bots: list[str]) -> dict[str, float]:
    """Ratings whose differences best fit every pair's implied gap (least
    squares), the first bot anchored at ANCHOR."""
    rest = bots[1:]
    # normal equations of: r_a - r_b ~ gap(a, b), with r_first = 0
    n = len(rest)
    m = [[0.0] * n for _ in range(n)]
    v = [0.0] * n
    for (a, b), p in pairs.items():
        gap = elo_gap(p)
        for x, sign in ((a, 1.0), (b, -1.0)):
            if x in rest:
                i = rest.index(x)
                v[i] += sign * gap
                for y, s2 in ((a, 1.0), (b, -1.0)):
                    if y in rest:
                        m[i][rest.index(y)] += sign * s2
    # Gaussian elimination (n is 2 here)
    for i in range(n):
        piv = m[i][i] or 1e-9
        for j in range(i + 1, n):
            f = m[j][i] / piv
            for c in range(i, n):
                m[j][c] -= f * m[i][c]
            v[j] -= f * v[i]
    r = [0.0] * n
    for i in reversed(range(n)):
        r[i] = (v[i] - sum(m[i][c] * r[c] for c in range(i + 1, n))) / (m[i][i] or 1e-9)
    out = {bots[0]: ANCHOR}
    out.update({b: round(ANCHOR + r[i]) for i, b in enumerate(rest)})
    return out


def run_ladder(games: int, search_games: int, decks: tuple[str, ...] = ("fluxx5",), jobs: int = 1,
               bots: tuple[str, ...] = ORDER, progress: Any = None) -> dict[str, Any]:
    """Every pair's games and the ratings."""
    from concurrent.futures import ProcessPoolExecutor
    pairs: dict[str, Any] = {}
    rates: dict[tuple[str, str], float] = {}
    t0 = time.perf_counter()
    for a, b in combinations(bots, 2):
        n = search_games if "search" in (a, b) else games
        work = [(a, b, k, tuple(decks)) for k in range(n)]
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(play_pair_game, work, chunksize=max(1, n // (jobs * 8))))
        else:
            results = [play_pair_game(w) for w in work]
        share = sum(s for _k, s in results)
        wins = sum(1 for _k, s in results if s == 1.0)
        draws = sum(1 for _k, s in results if s == 0.5)
        lo, hi = wilson(share, n)
        # B's side of the pair is the other way round: the pair is kept as (weaker, stronger) of ORDER
        pairs[f"{b} vs {a}"] = {"games": n, "wins": n - wins - draws, "losses": wins, "draws": draws,
                                "win_rate": round(1 - share / n, 3),
                                "ci95": [round(1 - hi, 3), round(1 - lo, 3)]}
        rates[(b, a)] = 1 - share / n
        if progress:
            progress(f"{b} vs {a}: {pairs[f'{b} vs {a}']}")
    ratings = fit_ratings(rates, list(bots))
    return {"decks": list(decks), "seats": "A B A B, who starts rotated evenly", "pairs": pairs,
            "ratings": ratings, "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m solo.tools.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games for each pair without the search bot")
    ap.add_argument("--search-games", type=int, default=200, help="games for each pair with the search bot")
    ap.add_argument("--decks", default="fluxx5", help="comma-separated deck ids (default: fluxx5)")
    ap.add_argument("--jobs", type=int, default=1, help="processes")
    ap.add_argument("--write", action="store_true", help=f"write the ratings to {LADDER_FILE.name}")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    res = run_ladder(a.games, a.search_games, tuple(a.decks.split(",")), a.jobs,
                     progress=lambda m: print(m, file=sys.stderr, flush=True))
    if a.write:
        LADDER_FILE.write_text(json.dumps(res, indent=1) + "\n")
    print(json.dumps(res) if a.json else json.dumps(res, indent=1))
    return 0


def ratings() -> dict[str, int]:
    """The measured ratings (New game shows them), or none."""
    try:
        return {k: int(v) for k, v in json.loads(LADDER_FILE.read_text())["ratings"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


if __name__ == "__main__":
    raise SystemExit(main())
