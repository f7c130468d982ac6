"""Bot turns you can follow (issue 37, deliverable 7): with two or more bots,
at the tutor's default level, each bot move is one line, each bot's turn
start one more, and the full explanation of each is one key away on it;
the "Since your last turn" line stays."""
from __future__ import annotations

import pytest

from engine.bots import answer_for
from engine.game import Game
from solo.app.screens import GameScreen
from solo.app.screens.modals import MoveScreen
from solo.store.seats import new_seats
from tutor.brief import Brief, brief_lines
from tutor.explain import Explainer

from .helpers import make_app, screen_lines, table

NAMES = ("You", "Ada", "Bo", "Cy")


def told_briefly(g: Game, answers, bots=frozenset({1, 2, 3})):
    """Play ``answers`` (a list, or None: greedy answers to the end) and tell
    each as the app does; returns [(seat answering, prompt kind, events,
    heads told, lines after it)] and the final lines."""
    ex = Explainer("brief", NAMES[:g.nplayers], viewer=0)
    lines: list[Brief] = []
    steps = []
    i = 0
    while not g.over and (answers is None or i < len(answers)) and i < 3000:
        pr = g.prompt
        a = answers[i] if answers is not None else answer_for(g, "greedy")
        events = g.push(a)
        told = ex.explain_all(g, events)
        into = lines[-1] if lines and lines[-1].full and pr.kind != "turn" else None
        before = len(lines)
        new = brief_lines(g, events, told, set(bots), NAMES[:g.nplayers], into, pr.player)
        for b in new:
            if b.merged:
                lines[-1] = b
            else:
                lines.append(b)
        heads = [t.x for t in told if t.head and t.x.event not in ("action_done", "deal")]
        steps.append((pr.player, pr.kind, events, heads, new, before))
        i += 1
    return steps, lines


def test_zap_a_card_is_one_line_with_the_card_taken():
    """The tracker's example: Ada plays Zap a Card! and takes your Milk: the
    move and the answer to its question are one line; the turn's end and
    every sentence are kept behind it."""
    g = table("""
players = 3
[setup]
active = 1
hands = [["Bread"], ["Zap a Card!", "Toast"], ["Cookies"]]
tables = [["Milk"], [], []]
draw_pile = ["Peace", "Money", "Time", "Love", "Sleep"]
""")
    _steps, lines = told_briefly(g, [("play", g.db.find("Zap a Card!")), ("choose", (g.db.find("Milk"),))])
    assert [b.x.text for b in lines] == ["Ada played Zap a Card!: Milk went into Ada's hand.",
                                         "Turn 2 begins for Bo: draws 1; plays 1."]
    assert [x.text for x in lines[0].full] == [
        "Ada played Zap a Card!.", "Zap a Card! takes effect.", "Milk went into Ada's hand (because of Zap a Card!).",
        "Ada has no plays left (1 played this turn, and the Basic Rules allow 1): the turn ends, and limits "
        "apply now."]
    assert lines[0].x.rule == "turn.play"


def test_a_card_that_discards_and_draws_says_what_went():
    g = table("""
players = 3
[setup]
active = 1
hands = [["Bread"], ["Discard and Draw", "Toast", "Milk"], ["Cookies"]]
draw_pile = ["Peace", "Money", "Time", "Love", "Sleep"]
""")
    _steps, lines = told_briefly(g, [("play", g.db.find("Discard and Draw"))])
    assert lines[0].x.text == "Ada played Discard and Draw: discarded 2 cards (Toast, Milk) and drew 2.", lines[0]


@pytest.mark.parametrize("decks,seed", [(("fluxx5",), 1), (("fluxx5", "creeper-pack"), 2), (("voyager",), 3),
                                        (("fluxx5", "creeper-pack"), 4)])
