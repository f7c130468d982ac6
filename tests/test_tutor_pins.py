"""The tutor's words for single events, pinned by their meaning rather than
by a golden file: re-pinning the golden explanation files must never be
able to hide a wrong rule or a sentence that lost its subject."""
from __future__ import annotations

from engine.game import Game
from tutor.explain import Explainer
from tutor.reference import REFERENCE

from .helpers import play, table


def explain_all(g, events, level="full"):
    ex = Explainer(level)
    return [ex.explain(g, e) for e in events]


def test_catch_up_draws_cite_the_catch_up_rule():
    # Draw 1 was done; Draw 3 comes into play mid-turn: two cards are owed at once
    g = table("""
[setup]
drawn = 1
hands = [["Draw 3", "Milk"], []]
draw_pile = ["Bread", "Money", "Love"]
""")
    events = play(g, "Draw 3")
    draws = [e for e in events if e.kind == "draw" and e.player == 0]
    assert [g.name(e.card) for e in draws] == ["Bread", "Money"]
    assert {e.rule for e in draws} == {"turn.catch-up"}
    for x in explain_all(g, draws):
        assert x.rule == "turn.catch-up"
        assert "at once" in x.text and "catch up" in x.text
        assert x.more == REFERENCE["turn.catch-up"].text
    # the arithmetic comes first and names the card that raised the draw
    up = next(e for e in events if e.kind == "catch_up")
    assert events.index(up) < events.index(draws[0])
    assert Explainer("brief").explain(g, up).text == (
        "The draw is now 3 (Draw 3) and Player 0 drew 1 so far this turn, so Player 0 draws 2 more at once.")


def test_turn_draws_cite_the_draw_rule_not_the_catch_up():
    g = Game.new(("fluxx5",), 2, "standard", 7)
    draws = [e for e in g.log if e.kind == "draw"]
    assert draws and {e.rule for e in draws} == {"turn.draw"}
    for x in explain_all(g, draws):
        assert x.rule == "turn.draw" and "for the turn's draw" in x.text


def test_the_scoring_sentence_names_the_goal_and_the_score():
    g = table("""
variant = "solo"
[setup]
drawn = 1
hands = [["Cookies", "Love"]]
tables = [["Milk"]]
goals = ["Milk & Cookies"]
draw_pile = ["Bread", "Money", "Peace"]
rules_deck = ["Draw 2", "Play 2"]
""")
    events = play(g, "Cookies")
    scores = [e for e in events if e.kind == "score"]
    assert len(scores) == 1 and g.name(scores[0].card) == "Milk & Cookies"
    (x,) = explain_all(g, scores)
    assert x.rule == "solo.score"
    assert "Milk & Cookies" in x.text and "Score: 1" in x.text
    assert x.text.startswith("You met Milk & Cookies")


