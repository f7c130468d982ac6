"""Hints that teach: the reason is right about the table, and the search's
ranking is the bot's own choice (a hint never disagrees with the bot)."""
from __future__ import annotations

import pytest

from engine.bots import SearchBot
from engine.game import Game
from tutor.hints import hint_text, reason

from .helpers import table

# Solo, Creeper Pack: Milk and Taxes on the table, Cookies in hand: the Goal met but for the Creeper
TAXES_IN_THE_WAY = """
variant = "solo"
decks = ["fluxx5", "creeper-pack"]
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk", "Taxes"]]
hands = [["Cookies", "Bread"]]
draw_pile = ["Love", "Peace", "Sleep"]
rules_deck = ["Draw 2", "Play 2"]
"""


def test_the_reason_names_the_goal_a_keeper_serves_and_the_creeper_in_the_way():
    g = table(TAXES_IN_THE_WAY)
    cookies, bread = g.db.find("Cookies"), g.db.find("Bread")
    why = reason(g, ("play", cookies))
    assert why == ("it is one of the cards Milk & Cookies needs (you would have 2 of 2), "
                   "but Taxes on your table stops Milk & Cookies until it goes")
    assert "Main deck" not in why  # no fixed line about the clock: only what is true of this move
    # no fact decides it: what it does to the table is still said, one move ahead
    assert reason(g, ("play", bread)) == "it puts Bread on your table"


# Solo, Milk on the table, Cookies in hand: the move the Goal needs, and one it does not
MILK_AND_COOKIES = """
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk"]]
hands = [["Cookies", "Bread"]]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time"]
rules_deck = ["Draw 2", "Play 2"]
"""


def test_the_hint_is_the_bots_choice_with_the_runner_up():
    g = table(MILK_AND_COOKIES)
    ranked = SearchBot(3, rollouts=4, ms=None).rank(g)
    assert ranked[0][0] == SearchBot(3, rollouts=4, ms=None).choose(g) == ("play", g.db.find("Cookies"))
    assert [a for a, _ in ranked] == sorted([a for a, _ in ranked], key=lambda a: -dict(ranked)[a])
    text = hint_text(g, ranked, 4)
    assert text.startswith("Hint: play Cookies. Why: it scores Milk & Cookies now (Milk and Cookies on your table)")
    assert "Over 4 sampled futures the runner-up, play Bread, did " in text


def test_the_hint_compares_with_the_runner_up_from_what_the_futures_did():
    """The reasons are built on an interface any search can fill: for each
    candidate, the futures tried and what happened in them."""
    from engine.bots import Outcome, Tried
    g = table(MILK_AND_COOKIES)
    mc, toast = g.db.find("Milk & Cookies"), g.db.find("Toast")
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    best = Tried(cookies, [Outcome(1000.0, mc, 0, 1)] * 9 + [Outcome(0.0, -1, 6, 0)])
    second = Tried(bread, [Outcome(1000.0, toast, 2, 1)] * 4 + [Outcome(0.0, -1, 6, 0)] * 6)
    text = hint_text(g, [(cookies, 900.0), (bread, 400.0)], 10, [best, second])
    assert ("in 10 sampled futures it scores 0.9 Goals on average (Milk & Cookies came first in 9 of them, "
            "within this turn); play Bread, the runner-up, scores 0.4 (Toast first in 4 of 10): worse, beyond the "
            "sampling error") in text, text
    cookie_text = g.db.cards[g.db.find("Cookies")].text
    assert cookie_text not in text  # never the card's text for a reason


