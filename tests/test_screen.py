"""What the player sees, at every size (issue 35): whole games through the
app at 80x24, 120x40 and 160x50 with the table checked on every frame; every
line of random games and of every lesson rendered by the real widgets; text
from the game never read as markup; help made from the bindings."""
from __future__ import annotations

import os

import pytest
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.bots import RandomBot
from engine.game import Game
from solo.app.dialogs import PickOneDialog
from solo.app.lines import Line
from solo.app.screens import EndScreen, GameScreen
from solo.store.info import GameInfo

from .helpers import first_choice_keys, make_app, screen_lines
from .screen_check import check_lines, check_table, rendered, squash
from .test_table import play_whole_game

SIZES = [(80, 24), (120, 40), (160, 50)]
FULL = bool(os.environ.get("CI")) or os.environ.get("HYPOTHESIS_PROFILE") == "ci"


# whole Solo games from the keyboard at the three sizes, every frame checked: tests/test_table.py
# (test_every_frame_of_a_whole_game_shows_the_whole_table, with check_table)


@pytest.mark.slow
@pytest.mark.app
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_whole_game_against_five_bots_at_each_size(store, size):
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(5, ["fluxx5", "creeper-pack"]), seats=["human"] + ["greedy"] * 5)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        frames = await play_whole_game(app, pilot, limit=3000)
    assert frames > 3


