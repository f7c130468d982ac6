"""The save store: the current game, the history it writes, daily attempts,
par, lessons, statistics, and setting aside what cannot be read."""
from __future__ import annotations

import json
import sqlite3

import pytest

from engine.bots import make_bot
from engine.game import Game
from engine.runfile import ENGINE_VERSION, RUN_FORMAT, answer_to_json
from solo.store import DB_NAME, SCHEMA_VERSION, Store, StoreError, data_dir, rebuild

from .helpers import play_through_store


def finish(store: Store, seed: int, daily: str | None = None, assisted_at: int | None = None,
           bot: str = "greedy") -> tuple[Game, list]:
    """Play a whole solo game through the store as the app does; mark it
    assisted after answer ``assisted_at`` (and only then)."""
    g = Game.new(("fluxx5",), 1, "solo", seed)
    store.start(g, daily=daily)
    return g, play_through_store(store, g, seed, assisted_at=assisted_at, bot=bot)


def answer(store: Store, g: Game, n: int, bot_seed: int, save: bool = True) -> list:
    """Answer n questions with a random bot, saving after each as the app does
    (or, with save=False, only once at the end); the answers as labels."""
    b = make_bot("random", bot_seed)
    answers: list = []
    for _ in range(n):
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        if save:
            store.save(g, answers)
    if not save:
        store.save(g, answers)
    return answers