def test_a_real_hint_reports_what_its_search_found():
    from solo.app.hinting import search_hint
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk"]]
hands = [["Cookies", "Bread", "5 Keepers"]]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time"]
rules_deck = ["Draw 2", "Play 2"]
""")
    ranked, futures, tried, cut = search_hint(g, 1, rollouts=8, ms=None)
    assert not cut
    assert [t.answer for t in tried] == [a for a, _ in ranked]  # the report is the ranking's, in order
    n = len(tried[0].outcomes)
    assert n == futures and all(len(t.outcomes) >= 1 for t in tried)
    text = hint_text(g, ranked, futures, tried)
    a = sum(o.goals for o in tried[0].outcomes) / n
    assert f"in {n} sampled futures it scores {a:.1f} Goals on average" in text, text
    assert "the runner-up" in text and "\u201c5 Keepers\u201d" in hint_text(
        g, [(("play", g.db.find("5 Keepers")), 1.0), (ranked[0][0], 0.0)], 1,
        [tried[0]._replace(answer=("play", g.db.find("5 Keepers"))), tried[0]])  # a numeral in a name is quoted


TWO_SEATS = """
decks = ["fluxx5"]
players = 2
[setup]
phase = "play"
active = 0
goals = ["Milk & Cookies"]
hands = [["Cookies", "Bread"], ["Peace"]]
tables = [["Milk"], []]
draw_pile = ["Love", "Money", "Sleep", "Dreams"]
"""


def test_against_bots_the_hint_counts_wins_and_says_when():
    """In a game against bots the futures are counted in wins, with the Goal
    won by most often and how soon (within this turn under half a turn)."""
    from engine.bots import Outcome, Tried
    g = table(TWO_SEATS)
    mc = g.db.find("Milk & Cookies")
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    best = Tried(cookies, [Outcome(1000.0, mc, 0, 1)] * 3 + [Outcome(1000.0, mc, 1, 1)] + [Outcome(0.0, -1, 6, 0)])
    second = Tried(bread, [Outcome(1000.0, mc, 1, 1)] * 2 + [Outcome(0.0, -1, 6, 0)] * 3)
    text = hint_text(g, [(cookies, 800.0), (bread, 400.0)], 5, [best, second])
    assert ("you win in 4 of 5 sampled futures (with Milk & Cookies in 4 of them, within this turn); "
            "play Bread, the runner-up, wins in 2 of 5: about as good (within the sampling error)") in text, text
    later = Tried(cookies, [Outcome(1000.0, mc, 1, 1)] * 4 + [Outcome(0.0, -1, 6, 0)])
    text = hint_text(g, [(cookies, 800.0), (bread, 400.0)], 5, [later, second])
    assert "(with Milk & Cookies in 4 of them, after 1.0 turns on average)" in text, text
    none = [Tried(cookies, [Outcome(5.0, -1, 6, 0)] * 5), Tried(bread, [Outcome(3.0, -1, 6, 0)] * 5)]
    text = hint_text(g, [(cookies, 5.0), (bread, 3.0)], 5, none)
    assert ("nobody wins soon in the 5 futures the search played out; play Bread, the runner-up, ends its "
            "futures with a worse table by the search's measure, beyond the sampling error") in text, text


def test_in_solo_a_hint_with_no_goal_soon_says_which_table_is_nearer():
    from engine.bots import Outcome, Tried
    g = table(MILK_AND_COOKIES)
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    for a, b, words in ((5.0, 3.0, "ends its futures with a worse table by the search's measure, beyond the sampling error"), (3.0, 3.0, "is about as good")):
        tried = [Tried(cookies, [Outcome(a, -1, 6, 0)] * 4), Tried(bread, [Outcome(b, -1, 6, 0)] * 4)]
        text = hint_text(g, [(cookies, a), (bread, b)], 4, tried)
        assert ("in the 4 futures the search played out neither move scores within a few turns; play Bread, "
                f"the runner-up, {words}") in text, text


def test_the_first_goals_of_sampled_futures_are_counted_and_tied_to_the_lowest_card():
    """What a hint's "first X, in k of n, after t turns" is made of: the futures
    where a Goal came, the Goal that came first most often (a tie goes to the
    lower card id, so the words never depend on the futures' order), and the
    mean turns to it over those futures only."""
    from engine.bots import Outcome, Tried
    from tutor.hints import _first_goals

    def o(goal: int, turns: int) -> Outcome:
        return Outcome(1000.0 if goal >= 0 else 0.0, goal, turns, 1 if goal >= 0 else 0)
    t = Tried(("end",), [o(30, 2), o(-1, 9), o(25, 1), o(30, 4), o(25, 3), o(25, 2), o(-1, 7)])
    assert _first_goals(t) == (3, 25, 6 / 3)  # Milk came first in 3 futures (of 5 that scored anything)
    assert _first_goals(Tried(("end",), [o(30, 2), o(25, 1)])) == (1, 25, 1.0)  # one each: the lower id
    assert _first_goals(Tried(("end",), [o(30, 2), o(30, 1), o(25, 6)])) == (2, 30, 1.5)
    assert _first_goals(Tried(("end",), [o(-1, 5), o(-1, 3)])) == (0, -1, 0.0)


def test_the_reviews_comparison_is_the_mean_result_of_each_move_over_the_same_futures():
    from engine.bots import SearchBot
    from tutor.review import _compare
    g = Game.new(("fluxx5",), 1, "solo", 11, record=False)
    bot = SearchBot(4, rollouts=6)
    first, second = g.prompt.options[0], g.prompt.options[1]
    cost, (best, mine) = _compare(g, bot, first, second, 6)
    assert (best.answer, mine.answer, len(best.outcomes), len(mine.outcomes)) == (first, second, 6, 6)
    assert cost == pytest.approx(sum(x.result for x in best.outcomes) / 6 - sum(x.result for x in mine.outcomes) / 6)
    assert best.outcomes != mine.outcomes  # each move's own futures


GOAL_IN_HAND = """
variant = "solo"
[setup]
goals = ["Time is Money"]
tables = [["Milk"]]
hands = [["Milk & Cookies", "Bread & Chocolate", "Cookies", "Bread", "5 Keepers"]]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time", "Money", "The Sun"]
rules_deck = ["Draw 2", "Play 2"]
"""


def test_the_reason_for_a_goal_says_how_much_of_it_you_hold_or_have():
    g = table(GOAL_IN_HAND)
    f = g.db.find
    # Milk on the table and Cookies in hand: all of Milk & Cookies; Bread in hand: half of Bread & Chocolate
    assert reason(g, ("play", f("Milk & Cookies"))).startswith(
        "it is a Goal you are near: you hold or have every card Milk & Cookies names")
    assert reason(g, ("play", f("Bread & Chocolate"))).startswith(
        "it is a Goal you are near: you hold or have 1 of the 2 cards Bread & Chocolate names")
    # a Goal that counts any Keepers names none: nothing to hold of it
    assert "you hold" not in reason(g, ("play", f("5 Keepers")))
    g.hands[0].remove(f("Bread"))
    assert "you hold" not in reason(g, ("play", f("Bread & Chocolate")))  # none of it held: not said


def test_the_reason_for_a_discard_names_the_cards_the_goal_needs_that_it_spares():
    g = table(GOAL_IN_HAND)
    f = g.db.find
    g.ask(0, "discard_hand", list(g.hands[0]), 2, 2, then=("ans_discard_hand", 0, "rule.hand-limit"))
    # Time is Money: nothing of it in hand; the Bread given up is what Bread & Chocolate, in hand, needs
    assert reason(g, ("choose", (f("Bread"), f("5 Keepers")))) == "it gives up Bread, which Bread & Chocolate needs"
    g.goals = [f("Milk & Cookies")]
    assert reason(g, ("choose", (f("Bread"), f("5 Keepers")))) == \
        "it gives up Bread, which Bread & Chocolate needs; it spares Cookies, which the Goal needs"
    # it spares nothing the Goal needs: it gives up Cookies (named once, though the Goal is in hand too)
    assert reason(g, ("choose", (f("Cookies"), f("Bread")))) == "it gives up Cookies, which Milk & Cookies needs"
    # Goals given up are not Keepers a Goal names; 5 Keepers, still held, may count any Keeper
    assert reason(g, ("choose", (f("Milk & Cookies"), f("Bread & Chocolate")))) == \
        "it keeps Cookies (which Milk & Cookies needs), Bread and “5 Keepers” in your hand"
    g.prompt.domain = "players"  # a choice of seats, not of cards: no cards spared
    assert reason(g, ("choose", (0,))) == ""


def test_the_reason_for_a_free_action_says_it_costs_no_play():
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
rules = ["Goal Mill"]
hands = [["Bread & Chocolate", "Bread", "Cookies"]]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time", "Money", "The Sun"]
rules_deck = ["Draw 2", "Play 2"]
""")
    mill = g.db.find("Goal Mill")
    assert ("free", mill) in g.prompt.options
    assert reason(g, ("free", mill)) == ("it then asks you to discard Goals from your hand to draw as many; "
                                          "Goal Mill is a free action: it uses none of your plays")


