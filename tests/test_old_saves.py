"""Saves of every schema load (issue 40, item 4): tests/data/saves/schema-N.sqlite3
was written by the code of the commit that introduced schema N (the script is
tests/data/saves/make.py, run in a worktree of that commit), each with one
finished Solo game (seed 4) and a Solo game in progress (seed 5, 12 answers of
RandomBot(11)); from schema 4 on also a game against bots in progress (seed 6,
3 seats, 9 answers). Today's store migrates each file and plays on from it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.answers import to_json
from engine.bots import RandomBot
from engine.game import Game
from solo.store import SCHEMA_VERSION, Store

SAVES = Path(__file__).parent / "data" / "saves"
SCHEMAS = sorted(int(p.stem.split("-")[1]) for p in SAVES.glob("schema-*.sqlite3"))


# what a standard game remembers to tell a repeated position (engine 0.2.0 on): a save from
# before it has none (STATE_DEFAULTS), one from before a later change keeps less; a game
# resumed from it counts repetitions from there. Everything else is the game as saved.
REPETITION_MEMORY = ("seen", "seen_play", "stale")


def _table(g: Game) -> dict:
    return {k: v for k, v in g.to_dict().items() if k not in REPETITION_MEMORY}


def _same_game(seed: int, players: int, variant: str, n: int) -> tuple[Game, list]:
    """The game the old code saved, played again with today's engine."""
    g = Game.new(("fluxx5",), players, variant, seed)
    bot = RandomBot(11)
    answers = []
    while len(answers) < n:
        a = bot.choose(g)
        answers.append(to_json(g, a))
        g.push(a)
    return g, answers


@pytest.mark.exists_for("a guard that the fixtures are all there: a missing file would pass by testing nothing")
def test_there_is_a_save_of_every_schema():
    assert SCHEMAS == list(range(1, SCHEMA_VERSION + 1))


@pytest.mark.parametrize("schema", SCHEMAS)
def test_a_save_of_every_schema_loads_and_plays_on(schema, tmp_path):
    path = tmp_path / "solo-fluxx.sqlite3"
    shutil.copyfile(SAVES / f"schema-{schema}.sqlite3", path)
    s = Store(path)
    assert s.notice is None  # nothing was set aside
    assert s.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(SCHEMA_VERSION)
    runs = s.runs()
    assert len(runs) == 1 and runs[0]["seed"] == 4 and runs[0]["status"] == "finished"
    loaded = s.load("solo")
    assert loaded is not None
    g, answers, info = loaded
    want, want_answers = _same_game(5, 1, "solo", 12)
    assert (info.seed, answers, g.to_dict()) == (5, want_answers, want.to_dict())
    # and it plays on to the end, into the history
    s.claim("solo")
    bot = RandomBot(3)
    while not g.over:
        a = bot.choose(g)
        answers.append(to_json(g, a))
        g.push(a)
        s.save(g, answers, slot="solo")
    assert len(s.runs()) == 2 and s.load("solo") is None
    if schema >= 4:
        g2, answers2, info2 = s.load("standard")
        want2, want_answers2 = _same_game(6, 3, "standard", 9)
        assert (answers2, _table(g2)) == (want_answers2, _table(want2))
        assert info2.extra["seats"] == ["human", "greedy", "random"]
    s.close()
