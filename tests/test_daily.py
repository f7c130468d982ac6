"""Daily challenges: pinned seeds, one scored attempt, the date boundary,
streaks, share lines, par, and tampered run files."""
from __future__ import annotations

import json

import pytest

from engine.game import Game
from engine.sim import play_game
from solo.store import Store
from solo.variant.daily import DAILY_DECKS, daily_seed, share_line, streaks

from .helpers import run_cli


def test_daily_seeds_are_pinned():
    assert daily_seed("2026-11-29") == 5467243964293578595
    assert daily_seed("2026-11-30") == 2630895005274448865
    assert daily_seed("2000-01-01") == 1385022915503555206


def finish_daily(store: Store, date: str, bot: str = "random") -> dict:
    g = Game.new(DAILY_DECKS, 1, "solo", daily_seed(date))
    store.start(g, daily=date)
    from engine.bots import make_bot
    from engine.runfile import answer_to_json
    b = make_bot(bot, 1)
    answers = []
    while not g.over:
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        store.save(g, answers)
    return store.runs()[-1]


def test_first_finished_daily_is_the_scored_one(tmp_path):
    s = Store(tmp_path / "s.sqlite3")
    first = finish_daily(s, "2026-11-29")
    second = finish_daily(s, "2026-11-29")
    other = finish_daily(s, "2026-11-30")
    assert first["practice"] is False and second["practice"] is True and other["practice"] is False
    assert first["engine"] and first["daily"] == "2026-11-29"


def test_game_counts_for_the_date_it_started(tmp_path, monkeypatch):
    import solo.store as st
    s = Store(tmp_path / "s.sqlite3")
    monkeypatch.setattr(st, "_now", lambda: "2026-11-29T23:59:30")
    g = Game.new(DAILY_DECKS, 1, "solo", daily_seed("2026-11-29"))
    s.start(g, daily="2026-11-29")
    monkeypatch.setattr(st, "_now", lambda: "2026-11-30T00:03:10")
    from engine.bots import RandomBot
    b = RandomBot(3)
    while not g.over:
        g.push(b.choose(g))
    s.save(g, [])
    run = s.runs()[-1]
    assert run["daily"] == "2026-11-29" and run["finished"].startswith("2026-11-30")
    assert s.stats("2026-11-29")["current_streak"] == 1


def test_streaks():
    assert streaks([], "2026-11-29") == (0, 0)
    days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-27", "2026-11-28"]
    assert streaks(days, "2026-11-29") == (2, 3)   # today not played yet: counts from yesterday
    assert streaks(days + ["2026-11-29"], "2026-11-29") == (3, 3)
    assert streaks(days, "2026-12-05") == (0, 3)
    assert streaks(["2026-11-29", "2026-11-29"], "2026-11-29") == (1, 1)  # one day counts once
    assert streaks(["2026-11-30", "2026-11-28"], "2026-11-30") == (1, 1)  # a gap breaks the run
    assert streaks(["2026-12-31", "2027-01-01"], "2027-01-02") == (2, 2)  # across a year


def test_share_line():
    assert share_line("2026-11-29", 5, 3, 18) == "Solo Fluxx daily 2026-11-29: score 5 · par 3 · 18 turns ★★★★★"
    assert share_line("2026-11-29", 0, None, 9) == "Solo Fluxx daily 2026-11-29: score 0 · 9 turns"
    assert share_line("2026-11-29", 2, None, 9) == "Solo Fluxx daily 2026-11-29: score 2 · 9 turns ★★"
    assert share_line("2026-11-29", 1, 3, 9, practice=True) == \
        "Solo Fluxx daily 2026-11-29 (practice): score 1 · par 3 · 9 turns ★☆☆"
    assert share_line("2026-11-29", 3, 5, 21) == "Solo Fluxx daily 2026-11-29: score 3 · par 5 · 21 turns ★★★☆☆"
    assert "(practice)" in share_line("2026-11-29", 3, 2, 21, practice=True)


