"""The app at a fixed terminal size, driven by Pilot: state first, screen second."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.game import Game
from solo.app.dialogs import PickManyDialog, PickOneDialog
from solo.app.screens import EndScreen, GameScreen, MenuScreen
from solo.store import Store
from solo.store.info import GameInfo

from .helpers import game_screen, make_app, screen_lines

pytestmark = pytest.mark.app  # the app (not under mutation testing); see README

SNAPSHOTS = Path(__file__).parent / "snapshots"


async def answer_dialog(pilot, g: Game) -> None:
    """Answer a choose dialog from the keyboard with its first legal choice."""
    pr = g.prompt
    if pr.max > 1:
        for _ in range(pr.min):
            await pilot.press("space", "down")
    await pilot.press("enter")
    await pilot.pause()


async def play_to_end(app, pilot, limit: int = 600) -> int:
    presses = 0
    while presses < limit:
        g = app.current_game()
        if isinstance(app.screen, EndScreen):
            return presses
        if g.prompt is not None and g.prompt.kind == "choose":
            await answer_dialog(pilot, g)
        else:
            await pilot.press("enter")
            await pilot.pause()
        presses += 1
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_whole_seeded_game_from_the_keyboard(store, size):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        g = app.current_game()
        presses = await play_to_end(app, pilot)
        assert g.over and presses > 10
        assert isinstance(app.screen, EndScreen)
    runs = store.runs()
    assert len(runs) == 1 and runs[0]["status"] == "finished" and runs[0]["score"] == len(g.scored)
    assert store.load() is None


async def test_number_keys_and_vim_keys(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        g = app.current_game()
        second = g.prompt.options[1]
        await pilot.press("j", "k")
        await pilot.press("2")
        await pilot.pause()
        assert app.screen.answers[0][1] == g.name(second[1])


@pytest.mark.exists_for("an end-to-end check that a second process resumes the exact table; the save and the load themselves are the storage mutants' tests")
async def test_resume_after_kill_is_exact(tmp_path):
    path = tmp_path / "save.sqlite3"
    s1 = Store(path)
    app = make_app(s1, new=(11, ["fluxx5", "creeper-pack"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(6):
            g = app.current_game()
            if g.prompt.kind == "choose":
                await answer_dialog(pilot, g)
            else:
                await pilot.press("enter")
                await pilot.pause()
        state = app.current_game().to_dict()
    # no clean shutdown of the store: a second process opens the same file
    s2 = Store(path)
    app2 = make_app(s2)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app2.current_game().to_dict() == state


async def test_undo_restores_and_marks_assisted(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.current_game().to_dict()
        await pilot.press("1")
        await pilot.pause()
        assert app.current_game().to_dict() != before
        await pilot.press("u")
        await pilot.pause()
        after = app.current_game().to_dict()
        before.pop("decisions"), after.pop("decisions")
        assert after == before
        assert app.screen.info.assisted is True
    g, answers, info = store.load()
    assert info.assisted and answers == []


def choose_game(kind: str) -> Game:
    """A table where the engine asks a choose question of the given kind."""
    g = Game.blank(("fluxx5",), 1, "solo", 3)
    db = g.db
    g.phase, g.turn, g.drawn = "play", 1, 1
    g.draw = [db.find(n) for n in ("Love", "Peace", "Sleep", "Time", "Dreams")]
    g.rules_deck = [db.find("Draw 2"), db.find("Play 2")]
    if kind == "one":
        g.hands[0] = [db.find("Trash a Keeper")]
        g.tables[0] = [db.find("Milk"), db.find("Cookies")]
        g.begin("play")
        g.push(("play", db.find("Trash a Keeper")))
    else:
        g.hands[0] = [db.find("Let's Simplify")]
        g.rules = [db.find("Play 3"), db.find("Hand Limit 2"), db.find("Inflation")]
        g.played = 1
        g.begin("play")
        g.push(("play", db.find("Let's Simplify")))
    assert g.prompt.kind == "choose"
    return g


@pytest.mark.slow
async def test_each_dialog_kind(store):
    g = choose_game("one")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=3)))
        await pilot.pause()
        assert isinstance(app.screen, PickOneDialog)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert [g.name(c) for c in g.tables[0]] == ["Milk"]

    g = choose_game("many")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=3)))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickManyDialog)
        # up to 2 of 3 New Rules (half, rounded up): marking all 3 is refused inline
        await pilot.press("space", "down", "space", "down", "space", "enter")
        await pilot.pause()
        assert app.screen is dialog
        assert "Not allowed" in str(dialog.query_one("#dialog-error").render())
        await pilot.press("space", "enter")
        await pilot.pause()
        assert {g.name(c) for c in g.rules_discard} == {"Play 3", "Hand Limit 2"}
        assert not isinstance(app.screen, PickManyDialog)

    # Esc passes an optional question (Let's Simplify may discard nothing)
    g = choose_game("many")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=3)))
        await pilot.pause()
        assert isinstance(app.screen, PickManyDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PickManyDialog)
        assert g.rules_discard == [] and len(g.rules) == 3 and g.prompt.kind == "turn"


@pytest.mark.exists_for("a smoke test of the menu's first flow (New game, Solo Fluxx, the decks); each step's rule is checked by the new-game dialog's tests, which the screens mutants meet")
async def test_menu_when_nothing_to_resume(store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # New game: which game, then the decks
        await pilot.pause()
        await pilot.press("enter")  # Solo Fluxx
        await pilot.pause()
        await pilot.press("down", "enter")  # Fluxx 5.0 with the Creeper Pack
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.g.decks == ["fluxx5", "creeper-pack"]
        assert app.screen.g.nplayers == 1 and app.screen.slot == "solo"


async def test_new_game_against_bots_asks_seats_strength_and_decks(store):
    """The New game dialog: against bots, how many, how strong, which decks;
    Esc goes back one question. The game gets the standard slot, the Solo
    game in progress stays where it was."""
    from engine.game import Game
    store.start(Game.new(("fluxx5",), 1, "solo", 5))
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.choose_new_game()
        await pilot.pause()
        assert "which game" in "\n".join(screen_lines(app))
        await pilot.press("down", "enter")  # Fluxx against bots
        await pilot.pause()
        assert "How many bots" in "\n".join(screen_lines(app))
        await pilot.press("escape")  # back to the first question
        await pilot.pause()
        assert "which game" in "\n".join(screen_lines(app))
        await pilot.press("down", "enter", "down", "down", "enter")  # 3 bots
        await pilot.pause()
        assert "How strong" in "\n".join(screen_lines(app))
        await pilot.press("down", "enter")  # greedy
        await pilot.pause()
        assert "Which decks" in "\n".join(screen_lines(app))
        await pilot.press("down", "down", "enter")  # Voyager
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.slot == "standard"
        assert scr.g.nplayers == 4 and scr.g.decks == ["voyager"] and scr.g.variant_name == "standard"
        assert scr.seats == ["human", "greedy", "greedy", "greedy"]
        assert set(store.in_progress()) == {"solo", "standard"}


async def test_new_game_against_bots_with_a_strength_for_each_bot(store):
    """"A strength for each bot" asks for each bot by name, in seat order."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.choose_new_game()
        await pilot.pause()
        await pilot.press("down", "enter", "down", "enter")  # against 2 bots
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # a strength for each bot
        await pilot.pause()
        assert "How strong is Ada?" in "\n".join(screen_lines(app))
        await pilot.press("down", "down", "enter")  # Ada: search
        await pilot.pause()
        assert "How strong is Boris?" in "\n".join(screen_lines(app))
        await pilot.press("enter")  # Boris: random
        await pilot.pause()
        await pilot.press("enter")  # Fluxx 5.0
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.seats == ["human", "search", "random"]
        assert "Ada (search) · hand" in "\n".join(screen_lines(app))


