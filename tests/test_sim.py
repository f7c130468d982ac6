"""Headless sims: the summary they print, errors counted and reported, and
the run files they write."""
from __future__ import annotations

import json

from engine import sim
from engine.sim import play_game, run_sim


def test_a_game_that_raises_is_counted_reported_and_the_sim_goes_on(monkeypatch):
    real = sim.play_game

    def flaky(decks, players, variant, seed, bot, **kw):
        if seed == 11:
            raise ValueError("boom")
        return real(decks, players, variant, seed, bot, **kw)
    monkeypatch.setattr(sim, "play_game", flaky)
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
