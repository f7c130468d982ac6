"""Hostile inputs: garbage and near-miss files and arguments get a sentence and
the right exit code, never a traceback; bad saves are kept aside, never lost."""
from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.deckfile import check_file
from engine.runfile import RunError, load_run
from scenarios.runner import run_paths
from solo.store import Store

from .helpers import run_cli


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode)))
def test_garbage_deck_scenario_and_run_files(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("garbage")
    f = d / "x.toml"
    f.write_bytes(data)
    problems = check_file(f)
    assert problems and all(isinstance(p, str) and p for p in problems)
    lines = []
    assert run_paths([str(f)], echo=lines.append) == (0, 1)
    assert lines[-1] == "0 passed, 1 failed"
    r = d / "x.json"
    r.write_bytes(data)
    try:
        load_run(r)
    except RunError as e:
        assert str(e)


def test_near_miss_run_files(tmp_path):
    base = {"format": 1, "engine": "0.1.0", "variant": "solo", "decks": ["fluxx5"], "players": 1,
            "seed": 1, "answers": [["play", "Milk"]], "score": 0}
    cases = [dict(base, variant="poker"), dict(base, players=9), dict(base, decks=["nope"]),
             dict(base, answers=[["fly", "away"]]), dict(base, answers="play"), dict(base, extra=1),
             dict(base, answers=[["play", "Not A Card"]])]
    for i, c in enumerate(cases):
        p = tmp_path / f"r{i}.json"
        p.write_text(json.dumps(c))
        r = run_cli("verify", str(p))
        assert r.returncode == 1, c
        out = r.stdout + r.stderr
        assert "Traceback" not in out and out.strip()


def test_huge_files_refused_quickly(tmp_path):
    import time
    big = tmp_path / "big.json"
    big.write_text('{"answers": [' + ",".join(['["end"]'] * 1_200_000) + "]}")
    t = time.perf_counter()
    try:
        load_run(big)
        raise AssertionError("accepted")
    except RunError as e:
        assert "at most" in str(e)
    assert time.perf_counter() - t < 1.0
    deck = tmp_path / "big.toml"
    deck.write_text("x = 1\n" * 400_000)
    assert "at most" in check_file(deck)[0]


def test_bad_arguments_everywhere():
    for args in (["deck"], ["deck", "check"], ["replay"], ["verify"], ["rules", "--bogus"], ["daily", "--date", "x"],
                 ["play", "--seed", "-4"], ["play", "--decks", ","], ["history", "extra"], ["scenario"]):
        r = run_cli(*args)
        assert r.returncode == 2, (args, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr and r.stderr.strip()


def test_future_schema_is_set_aside(tmp_path):
    """A save of a newer solo-fluxx whose tables still hold ours (issue 62:
    a later release only adds) is kept whole, never set aside: the app is
    refused in a sentence, the history reads it as it is, and its schema row
    is not written back to this one's."""
    from solo.store import StoreError
    p = tmp_path / "s.sqlite3"
    s = Store(p)
    s.close()
    db = sqlite3.connect(p)
    db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="written by a newer solo-fluxx \\(schema 99"):
        Store(p)
    s = Store(p, reading=True)
    assert s.notice and "newer" in s.notice and s.read_only and s.runs() == []
    s.close()
    assert not list(tmp_path.glob("s.sqlite3.aside-*"))
    db = sqlite3.connect(p)
    assert db.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("99",)
    db.close()


def test_unreadable_saved_game_is_kept_not_lost(tmp_path):
    from engine.game import Game
    p = tmp_path / "s.sqlite3"
    s = Store(p)
    s.start(Game.new(("fluxx5",), 1, "solo", 3))
    s.db.execute("UPDATE games SET state='{broken', answers='[[\"fly\"]]'")
    assert s.load() is None
    assert s.notice and "unreadable" in s.notice
    assert [r["status"] for r in s.runs()] == ["unreadable"]
