"""Bot turns you can follow (issue 37, deliverable 7): with two or more bots,
at the tutor's default level, each bot move is one line, each bot's turn
start one more, and the full explanation of each is one key away on it;
the "Since your last turn" line stays."""
from __future__ import annotations

import json

import pytest

from engine.bots import answer_for
from engine.game import Game
from solo.app.screens import GameScreen
from solo.app.screens.modals import MoveScreen
from solo.store.seats import new_seats
from tutor.brief import Brief, _cut, brief_lines
from tutor.explain import Explainer, Explanation

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
        "Ada played Zap a Card!", "Zap a Card! takes effect.", "Milk went into Ada's hand (because of Zap a Card!).",
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


INFLATED = """
players = 3
[setup]
active = 1
played = 1
rules = ["Inflation", "Hand Limit 0"]
goals = ["5 Keepers"]
hands = [["Toast"], ["Music", "Sleep", "Dreams"], ["Cookies"]]
tables = [[], ["Milk", "Bread", "Money", "Love"], []]
draw_pile = ["Peace", "Time", "The Sun", "The Moon"]
"""


def test_a_bot_turn_that_ends_with_something_told_is_its_own_line_and_the_limit_answer_joins_it():
    """Ada's last play (2 of 2 under Inflation) gives her 5 Keepers: the
    turn's end is a line of its own that says she is still short of the
    Goal Inflation raised to 6 (not "has 5 toward 5 Keepers", which reads
    as met); her answer to the Hand Limit joins that line, its bracket
    whole (a colon inside brackets is no cut)."""
    g = table(INFLATED)
    _steps, lines = told_briefly(g, [("play", g.db.find("Music"))])
    assert [b.x.text for b in lines] == [
        "Ada played Music.",
        "Ada's turn ends: has 5 toward 5 Keepers, which needs 6 with Inflation."]
    end = lines[1]
    assert (end.x.event, end.x.rule, end.seat, end.head, end.merged) == ("turn_end", "turn.end", 1,
                                                                         "Ada's turn ends", False)
    assert [x.text for x in end.full] == [
        "Ada has no plays left (2 played this turn, and 1 under the Basic Rules + 1 Inflation allow 2): the turn "
        "ends, and limits apply now.",
        "Ada has 5 toward 5 Keepers, which needs 6 with Inflation: the card says 5, but Inflation makes it 6, so it "
        "is not met yet."]
    assert [x.text for x in lines[0].full] == ["Ada played Music.", "Music is now on the table in front of Ada."]
    assert lines[0].card == g.db.find("Music") and end.card == -2

    g = table(INFLATED)
    steps, lines = told_briefly(g, [("play", g.db.find("Music")), ("choose", (g.db.find("Sleep"),))])
    assert [b.x.text for b in lines] == [
        "Ada played Music.",
        "Ada's turn ends: has 5 toward 5 Keepers, which needs 6 with Inflation; discarded Sleep to meet the Hand "
        "Limit of 1 (Hand Limit 0 + 1 Inflation: 0 printed, 1 with Inflation).",
        "Turn 2 begins for Bo: draws 2; plays 2."]
    joined = steps[1][4][0]
    assert joined.merged and joined.seat == 1 and joined.head == "Ada's turn ends"
    assert [x.text for x in joined.full][2:] == [
        "Ada discarded Sleep to meet the Hand Limit of 1 (Hand Limit 0 + 1 Inflation: 0 printed, 1 with Inflation)."]
    assert lines[2].seat == 2 and lines[2].x.event == "turn_start"