@pytest.mark.slow
async def test_a_new_game_asks_before_filing_the_game_in_progress(store):
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        app.choose_new_game()
        await pilot.pause()
        await pilot.press("enter", "enter")  # Solo Fluxx, Fluxx 5.0
        await pilot.pause()
        from solo.app.dialogs import ConfirmScreen
        assert isinstance(app.screen, ConfirmScreen) and "seed 7, turn 2" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.g.seed == 7  # nothing was lost
        app.choose_new_game()
        await pilot.pause()
        await pilot.press("enter", "enter", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.g.seed != 7
        assert [r["status"] for r in store.runs()] == ["abandoned"]


@pytest.mark.slow
async def test_daily_in_progress_is_resumed_not_dealt_again(store):
    app = make_app(store, daily="2026-11-30")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        turn = app.screen.g.turn
    again = make_app(store, daily="2026-11-30")
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, GameScreen) and again.screen.g.turn == turn
        assert again.screen.info.daily == "2026-11-30" and store.runs() == []


@pytest.mark.pin
@pytest.mark.exists_for("a golden picture of a screen for a person to review (a pin: it fails when the screen changes, not because a rule is checked)")
async def test_table_snapshot_80x24(store):
    """The table at 80x24, as text, matches the committed snapshot
    (UPDATE_SNAPSHOTS=1 rewrites it after reading)."""
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app)) + "\n"
    path = SNAPSHOTS / "table-seed7-80x24.txt"
    if os.environ.get("UPDATE_SNAPSHOTS"):
        path.write_text(text)
    assert path.exists(), f"no snapshot at {path}; run with UPDATE_SNAPSHOTS=1 once and commit it"
    assert text == path.read_text()
    for label in ("Rules", "Draw", "Play", "Limit", "Other", "Main", "Goal", "Scored (0)", "Keepers and Creepers",
                  "Hand (4)", "Just happened"):
        assert label in text




