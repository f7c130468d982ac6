"""Saved games and run history, in SQLite in the data directory.

The game in progress is saved after every answer, in one transaction: its
seed, decks, every answer so far (as labels) and the engine state as JSON.
Resuming loads the state (exact); the answers are there to rebuild it if
the state ever cannot be read, and for undo. A finished game moves to the
``runs`` table in the same transaction that clears the current game.

A database that is corrupt, or from a newer schema, is never deleted: it
is renamed aside with a one-sentence notice, and a fresh one is started.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from pathlib import Path

from engine.answers import replay
from engine.game import Game
from engine.runfile import ENGINE_VERSION, RUN_FORMAT

SCHEMA_VERSION = 3
DB_NAME = "solo-fluxx.sqlite3"


def data_dir() -> Path:
    home = os.environ.get("SOLO_FLUXX_HOME")
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir("solo-fluxx", appauthor=False))


SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS current (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seed INTEGER NOT NULL, decks TEXT NOT NULL, daily TEXT, started TEXT NOT NULL,
    answers TEXT NOT NULL, state TEXT NOT NULL, assisted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started TEXT NOT NULL, finished TEXT, seed INTEGER NOT NULL, decks TEXT NOT NULL,
    daily TEXT, score INTEGER, turns INTEGER, assisted INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL, run TEXT NOT NULL);
"""

# schema version -> SQL that upgrades from the version before it
MIGRATIONS: dict[int, str] = {
    2: """
ALTER TABLE runs ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN engine TEXT;
CREATE TABLE IF NOT EXISTS par (date TEXT PRIMARY KEY, score INTEGER NOT NULL, engine TEXT NOT NULL);
""",
    3: """
CREATE TABLE IF NOT EXISTS lessons (id TEXT PRIMARY KEY, completed TEXT NOT NULL);
""",
}