def test_data_dir_is_the_environment_folder_when_set(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home"
    s = Store()
    assert s.path == tmp_path / "home" / DB_NAME and s.path.exists()
    s.close()
    monkeypatch.delenv("SOLO_FLUXX_HOME")
    assert data_dir().name == "solo-fluxx"


def test_a_finished_run_is_recorded_exactly(store):
    g, answers = finish(store, 21)
    assert store.load() is None  # the current game is cleared in the same transaction
    (r,) = store.runs()
    assert (r["seed"], r["decks"], r["score"], r["turns"], r["status"]) == (21, ["fluxx5"], len(g.scored),
                                                                           g.turn, "finished")
    assert r["assisted"] is False and r["daily"] is None and r["practice"] is False
    assert r["engine"] == ENGINE_VERSION and r["finished"] and r["started"] <= r["finished"]
    run = store.run_file(r["id"])
    assert run == {"format": RUN_FORMAT, "engine": ENGINE_VERSION, "variant": "solo", "decks": ["fluxx5"],
                   "players": 1, "seed": 21, "daily": None, "answers": answers, "score": len(g.scored),
                   "turns": g.turn}
    assert rebuild(21, ["fluxx5"], run["answers"]).to_dict() == g.to_dict()
    assert store.run_file(r["id"] + 1) is None


def test_assisted_is_kept_in_the_history_after_the_game_finishes(store):
    """Marked assisted once, early: the finished run is still assisted,
    though every later save says False."""
    finish(store, 22, assisted_at=2)
    finish(store, 23)
    a, b = store.runs()
    assert a["assisted"] is True and b["assisted"] is False
    g = Game.new(("fluxx5",), 1, "solo", 24)
    store.start(g)
    store.save(g, [], assisted=True)
    store.save(g, [], assisted=False)
    assert store.load()[2].assisted is True  # once assisted, always assisted


def test_the_last_answer_can_mark_the_run_assisted(store):
    g = Game.new(("fluxx5",), 1, "solo", 25)
    store.start(g)
    b = make_bot("greedy", 25)
    answers: list = []
    while not g.over:
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        store.save(g, answers, assisted=g.over)
    assert store.runs()[-1]["assisted"] is True


def test_resume_gives_the_state_the_answers_and_the_info(store):
    g = Game.new(("fluxx5", "creeper-pack"), 1, "solo", 31)
    store.start(g, daily="2026-11-29")
    answers = answer(store, g, 5, 1)
    g2, answers2, info = store.load()
    assert g2.to_dict() == g.to_dict() and answers2 == answers
    assert info.seed == 31 and info.decks == ["fluxx5", "creeper-pack"] and info.daily == "2026-11-29"
    assert info.assisted is False and info.started


def test_a_broken_state_is_rebuilt_from_the_answers(store):
    g = Game.new(("fluxx5",), 1, "solo", 32)
    store.start(g)
    answers = answer(store, g, 4, 2, save=False)
    store.db.execute("UPDATE games SET state='{not json'")
    g2, answers2, _ = store.load()
    assert g2.to_dict() == g.to_dict() and answers2 == answers and store.notice is None


def test_an_unreadable_game_is_kept_in_the_history(store):
    g = Game.new(("fluxx5",), 1, "solo", 33)
    store.start(g)
    store.db.execute("UPDATE games SET state='{', answers='[[\"play\", \"No Such Card\"]]'")
    assert store.load() is None
    assert "could not be read" in store.notice
    (r,) = store.runs()
    assert r["status"] == "unreadable" and r["seed"] == 33 and r["score"] is None
    assert "No Such Card" in store.run_file(r["id"])["answers_text"]
    assert store.load() is None  # the slot is free again


def test_starting_a_game_files_the_unfinished_one_as_abandoned(store):
    g = Game.new(("fluxx5",), 1, "solo", 41)
    store.start(g)
    answers = answer(store, g, 3, 3)
    store.start(Game.new(("fluxx5",), 1, "solo", 42))
    (r,) = store.runs()
    # an abandoned game keeps the score and turn it had (a daily's first attempt counts as it stood)
    assert (r["seed"], r["status"], r["score"], r["turns"], r["finished"]) == (
        41, "abandoned", len(g.scored), g.turn, None)
    assert store.run_file(r["id"])["answers"] == answers
    assert store.runs(finished_only=True) == []
    assert store.load()[2].seed == 42


def test_a_game_against_bots_started_over_is_filed_with_its_seats(store):
    """An unfinished game against bots, left for a new one, is filed as
    abandoned with who sat at it (the history shows the bots by name)."""
    seats = ["human", "greedy", "search"]
    store.start(Game.new(("fluxx5",), 3, "standard", 41), slot="standard", extra={"seats": seats})
    store.start(Game.new(("fluxx5",), 3, "standard", 42), slot="standard", extra={"seats": ["human", "random", "random"]})
    (r,) = store.runs()
    assert (r["seed"], r["status"], r["variant"], r["players"], r["seats"]) == (41, "abandoned", "standard", 3, seats)


def test_the_first_finished_daily_is_scored_later_ones_are_practice(store):
    finish(store, 5, daily="2026-11-29")
    finish(store, 5, daily="2026-11-29")
    finish(store, 6, daily="2026-11-30")
    finish(store, 7)
    practice = [(r["daily"], r["practice"]) for r in store.runs()]
    assert practice == [("2026-11-29", False), ("2026-11-29", True), ("2026-11-30", False), (None, False)]


def test_an_abandoned_daily_is_the_scored_attempt_and_later_ones_are_practice(store):
    """Issue 15: the first attempt of a date is the scored one, finished or
    abandoned; an abandoned attempt keeps the score it had."""
    g = Game.new(("fluxx5",), 1, "solo", 5)
    store.start(g, daily="2026-11-29")
    answer(store, g, 4, 5)
    finish(store, 5, daily="2026-11-29")
    runs = store.runs()
    assert [(r["status"], r["practice"]) for r in runs] == [("abandoned", False), ("finished", True)]
    assert runs[0]["score"] == len(g.scored) and runs[0]["turns"] == g.turn


def test_best_mean_and_stats(store):
    assert store.best_and_mean() == (None, None)
    st = store.stats("2026-11-30")
    assert (st["played"], st["best"], st["mean"], st["histogram"], st["over_time"]) == (0, None, None, {}, [])
    scores = [len(finish(store, s, daily=d)[0].scored)
              for s, d in ((1, "2026-11-28"), (2, "2026-11-29"), (3, None), (4, "2026-11-29"))]
    # the second attempt of 11-29 is practice: counted apart from the Solo figures
    solo = scores[:3]
    best, mean = store.best_and_mean()
    assert best == max(solo) and mean == round(sum(solo) / 3, 2)
    st = store.stats("2026-11-30")
    assert st["played"] == 3 and st["best"] == max(solo) and st["mean"] == round(sum(solo) / 3, 2)
    assert st["practice"] == {"played": 1, "best": scores[3]} and st["coached"] == {"played": 0, "best": None}
    assert sum(st["histogram"].values()) == 3
    assert [int(k) for k in st["histogram"]] == sorted(int(k) for k in st["histogram"])
    for k, n in st["histogram"].items():
        assert solo.count(int(k)) == n
    assert [p["score"] for p in st["over_time"]] == solo
    assert [p["daily"] for p in st["over_time"]] == ["2026-11-28", "2026-11-29", None]
    # the practice attempt of 11-29 does not count for streaks; 11-28 and 11-29 do
    assert (st["current_streak"], st["longest_streak"]) == (2, 2)


def test_par_is_cached_per_date(store):
    assert store.par("2026-11-29") is None
    store.set_par("2026-11-29", 4)
    store.set_par("2026-11-30", 6)
    store.set_par("2026-11-29", 5)
    assert (store.par("2026-11-29"), store.par("2026-11-30")) == (5, 6)
    assert store.db.execute("SELECT engine FROM par WHERE date='2026-11-29'").fetchone()[0] == f"{ENGINE_VERSION} search-12-v1"


def test_lessons_done(store):
    assert store.lessons_done() == set()
    store.lesson_done("01-first-turn")
    store.lesson_done("03-new-rules-at-once")
    store.lesson_done("01-first-turn")
    assert store.lessons_done() == {"01-first-turn", "03-new-rules-at-once"}


def test_schema_version_and_migration_from_version_1(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, started TEXT NOT NULL, finished TEXT,
    seed INTEGER NOT NULL, decks TEXT NOT NULL, daily TEXT, score INTEGER, turns INTEGER,
    assisted INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, run TEXT NOT NULL);
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted, status, run)
  VALUES ('2026-11-01T10:00:00', '2026-11-01T10:20:00', 9, '["fluxx5"]', NULL, 3, 20, 1, 'finished', '{}');
