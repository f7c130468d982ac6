"""Every key the app advertises (its bindings, the help screen, the README's
list) is pressed here, and what it does is checked: state first, screen
second. ``test_every_binding_has_a_key_test`` fails when a screen gains a
binding that no test below presses."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import OptionList, SelectionList

from engine.bots import make_bot
from engine.game import Game
from solo.app import screens as S
from solo.app.dialogs import PickManyDialog, PickOneDialog
from solo.app.screens.end import EndRecord
from solo.store.info import GameInfo
from tutor.explain import FORBIDDEN

from .helpers import game_screen as new_game_screen
from .helpers import make_app, screen_lines, table, until

# the app (not under mutation testing), one Pilot session a test: in the full run only
pytestmark = [pytest.mark.app, pytest.mark.slow, pytest.mark.pilot]
ROOT = Path(__file__).resolve().parents[1]

# (screen, key) -> the test below that presses it
PRESSED = {
    ("GameScreen", "u"): "test_u_undoes_the_last_answer",
    ("GameScreen", "d"): "test_d_shows_the_card_and_closes",
    ("GameScreen", "question_mark"): "test_help_opens_and_closes",
    ("GameScreen", "f1"): "test_help_opens_and_closes",
    ("GameScreen", "t"): "test_t_cycles_the_tutor_level",
    ("GameScreen", "w"): "test_w_opens_the_rule_behind_the_last_line",
    ("GameScreen", "i"): "test_i_nudges_then_suggests_and_marks_assisted",
    ("GameScreen", "l"): "test_l_switches_between_just_happened_and_the_full_log",
    ("GameScreen", "e"): "test_e_ends_the_turn_only_when_the_rules_allow",
    ("GameScreen", "x"): "test_x_explains_that_there_is_no_discarding_at_will",
    ("GameScreen", "h"): "test_h_opens_history_and_escape_or_q_closes_it",
    ("GameScreen", "c"): "test_c_switches_the_card_colours",
    ("GameScreen", "s"): "test_s_opens_stats_from_the_game",
    ("GameScreen", "j"): "test_j_k_and_number_keys_move_and_pick",
    ("GameScreen", "k"): "test_j_k_and_number_keys_move_and_pick",
    **{("GameScreen", str(i)): "test_j_k_and_number_keys_move_and_pick" for i in range(1, 10)},
    ("LessonScreen", "escape"): "test_lesson_escape_goes_back_to_the_lessons",
    ("RuleScreen", "escape"): "test_w_opens_the_rule_behind_the_last_line",
    ("RuleScreen", "enter"): "test_w_opens_the_rule_behind_the_last_line",
    ("RuleScreen", "w"): "test_w_opens_the_rule_behind_the_last_line",
    ("CardScreen", "escape"): "test_d_shows_the_card_and_closes",
    ("CardScreen", "enter"): "test_d_shows_the_card_and_closes",
    ("CardScreen", "d"): "test_d_shows_the_card_and_closes",
    ("HelpScreen", "escape"): "test_help_opens_and_closes",
    ("HelpScreen", "question_mark"): "test_help_opens_and_closes",
    ("HelpScreen", "f1"): "test_help_opens_and_closes",
    ("EndScreen", "n"): "test_end_screen_keys",
    ("EndScreen", "h"): "test_end_screen_keys",
    ("EndScreen", "s"): "test_end_screen_keys",
    ("EndScreen", "q"): "test_end_screen_q_quits",
    ("HistoryScreen", "escape"): "test_h_opens_history_and_escape_or_q_closes_it",
    ("HistoryScreen", "o"): "test_o_shows_older_runs_in_the_history",
    ("HistoryScreen", "q"): "test_h_opens_history_and_escape_or_q_closes_it",
    ("MenuScreen", "q"): "test_menu_q_quits",
    ("StatsScreen", "escape"): "test_s_opens_stats_from_the_game",
    ("StatsScreen", "q"): "test_s_opens_stats_from_the_game",
    ("LessonsScreen", "escape"): "test_lesson_escape_goes_back_to_the_lessons",
    ("LessonsScreen", "q"): "test_lessons_q_goes_back_to_the_menu",
    ("BackScreen", "escape"): "test_h_opens_history_and_escape_or_q_closes_it",
    ("BackScreen", "q"): "test_h_opens_history_and_escape_or_q_closes_it",
    ("EndScreen", "r"): "test_snapshot_recap_and_replay_of_the_game",
    ("ReplayScreen", "right"): "test_snapshot_recap_and_replay_of_the_game",
    ("ReplayScreen", "left"): "test_snapshot_recap_and_replay_of_the_game",
    ("ReplayScreen", "escape"): "test_snapshot_recap_and_replay_of_the_game",
    ("ReplayScreen", "period"): "test_replay_screen_keys",
    ("ReplayScreen", "comma"): "test_replay_screen_keys",
    ("ReplayScreen", "q"): "test_replay_screen_keys",
    ("ReplayScreen", "home"): "test_replay_screen_keys",
    ("ReplayScreen", "end"): "test_replay_screen_keys",
    ("ReplayScreen", "g"): "test_replay_screen_keys",
    ("TurnPick", "escape"): "test_replay_screen_keys",
    ("PlayoutScreen", "escape"): "test_a_wrong_moves_play_out_opens_and_closes",
    ("PlayoutScreen", "enter"): "test_a_wrong_moves_play_out_opens_and_closes",
    ("ConfirmScreen", "y"): "test_a_new_game_asks_before_filing_the_game_in_progress",
    ("ConfirmScreen", "n"): "test_a_new_game_asks_before_filing_the_game_in_progress",
    ("ConfirmScreen", "enter"): "test_confirm_and_new_game_keys",
    ("ConfirmScreen", "escape"): "test_confirm_and_new_game_keys",
    ("NewGameScreen", "escape"): "test_confirm_and_new_game_keys",
    ("BusyScreen", "escape"): "test_busy_screen_escape_goes_back_to_the_menu",
    ("GameScreen", "p"): "test_p_shows_the_piles",
    ("GameScreen", "space"): "test_space_skips_the_pause_and_b_sets_the_pace",  # against bots
    ("GameScreen", "b"): "test_space_skips_the_pause_and_b_sets_the_pace",
    ("PilesScreen", "escape"): "test_p_shows_the_piles",
    ("PilesScreen", "enter"): "test_p_shows_the_piles",
    ("PilesScreen", "p"): "test_p_shows_the_piles",
    ("GameScreen", "q"): "test_q_and_escape_go_to_the_menu_and_resume",
    ("GameScreen", "escape"): "test_q_and_escape_go_to_the_menu_and_resume",
    ("PickOneDialog", "escape"): "test_dialog_escape_passes_only_when_allowed",
    ("PickOneDialog", "i"): "test_dialog_escape_passes_only_when_allowed",
    ("PickManyDialog", "i"): "test_dialog_escape_passes_only_when_allowed",
    ("PickManyDialog", "enter"): "test_dialog_space_marks_and_enter_confirms",
    ("PickManyDialog", "escape"): "test_dialog_escape_passes_only_when_allowed",
    ("GameScreen", "o"): "test_o_opens_every_zone_whole_and_the_dialog_scrolls",
    ("TableScreen", "escape"): "test_o_opens_every_zone_whole_and_the_dialog_scrolls",
    ("TableScreen", "enter"): "test_o_opens_every_zone_whole_and_the_dialog_scrolls",
    ("TableScreen", "o"): "test_o_opens_every_zone_whole_and_the_dialog_scrolls",
    **{("ScrollDialog", k): "test_o_opens_every_zone_whole_and_the_dialog_scrolls"
       for k in ("up", "k", "down", "j", "pageup", "pagedown", "space", "home", "end")},
    **{("MoveScreen", k): "test_in_the_app_bot_moves_are_one_line_each_and_w_opens_the_whole_move"
       for k in ("escape", "enter", "w")},
}
# keys that Textual widgets give (not our bindings), advertised in the help and README
WIDGET_KEYS = {"up": "test_j_k_and_number_keys_move_and_pick", "down": "test_j_k_and_number_keys_move_and_pick",
               "enter": "test_enter_plays_the_highlighted_move", "tab": "test_tab_and_ctrl_p",
               "ctrl+p": "test_tab_and_ctrl_p", "space": "test_dialog_space_marks_and_enter_confirms"}


def test_every_binding_has_a_key_test():
    import importlib
    import pkgutil

    from solo.app import dialogs as D

    from . import test_app, test_bot_lines, test_bots_app, test_table
    names = set(globals())
    for m in (test_table, test_app, test_bots_app, test_bot_lines):
        names |= set(vars(m))
    screens = [importlib.import_module(f"solo.app.screens.{m.name}") for m in pkgutil.iter_modules(S.__path__)]
    assert len(screens) >= 9  # one module per screen
    from textual.screen import Screen
    for mod in (*screens, D):
        for cls_name, cls in vars(mod).items():
            if isinstance(cls, type) and getattr(cls, "BINDINGS", None) is Screen.BINDINGS:
                continue  # a part of the game screen (table_base): Textual's own screen keys, no key of ours
            for b in getattr(cls, "BINDINGS", []) if isinstance(cls, type) else []:
                if cls.__module__ != mod.__name__:
                    continue
                for key in b.key.split(","):
                    owner = cls_name
                    if cls_name == "LessonScreen" and key != "escape":
                        owner = "GameScreen"  # inherited from the game screen
                    if cls_name == "ReplayScreen" and b in S.GameScreen.BINDINGS:
                        owner = "GameScreen"  # the game screen's looking keys, kept in the replay
                    test = PRESSED.get((owner, key))
                    assert test, f"{cls_name} binds '{key}' and no test presses it"
                    assert test in names, test
    for test in WIDGET_KEYS.values():
        assert test in names


def test_help_and_readme_advertise_only_keys_that_are_tested():
    """Help is made from the bindings (so it names only bound keys); the
    README's keys are each pressed by a test."""
    bound = {k for (_, k) in PRESSED} | set(WIDGET_KEYS)
    named = {"Space": ["space"], "Up/Down": ["up", "down", "j", "k"], "1-9": [str(i) for i in range(1, 10)], "?/F1": ["question_mark", "f1"], "?": ["question_mark", "f1"],
             "Ctrl+P": ["ctrl+p"], "Tab": ["tab"], "In": []}
    readme = (ROOT / "README.md").read_text()
    keys = re.search(r"## The app's keys\n\n(.*?)\n\n", readme, re.S).group(1)
    for k in re.findall(r"`([^`]+)`", keys):
        for key in named.get(k, [k.lower().replace("?/f1", "question_mark")]):
            assert key in bound, f"the README advertises {k}"


