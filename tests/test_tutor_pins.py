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
        assert "at once" in x.text and "Draw rule went up" in x.text
        assert x.more == REFERENCE["turn.catch-up"].text


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
