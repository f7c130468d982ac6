"""History at scale (issue 62, item 14): with thousands of runs the app's
start, the History screen, Stats, a game's end and best_and_mean read a
bounded number of history rows (a page, or none: SQL sums the figures),
whatever the history's size. The work is bounded by the rows read, not by a
clock (the time and memory are the benchmark's: README, "History at scale").
The figures SQL sums are checked against the same figures worked out from
every row, the way they were before."""
from __future__ import annotations

import pytest

from engine.bots import RandomBot
from engine.game import Game
from engine.runfile import answer_to_json
from solo.store import DB_NAME, Store

from .helpers import make_app

RUNS = 3 * 2 ** 10  # 3,072 runs: three real games, their rows doubled ten times


def _big_history(folder, coached_every: int = 97) -> Store:
    store = Store(folder / DB_NAME)
    store.set_pref("lessons_offered", True)
    for seed in range(3):
        g = Game.new(("fluxx5",), 1, "solo", seed)
        store.claim("solo")
        store.start(g, slot="solo", daily=f"2026-01-0{seed + 1}" if seed else None)
        bot, answers = RandomBot(seed), []
        while not g.over:
            a = bot.choose(g)
            answers.append(answer_to_json(g, a))
            g.push(a)
        store.save(g, answers, slot="solo")
    cols = [r[1] for r in store.db.execute("PRAGMA table_info(runs)") if r[1] != "id"]
    with store.db:
        for _ in range(10):
            store.db.execute(f"INSERT INTO runs ({', '.join(cols)}) SELECT {', '.join(cols)} FROM runs ORDER BY id")
        store.db.execute("UPDATE runs SET seed = id, practice = (id % 5 = 0)")
        # a few coached games (their mark is in the run's record) and a few against bots
        store.db.execute("UPDATE runs SET run = json_set(run, '$.coached', json('true')) WHERE id % ? = 0",
                         (coached_every,))
        store.db.execute("UPDATE runs SET variant='standard', players=3, winner=id % 3, score=NULL, "
                         "seats='[\"human\", \"greedy\", \"greedy\"]' WHERE id % 11 = 0")
    assert store.count_runs() == RUNS
    return store


@pytest.fixture
def counted(monkeypatch):
    """The history rows each call reads (Store._rows on the runs table)."""
    read = []
    real = Store._rows

    def rows(self, table, where, args, items):
        got = real(self, table, where, args, items)
        if table == "runs":
            read.append(len(got))
        return got
    monkeypatch.setattr(Store, "_rows", rows)
    return read


def test_the_figures_read_no_history_row_and_match_every_rows_figures(tmp_path, counted):
    """stats, best_and_mean and bot_stats are summed by SQL (no row read in
    Python); each equals the figure worked out from every row as before."""
    store = _big_history(tmp_path)
    counted.clear()
    stats = store.stats("2026-01-03")
    best, mean = store.best_and_mean()
    bots = store.bot_stats()
    assert counted == []
    every = store.runs(finished_only=True)
    assert counted == [RUNS]
    scored = [r for r in every if r["score"] is not None]
    mine = [r["score"] for r in scored if not r["practice"] and not r["coached"]]
    assert (best, mean) == (max(mine), round(sum(mine) / len(mine), 2))
    assert stats["played"] == len(mine) and stats["best"] == max(mine) and stats["mean"] == mean
    assert stats["coached"]["played"] == sum(1 for r in scored if r["coached"]) > 0
    assert stats["practice"]["played"] == sum(1 for r in scored if r["practice"] and not r["coached"]) > 0
    assert sum(stats["histogram"].values()) == len(mine)
    assert [p["score"] for p in stats["over_time"]] == mine
    vs = [r for r in every if r["players"] >= 2]
    assert bots["played"] == len(vs) > 0
    assert bots["won"] == sum(1 for r in vs if r["winner"] == 0)


async def test_the_app_start_history_stats_and_a_games_end_read_a_page_at_most(tmp_path, counted):
    from solo.app.screens.history import HISTORY_PAGE, HistoryScreen
    store = _big_history(tmp_path)
    counted.clear()
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert counted == []  # the start: the menu, and no history row
        app.show_history()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert counted == [HISTORY_PAGE] and len(screen.runs) == HISTORY_PAGE
        assert f"the newest {HISTORY_PAGE} of {RUNS:,} runs" in str(screen.query_one("#history-title").render())
        await pilot.press("o")
        await pilot.pause()
        assert counted == [HISTORY_PAGE, 2 * HISTORY_PAGE] and len(screen.runs) == 2 * HISTORY_PAGE
        assert [r["id"] for r in screen.runs] == list(range(RUNS - 2 * HISTORY_PAGE + 1, RUNS + 1))
        await pilot.press("escape")
        counted.clear()
        app.show_stats()
        await pilot.pause()
        assert counted == []
        await pilot.press("escape")
        # a daily's end reads that date's runs, no others
        that_day = store.db.execute(
            "SELECT count(*) FROM runs WHERE daily='2026-01-02' AND status='finished'").fetchone()[0]
        assert 0 < that_day < RUNS
        counted.clear()
        g = Game.new(("fluxx5",), 1, "solo", 5)
        from solo.store.info import GameInfo
        app.end_of(g, GameInfo(5, ["fluxx5"], daily="2026-01-02"), [], None)
        await pilot.pause()
        assert counted == [that_day]


def test_a_page_is_the_newest_runs_with_the_unreadable_among_them(tmp_path):
    store = _big_history(tmp_path)
    store.db.execute("UPDATE runs SET seed='not a number' WHERE id = ?", (RUNS - 3,))
    store.db.commit()
    page = store.runs(newest=10)
    assert [r["id"] for r in page] == [i for i in range(RUNS - 9, RUNS + 1) if i != RUNS - 3]
    assert RUNS - 3 in store.unreadable
    assert store.run_status(RUNS) == "finished" and store.run_status(RUNS + 1) is None


def test_history_json_still_holds_every_run(tmp_path):
    """The command line's contract (CLI.md): ``history --json`` lists every
    run, whatever the size of the history."""
    import json
    import os
    import subprocess
    import sys
    _big_history(tmp_path).close()
    r = subprocess.run([sys.executable, "-m", "solo.cli", "history", "--json"], capture_output=True, text=True,
                       env=dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path)), timeout=120)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data["runs"]) == RUNS and data["stats"]["played"] > 0
