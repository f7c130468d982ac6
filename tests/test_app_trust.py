"""The app with everyday accidents (issue 16): two windows on one data
folder, a full disk mid-game, a garbled saved state, bad history rows. One
sentence and a log, never Textual's traceback; no row mixes two games."""
from __future__ import annotations

import json
import sqlite3

import pytest

from engine.game import Game
from solo.app.dialogs import BusyScreen
from solo.app.screens import GameScreen, HistoryScreen, MenuScreen, StatsScreen
from solo.app.screens.replay import ReplayScreen
from solo.store import Store

from .helpers import make_app, screen_lines

pytestmark = pytest.mark.app


async def press_enter_moves(app, pilot, n: int) -> None:
    for _ in range(n):
        g = app.current_game()
        if g.prompt.kind == "choose":
            if g.prompt.max > 1:
                for _ in range(g.prompt.min):
                    await pilot.press("space", "down")
            await pilot.press("enter")
        else:
            await pilot.press("enter")
        await pilot.pause()


@pytest.mark.slow  # a second process or a second app: CI runs it
async def test_two_windows_never_mix_one_game(tmp_path):
    path = tmp_path / "save.sqlite3"
    first = make_app(Store(path), new=(11, ["fluxx5"]))
    async with first.run_test(size=(80, 24)) as p1:
        await p1.pause()
        await press_enter_moves(first, p1, 4)
        g1 = first.current_game()
        seed_row = first.store.load("solo")[2].seed
        # the second window, on the same folder, asks for a new Solo game
        second = make_app(Store(path), new=(99, ["fluxx5"]))
        async with second.run_test(size=(80, 24)) as p2:
            await p2.pause()
            assert isinstance(second.screen, BusyScreen)
            text = "\n".join(screen_lines(second))
            assert "open in another Solo Fluxx window" in text and "read-only" in text
            await p2.press("enter")  # watch it read-only
            await p2.pause()
            assert isinstance(second.screen, ReplayScreen)
            assert "Read-only: seed 11" in "\n".join(screen_lines(second))
            await p2.press("escape")
            await p2.pause()
            assert isinstance(second.screen, MenuScreen)
            # another slot is free: the daily
            second.daily_game("2026-11-30")
            await p2.pause()
            assert isinstance(second.screen, GameScreen) and second.screen.slot == "daily"
            await press_enter_moves(second, p2, 2)
        # the first window plays on: its row is its own game, seed and answers
        await press_enter_moves(first, p1, 3)
        g, answers, info = first.store.load("solo")
        assert info.seed == seed_row == 11 and g.to_dict() == g1.to_dict()
        assert first.store.runs() == []  # nothing was filed as abandoned
        from solo.store import rebuild
        assert rebuild(11, ["fluxx5"], answers).to_dict() == g.to_dict()  # the answers are this game's