def test_a_game_that_is_over_has_no_reason():
    g = table(MILK_AND_COOKIES)
    g.prompt = None  # nothing asked: as once the game is over
    assert reason(g, ("play", g.db.find("Cookies"))) == ""


TRASH = """
variant = "{variant}"
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk"]{more_tables}]
hands = [["Empty the Trash", "Bread", "Cookies"]{more_hands}]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time"]
discard = {discard}
{rules_deck}
"""


@pytest.mark.parametrize("discard, words", [
    ('["Money", "The Sun", "The Moon"]', "it puts 3 cards back into the Main deck"),
    ('["Money"]', "it puts 1 card back into the Main deck"),
    ("[]", None),
])
def test_the_reason_counts_the_cards_a_move_puts_back_into_the_main_deck(discard, words):
    """Solo's clock: the Main deck runs out and the game ends, so a move that
    puts cards back buys turns; a move that puts none back says nothing of it.
    The count is the move's own: Empty the Trash ends the turn (Play 1), and
    the next turn's draw, which any such move meets, is not taken off it."""
    g = table(TRASH.format(variant="solo", more_tables="", more_hands="", discard=discard,
                           rules_deck='rules_deck = ["Draw 2", "Play 2"]'))
    f = g.db.find
    why = reason(g, ("play", f("Empty the Trash")))
    if words is None:
        assert why == ""
    else:
        assert why == words + ", the game's clock: more turns before it runs out"
    # the other moves put nothing back: only what they do is said
    assert reason(g, ("play", f("Bread"))) == "it puts Bread on your table"
    assert reason(g, ("play", f("Cookies"))) == "it scores Milk & Cookies now (Milk and Cookies on your table)"
    # a move the table refuses (a card not in hand) says nothing of the clock, and does not fail
    assert reason(g, ("play", f("Money"))) == ""
    g.ask(0, "discard_hand", list(g.hands[0]), 0, 2, then=("ans_discard_hand", 0, "rule.hand-limit"))
    assert reason(g, ("choose", ())) == "it leaves you holding 3 cards"  # nothing chosen: nothing spared


