"""The project's benchmark: ``python -m solo.bench [--quick]``.

Prints, in one run: games per second with the random bot (solo, standard
2-player fluxx5, standard 4-player), mean turns and decisions per game,
decisions per second, the search bot's time per decision at its default
budget, the peak memory of 1,000- and 10,000-game sims (it must stay
flat), the largest serialised state seen, and the mean solo score of the
random, greedy and search bots over the same seeds.
"""
from __future__ import annotations

import argparse
import json
import time
import tracemalloc

import solo  # noqa: F401  (registers the solo variant)
from engine.bots import SearchBot
from engine.game import Game
from engine.sim import play_game, run_sim


def speed(variant: str, players: int, games: int) -> dict:
    r = run_sim(("fluxx5",), players, variant, games, 0, "random")
    return {"games_per_second": r["games_per_second"], "decisions_per_second": r["decisions_per_second"],
            "mean_turns": r["mean_turns"], "decisions_per_game": round(r["decisions"] / games, 1),
            "errors": r["errors"]}


def peak_memory(games: int) -> float:
    tracemalloc.start()
    run_sim(("fluxx5",), 1, "solo", games, 0, "random")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 1e6, 2)


def largest_state(games: int) -> int:
    """The largest JSON state met along random games (solo and 4-player)."""
    from engine.bots import RandomBot
    worst = 0
    for variant, players in (("solo", 1), ("standard", 4)):
        for s in range(games):
            g = Game.new(("fluxx5", "creeper-pack"), players, variant, s, record=False)
            bot = RandomBot(s)
            while not g.over and g.turn <= 200:
                g.push(bot.choose(g))
                if g.decisions % 10 == 0:
                    worst = max(worst, len(json.dumps(g.to_dict(), separators=(",", ":"))))
    return worst


def search_time(decisions: int) -> float:
    """Mean milliseconds per decision of the search bot at its default budget."""
    bot = SearchBot(1)
    spent = 0.0
    n = 0
    s = 0
    while n < decisions:
        g = Game.new(("fluxx5",), 1, "solo", 1000 + s, record=False)
        s += 1
        while not g.over and n < decisions:
            if len(bot.greedy.candidates(g)) > 1:
                t = time.perf_counter()
                a = bot.choose(g)
                spent += time.perf_counter() - t
                n += 1
            else:
                a = bot.greedy.candidates(g)[0]
            g.push(a)
    return round(1000 * spent / n, 1)


def strength(bot: str, seeds: int) -> tuple[float, float]:
    t = time.perf_counter()
    total = sum(play_game(("fluxx5",), 1, "solo", s, bot)["score"] for s in range(seeds))
    return round(total / seeds, 3), round(time.perf_counter() - t, 1)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m solo.bench")
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    ap.add_argument("--seeds", type=int, default=None, help="seeds for the strength table (default 500)")
    ap.add_argument("--search-seeds", type=int, default=None,
                    help="seeds for the search bot's score (default: the same as --seeds)")
    a = ap.parse_args()
    q = a.quick
    seeds = a.seeds or (20 if q else 500)
    search_seeds = a.search_seeds or (4 if q else seeds)
    out: dict = {}
    out["solo_random"] = speed("solo", 1, 200 if q else 4000)
    print("solo, random bot:", out["solo_random"], flush=True)
    out["standard2_random"] = speed("standard", 2, 100 if q else 2000)
    print("standard 2p fluxx5, random bot:", out["standard2_random"], flush=True)
    out["standard4_random"] = speed("standard", 4, 100 if q else 1500)
    print("standard 4p fluxx5, random bot:", out["standard4_random"], flush=True)
    out["search_ms_per_decision"] = search_time(10 if q else 60)
    print("search bot, ms per decision at the default budget:", out["search_ms_per_decision"], flush=True)
    small, big = (100, 1000) if q else (1000, 10000)
    out["peak_mb"] = {str(small): peak_memory(small), str(big): peak_memory(big)}
    print(f"peak traced memory of a sim, MB ({small} vs {big} games):", out["peak_mb"], flush=True)
    out["largest_state_bytes"] = largest_state(5 if q else 100)
    print("largest serialised state seen, bytes:", out["largest_state_bytes"], flush=True)
    table = {}
    for bot, n in (("random", seeds), ("greedy", seeds), ("search", search_seeds)):
        mean, secs = strength(bot, n)
        table[bot] = {"seeds": n, "mean_score": mean, "seconds": secs}
        print(f"mean solo score over seeds 0..{n - 1}, {bot}: {mean} ({secs}s)", flush=True)
    out["strength"] = table
    print(json.dumps(out))


if __name__ == "__main__":
    main()