@pytest.mark.slow  # a second process or a second app: CI runs it
async def test_a_full_disk_mid_game_ends_in_one_sentence(tmp_path):
    store = Store(tmp_path / "save.sqlite3")
    app = make_app(store, new=(5, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_enter_moves(app, pilot, 2)
        saved = store.load("solo")[1]
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.db.execute(f"PRAGMA max_page_count={pages}")
        store.db.execute("PRAGMA cache_size=1")
        orig = store.save

        def fill_then_save(g, answers, assisted=False, slot="solo", extra=None):
            store.db.execute("DELETE FROM meta WHERE key='pref.pad'")
            orig(g, answers + [["pad", "x" * 300_000]], assisted, slot, extra)
        store.save = fill_then_save  # the next save needs more room than the disk has
        await press_enter_moves(app, pilot, 1)
        await pilot.pause()
    assert app.return_code == 1
    assert app.failure and "is full" in app.failure and "free some space" in app.failure
    store.db.execute("PRAGMA max_page_count=1073741823")
    assert store.load("solo")[1] == saved  # the last good save stands


async def test_an_unexpected_error_is_one_sentence_and_a_log(tmp_path, monkeypatch):
    store = Store(tmp_path / "save.sqlite3")
    app = make_app(store, new=(5, ["fluxx5"]))
    with pytest.raises(ZeroDivisionError):  # under Pilot the test still sees the error itself
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(GameScreen, "action_piles", lambda self: 1 / 0)
            await pilot.press("p")
            await pilot.pause()
    assert app.return_code == 1
    assert app.failure.startswith("Solo Fluxx stopped on an unexpected error (ZeroDivisionError")
    log = (tmp_path / "crash.log").read_text()
    assert "ZeroDivisionError" in log and "Traceback" in log and str(tmp_path / "crash.log") in app.failure
    assert log.count("--- ") == 1 and log.count("Traceback (most recent call last)") == 1  # once a crash
    assert store.load("solo") is not None  # the game is still there


def test_crash_log_keeps_the_last_crashes_under_its_cap(tmp_path):
    """Each crash is added once; the file keeps the last few (CRASHES_KEPT)
    and never grows past CRASH_LOG_MOST bytes, however many crashes or how
    long their tracebacks; a damaged file (no UTF-8, no headings) is read
    without a word lost of the new crash."""
    from solo.app.app import CRASH_LOG_MOST, CRASHES_KEPT, crash_log
    (tmp_path / "crash.log").write_bytes(b"\xff\xfe not a crash log\n" * 100)
    for i in range(12):
        try:
            raise ValueError(f"crash number {i:02d}" + ("x" * 100_000 if i == 7 else ""))
        except ValueError as e:
            assert crash_log(tmp_path, e) == str(tmp_path / "crash.log")
        text = (tmp_path / "crash.log").read_text()
        assert len(text.encode()) <= CRASH_LOG_MOST
        assert f"crash number {i:02d}" in text  # the newest is always whole
    assert [f"crash number {i:02d}" in text for i in range(12)] == [False] * (12 - CRASHES_KEPT) + [True] * CRASHES_KEPT
    assert text.count("--- ") == CRASHES_KEPT and "not a crash log" not in text
    assert not (tmp_path / "crash.log.new").exists()


@pytest.mark.slow  # a second process or a second app: CI runs it
async def test_a_saved_state_with_a_bad_card_id_is_rebuilt_from_its_answers(tmp_path):
    path = tmp_path / "save.sqlite3"
    store = Store(path)
    g = Game.new(("fluxx5",), 1, "solo", 3)
    store.start(g)
    d = g.to_dict()
    d["hands"][0][0] = 4000  # no such card
    store.db.execute("UPDATE games SET state=?", (json.dumps(d),))
    store.close()
    app = make_app(Store(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.current_game().to_dict() == g.to_dict()
        await press_enter_moves(app, pilot, 3)
    assert app.return_code in (None, 0) and app.failure is None


async def test_history_and_stats_show_around_bad_rows(tmp_path):
    path = tmp_path / "save.sqlite3"
    store = Store(path)
    store.db.execute("INSERT INTO runs (started, seed, decks, score, turns, status, run) VALUES "
                     "('2026-11-01T10:00:00', 1, '[\"fluxx5\"]', 4, 9, 'finished', '{}')")
    store.db.execute("INSERT INTO runs (started, seed, decks, score, turns, status, run) VALUES "
                     "('2026-11-02T10:00:00', 2, '{broken', 'x', 9, 'finished', 'no')")
    store.close()
    app = make_app(Store(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_history()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        app.pop_screen()
        app.show_stats()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    assert app.failure is None and len(app.store.skipped) == 1


@pytest.mark.exists_for("an environment check: the simulated errors above are the SQLite errors of this version")
def test_sqlite_is_what_the_app_uses():
    assert sqlite3.sqlite_version_info >= (3, 7, 0)


@pytest.mark.exists_for("pins the Textual internals the app's error handling overrides (issue 40, item 5)")
def test_the_private_textual_hook_the_app_overrides_is_still_there():
    """Textual 8.2.8 offers no public hook for an unhandled error; the app
    overrides ``App._handle_exception`` and uses the attributes Textual's own
    sets. If an upgrade renames or reshapes them, this fails first."""
    import inspect

    import textual
    from textual.app import App

    from solo.app.app import SoloFluxxApp
    assert textual.__version__ == "8.2.8"
    assert list(inspect.signature(App._handle_exception).parameters) == ["self", "error"]
    theirs = inspect.getsource(App._handle_exception)
    assert "self._return_code = 1" in theirs and "self._exception_event.set()" in theirs
    assert callable(getattr(App, "_close_messages_no_wait", None))
    assert SoloFluxxApp._handle_exception is not App._handle_exception
