"""Every state a save can be in gets a true outcome (issue 38, item 3): opened,
migrated, set aside as not ours (the file kept beside, byte for byte), or
refused with advice right for that state (the file untouched). One table,
each row a state made on a real save of five finished runs, each checked
through the command line's `history` (which reads) and the store's open
(which writes)."""
from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from solo.store import DB_NAME, SCHEMA_VERSION, Store, StoreError

from .helpers import run_cli, store_a_finished_run
from .test_store_trust import read_only_connect


def sql(q: str):
    def change(path: Path) -> None:
        c = sqlite3.connect(path)
        c.executescript(q)
        c.close()
    return change


def header(at: int, values: bytes):
    def change(path: Path) -> None:
        b = bytearray(path.read_bytes())
        b[at:at + len(values)] = values
        path.write_bytes(bytes(b))
    return change


# (state, the change, outcome, words the sentence holds)
STATES = [
    ("a current save", lambda p: None, "opened", ""),
    ("the schema row missing, the tables today's", sql("DELETE FROM meta WHERE key='schema'"), "opened", ""),
    ("the schema row old, the tables today's", sql("UPDATE meta SET value='3' WHERE key='schema'"), "opened", ""),
    ("an older save (schema 6: no ending column)",
     sql("UPDATE meta SET value='6' WHERE key='schema'; ALTER TABLE runs DROP COLUMN ending"), "migrated", ""),
    ("a schema row that is no number", sql("UPDATE meta SET value='seven' WHERE key='schema'"), "set aside",
     "is not a number"),
    # a later release that only added (issue 62): read as it is, never set aside, never played on here
    ("a save of a newer solo-fluxx", sql("UPDATE meta SET value='99' WHERE key='schema'"), "kept",
     "written by a newer solo-fluxx (schema 99"),
    ("a save of a newer solo-fluxx whose tables are not ours",
     sql("UPDATE meta SET value='99' WHERE key='schema'; ALTER TABLE runs RENAME COLUMN seed TO deal"), "set aside",
     "written by a newer solo-fluxx (schema 99"),
    ("a view where a table goes", sql("ALTER TABLE runs RENAME TO runs_old; CREATE VIEW runs AS SELECT * FROM runs_old"),
     "set aside", "holds a view named 'runs'"),
    ("a planted trigger", sql("CREATE TRIGGER wipe AFTER INSERT ON runs BEGIN DELETE FROM runs; END"),
     "set aside", "holds a trigger named 'wipe'"),
    ("a header of a newer SQLite: write version 3", header(18, b"\x03"), "refused",
     "newer SQLite file format (write version 3)"),
    ("a header of a newer SQLite: read version 3", header(19, b"\x03"), "refused",
     "newer SQLite file format (read version 3)"),
    ("a schema format SQLite does not know", header(44, b"\x00\x00\x00\x09"), "refused",
     "newer SQLite file format (schema format 9)"),
]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("state, change, outcome, says", STATES, ids=[s[0] for s in STATES])
def test_every_state_of_a_save_has_a_true_outcome(tmp_path, monkeypatch, state, change, outcome, says):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    for seed in range(1, 6):
        store_a_finished_run(seed)
    path = tmp_path / DB_NAME
    change(path)
    before = digest(path)
    r = run_cli("history")
    if outcome in ("opened", "migrated"):
        assert r.returncode == 0 and len(r.stdout.splitlines()) == 6, (r.stdout, r.stderr)  # a header and 5 runs
        assert r.stderr == ""
        s = Store()
        assert s.notice is None and len(s.runs()) == 5
        assert s.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(SCHEMA_VERSION)
        s.close()
    elif outcome == "set aside":
        assert r.returncode == 0 and says in r.stderr and "was set aside as" in r.stderr, r.stderr
        (aside,) = tmp_path.glob(f"{DB_NAME}.aside-*[0-9]")
        assert digest(aside) == before  # kept, byte for byte
        assert r.stdout.strip() == "No runs yet."  # a fresh save in its place
    elif outcome == "kept":  # read as it is for the history; the app is refused; the file untouched
        assert r.returncode == 0 and len(r.stdout.splitlines()) == 6 and says in r.stderr, (r.stdout, r.stderr)
        with pytest.raises(StoreError, match="cannot play on it without losing what the newer one added"):
            Store()
        assert digest(path) == before and not list(tmp_path.glob("*.aside-*"))
    else:  # refused: one sentence with the right advice, the file untouched
        assert r.returncode == 1 and says in r.stderr and r.stderr.count("\n") == 1, r.stderr
        assert "Try again" not in r.stderr and "make it writable" not in r.stderr
        assert "move it away to start a fresh one" in r.stderr and "left as it is" in r.stderr
        assert digest(path) == before and not list(tmp_path.glob("*.aside-*"))
        with pytest.raises(StoreError, match="newer SQLite file format"):
            Store()
        assert digest(path) == before


def test_a_read_only_save_with_a_leftover_wal_is_read_whole(tmp_path, monkeypatch):
    """Before, a read-only save whose last moves were in its -wal (the app was
    killed) showed 3 runs of 5, and `export 5` said there was no run 5."""
    made = tmp_path / "made"
    made.mkdir()
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(made))
    for seed in range(1, 4):
        store_a_finished_run(seed)
    path = made / DB_NAME
    live = sqlite3.connect(path, isolation_level=None)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("PRAGMA wal_autocheckpoint=0")
    row = live.execute("SELECT started, seed, decks, score, turns, status, run FROM runs WHERE id=3").fetchone()
    for _ in range(2):  # runs 4 and 5: only in the -wal
        live.execute("INSERT INTO runs (started, seed, decks, score, turns, status, run) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     row)
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    shutil.copyfile(path, crashed / DB_NAME)  # the files as a kill -9 leaves them
    shutil.copyfile(Path(str(path) + "-wal"), crashed / (DB_NAME + "-wal"))
    live.close()
    assert (crashed / (DB_NAME + "-wal")).stat().st_size > 0
    before = digest(crashed / DB_NAME), digest(crashed / (DB_NAME + "-wal"))
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(crashed))
    read_only_connect(monkeypatch)
    monkeypatch.setattr("solo.store._writable", lambda path: False)  # what os.access says on a read-only disk
    r = run_cli("history")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 6, (r.stdout, r.stderr)  # all five, none missing
    assert "read-only disk or folder" in r.stderr
    r = run_cli("export", "5", tmp_path / "five.json")
    assert r.returncode == 0 and (tmp_path / "five.json").exists(), r.stderr
    assert (digest(crashed / DB_NAME), digest(crashed / (DB_NAME + "-wal"))) == before  # nothing written there
