"""The benchmark's app figures are real measurements: never zero, never a
harness cost subtracted into noise."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.app, pytest.mark.slow]


def test_the_app_figures_are_measured():
    from solo.tools.bench import app_timings
    t = app_timings(5, frames=1)
    assert t["presses"] == 5
    assert 0 < t["key_to_table_ms_median"] <= t["key_to_table_ms_max"]
    assert t["first_frame_headless_ms"] > 0
    assert t["first_frame_terminal_ms"] is None or t["first_frame_terminal_ms"] > t["first_frame_headless_ms"] / 10
    cold = t["first_frame_terminal_ms_no_bytecode_cache"]
    assert cold is None or cold > t["first_frame_headless_ms"] / 10
    # every module compiled at start costs far more than reading them compiled (the cache is really left out)
    assert cold is None or t["first_frame_terminal_ms"] is None or cold > 1.5 * t["first_frame_terminal_ms"]
    floor = t["first_frame_floor_ms"]  # a one-line Textual app, started in turn with the app
    assert floor is None or 0 < floor


def test_the_strength_curve_plays_whole_games_at_each_budget():
    """One game of the curve (``python -m solo.tools.bench --curve N``): a real
    score, search time spent, and the par bot (v1) is the frozen FlatSearch."""
    from engine.bots import FlatSearch, SearchBot
    from solo.tools.bench import CURVE, _curve_game
    score, spent, n = _curve_game(("v2", 1, 2, 3))
    assert 0 <= score <= 20 and spent > 0 and n > 0
    assert CURVE[0][0].startswith("v1") and FlatSearch.name == "flat-search" and SearchBot.name == "search"


def test_the_key_to_screen_figures_against_bots_are_measured():
    """``python -m solo.tools.bench --app-bots N``: your move to the table, and your
    move to your next question with the bots' moves between."""
    from solo.tools.bench import bots_timings
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
             "solo.app.screens.lessons", "solo.app.screens.lesson", "solo.app.dialogs", "concurrent.futures.process",
             "solo.app.screens.history", "textual.widgets._data_table", "solo.app.screens.modals"]
    assert modules_loaded_by("import solo.cli, solo.app", f"m in {later!r}") == []
    import solo.app.screens as screens
    from solo.app.screens import HELP, EndScreen, ReplayScreen, told_steps
    from solo.app.screens.end import EndScreen as end_screen
    from solo.app.screens.replay import told_steps as told
    assert EndScreen is end_screen and told_steps is told and ReplayScreen.__name__ == "ReplayScreen" and HELP
    assert sorted(screens.__all__) == screens.__all__ and "GameScreen" in screens.__all__
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        screens.Nope  # noqa: B018


def test_the_first_frame_makes_no_card_entries_of_the_reference_and_reads_one_deck():
    """The tutor's reference makes the cards' own entries (every shipped deck
    loaded) when first asked for one, not for the first frame of a new game,
    and a new game against no saved one is dealt on a stack of its own (no
    menu composed under it only to be taken away)."""
    from .helpers import run_probe
    out = run_probe("""
import asyncio, json, os, tempfile
os.environ["SOLO_FLUXX_HOME"] = tempfile.mkdtemp()
from solo.cli import _app
from tutor.reference import REFERENCE
from engine.cards import _DBS
async def main():
    app = _app(new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = {"made": REFERENCE.cards_made, "decks": [list(k) for k in _DBS],
                "stack": [type(s).__name__ for s in app.screen_stack]}
        seen["entry"] = REFERENCE["cards.fluxx5.trash-a-keeper"].title
        seen["made_after"] = REFERENCE.cards_made
        print(json.dumps(seen))
asyncio.run(main())
""")
    assert out == {"made": False, "decks": [["fluxx5"]], "stack": ["Screen", "GameScreen"],
                   "entry": "Trash a Keeper (action, fluxx5)", "made_after": True}


async def test_a_solo_table_is_six_widgets_at_its_first_frame(store):
    """Every widget costs the first frame about 4 ms here, whatever it shows:
    the boxes are one widget (BoxRows), the keys one line (KeyBar), and the
    size notice is made only when needed. A widget added to the table is a
    choice to make with that cost in mind: change this count on purpose."""
    from solo.app.screens import GameScreen

    from .helpers import make_app
    app = make_app(store, new=(7, ["fluxx5", "creeper-pack"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        shown = [type(w).__name__ for w in app.screen.children]
        assert shown == ["TurnBanner", "BoxRows", "HandList", "Preview", "LogList", "KeyBar"]  # both OptionLists
        assert len(list(app.screen.walk_children())) == 6  # no widget per box, no hidden notice


def test_the_curve_measures_v3_beside_v2_seed_by_seed():
    """--curve plays v3 and v2 at the same budgets and gives the paired
    difference with its 95% interval."""
    from solo.tools.bench import CURVE, _curve_game, paired_difference
    assert ("v2", 60, 6) in CURVE and ("v3", 60, 6) in CURVE
    score, spent, n = _curve_game(("v3", 1, 2, 3))
    assert score >= 0 and n > 0 and spent > 0
    got = paired_difference([3, 5, 4, 6], [2, 5, 3, 4])
    assert got["mean_difference"] == 1.0
    lo, hi = got["ci95"]
    assert lo < 1.0 < hi and round(hi - 1.0, 3) == round(1.0 - lo, 3)


def test_the_side_by_side_pairs_v4_with_v2_seed_by_seed(monkeypatch, tmp_path):
    """``--side-by-side N`` (issue 37's measure, at tiny budgets here): both
    searches over the same seeds in one run, each one's mean and CPU per
    decision, the paired difference, and the scores seed by seed kept."""
    import json

    from solo.tools import bench
    assert bench.SIDE_BY_SIDE == (("v2", 60, 6), ("v4", 50, 6))  # each at its default budget
    monkeypatch.setattr(bench, "SIDE_BY_SIDE", (("v2", 1, 2), ("v4", 1, 2)))
    out = tmp_path / "sbs.json"
    rows = bench.side_by_side(2, str(out))
    assert [r.get("bot") for r in rows[:2]] == ["v2", "v4"] and rows[2]["paired"] == "v4 - v2"
    kept = json.loads(out.read_text())
    for r in rows[:2]:
        assert r["decisions"] > 0 and r["cpu_ms_per_decision"] > 0
        assert r["mean_score"] == sum(kept["scores"][r["bot"]]) / 2
    one = [bench._curve_game(("v4", 1, 2, s))[0] for s in range(2)]
    assert kept["scores"]["v4"] == one  # the same games as played one by one
    assert rows[2]["mean_difference"] == (sum(one) - sum(kept["scores"]["v2"])) / 2