def test_over_whole_games_each_bot_move_is_one_line_and_nothing_is_lost(decks, seed):
    """Four greedy seats, seat 0 told as the human: every sentence an answer
    tells is shown once, as a line or behind a bot's line, in order; a bot's
    answer adds at most one line for its move (none when it completes the
    line of its move's question) and one for each turn that starts; the
    human's moves are told as before."""
    g = Game.new(decks, 4, "standard", seed)
    steps, lines = told_briefly(g, None)
    assert g.over, "the game did not end"
    shown: list[str] = []
    for b in lines:
        shown += [x.text for x in b.full] if b.full else [b.x.text]
    assert shown == [x.text for *_rest, heads, _new, _b in steps for x in heads]
    bot_moves = 0
    for seat, kind, events, heads, new, _before in steps:
        starts = sum(1 for e in events if e[0] == "turn_start")
        if seat != 0 and heads and events[0][0] not in ("turn_start", "turn_end", "game_over"):
            bot_moves += 1
            mine = [b for b in new if b.seat == seat and b.x.event not in ("turn_start", "turn_end")]
            assert len(mine) <= 1, f"{NAMES[seat]}'s answer told {[b.x.text for b in new]}"
            if events[0][0] == "play":
                assert len(mine) == 1, f"{NAMES[seat]}'s answer told {[b.x.text for b in new]}"
                assert mine[0].x.text.startswith(f"{NAMES[seat]} played {g.name(events[0][3])}"), mine[0].x.text
        if seat == 0 and kind == "turn" and heads and events[0][0] == "play":
            assert new[0].x.text == heads[0].text and not new[0].full  # the human's own move: as before
        assert len([b for b in new if not b.merged and b.full]) <= 1 + starts
    assert bot_moves >= 10


async def test_in_the_app_bot_moves_are_one_line_each_and_w_opens_the_whole_move(store):
    """Three greedy bots at 80x24, the instant pace: by your third turn the
    panel shows one line per bot move, the recap line stays, w on a bot's
    line shows every sentence it stands for with its rule; at the full
    level the bots' moves are told in full again."""
    store.set_pref("bot_pace", "instant")
    app = make_app(store, new=(5, ["fluxx5", "creeper-pack"]), seats=new_seats(3, "greedy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.brief_bots()
        turns: set[int] = set()
        for _ in range(2000):
            g = scr.g
            if g.over:
                break
            if not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            elif scr.thinking is None and g.prompt is not None and scr.yours(g.prompt):
                turns.add(g.turn)
                if len(turns) >= 3:
                    break
                await pilot.press("1")
            await pilot.pause(0.02)
        assert len(turns) >= 3 or scr.g.over
        text = "\n".join(scr.log_lines)
        assert "Since your last turn:" in text
        assert "Ada draws 1:" not in text and "Boris plays 1 card this turn" not in text, text
        bot_lines = sorted(scr.log_full)
        assert len(bot_lines) >= 6
        for i in bot_lines:
            line = str(scr.log_lines[i])
            assert any(n in line for n in ("Ada", "Boris", "Cleo")), line
        # w on the last bot line (focus the panel, go to the line, w)
        last = bot_lines[-1]
        for close in ("escape", "enter", "w"):
            scr.why(last)
            await pilot.pause()
            assert isinstance(app.screen, MoveScreen)
            shown = "\n".join(screen_lines(app))
            assert scr.log_full[last].full[0].text[:30] in " ".join(shown.split())
            await pilot.press(close)
            await pilot.pause()
            assert app.screen is scr, close
        # the full level: the next bot moves are told sentence by sentence
        scr.explainer.level = "full"
        assert not scr.brief_bots()
        before = len(scr.log_lines)
        start = scr.g.turn
        for _ in range(2000):
            g = scr.g
            if g.over:
                break
            if not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            elif scr.thinking is None and g.prompt is not None and scr.yours(g.prompt):
                if g.turn != start:
                    break
                await pilot.press("1")
            await pilot.pause(0.02)
        later = [str(x) for x in scr.log_lines[before:]]
        assert not [i for i in scr.log_full if i >= before]
        assert any(" draws " in x for x in later), later
