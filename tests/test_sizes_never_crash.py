"""The app never crashes on a size (issue 62): every screen and every kind of
dialog, resized through a fixed list of sizes from 1x1 up (a browser window
narrowed to 20 px once ended the app: rich's wrapping raised ValueError at
a few columns, in the dialog and in the table under it), and through
derandomized Hypothesis examples. Where the table is too small for play,
its sentence says so wherever it fits."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import make_app, screen_lines

pytestmark = pytest.mark.app

SIZES = [(1, 1), (1, 24), (3, 10), (20, 5), (79, 23), (300, 100), (2, 2), (10, 1), (19, 40), (20, 24), (40, 12),
         (80, 24), (200, 60), (5, 200), (80, 1)]


def _game(app) -> Any:
    return app.current_game()


def _scenes() -> dict[str, Callable[[Any], None]]:
    """A name -> what to open on an app whose Solo game is at its table."""
    from solo.app.dialogs import BusyScreen, ConfirmScreen, NewGameScreen, PickManyDialog, PickOneDialog
    from solo.app.screens.modals import CardScreen, HelpScreen, PilesScreen, PlayoutScreen, RuleScreen
    from solo.app.screens.replay import TurnPick
    return {
        "table": lambda app: None,
        "confirm": lambda app: app.push_screen(ConfirmScreen("A game is in progress. Start a new one?")),
        "new game": lambda app: app.push_screen(NewGameScreen()),
        "busy": lambda app: app.push_screen(BusyScreen("The Solo game is open in another Solo Fluxx window.")),
        "rule": lambda app: app.push_screen(RuleScreen("solo.score")),
        "card": lambda app: app.push_screen(CardScreen(_game(app), _game(app).hands[0][0])),
        "piles": lambda app: app.push_screen(PilesScreen(_game(app))),
        "help": lambda app: app.push_screen(HelpScreen()),
        "playout": lambda app: app.push_screen(PlayoutScreen(["You played Milk."], ["The Goal is met."])),
        "pick one": lambda app: app.push_screen(PickOneDialog(_game(app))),
        "pick many": lambda app: app.push_screen(PickManyDialog(_game(app))),
        "turn pick": lambda app: app.push_screen(TurnPick([(1, 0), (2, 5), (3, 9)])),
        "menu": lambda app: app.push_screen(app.menu()),
        "history": lambda app: app.show_history(),
        "stats": lambda app: app.show_stats(),
        "lessons": lambda app: app.show_lessons(),
        "lesson": lambda app: app.open_lesson("first-turn"),
    }


SCENES = list(_scenes())


async def _through(store, scene: str, sizes: list[tuple[int, int]]) -> list[str]:
    """Open the scene at 80x24, resize through ``sizes``; the screen's lines at each size."""
    app = make_app(store, new=(7, ["fluxx5"]))
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _scenes()[scene](app)
        await pilot.pause()
        for w, h in sizes:
            await pilot.resize_terminal(w, h)
            await pilot.pause()
            await pilot.pause()
            lines = screen_lines(app)
            assert len(lines) == h and all(len(line) <= w for line in lines), (scene, w, h)
            seen.append("\n".join(lines))
        await pilot.resize_terminal(80, 24)  # and back: the scene is still there and whole
        await pilot.pause()
    assert app._exception is None and app.failure is None, (scene, app.failure)
    return seen


@pytest.mark.parametrize("scene", SCENES)
async def test_no_size_crashes_any_screen_or_dialog(store, scene):
    await _through(store, scene, SIZES)


async def test_the_table_says_it_needs_80x24_wherever_the_sentence_fits(store):
    seen = dict(zip(SIZES, await _through(store, "table", SIZES), strict=True))
    for (w, h), text in seen.items():
        if w >= 80 and h >= 24:
            assert "needs a terminal" not in text
        elif w >= 60 and h >= 3:  # the sentence, wrapped, fits
            assert "needs a terminal of at least 80x24" in " ".join(text.split()), (w, h)


async def test_a_dialog_cut_by_a_narrow_terminal_comes_back_whole(store):
    """At 12 columns a dialog's words are cut to what fits (its lists
    measured at one column at the least: widgets.Choices); back at 80x24
    the dialog is where it was, with all its words and its choices."""
    from solo.app.dialogs import BusyScreen
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(BusyScreen("The Solo game is open in another Solo Fluxx window."))
        await pilot.pause()
        whole = "\n".join(screen_lines(app))
        assert "open in another Solo Fluxx window" in " ".join(whole.split())
        for w in (12, 3, 1):
            await pilot.resize_terminal(w, 30)
            await pilot.pause()
            assert all(len(line) <= w for line in screen_lines(app))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "\n".join(screen_lines(app)) == whole
        assert isinstance(app.screen, BusyScreen)


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(scene=st.sampled_from(SCENES),
       sizes=st.lists(st.tuples(st.integers(1, 250), st.integers(1, 80)), min_size=1, max_size=4))
async def test_random_sizes_with_any_scene_open(tmp_path_factory, scene, sizes):
    from solo.store import Store
    store = Store(tmp_path_factory.mktemp("sizes") / "save.sqlite3")
    store.set_pref("lessons_offered", True)
    try:
        await _through(store, scene, sizes)
    finally:
        store.close()