def test_sentences_built_from_the_events_own_data():
    from engine.events import event
    from engine.game import Game
    from tutor.explain import _sentence, unmark, who
    g = Game.blank(("fluxx5",), 2, "standard", 1)
    solo_g = Game.blank(("fluxx5",), 1, "solo", 1)
    sleep = g.db.find("Sleep")
    assert sleep == 0  # card 0 is a real card: "no card" is -1, not 0
    milk = g.db.find("Milk")
    assert (who(g, -1), who(g, -1, False), who(g, 1), who(solo_g, 0), who(solo_g, 0, False)) == (
        "Nobody", "nobody", "Player 1", "You", "you")

    def say(game, kind, rule, p, c, data=None, cause=-1):
        return unmark(_sentence(game, event(kind, rule, p, c, cause, **(data or {}))))[0]
    assert say(g, "play", "turn.play", 1, sleep, {"src": 0}) == "Player 1 played Sleep."
    assert say(g, "play", "turn.play", 1, sleep, {"src": 1}) == "Player 1 played Sleep from the temporary hand."
    assert say(g, "play", "turn.play", 1, sleep, {"src": 2}) == "Player 1 played Sleep at once, as part of another card."
    assert say(g, "play", "turn.play", 1, sleep, {"src": 7}) == "Player 1 played Sleep."
    assert say(g, "draw", "effect", 0, milk, cause=sleep) == "Player 0 drew Milk (because of Sleep)."
    assert say(g, "draw", "effect", 0, milk, cause=-1) == "Player 0 drew Milk."
    assert say(g, "draw", "effect", 0, milk, cause=milk) == "Player 0 drew Milk."
    assert say(g, "game_over", "game.win", -1, -1) == "The game is over with no winner."
    assert say(g, "game_over", "game.win", 0, -1) == "Player 0 won!"
    assert say(g, "no_cards", "pile.empty", -1, -1) == "There are no cards left to draw: the draw pile and the discard pile are both empty."
    assert say(g, "reshuffle", "pile.reshuffle", -1, -1, {"count": 12}) == (
        "The draw pile ran out: the discard pile (12 cards) was shuffled into a new one.")
    assert say(g, "canceled", "surprise.trap", 1, milk, {"by": 0}) == "It's a Trap!: the attempt to take Milk was canceled."
    assert say(g, "canceled", "surprise.cancel", 1, milk, {"by": 0}) == (
        "Milk was canceled: it is discarded without effect, and the play is still used.")
    assert say(g, "surprise_done", "surprise.chain", 1, milk, {"canceled": True}) == (
        "Milk was canceled by the Surprise played on it and goes to the discard pile.")
    assert say(g, "surprise_done", "surprise.chain", 1, milk, {"canceled": False}) == (
        "Milk worked and goes to the discard pile.")


def test_the_tutor_tells_an_event_as_it_was_not_as_the_game_is_now():
    """Every sentence comes from the event's own data: explained later (a
    replay, the history), a game's end still gives the score it had then."""
    from engine.bots import RandomBot
    g = Game.new(("fluxx5",), 1, "solo", 3)
    bot = RandomBot(3)
    events = []
    while not g.over:
        events += g.push(bot.choose(g))
    end = next(e for e in events if e.kind == "game_over")
    assert end.data == {"score": len(g.scored), "deck": "Main" if not g.draw else "Rules"}
    assert events[-1] is end  # the game-over line comes after the event that ended it
    said = Explainer("brief").explain(g, end).text
    g.scored.append(g.goals[0] if g.goals else g.draw[0])  # the live game moves on
    assert Explainer("brief").explain(g, end).text == said == (
        f"The {end.data['deck']} deck ran out, so the game is over. Final score: {end.data['score']}.")


def test_a_comparing_bonus_says_who_alone_has_the_most_or_fewest_mid_sentence():
    """Rich Bonus and Poor Bonus, met or not, said of a seat: "you" in lower
    case after the colon, with the verb that agrees with it."""
    from tutor.explain import _met, _unmet
    solo = Game.blank(("fluxx5",), 1, "solo", 1)
    rich, poor = solo.db.find("Rich Bonus"), solo.db.find("Poor Bonus")
    assert _met(solo, rich, 0) == ": you alone have the most Keepers"
    assert _met(solo, poor, 0) == ": you alone have the fewest Keepers"
    assert _unmet(solo, rich, 0) == "you do not alone have the most Keepers"
    three = Game.blank(("fluxx5",), 3, "standard", 1)
    assert _met(three, rich, 2) == ": Player 2 alone has the most Keepers"
    assert _unmet(three, poor, 1) == "Player 1 does not alone have the fewest Keepers"


def test_name_marks_come_out_of_the_text_even_unpaired():
    """The marks around card names never reach the screen: a pair gives the
    name's place; a close with no open, or an open never closed, gives none."""
    from tutor.explain import Explanation, unmark
    assert unmark("ab\x03cd\x02Milk\x03.") == ("abcdMilk.", ((4, 8),))
    assert unmark("\x02\x03x") == ("x", ())  # an empty name is no place
    e = Explanation("play", "", "You keep \x02Milk")
    assert (e.text, e.names) == ("You keep Milk", ())
    e = Explanation("play", "", "You keep \x02Milk\x03 and \x02Cookies\x03")
    assert (e.text, e.names) == ("You keep Milk and Cookies", ((9, 13), (18, 25)))
    assert e.raw == "You keep \x02Milk\x03 and \x02Cookies\x03"
