"""Saves of the previous release stay whole (issue 62, item 11).

``tests/data/old-release/`` holds data folders written by release 0.1.0
(commit b19d2ea, store schema 6) itself: each a game of Fluxx against three
bots in progress (random answers), four of them (Voyager, sampled seeds)
whose answers no longer replay on this engine (engine 0.2.0 ends those games
earlier: a drawn position), and one whose answers still do. Before, undo or
watching such a game read-only ended the app with ReplayError, and once
finished it was filed under engine 0.2.0, which cannot replay it, so
``replay --run`` and ``export`` refused it for good without saying why.
Now undo and the watch say why in a sentence and the game plays on from its
saved state; it is filed under the engine that recorded it; a rebuild that
gives another game than the saved one is told, never silent."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.game import Game
from engine.runfile import answer_to_json
from engine.version import ENGINE_VERSION
from solo.store import DB_NAME, Store, position_differs, recorded_engine, replay_check

from .helpers import make_app, run_cli

OLD = Path(__file__).parent / "data" / "old-release"
BROKEN = sorted(p.name for p in OLD.iterdir() if p.name != "sample-27-90")  # their answers no longer replay
REPLAYS = "sample-27-90"


def _table(app, kind):
    """The game screen in the app's stack (a question's dialog may be over it)."""
    (scr,) = [s for s in app.screen_stack if isinstance(s, kind)]
    return scr


def _folder(tmp_path: Path, name: str) -> Path:
    """A copy of an old release's data folder (the repo's copy is never written)."""
    dst = tmp_path / name
    shutil.copytree(OLD / name, dst)
    return dst


@pytest.mark.parametrize("name", BROKEN + [REPLAYS])
def test_an_old_save_loads_notes_its_engine_and_is_checked_against_this_one(tmp_path, name):
    store = Store(_folder(tmp_path, name) / DB_NAME)
    g, answers, info = store.load("standard")
    assert recorded_engine(info.extra) == "0.1.0"  # the upgrade from schema 6 notes the engine it was begun on
    assert info.extra["seats"][0] == "human"  # (the notes it had are kept)
    why = replay_check(g, answers, "0.1.0")
    if name == REPLAYS:
        assert why == ""
    else:
        assert why.startswith("This game was begun on engine 0.1.0, and its answers no longer replay here")
        assert "since 0.2.0 every Goal is checked" in why and f"on engine {ENGINE_VERSION}" in why
    store.close()


@pytest.mark.app
@pytest.mark.parametrize("name", BROKEN)
async def test_undo_and_a_read_only_watch_of_an_old_game_say_why_and_never_crash(tmp_path, monkeypatch, name):
    """Undo: one sentence (the engine, what changed), nothing taken back, the
    game plays on; the watch (the view a second window offers): the same
    sentence as a notice, and no replay screen. Then the game is played to
    its end on this engine: it is filed under engine 0.1.0, and export and
    replay --run say why it does not replay here."""
    from solo.app.screens import GameScreen
    folder = _folder(tmp_path, name)
    store = Store(folder / DB_NAME)
    store.set_pref("bot_pace", "instant")
    _g, saved, _info = store.load("standard")
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = _table(app, GameScreen)
        assert scr.answers[:len(saved)] == saved
        for _ in range(200):  # the bots answer up to your question (their pace: instant)
            if scr.g.over or (scr.g.prompt is not None and scr.g.prompt.player == 0):
                break
            await pilot.pause(0.02)
        before = list(scr.answers)
        scr.action_undo()  # (the u key; a question's dialog may be open over the table)
        await pilot.pause()
        assert app._exception is None and app.failure is None
        assert scr.answers == before and store.load("standard")[1] == before  # nothing taken back
        told = " ".join(str(line) for line in scr.log_lines[-3:])
        assert "begun on engine 0.1.0" in told and "Undo cannot take an answer back" in told, told
        top = app.screen
        app.view_slot("standard")
        await pilot.pause()
        assert app.screen is top and app._exception is None  # no replay screen, no crash
        assert any("It can be watched only where it is played" in n.message for n in app._notifications)
    # played to its end on this engine: filed under the engine that recorded it
    g, answers, _ = store.load("standard")
    bot = RandomBot(5)
    while not g.over:
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    store.save(g, answers, slot="standard")
    (run,) = store.runs()
    assert run["engine"] == "0.1.0" and store.run_file(run["id"])["engine"] == "0.1.0"
    store.close()
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(folder))
    out = run_cli("replay", "--run", str(run["id"]))
    assert out.returncode == 1 and "engine 0.1.0" in out.stdout + out.stderr and "Traceback" not in out.stderr
    out = run_cli("export", str(run["id"]), str(tmp_path / "run.json"))
    assert out.returncode == 1 and "engine 0.1.0" in out.stdout + out.stderr and "Traceback" not in out.stderr


@pytest.mark.app
async def test_an_old_game_that_still_replays_undoes_as_any_game(tmp_path):
    from solo.app.screens import GameScreen
    store = Store(_folder(tmp_path, REPLAYS) / DB_NAME)
    store.set_pref("bot_pace", "instant")
    _g, saved, _ = store.load("standard")
    app = make_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = _table(app, GameScreen)
        scr.action_undo()
        await pilot.pause()
        assert len(scr.answers) < len(saved) and scr.info.assisted
    store.close()


def test_a_rebuild_that_gives_another_game_is_told(tmp_path):
    """A saved state that its answers do not give (here its discard pile
    reordered, as three of 917 old saves rebuilt to another discard pile
    without a word): the check names what differs."""
    g = Game.new(("fluxx5",), 1, "solo", 4)
    bot, answers = RandomBot(4), []
    while len(answers) < 30 and not g.over:
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    assert replay_check(g, answers) == ""
    d = g.to_dict()
    assert len(d["discard"]) >= 2
    d["discard"] = list(reversed(d["discard"]))
    other = Game.from_dict(d, check="none")
    assert position_differs(other.to_dict(), g.to_dict()) == ["discard"]
    why = replay_check(other, answers)
    assert why.startswith("This game was begun on an earlier engine, and its answers replay here to another game "
                          "(its discard differ)")