# ---------------------------------------------------------------- every line, rendered
TABLES = [1, 2, 3, 4, 5, 6]
DECK_SETS = [("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)]
RENDER_SIZES = [(80, 24), (100, 45), (160, 50)]
LEVELS = ("off", "brief", "full")


def render_every_line(scr, seen: set | None = None) -> int:
    """Every line of the screen's log, shown by its tutor panel widget and
    rendered there: it reads as its own plain text. A line whose parts were
    rendered before (``seen``, kept across games) renders the same again and
    is not rendered twice."""
    log = scr.query_one("#log", OptionList)
    n = 0
    todo = scr.log_lines
    if seen is not None:
        todo = [t for t in todo if t.parts not in seen]
        seen.update(t.parts for t in todo)
    for start in range(0, len(todo), 100):
        chunk = todo[start:start + 100]
        log.clear_options()
        log.add_options([Option(t.content) for t in chunk])
        for t, option in zip(chunk, log.options, strict=True):
            got = rendered(log, option)
            assert squash(got) == squash(str(t)), f"the line {str(t)!r} renders as {got!r}"
            n += 1
    log._solo_shown = []
    return n


async def play_and_render(app, pilot, players: int, decks: tuple[str, ...], seed: int, level: str,
                          bots: bool, seen: set | None = None) -> tuple[int, int]:
    """A random game on the app's table: every answer told by the tutor at
    ``level``; the table drawn and checked at a few points; then every line
    of the log rendered by the real widget. (lines, frames)."""
    variant = "solo" if players == 1 else "standard"
    g = Game.new(decks, players, variant, seed)
    info = GameInfo(seed=seed, slot="lesson", decks=list(decks))  # a slot no test store holds: nothing kept
    if bots:
        info.extra = {"seats": ["human"] + ["random"] * (players - 1)}
        info.slot = "standard"
    scr = GameScreen(g, [], info)
    scr.is_bot = lambda p: False  # the test answers for every seat; the screen shows each as it is asked
    app.push_screen(scr)
    await pilot.pause()
    while app.screen is not scr:
        app.pop_screen()
    scr.explainer.level = level
    bot = RandomBot(seed)
    frames = 0
    for k in range(2000):
        if g.over:
            break
        scr.tell(g.push(bot.choose(g)))
        if k in (5, 60) or k % 250 == 125:  # a few frames a game: the whole table checked on the terminal's text
            scr.draw()
            await pilot.pause()
            while app.screen is not scr:
                app.pop_screen()
            check_table(app)
            check_lines(scr, scr.log_lines)
            frames += 1
    lines = render_every_line(scr, seen)
    app.pop_screen()
    await pilot.pause()
    return lines, frames


@pytest.mark.slow
@pytest.mark.app
@pytest.mark.parametrize("size", RENDER_SIZES, ids=[f"{w}x{h}" for w, h in RENDER_SIZES])
@pytest.mark.parametrize("players", TABLES, ids=[f"{p}-seat" if p > 1 else "solo" for p in TABLES])
async def test_every_line_of_random_games_renders_as_its_text(store, size, players):
    """Random games of every table and deck set, at every tutor level: no
    exception, and every line renders as its plain text (20 games a table
    and size in CI, 4 locally)."""
    games = 20 if FULL else 4
    app = make_app(store)
    total = 0
    seen: set = set()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(games):
            lines, _frames = await play_and_render(app, pilot, players, DECK_SETS[i % 3], 1000 + i,
                                                   LEVELS[i % 3], bots=players > 1 and i % 2 == 1, seen=seen)
            total += lines
    assert total > games * 5


async def test_a_card_named_like_markup_shows_its_brackets(store, monkeypatch):
    """A deck's card named ``[b]Odd[/]`` is shown with its brackets, in the
    hand, on the table, in the tutor's lines and in a dialog: never read as
    markup."""
    from solo.app.cardtext import card
    g = Game.new(("fluxx5",), 1, "solo", 7)
    c = g.hands[0][0]
    monkeypatch.setattr(g.db.cards[c], "name", "[b]Odd[/]")
    monkeypatch.setattr(g.db.cards[c], "text", "Text with [dim]brackets[/] and a \\ backslash\\")
    assert card(g, c).plain.endswith("[b]Odd[/]")
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = GameScreen(g, [], GameInfo(seed=7, slot="lesson"))
        app.push_screen(scr)
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "[b]Odd[/]" in text, text
        scr.note(f"A note naming {g.name(c)} and [red]this[/]")
        scr.draw()
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "[red]this[/]" in text
        await pilot.press("d")  # the card's text
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "[b]Odd[/]" in text and "[dim]brackets[/]" in text and "backslash\\" in text


def test_a_line_saved_and_read_back_is_the_same_and_never_markup():
    ln = Line(("Tutor:", "b"), " [b]Odd[/] \\", kind="")
    back = Line.from_json(ln.to_json())
    assert back == ln and back.parts == ln.parts
    assert str(Line.from_json("[b]Since your last turn:[/] Ada played X.")) == "Since your last turn: Ada played X."
    assert str(Line.from_json("[/] broken")) == "[/] broken"  # not markup after all: kept as it is
    odd = Line.from_json({"parts": [["x", "blink; evil"], [3, "b"]], "kind": "nope"})
    assert odd.parts == (("x", ""),) and odd.kind == ""


# ---------------------------------------------------------------- lessons, every line
@pytest.mark.slow
@pytest.mark.app
@pytest.mark.parametrize("size", RENDER_SIZES, ids=[f"{w}x{h}" for w, h in RENDER_SIZES])
async def test_every_line_of_every_lesson_renders_as_its_text(tmp_path, size):
    """Every lesson through the app: the intro, objectives, the tutor's says
    and whys, the play-out of every named wrong move, the outro; at each
    size, the tutor at full (the lessons' level) and brief, and the full log
    (l) after each wrong move (where the crash was)."""
    from scenarios.lessons import lessons
    from scenarios.runner import step_answer
    from solo.app.screens import LessonScreen
    from solo.app.screens.modals import ScrollDialog
    from solo.store import Store
    store = Store(tmp_path / "s.sqlite3")
    store.set_pref("lessons_offered", True)
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for n, ls in enumerate(lessons()):
            scr = LessonScreen(ls)
            app.push_screen(scr)
            await pilot.pause()
            if n % 2:
                scr.explainer.level = "brief"
            while scr.coach.step is not None:
                st = scr.coach.step
                for w in st.wrong:
                    want = step_answer(scr.coach.g, w, scr.coach.i)
                    while not isinstance(app.screen, LessonScreen):
                        app.pop_screen()
                    scr.answer(("choose", ()) if want == ("pass",) else want)
                    await pilot.pause()
                    while isinstance(app.screen, ScrollDialog):  # the play-out's own dialog
                        await pilot.press("escape")
                        await pilot.pause()
                    assert any(ln.kind == "would" for ln in scr.log_lines)
                    await pilot.press("l")  # the full log, then back
                    await pilot.pause()
                    check_lines(scr, scr.log_lines)
                    await pilot.press("l")
                    await pilot.pause()
                i = scr.coach.i
                for a in scr.coach.line_answers():
                    while not isinstance(app.screen, LessonScreen):
                        app.pop_screen()
                    scr.answer(a)
                    await pilot.pause()
                    if scr.coach.i != i or scr.coach.step is None:
                        break
            while not isinstance(app.screen, LessonScreen):
                app.pop_screen()
            await pilot.pause()
            assert scr.info.done, ls.id
            assert any(str(ln).startswith("Done!") for ln in scr.log_lines)
            check_lines(scr, scr.log_lines)
            render_every_line(scr)
            app.pop_screen()
            await pilot.pause()


# ---------------------------------------------------------------- help
async def test_help_is_made_from_the_bindings_of_its_screen(store):
    """Every key bound on the table (its own and the app's: Ctrl+P, Ctrl+Q)
    is in help with what it does, the Solo rules summary is there, and help
    scrolls at 80x24 to its last line."""
    from solo.app.screens.modals import HelpScreen, key_rows
    app = make_app(store, new=(7, ["fluxx5"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        bound = {b.action for _k, (_n, b, _e, _t) in table.active_bindings.items()}
        rows = key_rows(table)
        text = "\n".join(f"{k}  {w}" for k, w in rows)
        for action in bound:
            if action.startswith("quick("):
                assert "1-9" in text
                continue
            assert any(action in (b.action,) for _k, (_n, b, _e, _t) in table.active_bindings.items())
        for key in ("u", "d", "o", "p", "e", "h", "c", "q", "i", "w", "l", "t", "^p", "^q"):
            assert any(key in k.split() for k, _ in rows), f"{key} is not in help: {text}"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(screen_lines(app))
        assert "more lines below" in shown
        await pilot.press("end")
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert squash("your score is the Goals scored") in squash(shown.replace("│", "")) and "more lines above" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table


# ---------------------------------------------------------------- hidden information
def hidden_now(g: Game, me: int) -> set[int]:
    """The cards the seat cannot see now (from the engine's zones): the Main
    deck, the Rules deck, the other seats' hands and their temporary hands."""
    out = set(g.draw) | set(g.rules_deck)
    for q in range(g.nplayers):
        if q != me:
            out |= set(g.hands[q])
    for fr in g.temp:
        if fr.player != me:
            out |= set(fr.cards)
    return out


def seen_on_this_line(g: Game, answers: list, me: int) -> set[int]:
    """Every card the seat has seen in play along the answers now recorded
    (replayed from the deal by the engine): what an undone answer showed is
    not among them."""
    from engine.answers import replay
    fresh = Game.new(tuple(g.decks), g.nplayers, g.variant_name, g.seed)
    every = set(range(len(g.db.cards)))
    seen = every - hidden_now(fresh, me)

    def step(i, j, events, h) -> None:
        seen.update(every - hidden_now(h, me))
        for e in events:  # a card shown on its way (a hand's discard reshuffled into the deck at once)
            if e.kind in PUBLIC_EVENTS:
                if e.card >= 0:
                    seen.add(e.card)
                for v in e.data.values():
                    if isinstance(v, list) and all(isinstance(x, int) for x in v):
                        seen.update(v)
    replay(fresh, answers, step)
    return seen


# engine events that put a card where every seat sees it (played, discarded, on a table, a Goal, a rule)
PUBLIC_EVENTS = {"discard", "goal_discarded", "goal", "creeper", "play", "keeper", "rule", "rule_discarded",
                 "limit_discard", "discard_table", "surprise", "free_action", "action", "attach", "detach",
                 "potato", "random_play", "canceled", "surprise_done", "action_done", "from_discard"}


def rules_words() -> str:
    """The rules reference's own words (not the cards' entries): a rule text
    that says "draw 3" names no card of the deck."""
    from tutor.reference import CARD_IDS, REFERENCE
    return " ".join(REFERENCE[k].text for k in list(REFERENCE) if not k.startswith(CARD_IDS))


def secret_names(scr) -> list[str]:
    """The names of the cards secret from the seat now, less any name that
    a card it can see says (a Goal that needs Cookies names Cookies)."""
    import re
    g = scr.g
    me = scr.me
    seen = seen_on_this_line(g, scr.answers, me)
    secret = [c for c in hidden_now(g, me) if c not in seen]
    public = " ".join(g.db.cards[c].name + " " + g.db.cards[c].text for c in seen) + " " + rules_words()
    names = []
    for c in secret:
        name = g.name(c)
        if not re.search(r"\b" + re.escape(name) + r"\b", public):
            names.append(name)
    return names


async def check_secrets(app) -> int:
    import re
    scr = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    lines = screen_lines(app)
    names = secret_names(scr)
    for ln in lines:
        for name in names:
            assert not re.search(r"\b" + re.escape(name) + r"\b", ln), f"the secret {name!r} shows: {ln!r}"
    return len(names)


@pytest.mark.slow
@pytest.mark.app
@pytest.mark.parametrize("seats,decks", [(["human"], ("fluxx5", "creeper-pack")),
                                         (["human", "greedy", "random"], ("voyager",))])
async def test_what_is_secret_never_shows_with_undos_hints_and_bots(store, seats, decks):
    """Random answers from the keyboard, undo now and then, the hint's nudge,
    the bots' moves: on every frame no line on screen names a card the seat
    cannot know (the Main deck, the Rules deck, a bot's hand, an undone
    draw), the record of what it has seen made by the engine alone."""
    import random
    rnd = random.Random(len(seats) * 7 + len(decks))
    store.set_pref("bot_pace", "instant")
    checked = undos = mine = 0
    for seed in (3,):
        kw = {"seats": seats} if len(seats) > 1 else {}
        app = make_app(store, new=(seed, list(decks)), **kw)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for _ in range(500):
                scr = app.screen
                if isinstance(scr, EndScreen):
                    break
                if isinstance(scr, GameScreen) and scr.thinking is not None:
                    await pilot.pause(0.01)
                    continue
                if isinstance(scr, (GameScreen, PickOneDialog)):
                    checked += await check_secrets(app) >= 0
                if isinstance(scr, GameScreen):
                    mine += 1
                    if mine % 5 == 3 and scr.answers:  # an undo every fifth question of yours, a nudge every seventh
                        await pilot.press("u")
                        undos += 1
                    elif mine % 7 == 2:
                        await pilot.press("i")
                    else:
                        pr = scr.g.prompt
                        n = len(pr.options) if pr is not None and pr.kind == "turn" else 1
                        await pilot.press(str(rnd.randint(1, min(n, 9))))
                elif isinstance(scr, PickOneDialog):
                    await first_choice_keys(pilot, scr)
                else:
                    await pilot.press("escape")
                await pilot.pause()
            while not isinstance(app.screen, (GameScreen, EndScreen)) and len(app.screen_stack) > 1:
                app.pop_screen()
        store.clear("solo")
        store.clear("standard")
    assert checked > 25 and undos > 2
