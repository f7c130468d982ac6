"""Headless sims: the summary they print, errors counted and reported, and
the run files they write."""
from __future__ import annotations

import json

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
