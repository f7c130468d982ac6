"""Fluxx against bots in the app (issue 19): whole seeded games against 1,
3 and 5 bots at 80x24 and 120x40, every zone on screen on every frame, the
human answering Surprises out of turn, undo, resume, the pace and the skip,
and the game filed in the history with its seats."""
from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from engine.game import Game
from solo.app.dialogs import ConfirmScreen, PickManyDialog, PickOneDialog
from solo.app.screens import EndScreen, GameScreen
from solo.store.info import GameInfo
from solo.store.seats import new_seats, seat_names

from .helpers import boxes, first_choice, first_choice_keys, game_screen, make_app, screen_lines, until, zone_text

pytestmark = pytest.mark.app


def words(s: str) -> str:
    return " ".join(s.split())


def check_bot_frame(app) -> None:
    """Everything a game against bots must show is on the terminal now: the
    banner naming whose turn it is, the piles, the Goal(s), the New Rules,
    a row per bot (name, strength, hand size), your Keepers, your hand and
    the tutor's panel, each under its label."""
    scr: GameScreen = app.screen
    g = scr.g
    text = "\n".join(screen_lines(app))
    for label in ("─ Piles", "─ New Rules", "─ Tables"):
        assert label in text, f"the zone {label!r} is not on screen:\n{text}"
    assert "─ Goal" in text
    assert "─ Hand" in text or "─ Temporary hand" in text, text
    assert "─ Just happened" in text or "─ Log" in text, text
    names = seat_names(scr.seats)
    for q in range(g.nplayers):
        who = "You" if q == 0 else f"{names[q]} ({scr.seats[q]})"
        row = f"{'▶' if q == g.active else ' '}{who} · hand {len(g.hands[q])} · table:"
        assert row in text, f"{names[q]}'s row is not on screen:\n{text}"
    banner = text.splitlines()[0]
    assert banner.startswith(f"Turn {g.turn} ·"), banner
    whose = "Your turn" if g.active == 0 else f"{names[g.active]}'s turn"
    assert whose in banner, banner
    goals = zone_text(app, boxes(scr).region_of("goals"))
    for c in g.goals:
        assert words(g.name(c)) in goals, f"the Goal {g.name(c)} is not on screen: {goals!r}"
    shown_rules = zone_text(app, boxes(scr).region_of("new-rules"))
    assert f"New Rules ({len(g.rules)})" in text
    if g.rules:
        first = words(g.name(g.rules[0]))
        assert first[:6] in shown_rules or "more" in shown_rules, shown_rules


async def play_against_bots(app, pilot, seen: dict, limit: int = 4000) -> None:
    """Answer every question asked of you from the keyboard (the first move;
    the first legal choice; a Surprise whenever one may be played), checking
    the table on every frame, until the game ends; ``seen`` counts it all."""
    for _ in range(limit):
        scr = app.screen
        if isinstance(scr, EndScreen):
            return
        if isinstance(scr, GameScreen):
            check_bot_frame(app)
            seen["frames"] += 1
            pr = scr.g.prompt
            if scr.thinking is not None or pr is None or pr.player != 0:
                await pilot.pause(0.01)
                continue
            await pilot.press("1")
        elif isinstance(scr, PickOneDialog):
            pr = scr.pr
            game = app.screen_stack[-2]
            if pr.player == 0 and game.g.active != 0:
                seen["out_of_turn"] += 1
            if pr.ask == "surprise":
                seen["surprises"] += 1  # play the Surprise (the first option), never pass
            await first_choice_keys(pilot, scr)
        elif isinstance(scr, ConfirmScreen):
            await pilot.press("y")
        else:
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError(f"the game did not end in {limit} steps")


def watch_bot_frames(monkeypatch, seen: dict) -> None:
    """Check the table on the frame before every bot move too (the bots play
    between the test's key presses, at the instant pace)."""
    play_bot = GameScreen.play_bot

    def checked(self, a, stamp) -> None:
        if self.app.screen is self and self.g is stamp[0] and self.g.decisions == stamp[1]:
            check_bot_frame(self.app)
            seen["bot_moves"] += 1
        play_bot(self, a, stamp)
    monkeypatch.setattr(GameScreen, "play_bot", checked)