def test_the_game_against_bots_has_no_clock_in_its_reasons():
    g = table(TRASH.format(variant="standard", more_tables=", []", more_hands=', ["Television"]',
                           discard='["Money", "The Sun", "The Moon"]', rules_deck=""))
    why = reason(g, ("play", g.db.find("Empty the Trash")))
    assert "Main deck" not in why and "clock" not in why
    assert why == "it changes no table, New Rule or Goal here"  # (the piles it moves are not a fact of the table)


def test_the_comparison_with_the_runner_up_in_each_case():
    """Every case of the comparison's sentence, from made-up futures: one
    move scores and the other not; both score as many to a tenth, with a
    better or the same table after; a game against bots where only the
    runner-up wins; and futures missing on either side (nothing said)."""
    from engine.bots import Outcome, Tried
    from tutor.hints import compare
    g = table(MILK_AND_COOKIES)
    mc = g.db.find("Milk & Cookies")
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    none = [Outcome(0.0, -1, 6, 0)]
    # only the runner-up scores: the sentence still counts both, it is not "neither scores"
    text = compare(g, [Tried(cookies, none * 4), Tried(bread, [Outcome(1000.0, mc, 1, 1)] + none * 3)])
    assert text == ("in 4 sampled futures it scores 0.0 Goals on average; play Bread, the runner-up, scores 0.2 "
                    "(Milk & Cookies first in 1 of 4): about as good (within the sampling error)"), text
    # 26 Goals in 25 futures against 25 in 25: the same to a tenth (1.0), told as many
    one, two = Outcome(1000.0, mc, 1, 1), Outcome(2000.0, mc, 1, 2)
    better = compare(g, [Tried(cookies, [two] + [one] * 24), Tried(bread, [one] * 25)])
    assert better.endswith("scores 1.0 (Milk & Cookies first in 25 of 25): about as good (within the sampling "
                           "error)"), better  # one Goal more in 25 futures is within the sampling error
    # 1.4 against 1.36 a future: 1.4 both, to a tenth
    close = compare(g, [Tried(cookies, [two] * 10 + [one] * 15), Tried(bread, [two] * 9 + [one] * 16)])
    assert "it scores 1.4 Goals on average" in close and close.endswith(": about as good (within the sampling error)")
    same = compare(g, [Tried(cookies, [one] * 25), Tried(bread, [one] * 25)])
    assert same.endswith(": about as good (within the sampling error)")
    # far apart: 25 Goals against none, with no spread on either side
    far = compare(g, [Tried(cookies, [one] * 25), Tried(bread, none * 25)])
    assert far.endswith(": worse, beyond the sampling error"), far
    # against bots: you win in none of them, the runner-up in some
    s = table(TRASH.format(variant="standard", more_tables=", []", more_hands=', ["Television"]',
                           discard="[]", rules_deck=""))
    won = Outcome(1000.0, mc, 2, 1)
    vs = compare(s, [Tried(cookies, none * 5), Tried(bread, [won] * 2 + none * 3)])
    assert vs == ("you win in 0 of 5 sampled futures; play Bread, the runner-up, wins in 2 of 5: about as good "
                  "(within the sampling error)"), vs  # 2 wins in 5 against none is within the sampling error
    # no futures on one side, or no runner-up: nothing to compare
    assert compare(g, [Tried(cookies, []), Tried(bread, none)]) == ""
    assert compare(g, [Tried(cookies, none), Tried(bread, [])]) == ""
    assert compare(g, [Tried(cookies, none)]) == ""