def test_history_json(tmp_path, monkeypatch, capsys):
    """A game in progress is not history; a finished, assisted game is, with
    its score, turns and the assisted mark read back."""
    from engine.bots import make_bot
    from engine.runfile import answer_to_json
    from solo.cli import main
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    s = Store()
    g = Game.new(("fluxx5",), 1, "solo", 5)
    s.start(g)
    s.close()
    assert main(["history", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["runs"] == [] and out["best"] is None
    s = Store()
    g, answers, _ = s.load()
    bot = make_bot("greedy", 5)
    while not g.over:
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        s.save(g, answers, assisted=len(answers) == 1)
    s.close()
    assert main(["history", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (r,) = out["runs"]
    assert (r["seed"], r["score"], r["turns"], r["assisted"], r["status"]) == (5, len(g.scored), g.turn, True,
                                                                             "finished")
    assert out["best"] == len(g.scored) and out["stats"]["played"] == 1




@pytest.mark.slow
async def test_daily_game_end_shows_par_and_share_line(store):
    store.set_par("2026-11-29", 4)  # cached par: the end screen shows it without recomputing
    app = make_app(store, daily="2026-11-29")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        g = app.current_game()
        from solo.variant.daily import daily_seed
        assert g.seed == daily_seed("2026-11-29")
        await play_to_end(app, pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = str(app.screen.query_one("#par").render())
        assert "Par 4" in text and "Solo Fluxx daily 2026-11-29" in text and "scored attempt" in text
    assert store.runs()[-1]["daily"] == "2026-11-29"


async def test_stats_screen(store):
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_stats()
        await pilot.pause()
        text = str(app.screen.query_one("#stats-text").render())
        assert "Solo runs played 0" in text and "Against bots: no finished games yet" in text


async def test_tab_to_the_tutor_panel_and_ask_why(store):
    from solo.app.screens import RuleScreen
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        scr = app.screen
        assert scr.log_rules and any(scr.log_rules)
        await pilot.press("tab")
        assert app.focused.id == "log"
        await pilot.press("up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleScreen)
        await pilot.press("escape")
        await pilot.press("tab")
        assert app.focused.id == "moves"


@pytest.mark.slow
async def test_whole_voyager_solo_game_from_the_keyboard(store):
    """Solo Fluxx with the Voyager deck: attach questions and Keeper powers go
    through the same dialogs and move list."""
    app = make_app(store, new=(3, ["voyager"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.current_game().decks == ["voyager"]
        await play_to_end(app, pilot, limit=900)
        g = app.current_game()
        assert g.over


@pytest.mark.parametrize("how", [{"new": (7, ["fluxx5"])}, {}, {"learn": True}])
async def test_the_collector_paused_for_the_start_is_back_on_after_the_first_frame(tmp_path, monkeypatch, how):
    """The command line pauses Python's cycle collector while the app starts
    (solo.cli._app); the app turns it back on after its first frame, whatever
    that frame shows, with what the start made frozen, and without a
    collection (one would hold the interpreter while Textual's writer thread
    waits to put that frame on the terminal)."""
    import gc

    from solo.app.app import GEN0_THRESHOLD
    from solo.cli import _app
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    assert gc.isenabled()
    thresholds = gc.get_threshold()
    app = _app(**how)
    try:
        assert not gc.isenabled()  # paused through the imports and the first frame
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.isenabled() and gc.get_freeze_count() > 0
            # the youngest generation collected every 50,000 objects, the older ones as Python has them
            assert gc.get_threshold() == (GEN0_THRESHOLD, *thresholds[1:])
            gc.unfreeze()
            gc.disable()  # a game of its own start: nothing is done twice
            collections = []
            monkeypatch.setattr(gc, "collect", lambda *a: collections.append(a) or 0)
            app.start_done()
            assert collections == []  # frozen as it is, not collected first
            assert gc.isenabled()
            on = gc.get_freeze_count()
            app.start_done()  # on already: nothing to do
            assert gc.get_freeze_count() == on
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.enable()
        app.store.close()


def test_an_app_that_ends_before_its_first_frame_leaves_the_collector_on(monkeypatch):
    import gc

    from solo import cli
    from solo.cli import _run
    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # as in a terminal (pytest's input is none)

    class Fails:
        def run(self):
            raise RuntimeError("the terminal went away")

    gc.disable()
    try:
        with pytest.raises(RuntimeError):
            _run(Fails())
        assert gc.isenabled()
    finally:
        gc.enable()


def test_undo_goes_back_before_your_last_real_choice():
    """Undo takes back your last answer that was a choice: an answer the app
    gave for you (a question with one answer only) goes with the choice
    before it, never on its own (undoing only that, the app would give it
    again at once and undo would seem to do nothing). Checked against an
    oracle over every prefix of three Solo games that ends in such an answer."""
    from types import SimpleNamespace

    import solo.variant  # noqa: F401  (registers Solo)
    from engine.bots import RandomBot
    from engine.runfile import answer_to_json
    checked = 0
    for seed in (1, 3, 8):
        g = Game.new(("fluxx5",), 1, "solo", seed, record=False)
        bot = RandomBot(seed)
        answers, real = [], []
        while not g.over and len(answers) < 60:
            real.append(len(g.prompt.legal_answers(limit=2)) > 1)
            a = bot.choose(g)
            answers.append(answer_to_json(g, a))
            g.push(a)
            if not real[-1] and any(real):
                want = max(i for i, r in enumerate(real) if r)
                fake = SimpleNamespace(g=g, answers=list(answers), me=0)  # what the method reads
                assert GameScreen.undo_point(fake) == want, (seed, len(answers))
                checked += 1
    assert checked >= 10