@pytest.mark.slow
def test_par_is_deterministic_and_cached(tmp_path):
    """Par is the frozen par bot's score on the date's deal: pinned, so that no
    change to the bots or the engine can move a past date's par unnoticed."""
    from solo.variant.daily import compute_par
    a = compute_par("2026-11-29")
    assert a == 5
    assert compute_par("2026-11-29") == a
    s = Store(tmp_path / "s.sqlite3")
    s.set_par("2026-11-29", a)
    assert s.par("2026-11-29") == 5 and s.par("2026-11-30") is None


def test_stats_and_history_json(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    s = Store()
    finish_daily(s, "2026-11-28")
    finish_daily(s, "2026-11-29")
    s.close()
    r = run_cli("history", "--json")
    d = json.loads(r.stdout)
    assert d["stats"]["played"] == 2 and d["stats"]["longest_streak"] == 2
    assert sum(d["stats"]["histogram"].values()) == 2


def test_tampered_runs_are_rejected(tmp_path):
    r = play_game(("fluxx5",), 1, "solo", daily_seed("2026-11-29"), "greedy", keep_answers=True)
    run = r["run"]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(run))
    ok = run_cli("verify", str(good))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    forged = dict(run, score=run["score"] + 3)
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    bad = run_cli("verify", str(tmp_path / "forged.json"))
    assert bad.returncode == 1 and "recorded score" in bad.stdout
    edited = json.loads(json.dumps(run))
    i = next(k for k, a in enumerate(edited["answers"]) if a[0] == "play")
    edited["answers"][i] = ["play", "Rock-Paper-Scissors Showdown"]  # set aside in solo: never playable
    (tmp_path / "edited.json").write_text(json.dumps(edited))
    bad = run_cli("verify", str(tmp_path / "edited.json"))
    assert bad.returncode == 1 and f"step {i + 1}:" in bad.stdout


@pytest.mark.pin
def test_par_with_a_small_budget_is_pinned():
    """The par bot on the date's deal, at one rollout a candidate (fast): the
    same numbers on every machine, and a different deal for another date."""
    from solo.variant.daily import compute_par
    assert compute_par("2026-11-29", rollouts=1) == 3
    assert compute_par("2026-11-30", rollouts=1) == 6



# engine 0.2.0 (Goals checked once the card played has resolved) moved two: 11-30 from 8 to 7 and
# 12-01 from 7 to 9, the par bot's rollouts scoring Goals at the new moment (see the README, Engine versions)
PINNED_PAR = {"2026-11-29": 5, "2026-11-30": 7, "2026-12-01": 9}


@pytest.mark.pin
@pytest.mark.slow  # three dates at the full budget: CI runs it
def test_par_is_pinned_for_several_dates_at_the_full_budget(tmp_path):
    """The par bot (PAR_BOT) on three dates' deals at its real budget: a change
    to the search that moves these must keep the old search for par."""
    from solo.variant.daily import PAR_BOT, compute_par
    assert PAR_BOT == "search-12-v1"
    got = {d: compute_par(d) for d in ("2026-11-29", "2026-11-30", "2026-12-01")}
    assert got == PINNED_PAR, got
    s = Store(tmp_path / "s.sqlite3")
    s.set_par("2026-11-30", got["2026-11-30"])
    assert s.db.execute("SELECT engine FROM par").fetchone()[0].endswith(PAR_BOT)


def test_the_par_bot_is_seeded_by_the_date_and_has_no_clock(monkeypatch):
    """PAR_BOT: the flat search seeded with the date's seed and no time limit
    (a clock would make the par depend on the machine's speed)."""
    import engine.bots
    from solo.variant.daily import compute_par, daily_seed
    made = []

    class Recorded(engine.bots.FlatSearch):
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            made.append((args, kw, self.ms))
    monkeypatch.setattr(engine.bots, "FlatSearch", Recorded)
    assert compute_par("2026-11-29", rollouts=1) == 3
    (args, kw, ms), = made
    assert args == (daily_seed("2026-11-29"),) and kw == {"rollouts": 1, "ms": None} and ms is None
