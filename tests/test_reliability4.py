"""Reliability round four (issue 62), the app and the command line as a
hostile tester tries them: signals and ended input in a real terminal (a
pseudo-terminal the test reads), key bursts at any speed, workers that must
not outlive their parent."""
from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from .helpers import running

pytestmark = pytest.mark.slow

LEAVE_ALT_SCREEN = b"\x1b[?1049l"
SHOW_CURSOR = b"\x1b[?25h"
MOUSE_OFF = b"\x1b[?1000l"


class Terminal:
    """``solo-fluxx`` on a pseudo-terminal of 80x24, its output read as it comes."""

    def __init__(self, home: Path, *args: str, session: bool = True) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, SOLO_FLUXX_HOME=str(home), TERM="xterm-256color")
        env.pop("TEXTUAL_DRIVER", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "solo.cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, start_new_session=session)
        os.close(slave)
        self.out = b""

    def read(self, seconds: float) -> bytes:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.out += chunk
        return self.out

    def read_until(self, word: bytes, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while word not in self.out:
            assert time.monotonic() < deadline, f"never shown {word!r}: {self.out[-500:]!r}"
            self.read(0.1)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        try:
            os.close(self.master)
        except OSError:
            pass


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_give_the_terminal_back_as_ctrl_q_does(tmp_path, sig):
    """Killed politely, the app leaves the alternate screen, turns mouse
    tracking off and shows the cursor again (before, the terminal was left
    in the app's modes), and exits 0 with the game saved."""
    from solo.store import DB_NAME, Store
    term = Terminal(tmp_path, "play", "--seed", "3")
    try:
        term.read_until(b"Hand (")
        mark = len(term.out)
        term.proc.send_signal(sig)
        term.proc.wait(10)
        tail = term.read(1.0)[mark:]
        assert term.proc.returncode == 0
        assert LEAVE_ALT_SCREEN in tail and SHOW_CURSOR in tail and MOUSE_OFF in tail, tail[-300:]
    finally:
        term.close()
    assert Store(tmp_path / DB_NAME, reading=True).load("solo") is not None


def test_ended_input_ends_the_app_within_a_second(tmp_path):
    """The terminal's far end closes while the app runs (a window closed
    without a hang-up signal reaching the app): before, Textual's input
    thread read nothing ten thousand times a second for ever; now the app
    ends within a second, exit 1, the game saved."""
    from solo.store import DB_NAME, Store
    term = Terminal(tmp_path, "play", "--seed", "3", session=False)  # not its controlling terminal: no SIGHUP
    try:
        term.read_until(b"Hand (")
        os.close(term.master)
        start = time.monotonic()
        term.proc.wait(5)
        took = time.monotonic() - start
        print(f"ended input: the app ended in {took:.2f} s")
        assert took < 1.0 and term.proc.returncode == 1
    finally:
        term.close()
    assert Store(tmp_path / DB_NAME, reading=True).load("solo") is not None


def test_the_input_watch_calls_once_when_a_pipe_ends():
    """lifeline.follow_input on a pipe: nothing while the writer is open,
    one call once it closes."""
    import threading

    from engine.lifeline import follow_input
    read, write = os.pipe()
    called = threading.Event()
    count = []
    follow_input(read, lambda: (count.append(1), called.set()), every=0.05)
    time.sleep(0.3)
    assert not called.is_set()
    os.close(write)
    assert called.wait(2.0)
    time.sleep(0.2)
    assert count == [1]
    os.close(read)


# every key the table, its dialogs and the menu answer to, and some they do not
BURST_KEYS = list("123456789") + ["enter", "space", "escape", "q", "u", "i", "question_mark", "p", "t", "d", "n", "m",
                                  "h", "tab", "up", "down", "y", "w", "g", "x", "b", "s", "r", "l", "e", "c", "a", "k",
                                  "j", "f1", "pagedown", "home", "end", "z", "0"]


@pytest.mark.parametrize("seed", range(24))
async def test_no_burst_of_keys_at_any_speed_crashes_the_app(tmp_path, seed):
    """Twenty bursts of up to twelve keys each, all posted before the app
    has handled the first (a player's fast fingers, a paste, a browser's
    queued input), some bursts back to back: the app never crashes (a key
    could once reach a screen taken off the stack: ScreenStackError,
    NoMatches)."""
    import asyncio
    import random

    from textual import events

    from solo.store import Store

    from .helpers import make_app
    rnd = random.Random(seed)
    store = Store(tmp_path / "save.sqlite3")
    store.set_pref("lessons_offered", True)
    app = make_app(store, new=(seed, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(20):
            for key in [rnd.choice(BURST_KEYS) for _ in range(rnd.randint(1, 12))]:
                char = key if len(key) == 1 else {"space": " ", "question_mark": "?", "enter": "\r"}.get(key)
                app.post_message(events.Key(key, char))
            await asyncio.sleep(rnd.choice([0, 0, 0.001, 0.01]))
        await pilot.pause()
    assert app._exception is None and app.failure is None, app.failure
    store.close()


def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(d))
    return out


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_sim_workers_end_with_their_parent_however_it_ends(tmp_path, sig):
    """``sim --jobs 2`` killed mid-run (SIGKILL leaves the pool no time to
    shut down): its two workers are gone within 5 s, by PID (they were seen
    2.5 minutes later before)."""
    proc = subprocess.Popen([sys.executable, "-m", "solo.cli", "sim", "--games", "100000", "--jobs", "2", "--bot",
                             "random"], env=dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while len(workers := _children(proc.pid)) < 2:
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.1)
        time.sleep(0.5)
        workers = _children(proc.pid)
        proc.send_signal(sig)
        proc.wait(10)
        start = time.monotonic()
        while any(running(w) for w in workers):
            assert time.monotonic() - start < 5.0, f"workers left: {[w for w in workers if running(w)]}"
            time.sleep(0.05)
        print(f"{len(workers)} workers gone {time.monotonic() - start:.2f} s after {sig.name}")
    finally:
        if proc.poll() is None:
            proc.kill()


def _copy_without_log(src: Path, dst: Path) -> Path:
    """A backup of the .sqlite3 file alone (as a copy of the folder that
    missed, or a tool that skipped, the -wal beside it)."""
    import shutil
    dst.mkdir()
    shutil.copyfile(src, dst / src.name)
    return dst / src.name


async def test_a_clean_quit_leaves_every_game_in_the_database_file(tmp_path):
    """Before, the app never checkpointed its write-ahead log, so after a
    clean quit a game could live only in the -wal: a copy of the .sqlite3
    file alone had no game. Now a quit copies the log in (and empties it)."""
    from solo.store import DB_NAME, Store

    from .helpers import make_app
    store = Store(tmp_path / DB_NAME)
    store.set_pref("lessons_offered", True)
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        saved = store.load("solo")[1]
        assert saved
    wal = tmp_path / (DB_NAME + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    copy = Store(_copy_without_log(tmp_path / DB_NAME, tmp_path / "backup"), reading=True)
    assert copy.load("solo")[1] == saved
    store.close()


def test_the_checkpoint_copies_the_log_while_another_connection_reads(tmp_path):
    """The timer's checkpoint (every CHECKPOINT_EVERY seconds while the app
    runs): the database file alone then holds the game, even with another
    window's store open on the same folder."""
    from engine.game import Game
    from solo.store import DB_NAME, Store
    store = Store(tmp_path / DB_NAME)
    other = Store(tmp_path / DB_NAME)
    g = Game.new(("fluxx5",), 1, "solo", 5)
    store.start(g)
    assert store.checkpoint() is True
    copy = Store(_copy_without_log(tmp_path / DB_NAME, tmp_path / "backup"), reading=True)
    assert copy.load("solo") is not None
    other.close()
    store.close()


def test_history_times_carry_their_zone_and_are_shown_in_local_time(tmp_path, monkeypatch):
    """A run's times are stored with their offset from UTC, and shown in the
    zone the machine is in when they are read: after a move from UTC+1 to
    UTC-5 the same run is shown six hours earlier, never out of order; a row
    from before (no offset) is shown as stored."""
    import datetime as dt

    from solo.store import _now, local_time
    stamp = _now()
    assert dt.datetime.fromisoformat(stamp).tzinfo is not None
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        assert local_time("2026-12-07T05:30:00+01:00") == "2026-12-07T04:30"
        monkeypatch.setenv("TZ", "EST+5")
        time.tzset()
        assert local_time("2026-12-07T05:30:00+01:00") == "2026-12-06T23:30"
        assert local_time("2026-12-07T05:30:00+01:00", 10) == "2026-12-06"
        # played at 04:30 UTC in UTC+1, then at 05:10 UTC after a move to UTC-5: as text the second sorts
        # first (00:10 < 05:30); shown in one zone, they keep the order they were played in
        first, second = "2026-12-07T05:30:00+01:00", "2026-12-07T00:10:00-05:00"
        assert second < first and local_time(second) > local_time(first)
        assert local_time("2026-11-29T23:59:30") == "2026-11-29T23:59"  # an old row: as stored
        assert local_time("not a time") == "not a time"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_run_files_shape_changes_only_with_its_format_number():
    """The keys RunFile takes are the keys of the current format, as
    engine/version.py lists them: a key added without a new format number
    fails here (issue 62: "end" was added under format 1, and release 0.1.0
    refused such files with "Extra inputs are not permitted" instead of
    "format 2 is newer than this solo-fluxx reads")."""
    from engine.runfile import RunFile
    from engine.version import RUN_FORMAT, RUN_FORMAT_KEYS
    assert set(RunFile.model_fields) == RUN_FORMAT_KEYS[RUN_FORMAT]
    assert sorted(RUN_FORMAT_KEYS) == list(range(1, RUN_FORMAT + 1))
    assert all(RUN_FORMAT_KEYS[n - 1] != RUN_FORMAT_KEYS[n] for n in range(2, RUN_FORMAT + 1))


def test_every_run_file_written_carries_the_current_format_and_older_ones_still_read(tmp_path):
    """sim --save-runs writes the current format; a format-1 file (release
    0.1.0's, no "end") and one this code wrote before the bump (format 1 with
    "end") both verify; a format past ours is one sentence naming it."""
    import json

    from engine.runfile import RUN_FORMAT, RunError, load_run, replay, run_from_data
    r = subprocess.run([sys.executable, "-m", "solo.cli", "sim", "--games", "2", "--bot", "random", "--save-runs",
                        str(tmp_path)], env=dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path / "home")),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    files = sorted(tmp_path.glob("run-*.json"))
    assert files and all(json.loads(f.read_text())["format"] == RUN_FORMAT == 2 for f in files)
    data = json.loads(files[0].read_text())
    older = {k: v for k, v in data.items() if k != "end"} | {"format": 1}
    replay(run_from_data(older, "old"))
    replay(run_from_data(data | {"format": 1}, "before the bump"))
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(data | {"format": 3, "colour": "red"}))
    with pytest.raises(RunError, match="run file format 3 is newer than this solo-fluxx reads \\(format 2\\)"):
        load_run(newer)


def test_verify_says_when_the_run_was_recorded_by_a_newer_engine(tmp_path):
    import json
    r = subprocess.run([sys.executable, "-m", "solo.cli", "sim", "--games", "1", "--bot", "random", "--save-runs",
                        str(tmp_path)], env=dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path / "home")),
                       capture_output=True, text=True, timeout=120)
    f = sorted(tmp_path.glob("run-*.json"))[0]
    f.write_text(json.dumps(json.loads(f.read_text()) | {"engine": "9.1.0"}))
    r = subprocess.run([sys.executable, "-m", "solo.cli", "verify", str(f)], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path / "home")))
    assert r.returncode == 0 and "recorded by engine 9.1.0, newer than this one" in r.stdout
    assert "verify it with that release too" in r.stdout


