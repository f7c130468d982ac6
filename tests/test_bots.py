"""The bots: what the greedy bot considers, and that the search bot plays
on copies whose hidden cards are shuffled anew (it must not peek), within
its budget of rollouts, time and turns."""
from __future__ import annotations

import time

import pytest

from engine import bots
from engine.bots import GreedyBot, SearchBot, make_bot
from engine.game import Game
from engine.prompts import Prompt


def test_greedy_candidates_for_one_card_questions():
    g = Game.new(("fluxx5",), 1, "solo", 1)
    bot = GreedyBot(1)
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 0, 1, domain="cards")
    assert bot.candidates(g) == [("choose", (3,)), ("choose", (5,)), ("choose", (7,)), ("choose", ())]
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 1, 1, domain="cards")
    assert bot.candidates(g) == [("choose", (3,)), ("choose", (5,)), ("choose", (7,))]
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 2, 2, domain="cards")
    assert sorted(bot.candidates(g)) == [("choose", (3, 5)), ("choose", (3, 7)), ("choose", (5, 7))]
    many = list(range(9))
    g.prompt = Prompt("choose", 0, "test", many, 3, 3, domain="cards")
    assert len(g.prompt.legal_answers()) == 84
    assert len(bot.candidates(g)) == GreedyBot.max_candidates  # a sample, not all 84


def test_greedy_breaks_ties_at_random_and_takes_a_lone_best():
    g = Game.new(("fluxx5",), 1, "solo", 1)
    picks = {GreedyBot(s).choose(g) for s in range(12)}
    assert picks <= set(g.prompt.options)
    bot = GreedyBot(1)
    only = g.prompt.options[0]
    g.prompt.options = [only]
    assert bot.choose(g) == only


def _solo_midgame() -> Game:
    g = Game.new(("fluxx5",), 1, "solo", 5)
    b = GreedyBot(5)
    for _ in range(6):
        g.push(b.choose(g))
    while len(b.candidates(g)) < 2:
        g.push(b.choose(g))
    return g


def test_determinize_solo_shuffles_the_piles_only():
    g = _solo_midgame()
    h = SearchBot(2, ms=None).determinize(g, 0)
    assert sorted(h.draw) == sorted(g.draw) and h.draw != g.draw
    assert sorted(h.rules_deck) == sorted(g.rules_deck) and h.rules_deck != g.rules_deck
    assert (h.hands, h.tables, h.rules, h.goals, h.discard) == (g.hands, g.tables, g.rules, g.goals, g.discard)
    assert h.rng != g.rng  # the copy's own dice are the bot's, not the real game's


def test_determinize_standard_hides_the_other_hands_and_the_draw():
    g = Game.new(("fluxx5",), 3, "standard", 8)
    b = GreedyBot(8)
    while g.prompt.player != 1 or g.prompt.kind != "turn":
        g.push(b.choose(g))
    h = SearchBot(4, ms=None).determinize(g, 1)
    assert h.hands[1] == g.hands[1]
    assert [len(x) for x in h.hands] == [len(x) for x in g.hands]
    hidden = lambda game: sorted(game.hands[0] + game.hands[2] + game.draw)  # noqa: E731
    assert hidden(h) == hidden(g)
    assert h.hands[0] != g.hands[0] or h.hands[2] != g.hands[2]
    assert h.draw != g.draw and len(h.draw) == len(g.draw)


def test_search_keeps_its_rollout_and_time_budgets(monkeypatch):
    g = _solo_midgame()
    calls = []
    real = SearchBot.determinize

    def counted(self, game, p):
        calls.append(1)
        return real(self, game, p)
    monkeypatch.setattr(SearchBot, "determinize", counted)
    SearchBot(1, rollouts=5, ms=None, horizon=3).choose(g)
    assert len(calls) == 5
    calls.clear()
    clock = iter(range(10**6))  # every reading is one second later
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(clock))
    a = SearchBot(1, rollouts=50, ms=1500.0, horizon=3).choose(g)
    assert len(calls) == 2  # the deadline (1.5 s) passes after the second rollout
    assert a in g.prompt.legal_answers()  # out of time, it still answers
    calls.clear()
    clock = iter([0.0, 2.0])  # the deadline is 2.0; a reading of exactly 2.0 is not past it
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(clock, 9.0))
    SearchBot(1, rollouts=50, ms=2000.0, horizon=3).choose(g)
    assert len(calls) == 2
    monkeypatch.setattr(bots.time, "perf_counter", time.perf_counter)


def test_a_rollout_stops_at_the_horizon():
    g = Game.new(("fluxx5",), 1, "solo", 2)
    bot = SearchBot(1, ms=None, horizon=2)
    h = g.copy()
    start = h.turn
    bot.rollout(h, 0)
    assert h.turn == start + 2 and not h.over


def test_an_unknown_bot_is_refused_with_the_list():
    with pytest.raises(ValueError) as e:
        make_bot("chess")
    assert str(e.value) == f"unknown bot 'chess' (the bots are: {', '.join(bots.BOTS)})"
    assert isinstance(make_bot("greedy", 3), GreedyBot) and make_bot("search").rollouts == 12