class Store:
    """The save database. ``notice`` holds a sentence to show the player, if any."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else data_dir() / DB_NAME
        self.notice: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open()
        except (sqlite3.DatabaseError, _FutureSchema) as e:
            aside = self.path.with_name(self.path.name + f".aside-{dt.datetime.now():%Y%m%d-%H%M%S}")
            os.replace(self.path, aside)
            why = str(e) if isinstance(e, _FutureSchema) else "it could not be read (corrupt)"
            self.notice = f"The save database {self.path} was set aside as {aside.name} because {why}; a fresh one was started."
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(ok)
            db.executescript(SCHEMA)
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise _FutureSchema(f"it was written by a newer solo-fluxx (schema {version}, this one reads {SCHEMA_VERSION})")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                if v in MIGRATIONS:
                    db.executescript(MIGRATIONS[v])
            db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except Exception:
            db.close()
            raise
        return db

    # -------------------------------------------------------------- current game
    def start(self, g: Game, daily: str | None = None) -> None:
        """Begin a new current game; an unfinished one is kept in the history as abandoned."""
        with _tx(self.db):
            old = self.db.execute("SELECT seed, decks, daily, started, answers, assisted, state FROM current").fetchone()
            if old:
                score, turns = _score_of(old[6])  # an abandoned attempt keeps the score it had
                self._archive(old[:6], score, turns, "abandoned")
            self.db.execute("DELETE FROM current")
            self.db.execute("INSERT INTO current VALUES (1, ?, ?, ?, ?, ?, ?, 0)",
                            (g.seed, json.dumps(g.decks), daily, _now(), "[]", json.dumps(g.to_dict())))

    def save(self, g: Game, answers: list, assisted: bool = False) -> None:
        """Save after an answer (one transaction); a finished game goes to the history."""
        with _tx(self.db):
            if g.over:
                row = self.db.execute("SELECT seed, decks, daily, started, answers, assisted FROM current").fetchone()
                if row:
                    row = row[:4] + (json.dumps(answers), int(assisted or row[5]))
                    self._archive(row, len(g.scored), g.turn, "finished")
                self.db.execute("DELETE FROM current")
            else:
                self.db.execute("UPDATE current SET answers=?, state=?, assisted=MAX(assisted, ?) WHERE id=1",
                                (json.dumps(answers), json.dumps(g.to_dict()), int(assisted)))

    def load(self) -> tuple[Game, list, dict] | None:
        """The game in progress: (game, answers, info), or None."""
        row = self.db.execute("SELECT seed, decks, daily, started, answers, state, assisted FROM current").fetchone()
        if not row:
            return None
        seed, decks, daily, started, answers, state, assisted = row
        try:
            answers = json.loads(answers)
            decks = json.loads(decks)
            try:
                g = Game.from_dict(json.loads(state))
            except Exception:
                g = rebuild(seed, decks, answers)  # the answers are the record; the state is a cache
        except Exception:
            # neither the state nor the answers can be read: keep the row in the history, never delete it
            with _tx(self.db):
                self.db.execute("INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted,"
                                " status, run, practice, engine) VALUES (?, NULL, ?, ?, ?, NULL, NULL, ?,"
                                " 'unreadable', ?, 0, ?)",
                                (started, seed, decks if isinstance(decks, str) else json.dumps(decks), daily,
                                 assisted, json.dumps({"answers_text": str(row[4])[:100000]}), ENGINE_VERSION))
                self.db.execute("DELETE FROM current")
            self.notice = ("The saved game could not be read; it was kept in the history as 'unreadable' "
                           "and a new game can be started.")
            return None
        return g, answers, {"seed": seed, "decks": decks, "daily": daily,
                            "started": started, "assisted": bool(assisted)}

    def _archive(self, row, score, turns, status) -> None:
        seed, decks, daily, started, answers, assisted = row
        run = {"format": RUN_FORMAT, "engine": ENGINE_VERSION, "variant": "solo", "decks": json.loads(decks),
               "players": 1, "seed": seed, "daily": daily, "answers": json.loads(answers), "score": score,
               "turns": turns}
        practice = 0
        if daily:
            # one scored attempt a day: the date's first attempt, finished or abandoned; later ones are practice
            done = self.db.execute("SELECT 1 FROM runs WHERE daily=? AND status IN ('finished', 'abandoned')"
                                   " AND practice=0", (daily,)).fetchone()
            practice = 1 if done else 0
        self.db.execute("INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted, status,"
                        " run, practice, engine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (started, _now() if status == "finished" else None, seed, decks, daily, score, turns,
                         int(assisted), status, json.dumps(run), practice, ENGINE_VERSION))

    # -------------------------------------------------------------- history
    def runs(self, finished_only: bool = False) -> list[dict]:
        q = ("SELECT id, started, finished, seed, decks, daily, score, turns, assisted, status, practice, engine"
             " FROM runs")
        if finished_only:
            q += " WHERE status='finished'"
        out = []
        for r in self.db.execute(q + " ORDER BY id"):
            out.append({"id": r[0], "started": r[1], "finished": r[2], "seed": r[3], "decks": json.loads(r[4]),
                        "daily": r[5], "score": r[6], "turns": r[7], "assisted": bool(r[8]), "status": r[9],
                        "practice": bool(r[10]), "engine": r[11]})
        return out

    def run_file(self, run_id: int) -> dict | None:
        r = self.db.execute("SELECT run FROM runs WHERE id=?", (run_id,)).fetchone()
        return json.loads(r[0]) if r else None

    def par(self, date_iso: str) -> int | None:
        r = self.db.execute("SELECT score FROM par WHERE date=?", (date_iso,)).fetchone()
        return r[0] if r else None

    def set_par(self, date_iso: str, score: int) -> None:
        with _tx(self.db):
            self.db.execute("INSERT OR REPLACE INTO par VALUES (?, ?, ?)", (date_iso, score, ENGINE_VERSION))

    def stats(self, today_iso: str | None = None) -> dict:
        """Runs played, best, mean, daily streaks, the score histogram and scores over time."""
        from solo.daily import streaks
        fin = self.runs(finished_only=True)
        scores = [r["score"] for r in fin]
        hist: dict[str, int] = {}
        for x in scores:
            hist[str(x)] = hist.get(str(x), 0) + 1
        scored_days = [r["daily"] for r in fin if r["daily"] and not r["practice"]]
        cur, longest = streaks(scored_days, today_iso)
        return {"played": len(fin), "best": max(scores) if scores else None,
                "mean": round(sum(scores) / len(scores), 2) if scores else None,
                "current_streak": cur, "longest_streak": longest,
                "histogram": dict(sorted(hist.items(), key=lambda kv: int(kv[0]))),
                "over_time": [{"date": (r["finished"] or r["started"])[:10], "score": r["score"],
                               "daily": r["daily"]} for r in fin]}

    def best_and_mean(self) -> tuple[int | None, float | None]:
        r = self.db.execute("SELECT MAX(score), AVG(score) FROM runs WHERE status='finished'").fetchone()
        return r[0], (round(r[1], 2) if r[1] is not None else None)

    def lesson_done(self, lesson_id: str) -> None:
        with _tx(self.db):
            self.db.execute("INSERT OR REPLACE INTO lessons VALUES (?, ?)", (lesson_id, _now()))

    def lessons_done(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT id FROM lessons")}

    # -------------------------------------------------------------- preferences
    def pref(self, key: str, default=None):
        """A preference or a small remembered value (JSON), or ``default``."""
        row = self.db.execute("SELECT value FROM meta WHERE key=?", ("pref." + key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def set_pref(self, key: str, value) -> None:
        with _tx(self.db):
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", ("pref." + key, json.dumps(value)))

    def close(self) -> None:
        self.db.close()


class _FutureSchema(Exception):
    pass


class _tx:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, et, e, tb):
        self.db.execute("COMMIT" if et is None else "ROLLBACK")
        return False


def _now() -> str:
    return dt.datetime.now().isoformat(timespec="seconds")


def _score_of(state_text: str) -> tuple[int | None, int | None]:
    """The score and turn a saved state had (None, None if it cannot be read)."""
    try:
        state = json.loads(state_text)
        return len(state["scored"]), int(state["turn"])
    except (ValueError, KeyError, TypeError):
        return None, None


def rebuild(seed: int, decks: list, answers: list) -> Game:
    """A saved game, from its deal and its answers (the one replay loop)."""
    return replay(Game.new(tuple(decks), 1, "solo", seed), answers)