async def test_o_opens_every_zone_whole_and_the_dialog_scrolls(store):
    """o (or a click on a box) opens every zone of the table whole: the
    Keepers a compact row counts as "+N more" are named there; the dialog
    scrolls with the arrows, j/k, PgUp/PgDn, Space, Home/End, its cue saying
    what is above and below; Esc, Enter or o close it."""
    from textual.containers import VerticalScroll

    from solo.app.screens.modals import TableScreen
    g = long_keepers_table()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        row = "\n".join(screen_lines(app))
        assert "more" in row and "o: open" in row
        for close in ("escape", "enter", "o"):
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            text = "\n".join(screen_lines(app))
            body = app.screen.query_one("#dialog-body", VerticalScroll)
            if close == "escape":
                for c in g.tables[0]:
                    assert g.name(c) in app.screen.body().plain
                assert body.max_scroll_y > 0 and "more lines below" in text
                for key, where in (("end", body.max_scroll_y), ("home", 0), ("down", 1), ("j", 2), ("k", 1),
                                   ("up", 0), ("pagedown", None), ("pageup", 0), ("space", None)):
                    await pilot.press(key)
                    await pilot.pause()
                    if where is not None:
                        assert round(body.scroll_y) == where, key
                    else:
                        assert body.scroll_y > 1, key
                assert "more lines above" in "\n".join(screen_lines(app))
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)
        await pilot.click("#boxes", offset=(3, 1))  # a click on the Rules pile opens the table at it
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.at == "rules-pile"


