"""Headless sims: the summary they print, errors counted and reported, and
the run files they write."""
from __future__ import annotations

import json
import os

import pytest

from engine import sim
from engine.sim import play_game, run_sim

from .helpers import break_sim_games


def test_a_game_that_raises_is_counted_reported_and_the_sim_goes_on(monkeypatch):
    break_sim_games(monkeypatch, {11}, ValueError("boom"))
    said: list[str] = []
    res = run_sim(("fluxx5",), 1, "solo", 4, 10, "random", err=said.append)
    assert res["errors"] == 1 and said == ["seed 11: ValueError: boom"]
    assert sum(res["scores"].values()) == 3  # the three other games were played
    assert res["mean_score"] == round(sum(int(k) * v for k, v in res["scores"].items()) / 3, 3)


def test_wins_by_seat_with_no_winner_and_seat_zero(monkeypatch):
    outcomes = {0: 0, 1: -1, 2: 2, 3: 0}

    def fake(decks, players, variant, seed, bot, **kw):
        return {"seed": seed, "turns": 10, "decisions": 40, "over": True, "score": None,
                "winner": outcomes[seed]}
    monkeypatch.setattr(sim, "play_game", fake)
    res = run_sim(("fluxx5",), 3, "standard", 4, 0, "random")
    assert res["wins"] == {"0": 2, "none": 1, "2": 1}
    assert res["decisions"] == 160 and res["mean_turns"] == 10.0 and res["mean_score"] is None


def test_run_files_go_into_new_nested_folders(tmp_path):
    out = tmp_path / "a" / "b"
    res = run_sim(("fluxx5",), 1, "solo", 2, 3, "random", save_runs=str(out), daily="2026-11-29")
    assert res["errors"] == 0
    first = json.loads((out / "run-solo-3.json").read_text())
    second = json.loads((out / "run-solo-4.json").read_text())
    assert first["daily"] == "2026-11-29" and "daily" not in second  # only game 0 is the daily deal


def test_play_game_result_and_run():
    r = play_game(("fluxx5",), 2, "standard", 6, "greedy", keep_answers=True)
    assert r["over"] and r["score"] is None and r["winner"] in (0, 1)
    run = r["run"]
    assert run["winner"] == r["winner"] and run["turns"] == r["turns"] and len(run["answers"]) == r["decisions"]
    assert (run["variant"], run["players"], run["seed"], run["decks"]) == ("standard", 2, 6, ["fluxx5"])
    s = play_game(("fluxx5",), 1, "solo", 6, "random")
    assert "run" not in s and s["winner"] is None and s["score"] >= 0
    capped = play_game(("fluxx5",), 2, "standard", 6, "random", turn_cap=3)
    assert not capped["over"] and capped["turns"] == 4


def test_the_same_seed_plays_the_same_game_on_every_machine():
    """Pinned results: the seat bots are seeded from the game's seed (seed*7 + seat),
    so a sim is the same everywhere. A change here is a change of every published figure."""
    def short(r, key):
        return (r["seed"], r["turns"], r["decisions"], r["over"], r[key])
    assert [short(play_game(("fluxx5",), 1, "solo", s, "random"), "score") for s in (1, 2, 3)] == [
        (1, 16, 49, True, 1), (2, 21, 73, True, 1), (3, 15, 49, True, 1)]
    assert short(play_game(("fluxx5",), 3, "standard", 4, "random"), "winner") == (4, 21, 57, True, 2)
    assert short(play_game(("fluxx5",), 2, "standard", 4, "random"), "winner") == (4, 50, 157, True, 1)
    assert sim.deal_fingerprint(("fluxx5",), 1, "solo", 1) == (
        "2334f4905baa0ba6a8c00daac8d2105779e2e658fbd041fab5d00053831a4a64")