def test_an_answer_in_words():
    """How a hint and the review say a move: a play, a free action, a choice
    of one, two or three (a list with "and"), a choice of nothing, the end of
    a turn."""
    from tutor.hints import answer_words
    g = table(MILK_AND_COOKIES)
    f = g.db.find
    assert answer_words(g, ("play", f("Cookies"))) == "play Cookies"
    assert answer_words(g, ("free", f("Recycling"))) == "use Recycling (a free action)"
    assert answer_words(g, ("choose", (f("Milk"),))) == "choose Milk"
    assert answer_words(g, ("choose", (f("Milk"), f("Cookies")))) == "choose Milk and Cookies"
    assert answer_words(g, ("choose", (f("Milk"), f("Cookies"), f("Bread")))) == "choose Milk, Cookies and Bread"
    assert answer_words(g, ("choose", ())) == "pass (choose nothing)"
    assert answer_words(g, ("end",)) == "end the turn"


MC_WHY = "Why: it scores Milk & Cookies now (Milk and Cookies on your table)."


@pytest.mark.parametrize("src,gap,how", [
    (MILK_AND_COOKIES, 0.5, "did about as well"),
    (MILK_AND_COOKIES, 1.0, "did worse"),
    (MILK_AND_COOKIES, 99.5, "did worse"),  # under a tenth of a Goal: no number
    (MILK_AND_COOKIES, 100.0, "scored 0.1 fewer Goals on average"),
    (MILK_AND_COOKIES, 2500.0, "scored 2.5 fewer Goals on average"),
    (TWO_SEATS, 0.5, "did about as well"),
    (TWO_SEATS, 2500.0, "did worse"),  # against bots the measure is wins, not Goals scored
])
def test_the_whole_hint_line_with_the_runner_up_by_the_gap_between_them(src, gap, how):
    g = table(src)
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    why = MC_WHY if src is MILK_AND_COOKIES else "Why: it wins the game now with Milk & Cookies."
    assert hint_text(g, [(cookies, 1000.0), (bread, 1000.0 - gap)], 4) == (
        f"Hint: play Cookies. {why} Over 4 sampled futures the runner-up, play Bread, {how}.")


