"""The save store's small pieces, each on its own: what counts as a damaged
database, how a save is set aside (never over another file), the size and
room checks behind the "disk full" sentence, and a save on a read-only place
whose last moves are still in its -wal."""
from __future__ import annotations

import datetime as real_dt
import os
import shutil
import sqlite3
import types
from pathlib import Path

import pytest

import solo.store as st
from engine.game import Game
from solo.store import Store


# ------------------------------------------------------------ damaged or not
class Coded(sqlite3.DatabaseError):
    def __init__(self, text: str, code: int | None):
        super().__init__(text)
        if code is not None:
            self.sqlite_errorcode = code


@pytest.mark.parametrize(("text", "code", "damaged"), [
    ("file is not a database", None, True),
    ("database disk image is malformed", None, True),
    ("Database Disk Image Is MALFORMED", None, True),  # the words in any case
    ("disk I/O error", None, False),
    ("whatever the words", 11, True),            # SQLITE_CORRUPT
    ("whatever the words", 26, True),            # SQLITE_NOTADB
    ("whatever the words", 11 | (1 << 8), True),  # an extended code of CORRUPT (CORRUPT_VTAB)
    ("file is not a database", 10, False),        # the code, when there is one, is what counts
    ("database is locked", 5, False),
])
def test_what_counts_as_a_damaged_database(text, code, damaged):
    assert st._corrupt(Coded(text, code)) is damaged


# ------------------------------------------------------------ set aside
def frozen_clock(monkeypatch, when=real_dt.datetime(2026, 12, 6, 9, 30, 15)):
    fake = types.SimpleNamespace(datetime=types.SimpleNamespace(now=lambda: when))
    monkeypatch.setattr(st, "dt", fake)
    return "20261206-093015"


def test_set_aside_moves_the_save_with_its_wal_and_shm(tmp_path, monkeypatch):
    stamp = frozen_clock(monkeypatch)
    save = tmp_path / "s.sqlite3"
    for suffix, text in (("", "db"), ("-wal", "wal"), ("-shm", "shm")):
        save.with_name(save.name + suffix).write_text(text)
    aside = st.set_aside(save)
    assert aside.name == f"s.sqlite3.aside-{stamp}"
    assert sorted(p.name for p in tmp_path.iterdir()) == [aside.name, aside.name + "-shm", aside.name + "-wal"]
    assert [aside.with_name(aside.name + x).read_text() for x in ("", "-wal", "-shm")] == ["db", "wal", "shm"]


def test_set_aside_never_takes_a_name_in_use(tmp_path, monkeypatch):
    """The same second twice: -2; a name whose -wal or -shm alone is there is
    taken too (a save set aside there would be read with a stranger's -wal)."""
    stamp = frozen_clock(monkeypatch)
    save = tmp_path / "s.sqlite3"
    save.write_text("one")
    assert st.set_aside(save).name == f"s.sqlite3.aside-{stamp}"
    save.write_text("two")
    assert st.set_aside(save).name == f"s.sqlite3.aside-{stamp}-2"
    (tmp_path / f"s.sqlite3.aside-{stamp}-3-wal").write_text("a stranger's")
    (tmp_path / f"s.sqlite3.aside-{stamp}-4-shm").write_text("a stranger's")
    save.write_text("three")
    assert st.set_aside(save).name == f"s.sqlite3.aside-{stamp}-5"
    assert (tmp_path / f"s.sqlite3.aside-{stamp}").read_text() == "one"
    assert (tmp_path / f"s.sqlite3.aside-{stamp}-2").read_text() == "two"
    assert (tmp_path / f"s.sqlite3.aside-{stamp}-5").read_text() == "three"


def test_moving_without_hard_links_still_never_replaces(tmp_path, monkeypatch):
    def no_links(src, dst):
        raise PermissionError(1, "Operation not permitted")  # a file system without hard links
    monkeypatch.setattr(st.os, "link", no_links)
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_text("a")
    st._move_no_replace(a, b)
    assert not a.exists() and b.read_text() == "a"
    a.write_text("new")
    with pytest.raises(FileExistsError) as e:
        st._move_no_replace(a, b)
    assert e.value.args == (b,) and a.read_text() == "new" and b.read_text() == "a"