def test_each_seat_is_answered_by_its_own_bot(monkeypatch):
    """Every question goes to the bot of the seat asked (one seat: its one bot)."""
    from engine import bots as B
    asked_of = {}

    class Seat(B.RandomBot):
        def choose(self, g):
            asked_of.setdefault(id(self), set()).add(g.prompt.player)
            return super().choose(g)
    monkeypatch.setattr(sim, "make_bot", lambda name, seed: Seat(seed))
    for players in (1, 2, 3):
        asked_of.clear()
        play_game(("fluxx5",), players, "standard" if players > 1 else "solo", 5, "random")
        assert sorted(len(seats) for seats in asked_of.values()) == [1] * players
        assert set().union(*asked_of.values()) == set(range(players))


def test_play_game_checks_every_step_and_stops_at_the_decision_cap(monkeypatch):
    seen = []
    r = play_game(("fluxx5",), 1, "solo", 1, "random", check=lambda g: seen.append(g.decisions))
    assert seen == list(range(1, r["decisions"] + 1))
    monkeypatch.setattr(sim, "DECISION_CAP", 5)
    r = play_game(("fluxx5",), 1, "solo", 1, "random")
    assert r["decisions"] == 5 and not r["over"]


class _Clock:
    def __init__(self, *ticks):
        self.ticks = list(ticks)

    def perf_counter(self):
        return self.ticks.pop(0)

    def process_time(self):  # CPU time: not what these tests pin
        return 0.0


def test_sim_rates_and_means(monkeypatch):
    fake = {"seed": 0, "turns": 10, "decisions": 41, "over": True, "score": 2, "winner": None}
    break_sim_games(monkeypatch, {1, 2}, ValueError("boom"),
                    play=lambda decks, players, variant, seed, bot, **kw: dict(fake, seed=seed, turns=10 + seed))
    monkeypatch.setattr(sim, "time", _Clock(100.0, 102.12345))
    res = run_sim(("fluxx5",), 1, "solo", 3, 0, "random")
    assert res["errors"] == 2
    assert (res["seconds"], res["games_per_second"], res["decisions"], res["decisions_per_second"]) == (
        2.123, round(3 / 2.12345, 1), 41, round(41 / 2.12345, 1))
    assert (res["mean_turns"], res["mean_score"]) == (10.0, 2.0)  # over the one game that was played
    monkeypatch.setattr(sim, "time", _Clock(5.0, 5.0))
    res = run_sim(("fluxx5",), 1, "solo", 3, 0, "random")
    assert (res["seconds"], res["games_per_second"], res["decisions_per_second"]) == (0.0, 0.0, 0.0)


# The summary's bookkeeping, from results handed in by a source (as the
# cluster hands them), with the clocks and the children's CPU time fixed.

def _clocks(monkeypatch, process=(5.0, 7.0), wall=(100.0, 104.0), children=((1.0, 0.5), (1.5, 0.75))):
    import resource
    import types

    from engine import sim
    p, w, c = iter(process), iter(wall), iter(children)
    monkeypatch.setattr(sim, "time", types.SimpleNamespace(process_time=lambda: next(p), perf_counter=lambda: next(w)))

    def usage(who):
        assert who == resource.RUSAGE_CHILDREN
        u, s = next(c)
        return types.SimpleNamespace(ru_utime=u, ru_stime=s)
    monkeypatch.setattr(resource, "getrusage", usage)


class _Source:
    """Results as a cluster hands them back, and the CPU seconds spent there."""

    def __init__(self, results, cpu=None):
        self.results, self.asked = results, []
        if cpu is not None:
            self.cpu_seconds = cpu

    def __call__(self, *args):
        self.asked.append(args)
        return iter(self.results)


def _result(turns, decisions, winner=-1, score=None, seed=0):
    return {"turns": turns, "decisions": decisions, "winner": winner, "score": score, "over": True,
            "run": {"seed": seed}}


