"""Saved games and run history, in SQLite in the data directory.

Games live in slots (the Solo game, the daily, a lesson, a standard game
against bots), one row each. A game in a slot is saved after every answer,
in one transaction: its seed, decks, every answer so far (as labels) and
the engine state as JSON. Resuming loads the state (exact); the answers are
there to rebuild it if the state ever cannot be read, and for undo. A
finished game moves to the ``runs`` table in the same transaction that
clears its slot.

One game, one writer: a window writes a slot only while it holds that
slot's lock, an ``fcntl.flock`` on a lock file beside the database, which
the operating system releases when the process ends, however it ends.

Only corruption is corruption. A file SQLite calls "not a database" or
"malformed", or that fails its quick check, or that is not a Solo Fluxx
save (a newer schema, a schema version that is not a number, a table of
another shape) is never deleted: it is moved aside, with its ``-wal`` and
``-shm``, under a name no other file has, and a fresh one is started. A
lock held too long, a read-only place, a full disk or an I/O error is not
corruption: the file is left alone and ``StoreError`` says what happened in
one sentence.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
from pathlib import Path
from typing import Any, Literal

from engine.answers import replay
from engine.game import Game
from engine.variants import Outcome
from engine.version import ENGINE_VERSION, RUN_FORMAT

from .info import GameInfo

SCHEMA_VERSION = 7
DB_NAME = "solo-fluxx.sqlite3"
# the slots every store has; besides them, a game of any other registered variant plays in the
# slot named as its variant (a variant's own game: its slot asks the registry, see is_slot)
SLOTS = ("solo", "daily", "lesson", "standard")
SLOT_NAMES = {"solo": "the Solo game", "daily": "the daily challenge", "lesson": "the lesson",
              "standard": "the game against bots"}


def is_slot(slot: str) -> bool:
    """A save slot: one of SLOTS, or the name of a registered variant (its own game)."""
    if slot in SLOTS:
        return True
    from engine.registry import variant_names
    return slot in variant_names()


def keeps_history(slot: str) -> bool:
    """A slot whose games go to the history (every slot but the lesson's)."""
    return slot != "lesson" and is_slot(slot)


def slot_words(slot: str) -> str:
    """The slot in words: "the Solo game", or a variant's "the Turn-limit Fluxx game"."""
    if slot in SLOT_NAMES:
        return SLOT_NAMES[slot]
    from engine.registry import VariantError, get_variant
    try:
        return f"the {get_variant(slot).title} game"
    except VariantError:
        return f"the {slot} game"


def _scores(variant: str) -> bool:
    """Whether the variant's result is a score (Solo's) rather than a winner."""
    from engine.registry import VariantError, get_variant
    try:
        return get_variant(variant).scores
    except VariantError:  # a run of a variant not installed here: as the standard game's
        return False
LOCK_WAIT = 5.0  # seconds to wait for another process's write before saying so

# What a row may hold, checked before a value is read (its size comes from
# the row's header through a blob handle, so a huge value is read neither by
# Python nor by SQLite, whose length() would load it): a
# real game's state is about 3 KB and its answers a few KB, so these are far
# above any real game, and a damaged or planted row costs neither gigabytes
# nor seconds. A value past its cap, nested past MAX_DEPTH or not JSON makes
# its row unreadable: that row is set aside (a game) or shown as unreadable
# (the history), and the rest is read as usual.
MAX_STATE = 1_000_000     # a game's state (characters)
MAX_ANSWERS = 8_000_000   # a game's answers; a preference (the tutor's kept lines)
MAX_SMALL = 100_000       # decks, seats, a slot's notes
MAX_RUN = 9_000_000       # a history row's run record (the answers and a few fields)
MAX_DEPTH = 64            # JSON nesting (a state goes 5 deep)
KEPT_TEXT = 100_000       # an unreadable game's texts kept in its history line too (all of it is in its file)




class _TooBig:
    """A stored value past its cap, in place of the value (which is not read)."""

    def __repr__(self) -> str:
        return "TOO_BIG"


TOO_BIG = _TooBig()


class Unreadable(ValueError):
    """A stored value that cannot be read; its sentence says why."""


_JSON_MARKS = re.compile(r'[\\"\[\]{}]')


def json_depth(text: str, most: int = MAX_DEPTH) -> int:
    """How deep the JSON text nests (counted without recursion, in one pass
    over its brackets and quotes), up to ``most + 1``."""
    depth = deepest = 0
    in_text = False
    skip = -1
    for m in _JSON_MARKS.finditer(text):
        i = m.start()
        if i < skip:
            continue
        c = text[i]
        if in_text:
            if c == "\\":
                skip = i + 2  # the escaped character is no mark
            elif c == '"':
                in_text = False
        elif c == '"':
            in_text = True
        elif c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > most:
                    return deepest
        elif c in "]}":
            depth -= 1
    return deepest


def parse(text: Any, cap: int, what: str) -> Any:
    """A stored JSON value, read only if it is text within ``cap`` characters
    and ``MAX_DEPTH`` levels; else ``Unreadable`` with a sentence."""
    be = "are" if what.endswith("s") else "is"  # its answers are, its state is
    if text is None:
        raise Unreadable(f"its {what} {be} missing")
    if text is TOO_BIG:
        raise Unreadable(f"its {what} {be} longer than {cap:,} bytes")
    if not isinstance(text, str):
        raise Unreadable(f"its {what} {be} not text")
    if len(text) > cap:
        raise Unreadable(f"its {what} {be} longer than {cap:,} characters")
    if len(text) > 2 * MAX_DEPTH and json_depth(text) > MAX_DEPTH:  # (a shorter text cannot nest that deep)
        raise Unreadable(f"its {what} {be} nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Unreadable(f"its {what} {be} not JSON") from None


def data_dir() -> Path:
    home = os.environ.get("SOLO_FLUXX_HOME")
    import platformdirs
    default = Path(platformdirs.user_data_dir("solo-fluxx", appauthor=False))
    if home is not None:
        if not home.strip():  # set but empty: a mistake (an unset variable in a script), not a wish for the default
            raise StoreError(f"SOLO_FLUXX_HOME is set but empty; set it to the folder for the saves, or unset "
                             f"it to use the default folder ({default})")
        return Path(home)
    return default


SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started TEXT NOT NULL, finished TEXT, seed INTEGER NOT NULL, decks TEXT NOT NULL,
    daily TEXT, score INTEGER, turns INTEGER, assisted INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL, run TEXT NOT NULL);
"""
# indexes where the history's reads need them (a history of 20,000 runs, issue 62): the runs of a daily (a
# daily's end, its scored attempt), and the few runs of the lessons' coached game, whose mark is in the run's
# record (found through the index, never by reading every record). An index is no new schema: a release
# that does not know it reads and writes the tables as they are (SQLite keeps the index up to date).
INDEXES = """
CREATE INDEX IF NOT EXISTS runs_by_daily ON runs(daily);
CREATE INDEX IF NOT EXISTS runs_coached ON runs(id) WHERE instr(run, '"coached"') > 0;
"""
GAMES = """
CREATE TABLE IF NOT EXISTS games (
    slot TEXT PRIMARY KEY, variant TEXT NOT NULL, players INTEGER NOT NULL,
    seed INTEGER NOT NULL, decks TEXT NOT NULL, daily TEXT, started TEXT NOT NULL,
    answers TEXT NOT NULL, state TEXT NOT NULL, assisted INTEGER NOT NULL DEFAULT 0, extra TEXT);
"""


def _to_slots(db: sqlite3.Connection) -> None:
    """Version 4: the one current game becomes the game of its slot."""
    _script(db, GAMES)
    if db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='current'").fetchone():
        db.execute("INSERT INTO games SELECT CASE WHEN daily IS NULL THEN 'solo' ELSE 'daily' END, 'solo', 1,"
                   " seed, decks, daily, started, answers, state, assisted, NULL FROM current")
        db.execute("DROP TABLE current")


# the lessons as they were numbered before the objective lessons (schema 5): their new ids
LESSON_IDS_4 = {
    "01-first-turn": "13-first-turn", "02-keepers-and-goals": "14-keepers-and-goals",
    "03-new-rules-at-once": "15-new-rules-at-once", "04-play-rules": "16-play-rules", "05-limits": "17-limits",
    "06-actions-temporary-hands": "19-actions-temporary-hands", "07-free-actions": "20-free-actions",
    "08-creepers": "21-creepers", "09-inflation": "22-inflation", "10-double-agenda": "23-double-agenda",
    "11-solo-rules-deck": "02-solo-first-turn", "12-solo-scoring": "05-solo-the-end",
    "13-surprises": "36-surprises", "14-attaching-creepers": "11-solo-attaching-creepers",
}


def _to_stars(db: sqlite3.Connection) -> None:
    """Version 5: lessons earn stars (a lesson done before counts one), keep
    their progress under their new numbers, and a lesson in progress starts
    again (its steps are objectives now, numbered differently)."""
    _script(db, "ALTER TABLE lessons ADD COLUMN stars INTEGER NOT NULL DEFAULT 1;")
    for old, new in LESSON_IDS_4.items():
        db.execute("UPDATE OR IGNORE lessons SET id=? WHERE id=?", (new, old))
    db.execute("DELETE FROM games WHERE slot='lesson'")


def _to_modes(db: sqlite3.Connection) -> None:
    """Version 6: a run says its mode (variant, seats, bots, winner), so the
    history and the stats keep Solo runs and games against bots apart."""
    _script(db, """
ALTER TABLE runs ADD COLUMN variant TEXT NOT NULL DEFAULT 'solo';
ALTER TABLE runs ADD COLUMN players INTEGER NOT NULL DEFAULT 1;
ALTER TABLE runs ADD COLUMN winner INTEGER;
ALTER TABLE runs ADD COLUMN seats TEXT;
""")
    for rid, run in db.execute("SELECT id, run FROM runs WHERE run LIKE '%standard%'").fetchall():
        data = _json_or(run, None)
        if isinstance(data, dict) and data.get("variant") == "standard":
            players, winner = data.get("players"), data.get("winner")
            db.execute("UPDATE runs SET variant='standard', players=?, winner=? WHERE id=?",
                       (players if isinstance(players, int) else 2, winner if isinstance(winner, int) else None, rid))


def _to_endings(db: sqlite3.Connection) -> None:
    """Version 7: a run says how it ended (the rule's id: win.goal, solo.end,
    game.repetition, game.no-progress, game.stalemate), so a drawn game against
    bots is a result of its own. Runs filed before: a finished game against bots
    with a winner ended by a Goal; one without ended in the old stalemate."""
    _script(db, "ALTER TABLE runs ADD COLUMN ending TEXT;")
    db.execute("UPDATE runs SET ending='win.goal' WHERE status='finished' AND variant='standard' AND winner >= 0")
    db.execute("UPDATE runs SET ending='game.stalemate', winner=NULL WHERE status='finished' AND variant='standard'"
               " AND (winner IS NULL OR winner < 0)")
    db.execute("UPDATE runs SET ending='solo.end' WHERE status='finished' AND variant='solo'")
    # the games in progress were begun on engine 0.1.0 (the last release of schema 6): noted, so that a game
    # whose answers no longer replay on this engine is filed under the engine that recorded it (issue 62)
    db.execute("UPDATE games SET extra = json_set(CASE WHEN json_valid(extra) AND json_type(extra)='object' "
               "THEN extra ELSE '{}' END, '$.engine', '0.1.0') WHERE extra IS NULL OR (json_valid(extra) "
               "AND json_type(extra)='object')")


# schema version -> SQL (or a function) that upgrades from the version before it
MIGRATIONS: dict[int, Any] = {
    2: """
ALTER TABLE runs ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN engine TEXT;
CREATE TABLE IF NOT EXISTS par (date TEXT PRIMARY KEY, score INTEGER NOT NULL, engine TEXT NOT NULL);
""",
    3: """
CREATE TABLE IF NOT EXISTS lessons (id TEXT PRIMARY KEY, completed TEXT NOT NULL);
""",
    4: _to_slots,
    5: _to_stars,
    6: _to_modes,
    7: _to_endings,
}
# the columns each table must have once upgraded (a table of another shape is not our save)
COLUMNS = {
    "meta": ("key", "value"),
    "runs": ("id", "started", "finished", "seed", "decks", "daily", "score", "turns", "assisted", "status", "run",
             "practice", "engine", "variant", "players", "winner", "seats", "ending"),
    "par": ("date", "score", "engine"),
    "lessons": ("id", "completed", "stars"),
    "games": ("slot", "variant", "players", "seed", "decks", "daily", "started", "answers", "state", "assisted",
              "extra"),
}

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _PERM, _TOOBIG, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 3, 18, 26


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


class StoreError(Exception):
    """The save store cannot be used just now; one sentence says why and what
    to do. Nothing was moved, deleted or half-written."""


class SlotBusy(StoreError):
    """The slot's game is open in another window."""


class _NotOurs(Exception):
    """The file is not a Solo Fluxx save this version can read (set aside)."""


class _Newer(Exception):
    """A save a later solo-fluxx upgraded, whose tables still hold ours (a
    later release only adds tables and columns): read as it is, never set
    aside, never written (``version``: its schema)."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def newer_words(path: Path, version: int) -> str:
    return (f"The save database {path} was written by a newer solo-fluxx (schema {version}; this one writes "
            f"schema {SCHEMA_VERSION}). It was left as it is: this solo-fluxx reads its history (solo-fluxx "
            "history, export, replay --run) but cannot play on it without losing what the newer one added; "
            "play with the newer solo-fluxx, or set SOLO_FLUXX_HOME to another folder to play here.")


def set_aside_files(path: Path) -> list[dict[str, Any]]:
    """The save databases set aside beside ``path`` (by this release or any
    other: ``NAME.aside-STAMP``), newest first, each with what it holds
    (runs, games, its schema), read without writing to it."""
    out = []
    for p in sorted(path.parent.glob(path.name + ".aside-*"), key=lambda q: q.name, reverse=True):
        if p.name.endswith(("-wal", "-shm")) or not p.is_file():
            continue
        info: dict[str, Any] = {"path": str(p), "bytes": p.stat().st_size, "runs": None, "games": None,
                                "schema": None}
        try:
            db = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            try:
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                if "runs" in tables:
                    info["runs"] = db.execute("SELECT count(*) FROM runs").fetchone()[0]
                for t in ("games", "current"):
                    if t in tables:
                        info["games"] = (info["games"] or 0) + db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                if "meta" in tables:
                    row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                    info["schema"] = str(row[0])[:20] if row else None
            finally:
                db.close()
        except (sqlite3.Error, OSError, ValueError):
            pass  # not readable as a database: said so below
        out.append(info)
    return out


def aside_words(info: dict[str, Any], live: Path) -> str:
    """A set-aside save in a sentence: where, what it holds, how to bring it back."""
    name = Path(info["path"]).name
    if info["runs"] is None and info["games"] is None:
        held = "it could not be read as a database"
    else:
        held = (f"it holds {info['runs'] or 0} run{'s' if info['runs'] != 1 else ''} and "
                f"{info['games'] or 0} game{'s' if info['games'] != 1 else ''} in progress"
                + (f" (schema {info['schema']}" + (", newer than this solo-fluxx's" if str(info['schema']).isdigit()
                                                    and int(info['schema']) > SCHEMA_VERSION else "") + ")"
                   if info["schema"] else ""))
    return (f"An earlier save database was set aside as {info['path']}: {held}. To go back to it, close every "
            f"Solo Fluxx, move {live.name} and its -wal and -shm files out of {live.parent}, and rename {name} "
            f"to {live.name} (and its -wal and -shm files, if any, to {live.name}-wal and {live.name}-shm).")


def store_error(path: Path, e: BaseException) -> StoreError:
    """The sentence for a database error that is not corruption."""
    code = getattr(e, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(e).lower()
    if primary in (_BUSY, _LOCKED) or "locked" in text or "busy" in text:
        return StoreError(f"The save database {path} is busy in another solo-fluxx (still locked after "
                          f"waiting {LOCK_WAIT:g} s); close the other window or command and try again. Nothing was changed.")
    if primary in (_READONLY, _PERM) or "readonly" in text or "read-only" in text:
        return StoreError(f"The save database {path} cannot be written (the file or its folder is read-only); "
                          "make it writable, or set SOLO_FLUXX_HOME to a folder you can write. Nothing was changed.")
    # a full disk and a file-size limit look alike to SQLite ("database or disk is full", or "disk I/O
    # error" when the write itself fails): the disk's free space and the process's size limit tell them apart
    if primary in (_FULL, _TOOBIG, _IOERR) or "full" in text or "too big" in text or "i/o error" in text:
        limit = _size_limit()
        if limit is not None and _file_size(path) + 65536 >= limit:
            return StoreError(f"The save database {path} has reached this process's file size limit "
                              f"({limit:,} bytes, ulimit -f); raise the limit and start solo-fluxx again. "
                              "Your saves are as they were before the last move.")
        if primary == _FULL or "full" in text or _disk_full(path):
            return StoreError(f"The disk holding {path} is full; free some space on it and try again. "
                              "Your saves are as they were before the last move.")
        if primary == _TOOBIG or "too big" in text:
            return StoreError(f"A value too big for the save database {path} was refused; nothing was changed.")
        # else a read or write that failed for another reason: the sentence below
    if not _writable(path):
        return StoreError(f"The save database {path} cannot be written (the file or its folder is read-only); "
                          "make it writable, or set SOLO_FLUXX_HOME to a folder you can write. Nothing was changed.")
    if primary == _CANTOPEN or "unable to open" in text:
        return StoreError(f"The save database {path} cannot be opened (check that its folder exists and can be "
                          "read); nothing was changed.")
    return StoreError(f"The save database {path} could not be used ({e}); it was left as it is. Try again, "
                      "or set SOLO_FLUXX_HOME to another folder.")


def _size_limit() -> int | None:
    """This process's limit on a file's size (ulimit -f), or None for none."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else soft


def _file_size(path: Path) -> int:
    """The larger of the database's size and its -wal's (where a write that hit a limit was going)."""
    sizes = []
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            sizes.append(p.stat().st_size)
        except OSError:
            pass
    return max(sizes, default=0)


def _disk_full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (almost) no room left for this user."""
    try:
        st = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return False
    return st.f_bavail * st.f_frsize < 1_000_000


def _corrupt(e: BaseException) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (_CORRUPT, _NOTADB)
    text = str(e).lower()
    return "not a database" in text or "malformed" in text


def set_aside(path: Path) -> Path:
    """Move ``path`` (and its ``-wal``/``-shm``) to a name no file has; never
    replaces a file. Returns the new name of ``path``."""
    stamp = f"{dt.datetime.now():%Y%m%d-%H%M%S}"
    n = 1
    while True:
        aside = path.with_name(f"{path.name}.aside-{stamp}" + (f"-{n}" if n > 1 else ""))
        side = [aside] + [aside.with_name(aside.name + x) for x in ("-wal", "-shm")]
        if not any(os.path.lexists(p) for p in side):
            try:
                _move_no_replace(path, aside)
                break
            except FileExistsError:
                pass
        n += 1
    for x in ("-wal", "-shm"):
        src = path.with_name(path.name + x)
        if src.exists():
            _move_no_replace(src, aside.with_name(aside.name + x))
    return aside


def _move_no_replace(src: Path, dst: Path) -> None:
    """Rename that fails with FileExistsError rather than replace ``dst``."""
    try:
        os.link(src, dst)  # fails if dst exists
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: check, then rename
        if os.path.lexists(dst):
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    os.unlink(src)


class Store:
    """The save database. ``notice`` holds a sentence to show the player, if
    any; ``skipped`` the sentences for history rows that could not be read."""

    def __init__(self, path: Path | None = None, wait: float | None = None, reading: bool = False):
        """``reading``: the caller only reads (history, export), so a save on a
        read-only disk or folder is opened read-only instead of refused."""
        self.path = Path(path) if path else data_dir() / DB_NAME
        self.wait = LOCK_WAIT if wait is None else wait
        self.read_only = False
        self.notice: str | None = None
        self.skipped: list[str] = []
        self.unreadable: dict[int, str] = {}  # history rows that cannot be read, by id: why (filled by runs())
        self._locks: dict[str, int] = {}
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise StoreError(f"The data folder {folder} is a file, not a folder; move that file away, or set "
                             "SOLO_FLUXX_HOME to another folder.") from None
        except OSError as e:
            raise StoreError(f"The data folder {folder} cannot be created ({e.strerror or e}); set "
                             "SOLO_FLUXX_HOME to a folder you can write.") from None
        if self.path.exists() and not self.path.is_file():
            raise StoreError(f"The save database {self.path} is not a regular file; move it away, or set "
                             "SOLO_FLUXX_HOME to another folder.")
        future = _future_format(self.path)
        if future:  # a newer SQLite's file: never set aside, never touched
            raise StoreError(f"The save database {self.path} was written in a newer SQLite file format ({future}) "
                             f"than the SQLite this Python uses ({sqlite3.sqlite_version}) can read and write; open "
                             "it with a solo-fluxx on a newer Python, or move it away to start a fresh one. It was "
                             "left as it is.")
        try:
            if not _sqlite_header(self.path):  # set aside before SQLite touches it (or its -wal)
                raise _NotOurs("it is not an SQLite database")
            self.db = self._open()
        except _NotOurs as e:
            self._start_fresh(str(e))
        except _Newer as e:  # kept whole: read as it is for the history, never played on here
            if not reading:
                raise StoreError(newer_words(self.path, e.version)) from None
            self._open_read_only(newer=True)
            self.notice = newer_words(self.path, e.version)
        except UnicodeDecodeError:  # SQLite's own words about a damaged schema are not text
            self._start_fresh("it could not be read (corrupt)")
        except sqlite3.DatabaseError as e:
            if _corrupt(e):
                self._start_fresh("it could not be read (corrupt)")
            elif reading and self.path.is_file() and not _writable(self.path):
                self._open_read_only()
            else:
                raise store_error(self.path, e) from None

    def _open_read_only(self, newer: bool = False) -> None:
        """The save as it is on a read-only place: nothing can change it, so
        SQLite may read it without its -shm (immutable). A -wal beside it (left
        by a process that was killed) holds the last moves: immutable would
        not read it, so a copy of both is read, with the -wal applied, from a
        temporary folder (never a part of the save shown as the whole)."""
        source = self.path
        wal = self.path.with_name(self.path.name + "-wal")
        if wal.is_file() and wal.stat().st_size > 0:
            import shutil
            import tempfile
            self._copy_dir = tempfile.TemporaryDirectory(prefix="solo-fluxx-read-")
            source = Path(self._copy_dir.name) / self.path.name
            try:
                shutil.copyfile(self.path, source)
                shutil.copyfile(wal, source.with_name(source.name + "-wal"))
            except OSError as e:
                raise StoreError(f"The save database {self.path} is on a read-only place with its last moves in "
                                 f"{wal.name}, and a copy to read both could not be made ({e.strerror or e}); "
                                 "free some space in the temporary folder, or open it where it can be "
                                 "written.") from None
        try:
            uri = f"file:{source}?mode=ro" + ("&immutable=1" if source == self.path else "")
            db = sqlite3.connect(uri, uri=True, isolation_level=None)
            db.text_factory = _text
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError as e:
            raise store_error(self.path, e) from None
        if row is None or (row[0] != str(SCHEMA_VERSION) and not newer):
            db.close()
            raise StoreError(f"The save database {self.path} is on a read-only place and was written by another "
                             "version of solo-fluxx; open it where it can be written, so that it can be upgraded.")
        self.db, self.read_only = db, True
        self.notice = (f"The save database {self.path} is on a read-only disk or folder: it is shown as it is, "
                       "and nothing can be saved there.")

    def _start_fresh(self, why: str) -> None:
        aside = set_aside(self.path)
        self.notice = (f"The save database {self.path} was set aside as {aside.name} because {why}; "
                       "a fresh one was started.")
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as e:
            raise store_error(self.path, e) from None

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=self.wait)
        db.text_factory = _text  # a damaged byte in one row makes that row unreadable, not the history
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise _NotOurs(f"it failed SQLite's integrity check ({str(ok)[:80]})")
            planted = db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger')"
                                 " ORDER BY name").fetchone()
            if planted:  # solo-fluxx makes neither: whatever made one, the file is not a save of ours as it is
                raise _NotOurs(f"it holds a {planted[0]} named {str(planted[1])[:40]!r}, which solo-fluxx never makes")
            with _tx(db):
                _script(db, SCHEMA)
                row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                try:
                    version = int(row[0]) if row else 0
                except (TypeError, ValueError):
                    raise _NotOurs(f"its schema version {str(row[0])[:20]!r} is not a number") from None
                if version > SCHEMA_VERSION:
                    for table, cols in COLUMNS.items():  # a later release adds tables and columns after ours
                        have = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
                        if have[:len(cols)] != cols:
                            raise _NotOurs(f"it was written by a newer solo-fluxx (schema {version}, this one "
                                           f"reads {SCHEMA_VERSION}) whose table '{table}' is not ours")
                    raise _Newer(version)
                if version < SCHEMA_VERSION and all(
                        tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})")) == cols
                        for table, cols in COLUMNS.items()):
                    version = SCHEMA_VERSION  # its tables are today's already (the schema row lost or stale)
                for v in range(version + 1, SCHEMA_VERSION + 1):
                    step = MIGRATIONS.get(v)
                    if callable(step):
                        step(db)
                    elif step:
                        _script(db, step)
                db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                for table, cols in COLUMNS.items():
                    have = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
                    if have != cols:
                        raise _NotOurs(f"its table '{table}' is not the one solo-fluxx writes "
                                       f"(columns {', '.join(have) or 'none'})")
                _script(db, INDEXES)
        except BaseException:
            db.close()
            raise
        return db

    def _write(self) -> _tx:
        """A write transaction whose database errors become one StoreError sentence."""
        return _tx(self.db, self.path)

    # -------------------------------------------------------------- slots and their locks
    def claim(self, slot: str, wait: float = 0.0) -> bool:
        """Take the slot's lock (kept until ``release`` or the process ends);
        False if another process holds it (for ``wait`` seconds, when given:
        a browser tab reloaded waits for its old process to let go)."""
        if wait > 0 and not self.claim(slot):
            import time
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                time.sleep(0.05)
                if self.claim(slot):
                    return True
            return False
        import fcntl
        if slot in self._locks:
            return True
        lock = self.path.with_name(f"{self.path.name}.{slot}.lock")
        try:  # never through a link: a lock file is ours, in the data folder
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as e:
            if lock.is_symlink():
                raise StoreError(f"The lock file {lock} is a link (to {os.readlink(lock)}); solo-fluxx never "
                                 "follows one out of its data folder: remove the link and start again.") from None
            raise StoreError(f"The lock file {lock} cannot be opened ({e.strerror or e}); check that the data "
                             "folder can be written.") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._locks[slot] = fd
        return True

    def release(self, slot: str) -> None:
        fd = self._locks.pop(slot, None)
        if fd is not None:
            os.close(fd)  # closing the file drops the lock

    def release_all(self) -> None:
        for slot in list(self._locks):
            self.release(slot)

    def _must_hold(self, slot: str) -> None:
        if not is_slot(slot):
            raise ValueError(f"there is no save slot {slot!r} (the slots are {', '.join(SLOTS)} and each "
                             "variant's own)")
        if not self.claim(slot):
            raise SlotBusy(f"{_first_up(slot_words(slot))} is open in another window; it was not changed here.")

    # -------------------------------------------------------------- the game of a slot
    # -------------------------------------------------------------- bounded reads
    def _size(self, table: str, rowid: int, column: str) -> int:
        """The bytes of a stored text or blob, from its row's header (the value
        itself is not read); 0 for a number or NULL."""
        try:
            with self.db.blobopen(table, column, rowid, readonly=True) as b:
                return len(b)
        except sqlite3.OperationalError:  # "cannot open value of type integer/null": small
            return 0

    def _rows(self, table: str, where: str, args: tuple[Any, ...], items: list[Any]) -> list[tuple[Any, ...]]:
        """The rows of ``table`` that match, in rowid order, one item a column:
        SQL text as it is, or (column, cap) for a value read only when it fits
        its cap (else ``TOO_BIG``), or (column, cap, sql) for SQL over a value
        that fits. Two queries: the guarded values' types and the row ids
        first (neither reads a value), then the rows, where SQL skips each
        value found too big (its size read from the row's header meanwhile)."""
        guarded = [(i, it) for i, it in enumerate(items) if not isinstance(it, str)]
        kinds = ", ".join(f"typeof({it[0]})" for _i, it in guarded) or "1"
        seen = self.db.execute(f"SELECT rowid, {kinds} FROM {table} WHERE {where} ORDER BY rowid", args).fetchall()
        if not seen:
            return []
        big: list[list[int]] = [[] for _ in guarded]
        for row in seen:
            for k, (_i, it) in enumerate(guarded):
                if row[1 + k] in ("text", "blob") and self._size(table, row[0], it[0]) > it[1]:
                    big[k].append(row[0])
        parts, params = [], []
        g = 0
        for it in items:
            if isinstance(it, str):
                parts.append(it)
                continue
            column, _cap, *sql = it
            if big[g]:  # CASE reads the value only for a row not on the list
                parts.append(f"CASE WHEN rowid IN (SELECT value FROM json_each(?)) THEN NULL "
                             f"ELSE {sql[0] if sql else column} END")
                params.append(json.dumps(big[g]))
            else:
                parts.append(sql[0] if sql else column)
            g += 1
        params.append(json.dumps([row[0] for row in seen]))
        rows = self.db.execute(f"SELECT rowid, {', '.join(parts)} FROM {table} WHERE rowid IN "
                               "(SELECT value FROM json_each(?)) ORDER BY rowid", params).fetchall()
        too_big = {(rid, guarded[k][0]) for k, ids in enumerate(big) for rid in ids}
        if not too_big:
            return [r[1:] for r in rows]
        return [tuple(TOO_BIG if (r[0], i) in too_big else v for i, v in enumerate(r[1:])) for r in rows]

    def _row(self, table: str, where: str, args: tuple[Any, ...], items: list[Any]) -> tuple[Any, ...] | None:
        rows = self._rows(table, where, args, items)
        return rows[0] if rows else None

    def start(self, g: Game, daily: str | None = None, slot: str = "solo", extra: dict[str, Any] | None = None) -> None:
        """Begin a new game in ``slot``; an unfinished one there is kept in the history as abandoned."""
        self._must_hold(slot)
        why = self._unreadable(slot) if keeps_history(slot) else ""
        if why:  # the game there cannot be filed as abandoned: its bytes are kept in a file instead
            self.set_row_aside(slot, why)
        with self._write():
            old = self._row("games", "slot=?", (slot,),
                            ["seed", ("decks", MAX_SMALL), "daily", "started", ("answers", MAX_ANSWERS), "assisted",
                             ("state", MAX_STATE), "variant", "players", ("extra", MAX_SMALL)])
            if old and keeps_history(slot):
                score, turns = _score_of(old[6])  # an abandoned attempt keeps the score it had (Solo)
                self._archive(old[:6], score if _scores(old[7]) else None, turns, "abandoned", old[7], old[8],
                              seats_of(_json_or(old[9], None)), coached=_coached(old[9]),
                              engine=_abandoned_under(old[6], old[4], old[9]))
            self.db.execute("DELETE FROM games WHERE slot=?", (slot,))
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
                            (slot, g.variant_name, g.nplayers, g.seed, json.dumps(g.decks), daily, _now(), "[]",
                             json.dumps(g.to_dict()), json.dumps(extra) if extra else None))

    def save(self, g: Game, answers: list[Any], assisted: bool = False, slot: str = "solo",
             extra: dict[str, Any] | None = None) -> None:
        """Save after an answer (one transaction); a finished game goes to the history.
        ``extra`` replaces the slot's own notes (a lesson's step)."""
        self._must_hold(slot)
        with self._write():
            if extra is not None:
                self.db.execute("UPDATE games SET extra=? WHERE slot=?", (json.dumps(extra), slot))
            if g.over and not keeps_history(slot):
                self.db.execute("DELETE FROM games WHERE slot=?", (slot,))
            elif g.over:
                row = self._row("games", "slot=?", (slot,),  # (its answers are not read: these replace them)
                                ["seed", ("decks", MAX_SMALL), "daily", "started", "NULL", "assisted", "variant",
                                 "players", ("extra", MAX_SMALL)])
                if row:
                    rec = row[:4] + (json.dumps(answers), int(assisted or row[5]))
                    self._archive(rec, _result(g.variant.outcome(g)),
                                  g.turn, "finished", row[6], row[7], seats_of(_json_or(row[8], None)),
                                  coached=_coached(row[8]), ending=g.end or None,
                                  engine=_filed_under(g, answers, row[8]))
                self.db.execute("DELETE FROM games WHERE slot=?", (slot,))
            else:
                self.db.execute("UPDATE games SET answers=?, state=?, assisted=MAX(assisted, ?) WHERE slot=?",
                                (json.dumps(answers), json.dumps(g.to_dict()), int(assisted), slot))

    def clear(self, slot: str) -> None:
        """Empty a slot without filing its game (a lesson that is done)."""
        self._must_hold(slot)
        with self._write():
            self.db.execute("DELETE FROM games WHERE slot=?", (slot,))

    def notes(self, slot: str) -> dict[str, Any] | None:
        """The slot's own notes (a lesson's id and step), without loading its game."""
        row = self._row("games", "slot=?", (slot,), [("extra", MAX_SMALL)])
        if row is None:
            return None
        v = _json_or(row[0], None)
        return v if isinstance(v, dict) else None

    def in_progress(self) -> dict[str, dict[str, Any]]:
        """Each slot with a game in it: its info (seed, decks, daily, started, turn, extra)."""
        out = {}
        rows = self._rows("games", "1", (), ["slot", "seed", ("decks", MAX_SMALL), "daily", "started",
                                            ("state", MAX_STATE,
                                             "CASE WHEN json_valid(state) THEN json_extract(state, '$.turn') END"),
                                            ("extra", MAX_SMALL)])
        for slot, seed, decks, daily, started, turn, extra in sorted(rows, key=lambda r: str(r[0])):
            if is_slot(slot):
                out[slot] = {"seed": seed, "decks": _json_or(decks, []), "daily": daily, "started": started,
                             "turn": turn if type(turn) is int else None, "extra": _json_or(extra, None)}
        return out

    def load(self, slot: str = "solo") -> tuple[Game, list[Any], GameInfo] | None:
        """The game in ``slot``: (game, answers, info), or None. Reading needs no lock.
        A lesson is not loaded here: its table is its scenario's, rebuilt from its
        step (``notes``), and a deal from the seed would be another game."""
        if not keeps_history(slot):
            raise ValueError(f"the {slot} slot is resumed from its notes, not loaded as a game")
        row = self._row("games", "slot=?", (slot,),
                        ["seed", ("decks", MAX_SMALL), "daily", "started", ("answers", MAX_ANSWERS),
                         ("state", MAX_STATE), "assisted", "variant", "players", ("extra", MAX_SMALL)])
        if not row:
            return None
        seed, decks, daily, started, answers, state, assisted, variant, players, extra = row
        try:
            answers = parse(answers, MAX_ANSWERS, "answers")
            decks = parse(decks, MAX_SMALL, "decks")
            if not isinstance(answers, list) or not isinstance(decks, list):
                raise Unreadable("its answers or decks are not lists")
            try:
                g = Game.from_dict(parse(state, MAX_STATE, "state"))
            except Exception:
                try:  # the answers are the record; the state a cache
                    g = rebuild(seed, decks, answers, variant, players)
                except Exception as e:
                    raise Unreadable(f"neither its state nor its answers give a game ({type(e).__name__})") from None
        except Unreadable as e:
            # kept, never deleted: its bytes go to a file beside the save, a line in the history says
            # so, and the slot is freed so that a new game can start
            if not self.claim(slot):
                return None  # another window has it; that window files it
            kept = self.set_row_aside(slot, str(e))
            self.notice = (f"The saved game of {slot_words(slot)} could not be read ({e}); its bytes "
                           f"were kept in {kept}, it is listed in the history as 'unreadable', and a new game "
                           "can be started.")
            return None
        return g, answers, GameInfo(seed, decks, slot=slot, daily=daily, started=started, assisted=bool(assisted),
                                    extra=_json_or(extra, None))

    def _unreadable(self, slot: str) -> str:
        """Why the game row in ``slot`` cannot be read as a record (its answers
        and decks), or '' (no row, or a readable one)."""
        row = self._row("games", "slot=?", (slot,), [("answers", MAX_ANSWERS), ("decks", MAX_SMALL)])
        if row is None:
            return ""
        try:
            answers, decks = parse(row[0], MAX_ANSWERS, "answers"), parse(row[1], MAX_SMALL, "decks")
        except Unreadable as e:
            return str(e)
        return "" if isinstance(answers, list) and isinstance(decks, list) else "its answers or decks are not lists"

    def set_row_aside(self, slot: str, why: str) -> str:
        """Keep a game row that cannot be read: every column's bytes, streamed
        from SQLite into a file beside the save (never read whole into
        memory), a line in the history that names the file, and the slot
        freed. Returns the file's name."""
        import datetime
        stamp = datetime.datetime.now().strftime("%Y%m%dT%H%M%S")
        path = self.path.parent / f"unreadable-{slot}-{stamp}.txt"
        n = 1
        while path.exists():
            n += 1
            path = self.path.parent / f"unreadable-{slot}-{stamp}-{n}.txt"
        cols = ("variant", "players", "seed", "decks", "daily", "started", "answers", "state", "assisted", "extra")
        with self._write():
            rowid = self.db.execute("SELECT rowid FROM games WHERE slot=?", (slot,)).fetchone()
            info = self._row("games", "slot=?", (slot,), ["seed", "started", "daily", "assisted", ("decks", MAX_SMALL)]
                             + [(c, KEPT_TEXT) for c in ("answers", "decks", "state")])
            if rowid is None or info is None:
                return path.name
            try:
                with open(path, "xb") as f:
                    f.write(f"solo-fluxx: the saved game of slot {slot}, which could not be read ({why}); "
                            f"each column as it was stored\n".encode())
                    for col in cols:
                        kind = self.db.execute(f"SELECT typeof({col}) FROM games WHERE slot=?", (slot,)).fetchone()[0]
                        size = self._size("games", rowid[0], col)
                        f.write(f"== {col} ({kind}, {size} bytes)\n".encode())
                        if kind in ("text", "blob") and size:
                            with self.db.blobopen("games", col, rowid[0], readonly=True) as blob:
                                while chunk := blob.read(1 << 20):
                                    f.write(chunk)
                        elif kind != "null":
                            f.write(str(self.db.execute(f"SELECT {col} FROM games WHERE slot=?",
                                                        (slot,)).fetchone()[0]).encode())
                        f.write(b"\n")
            except OSError as e:
                raise StoreError(f"The saved game of {slot_words(slot)} could not be read ({why}) and "
                                 f"could not be copied to {path} ({e.strerror or e}); it is left where it is.") \
                    from None
            seed, started, daily, assisted, decks = info[:5]
            d = _json_or(decks, [])
            # the history's line names the file, with the texts themselves when they are short
            record = {"kept_in": path.name, "why": why}
            for name, text in zip(("answers_text", "decks_text", "state_text"), info[5:], strict=True):
                if isinstance(text, str):
                    record[name] = text
            self.db.execute("INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted,"
                            " status, run, practice, engine) VALUES (?, NULL, ?, ?, ?, NULL, NULL, ?,"
                            " 'unreadable', ?, 0, ?)",
                            (started if isinstance(started, str) and _iso(started) else _now(),
                             seed if type(seed) is int else 0,
                             json.dumps(d if isinstance(d, list) and all(isinstance(x, str) for x in d) else []),
                             daily if isinstance(daily, str) and _iso(daily) else None,
                             1 if assisted else 0, json.dumps(record), ENGINE_VERSION))
            self.db.execute("DELETE FROM games WHERE slot=?", (slot,))
        return path.name

    def _archive(self, row: tuple[Any, ...], score: int | None, turns: int | None, status: str,
                 variant: str = "solo", players: int = 1,
                 seats: list[str] | None = None, coached: bool = False, ending: str | None = None,
                 engine: str = ENGINE_VERSION) -> None:
        seed, decks, daily, started, answers, assisted = row
        run = {"format": RUN_FORMAT, "engine": engine, "variant": variant, "decks": _json_or(decks, []),
               "players": players, "seed": seed, "daily": daily, "answers": _json_or(answers, [], MAX_ANSWERS),
               "turns": turns}
        winner = None
        if coached:  # the lessons' coached game: kept apart from the Solo figures (not part of a run file)
            run["coached"] = True
        if _scores(variant):
            run["score"] = score
        else:
            run["winner"] = winner = score  # None: a draw (or a game not finished)
            score = None
            if seats:
                run["seats"] = seats
        if ending and not _scores(variant):  # how a game against bots ended (a Solo game ends one way)
            run["end"] = ending
        practice = 0
        if daily:
            # one scored attempt a day: the date's first attempt, finished or abandoned; later ones are practice
            done = self.db.execute("SELECT 1 FROM runs WHERE daily=? AND status IN ('finished', 'abandoned')"
                                   " AND practice=0", (daily,)).fetchone()
            practice = 1 if done else 0
        self.db.execute("INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted, status,"
                        " run, practice, engine, variant, players, winner, seats, ending)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (started, _now() if status == "finished" else None, seed, decks, daily, score, turns,
                         int(assisted), status, json.dumps(run), practice, engine, variant, players,
                         winner, json.dumps(seats) if seats else None, ending))

    # -------------------------------------------------------------- history
    def runs(self, finished_only: bool = False, newest: int | None = None,
             daily: str | None = None) -> list[dict[str, Any]]:
        """The history, oldest first. A row that cannot be read is skipped and
        a sentence for it is put in ``skipped``; the rest are kept.
        ``newest``: only the last that many rows (a page: the History screen
        shows the newest, and reads older pages when asked); ``daily``: only
        that date's runs. Each row read costs some 0.1 ms (every value is
        checked): a history of 20,000 runs is read in pages, and the figures
        over all of it (stats, best_and_mean, bot_stats) are summed by SQL."""
        from engine.registry import variant_names
        known = frozenset(variant_names())
        # the coached mark is looked for in the run's text before its JSON is parsed (few runs carry it)
        items = ["id", "started", "finished", "seed", ("decks", MAX_SMALL), "daily", "score", "turns", "assisted",
                 "status", "practice", "engine", "variant", "players", "winner", ("seats", MAX_SMALL),
                 ("run", MAX_RUN, "CASE WHEN instr(run, '\"coached\"') AND json_valid(run) "
                                  "THEN json_extract(run, '$.coached') END"), "ending"]
        where: list[str] = ["status='finished'"] if finished_only else []
        args: list[Any] = []
        if daily is not None:
            where.append("daily=?")
            args.append(daily)
        if newest is not None:
            where.append(f"rowid IN (SELECT rowid FROM runs{' WHERE ' + ' AND '.join(where) if where else ''} "
                         "ORDER BY rowid DESC LIMIT ?)")
            args = args + args + [max(0, newest)]
        out = []
        for r in self._rows("runs", " AND ".join(where) or "1", tuple(args), items):
            seats = _json_or(r[15], None)
            why = _bad_run_row(r, known, seats)
            if why:
                self.unreadable[r[0]] = why
                note = (f"Run {r[0]} of the history could not be read ({why}); it is skipped and kept in "
                        f"{self.path.name} as it is.")
                if note not in self.skipped:
                    self.skipped.append(note)
                continue
            out.append({"id": r[0], "started": r[1], "finished": r[2], "seed": r[3], "decks": _json_or(r[4], []),
                        "daily": r[5], "score": r[6], "turns": r[7], "assisted": bool(r[8]), "status": r[9],
                        "practice": bool(r[10]), "engine": r[11], "variant": r[12], "players": r[13],
                        "winner": r[14], "seats": seats, "coached": r[16] in (1, True),
                        "ending": r[17] if isinstance(r[17], str) else None})
        return out

    def daily_scored(self, date_iso: str) -> bool:
        """Whether the date's one scored attempt is in the history (finished or
        abandoned): any later attempt of that daily is practice."""
        return self.db.execute("SELECT 1 FROM runs WHERE daily=? AND status IN ('finished', 'abandoned')"
                               " AND practice=0", (date_iso,)).fetchone() is not None

    def run_file(self, run_id: int) -> dict[str, Any] | None:
        """Run ``run_id`` as run-file data; None if there is no such run; {} if its record cannot be read."""
        r = self._row("runs", "id=?", (run_id,), [("run", MAX_RUN)])
        if r is None:
            return None
        data = _json_or(r[0], {}, MAX_RUN)
        if isinstance(data, dict):
            data.pop("coached", None)  # the history's own note, not part of a run file
        return data if isinstance(data, dict) else {}

    def par(self, date_iso: str) -> int | None:
        """The date's par, if this engine and par bot worked it out (a par of an
        older engine, whose rules differ, is worked out again)."""
        from solo.variant.daily import PAR_BOT
        r = self._row("par", "date=?", (date_iso,), [("score", MAX_SMALL), ("engine", MAX_SMALL)])
        return r[0] if r and type(r[0]) is int and r[1] == f"{ENGINE_VERSION} {PAR_BOT}" else None

    def set_par(self, date_iso: str, score: int) -> None:
        from solo.variant.daily import PAR_BOT
        with self._write():
            self.db.execute("INSERT OR REPLACE INTO par VALUES (?, ?, ?)",
                            (date_iso, score, f"{ENGINE_VERSION} {PAR_BOT}"))

    def count_runs(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM runs").fetchone()[0])

    def has_runs(self) -> bool:
        return self.db.execute("SELECT 1 FROM runs LIMIT 1").fetchone() is not None

    def run_status(self, run_id: int) -> str | None:
        """Run ``run_id``'s status (finished, abandoned...), None if there is no such run."""
        r = self.db.execute("SELECT status FROM runs WHERE id=? AND typeof(status)='text'", (run_id,)).fetchone()
        return r[0] if r and r[0] in RUN_STATUSES else None

    def _finished(self, columns: str, more: str = "", args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """``columns`` of the finished runs whose values read as the history's
        checks want them (_RUN_OK: the checks of ``_bad_run_row`` that the
        figures rest on), in rowid order. Only small columns are read: 20,000
        runs take some 50 ms, where reading them whole took seconds."""
        from engine.registry import variant_names
        known = sorted(variant_names())
        marks = ", ".join("?" * len(known))
        return self.db.execute(f"SELECT {columns} FROM runs WHERE status='finished' AND {_RUN_OK} "
                               f"AND variant IN ({marks}) {more} ORDER BY rowid", (*known, *args)).fetchall()

    def stats(self, today_iso: str | None = None) -> dict[str, Any]:
        """Runs played, best, mean, daily streaks, the score histogram and scores over time."""
        from solo.variant.daily import streaks
        # Solo runs are the scored ones; the coached mark is looked for in the run's text before it is parsed
        every = self._finished(f"score, practice, {_COACHED}, daily, coalesce(finished, started)",
                               "AND typeof(score)='integer'")
        # the Solo figures are your scored runs: a daily played again (practice) and the lessons' coached
        # game are counted apart
        fin = [r for r in every if not r[1] and r[2] not in (1, True)]
        apart = {"practice": [r[0] for r in every if r[1] and r[2] not in (1, True)],
                 "coached": [r[0] for r in every if r[2] in (1, True)]}
        scores = [r[0] for r in fin]
        hist: dict[str, int] = {}
        for x in scores:
            hist[str(x)] = hist.get(str(x), 0) + 1
        scored_days = [r[3] for r in fin if isinstance(r[3], str) and _iso(r[3])]
        cur, longest = streaks(scored_days, today_iso)
        return {"played": len(fin), "best": max(scores) if scores else None,
                "against_bots": self.bot_stats(),
                "practice": {"played": len(apart["practice"]), "best": max(apart["practice"], default=None)},
                "coached": {"played": len(apart["coached"]), "best": max(apart["coached"], default=None)},
                "lessons": {"done": len(self.lessons_done())},
                "mean": round(sum(scores) / len(scores), 2) if scores else None,
                "current_streak": cur, "longest_streak": longest,
                "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
                "over_time": [{"date": local_time(r[4], 10), "score": r[0], "daily": r[3]} for r in fin]}

    def bot_stats(self) -> dict[str, Any]:
        """Finished games against bots: played and won, in all and by table
        (seat count and bot strength: "4 seats, greedy")."""
        played = won = drawn = 0
        tables: dict[str, dict[str, Any]] = {}
        rows = self._finished("players, seats, winner", f"AND players >= 2 AND (seats IS NULL OR {_SEATS_OK})")
        for players, seats_text, winner in rows:
            seats = seats_of(_json_or(seats_text, None)) or []
            if not isinstance(seats, list):
                continue
            me = seats.index("human") if "human" in seats else 0
            bots = sorted({x for x in seats if x != "human"})
            strength = bots[0] if len(bots) == 1 else "mixed" if bots else "unknown"
            key = f"{players} seats, {strength}"
            t = tables.setdefault(key, {"players": players, "bots": strength, "played": 0, "won": 0, "drawn": 0})
            t["played"] += 1
            played += 1
            if winner == me:
                t["won"] += 1
                won += 1
            elif winner is None:  # a draw (repetition, no progress, stalemate): a result of its own
                t["drawn"] += 1
                drawn += 1
        return {"played": played, "won": won, "drawn": drawn, "tables": dict(sorted(tables.items()))}

    def best_and_mean(self) -> tuple[int | None, float | None]:
        scores = [r[0] for r in self._finished(f"score, {_COACHED}", "AND typeof(score)='integer' AND practice=0")
                  if r[1] not in (1, True)]
        return (max(scores), round(sum(scores) / len(scores), 2)) if scores else (None, None)

    def lesson_done(self, lesson_id: str, stars: int = 1) -> None:
        """A lesson finished with ``stars`` (1-3); the best result is kept."""
        stars = max(1, min(3, int(stars)))
        with self._write():
            self.db.execute("INSERT INTO lessons VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                            "completed = excluded.completed, stars = max(stars, excluded.stars)",
                            (lesson_id, _now(), stars))

    def lessons_done(self) -> set[str]:
        return {r[0] for r in self._rows("lessons", "1", (), [("id", MAX_SMALL)]) if isinstance(r[0], str)}

    def lesson_stars(self) -> dict[str, int]:
        """Each finished lesson's best stars."""
        out: dict[str, int] = {}
        for lid, stars in self._rows("lessons", "1", (), [("id", MAX_SMALL), ("stars", MAX_SMALL)]):
            if isinstance(lid, str) and isinstance(stars, int):
                out[lid] = max(1, min(3, stars))
        return out

    # -------------------------------------------------------------- preferences
    def pref(self, key: str, default: Any = None) -> Any:
        """A preference or a small remembered value (JSON), or ``default``."""
        row = self._row("meta", "key=?", ("pref." + key,), [("value", MAX_ANSWERS)])
        if row is None:
            return default
        return _json_or(row[0], default, MAX_ANSWERS)

    def set_pref(self, key: str, value: Any) -> None:
        with self._write():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", ("pref." + key, json.dumps(value)))

    def set_aside_notes(self) -> list[str]:
        """A sentence for each save set aside beside this one, newest first
        (named on every start and in the history until it is moved away)."""
        return [aside_words(info, self.path) for info in set_aside_files(self.path)]

    def checkpoint(self, whole: bool = False) -> bool:
        """Copy what the write-ahead log holds into the database file itself
        (SQLite does it on its own only every thousand pages), so that the
        ``.sqlite3`` file alone holds every game: a backup that copies just
        that file, or a copy made while the app runs, misses nothing older
        than the last checkpoint. ``whole``: also empty the log (on a clean
        quit). Whether it was done to the end (another window reading may hold
        part of the log back: the next one goes on). Never raises."""
        if self.read_only:
            return False
        try:
            busy, _logged, _copied = self.db.execute(
                f"PRAGMA wal_checkpoint({'TRUNCATE' if whole else 'PASSIVE'})").fetchone()
        except sqlite3.Error:
            return False
        return bool(busy == 0)

    def close(self) -> None:
        self.release_all()
        self.checkpoint(whole=True)
        self.db.close()
        copy = getattr(self, "_copy_dir", None)
        if copy is not None:  # a read-only save read through a copy (its -wal applied)
            copy.cleanup()


RUN_STATUSES = ("finished", "abandoned", "unreadable")
# the checks of _bad_run_row that the history's figures rest on, in SQL (a row failing them is left out of
# stats, best_and_mean and bot_stats as the History leaves it out); decks are not read for the figures
_RUN_OK = ("typeof(started)='text' AND (finished IS NULL OR typeof(finished)='text') AND typeof(seed)='integer' "
           "AND (turns IS NULL OR typeof(turns)='integer') AND typeof(assisted)='integer' "
           "AND typeof(practice)='integer' AND typeof(players)='integer' AND players BETWEEN 1 AND 6 "
           "AND (winner IS NULL OR (typeof(winner)='integer' AND winner >= 0 AND winner < players)) "
           "AND (engine IS NULL OR typeof(engine)='text') AND (score IS NULL OR typeof(score)='integer') "
           "AND julianday(started) IS NOT NULL AND (finished IS NULL OR julianday(finished) IS NOT NULL) "
           "AND (daily IS NULL OR (typeof(daily)='text' AND julianday(daily) IS NOT NULL)) "
           f"AND typeof(decks)='text' AND length(decks) <= {MAX_SMALL} AND json_valid(decks) "
           "AND json_type(decks)='array' AND NOT EXISTS (SELECT 1 FROM json_each(decks) WHERE type != 'text')")
# a run's seats, small and well formed (read in Python after that)
_SEATS_OK = f"(typeof(seats)='text' AND length(seats) <= {MAX_SMALL} AND json_valid(seats))"
# the lessons' coached game: its mark in the run's record, looked for before the record is parsed
_COACHED = ("CASE WHEN id IN (SELECT id FROM runs INDEXED BY runs_coached WHERE instr(run, '\"coached\"') > 0 "
            "AND typeof(run)='text' AND json_valid(run) AND json_extract(run, '$.coached') IN (1, 'true')) "
            "THEN 1 END")


def _known_variant(variant: object, known: frozenset[str] | None = None) -> bool:
    """A variant installed here (the history shows runs of the variants it can replay)."""
    if known is None:
        from engine.registry import variant_names
        known = frozenset(variant_names())
    return isinstance(variant, str) and variant in known


def _bad_run_row(r: tuple[Any, ...], known: frozenset[str] | None = None, seats_read: Any = None) -> str:
    """Why a history row cannot be shown ('' if it can). ``known``: the
    variants installed (looked up once for many rows); ``seats_read``: the
    row's seats already read from their JSON (read here if not given)."""
    if any(v is TOO_BIG for v in r):
        return "a value in it is longer than any real run's"
    rid, started, finished, seed, decks, daily, score, turns, assisted, status, practice, engine = r[:12]
    variant, players, winner, seats = r[12:16]
    if not _known_variant(variant, known) or not isinstance(players, int) or not 1 <= players <= 6:
        return "its mode (variant and seats) is not one solo-fluxx plays"
    if winner is not None and (not isinstance(winner, int) or not 0 <= winner < players):
        return "its winner is not one of its seats"
    if seats is not None and not isinstance(seats_of(_json_or(seats, None) if seats_read is None else seats_read),
                                            list):
        return "its seats are not a list of who sat there"
    if any(isinstance(x, str) and "\ufffd" in x for x in (started, finished, decks, daily, status, engine)):
        return "it holds bytes that are not text (a damaged disk block?)"
    if not isinstance(started, str) or not _iso(started):
        return "its start time is not a date and time"
    if finished is not None and (not isinstance(finished, str) or not _iso(finished)):
        return "its finish time is not a date and time"
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "its seed is not a whole number"
    d = _json_or(decks, None)
    if not isinstance(d, list) or not all(isinstance(x, str) for x in d):
        return "its decks are not a list of deck ids"
    if daily is not None and (not isinstance(daily, str) or not _iso(daily)):
        return "its daily date is not a date"
    for name, v in (("score", score), ("turns", turns)):
        if v is not None and not isinstance(v, int):
            return f"its {name} is not a whole number"
    if not isinstance(assisted, int) or not isinstance(practice, int):
        return "its assisted or practice mark is not a number"
    if status not in RUN_STATUSES:
        return f"its status is not one of {', '.join(RUN_STATUSES)}"
    if engine is not None and not isinstance(engine, str):
        return "its engine version is not text"
    return ""


def _filed_under(g: Game, answers: list[Any], extra: Any) -> str:
    """The engine a finished game is filed under: this one, unless the game
    was begun on an earlier engine (its notes say) and its answers do not
    replay to it here; then that engine, so that replay --run and export say
    why it does not verify on this one, instead of a run claiming this
    engine that this engine cannot replay (issue 62)."""
    recorded = recorded_engine(extra)
    if recorded is None or recorded == ENGINE_VERSION or not replay_check(g, answers, recorded):
        return ENGINE_VERSION
    return recorded


def _abandoned_under(state: Any, answers: Any, extra: Any) -> str:
    """_filed_under for a game left unfinished, from its saved row."""
    if recorded_engine(extra) in (None, ENGINE_VERSION):
        return ENGINE_VERSION
    try:
        g = Game.from_dict(parse(state, MAX_STATE, "state"), check="none")
        moves = parse(answers, MAX_ANSWERS, "answers")
    except Exception:  # a row that cannot be read: filed as it always was
        return ENGINE_VERSION
    return _filed_under(g, moves if isinstance(moves, list) else [], extra)


def _result(o: Outcome) -> int | None:
    """The history's result column: the score of a scored game, else the
    winning seat (None: nobody won)."""
    return o.score if o.score is not None else o.winner


def _coached(extra: Any) -> bool:
    """Whether a slot's notes (JSON text) mark the lessons' coached game."""
    notes = _json_or(extra, None) if isinstance(extra, str) else extra
    return isinstance(notes, dict) and notes.get("coached") is True


def seats_of(extra: Any) -> list[str] | None:
    """Who sat at a game against bots ("human", then each bot's name), from
    its slot's notes or a run's record; None when it is not there or not that."""
    seats = extra.get("seats") if isinstance(extra, dict) else extra
    from engine.bots import BOTS
    if isinstance(seats, list) and seats and all(isinstance(x, str) and (x == "human" or x in BOTS) for x in seats):
        return seats
    return None


def _text(raw: bytes) -> str:
    """Text from the database; bytes that are not UTF-8 show as U+FFFD (the
    row's checks then find it damaged)."""
    return raw.decode("utf-8", "replace")


def _writable(path: Path) -> bool:
    """Whether the save and its folder can be written (a read-only disk says no even to root)."""
    folder = path.parent
    return os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def _future_format(path: Path) -> str:
    """What in an SQLite file's header says a newer SQLite wrote it ('' if
    nothing): its write or read version past 2 (WAL), or a schema format
    past 4 (these SQLite versions know no more)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return ""
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return ""
    write, read = head[18], head[19]
    schema_format = int.from_bytes(head[44:48], "big")
    if not 1 <= read <= 2:
        return f"read version {read}"
    if not 1 <= write <= 2:
        return f"write version {write}"
    if schema_format > 4:
        return f"schema format {schema_format}"
    return ""


def _sqlite_header(path: Path) -> bool:
    """True if ``path`` is missing, empty, or starts as every SQLite database does."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except FileNotFoundError:
        return True
    except OSError:
        return True  # let SQLite say what is wrong with it
    return head in (b"", b"SQLite format 3\x00")


def _iso(text: str) -> bool:
    try:
        dt.datetime.fromisoformat(text)
        return True
    except ValueError:
        return False


class _tx:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on error. With ``path``, a
    database error becomes one StoreError sentence (the transaction rolled back)."""

    def __init__(self, db: sqlite3.Connection, path: Path | None = None):
        self.db, self.path = db, path

    def __enter__(self) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as e:
            if self.path is None:
                raise
            raise store_error(self.path, e) from None

    def __exit__(self, et: type[BaseException] | None, e: BaseException | None, _tb: Any) -> Literal[False]:
        try:
            if et is None:
                self.db.execute("COMMIT")
            elif self.db.in_transaction:
                self.db.execute("ROLLBACK")
        except sqlite3.DatabaseError as e2:
            if self.db.in_transaction:
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.DatabaseError:
                    pass
            if self.path is None:
                raise
            raise store_error(self.path, e2) from None
        if isinstance(e, sqlite3.DatabaseError) and self.path is not None:
            raise store_error(self.path, e) from None
        return False


def _script(db: sqlite3.Connection, sql: str) -> None:
    """Run statements one by one (``executescript`` would commit the open transaction)."""
    for stmt in sql.split(";"):
        if stmt.strip():
            db.execute(stmt)


def _json_or(text: Any, default: Any, cap: int = MAX_SMALL) -> Any:
    """A small stored JSON value, or ``default`` when it cannot be read (``parse``)."""
    try:
        return parse(text, cap, "value") if isinstance(text, str) else default
    except Unreadable:
        return default


def _now() -> str:
    """Now, as stored: the local time with its offset from UTC
    (2026-12-07T05:30:00+01:00), so that the instant is known whatever zone
    the machine is in later (rows written before issue 62 have no offset:
    they are read as the local time they were)."""
    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


_OFFSET: list[Any] = [None, 0.0]  # this machine's offset from UTC as _now() writes it, and when it was looked at


def _offset_here() -> str:
    """``+01:00``: the offset _now() writes now (looked at again after a minute: a zone or DST change)."""
    import time
    if _OFFSET[0] is None or time.monotonic() - _OFFSET[1] > 60.0:
        _OFFSET[0], _OFFSET[1] = dt.datetime.now().astimezone().isoformat(timespec="seconds")[19:], time.monotonic()
    return str(_OFFSET[0])


def local_time(text: str, most: int = 16) -> str:
    """A stored time as the player reads it now: in this machine's zone,
    ``YYYY-MM-DDTHH:MM`` (``most`` characters of it: 10 for the date). A row
    with no offset is shown as stored; a text that is no time, as it is."""
    if isinstance(text, str) and len(text) == 25 and text[19:] == _offset_here():
        return text[:most]  # written in the zone the machine is in now: as it is (most rows; 0.3 µs, not 15)
    try:
        when = dt.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return str(text)[:most]
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%Y-%m-%dT%H:%M:%S")[:most]


def _score_of(state_text: Any) -> tuple[int | None, int | None]:
    """The score and turn a saved state had (None, None if it cannot be read)."""
    try:
        state = parse(state_text, MAX_STATE, "state")
        return len(state["scored"]), int(state["turn"])
    except (Unreadable, KeyError, TypeError, ValueError):
        return None, None


def rebuild(seed: int, decks: list[str], answers: list[Any], variant: str = "solo", players: int = 1) -> Game:
    """A saved game, from its deal and its answers (the one replay loop)."""
    return replay(Game.new(tuple(decks), players, variant, seed), answers)


# what makes a position: the cards where they are, the rules, whose turn, the end (a state's other fields are
# the engine's own bookkeeping, whose shape changes between engines without changing the game)
POSITION = ("draw", "discard", "hands", "tables", "attached", "rules", "rules_deck", "rules_discard", "goals",
            "scored", "turn", "active", "over", "winner")


def position_differs(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The fields of POSITION where two saved states differ."""
    return [k for k in POSITION if a.get(k) != b.get(k)]


def replay_check(g: Game, answers: list[Any], recorded: str | None = None) -> str:
    """'' if ``answers`` replay to ``g``'s position on this engine; else the
    sentence that says why not, naming the engine that recorded them when it
    is known (``recorded``) and what changed since. Undo and a read-only
    watch replay a game's answers: for a game begun on an earlier engine they
    may no longer replay, or give another game (issue 62: 13 of 917 saves of
    release 0.1.0), and then the game plays on from its saved state."""
    from engine.version import ENGINE_CHANGES
    try:
        again = rebuild(g.seed, list(g.decks), answers, g.variant_name, g.nplayers)
    except Exception as e:  # ReplayError, or an answer the engine cannot read any more
        what = f"its answers no longer replay here ({str(e)[:120]})"
    else:
        differ = position_differs(again.to_dict(), g.to_dict())
        if not differ:
            return ""
        what = f"its answers replay here to another game (its {', '.join(differ[:3])} differ)"
    by = f"engine {recorded}" if recorded and recorded != ENGINE_VERSION else "an earlier engine"
    change = ENGINE_CHANGES.get(recorded or "", "")
    return (f"This game was begun on {by}, and {what}" + (f": {change}" if change else "")
            + f". It plays on from its saved state on engine {ENGINE_VERSION}.")


def recorded_engine(extra: Any) -> str | None:
    """The engine a game in progress was begun on, when its notes say (a game of release 0.1.0's saves)."""
    notes = extra if isinstance(extra, dict) else _json_or(extra, None)
    engine = notes.get("engine") if isinstance(notes, dict) else None
    return engine if isinstance(engine, str) and len(engine) <= 20 else None
