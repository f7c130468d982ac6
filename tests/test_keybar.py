"""The key bar (solo.app.widgets.KeyBar): the screen's keys on the bottom
line, as Textual's Footer showed them, at a fraction of its start-up cost."""
from __future__ import annotations

import pytest

from solo.app.screens import GameScreen, HelpScreen
from solo.app.widgets import KeyBar

from .helpers import make_app, screen_lines

pytestmark = pytest.mark.app

GAME_KEYS = ["Undo", "Card text", "Help", "Tutor", "Why?", "Hint", "Log", "Menu"]


async def test_the_bar_shows_the_game_keys_with_the_palette_at_the_right(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        bar = app.screen.query_one(KeyBar)
        assert [d for _, _, d, _ in bar.keys()] == GAME_KEYS
        last = screen_lines(app)[-1]
        assert last == " u Undo  d Card text  ? Help  t Tutor  w Why?  i Hint  l Log  q Menu▏^p palette "
        assert len(last) == 80


async def test_undo_is_dimmed_until_there_is_a_move_to_take_back(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert bar.keys()[0][2:] == ("Undo", False)
        assert bar._spans[0][2:] == ("u", False)  # as drawn
        await pilot.press("enter")  # the first move offered
        await pilot.pause()
        assert bar.keys()[0][2:] == ("Undo", True)
        assert bar._spans[0][2:] == ("u", True)  # drawn again


async def test_a_click_on_a_key_presses_it(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = screen_lines(app)[-1]
        x = last.index("? Help") - 1  # the key's first cell: the space before it is the key's, not its neighbour's
        await pilot.click(KeyBar, offset=(x, 0))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_narrow_terminal_cuts_the_keys_and_keeps_the_palette_key(store):
    """A bar narrower than its keys cuts the keys beyond the room and keeps
    the palette's key (the game's bar at 50 columns: the keys of the lesson
    list); the table too small for its keys shows only the menu's key."""
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        shown = screen_lines(app)[-1][:bar.size.width]
        assert shown.startswith(" q Menu ") and shown.endswith("▏^p palette ")  # the table is not drawn: one key
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        bar.styles.width = 50
        await pilot.pause()
        shown = screen_lines(app)[-1][:bar.size.width]  # the bar's own width
        assert shown.endswith("▏^p palette ") and shown.startswith(" u Undo  d Card text")
        assert "Menu" not in shown  # the keys beyond the room are cut, the palette's key kept


async def test_a_click_on_the_palette_key_of_a_narrow_bar_opens_the_palette_not_a_cut_key(store):
    from textual.command import CommandPalette
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        shown = screen_lines(app)[-1][:bar.size.width]
        await pilot.click(KeyBar, offset=(shown.index("^p") + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.resize_terminal(80, 24)  # the table's bar, made narrower than its keys: keys are cut
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        bar.styles.width = 50
        await pilot.pause()
        shown = screen_lines(app)[-1][:bar.size.width]
        assert shown.endswith("▏^p palette ")
        assert all(start < bar.size.width - len("▏^p palette ") for start, _, key, _ in bar._spans if key != "ctrl+p")
        await pilot.click(KeyBar, offset=(shown.index("^p") + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)  # not the key cut off beneath it