def _history_of_three(folder: Path):
    """A save with three finished runs and a game in progress (this release's schema)."""
    from engine.bots import RandomBot
    from engine.game import Game
    from engine.runfile import answer_to_json
    from solo.store import DB_NAME, Store
    store = Store(folder / DB_NAME)
    store.set_pref("lessons_offered", True)
    for seed in (1, 2, 3, 4):
        g = Game.new(("fluxx5",), 1, "solo", seed)
        store.claim("solo")
        store.start(g)
        bot, answers = RandomBot(seed), []
        while not g.over and (seed < 4 or len(answers) < 5):
            a = bot.choose(g)
            answers.append(answer_to_json(g, a))
            g.push(a)
        store.save(g, answers)
    return store


def test_a_save_set_aside_is_named_with_what_it_holds_and_how_to_restore_it(tmp_path, monkeypatch):
    """Release 0.1.0, opening a folder this release upgraded, sets the whole
    database aside (as NAME.aside-STAMP, the name this release gives too) and
    starts fresh; back on this release the history was "No runs yet." with no
    word of the file. Now ``history`` (text and JSON) and every start name it:
    where it is, what it holds, how to bring it back."""
    from solo.store import DB_NAME, Store, set_aside, set_aside_files

    from .helpers import run_cli
    _history_of_three(tmp_path).close()
    aside = set_aside(tmp_path / DB_NAME)  # what release 0.1.0 did with a schema it did not know
    assert aside.name.startswith(DB_NAME + ".aside-")
    Store(tmp_path / DB_NAME).close()  # the fresh one it started
    (info,) = set_aside_files(tmp_path / DB_NAME)
    assert (info["runs"], info["games"], info["schema"]) == (3, 1, "7")
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    r = run_cli("history")
    assert r.returncode == 0 and "No runs yet." in r.stdout
    assert f"set aside as {aside}: it holds 3 runs and 1 game in progress (schema 7)" in r.stderr
    assert f"rename {aside.name} to {DB_NAME}" in r.stderr
    data = json.loads(run_cli("history", "--json").stdout)
    assert data["runs"] == [] and data["set_aside"][0]["runs"] == 3 and "rename" in data["set_aside"][0]["restore"]
    # and the restore it describes works: the three runs are back
    for x in ("", "-wal", "-shm"):
        (tmp_path / (DB_NAME + x)).unlink(missing_ok=True)
        if (tmp_path / (aside.name + x)).exists():
            (tmp_path / (aside.name + x)).rename(tmp_path / (DB_NAME + x))
    assert len(Store(tmp_path / DB_NAME).runs()) == 3