# ------------------------------------------------------------ size and room
def test_file_size_is_the_larger_of_the_save_and_its_wal(tmp_path):
    save = tmp_path / "s.sqlite3"
    assert st._file_size(save) == 0
    save.write_bytes(b"x" * 10)
    assert st._file_size(save) == 10
    save.with_name("s.sqlite3-wal").write_bytes(b"x" * 30)
    assert st._file_size(save) == 30
    save.unlink()
    assert st._file_size(save) == 30


def test_disk_full_means_under_a_million_bytes_free(tmp_path, monkeypatch):
    for free, full in ((999_999, True), (1_000_000, False), (10**9, False)):
        monkeypatch.setattr(st.os, "statvfs", lambda p, free=free: types.SimpleNamespace(f_bavail=free,
                                                                                        f_frsize=1))
        assert st._disk_full(tmp_path / "s.sqlite3") is full

    def nothing(p):
        raise OSError("no statvfs here")
    monkeypatch.setattr(st.os, "statvfs", nothing)
    assert st._disk_full(tmp_path / "s.sqlite3") is False  # unknown: not said to be full


def test_size_limit_is_none_when_there_is_none(monkeypatch):
    import resource
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    assert st._size_limit() == (None if soft == resource.RLIM_INFINITY else soft)
    monkeypatch.setattr(resource, "getrlimit", lambda what: (1_000_000, resource.RLIM_INFINITY))  # ulimit -f
    assert st._size_limit() == 1_000_000
    monkeypatch.setattr(resource, "getrlimit", lambda what: (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    assert st._size_limit() is None
    assert st._first_up("the save") == "The save" and st._first_up("") == "" and st._first_up("é") == "É"


# ------------------------------------------------------------ read-only, with a -wal
def read_only_sqlite(monkeypatch) -> list[str]:
    """SQLite as on a read-only disk: every open is read-only, and a URI is
    one only when the caller says so (as sqlite3.connect does). The URIs the
    store opens are kept: what a real read-only folder needs of them
    (immutable=1 where no -wal is read) the simulation cannot show."""
    real = sqlite3.connect
    uris: list[str] = []

    def connect(path, *args, uri=False, **kw):
        if uri:
            uris.append(str(path))
            return real(path, *args, uri=True, **kw)
        return real(f"file:{path}?mode=ro", *args, uri=True, **kw)
    monkeypatch.setattr(st.sqlite3, "connect", connect)
    monkeypatch.setattr(st, "_writable", lambda path: False)
    return uris


def test_a_read_only_save_shows_the_moves_still_in_its_wal(tmp_path, monkeypatch):
    home = tmp_path / "live"
    s = Store(home / "save.sqlite3")
    for seed in (1, 2):  # in the file itself once closed: run 1 in the history, 2 in play
        g = Game.new(("fluxx5",), 1, "solo", seed)
        s.start(g)
        s.save(g, [])
    s.close()
    s = Store(home / "save.sqlite3")
    s.db.execute("PRAGMA wal_autocheckpoint=0")  # the next runs stay in the -wal, as when a process is killed
    for seed in (3, 4):
        g = Game.new(("fluxx5",), 1, "solo", seed)
        s.start(g)
        s.save(g, [])
    frozen = tmp_path / "ro"
    frozen.mkdir()
    for x in ("", "-wal"):
        shutil.copyfile(home / f"save.sqlite3{x}", frozen / f"save.sqlite3{x}")
    s.close()
    assert (frozen / "save.sqlite3-wal").stat().st_size > 0
    uris = read_only_sqlite(monkeypatch)
    before = {p.name: p.read_bytes() for p in frozen.iterdir()}
    ro = Store(frozen / "save.sqlite3", reading=True)
    assert ro.read_only and "read-only disk or folder" in ro.notice
    copy = os.path.join(ro._copy_dir.name, "save.sqlite3")
    assert uris == [f"file:{copy}?mode=ro"]  # the copy, -wal applied: not immutable
    assert [r["seed"] for r in ro.runs()] == [1, 2, 3]
    ro.close()
    # the save as it was, -wal and all (the simulated read-only open may make an -shm, SQLite's index of
    # the -wal, which a real read-only folder would not let it make)
    assert {p.name: p.read_bytes() for p in frozen.iterdir() if not p.name.endswith("-shm")} == before
    # without its -wal: the file alone, as it is
    for x in ("-wal", "-shm"):
        (frozen / f"save.sqlite3{x}").unlink(missing_ok=True)
    uris.clear()
    ro = Store(frozen / "save.sqlite3", reading=True)
    assert ro.read_only and [r["seed"] for r in ro.runs()] == [1]
    assert not hasattr(ro, "_copy_dir") and uris == [f"file:{frozen / 'save.sqlite3'}?mode=ro&immutable=1"]
    ro.close()
    # an empty -wal (all its moves already in the file) is nothing to copy
    (frozen / "save.sqlite3-wal").write_bytes(b"")
    uris.clear()
    ro = Store(frozen / "save.sqlite3", reading=True)
    assert not hasattr(ro, "_copy_dir") and [r["seed"] for r in ro.runs()] == [1]
    assert uris == [f"file:{frozen / 'save.sqlite3'}?mode=ro&immutable=1"]
    ro.close()
    with pytest.raises(st.StoreError, match="cannot be written"):
        Store(frozen / "save.sqlite3")  # to play: it must be written


def test_a_read_only_save_of_another_schema_is_one_sentence(tmp_path, monkeypatch):
    path = tmp_path / "save.sqlite3"
    s = Store(path)
    s.db.execute("UPDATE meta SET value='1' WHERE key='schema'")
    s.close()
    read_only_sqlite(monkeypatch)
    with pytest.raises(st.StoreError) as e:
        Store(path, reading=True)
    assert str(e.value) == (f"The save database {path} is on a read-only place and was written by another "
                            "version of solo-fluxx; open it where it can be written, so that it can be upgraded.")


def test_learn_list_reads_a_read_only_save(tmp_path, monkeypatch, capsys):
    from solo import cli
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    s = Store()
    s.lesson_done("03-solo-spots", 2)
    s.close()
    read_only_sqlite(monkeypatch)
    assert cli.main(["learn", "--list", "--json"]) == 0
    assert {r["id"]: r["stars"] for r in __import__("json").loads(capsys.readouterr().out)["lessons"]}.get(
        "03-solo-spots") == 2
    assert os.path.exists(tmp_path / "solo-fluxx.sqlite3")


def save_with_a_wal(tmp_path) -> Path:
    """A copy, in tmp_path/ro, of a save whose last move is still in its
    -wal (as a killed process leaves it)."""
    s = Store(tmp_path / "live" / "save.sqlite3")
    s.db.execute("PRAGMA wal_autocheckpoint=0")
    s.start(Game.new(("fluxx5",), 1, "solo", 1))
    frozen = tmp_path / "ro"
    frozen.mkdir()
    for x in ("", "-wal"):
        shutil.copyfile(tmp_path / "live" / f"save.sqlite3{x}", frozen / f"save.sqlite3{x}")
    s.close()
    return frozen


def test_closing_a_read_only_save_removes_its_copy(tmp_path, monkeypatch):
    frozen = save_with_a_wal(tmp_path)
    read_only_sqlite(monkeypatch)
    ro = Store(frozen / "save.sqlite3", reading=True)
    copy = ro._copy_dir.name
    assert os.path.basename(copy).startswith("solo-fluxx-read-") and os.path.isdir(copy)
    ro.close()
    assert not os.path.exists(copy)


# ------------------------------------------------------------ transactions
def test_a_failed_commit_is_rolled_back_and_said(tmp_path):
    """COMMIT can fail and leave the transaction open (here a deferred foreign
    key): it is rolled back, and with a path the error is one sentence."""
    path = tmp_path / "t.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("CREATE TABLE p (id INTEGER PRIMARY KEY)")
    db.execute("CREATE TABLE c (p INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)")
    with pytest.raises(sqlite3.IntegrityError):
        with st._tx(db):
            db.execute("INSERT INTO c VALUES (7)")
    assert not db.in_transaction and db.execute("SELECT count(*) FROM c").fetchone() == (0,)
    with pytest.raises(st.StoreError) as e:
        with st._tx(db, path):
            db.execute("INSERT INTO c VALUES (7)")
    assert str(e.value).startswith(f"The save database {path} could not be used (FOREIGN KEY constraint failed)")
    assert not db.in_transaction and db.execute("SELECT count(*) FROM c").fetchone() == (0,)
    db.close()


def test_a_busy_database_is_said_with_a_path_and_raised_without(tmp_path):
    path = tmp_path / "t.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE x (a)")
    holder.execute("BEGIN IMMEDIATE")
    db = sqlite3.connect(path, isolation_level=None, timeout=0)
    with pytest.raises(sqlite3.OperationalError):
        with st._tx(db):
            pass
    with pytest.raises(st.StoreError) as e:
        with st._tx(db, path):
            pass
    assert str(e.value).startswith(f"The save database {path} is busy in another solo-fluxx")
    holder.execute("ROLLBACK")
    holder.close()
    db.close()


# ------------------------------------------------------------ the file's own checks
def test_writable_needs_the_folder_and_the_file(tmp_path, monkeypatch):
    save = tmp_path / "s.sqlite3"
    no = set()
    monkeypatch.setattr(st.os, "access", lambda p, mode: str(p) not in no)
    assert st._writable(save)                 # a new save in a folder that can be written
    save.write_text("x")
    assert st._writable(save)
    no.add(str(save))
    assert not st._writable(save)             # the file is read-only
    no = {str(tmp_path)}
    assert not st._writable(save)             # the folder is
    save.unlink()
    no = {str(save)}
    assert st._writable(save)                 # what the missing file would say does not count


def header(read=2, write=2, schema=4) -> bytes:
    h = bytearray(b"SQLite format 3\x00" + bytes(84))
    h[18], h[19] = write, read
    h[44:48] = schema.to_bytes(4, "big")
    return bytes(h)


@pytest.mark.parametrize(("head", "said"), [
    (header(), ""),
    (header(read=3), "read version 3"),
    (header(write=0), "write version 0"),
    (header(schema=5), "schema format 5"),
    (header(schema=1 << 24), f"schema format {1 << 24}"),
    (header()[:99], ""),                      # too short to be a database: SQLite's to say
    (b"not a database at all" + bytes(90), ""),
])
def test_future_format_reads_the_header(tmp_path, head, said):
    f = tmp_path / "s.sqlite3"
    f.write_bytes(head)
    assert st._future_format(f) == said


def test_sqlite_header(tmp_path):
    f = tmp_path / "s.sqlite3"
    assert st._sqlite_header(f)               # missing: a new save
    f.write_bytes(b"")
    assert st._sqlite_header(f)               # empty: SQLite makes it a database
    f.write_bytes(b"SQLite format 3\x00" + bytes(100))
    assert st._sqlite_header(f)
    f.write_bytes(b"SQLite format 2\x00" + bytes(100))
    assert not st._sqlite_header(f)
    assert st._sqlite_header(tmp_path)         # not readable as a file: SQLite says what is wrong


# ------------------------------------------------------------ rows of the history
GOOD = (1, "2026-11-01T10:00:00", "2026-11-01T10:20:00", 5, '["fluxx5"]', None, 3, 9, 0, "finished", 0, "0.2.0",
        "standard", 3, 2, '["human", "greedy", "random"]')


def row(**change):
    names = ("rid", "started", "finished", "seed", "decks", "daily", "score", "turns", "assisted", "status",
             "practice", "engine", "variant", "players", "winner", "seats")
    return tuple(change.get(n, v) for n, v in zip(names, GOOD, strict=True))


@pytest.mark.parametrize(("change", "why"), [
    ({}, ""),
    ({"players": 6, "winner": 5}, ""),
    ({"players": 7}, "its mode (variant and seats) is not one solo-fluxx plays"),
    ({"players": 0}, "its mode (variant and seats) is not one solo-fluxx plays"),
    ({"players": "3"}, "its mode (variant and seats) is not one solo-fluxx plays"),
    ({"variant": "no-such-variant"}, "its mode (variant and seats) is not one solo-fluxx plays"),
    ({"variant": None}, "its mode (variant and seats) is not one solo-fluxx plays"),
    ({"winner": 3}, "its winner is not one of its seats"),
    ({"winner": "1"}, "its winner is not one of its seats"),
    ({"winner": -1}, "its winner is not one of its seats"),
    ({"finished": 17}, "its finish time is not a date and time"),
    ({"finished": "yesterday"}, "its finish time is not a date and time"),
    ({"seed": True}, "its seed is not a whole number"),
    ({"seed": "5"}, "its seed is not a whole number"),
    ({"daily": 20261101}, "its daily date is not a date"),
    ({"daily": "someday"}, "its daily date is not a date"),
    ({"score": "3"}, "its score is not a whole number"),
    ({"turns": 2.5}, "its turns is not a whole number"),
    ({"assisted": "no"}, "its assisted or practice mark is not a number"),
    ({"status": "won"}, "its status is not one of finished, abandoned, unreadable"),
    ({"engine": 2}, "its engine version is not text"),
    ({"practice": None}, "its assisted or practice mark is not a number"),
])
def test_what_makes_a_history_row_unreadable(change, why):
    assert st._bad_run_row(row(**change)) == why


# ------------------------------------------------------------ lessons and figures
def test_lesson_stars_are_one_to_three(store):
    store.lesson_done("a")
    store.lesson_done("b", 0)
    store.lesson_done("c", 9)
    store.db.execute("INSERT INTO lessons (id, completed, stars) VALUES ('d', '2026-01-01T00:00:00', 7)")
    assert store.lesson_stars() == {"a": 1, "b": 1, "c": 3, "d": 3}
    stored = dict(store.db.execute("SELECT id, stars FROM lessons").fetchall())
    assert stored == {"a": 1, "b": 1, "c": 3, "d": 7}  # what it writes is in range; what it reads is made so
    assert store.stats()["lessons"] == {"done": 4}


def test_an_abandoned_run_is_not_a_score(store):
    from engine.bots import make_bot
    g = Game.new(("fluxx5",), 1, "solo", 2)
    store.start(g)
    bot, done = make_bot("greedy", 2), []
    while not g.scored:
        a = bot.choose(g)
        from engine.answers import to_json
        done.append(to_json(g, a))
        g.push(a)
    store.save(g, done)
    store.start(Game.new(("fluxx5",), 1, "solo", 3))  # the first is abandoned with its score so far
    (r,) = store.runs()
    assert r["status"] == "abandoned" and r["score"] == len(g.scored) > 0
    assert store.best_and_mean() == (None, None) and store.stats()["played"] == 0


def test_a_read_only_save_whose_wal_cannot_be_copied_is_one_sentence(tmp_path, monkeypatch):
    frozen = save_with_a_wal(tmp_path)
    read_only_sqlite(monkeypatch)

    def full(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(shutil, "copyfile", full)
    with pytest.raises(st.StoreError) as e:
        Store(frozen / "save.sqlite3", reading=True)
    path = frozen / "save.sqlite3"
    assert str(e.value) == (f"The save database {path} is on a read-only place with its last moves in "
                            "save.sqlite3-wal, and a copy to read both could not be made (No space left on "
                            "device); free some space in the temporary folder, or open it where it can be "
                            "written.")


def test_a_read_only_database_that_is_not_a_save_is_one_sentence(tmp_path, monkeypatch):
    path = tmp_path / "save.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE other (x)")
    db.commit()
    db.close()
    read_only_sqlite(monkeypatch)
    with pytest.raises(st.StoreError) as e:
        Store(path, reading=True)
    assert str(e.value) == (f"The save database {path} cannot be written (the file or its folder is read-only); "
                            "make it writable, or set SOLO_FLUXX_HOME to a folder you can write. Nothing was "
                            "changed.")


# ------------------------------------------------------------ small readers
def test_a_slot_that_does_not_exist_is_a_sentence(store):
    with pytest.raises(ValueError) as e:
        store.start(Game.new(("fluxx5",), 1, "solo", 1), slot="nowhere")
    assert str(e.value).startswith("there is no save slot 'nowhere' (the slots are ")
    store.release("solo")  # a slot not held: nothing to let go of
    store.release("solo")


def test_stored_values_of_the_wrong_shape_read_as_nothing(store):
    assert st._json_or(5, "default") == "default" and st._json_or('{"a": 1}', None) == {"a": 1}
    assert st._json_or("not json", []) == []
    assert st._coached({"coached": True}) and st._coached('{"coached": true}') and not st._coached('{"coached": 1}')
    assert st._scores("solo") is True and st._scores("standard") is False
    assert st._scores("no-such-variant") is False  # a run of a variant not installed here: as the standard game's
    g = Game.new(("fluxx5",), 1, "solo", 1)
    store.start(g, extra={"lesson": "x"})
    assert store.notes("solo") == {"lesson": "x"}
    store.db.execute("UPDATE games SET extra='[1, 2]' WHERE slot='solo'")
    assert store.notes("solo") is None
    store.start(Game.new(("fluxx5",), 1, "solo", 2))  # the first in the history
    (rid,) = [r["id"] for r in store.runs()]
    store.db.execute("UPDATE runs SET run='[1, 2]', ending=x'00ff' WHERE id=?", (rid,))  # bytes, not text
    assert store.run_file(rid) == {}
    assert store.runs()[0]["ending"] is None


def test_seats_come_from_the_slots_notes_and_strengths_carry_their_rating(monkeypatch):
    from solo.store import seats
    from solo.store.info import GameInfo
    assert seats.seats_in(GameInfo(seed=1, extra={"seats": ["human", "greedy"]})) == ["human", "greedy"]
    assert seats.seats_in(GameInfo(seed=1)) is None
    monkeypatch.setattr("solo.tools.ladder.ratings", lambda: {"greedy": 1250})
    words = seats.strength_words()
    assert words["greedy"] == "greedy (best-looking card now), rated 1250"
    assert words["random"] == "random (plays any legal card)"  # not measured: no rating said


# ------------------------------------------------------------ opening
def test_a_new_store_is_writable_and_keeps_the_wait_it_was_given(tmp_path):
    s = Store(tmp_path / "s.sqlite3", wait=0.25)
    assert s.wait == 0.25 and s.read_only is False and s.notice is None
    s.close()
    s = Store(tmp_path / "s.sqlite3")
    assert s.wait == st.LOCK_WAIT
    s.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="a folder no one can create (Linux /proc)")
def test_a_data_folder_that_cannot_be_made_is_one_sentence():
    with pytest.raises(st.StoreError) as e:
        Store(Path("/proc/self/no-such-folder/save.sqlite3"))
    assert str(e.value).startswith("The data folder /proc/self/no-such-folder cannot be created (")
    assert str(e.value).endswith("); set SOLO_FLUXX_HOME to a folder you can write.")


def test_a_save_locked_by_another_process_is_one_sentence(tmp_path):
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(st.StoreError) as e:
            Store(path, wait=0.05)
        assert str(e.value).startswith(f"The save database {path} is busy in another solo-fluxx")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
