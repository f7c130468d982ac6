"""Smaller things a newcomer hit (issue 35, item 9): learn N for the coached
game, the banner's daily / practice / assisted at 80 columns, a second daily
said to be practice before it starts, stats that keep practice and the
coached game apart, history with run IDs, export of an abandoned run, the
temporary hand in words."""
from __future__ import annotations

import json

import pytest

from engine.game import Game
from solo.store import Store
from solo.store.info import GameInfo

from .helpers import game_screen, make_app, screen_lines, table
from .test_store import finish


async def test_learn_45_opens_the_coached_game_the_list_shows_as_45(store):
    from scenarios.lessons import COACHED_TITLE, lessons
    from solo.app.screens import GameScreen
    from tutor.review import COACHED_SEED
    assert len(lessons()) + 1 == 45
    app = make_app(store, learn=True, lesson="coached")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.g.seed == COACHED_SEED
        assert scr.info.extra == {"coached": True} and scr.explainer.level == "full"
        assert screen_lines(app)[0].startswith("Turn 1 · coached ·")
    assert "coached game" in COACHED_TITLE


def test_learn_45_on_the_command_line_opens_the_app_on_the_coached_game(monkeypatch, tmp_path):
    from solo import cli
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    seen = {}
    monkeypatch.setattr(cli, "_run", lambda app: seen.setdefault("lesson", app.lesson) and 0)
    assert cli.main(["learn", "45"]) == 0 and seen["lesson"] == "coached"


async def test_a_second_daily_says_it_is_practice_before_it_starts_and_the_banner_says_so(store):
    from solo.app.dialogs import ConfirmScreen
    from solo.app.screens import GameScreen
    day = "2026-11-29"
    finish(store, 5, daily=day)
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.daily_game(day)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "practice" in " ".join("\n".join(screen_lines(app)).split())
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.info.kind == "practice"
        banner = screen_lines(app)[0]
        assert banner.startswith("Turn 1 · practice · Score 0")  # at 80 columns, before anything is cut
        await pilot.press("i")  # the hint's nudge does not assist; undo does
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert screen_lines(app)[0].startswith("Turn 1 · practice, assisted · ")


async def test_the_first_daily_of_a_date_starts_at_once_and_says_daily(store):
    from solo.app.screens import GameScreen
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.daily_game("2026-11-30")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.info.kind == ""
        assert screen_lines(app)[0].startswith("Turn 1 · daily · Score 0")


def test_stats_keep_practice_and_the_coached_game_apart(store):
    from tutor.review import COACHED_DECKS, COACHED_SEED
    finish(store, 3)                              # a Solo run
    finish(store, 5, daily="2026-11-29")          # the date's scored attempt
    finish(store, 6, daily="2026-11-29")          # practice
    g = Game.new(tuple(COACHED_DECKS), 1, "solo", COACHED_SEED)
    store.start(g, extra={"coached": True})       # the coached game, finished
    from .test_store import play_through_store
    play_through_store(store, g, 1)
    st = store.stats("2026-11-30")
    runs = store.runs()
    assert [r["coached"] for r in runs] == [False, False, False, True]
    assert [r["practice"] for r in runs] == [False, False, True, False]
    assert st["played"] == 2 and st["practice"]["played"] == 1 and st["coached"]["played"] == 1
    assert store.best_and_mean()[0] == max(r["score"] for r in runs[:2])
    assert "coached" not in store.run_file(runs[3]["id"])  # the history's note is not part of the run file


def test_history_shows_run_ids_and_marks_practice(tmp_path, capsys, monkeypatch):
    from solo import cli
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    store = Store()
    finish(store, 5, daily="2026-11-29")
    finish(store, 6, daily="2026-11-29")
    store.close()
    assert cli.main(["history"]) == 0
    head, first, second = capsys.readouterr().out.strip().splitlines()
    assert head.split()[0] == "run" and first.split()[0] == "1" and second.split()[0] == "2"
    assert "(practice)" in second and "(practice)" not in first


def test_an_abandoned_run_is_not_exported_and_a_finished_one_verifies(tmp_path, capsys, monkeypatch):
    from solo import cli
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    store = Store()
    finish(store, 4)
    g = Game.new(("fluxx5",), 1, "solo", 8)
    store.start(g)
    store.start(Game.new(("fluxx5",), 1, "solo", 9))  # files seed 8's game as abandoned
    store.close()
    assert cli.main(["export", "2", str(tmp_path / "a.json")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "was abandoned before the game ended" in err[0] and "replay --run 2" in err[0]
    assert not (tmp_path / "a.json").exists()
    assert cli.main(["export", "1", str(tmp_path / "f.json")]) == 0
    assert json.loads((tmp_path / "f.json").read_text())["seed"] == 4
    assert cli.main(["verify", str(tmp_path / "f.json")]) == 0


@pytest.mark.parametrize("day,words", [("birthday", "play 3 of these 3"), ("other", "play 1 of these 3")])
async def test_todays_special_says_its_plays_in_words(store, day, words):
    g = table("""
variant = "solo"
[setup]
drawn = 1
hands = [["Today's Special!", "Milk", "Cookies", "Bread"]]
draw_pile = ["The Moon", "The Sun", "Sleep", "Love", "Peace", "Time"]
rules_deck = ["Draw 2", "Play 2"]
""")
    g.push(("play", g.db.find("Today's Special!")))
    g.push(("choose", (day,)))
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert words in text and "-1" not in text


async def test_the_command_palette_lists_the_games_commands_as_soon_as_it_opens(store):
    from textual.command import CommandPalette
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        assert isinstance(app.screen, CommandPalette)
        shown = "\n".join(screen_lines(app))
        for name in ("Undo", "Hint", "Why?", "Open the table whole"):  # the game's own, listed first
            assert name in shown, shown


async def test_a_long_choice_list_says_how_many_more_lines_there_are(store):
    """Trash a Keeper with 15 Keepers on the table: the dialog's list scrolls
    and the cue under it counts the lines below, then above, as it scrolls."""
    from solo.app.dialogs import PickOneDialog

    from .test_app_keys import long_keepers_table
    g = long_keepers_table(("Trash a Keeper", "Milk"))
    g.push(("play", g.db.find("Trash a Keeper")))
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickOneDialog) and len(g.prompt.options) == 15
        cue = dialog.query_one("#dialog-more")
        assert "more lines below" in str(cue.render()) and "above" not in str(cue.render())
        await pilot.press("end")
        await pilot.pause()
        assert "more lines above" in str(cue.render()) and "below" not in str(cue.render())