def test_a_near_miss_told_after_the_next_turn_starts_is_a_clause_of_that_line():
    """With cards left in Ada's hand below the limit, the next turn starts in
    the same answer, and the near miss (told after everything the answer
    did) closes Bo's turn-start line, naming Ada."""
    g = table(INFLATED.replace('"Hand Limit 0"', '"Hand Limit 2"'))
    _steps, lines = told_briefly(g, [("play", g.db.find("Music"))])
    assert [b.x.text for b in lines] == [
        "Ada played Music.",
        "Turn 2 begins for Bo: draws 2; plays 2; Ada has 5 toward 5 Keepers, which needs 6 with Inflation."]
    assert lines[0].full[-1].text.startswith("Ada has no plays left")  # the plain end goes with the move's line


GOAL_PLAYED = """
decks = ["fluxx5", "creeper-pack"]
players = 3
[setup]
active = 1
goals = ["Milk & Cookies"]
hands = [["Toast"], ["5 Keepers", "Sleep"], ["Cookies"]]
tables = [[], ["Milk", "Bread", "Money", "Love", "Music", "War"], []]
draw_pile = ["Peace", "Time", "The Sun", "The Moon"]
"""


def test_a_bot_goal_says_what_it_replaced_and_a_win_its_creeper_stops():
    """Ada plays 5 Keepers over Milk & Cookies with War on her table: the
    line says "replacing", the Goal landing is left out (the line says it
    was played), and the stopped win is a clause of that line while her
    turn goes on; when her play ends the turn, the stopped win is told
    after everything else, on the next turn's line."""
    g = table(GOAL_PLAYED.replace('goals = ["Milk & Cookies"]', 'goals = ["Milk & Cookies"]\nrules = ["Play 2"]'))
    _steps, lines = told_briefly(g, [("play", g.db.find("5 Keepers"))])
    assert [b.x.text for b in lines] == [
        "Ada played 5 Keepers: replacing Milk & Cookies; meets 5 Keepers, but War stops the win."]
    assert [x.text for x in lines[0].full] == [
        "Ada played 5 Keepers: 1 play left this turn (1 played under Play 2).",
        "Milk & Cookies was discarded: 5 Keepers replaced it as the Goal.",
        "The Goal is now 5 Keepers (Ada played it).",
        "Ada meets 5 Keepers, but War stops the win: a Creeper the Goal does not need keeps its holder from "
        "winning."]
    assert (lines[0].x.rule, lines[0].card) == ("turn.play", g.db.find("5 Keepers"))
    g = table(GOAL_PLAYED)
    _steps, lines = told_briefly(g, [("play", g.db.find("5 Keepers"))])
    assert [b.x.text for b in lines] == [
        "Ada played 5 Keepers: replacing Milk & Cookies.",
        "Turn 2 begins for Bo: draws 1; plays 1; Ada meets 5 Keepers, but War stops the win."]


def test_a_bot_free_action_of_the_first_card_of_the_deck_drops_its_own_because():
    """Kathryn Janeway is card 0 of the Voyager deck: Ada's free action with
    her takes Chakotay, and the line does not repeat "(because of Kathryn
    Janeway)" under Janeway's own line."""
    g = table("""
decks = ["voyager"]
players = 3
[setup]
active = 1
hands = [["Neelix"], ["Tuvok"], ["Harry Kim"]]
tables = [["Chakotay"], ["Kathryn Janeway"], []]
draw_pile = ["B'Elanna Torres", "Seven of Nine", "The Doctor", "Kes"]
""")
    janeway = g.db.find("Kathryn Janeway")
    assert janeway == 0
    _steps, lines = told_briefly(g, [("free", janeway), ("choose", (g.db.find("Chakotay"),))])
    assert [b.x.text for b in lines] == ["Ada used Kathryn Janeway as a free action: Chakotay moved to Ada's table."]
    assert lines[0].merged and lines[0].card == janeway
    assert [x.text for x in lines[0].full] == ["Ada used Kathryn Janeway as a free action: it uses no play.",
                                               "Chakotay moved to Ada's table (because of Kathryn Janeway)."]