""")
    db.commit()
    db.close()
    s = Store(path)
    assert s.notice is None
    (r,) = s.runs()
    assert (r["seed"], r["score"], r["assisted"], r["practice"], r["engine"]) == (9, 3, True, False, None)
    assert s.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(SCHEMA_VERSION)
    s.lesson_done("x")  # the version-3 table exists
    s.set_par("2026-11-01", 2)  # the version-2 table exists
    s.close()


def test_a_newer_schema_is_kept_and_read_never_played(tmp_path):
    """A save a later release upgraded (its tables still ours): the app is
    refused in a sentence, the history reads it as it is, nothing is set
    aside (issue 62: before, it was set aside and the history looked empty)."""
    from solo.store import StoreError
    path = tmp_path / "save.sqlite3"
    s = Store(path)
    s.db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION + 1),))
    s.close()
    with pytest.raises(StoreError, match=f"schema {SCHEMA_VERSION + 1}; this one writes schema {SCHEMA_VERSION}"):
        Store(path)
    s = Store(path, reading=True)
    assert s.read_only and s.notice and "newer solo-fluxx" in s.notice and s.runs() == []
    assert not list(tmp_path.glob("save.sqlite3.aside-*"))
    s.close()


def test_a_corrupt_file_is_set_aside_with_its_bytes_kept(tmp_path):
    path = tmp_path / "save.sqlite3"
    junk = b"this is not a database" * 100
    path.write_bytes(junk)
    s = Store(path)
    assert s.notice and "not an SQLite database" in s.notice and "a fresh one was started" in s.notice
    (aside,) = tmp_path.glob("save.sqlite3.aside-*")
    assert aside.read_bytes() == junk
    assert s.runs() == [] and s.load() is None
    s.close()


def test_history_json_in_the_store_round_trips(store):
    finish(store, 8, assisted_at=1)
    runs = store.runs()
    assert json.loads(json.dumps(runs)) == runs


def _history_row(store, started, finished, score, daily=None, practice=0, status="finished"):
    store.db.execute("INSERT INTO runs (started, finished, seed, decks, daily, score, turns, assisted, status, run,"
                     " practice, engine) VALUES (?, ?, 1, '[\"fluxx5\"]', ?, ?, 5, 0, ?, '{}', ?, 'e')",
                     (started, finished, daily, score, status, practice))


def test_stats_round_sort_and_date_the_history(store):
    _history_row(store, "2026-11-01T10:00:00", "2026-11-02T09:00:00", 10)
    _history_row(store, "2026-11-03T10:00:00", None, 9)   # finished time lost: the start date stands
    _history_row(store, "2026-11-04T10:00:00", "2026-11-04T11:00:00", 9, daily="2026-11-04")
    _history_row(store, "2026-11-05T10:00:00", None, None, status="abandoned")
    st = store.stats("2026-11-05")
    assert st["mean"] == 9.33 and store.best_and_mean() == (10, 9.33)
    assert list(st["histogram"].items()) == [("9", 2), ("10", 1)]
    assert st["over_time"] == [{"date": "2026-11-02", "score": 10, "daily": None},
                               {"date": "2026-11-03", "score": 9, "daily": None},
                               {"date": "2026-11-04", "score": 9, "daily": "2026-11-04"}]
    # the streak is counted back from the day given: the 4th is yesterday for the 5th, not for the 6th
    assert (st["current_streak"], st["longest_streak"]) == (1, 1)
    assert store.stats("2026-11-06")["current_streak"] == 0


def test_a_failed_save_leaves_the_store_as_it_was(store, monkeypatch):
    g = Game.new(("fluxx5",), 1, "solo", 3)
    store.start(g)
    b = make_bot("greedy", 3)
    answers: list = []
    saved = None
    while not g.over:
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        if not g.over:
            store.save(g, answers)
            saved = json.loads(json.dumps(g.to_dict()))
    assert json.loads(store.db.execute("SELECT state FROM games").fetchone()[0]) == saved

    real_archive = Store._archive

    def broken_archive(*args, **kw):  # the history row is written, then the disk fails: all of it must go back
        real_archive(*args, **kw)
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(Store, "_archive", broken_archive)
    try:
        store.save(g, answers)
    except StoreError as e:
        assert "disk I/O error" in str(e) and "left as it is" in str(e)
    else:
        raise AssertionError("the failed save did not say so")
    # rolled back: the game is still current, nothing went to the history, and the store still works
    assert store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert store.runs() == []
    monkeypatch.undo()
    store.save(g, answers)
    assert [r["status"] for r in store.runs()] == ["finished"]


def test_the_stored_state_is_the_games_state(store):
    g = Game.new(("fluxx5",), 1, "solo", 11)
    store.start(g)
    assert json.loads(store.db.execute("SELECT state FROM games").fetchone()[0]) == json.loads(json.dumps(g.to_dict()))
    answers = answer(store, g, 5, bot_seed=2)
    assert json.loads(store.db.execute("SELECT state FROM games").fetchone()[0]) == json.loads(json.dumps(g.to_dict()))
    assert len(answers) == 5


def test_the_store_makes_its_folder(tmp_path):
    s = Store(tmp_path / "a" / "b" / "save.sqlite3")
    assert (tmp_path / "a" / "b" / "save.sqlite3").is_file()
    s.close()


def test_releasing_one_slot_keeps_the_others_locked(tmp_path):
    """Each slot has its own lock: a player on two slots who leaves one frees
    that one only (another app may take it), the other stays held."""
    a, b = Store(tmp_path / "s.db"), Store(tmp_path / "s.db")
    assert a.claim("1") and a.claim("2")
    assert not b.claim("1") and not b.claim("2")
    a.release("2")
    assert b.claim("2") and not b.claim("1")
    a.release_all()
    assert b.claim("1")
    b.release_all()


def test_a_claim_can_wait_for_a_slot_being_let_go(tmp_path):
    """A browser tab reloaded (solo-fluxx serve): its new app waits for the
    old one to let go of the slot (claim's wait), instead of finding it busy;
    a slot that stays held is still refused once the wait is over, and with
    no wait the answer is at once."""
    import threading
    import time
    a, b = Store(tmp_path / "s.db"), Store(tmp_path / "s.db")
    assert a.claim("solo")
    start = time.monotonic()
    assert not b.claim("solo") and time.monotonic() - start < 0.2
    assert not b.claim("solo", wait=0.3) and time.monotonic() - start >= 0.3
    threading.Timer(0.3, a.release, ("solo",)).start()
    assert b.claim("solo", wait=5.0)
    assert time.monotonic() - start < 3.0 and not a.claim("solo")
    b.release_all()
    from solo.app.app import slot_wait
    assert [slot_wait(t) for t in (None, "", "2.5", "-1", "99", "nan", "soon")] == [0, 0, 2.5, 0, 30, 0, 0]


def test_in_progress_gives_each_slot_its_info_in_the_slots_order(store):
    """What the menu's list of games in progress reads: every field of each
    slot, the slots in name order (not the order they were started in, nor
    by seed, as a number or as text), a turn read from the state, the notes as saved."""
    store.start(Game.new(("fluxx5",), 3, "standard", 12), slot="standard")
    store.start(Game.new(("fluxx5",), 1, "solo", 9), daily="2026-12-01", extra={"note": 1})
    got = store.in_progress()
    assert list(got) == ["solo", "standard"]
    started = got["solo"].pop("started"), got["standard"].pop("started")
    assert all(type(s) is str and s[:2] == "20" and "T" in s for s in started)
    assert got == {"solo": {"seed": 9, "decks": ["fluxx5"], "daily": "2026-12-01", "turn": 1, "extra": {"note": 1}},
                   "standard": {"seed": 12, "decks": ["fluxx5"], "daily": None, "turn": 1, "extra": None}}


def test_in_progress_reads_a_damaged_row_without_failing(store):
    """A save edited by hand: unreadable decks give an empty list, a state
    that is not JSON gives no turn, and a row whose slot is not a name (a
    blob) is left out, never compared with the names."""
    store.start(Game.new(("fluxx5",), 1, "solo", 12))
    store.start(Game.new(("fluxx5",), 3, "standard", 9), slot="standard")
    with store.db:
        store.db.execute("UPDATE games SET decks='not json', state='{' WHERE slot='solo'")
        store.db.execute("CREATE TEMP TABLE odd AS SELECT * FROM games WHERE slot='standard'")
        store.db.execute("UPDATE odd SET slot=X'05'")  # a blob: not text, even in a text column
        store.db.execute("INSERT INTO games SELECT * FROM odd")
    got = store.in_progress()
    assert list(got) == ["solo", "standard"]
    assert got["solo"]["decks"] == [] and got["solo"]["turn"] is None and got["standard"]["turn"] == 1


@pytest.mark.parametrize("damage, why", [
    ("answers=X'00'", "its answers are not text"),
    ("decks=X'00'", "its decks are not text"),
    ("decks='{}'", "its answers or decks are not lists"),
    ("state='{', answers='[[\"play\", \"No Such Card\"]]'",
     "neither its state nor its answers give a game (ReplayError)"),
])
def test_an_unreadable_game_says_why_in_the_notice_and_in_the_file_kept(store, damage, why):
    store.start(Game.new(("fluxx5",), 1, "solo", 33))
    store.db.execute(f"UPDATE games SET {damage}")
    assert store.load() is None
    assert f"The saved game of the Solo game could not be read ({why}); its bytes were kept in unreadable-solo-" \
        in store.notice
    (kept,) = store.path.parent.glob("unreadable-solo-*.txt")
    assert kept.read_bytes().split(b"\n")[0].decode() == (
        f"solo-fluxx: the saved game of slot solo, which could not be read ({why}); each column as it was stored")
    assert store.load() is None and store.in_progress() == {}  # the slot is free again


def test_a_game_whose_state_is_damaged_is_replayed_from_its_answers_with_its_seats(store):
    g = Game.new(("fluxx5",), 3, "standard", 12)
    store.start(g, slot="standard")
    bot, answers = make_bot("random", 1), []
    for _ in range(5):
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    store.save(g, answers, slot="standard")
    store.db.execute("UPDATE games SET state='{' WHERE slot='standard'")
    h, got, _info = store.load("standard")
    assert h.nplayers == 3 and h.to_dict() == g.to_dict() and got == answers


def test_an_unreadable_game_open_in_another_window_is_left_to_that_window(store):
    """Only the window that holds the slot files an unreadable game: another
    one that reads it leaves the row and its bytes alone."""
    store.start(Game.new(("fluxx5",), 1, "solo", 33))  # this window holds the slot
    store.db.execute("UPDATE games SET decks='{}'")
    other = Store(store.path)
    try:
        assert other.load() is None and not other.notice
        assert list(store.path.parent.glob("unreadable-*")) == [] and set(store.in_progress()) == {"solo"}
    finally:
        other.close()


def test_a_history_row_that_cannot_be_read_is_named_with_why(store):
    """The history screen marks a damaged row by its id with the reason."""
    finish(store, 5)
    finish(store, 6)
    store.db.execute("UPDATE runs SET started='yesterday' WHERE seed=5")
    runs = store.runs()
    assert [r["seed"] for r in runs] == [6]
    (bad,) = [i for i in store.unreadable]
    assert store.unreadable == {bad: "its start time is not a date and time"} and bad != runs[0]["id"]


def test_a_run_marked_not_coached_counts_with_the_solo_runs(store):
    """Only a true mark makes a run the lessons' coached game: a false one
    (a history edited by hand, say) is a Solo run like any other."""
    finish(store, 5)
    store.db.execute("UPDATE runs SET run=json_set(run, '$.coached', json('false'))")
    (r,) = store.runs()
    assert r["coached"] is False
    store.db.execute("UPDATE runs SET run=json_set(run, '$.coached', json('true'))")
    assert store.runs()[0]["coached"] is True


def _finish_against_bots(store: Store, seed: int, seats: list[str]) -> tuple[Game, list]:
    g = Game.new(("fluxx5",), len(seats), "standard", seed)
    store.start(g, slot="standard", extra={"seats": seats})
    bots, answers = [make_bot("random", seed + s) for s in range(len(seats))], []
    while not g.over:
        a = bots[g.prompt.player].choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    store.save(g, answers, slot="standard")
    return g, answers


def test_a_finished_game_against_bots_is_filed_with_its_seats_and_how_it_ended(store):
    seats = ["human", "greedy", "random"]
    g, answers = _finish_against_bots(store, 21, seats)
    (r,) = store.runs()
    run = store.run_file(r["id"])
    assert (run["seats"], run["end"], run["answers"], run["players"]) == (seats, g.end, answers, 3)
    assert run["winner"] == (g.winner if g.winner >= 0 else None) and "score" not in run and "coached" not in run


def test_a_long_games_answers_are_filed_whole(store):
    """A game's answers can run past the cap of the small values (decks,
    seats: 100,000 characters): the history keeps them all."""
    g, answers = finish(store, 5)
    store.db.execute("DELETE FROM runs")
    long = answers * (100_000 // len(json.dumps(answers)) + 2)
    store.start(g)
    store.save(g, long)
    (r,) = store.runs()
    assert len(json.dumps(long)) > 100_000 and store.run_file(r["id"])["answers"] == long


def test_a_lesson_that_ends_frees_its_slot_and_files_nothing(store):
    """The lesson's slot keeps no history: its game, once over, is gone
    from the slot and the history stays as it was."""
    g = Game.new(("fluxx5",), 1, "solo", 5)
    store.start(g, slot="lesson", extra={"lesson": 1, "step": 2})
    bot, answers = make_bot("greedy", 5), []
    while not g.over:
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    store.save(g, answers, slot="lesson")
    assert store.in_progress() == {} and store.runs() == [] and store.notes("lesson") is None


@pytest.mark.parametrize("damage, why", [
    ("answers=X'00'", "its answers are not text"),
    ("decks=X'00'", "its decks are not text"),
    ("decks='{}'", "its answers or decks are not lists"),
    ("answers='{}'", "its answers or decks are not lists"),
])
def test_a_new_game_over_an_unreadable_one_keeps_the_old_ones_bytes_first(store, damage, why):
    store.start(Game.new(("fluxx5",), 1, "solo", 33))
    store.db.execute(f"UPDATE games SET {damage}")
    store.start(Game.new(("fluxx5",), 1, "solo", 34))
    (kept,) = store.path.parent.glob("unreadable-solo-*.txt")
    assert kept.read_bytes().split(b"\n")[0].decode() == (
        f"solo-fluxx: the saved game of slot solo, which could not be read ({why}); each column as it was stored")
    (r,) = store.runs()
    assert (r["seed"], r["status"]) == (33, "unreadable") and store.load()[2].seed == 34


def test_an_abandoned_game_keeps_its_coached_mark_and_a_game_against_bots_no_score(store):
    store.start(Game.new(("fluxx5",), 1, "solo", 41), extra={"coached": True})
    store.start(Game.new(("fluxx5",), 1, "solo", 42))
    store.start(Game.new(("fluxx5",), 3, "standard", 43), slot="standard", extra={"seats": ["human", "random",
                                                                                          "random"]})
    store.start(Game.new(("fluxx5",), 3, "standard", 44), slot="standard")
    coached, bots = store.runs()
    assert (coached["seed"], coached["status"], coached["coached"]) == (41, "abandoned", True)
    assert (bots["seed"], bots["status"], bots["winner"], bots["score"]) == (43, "abandoned", None, None)


def test_a_stored_value_is_read_only_when_it_is_text_within_its_cap_and_json():
    from solo.store import TOO_BIG, Unreadable, parse
    assert parse("[1]", 3, "answers") == [1]  # exactly at the cap: read
    for text, cap, what, says in [("[1]", 2, "answers", "its answers are longer than 2 characters"),
                                  (TOO_BIG, 8_000_000, "answers", "its answers are longer than 8,000,000 bytes"),
                                  (b"[]", 10, "decks", "its decks are not text"),
                                  (None, 10, "state", "its state is missing"),
                                  ("[1,", 10, "state", "its state is not JSON")]:
        with pytest.raises(Unreadable) as e:
            parse(text, cap, what)
        assert str(e.value) == says


def test_a_slot_lock_is_a_plain_file_readable_by_others_and_a_lock_that_cannot_open_is_named(tmp_path):
    import os
    s = Store(tmp_path / "s.db")
    try:
        assert s.claim("solo")
        umask = os.umask(0)
        os.umask(umask)
        lock = tmp_path / "s.db.solo.lock"
        assert lock.is_file() and lock.stat().st_mode & 0o777 == 0o644 & ~umask
        (tmp_path / "s.db.daily.lock").mkdir()  # the lock's place is taken by a folder
        with pytest.raises(StoreError) as e:
            s.claim("daily")
        assert str(e.value) == (f"The lock file {tmp_path / 's.db.daily.lock'} cannot be opened (Is a directory); "
                                "check that the data folder can be written.")
    finally:
        s.close()


def _fixed_clock(monkeypatch, stamp: str):
    """``import datetime`` inside the store gives a clock stopped at ``stamp``."""
    import datetime as real
    import sys
    import types

    class Stopped(real.datetime):
        @classmethod
        def now(cls, _tz=None):
            return cls.strptime(stamp, "%Y%m%dT%H%M%S")
    fake = types.ModuleType("datetime")
    fake.__dict__.update({k: v for k, v in vars(real).items() if not k.startswith("__")})
    fake.datetime = Stopped
    monkeypatch.setitem(sys.modules, "datetime", fake)


def test_a_row_set_aside_keeps_every_column_as_stored_and_names_the_file_in_the_history(store, monkeypatch):
    """Each column in order, with its SQLite type and size: text and blobs
    byte for byte, numbers written out, NULL left empty; the history's line
    names the file and carries the short texts; the slot is freed. A second
    file in the same second is numbered."""
    import json
    store.start(Game.new(("fluxx5",), 1, "solo", 33))
    store.db.execute("UPDATE games SET answers=X'00FF41', decks='[\"fluxx5\", 7]', daily='2026-12-01',"
                     " started='2026-11-30T10:00:00', assisted=1, seed=77, extra=NULL, state='{'")
    _fixed_clock(monkeypatch, "20261205T223000")
    (store.path.parent / "unreadable-solo-20261205T223000.txt").write_text("an earlier one")
    (store.path.parent / "unreadable-solo-20261205T223000-2.txt").write_text("and another")
    name = store.set_row_aside("solo", "a test")
    assert name == "unreadable-solo-20261205T223000-3.txt"
    lines = (store.path.parent / name).read_bytes().split(b"\n")
    assert lines[0] == (b"solo-fluxx: the saved game of slot solo, which could not be read (a test); "
                        b"each column as it was stored")
    assert lines[1:21] == [b"== variant (text, 4 bytes)", b"solo", b"== players (integer, 0 bytes)", b"1",
                           b"== seed (integer, 0 bytes)", b"77", b"== decks (text, 13 bytes)", b'["fluxx5", 7]',
                           b"== daily (text, 10 bytes)", b"2026-12-01", b"== started (text, 19 bytes)",
                           b"2026-11-30T10:00:00", b"== answers (blob, 3 bytes)", b"\x00\xffA",
                           b"== state (text, 1 bytes)", b"{", b"== assisted (integer, 0 bytes)", b"1",
                           b"== extra (null, 0 bytes)", b""]
    assert lines[21:] == [b""]
    assert store.in_progress() == {}
    row = store.db.execute("SELECT started, finished, seed, decks, daily, score, turns, assisted, status, run,"
                           " practice FROM runs").fetchone()
    assert row[:9] == ("2026-11-30T10:00:00", None, 77, "[]", "2026-12-01", None, None, 1, "unreadable")
    assert json.loads(row[9]) == {"kept_in": name, "why": "a test", "decks_text": '["fluxx5", 7]', "state_text": "{"}
    assert row[10] == 0


def test_a_row_set_aside_with_values_out_of_shape_files_safe_ones(store, monkeypatch):
    """Values the history cannot take as they are go in as safe ones: a seed
    that is not a number as 0, dates that are not dates as now and none, a
    list of deck ids kept when it is one; an empty slot is no file."""
    import json
    store.start(Game.new(("fluxx5",), 1, "solo", 33))
    store.db.execute("UPDATE games SET seed='x', daily='someday', started='long ago', assisted=0,"
                     " decks='[\"fluxx5\", \"creeper-pack\"]', answers=X'00'")
    _fixed_clock(monkeypatch, "20261205T223001")
    name = store.set_row_aside("solo", "odd values")
    assert name == "unreadable-solo-20261205T223001.txt"
    started, seed, decks, daily, assisted, run = store.db.execute(
        "SELECT started, seed, decks, daily, assisted, run FROM runs").fetchone()
    assert seed == 0 and daily is None and assisted == 0 and started != "long ago" and started[:2] == "20"
    assert json.loads(decks) == ["fluxx5", "creeper-pack"]
    assert json.loads(run) == {"kept_in": name, "why": "odd values", "decks_text": '["fluxx5", "creeper-pack"]',
                               "state_text": json.loads(run)["state_text"]}
    assert store.set_row_aside("solo", "again") == "unreadable-solo-20261205T223001-2.txt"  # nothing left to keep
    assert not (store.path.parent / "unreadable-solo-20261205T223001-2.txt").exists()


def test_a_text_column_that_is_not_utf8_is_kept_byte_for_byte(store, monkeypatch):
    """SQLite keeps whatever bytes it was given as text: they are copied as
    stored, never decoded on the way."""
    store.start(Game.new(("fluxx5",), 1, "solo", 33))
    store.db.execute("UPDATE games SET state=CAST(X'FF00FE' AS TEXT)")
    _fixed_clock(monkeypatch, "20261205T223002")
    name = store.set_row_aside("solo", "bad bytes")
    data = (store.path.parent / name).read_bytes()
    assert b"== state (text, 3 bytes)\n\xff\x00\xfe\n" in data


def _db_error(text: str, code: int | None = None) -> sqlite3.Error:
    e = sqlite3.OperationalError(text)
    if code is not None:
        e.sqlite_errorcode = code
    return e


BUSY = "The save database {p} is busy in another solo-fluxx"
READ_ONLY = "The save database {p} cannot be written (the file or its folder is read-only)"
SIZE_LIMIT = "The save database {p} has reached this process's file size limit (70,000 bytes, ulimit -f)"
DISK_FULL = "The disk holding {p} is full"
TOO_BIG = "A value too big for the save database {p} was refused; nothing was changed."
CANT_OPEN = "The save database {p} cannot be opened"
OTHER = "The save database {p} could not be used ({e}); it was left as it is."


@pytest.mark.parametrize("text, code, says", [
    ("x", 5, BUSY), ("x", 6, BUSY), ("x", 5 | (3 << 8), BUSY),     # by SQLite's code, extended codes too
    ("database is locked", None, BUSY), ("the database is busy", None, BUSY),  # or by its words
    ("x", 8, READ_ONLY), ("x", 3, READ_ONLY), ("attempt to write a readonly database", None, READ_ONLY),
    ("a read-only file system", None, READ_ONLY),
    ("x", 13, DISK_FULL), ("database or disk is full", None, DISK_FULL),
    ("x", 18, TOO_BIG), ("string or blob too big", None, TOO_BIG),
    ("x", 10, OTHER), ("disk i/o error", None, OTHER),               # a failed write, the disk not full
    ("x", 14, CANT_OPEN), ("unable to open database file", None, CANT_OPEN),
    ("x", 1, OTHER), ("something else", None, OTHER), ("x", 0x1FF, OTHER),
])
def test_each_database_error_is_its_own_sentence(monkeypatch, tmp_path, text, code, says):
    import solo.store as store_module
    monkeypatch.setattr(store_module, "_size_limit", lambda: None)
    monkeypatch.setattr(store_module, "_disk_full", lambda path: False)
    monkeypatch.setattr(store_module, "_writable", lambda path: True)
    p = tmp_path / "save.sqlite3"
    e = _db_error(text, code)
    assert str(store_module.store_error(p, e)).startswith(says.format(p=p, e=e))


def test_a_full_disk_and_a_size_limit_are_told_apart(monkeypatch, tmp_path):
    import solo.store as store_module
    p = tmp_path / "save.sqlite3"
    monkeypatch.setattr(store_module, "_writable", lambda path: True)
    monkeypatch.setattr(store_module, "_size_limit", lambda: 70_000)
    monkeypatch.setattr(store_module, "_disk_full", lambda path: False)
    for size, says in ((70_000 - 65_536, SIZE_LIMIT), (70_000 - 65_537, OTHER)):  # within 64 KB of the limit
        monkeypatch.setattr(store_module, "_file_size", lambda path, s=size: s)
        e = _db_error("disk i/o error")
        assert str(store_module.store_error(p, e)).startswith(says.format(p=p, e=e))
    monkeypatch.setattr(store_module, "_size_limit", lambda: None)
    monkeypatch.setattr(store_module, "_disk_full", lambda path: path == p)  # I/O error, and its disk is full
    assert str(store_module.store_error(p, _db_error("disk i/o error"))).startswith(DISK_FULL.format(p=p))
    monkeypatch.setattr(store_module, "_disk_full", lambda path: False)
    monkeypatch.setattr(store_module, "_writable", lambda path: False)  # nothing said it, but it cannot be written
    assert str(store_module.store_error(p, _db_error("disk i/o error"))).startswith(READ_ONLY.format(p=p))


def test_bot_stats_count_each_table_from_the_humans_seat(store, monkeypatch):
    """Games of one seat are left out; the human's seat is where "human"
    sits (seat 0 when the run names no seats); a table is its seat count and
    its bots' strength ("mixed" for more than one, "unknown" for none
    named); a game with no winner is a draw."""
    rows = [
        {"players": 1, "seats": None, "winner": 0},                                   # Solo: not against bots
        {"players": 2, "seats": ["greedy", "human"], "winner": 1},                     # won from seat 1
        {"players": 2, "seats": ["greedy", "human"], "winner": 1},
        {"players": 2, "seats": ["greedy", "human"], "winner": 0},                     # lost
        {"players": 2, "seats": ["greedy", "human"], "winner": None},                  # drawn
        {"players": 2, "seats": ["greedy", "human"], "winner": None},
        {"players": 3, "seats": ["random", "search", "human"], "winner": 2},           # mixed bots
        {"players": 3, "seats": None, "winner": 0},                                    # no seats named: seat 0
        {"players": 4, "seats": ["human", "random", "random", "random"], "winner": 3},
    ]
    for i, r in enumerate(rows):  # finished runs as the history holds them (and one abandoned: not counted)
        store.db.execute("INSERT INTO runs (started, finished, seed, decks, status, run, variant, players, winner, "
                         "seats) VALUES ('2026-11-01T10:00:00', '2026-11-01T11:00:00', ?, '[\"fluxx5\"]', "
                         "'finished', '{}', ?, ?, ?, ?)",
                         (i, "solo" if r["players"] == 1 else "standard", r["players"], r["winner"],
                          json.dumps(r["seats"]) if r["seats"] is not None else None))
    store.db.execute("INSERT INTO runs (started, seed, decks, status, run, variant, players, winner) VALUES "
                     "('2026-11-01T10:00:00', 99, '[\"fluxx5\"]', 'abandoned', '{}', 'standard', 2, 0)")
    store.db.commit()
    stats = store.bot_stats()
    assert (stats["played"], stats["won"], stats["drawn"]) == (8, 4, 2)
    assert stats["tables"] == {
        "2 seats, greedy": {"players": 2, "bots": "greedy", "played": 5, "won": 2, "drawn": 2},
        "3 seats, mixed": {"players": 3, "bots": "mixed", "played": 1, "won": 1, "drawn": 0},
        "3 seats, unknown": {"players": 3, "bots": "unknown", "played": 1, "won": 1, "drawn": 0},
        "4 seats, random": {"players": 4, "bots": "random", "played": 1, "won": 0, "drawn": 0},
    }
    assert list(stats["tables"]) == sorted(stats["tables"])
