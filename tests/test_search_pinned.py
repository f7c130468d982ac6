"""The frozen searches, pinned: ``FlatSearch`` (search v1) computes the
daily par and "must not change what it chooses", and ``SearchBotV3`` is
kept to be measured beside v4. Each ranking below (answers with their mean
rollout results) was read from the code as it stands, with a small budget
and no clock, on states of random games: a turn's play, a steal, a
discard of two from a hand, a choice of player. A change to how the
search copies hidden cards, plays its rollouts, stops them or adds them up
changes these numbers."""
from __future__ import annotations

import pytest

from engine.bots import HORIZON, ROLLOUTS_V3, FlatSearch, SearchBotV3, make_bot
from engine.game import Game


def state(players: int, seed: int, steps: int) -> Game:
    g = Game.new(("fluxx5",), players, "standard", seed)
    bot = make_bot("random", seed)
    for _ in range(steps):
        g.push(bot.choose(g))
    return g


FLAT = {
    (2, 1, 7): [(("play", 40), 47.0), (("play", 31), 46.666666666666664), (("play", 29), 46.666666666666664),
                (("play", 22), 46.666666666666664), (("play", 24), 46.666666666666664),
                (("free", 75), 46.333333333333336), (("play", 92), 26.0)],
    (2, 2, 8): [(("play", 26), 23.833333333333332), (("play", 43), 14.5), (("play", 16), 12.166666666666666),
                (("play", 60), 8.5)],
    (2, 4, 9): [(("play", 8), 11.5), (("play", 89), 11.5), (("play", 22), 9.833333333333334)],
    (2, 6, 5): [(("play", 91), 11.166666666666666), (("play", 47), 11.166666666666666),
                (("play", 48), 7.166666666666667), (("play", 56), 0.0)],
    (2, 1, 18): [(("choose", (6,)), 33402.333333333336), (("choose", (5,)), 33401.666666666664)],
    (3, 0, 1): [(("choose", (80, 42)), 5.166666666666667), (("choose", (4, 42)), 3.5),
                (("choose", (4, 80)), 2.5)],
    (3, 0, 50): [(("choose", (2,)), 13.666666666666666), (("choose", (0,)), 13.666666666666666)],
}

ONE_ROLLOUT = [(("play", 16), 32.0), (("play", 60), 8.5), (("play", 43), 4.5), (("play", 26), 3.0)]

V3 = {
    (2, 1, 7): [(("free", 75), 51.0), (("play", 31), 48.0), (("play", 40), 48.0), (("play", 29), 48.0),
                (("play", 22), 48.0), (("play", 24), 48.0), (("play", 92), 43.5)],
    (2, 2, 8): [(("play", 26), 21.666666666666668), (("play", 16), 21.666666666666668), (("play", 43), 10.0),
                (("play", 60), 7.0)],
    (2, 4, 9): [(("play", 8), 3.5), (("play", 89), 3.5), (("play", 22), 0.0)],
    (2, 6, 5): [(("play", 48), 15.0), (("play", 91), 11.0), (("play", 47), 3.0), (("play", 56), -12.0)],
}


@pytest.mark.parametrize("where", list(FLAT))
def test_the_flat_search_ranks_as_it_did(where):
    g = state(*where)
    assert FlatSearch(seed=5, rollouts=3, ms=None, horizon=4).rank(g) == FLAT[where]


@pytest.mark.parametrize("where", list(V3))
def test_the_v3_search_ranks_as_it_did(where):
    g = state(*where)
    assert SearchBotV3(seed=5, rollouts=2, horizon=3).rank(g) == V3[where]


def test_the_frozen_searches_keep_their_budgets():
    f = FlatSearch()
    assert (f.rollouts, f.ms, f.horizon, f.max_candidates) == (12, 500.0, 400, 8)
    v3 = SearchBotV3()
    assert (v3.rollouts, v3.ms, v3.horizon, v3.max_candidates) == (ROLLOUTS_V3, None, HORIZON, 8)
    v3 = SearchBotV3(seed=3, rollouts=5, ms=123.0, horizon=7, max_candidates=3)
    assert (v3.rollouts, v3.ms, v3.horizon, v3.max_candidates) == (5, 123.0, 7, 3)
    assert FlatSearch().rng == FlatSearch(seed=0).rng and SearchBotV3().rng == SearchBotV3(seed=0).rng


def test_one_rollout_a_candidate_is_its_mean():
    g = state(2, 2, 8)
    assert FlatSearch(seed=5, rollouts=1, ms=None, horizon=4).rank(g) == ONE_ROLLOUT


def test_a_lone_answer_is_not_searched_and_is_worth_nothing():
    g = state(2, 3, 9)
    assert len(g.prompt.options) == 1
    assert FlatSearch(seed=5, rollouts=3, ms=None).rank(g) == [(g.prompt.options[0], 0.0)]


@pytest.mark.parametrize("seed, steps", [(2, 196), (7, 117)])
def test_the_second_throw_is_blind_in_every_look_ahead_bot(seed, steps):
    """Rock-Paper-Scissors Showdown's second thrower's question carries the
    first throw (for the engine): a bot that looked ahead would answer it
    (the greedy one and the search would throw otherwise here); each throws
    blind, and the search gives the throw no value."""
    from engine.bots import GreedyBot, blind_throw
    g = state(2, seed, steps)
    assert g.prompt.ask == "rps" and g.prompt.then[0] == "ans_rps_second"
    throw = blind_throw(g)
    assert GreedyBot(1).choose(g) == throw
    assert FlatSearch(seed=5, rollouts=2, ms=None, horizon=2).rank(g) == [(throw, 0.0)]
