"""Headless games with bots: one game, many games, fingerprints."""
from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .answers import to_json as answer_to_json
from .bots import asked, make_bot
from .datafile import write_text
from .game import Game
from .registry import get_variant
from .version import ENGINE_VERSION, RUN_FORMAT

# the keys of run_sim's summary that depend on the machine and the moment, not the games
TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second", "cpu_seconds", "games_per_cpu_second",
               "decisions_per_cpu_second")
# guards, not rules: a game the engine lets run this long is a fault, counted as an error
# (the draw rules of engine.draws end every standard game; Solo's decks run out)
TURN_CAP = 2000  # past engine.draws.LONGEST_ROUNDS at six seats (1,800 turns)
DECISION_CAP = 100_000


def deal_fingerprint(decks: tuple[str, ...] | list[str], players: int, variant: str, seed: int) -> str:
    """sha256 of the starting order of every pile of a game."""
    g = Game(tuple(decks), players, variant, seed, record=False)
    g.variant.setup(g)
    piles = {"draw": [g.name(c) for c in reversed(g.draw)],
             "rules_deck": [g.name(c) for c in reversed(g.rules_deck)]}
    return hashlib.sha256(json.dumps(piles, sort_keys=True).encode()).hexdigest()


def play_game(decks: tuple[str, ...] | list[str], players: int, variant: str, seed: int, bot: str, keep_answers: bool = False,
              turn_cap: int | None = None, check: Callable[[Game], None] | None = None) -> dict[str, Any]:
    """Play one complete game; return its result (and answers as labels if asked).
    ``turn_cap``: the guard (TURN_CAP unless given); a game stopped by it is not over."""
    if turn_cap is None:
        turn_cap = TURN_CAP
    g = Game.new(tuple(decks), players, variant, seed, record=False)
    bots = [make_bot(bot, seed * 7 + s) for s in range(players)]
    answers: list[list[Any]] = []
    push = g.push
    alone = bots[0].choose if players == 1 else None  # one seat: its bot answers every question
    while not g.over and g.turn <= turn_cap and g.decisions < DECISION_CAP:
        if alone is not None:
            a = alone(g)
        else:
            pr = g.prompt
            a = bots[pr.player if pr is not None else asked(g).player].choose(g)
        if keep_answers:
            answers.append(answer_to_json(g, a))
        push(a)
        if check is not None:
            check(g)
    outcome = g.variant.outcome(g).fields()
    res = {"seed": seed, "turns": g.turn, "decisions": g.decisions, "over": g.over, **outcome}
    if keep_answers:
        told = {k: v for k, v in outcome.items() if v is not None}
        if not g.variant.scores and g.over and g.winner < 0:
            told["winner"] = None  # a draw: no winner, and the end's reason says why
        res["run"] = {"format": RUN_FORMAT, "engine": ENGINE_VERSION, "variant": variant,
                      "decks": list(g.decks), "players": players, "seed": seed,
                      "answers": answers, "turns": g.turn, **told}
    return res


def default_jobs() -> int:
    """Every core this process may run on."""
    import os
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _play_seeds(args: tuple[Any, ...]) -> list[tuple[int, dict[str, Any] | None, str]]:
    """A worker's share: each seed's result, or None and the error's words."""
    decks, players, variant, seeds, bot, keep = args
    out: list[tuple[int, dict[str, Any] | None, str]] = []
    for s in seeds:
        try:
            r = play_game(decks, players, variant, s, bot, keep_answers=keep)
        except Exception as e:  # counted, reported with its seed, and the sim goes on
            out.append((s, None, f"{type(e).__name__}: {e}"))
            continue
        if not r["over"]:  # the guard: every game ends by the rules (a win, a deck run out, a draw) long before
            out.append((s, None, f"the game reached the sim's guard ({TURN_CAP} turns or {DECISION_CAP} "
                                 f"decisions) without ending: an engine fault"))
        else:
            out.append((s, r, ""))
    return out


