"""The benchmark's app figures are real measurements: never zero, never a
harness cost subtracted into noise."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.app, pytest.mark.slow]


def test_the_app_figures_are_measured():
    from solo.bench import app_timings
    t = app_timings(5, frames=1)
    assert t["presses"] == 5
    assert 0 < t["key_to_table_ms_median"] <= t["key_to_table_ms_max"]
    assert t["first_frame_headless_ms"] > 0
    assert t["first_frame_terminal_ms"] is None or t["first_frame_terminal_ms"] > t["first_frame_headless_ms"] / 10
    cold = t["first_frame_terminal_ms_no_bytecode_cache"]
    assert cold is None or cold > t["first_frame_headless_ms"] / 10


def test_the_strength_curve_plays_whole_games_at_each_budget():
    """One game of the curve (``python -m solo.bench --curve N``): a real
    score, search time spent, and the par bot (v1) is the frozen FlatSearch."""
    from engine.bots import FlatSearch, SearchBot
    from solo.bench import CURVE, _curve_game
    score, spent, n = _curve_game(("v2", 1, 2, 3))
    assert 0 <= score <= 20 and spent > 0 and n > 0
    assert CURVE[0][0].startswith("v1") and FlatSearch.name == "flat-search" and SearchBot.name == "search"


def test_the_key_to_screen_figures_against_bots_are_measured():
    """``python -m solo.bench --app-bots N``: your move to the table, and your
    move to your next question with the bots' moves between."""
    from solo.bench import bots_timings
    t = bots_timings(2, presses=4)
    assert t["presses"] == 4 and t["bots"] == 2
    assert 0 < t["key_to_table_ms_median"] <= t["key_to_table_ms_max"]
    assert t["key_to_next_question_ms_median"] is not None and t["key_to_next_question_ms_median"] > 0
    assert 0 < t["ms_per_bot_move_median"] <= t["key_to_next_question_ms_max"]


def test_the_app_loads_only_the_screens_its_first_frame_shows():
    """The first frame waits only for the table and the menu: the other
    screens, the choice dialogs and the hint's process pool are loaded when
    first used, and every screen is still importable by name."""
    from .helpers import modules_loaded_by
    later = ["solo.app.screens.end", "solo.app.screens.replay", "solo.app.screens.stats",
             "solo.app.screens.lessons", "solo.app.screens.lesson", "solo.app.dialogs", "concurrent.futures.process"]
    assert modules_loaded_by("import solo.cli, solo.app", f"m in {later!r}") == []
    import solo.app.screens as screens
    from solo.app.screens import HELP, EndScreen, ReplayScreen, told_steps
    from solo.app.screens.end import EndScreen as end_screen
    from solo.app.screens.replay import told_steps as told
    assert EndScreen is end_screen and told_steps is told and ReplayScreen.__name__ == "ReplayScreen" and HELP
    assert sorted(screens.__all__) == screens.__all__ and "GameScreen" in screens.__all__
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        screens.Nope  # noqa: B018