async def test_a_wrong_moves_play_out_opens_and_closes(store):
    """Lesson 1's tempting Bread: its play-out opens in a dialog of its own
    (whole at 80x24), and Enter or Esc goes back to the step, the table as it was."""
    from scenarios.lessons import lessons
    from solo.app.screens.modals import PlayoutScreen
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = S.LessonScreen(lessons()[0])
        app.push_screen(scr)
        await pilot.pause()
        before = scr.g.to_dict()
        for close in ("enter", "escape"):
            await pilot.press("2")
            await pilot.pause()
            assert isinstance(app.screen, PlayoutScreen)
            shown = " ".join("\n".join(screen_lines(app)).split())
            assert "If you did that" in shown and "(would be)" not in shown  # the copy's lines, unmarked, in full
            await pilot.press(close)
            await pilot.pause()
            assert app.screen is scr and scr.g.to_dict() == before


def long_keepers_table(hand: tuple[str, ...] = ("Milk", "Cookies")) -> Game:
    """A Solo table with 15 Keepers in play (more than a compact row or a dialog shows at once)."""
    cards = ", ".join(f'"{c}"' for c in hand)
    return table(f"""
variant = "solo"
[setup]
drawn = 1
hands = [[{cards}]]
tables = [["The Moon", "The Sun", "Sleep", "Music", "Love", "Peace", "Time", "Dreams", "Television", "Money", "Bread", "Chocolate", "The Toaster", "The Party", "The Rocket"]]
draw_pile = ["The Brain", "The Eye"]
rules_deck = ["Draw 2", "Play 2"]
""")