async def whole_game(store, seed: int, bots: int, strength: str, decks: list[str], size,
                     monkeypatch) -> tuple[dict, Game]:
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(seed, decks), seats=new_seats(bots, strength))
    seen = {"frames": 0, "surprises": 0, "out_of_turn": 0, "bot_moves": 0}
    watch_bot_frames(monkeypatch, seen)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await play_against_bots(app, pilot, seen)
        end = app.screen
        assert isinstance(end, EndScreen)
        g = end.g
        text = "\n".join(screen_lines(app))
        names = seat_names(end.seats)
        if g.winner == 0:
            assert "You won!" in text
        else:
            assert f"{names[g.winner]} ({strength}) won." in text, text
        told = "\n".join(line for _, lines in end.steps for line in lines)  # r: the replay, by name
        assert "Ada " in told and "Player 1" not in told
    return seen, g


# seeds where the game runs long enough to show much, and (Voyager) a bot plays
# a card the human holds a Surprise against
@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("bots,strength,decks,seed", [
    (1, "greedy", ["fluxx5"], 4),
    (3, "greedy", ["voyager"], 5),
    (5, "random", ["fluxx5", "creeper-pack"], 8),
])
async def test_a_whole_game_against_bots_shows_every_zone_on_every_frame(store, monkeypatch, size, bots, strength,
                                                                         decks, seed):
    seen, g = await whole_game(store, seed, bots, strength, decks, size, monkeypatch)
    assert g.over and g.nplayers == bots + 1
    assert seen["frames"] >= 10 and seen["bot_moves"] >= 10
    if decks == ["voyager"]:
        assert seen["surprises"] >= 1, "the human never answered a Surprise in this game"
    # filed in the history as a game against these bots, and it verifies
    run = store.runs()[-1]
    assert run["variant"] == "standard" and run["players"] == bots + 1 and run["winner"] == g.winner
    assert run["seats"] == new_seats(bots, strength)
    from engine.runfile import replay, run_from_data
    data = store.run_file(run["id"])
    h = replay(run_from_data(data, "history"), record=False)
    assert h.winner == g.winner and h.turn == g.turn


# ------------------------------------------------------------ out of turn: the human on a bot's turn
def laid(text: str) -> Game:
    from .helpers import table
    return table(text)


@asynccontextmanager
async def on_table(store, g: Game, seats: list[str]):
    """A hand-laid table against bots on an 80x24 screen, the bots at the
    instant pace: (app, pilot, the game screen)."""
    store.set_pref("bot_pace", "instant")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = game_screen(app, g, GameInfo(seed=g.seed, slot="standard", extra={"seats": seats}))
        app.push_screen(scr)
        await pilot.pause()
        yield app, pilot, scr


def told_lines(scr: GameScreen) -> list[str]:
    """The tutor panel's lines and, behind a bot's one-line move (two or
    more bots), every sentence it stands for."""
    out = [str(x) for x in scr.log_lines]
    for b in scr.log_full.values():
        out += [x.text for x in b.full]
    return out


def panel(scr: GameScreen) -> str:
    return "\n".join(told_lines(scr))


async def test_its_a_trap_is_yours_to_spring_on_a_bots_turn(store):
    """Voyager: Ada (a bot) plays Steal Something on your Coffee; you are
    asked whether to answer with It's a Trap!, you do, and take one of her
    Keepers instead; the tutor tells it with the seats' names."""
    g = laid("""
decks = ["voyager"]
players = 2
[setup]
active = 1
hands = [["It's a Trap!"], ["Steal Something"]]
tables = [["Coffee"], ["Tuvok"]]
""")
    async with on_table(store, g, ["human", "greedy"]) as (app, pilot, scr):
        await until(pilot, lambda: isinstance(app.screen, PickOneDialog) and app.screen.pr.ask == "surprise", 5)
        dlg = app.screen
        assert isinstance(dlg, PickOneDialog) and dlg.pr.player == 0 and g.active == 1
        title = "\n".join(screen_lines(app))
        assert "Ada is trying to take your Coffee" in title, title  # the engine's "p1", by name
        await pilot.press("enter")  # It's a Trap! (then Tuvok, her only Keeper, is taken for you)
        await pilot.pause()
        assert g.db.find("Tuvok") in g.tables[0] and g.db.find("Coffee") in g.tables[0]
        text = panel(scr)
        assert "Ada played Steal Something" in text, text
        assert "You answered with It's a Trap!, out of turn" in text, text