def _results(decks: tuple[str, ...] | list[str], players: int, variant: str, seeds: range, bot: str,
             keep: bool, jobs: int) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
    """Every seed's result, in seed order, played in ``jobs`` processes. Lazy,
    with a bounded number of shares in flight: memory stays flat however
    many games are asked for."""
    jobs = max(1, min(jobs, len(seeds)))
    if jobs == 1:
        for s in seeds:
            yield from _play_seeds((decks, players, variant, [s], bot, keep))
        return
    import multiprocessing
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor
    size = max(1, min(64, len(seeds) // (jobs * 8)))  # small shares: a long game holds up no worker for long
    shares = (list(seeds[i:i + size]) for i in range(0, len(seeds), size))
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # each worker ends with this process, however it ends (SIGKILL leaves no time to shut the pool down)
    from .lifeline import follow_parent
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=follow_parent,
                             initargs=(os.getpid(),)) as pool:
        flying: deque[Future[list[tuple[int, dict[str, Any] | None, str]]]] = deque()
        for share in shares:
            flying.append(pool.submit(_play_seeds, (tuple(decks), players, variant, share, bot, keep)))
            if len(flying) >= jobs * 4:
                yield from flying.popleft().result()
        while flying:
            yield from flying.popleft().result()


def run_sim(decks: tuple[str, ...] | list[str], players: int, variant: str, games: int, seed: int, bot: str,
            save_runs: str | Path | None = None, err: Callable[[str], None] | None = None,
            daily: str | None = None, jobs: int = 1, source: Any = None) -> dict[str, Any]:
    """Play ``games`` games (seeds seed, seed+1, ...) in ``jobs`` processes and
    summarise them; the summary (but its timing keys) and the run files are
    the same for any number of jobs. ``source``: where else the results
    come from (called as ``_results`` is, less ``jobs``; a ``cpu_seconds``
    attribute adds the CPU time spent elsewhere): the cluster of
    ``solo.tools.cluster``."""
    import resource
    scores: dict[str, int] = {}
    wins: dict[str, int] = {}
    decisions = turns = errors = 0
    total_score = 0
    scoring = get_variant(variant).scores
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    child0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    seeds = range(seed, seed + games)
    if source is not None:
        results = source(decks, players, variant, seeds, bot, save_runs is not None)
    else:
        results = _results(decks, players, variant, seeds, bot, save_runs is not None, jobs)
    for k, (s, r, why) in enumerate(results):
        if r is None:
            errors += 1
            if err:
                err(f"seed {s}: {why}")
            continue
        decisions += r["decisions"]
        turns += r["turns"]
        if scoring:
            scores[str(r["score"])] = scores.get(str(r["score"]), 0) + 1
            total_score += r["score"]
        else:
            key = str(r["winner"]) if r["winner"] >= 0 else "none"
            wins[key] = wins.get(key, 0) + 1
        if save_runs is not None:
            d = Path(save_runs)
            d.mkdir(parents=True, exist_ok=True)
            if daily and k == 0:
                r["run"]["daily"] = daily
            # (the command line has refused names taken without --force; a link is replaced, not followed)
            write_text(d / f"run-{variant}-{s}.json", json.dumps(r["run"]), True, "a run file")
    child1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (time.process_time() - cpu0) + (child1.ru_utime - child0.ru_utime) + (child1.ru_stime - child0.ru_stime)
    cpu += getattr(source, "cpu_seconds", 0.0)
    secs = time.perf_counter() - t0
    done = max(1, games - errors)
    return {"variant": variant, "players": players, "decks": list(decks), "bot": bot,
            "games": games, "seconds": round(secs, 3),
            "games_per_second": round(games / secs, 1) if secs else 0.0,
            "decisions": decisions,
            "decisions_per_second": round(decisions / secs, 1) if secs else 0.0,
            "cpu_seconds": round(cpu, 3),
            "games_per_cpu_second": round(games / cpu, 1) if cpu else 0.0,
            "decisions_per_cpu_second": round(decisions / cpu, 1) if cpu else 0.0,
            "mean_score": round(total_score / done, 3) if scoring else None,
            "scores": dict(sorted(scores.items(), key=lambda kv: int(kv[0]))),
            "wins": wins, "mean_turns": round(turns / done, 2), "errors": errors,
            "first_deal_sha256": deal_fingerprint(decks, players, variant, seed)}