def notes(scr) -> list[str]:
    return [ln for ln in scr.log_lines]


def game_screen(app) -> S.GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, S.GameScreen))


async def test_j_k_and_number_keys_move_and_pick(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        moves = app.screen.query_one("#moves", OptionList)
        g = app.current_game()
        assert moves.highlighted == 0
        await pilot.press("j")
        assert moves.highlighted == 1
        await pilot.press("k")
        assert moves.highlighted == 0
        await pilot.press("down", "down", "up")
        assert moves.highlighted == 1
        n = len(g.prompt.options)
        assert n >= 2
        second = g.prompt.options[1]
        await pilot.press(str(n + 1) if n < 9 else "9")  # a number past the list does nothing
        await pilot.pause()
        if n < 9:
            assert app.screen.answers == []
        await pilot.press("2")
        await pilot.pause()
        assert app.screen.answers[0] == [second[0], g.name(second[1])]


async def test_enter_plays_the_highlighted_move(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        g = app.current_game()
        first = g.prompt.options[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.answers[0] == [first[0], g.name(first[1])]
        assert store.load()[1] == app.screen.answers  # saved after the answer


async def test_u_undoes_the_last_answer(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.current_game().to_dict()
        await pilot.press("u")  # nothing to undo yet: nothing changes, nothing is marked
        assert app.screen.info.assisted is False
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        after = app.current_game().to_dict()
        before.pop("decisions"), after.pop("decisions")
        assert after == before and app.screen.answers == []
        assert app.screen.info.assisted is True
        assert "Undone: this run is now marked assisted." in notes(app.screen)
    assert store.load()[2].assisted is True


async def test_d_shows_the_card_and_closes(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        g = app.current_game()
        c = g.prompt.options[1][1]
        for close in ("escape", "enter", "d"):
            await pilot.press("j", "d")
            await pilot.pause()
            assert isinstance(app.screen, S.CardScreen) and app.screen.c == c
            assert g.db.cards[c].text in str(app.screen.query("Static")[1].render())
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)
            await pilot.press("k")
        assert app.screen.answers == []


async def test_help_opens_and_closes(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for open_, close in (("question_mark", "escape"), ("f1", "f1"), ("question_mark", "question_mark")):
            await pilot.press(open_)
            await pilot.pause()
            assert isinstance(app.screen, S.HelpScreen)
            assert "Help: the keys of this screen" in "\n".join(screen_lines(app))
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)


async def test_t_cycles_the_tutor_level(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert scr.explainer.level == "brief"
        seen = []
        for _ in range(3):
            await pilot.press("t")
            seen.append(scr.explainer.level)
        assert seen == ["full", "off", "brief"]
        assert notes(scr)[-3:] == ["Tutor: full", "Tutor: off", "Tutor: brief"]
        await pilot.press("t", "t")  # off: the next move adds no tutor line
        n = len(scr.log_lines)
        await pilot.press("1")
        await pilot.pause()
        assert len(scr.log_lines) == n


async def test_w_opens_the_rule_behind_the_last_line(store):
    from tutor.reference import REFERENCE
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("w")  # turn 1 already has lines (the deal, the draw): w opens the last one's rule
        await pilot.pause()
        assert isinstance(app.screen, S.RuleScreen) and app.screen.rule_id == "turn.play"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        last = app.screen.last_rule
        assert last in REFERENCE
        for close in ("escape", "enter", "w"):
            await pilot.press("w")
            await pilot.pause()
            assert isinstance(app.screen, S.RuleScreen) and app.screen.rule_id == last
            assert REFERENCE[last].text in str(app.screen.query("Static")[1].render())
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)


async def test_i_nudges_then_suggests_and_marks_assisted(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("i")
        # a nudge names no move: the run stays unassisted
        assert not scr.info.assisted
        from tutor.hints import nudge
        said = nudge(scr.g)  # the nearest Goal (none in play: one in the hand) and what it still lacks
        assert notes(scr)[-1] == said + " Press i again for a move." and "still needs" in said, said
        before = len(notes(scr))
        await pilot.press("i")
        await pilot.pause()
        # the search runs in its own process: the table says so at once (on a loaded machine the
        # answer may already be back when the pause ends, so the line is looked for, not taken last)
        assert [n for n in notes(scr)[before:] if n.startswith("Hint: ")][0].startswith("Hint: thinking")
        await pilot.press("l")  # and the table answers keys meanwhile
        await pilot.pause()
        assert scr.full_log
        await until(pilot, lambda: not notes(scr)[-1].startswith("Hint: thinking"))
        said = notes(scr)[-1]
        # the move, and why it beats the runner-up in the futures the search played out
        assert said.startswith("Hint: ") and " Why: " in said and "futures" in said and "the runner-up" in said
        assert "the Main deck has" not in said  # no fixed line about the clock for a reason
        assert scr.info.assisted is True and store.load()[2].assisted is True
        assert scr.answers == []  # a hint plays nothing


async def test_l_switches_between_just_happened_and_the_full_log(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        log = scr.query_one("#log", OptionList)
        await pilot.press("1")  # a turn ends: "just happened" starts from its end
        await pilot.pause()
        short = log.option_count
        assert log.border_title.startswith("Just happened") and short < len(scr.log_lines)
        await pilot.press("l")
        await pilot.pause()
        assert log.border_title.startswith("Log") and log.option_count == len(scr.log_lines)
        await pilot.press("l")
        await pilot.pause()
        assert log.border_title.startswith("Just happened") and log.option_count == short


def free_action_table() -> Game:
    """Solo, no plays left, Recycling (a free action) in the Other spot."""
    return table("""
variant = "solo"
[setup]
drawn = 1
played = 1
spots = { other = "Recycling" }
hands = [["Milk"]]
tables = [["Bread"]]
draw_pile = ["Love", "Money", "Peace", "Sleep", "Time"]
rules_deck = ["Draw 2", "Play 2"]
""")


async def test_e_ends_the_turn_only_when_the_rules_allow(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.current_game().to_dict()
        await pilot.press("e")
        assert notes(app.screen)[-1] == f"Tutor: {FORBIDDEN['end']}"
        assert app.current_game().to_dict() == before
        g = free_action_table()
        app.push_screen(new_game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        assert ("end",) in g.prompt.options and g.turn == 1
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.answers == [["end"]]
        assert g.turn == 2 and g.name(g.variant.spots(g)["draw"]) == "Draw 2"  # flipped after the turn


async def test_x_explains_that_there_is_no_discarding_at_will(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.current_game().to_dict()
        await pilot.press("x")
        assert notes(app.screen)[-1] == f"Tutor: {FORBIDDEN['discard']}"
        assert app.current_game().to_dict() == before


async def test_h_opens_history_and_escape_or_q_closes_it(store):
    g = Game.new(("fluxx5",), 1, "solo", 3)
    store.start(g)
    store.start(Game.new(("fluxx5",), 1, "solo", 4))  # seed 3 is filed as abandoned
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")  # seed 4 is in progress: the new game asks first
        await pilot.pause()
        for close in ("escape", "q"):
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, S.HistoryScreen)
            t = app.screen.query_one("#history-table")
            assert t.row_count == 2  # seed 3 and seed 4, both abandoned by the new game
            assert [str(c) for c in t.get_row_at(0)][2:] == ["3", "fluxx5", "score 0", "solo", "no", "abandoned"]  # it keeps its score
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)


async def test_o_shows_older_runs_in_the_history(store, monkeypatch):
    """The History shows the newest page of runs (HISTORY_PAGE: two here);
    o adds the page before it, and says how many are left; past the oldest
    it does nothing."""
    from solo.app.screens import history
    monkeypatch.setattr(history, "HISTORY_PAGE", 2)
    for seed in range(3, 8):  # five abandoned games
        store.start(Game.new(("fluxx5",), 1, "solo", seed))
    store.start(Game.new(("fluxx5",), 1, "solo", 8))
    app = make_app(store)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        app.show_history()
        await pilot.pause()
        t = app.screen.query_one("#history-table")
        seeds = lambda: [str(t.get_row_at(i)[2]) for i in range(t.row_count)]  # noqa: E731
        assert seeds() == ["6", "7"]
        assert "the newest 2 of 5 runs; o shows 2 older ones" in str(app.screen.query_one("#history-title").render())
        await pilot.press("o")
        await pilot.pause()
        assert seeds() == ["4", "5", "6", "7"]
        assert "o shows 1 older one" in str(app.screen.query_one("#history-title").render())
        await pilot.press("o")
        await pilot.pause()
        assert seeds() == ["3", "4", "5", "6", "7"]
        assert str(app.screen.query_one("#history-title").render()) == "Run history"
        await pilot.press("o")
        await pilot.pause()
        assert seeds() == ["3", "4", "5", "6", "7"]


async def test_c_switches_the_card_colours(store):
    from solo.app import cardtext
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = list(cardtext.PALETTES)
        first = next(n for n, p in cardtext.PALETTES.items() if p == cardtext.COLOUR)
        await pilot.press("c")
        now = next(n for n, p in cardtext.PALETTES.items() if p == cardtext.COLOUR)
        assert now == names[(names.index(first) + 1) % len(names)] != first
        assert notes(app.screen)[-1] == f"Card colours: {now}"
        await pilot.press("c")
        assert cardtext.COLOUR == cardtext.PALETTES[first]


async def test_s_opens_stats_from_the_game(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for close in ("escape", "q"):
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, S.StatsScreen)
            assert "Solo runs played 0" in str(app.screen.query_one("#stats-text").render())
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)


async def test_tab_and_ctrl_p(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused.id == "moves"
        await pilot.press("tab")
        assert app.focused.id == "log"
        await pilot.press("tab")
        assert app.focused.id == "moves"
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, S.GameScreen)
        await pilot.press("ctrl+p")  # the game's own commands are there too
        await pilot.pause()
        await pilot.press(*"piles")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, S.PilesScreen)


def finished_game(seed: int = 5) -> Game:
    g = Game.new(("fluxx5",), 1, "solo", seed)
    b = make_bot("greedy", seed)
    while not g.over:
        g.push(b.choose(g))
    return g


async def test_end_screen_keys(store):
    g = finished_game()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(S.EndScreen(g, EndRecord(3, 2.5), assisted=True))
        await pilot.pause()
        text = str(app.screen.query_one("#end-text").render())
        assert f"Score: {len(g.scored)}" in text and "(assisted: undo or hint)" in text
        assert "Personal best: 3   Average: 2.5" in text
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, S.HistoryScreen)
        await pilot.press("escape")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, S.StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, S.EndScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, S.GameScreen) and app.current_game().decks == ["fluxx5"]
        assert store.load() is not None and not app.current_game().over


async def test_end_screen_q_quits(store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(S.EndScreen(finished_game(), EndRecord(), assisted=False))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app._exit  # noqa: SLF001 (Textual's own flag that exit() was asked)


async def test_menu_q_quits(store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, S.MenuScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit  # noqa: SLF001


@pytest.mark.parametrize("item,screen", [(2, S.LessonsScreen), (3, S.HistoryScreen), (4, S.StatsScreen)])
async def test_menu_items(store, item, screen):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * item, "enter")
        await pilot.pause()
        assert isinstance(app.screen, screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, S.MenuScreen)


async def test_menu_daily_starts_todays_deal(store):
    from solo.variant.daily import daily_seed, today
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, S.GameScreen)
        assert app.current_game().seed == daily_seed(today()) and app.screen.info.daily == today()


async def test_lessons_q_goes_back_to_the_menu(store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, S.LessonsScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, S.MenuScreen)


async def test_lesson_escape_goes_back_to_the_lessons(store):
    app = make_app(store, learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, S.LessonScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, S.LessonsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, S.LessonsScreen)


def trash_question() -> Game:
    """Trash a Keeper: one of two Keepers must be chosen (no passing)."""
    g = table("""
variant = "solo"
[setup]
drawn = 1
hands = [["Trash a Keeper"]]
tables = [["Milk", "Cookies"]]
draw_pile = ["Love", "Peace", "Sleep", "Time", "Dreams"]
rules_deck = ["Draw 2", "Play 2"]
""")
    g.push(("play", g.db.find("Trash a Keeper")))
    return g


def simplify_question() -> Game:
    """Let's Simplify: up to 2 of 3 New Rules (an optional question)."""
    g = table("""
variant = "solo"
[setup]
drawn = 1
played = 1
spots = { play = "Play 3", limit = "Hand Limit 2", other = "Inflation" }
hands = [["Let's Simplify"]]
draw_pile = ["Love", "Peace", "Sleep", "Time", "Dreams"]
rules_deck = ["Draw 2", "Play 2"]
""")
    g.push(("play", g.db.find("Let's Simplify")))
    return g


async def test_dialog_escape_passes_only_when_allowed(store):
    g = trash_question()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickOneDialog) and "Esc" not in str(dialog.query_one("#dialog-hint").render())
        await pilot.press("escape")  # exactly one must be chosen: Esc does nothing
        await pilot.pause()
        assert app.screen is dialog and g.prompt is not None and g.prompt.kind == "choose"
        await pilot.press("i")  # a hint works in every question, not only on the turn's play
        await until(pilot, lambda: not str(dialog.query_one("#dialog-error").render()).startswith("Hint: thinking"))
        said = str(dialog.query_one("#dialog-error").render())
        assert said.startswith("Hint: choose ") and "assisted" in said and app.screen is dialog
        await pilot.press("down", "enter")
        await pilot.pause()
        assert [g.name(c) for c in g.tables[0]] == ["Milk"]
    g = simplify_question()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickManyDialog) and "Esc" in str(dialog.query_one("#dialog-hint").render())
        await pilot.press("i")
        await until(pilot, lambda: not str(dialog.query_one("#dialog-error").render()).startswith("Hint: thinking"))
        assert str(dialog.query_one("#dialog-error").render()).startswith("Hint: ")
        await pilot.press("escape")  # up to 2: passing discards nothing
        await pilot.pause()
        assert not isinstance(app.screen, PickManyDialog)
        assert g.rules_discard == [] and len(g.rules) == 3
        assert game_screen(app).answers == [["choose", []]]


async def test_dialog_space_marks_and_enter_confirms(store):
    g = simplify_question()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickManyDialog)
        sel = dialog.query_one("#choices", SelectionList)
        n = len(g.prompt.options)
        assert str(dialog.query_one("#marked").render()) == f"0 of {n} marked (choose 0 to 2)"
        await pilot.press("space")
        await pilot.pause()
        assert sel.selected == [0]
        assert str(dialog.query_one("#marked").render()) == f"1 of {n} marked (choose 0 to 2)"
        # the marks are words too, not only a colour: on screen without any colour
        from .helpers import zone_text
        rows = [r for r in zone_text(app, sel).split("▎") if "[x]" in r or "[ ]" in r]
        assert len(rows) == n and "[x]" in rows[0] and all("[ ]" in r for r in rows[1:])
        await pilot.press("down", "space", "down", "space", "enter")  # 3 of at most 2: refused inline
        await pilot.pause()
        assert app.screen is dialog and "Not allowed" in str(dialog.query_one("#dialog-error").render())
        assert str(dialog.query_one("#marked").render()).startswith(f"3 of {n} marked")
        await pilot.press("space", "enter")
        await pilot.pause()
        assert {g.name(c) for c in g.rules_discard} == {"Play 3", "Hand Limit 2"}


