"""SVG snapshots of the screens a player sees (pytest-textual-snapshot), beside
the text snapshots in tests/snapshots/. Each was read before it was
accepted; a change to a screen re-approves its snapshot after reading the
diff (``pytest tests/test_snapshots.py --snapshot-update``; the report of a
failing run shows both pictures side by side)."""
from __future__ import annotations

import pytest

from solo.store.info import GameInfo

from .helpers import game_screen, make_app

pytestmark = [pytest.mark.app, pytest.mark.slow]
SIZES = [(80, 24), (120, 40), (160, 50)]


def played(store, seed: int = 11, decks=("fluxx5", "creeper-pack"), **kw):
    """The Solo table of a fixed deal after a few answers from the keyboard."""
    return make_app(store, new=(seed, list(decks)), **kw)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_at_each_size(snap_compare, store, size):
    assert snap_compare(played(store), press=["1", "_", "1", "_"], terminal_size=size)


def test_a_choice_dialog(snap_compare, store):

    from .test_app_keys import simplify_question

    async def open_it(pilot) -> None:
        pilot.app.push_screen(game_screen(pilot.app, simplify_question(), GameInfo(seed=0)))
        await pilot.pause()
        await pilot.press("space", "down")
    assert snap_compare(make_app(store), run_before=open_it, terminal_size=(80, 24))


def test_help_at_80x24(snap_compare, store):
    assert snap_compare(played(store), press=["question_mark", "_"], terminal_size=(80, 24))


def test_a_lesson_showing_a_wrong_moves_play_out(snap_compare, store):
    from scenarios.lessons import lessons
    from solo.app.screens import LessonScreen

    async def wrong(pilot) -> None:
        pilot.app.push_screen(LessonScreen(lessons()[0]))
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
    assert snap_compare(make_app(store), run_before=wrong, terminal_size=(80, 24))


def test_the_recap_and_the_replay_stepper(snap_compare, store):
    from solo.app.screens import EndScreen
    from solo.app.screens.end import EndRecord

    from .test_table import finished_run
    g, answers = finished_run()

    async def recap(pilot) -> None:
        pilot.app.push_screen(EndScreen(g, EndRecord(5, 3.2), assisted=False, answers=answers))
        await pilot.pause()
    assert snap_compare(make_app(store), run_before=recap, terminal_size=(80, 24))


def test_the_replay_stepper(snap_compare, store):
    from solo.app.screens import ReplayScreen

    from .test_table import finished_run
    g, answers = finished_run()

    async def replay(pilot) -> None:
        pilot.app.push_screen(ReplayScreen("Replay: seed 4", ["fluxx5"], 1, "solo", g.seed, answers))
        await pilot.pause()
        await pilot.press("right", "right", "right")
        await pilot.pause()
    assert snap_compare(make_app(store), run_before=replay, terminal_size=(120, 40))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_a_game_against_five_bots(snap_compare, store, size):
    store.set_pref("bot_pace", "slow")  # the first frame is your turn: no bot moves before the picture
    app = make_app(store, new=(5, ["fluxx5", "creeper-pack"]), seats=["human"] + ["greedy"] * 5)
    assert snap_compare(app, terminal_size=size)