def test_a_save_a_later_release_upgraded_is_read_as_it_is_and_never_set_aside(tmp_path, monkeypatch):
    """A later release that only adds tables and columns (schema 8 here):
    history, export and replay --run read it as it is; the app says in one
    sentence that it cannot play on it, and the file is left byte for byte.
    One whose tables are not ours any more is set aside, as before."""
    import sqlite3

    from solo.store import DB_NAME, Store, StoreError

    from .helpers import run_cli
    _history_of_three(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("ALTER TABLE runs ADD COLUMN mood TEXT")
    db.execute("CREATE TABLE achievements (id TEXT PRIMARY KEY)")
    db.execute("UPDATE meta SET value='8' WHERE key='schema'")
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    before = (tmp_path / DB_NAME).read_bytes()
    reading = Store(tmp_path / DB_NAME, reading=True)
    assert reading.read_only and len(reading.runs()) == 3 and "written by a newer solo-fluxx (schema 8" in reading.notice
    reading.close()
    with pytest.raises(StoreError, match="cannot play on it without losing what the newer one added"):
        Store(tmp_path / DB_NAME)
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    r = run_cli("history")
    assert r.returncode == 0 and r.stdout.count("finished") == 3 and "newer solo-fluxx" in r.stderr
    assert (tmp_path / DB_NAME).read_bytes() == before and not list(tmp_path.glob("*.aside-*"))
    # a later schema whose runs table is not ours: set aside, as any file that is not a save of ours
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("ALTER TABLE runs RENAME COLUMN seed TO deal")
    db.commit()
    db.close()
    store = Store(tmp_path / DB_NAME)
    assert "set aside" in store.notice and len(list(tmp_path.glob(DB_NAME + ".aside-*"))) == 1


async def test_every_start_and_the_history_screen_name_a_save_set_aside(tmp_path):
    from solo.store import DB_NAME, Store, set_aside

    from .helpers import make_app
    _history_of_three(tmp_path).close()
    aside = set_aside(tmp_path / DB_NAME)
    store = Store(tmp_path / DB_NAME)
    store.set_pref("lessons_offered", True)
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any(f"set aside as {aside}" in n.message for n in app._notifications)
        app.show_history()
        await pilot.pause()
        note = str(app.screen.query_one("#history-aside").render())
        assert "it holds 3 runs and 1 game in progress" in " ".join(note.split())
    store.close()