async def test_p_shows_the_piles(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Trash a Keeper goes to the Main discard
        await pilot.pause()
        for close in ("escape", "enter", "p"):
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, S.PilesScreen)
            text = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "Scored Goals (0)" in text and "Main discard (1)" in text and "Trash a Keeper" in text
            assert "Rules discard (0)" in text
            await pilot.press(close)
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen)


async def test_q_and_escape_go_to_the_menu_and_resume(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        turn = app.screen.g.turn
        for key in ("q", "escape"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, S.MenuScreen)
            menu = app.screen.query_one("#menu", OptionList)
            assert menu.get_option_at_index(0).id == "resume"
            await pilot.press("enter")  # Resume game
            await pilot.pause()
            assert isinstance(app.screen, S.GameScreen) and app.screen.g.turn == turn
            assert any(line.startswith("Resumed: seed 7, turn") for line in app.screen.log_lines)


async def test_replay_screen_keys(store):
    """The replay steps the real table, read-only: . and , step, Home and End
    go to the deal and the end, g jumps to a turn (Esc there goes back), the
    game's own keys do nothing (1 plays no card, u undoes nothing), q closes."""
    from solo.app.screens.replay import TurnPick

    from .test_table import finished_run
    g, answers = finished_run()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(S.MenuScreen())
        app.push_screen(S.ReplayScreen("Replay", ["fluxx5"], 1, "solo", g.seed, answers))
        await pilot.pause()
        scr = app.screen
        await pilot.press("period", "period", "comma")
        await pilot.pause()
        assert scr.i == 1 and "step 1 of" in "\n".join(screen_lines(app))
        before = scr.g.to_dict()
        await pilot.press("1", "u", "e", "i")
        await pilot.pause()
        assert scr.g.to_dict() == before and scr.i == 1 and app.screen is scr
        await pilot.press("end")
        await pilot.pause()
        assert scr.i == len(answers) and scr.g.over
        assert f"Scored ({len(g.scored)})" in "\n".join(screen_lines(app))
        await pilot.press("home")
        await pilot.pause()
        assert scr.i == 0 and scr.g.turn == 1
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TurnPick)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is scr and scr.i == 0
        await pilot.press("g", "down", "down", "enter")
        await pilot.pause()
        assert app.screen is scr and scr.g.turn == 3 and scr.g.phase in ("start", "play")
        assert "Turn 3" in screen_lines(app)[0]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, S.MenuScreen)