def test_a_bot_answer_that_only_ends_its_turn_joins_the_line_it_answers():
    """Ada's hand is empty with a play left and Mystery Play unused: she ends
    the turn. Given the line of her move as the one her answer completes,
    the turn's end goes behind that line (merged, its card kept); given no
    such line, the end is a line of its own."""
    g = table("""
players = 3
[setup]
active = 1
played = 1
rules = ["Play 2", "Mystery Play"]
hands = [["Toast"], [], ["Cookies"]]
draw_pile = ["Peace", "Time", "The Sun", "The Moon"]
""")
    assert g.legal_answers() == [("free", g.db.find("Mystery Play")), ("end",)]
    sleep = g.db.find("Sleep")
    move = Explanation("play", "turn.play", "Ada played \x02Sleep\x03.")
    into = Brief(move, [move], 1, "Ada played \x02Sleep\x03", ["a clause"], card=sleep)
    events = g.push(("end",))
    told = Explainer("brief", NAMES[:3], viewer=0).explain_all(g, events)
    ended = "Ada ended the turn with nothing left to play (free actions unused): limits apply now."
    start = "Turn 2 begins for Bo: draws 1; plays 2."
    joined, nxt = brief_lines(g, events, told, {1, 2}, NAMES[:3], into, 1)
    assert (joined.x, joined.seat, joined.head, joined.clauses, joined.merged, joined.card) == (
        move, 1, "Ada played \x02Sleep\x03", ["a clause"], True, sleep)
    assert [x.text for x in joined.full] == ["Ada played Sleep.", ended]
    assert (nxt.x.text, nxt.seat, nxt.merged) == (start, 2, False)
    alone, nxt = brief_lines(g, events, told, {1, 2}, NAMES[:3], None, 1)
    assert (alone.x.text, alone.x.event, alone.x.rule, alone.seat, alone.head, alone.clauses, alone.merged) == (
        "Ada's turn ends.", "turn_end", "turn.end", 1, "Ada's turn ends", [], False)
    assert [x.text for x in alone.full] == [ended] and nxt.x.text == start
    other = Brief(move, [move], 2, "Bo played \x02Sleep\x03", [], card=sleep)  # a line of another seat: no join
    assert [b.x.text for b in brief_lines(g, events, told, {1, 2}, NAMES[:3], other, 1)] == ["Ada's turn ends.", start]
    # Ada as the human (not a bot): her end is told as before, one sentence
    assert [b.x.text for b in brief_lines(g, events, told, {2}, NAMES[:3], into, 1)][0] == ended


def test_a_surprise_that_redirects_a_keeper_says_where_it_went():
    """You play Neelix; Ada answers with That's Mine!: her line says where
    Neelix went (the Surprise's own name, marked, is not cut off as the why
    of a sentence; the card's name at the start of its own line's clause is
    dropped)."""
    g = table("""
decks = ["voyager"]
players = 3
[setup]
active = 0
hands = [["Neelix", "Tuvok"], ["That's Mine!"], ["Kes"]]
draw_pile = ["B'Elanna Torres", "Seven of Nine", "The Doctor", "Harry Kim"]
""")
    mine = g.db.find("That's Mine!")
    _steps, lines = told_briefly(g, [("play", g.db.find("Neelix")), ("choose", (mine,))])
    assert [b.x.text for b in lines] == [
        "You played Neelix.",
        "Ada answered with That's Mine!, out of turn, against Neelix: That's Mine! worked and goes to the discard "
        "pile; Neelix lands in front of Ada instead of you.",
        "You have no plays left (1 played this turn, and the Basic Rules allow 1): the turn ends, and limits apply "
        "now.",
        "Turn 2 begins for Ada: draws 1; plays 1."]
    assert lines[1].card == mine and lines[1].seat == 1
    assert lines[1].full[-1].text == "That's Mine!: Neelix lands in front of Ada instead of you."
    assert lines[1].full[-1].names[0] == (0, len("That's Mine!"))  # the name is marked, for the colour too


