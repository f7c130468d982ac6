"""The command line: sim output keys, exit codes, no tracebacks."""
from __future__ import annotations

import json

from .helpers import run_cli

KEYS = {"variant", "players", "decks", "bot", "games", "seconds", "games_per_second", "decisions",
        "decisions_per_second", "mean_score", "scores", "wins", "mean_turns", "errors", "first_deal_sha256"}


def run(*args):
    return run_cli(*args)


def test_sim_solo_json():
    r = run("sim", "--variant", "solo", "--games", "40", "--bot", "random", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert KEYS <= set(d)
    assert d["errors"] == 0 and d["games"] == 40 and sum(d["scores"].values()) == 40


def test_sim_standard_json_and_runs(tmp_path):
    r = run("sim", "--variant", "standard", "--players", "3", "--decks", "fluxx5,creeper-pack",
            "--games", "10", "--bot", "greedy", "--save-runs", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["errors"] == 0 and sum(d["wins"].values()) == 10
    runs = sorted(tmp_path.glob("*.json"))
    assert len(runs) == 10
    v = run("verify", str(runs[0]))
    assert v.returncode == 0, v.stdout + v.stderr
    data = json.loads(runs[0].read_text())
    data["winner"] = (data["winner"] + 1) % 3
    runs[0].write_text(json.dumps(data))
    v = run("verify", str(runs[0]))
    assert v.returncode == 1 and "recorded winner" in v.stdout


def test_daily_fingerprint_is_stable():
    a = json.loads(run("sim", "--daily", "2026-11-29", "--games", "1", "--bot", "greedy", "--json").stdout)
    b = json.loads(run("sim", "--daily", "2026-11-29", "--games", "1", "--bot", "greedy", "--json").stdout)
    c = json.loads(run("sim", "--daily", "2026-11-30", "--games", "1", "--bot", "greedy", "--json").stdout)
    assert a["first_deal_sha256"] == b["first_deal_sha256"] != c["first_deal_sha256"]


def test_bad_arguments_exit_2_with_a_sentence():
    for args in (["sim", "--games", "0"], ["sim", "--decks", "nope"], ["sim", "--bot", "wizard"],
                 ["sim", "--variant", "standard", "--players", "9"], ["frobnicate"], ["sim", "--seed", "x"],
                 ["sim", "--daily", "2026-13-01"]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr
        assert r.stderr.strip()


def test_scenario_command_counts(tmp_path):
    r = run("scenario", "tests/scenarios/creeper-blocks-win.toml")
    assert r.returncode == 0
    assert r.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"
    r = run("scenario", str(tmp_path / "missing.toml"))
    assert r.returncode == 1 and "0 passed, 1 failed" in r.stdout


def test_deck_show():
    r = run("deck", "show", "creeper-pack")
    assert r.returncode == 0 and "Radioactive Potato" in r.stdout
    r = run("deck", "show", "nope")
    assert r.returncode == 1 and "Traceback" not in r.stderr


def test_replay_and_bad_run_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run("verify", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    bad.write_text(json.dumps({"format": 99}))
    r = run("verify", str(bad))
    assert r.returncode == 1 and "newer" in r.stdout + r.stderr