async def test_preferences_and_the_last_tutor_lines_survive_a_restart(store):
    from solo.app.cardtext import COLOUR, PALETTES, use_palette
    try:
        app = make_app(store, new=(7, ["fluxx5"]))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("t", "c", "1")  # tutor: full; colours: vivid; a play
            await pilot.pause()
            lines = list(app.screen.log_lines)
            turn = app.screen.g.turn
        use_palette("colour-blind safe")  # as a fresh process would start
        again = make_app(store)  # resumes the saved game
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            scr = again.screen
            assert isinstance(scr, S.GameScreen) and scr.g.turn == turn
            assert scr.explainer.level == "full" and COLOUR == PALETTES["vivid"]
            assert scr.log_lines[:len(lines)] == lines[-60:][:len(lines)] or scr.log_lines[0] in lines
            assert scr.log_lines[-1] == f"Resumed: seed 7, turn {turn}."
    finally:
        use_palette("colour-blind safe")


async def test_confirm_and_new_game_keys(store):
    from solo.app.dialogs import ConfirmScreen, NewGameScreen
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        got = []
        app.push_screen(ConfirmScreen("Sure?"), got.append)
        await pilot.pause()
        await pilot.press("enter")
        app.push_screen(ConfirmScreen("Sure?"), got.append)
        await pilot.pause()
        await pilot.press("escape")
        app.push_screen(NewGameScreen(), got.append)
        await pilot.pause()
        await pilot.press("down", "enter")  # against bots: the next question
        await pilot.pause()
        await pilot.press("escape")  # back to the first question
        await pilot.pause()
        assert got == [True, False] and "which game" in "\n".join(screen_lines(app))
        await pilot.press("escape")  # at the first question: cancel
        await pilot.pause()
        assert got == [True, False, {}] and isinstance(app.screen, S.MenuScreen)