def test_the_whole_hint_line_when_the_futures_tell_or_there_is_no_runner_up():
    from engine.bots import Outcome, Tried
    g = table(MILK_AND_COOKIES)
    mc = g.db.find("Milk & Cookies")
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    assert hint_text(g, [(cookies, 1.0)], 4) == f"Hint: play Cookies. {MC_WHY} It is the only answer."
    best = Tried(cookies, [Outcome(1000.0, mc, 0, 1)] * 3)
    second = Tried(bread, [Outcome(0.0, -1, 6, 0)] * 3)
    assert hint_text(g, [(cookies, 1000.0), (bread, 0.0)], 3, [best, second]) == (
        f"Hint: play Cookies. {MC_WHY[:-1]}; in 3 sampled futures it scores 1.0 Goals on average (Milk & Cookies "
        "came first in 3 of them, within this turn); play Bread, the runner-up, scores 0.0: worse, beyond the "
        "sampling error.")
    # one candidate tried: nothing to compare, so the ranking's gap is told
    assert hint_text(g, [(cookies, 1000.0), (bread, 0.0)], 3, [best]) == (
        f"Hint: play Cookies. {MC_WHY} Over 3 sampled futures the runner-up, play Bread, scored 1.0 fewer Goals "
        "on average.")
    # three tried, the best two compared: the comparison is the whole why
    third = Tried(("play", g.db.find("Time")), [Outcome(0.0, -1, 6, 0)] * 3)
    assert hint_text(g, [(cookies, 1000.0), (bread, 0.0)], 3, [best, second, third]).endswith(
        "play Bread, the runner-up, scores 0.0: worse, beyond the sampling error.")


@pytest.mark.parametrize("name", ["Jackpot!", "Let's Do That Again!", "Zap a Card!"])
def test_a_card_name_that_ends_with_its_own_mark_gets_no_full_stop_after_it(name):
    # (no Cookies in hand: a card that scores now would be the hint, whatever the search ranked first)
    g = table(MILK_AND_COOKIES.replace('hands = [["Cookies", "Bread"]]', f'hands = [["Bread", "{name}"]]'))
    a = ("play", g.db.find(name))
    only = hint_text(g, [(a, 1.0)], 4)
    assert only.startswith(f"Hint: play {name} ") and only.endswith(" It is the only answer.")
    assert f"{name}." not in only
    two = hint_text(g, [(a, 1.0), (("play", g.db.find("Bread")), 0.5)], 4)
    assert two.startswith(f"Hint: play {name} ") and f"{name}." not in two
    assert two.endswith(" Over 4 sampled futures the runner-up, play Bread, did about as well.")


@pytest.mark.parametrize("decks,goal,rules,on_table,card,words", [
    ("fluxx5", "Party Snacks", [], ["The Party"], "Bread", "you would have 2 of 2"),  # The Party + 1 food
    ("fluxx5", "Party Snacks", [], [], "Bread", "you would have 1 of 2"),  # no Party yet
    ("fluxx5", "Party Snacks", [], [], "The Party", "you would have 1 of 2"),
    ("fluxx5", "Party Snacks", ["Inflation"], ["The Party", "Milk"], "Bread", "you would have 3 of 3"),  # 2 foods
    ("fluxx5", "Party Snacks", ["Inflation"], ["The Party"], "Bread", "you would have 2 of 3"),
    ("voyager", "Away Team", [], ["Tuvok"], "Harry Kim", "you would have 2 of 3"),
    ("voyager", "Away Team", [], ["Tuvok", "Kes", "Neelix", "Chakotay"], "Harry Kim", "you would have 3 of 3"),
    ("fluxx5", "Milk & Cookies", ["Inflation"], ["Milk"], "Cookies", "you would have 2 of 2"),  # no numeral
])
def test_the_reason_counts_a_goal_with_an_any_part_up_to_its_number(decks, goal, rules, on_table, card, words):
    """A Goal's named cards count one each and its "any N of" part up to N
    (Inflation's number): never "2 of 1" or "4 of 3"."""
    import json
    # a card for the other hand and a draw pile: a table that can go on (nothing to draw is a stalemate)
    spare = ['"Dreams"', '"Love"', '"Time"'] if decks == "fluxx5" else ['"Coffee, Black"', '"Holonovel"', '"Sickbay"']
    g = table(f"""
decks = ["{decks}"]
players = 2
[setup]
goals = ["{goal}"]
rules = {json.dumps(rules)}
tables = [{json.dumps(on_table)}, []]
hands = [["{card}"], [{spare[0]}]]
draw_pile = [{", ".join(spare[1:])}]
""")
    have, want = (int(x) for x in words.split()[-3::2])
    why = reason(g, ("play", g.db.find(card)))
    if have == want:  # the Goal met: the game is won at once, and that is the fact told
        assert why == f"it wins the game now with {goal}"
    else:
        assert why == f"it is one of the cards {goal} needs ({words})"