def test_a_sim_sums_up_what_its_source_hands_back(monkeypatch, tmp_path):
    from engine.sim import deal_fingerprint, run_sim
    _clocks(monkeypatch)
    src = _Source([(10, _result(10, 400, winner=1, seed=10), ""), (11, None, "RuntimeError: boom"),
                   (12, _result(11, 350, winner=-1, seed=12), ""), (13, _result(13, 251, winner=1, seed=13), "")],
                  cpu=0.1234)
    said = []
    out = run_sim(("fluxx5",), 2, "standard", 4, 10, "greedy", save_runs=tmp_path / "runs", err=said.append,
                  daily="2026-12-05", source=src)
    assert src.asked == [(("fluxx5",), 2, "standard", range(10, 14), "greedy", True)]
    assert said == ["seed 11: RuntimeError: boom"]
    # CPU: 2 s here, 0.5 + 0.25 s in child processes, 0.1234 s on the cluster
    assert out["cpu_seconds"] == 2.873 and out["seconds"] == 4.0
    assert out["games_per_cpu_second"] == 1.4 and out["decisions_per_cpu_second"] == 348.4
    assert out["games_per_second"] == 1.0 and out["decisions_per_second"] == 250.2
    assert out["decisions"] == 1001 and out["errors"] == 1
    assert out["mean_turns"] == 11.33  # 34 turns over the 3 games that ended
    assert out["wins"] == {"1": 2, "none": 1} and out["scores"] == {} and out["mean_score"] is None
    assert out["first_deal_sha256"] == deal_fingerprint(("fluxx5",), 2, "standard", 10)
    files = sorted(p.name for p in (tmp_path / "runs").iterdir())
    assert files == ["run-standard-10.json", "run-standard-12.json", "run-standard-13.json"]
    assert json.loads((tmp_path / "runs" / "run-standard-10.json").read_text()) == {"seed": 10, "daily": "2026-12-05"}
    assert json.loads((tmp_path / "runs" / "run-standard-12.json").read_text()) == {"seed": 12}


def test_a_sim_plays_in_one_process_unless_told_and_names_a_failed_run_file(monkeypatch, tmp_path):
    from engine import sim
    from engine.datafile import DataFileError
    _clocks(monkeypatch)
    jobs = []

    def results(decks, players, variant, seeds, bot, keep, n):
        jobs.append(n)
        return iter([(seeds[0], _result(5, 50, winner=0, seed=seeds[0]), "")])
    monkeypatch.setattr(sim, "_results", results)
    sim.run_sim(("fluxx5",), 2, "standard", 1, 7, "greedy")
    assert jobs == [1]
    (tmp_path / "run-standard-7.json").mkdir()  # a folder where the run file goes
    _clocks(monkeypatch)
    with pytest.raises(DataFileError, match="not a file; give another name for a run file"):
        sim.run_sim(("fluxx5",), 2, "standard", 1, 7, "greedy", save_runs=tmp_path, jobs=3)
    assert jobs == [1, 3]


def test_a_scoring_sim_sorts_its_scores_as_numbers(monkeypatch):
    from engine.sim import run_sim
    _clocks(monkeypatch)
    results = [(s, _result(9, 100, score=sc, seed=s), "") for s, sc in zip(range(5), (100, 10, 9, 10, 10), strict=True)]
    src = _Source(results)  # no CPU spent elsewhere: nothing added
    out = run_sim(("fluxx5",), 1, "solo", 5, 0, "greedy", source=src)
    assert src.asked[0][-1] is False  # no run files asked for: the answers are not kept
    assert list(out["scores"]) == ["9", "10", "100"] and out["scores"] == {"9": 1, "10": 3, "100": 1}
    assert out["mean_score"] == 27.8 and out["cpu_seconds"] == 2.75 and out["wins"] == {}


def test_a_sim_that_took_no_time_says_zero_rates(monkeypatch):
    from engine.sim import run_sim
    _clocks(monkeypatch, process=(5.0, 5.0), wall=(1.0, 1.0), children=((1.0, 0.5), (1.0, 0.5)))
    out = run_sim(("fluxx5",), 2, "standard", 1, 0, "greedy", source=_Source([(0, _result(3, 30, winner=0), "")]))
    assert out["cpu_seconds"] == 0.0
    assert [out[k] for k in ("games_per_second", "decisions_per_second", "games_per_cpu_second",
                             "decisions_per_cpu_second")] == [0.0, 0.0, 0.0, 0.0]