async def test_busy_screen_escape_goes_back_to_the_menu(tmp_path):
    """A game another window holds: Esc on the notice goes back to the menu."""
    from solo.app.dialogs import BusyScreen
    from solo.store import Store
    path = tmp_path / "save.sqlite3"
    first = Store(path)
    first.start(Game.new(("fluxx5",), 1, "solo", 3))  # this "window" holds the Solo game
    app = make_app(Store(path), new=(4, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BusyScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, S.MenuScreen)
    assert first.load("solo")[0].seed == 3 and first.runs() == []
    first.close()


async def test_the_palette_answers_a_rules_question(store):
    """A question typed into the palette (Ctrl+P) lists "Rules:" answers from
    the rules search; Enter opens the best one."""
    from tutor.search import search
    best = search("why can't I win", 1)[0].entry
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"why can't I win")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, S.RuleScreen) and app.screen.rule_id == best.id
        assert best.id in ("win.creeper-blocks", "win.goal", "win.tie")


async def test_the_colours_key_changes_the_card_colours_and_the_next_start_keeps_them(store):
    """c cycles the card colours and saves the choice (mutant K2 dropped the
    save: the colours came back as they were at the next start)."""
    from solo.app.cardtext import COLOUR, PALETTES, use_palette
    before = next(n for n, p in PALETTES.items() if p == COLOUR)
    try:
        app = make_app(store, new=(7, ["fluxx5"]))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            from solo.app import cardtext
            now = next(n for n, p in PALETTES.items() if p == cardtext.COLOUR)
            assert now != before
            assert store.pref("palette") == now  # kept for the next start
            assert f"Card colours: {now}" in "\n".join(str(t) for t in app.screen.log_lines[-3:])
    finally:
        use_palette(before)