async def test_a_hand_limit_a_bot_plays_is_yours_to_meet_at_once(store):
    """Ada plays Hand Limit 1 on her turn: you hold three cards and are asked
    at once which to discard (the limit binds everyone but the player whose
    turn it is); your discards are yours to choose."""
    g = laid("""
decks = ["fluxx5"]
players = 2
[setup]
active = 1
hands = [["Milk", "Cookies", "Bread"], ["Hand Limit 1"]]
draw_pile = ["Peace", "Sleep", "Love", "Time"]
""")
    async with on_table(store, g, ["human", "random"]) as (app, pilot, scr):
        await until(pilot, lambda: isinstance(app.screen, PickManyDialog), 5)
        dlg = app.screen
        assert isinstance(dlg, PickManyDialog) and dlg.pr.player == 0 and dlg.pr.min == 2
        await pilot.press("space", "down", "space", "enter")  # discard the first two (Milk, Cookies)
        await pilot.pause()
        milk, cookies, bread = (g.db.find(n) for n in ("Milk", "Cookies", "Bread"))
        assert {milk, cookies} <= set(g.discard) and bread in g.hands[0]


async def test_you_can_win_on_a_bots_turn(store):
    """Boris (a bot) has only Milk & Cookies to play; you have Milk and
    Cookies on your table, so his Goal makes you the winner on his turn."""
    g = laid("""
decks = ["fluxx5"]
players = 3
[setup]
active = 2
hands = [[], [], ["Milk & Cookies"]]
tables = [["Milk", "Cookies"], [], []]
""")
    async with on_table(store, g, ["human", "greedy", "greedy"]) as (app, pilot, scr):
        await until(pilot, lambda: isinstance(app.screen, EndScreen), 5)
        assert isinstance(app.screen, EndScreen) and g.winner == 0
        text = "\n".join(screen_lines(app))
        assert "You won!" in text and "Boris (greedy)" in text
        assert "Against bots: 0 won of 0" in text  # a hand-laid table is not a game of the history
        await pilot.press("n")  # the same kind of game again: you and two greedy bots
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.seats == ["human", "greedy", "greedy"] and scr.slot == "standard"
        assert scr.g.nplayers == 3 and scr.g.turn == 1


async def test_a_bot_taking_from_your_hand_is_told_by_name(store):
    """Ada plays Random Tax: she takes a card from your hand at random, and
    the tutor says who took what from whom."""
    g = laid("""
decks = ["fluxx5"]
players = 2
[setup]
active = 1
hands = [["Milk"], ["Random Tax"]]
""")
    async with on_table(store, g, ["human", "greedy"]) as (app, pilot, scr):
        await until(pilot, lambda: "took" in panel(scr), 5)
        assert "Ada took Milk from your hand (because of Random Tax)." in panel(scr), panel(scr)
        assert g.db.find("Milk") not in g.hands[0]


# ------------------------------------------------------------ undo, resume, pace, skip
def headless(seed: int, decks: tuple[str, ...], seats: list[str], limit: int = 5000) -> list:
    """The same game without a screen: the first-choice player at seat 0 and
    each bot's ``answer_for``; its answers as the app saves them."""
    from engine.answers import to_json
    from engine.bots import answer_for
    g = Game.new(decks, len(seats), "standard", seed, record=False)
    out = []
    while not g.over and len(out) < limit:
        p = g.prompt.player
        a = first_choice(g) if seats[p] == "human" else answer_for(g, seats[p])
        out.append(to_json(g, a))
        g.push(a)
    return out


async def press_until_my_question(app, pilot) -> None:
    """Give the first choice to whatever you are asked next (a dialog or your turn)."""
    scr = app.screen
    if isinstance(scr, PickOneDialog):  # a pick-many dialog is one too
        await first_choice_keys(pilot, scr)
    else:
        await pilot.press("1")
    for _ in range(200):
        await pilot.pause(0.01)
        s = app.screen
        if isinstance(s, (PickOneDialog, EndScreen)) or (isinstance(s, GameScreen) and s.thinking is None
                                                         and s.g.prompt.player == 0):
            return