def test_goal_progress_counts_the_card_being_added_card_zero_included():
    """The hint's "2 of 2": Sleep is card 0 of Fluxx 5.0, and adding it counts."""
    from engine.game import Game
    from tutor.facts import goal_progress
    g = Game.new(("fluxx5",), 1, "solo", 1)
    sleep, time, bed_time = g.db.find("Sleep"), g.db.find("Time"), g.db.find("Bed Time")
    assert sleep == 0 and set(g.db.goal_defs[bed_time].required) == {sleep, time}
    g.tables[0] = [time]
    assert goal_progress(g, bed_time, 0) == (1, 2)
    assert goal_progress(g, bed_time, 0, adding=sleep) == (2, 2)


def test_the_verdict_is_on_the_figures_the_line_shows():
    """"worse" is judged on the Goals scored (Solo) or games won that the line
    shows, not on the search's value of the table the futures end on: two
    moves that score one Goal in every future are about as good, however
    the tables they leave compare; and a runner-up with clearly more is said
    to have more."""
    from engine.bots import Outcome, Tried
    from tutor.hints import compare
    g = table(MILK_AND_COOKIES)
    mc = g.db.find("Milk & Cookies")
    cookies, bread = ("play", g.db.find("Cookies")), ("play", g.db.find("Bread"))
    rich, poor = Outcome(1500.0, mc, 1, 1), Outcome(1000.0, mc, 1, 1)
    text = compare(g, [Tried(cookies, [rich] * 25), Tried(bread, [poor] * 25)])
    assert text.endswith(": about as good (within the sampling error)"), text
    none = Outcome(900.0, -1, 6, 0)
    more = compare(g, [Tried(cookies, [none] * 25), Tried(bread, [poor] * 25)])
    assert more.endswith(": more, beyond the sampling error, though the search ranks this move first on its "
                         "measure of the table the futures end on"), more


def test_the_coach_flags_only_moves_the_futures_tell_apart_beyond_the_sampling_error():
    """The coached deal played by the random bot: its answer 57 (Party
    Snacks played, Recycling passed over) came out 0.38 Goals worse over
    16 futures, within two standard errors; the review's own line called it
    "about as good". A review names only mistakes the futures show."""
    from engine.sim import play_game
    from tutor.review import COACHED_DECKS, COACHED_SEED, costliest_moves
    r = play_game(tuple(COACHED_DECKS), 1, "solo", COACHED_SEED, "random", keep_answers=True)
    moves = costliest_moves("solo", COACHED_DECKS, COACHED_SEED, r["run"]["answers"][:58], k=10)
    assert [m.decision for m in moves] == [36, 35], [(m.decision, m.cost, m.why) for m in moves]
    assert not any("within the sampling error" in m.why for m in moves)
    # 10 Cards in Hand, played with 5 cards left in hand under Draw 5, scores at the next turn's start:
    # the futures date it by that turn, never "within this turn"
    assert "“10 Cards in Hand” came first in 13 of them, after 1.1 turns on average" in moves[0].why, moves[0].why