def test_the_default_number_of_jobs_is_the_cores_this_process_may_use(monkeypatch):
    import os

    from engine.sim import default_jobs
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert default_jobs() == 3
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set())
    assert default_jobs() == 1
    monkeypatch.delattr(os, "sched_getaffinity")  # not Linux: the machine's count, at least one
    for count, jobs in ((6, 6), (None, 1), (0, 1)):
        monkeypatch.setattr(os, "cpu_count", lambda c=count: c)
        assert default_jobs() == jobs


def test_a_share_goes_on_past_a_game_that_fails(monkeypatch):
    from engine import sim

    def play(decks, players, variant, seed, bot, keep_answers=False):
        if seed == 1:
            raise ValueError("no such card")
        return {"over": seed != 3, "seed": seed}
    monkeypatch.setattr(sim, "play_game", play)
    out = sim._play_seeds((("fluxx5",), 2, "standard", [0, 1, 2, 3], "random", False))
    assert [s for s, _r, _w in out] == [0, 1, 2, 3]
    assert out[0] == (0, {"over": True, "seed": 0}, "") and out[2] == (2, {"over": True, "seed": 2}, "")
    assert out[1] == (1, None, "ValueError: no such card")
    assert out[3][1] is None and "without ending: an engine fault" in out[3][2]


def test_the_games_go_to_a_pool_of_jobs_processes_in_small_shares(monkeypatch):
    """More than one job: shares of an eighth of a job's part (1 to 64
    seeds) go to a pool of that many processes, forked where the system
    can, at most four a job in flight; results come back in seed order."""
    import concurrent.futures
    import multiprocessing

    from engine import sim
    log = []

    class Done:
        def __init__(self, value):
            self.value = value

        def result(self):
            log.append(("result", self.value[0][0]))
            return self.value

    class Pool:
        def __init__(self, max_workers=None, mp_context=None, initializer=None, initargs=()):
            log.append(("pool", max_workers, mp_context))
            from engine.lifeline import follow_parent
            assert initializer is follow_parent and initargs == (os.getpid(),)  # each worker ends with its parent

        def __enter__(self):
            return self

        def __exit__(self, *_exc):
            return False

        def submit(self, fn, args):
            log.append(("submit", len(args[3])))
            assert args[:3] == (("fluxx5",), 2, "standard") and args[4:] == ("random", True)
            return Done([(s, {"seed": s}, "") for s in args[3]])
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(multiprocessing, "get_context", lambda method: f"context:{method}")
    got = list(sim._results(["fluxx5"], 2, "standard", range(48), "random", True, 2))
    assert [s for s, _r, _w in got] == list(range(48))
    # 48 // 16 = 3 seeds a share, 8 in flight before the first result is taken
    assert log[:10] == [("pool", 2, "context:fork")] + [("submit", 3)] * 8 + [("result", 0)]
    assert log[10:12] == [("submit", 3), ("result", 3)] and len(log) == 1 + 16 + 16
    log.clear()
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    got = list(sim._results(["fluxx5"], 2, "standard", range(3000), "random", True, 3))
    assert log[0] == ("pool", 3, "context:spawn") and {e[1] for e in log if e[0] == "submit"} == {64, 3000 % 64}
    assert log[1:14] == [("submit", 64)] * 12 + [("result", 0)]
    log.clear()
    got = list(sim._results(["fluxx5"], 2, "standard", range(2), "random", True, 4))
    assert log[:3] == [("pool", 2, "context:spawn"), ("submit", 1), ("submit", 1)]  # no more jobs than games
    log.clear()
    monkeypatch.setattr(sim, "_play_seeds", lambda args: [(args[3][0], {"seed": args[3][0]}, "")])
    got = list(sim._results(["fluxx5"], 2, "standard", range(5), "random", True, 1))
    assert [s for s, _r, _w in got] == [0, 1, 2, 3, 4] and log == []  # one job: played here, no pool