@pytest.mark.slow
async def test_the_app_plays_the_headless_game_and_resumes_it_move_for_move(store):
    """A game against three greedy bots played in the app, quit after six
    answers of yours and resumed in a new window, makes exactly the answers
    of the same game played headless: the bots are the same from the state."""
    seats = new_seats(3, "greedy")
    want = headless(12, ("fluxx5",), seats)
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(12, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(6):
            await press_until_my_question(app, pilot)
        scr = app.screen_stack[1] if not isinstance(app.screen, GameScreen) else app.screen
        got = list(scr.answers)
    assert got and got == want[:len(got)]
    app = make_app(store)  # a new window: the game against bots is the one in progress
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if isinstance(app.screen, EndScreen):
                break
            await press_until_my_question(app, pilot)
        assert isinstance(app.screen, EndScreen)
    run = store.runs()[-1]
    assert store.run_file(run["id"])["answers"] == want
    assert run["seats"] == seats and not run["assisted"]


async def test_undo_takes_back_your_move_and_the_bots_replies(store):
    """u: back to before your last real choice, the bots' answers after it
    gone too; then the bots answer your new move; the run is assisted."""
    seats = new_seats(2, "greedy")
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(3, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        while isinstance(app.screen, GameScreen) and scr.g.turn < 4:  # into the bots' turns and back
            await press_until_my_question(app, pilot)
        while not isinstance(app.screen, GameScreen):
            await press_until_my_question(app, pilot)
        assert scr.g.active == 0 and scr.g.prompt.player == 0
        before = list(scr.answers)
        point = scr.undo_point()
        assert any(scr.seats[p] != "human" for p in players_of(scr, before[point:])), "no bot reply to take back"
        await pilot.press("u")
        await pilot.pause()
        assert scr.answers == before[:point] and scr.info.assisted
        assert scr.g.prompt.player == 0
        assert store.load("standard")[1] == before[:point]  # the save holds the undone game
        await press_until_my_question(app, pilot)  # your move again: the bots answer it
        assert len(scr.answers) > point


def players_of(scr: GameScreen, tail: list) -> list[int]:
    """The seat that gave each of the game's last answers (by replaying it)."""
    from engine.answers import from_json, replay
    g = Game.new(tuple(scr.g.decks), scr.g.nplayers, "standard", scr.g.seed, record=False)
    replay(g, scr.answers[:len(scr.answers) - len(tail)])
    seats = []
    for j in tail:
        seats.append(g.prompt.player)
        g.push(from_json(g, j))
    return seats


async def test_space_skips_the_pause_and_b_sets_the_pace(store):
    """At the slow pace each bot move waits two seconds; space plays the bots'
    moves at once until you are asked; b cycles the pace and keeps it."""
    import time
    seats = new_seats(3, "random")
    store.set_pref("bot_pace", "slow")
    app = make_app(store, new=(5, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert scr.pace == "slow"
        while scr.g.active == 0:  # play your turn out
            if scr.thinking is not None:
                break
            await press_until_my_question(app, pilot) if not isinstance(app.screen, GameScreen) else \
                await pilot.press("1")
            await pilot.pause()
        assert scr.thinking is not None  # a bot is on, waiting out the slow pace
        assert "'s move · space: skip · b: pace slow" in "\n".join(screen_lines(app))
        t = time.monotonic()
        await pilot.press("space")
        for _ in range(300):
            await pilot.pause(0.01)
            if scr.thinking is None and scr.g.prompt.player == 0:
                break
        assert scr.g.prompt.player == 0 and time.monotonic() - t < 1.5  # three bots' turns, no 2 s pauses
        await pilot.press("b")
        assert scr.pace == "normal" and store.pref("bot_pace") == "normal"  # slow, normal, fast, instant


# ------------------------------------------------------------ the search bot and the hint, beside the table
@pytest.mark.slow
async def test_search_bots_play_from_the_worker_and_the_hint_works_against_bots(store):
    """Two search bots: their moves are worked out in the worker process (the
    table stays live), they are the moves the search bot gives from the state,
    and the hint suggests a move on your turn in a game against bots."""
    from .helpers import until
    seats = new_seats(2, "search")
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(9, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("i", "i")
        await until(pilot, lambda: not scr.log_lines[-1].startswith("Hint: thinking"))
        assert scr.log_lines[-1].startswith("Hint: play ") and scr.info.assisted
        while scr.g.turn < 4:
            await press_until_my_question(app, pilot)
            await until(pilot, lambda: scr.thinking is None or isinstance(app.screen, EndScreen))
            if isinstance(app.screen, EndScreen):
                break
    from .test_app_kill import bots_answered_as_bots
    assert bots_answered_as_bots(Game.new(("fluxx5",), 3, "standard", 9), seats, scr.answers) >= 2


# ------------------------------------------------------------ the run file of a game against bots
def filed_game(store, seed: int, seats: list[str], decks: tuple[str, ...] = ("fluxx5",)) -> int:
    """A game against bots saved answer by answer as the app saves it, to its
    end; the id of its run in the history."""
    from engine.answers import from_json
    answers = headless(seed, decks, seats)
    g = Game.new(decks, len(seats), "standard", seed)
    store.start(g, slot="standard", extra={"seats": seats})
    done = []
    for j in answers:
        g.push(from_json(g, j))
        done.append(j)
        store.save(g, done, slot="standard")
    assert g.over and "standard" not in store.in_progress()
    return store.runs()[-1]["id"]


def test_a_game_against_bots_exports_verifies_and_replays_with_its_seats(tmp_path, monkeypatch):
    """export writes the seats into the run file; verify replays it and checks
    every bot answer is that bot's own from the state (a changed bot answer
    is caught, with its step); replay --explain tells it by the seats' names."""
    import json

    from solo.store import Store

    from .helpers import run_cli
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    store = Store()
    seats = ["human", "greedy", "random"]
    rid = filed_game(store, 6, seats)
    run = store.runs()[-1]
    assert (run["variant"], run["players"], run["seats"]) == ("standard", 3, seats)
    store.close()
    f = tmp_path / "run.json"
    assert run_cli("export", rid, f).returncode == 0
    data = json.loads(f.read_text())
    assert data["seats"] == seats and data["variant"] == "standard"
    out = run_cli("verify", f)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"winner p{run['winner']}" in out.stdout and "bot answers are the bots' own" in out.stdout
    told = run_cli("replay", f, "--explain").stdout
    assert "Ada " in told and "Boris " in told and "Player 1" not in told
    assert told.rstrip().splitlines()[-1].startswith(f"result: winner p{run['winner']} (")
    # a bot answer changed to another legal answer, the game played on to its end: verify names the step
    from engine.answers import from_json, to_json
    from engine.bots import answer_for
    g = Game.new(("fluxx5",), 3, "standard", 6, record=False)
    for i, j in enumerate(data["answers"]):
        pr = g.prompt
        if pr.player == 1 and pr.kind == "turn" and len(pr.options) > 1:
            other = next(o for o in pr.options if o != from_json(g, j))
            data["answers"] = data["answers"][:i] + [to_json(g, other)]
            g.push(other)
            break
        g.push(from_json(g, j))
    while not g.over:
        p = g.prompt.player
        a = first_choice(g) if seats[p] == "human" else answer_for(g, seats[p])
        data["answers"].append(to_json(g, a))
        g.push(a)
    data["winner"], data["turns"] = g.winner, g.turn
    f.write_text(json.dumps(data))
    out = run_cli("verify", f)
    assert out.returncode == 1 and f"step {i + 1}: seat 1 is the greedy bot" in out.stdout, out.stdout


def test_stats_and_history_keep_the_modes_apart(store):
    """A Solo run and games against bots: the Solo figures count the Solo
    run only; the bots' record counts wins by seats and strength."""
    from solo.app.screens.stats import bots_text

    from .helpers import play_through_store
    g = Game.new(("fluxx5",), 1, "solo", 3)
    store.start(g)
    play_through_store(store, g, 3, bot="random")
    filed_game(store, 6, ["human", "greedy", "greedy"])
    filed_game(store, 7, ["human", "random"])
    st = store.stats()
    assert st["played"] == 1 and st["best"] == len(g.scored)
    won = {r["seed"]: r["winner"] == 0 for r in store.runs() if r["variant"] == "standard"}
    assert st["against_bots"]["played"] == 2 and st["against_bots"]["won"] == sum(won.values())
    assert st["against_bots"]["tables"]["3 seats, greedy"]["played"] == 1
    assert st["against_bots"]["tables"]["2 seats, random"]["won"] == int(won[7])
    text = bots_text(st["against_bots"])
    assert f"Against bots[/]: won {sum(won.values())} of 2" in text and "3 seats, greedy" in text


async def test_your_keys_never_play_a_bots_move(store):
    """During a bot's turn, 1-9, Enter and e are not yours: the bot's
    question stays the bot's, and e says whose move it is."""
    store.set_pref("bot_pace", "slow")
    app = make_app(store, new=(5, ["fluxx5"]), seats=new_seats(1, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        while scr.thinking is None:
            await press_until_my_question(app, pilot) if not isinstance(app.screen, GameScreen) else \
                await pilot.press("1")
            await pilot.pause()
        answers = len(scr.answers)
        await pilot.press("1", "2", "enter", "e")
        await pilot.pause()
        assert len(scr.answers) == answers and scr.g.prompt.player == 1
        assert scr.log_lines[-1].startswith("It is Ada's move, not yours")


async def test_the_menu_resumes_the_game_against_bots_beside_the_solo_game(store):
    """With a Solo game and a game against bots both in progress the menu
    lists both; choosing the bots' game resumes it with its seats, and the
    Solo game stays in its slot."""
    from solo.app.screens import MenuScreen
    store.start(Game.new(("fluxx5",), 1, "solo", 5))
    store.start(Game.new(("voyager",), 3, "standard", 8), slot="standard", extra={"seats": new_seats(2, "search")})
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        text = "\n".join(screen_lines(app))
        assert "Resume game (seed 5, turn 1)" in text and "Resume Fluxx, you and 2 search bots (turn 1)" in text
        await pilot.press("down", "enter")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.slot == "standard" and scr.seats == new_seats(2, "search")
        assert scr.g.decks == ["voyager"] and "solo" in store.in_progress()


@pytest.mark.pin
@pytest.mark.exists_for("a golden picture of a screen for a person to review (a pin: it fails when the screen changes, not because a rule is checked)")
async def test_snapshot_a_four_seat_game_against_bots(store):
    """The 80x24 table of a Voyager game against three bots on a bot's turn:
    every seat's row (an attached Creeper with its Keeper), the New Rules,
    Double Agenda's two Goals, the banner naming whose turn it is."""
    from .test_table import _snapshot
    g = laid("""
decks = ["voyager"]
players = 4
[setup]
active = 2
drawn = 1
rules = ["Play 2", "Double Agenda", "Hand Limit 2", "Keeper Limit 4"]
goals = ["Coffee, Black", "Away Team"]
tables = [["Kathryn Janeway", "Phaser", "Malfunction"], ["Tuvok", "Kazon"], ["Coffee", "Tricorder", "Neelix"], []]
attached = { "Malfunction" = "Phaser" }
hands = [["Chakotay", "It's a Trap!"], ["Voyager", "Draw 2"], ["Random Tax", "Kes"], ["Play 3"]]
draw_pile = ["Harry Kim", "Tom Paris", "Holodeck", "Replicator"]
""")
    store.set_pref("bot_pace", "slow")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = game_screen(app, g, GameInfo(seed=g.seed, slot="standard", extra={"seats": new_seats(3, "greedy")}))
        app.push_screen(scr)
        await pilot.pause()
        assert scr.thinking == "Boris", (g.prompt.player, g.prompt.ask, app.screen)
        check_bot_frame(app)
        text = "\n".join(screen_lines(app)) + "\n"
        assert "K Phaser+C Malfunction" in text  # the attached Creeper written with its Keeper
        assert "▶Boris (greedy) · hand 2 · table:" in text and "Boris's turn" in text.splitlines()[0]
        await _snapshot("table-four-seats-against-bots-80x24", text)


async def test_a_lost_worker_process_does_not_stop_the_search_bot(store, monkeypatch):
    """The search bot's worker process dies: the same answer is worked out in
    the app itself (it is the same from the state), and the game goes on."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    from solo.app.hinting import HintWorker

    def broken(self, state, name):
        f: Future = Future()
        f.set_exception(BrokenProcessPool("the worker was killed"))
        return f
    monkeypatch.setattr(HintWorker, "submit_bot", broken)
    seats = new_seats(1, "search")
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(9, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        while scr.g.turn < 3 and not scr.g.over:
            await press_until_my_question(app, pilot)
            await until(pilot, lambda: scr.thinking is None or isinstance(app.screen, EndScreen))
    from .test_app_kill import bots_answered_as_bots
    assert bots_answered_as_bots(Game.new(("fluxx5",), 2, "standard", 9), seats, scr.answers) >= 1


async def test_a_second_window_watches_the_game_against_bots_read_only(tmp_path):
    """The game against bots is open in one window: another window is told so
    and may watch it read-only, told with the seats' names."""
    from solo.app.dialogs import BusyScreen
    from solo.app.screens import ReplayScreen
    from solo.store import Store
    path = tmp_path / "save.sqlite3"
    first_store = Store(path)
    first_store.set_pref("bot_pace", "instant")
    first = make_app(first_store, new=(4, ["fluxx5"]), seats=new_seats(2, "greedy"))
    async with first.run_test(size=(80, 24)) as p1:
        await p1.pause()
        await press_until_my_question(first, p1)
        second = make_app(Store(path))
        async with second.run_test(size=(80, 24)) as p2:
            await p2.pause()
            second.resume("standard")
            await p2.pause()
            assert isinstance(second.screen, BusyScreen)
            assert "The game against bots is open in another Solo Fluxx window" in "\n".join(screen_lines(second))
            await p2.press("enter")  # watch it read-only
            await p2.pause()
            assert isinstance(second.screen, ReplayScreen)
            second.screen.action_ends(1)  # the table at the last step, the tutor's lines of the whole game so far
            told = "\n".join(second.screen.log_lines)
            assert "Ada " in told and "Player 1" not in told


@pytest.mark.parametrize("extra", [None, {"seats": ["human"]}, {"seats": ["greedy", "human", "greedy"]},
                                   {"seats": "everyone"}])
async def test_a_game_against_bots_whose_seats_cannot_be_read_goes_on_with_greedy_bots(store, extra):
    """A save of the standard slot whose seats are missing or do not fit the
    game (edited, damaged) resumes with a sentence, the other seats greedy."""
    store.start(Game.new(("fluxx5",), 3, "standard", 2), slot="standard", extra=extra)
    store.set_pref("bot_pace", "instant")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.seats == ["human", "greedy", "greedy"]
        assert "could not be read, so the other seats are played by greedy bots" in "\n".join(
            str(n.message) for n in app._notifications)
        await press_until_my_question(app, pilot)
        assert scr.g.turn >= 2 or scr.g.over  # the bots played


async def test_your_turn_starts_with_what_each_bot_played_since_your_last(store):
    """The bots' own lines scroll up at 80x24; your turn begins with one line
    naming every card each bot played since your last turn, in order, and
    the line is right: it is what the game's record says they played."""
    seats = new_seats(3, "greedy")
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(12, ["fluxx5"]), seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        while scr.g.turn < 9 and not scr.g.over:  # two rounds: your turns and the three bots' turns after each
            await press_until_my_question(app, pilot)
        assert scr.g.active == 0 and scr.g.prompt.kind == "turn"
        recap = [ln for ln in scr.log_lines if ln.startswith("Since your last turn:")]
        assert len(recap) == 2, scr.log_lines[-8:]  # the second names only what came after your second turn
        assert "Since your last turn" in "\n".join(screen_lines(app))  # in view at 80x24
    # the record: every card a bot played after your last turn ended, replayed
    from engine.answers import from_json
    g = Game.new(("fluxx5",), 4, "standard", 12)
    played: dict[int, dict[str, list[str]]] = {}
    for j in scr.answers:
        for e in g.push(from_json(g, j)):
            if e[0] == "turn_end" and e[2] == 0:
                played = {}
            elif e[0] in ("play", "free_action", "surprise") and e[2] != 0 and e[3] >= 0:
                played.setdefault(e[2], {}).setdefault(e[0], []).append(g.name(e[3]))
    names = seat_names(seats)
    # a free action is "used", never "played"; a Surprise is "answered with"
    verbs = {"play": "played", "free_action": "used (a free action)", "surprise": "answered with"}
    want = "; ".join(names[p] + ",".join(f" {verbs[k]} {', '.join(cs)}" for k, cs in kinds.items())
                     for p, kinds in played.items())
    assert played and recap[-1] == f"Since your last turn: {want}."
    names_shown = [t for t, style in recap[-1].parts if style == "i"]  # each card name shown as a name
    assert names_shown == [c for kinds in played.values() for cs in kinds.values() for c in cs]


async def test_the_tutor_never_names_a_card_that_goes_unseen_into_a_bots_hand(store):
    """Against bots the tutor tells your view of the table: a bot's draws are
    counted, not named; a card a bot takes from another bot goes unnamed; what
    comes into your hand or leaves it is named. (The replay after the game
    tells everything.)"""
    g = laid("""
decks = ["fluxx5"]
players = 3
[setup]
active = 1
hands = [["Milk"], ["Random Tax"], ["Bread"]]
draw_pile = ["Peace", "Sleep", "Love", "Time", "Music", "Cookies", "Money", "Dreams"]
""")
    async with on_table(store, g, ["human", "greedy", "greedy"]) as (app, pilot, scr):
        await until(pilot, lambda: scr.g.active == 0 and scr.thinking is None, 5)
        text = panel(scr)
        assert "Ada took Milk from your hand (because of Random Tax)." in text
        assert "Ada took a card from Boris's hand (because of Random Tax)." in text and "Bread" not in text
        assert "Boris drew a card for the turn's draw." in text
        assert "You drew " in text  # your own draw is named
        for line in told_lines(scr):
            if " drew " in line and not line.startswith("You"):
                names = [c.name for c in g.db.cards if c.name in line]
                assert not names, f"a bot's draw names {names}: {line}"


def test_the_explainer_without_a_viewer_tells_every_card():
    """replay --explain and the end-of-game replay have no viewer: all is told."""
    from tutor.explain import Explainer
    g = laid("""
decks = ["fluxx5"]
players = 3
[setup]
active = 1
hands = [["Milk"], ["Random Tax"], ["Bread"]]
draw_pile = ["Peace", "Sleep", "Love"]
""")
    events = g.push(("play", g.db.find("Random Tax")))
    told = [t.x.text for t in Explainer("brief").explain_all(g, events) if t.head]
    assert any("took Bread from Player 2's hand" in t for t in told), told
    seen = [t.x.text for t in Explainer("brief", viewer=0).explain_all(g, events) if t.head]
    assert any("took a card from Player 2's hand" in t for t in seen), seen
    assert any("took Milk from your hand" in t or "took Milk from Player 0's hand" in t for t in seen), seen


@pytest.mark.parametrize("decks", [("fluxx5", "creeper-pack"), ("voyager",)])
def test_every_event_of_random_games_is_told_to_a_viewer_without_a_hidden_name(decks):
    """Random 4-seat games told to seat 0: every event has its sentence, and
    a draw by another seat never names its card."""
    from engine.bots import make_bot
    from tutor.explain import Explainer
    for seed in range(25):
        g = Game.new(decks, 4, "standard", seed)
        ex = Explainer("brief", names=seat_names(new_seats(3, "random")), viewer=0)
        bot = make_bot("random", seed)
        events = list(g.log or [])
        while not g.over and g.decisions < 600:
            events += g.push(bot.choose(g))
        for e, t in zip(events, ex.explain_all(g, events), strict=True):
            if e[0] == "draw" and e[2] != 0 and t.head:
                said = t.x.text.split(" (because of ")[0]  # the cause is a card in play, not the drawn one
                assert g.name(e[3]) not in said, t.x.text


@pytest.mark.parametrize("key", ["q", "escape", "ctrl+c"])
async def test_q_escape_and_ctrl_c_answer_while_bots_move_at_the_instant_pace(store, key, monkeypatch):
    """Five greedy bots at the instant pace play move after move; a key sent
    between two of their moves is answered: q and Esc leave for the menu at
    once (and the bots stop: no move is played after), Ctrl-C quits."""
    from textual import events

    from solo.app.screens import MenuScreen
    store.set_pref("bot_pace", "instant")
    played = []
    real = GameScreen.play_bot

    def play_bot(self, a, stamp):  # the third bot move sends the key, queued among the bots' callbacks
        played.append(self.g.decisions)
        if len(played) == 3:
            self.app.post_message(events.Key(key, {"q": "q", "escape": "\x1b", "ctrl+c": "\x03"}[key]))
        real(self, a, stamp)
    monkeypatch.setattr(GameScreen, "play_bot", play_bot)
    app = make_app(store, new=(11, ["voyager"]), seats=new_seats(5, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        for _ in range(20):  # your moves until the bots have played three
            if len(played) >= 3:
                break
            if scr.g.prompt is not None and scr.g.prompt.player == scr.me and app.screen is scr:
                await pilot.press("1")
            else:
                await pilot.pause(0.02)
        assert len(played) >= 3
        await pilot.pause(0.3)
        if key == "ctrl+c":
            assert app.return_code is not None or not app.is_running  # the app is quitting
            return
        assert isinstance(app.screen, MenuScreen)
        moves = scr.g.decisions
        await pilot.pause(0.3)
        assert scr.g.decisions == moves  # the bots stopped with the screen (the key came within a few moves)
