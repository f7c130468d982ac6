"""Hints that teach: the reason is right about the table, and the search's
ranking is the bot's own choice (a hint never disagrees with the bot)."""
from __future__ import annotations

from engine.bots import SearchBot
from tutor.hints import hint_text, reason

from .helpers import table


def test_the_reason_names_the_goal_a_keeper_serves_and_the_creeper_in_the_way():
    g = table("""
variant = "solo"
decks = ["fluxx5", "creeper-pack"]
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk", "Taxes"]]
hands = [["Cookies", "Bread"]]
draw_pile = ["Love", "Peace", "Sleep"]
rules_deck = ["Draw 2", "Play 2"]
""")
    cookies, bread = g.db.find("Cookies"), g.db.find("Bread")
    why = reason(g, ("play", cookies))
    assert "Cookies is one of the cards Milk & Cookies needs (you would have 2 of 2)" in why
    assert "Taxes on your table stops you meeting Milk & Cookies" in why
    assert "the Main deck has 3 cards left" in why and "2 Rules cards" in why
    assert "Bread goes on your table" in reason(g, ("play", bread))


def test_the_hint_is_the_bots_choice_with_the_runner_up():
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
tables = [["Milk"]]
hands = [["Cookies", "Bread"]]
draw_pile = ["Love", "Peace", "Sleep", "Dreams", "Time"]
rules_deck = ["Draw 2", "Play 2"]
""")
    ranked = SearchBot(3, rollouts=4, ms=None).rank(g)
    assert ranked[0][0] == SearchBot(3, rollouts=4, ms=None).choose(g) == ("play", g.db.find("Cookies"))
    assert [a for a, _ in ranked] == sorted([a for a, _ in ranked], key=lambda a: -dict(ranked)[a])
    text = hint_text(g, ranked, 4)
    assert text.startswith("Hint: play Cookies. Why: Cookies is one of the cards Milk & Cookies needs")
    assert "Over 4 sampled futures the runner-up, play Bread, did " in text