def test_a_card_given_round_the_table_is_a_clause_in_lower_case_and_joins_the_givers_line():
    """Ada plays Everybody Gets 1 and answers who gets which card: each
    answer joins her line, even the one whose sentence names Bo first (the
    seat that answered is Ada's); "A card went to Bo" reads "a card went to
    Bo" inside the line, and a card's own name keeps its capital."""
    src = """
players = 3
[setup]
active = 1
hands = [["Toast"], ["Everybody Gets 1", "Sleep"], ["Cookies"]]
draw_pile = ["Peace", "Time", "The Sun", "The Moon", "Dreams", "Music"]
"""
    g = table(src)
    answers = [("play", g.db.find("Everybody Gets 1"))]
    g.push(answers[0])
    while g.prompt.kind != "turn":
        answers.append(g.legal_answers()[0])
        g.push(answers[-1])
    g = table(src)
    steps, lines = told_briefly(g, answers)
    assert [b.x.text for b in lines] == [
        "Ada played Everybody Gets 1: drew 3 cards; a card went to Ada; a card went to Bo; and 1 more.",
        "Turn 2 begins for Bo: draws 1; plays 1."]
    assert lines[0].clauses[3] == "\x02The Sun\x03 went to you"
    assert [b.merged for _s, _k, _e, _h, new, _b in steps for b in new][:3] == [False, True, True]


@pytest.mark.parametrize("hand,line,clauses", [
    (["Sleep"], "First Play Random picked Sleep from the hand.", []),
    (["Jackpot!"], "First Play Random picked Jackpot! from the hand: drew 3 cards.", ["drew 3 cards"]),
])
def test_first_play_randoms_pick_is_the_lines_card(hand, line, clauses):
    """Ada asks for her random first play (a free action stands beside it):
    the pick leads the line, and the card's play, its landing and its
    "(because of ...)" are not repeated under it (Sleep is card 0)."""
    g = table(f"""
players = 3
seed = 3
[setup]
active = 1
rules = ["First Play Random", "Play 2", "Mystery Play"]
hands = [["Toast"], {json.dumps(hand)}, ["Cookies"]]
draw_pile = ["Peace", "The Sun", "The Moon", "Dreams", "Music"]
""")
    assert g.legal_answers() == [("random",), ("free", g.db.find("Mystery Play"))]
    _steps, lines = told_briefly(g, [("random",)])
    assert [b.x.text for b in lines] == [line]
    assert lines[0].card == g.db.find(hand[0]) and lines[0].x.event == "random_play"
    assert [c.replace("\x02", "").replace("\x03", "") for c in lines[0].clauses] == clauses


@pytest.mark.parametrize("raw,cut", [
    ("Cy got \x02Radioactive Potato\x03, a Creeper: it goes straight onto the table.",
     "Cy got \x02Radioactive Potato\x03, a Creeper"),
    ("\x02Discard and Draw\x03: Bo discarded 2.", "\x02Discard and Draw\x03: Bo discarded 2."),
    ("Bo took \x02Star Trek: Voyager\x03 back: why.", "Bo took \x02Star Trek: Voyager\x03 back"),
    ("limit of 1 (Hand Limit 0 + 1 Inflation: 0 printed, 1 with Inflation): more", "limit of 1 (Hand Limit 0 + 1 "
     "Inflation: 0 printed, 1 with Inflation)"),
    ("a (b (c: d) e: f) g: h", "a (b (c: d) e: f) g"),
    ("an odd ) bracket: then", "an odd ) bracket"),
    ("no colon at all.", "no colon at all."),
    ("a colon:without a space", "a colon:without a space"),
])
def test_a_sentence_is_cut_at_its_first_colon_outside_names_and_brackets(raw, cut):
    assert _cut(raw) == cut


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
        assert b.x.text.count("(") == b.x.text.count(")"), b.x.text  # a clause is never cut inside brackets
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
