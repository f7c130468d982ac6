"""The strength ladder (issue 37, deliverable 5): seats, intervals, ratings,
and a small ladder that checks the order random < greedy < search. The
full ladder (1,000 and 200 games a pair) is in the README and
solo/tools/ladder.json; the small one is a fixed sample of the same games (the
games are deterministic), checked for its order, not for significance."""
from __future__ import annotations

import json

import pytest

from solo.tools.ladder import (
    ANCHOR,
    LADDER_FILE,
    elo_gap,
    fit_ratings,
    play_pair_game,
    ratings,
    run_ladder,
    seats_for,
    wilson,
)


def test_seats_alternate_and_who_starts_is_rotated_evenly():
    assert seats_for("random", "greedy", 0) == ["random", "greedy", "random", "greedy"]
    assert seats_for("random", "greedy", 1) == ["greedy", "random", "greedy", "random"]
    starts = [seats_for("a", "b", k)[0] for k in range(100)]
    assert starts.count("a") == starts.count("b") == 50


def test_wilson_interval_and_rating_gaps():
    lo, hi = wilson(80, 100)
    assert 0.71 < lo < 0.72 and 0.86 < hi < 0.87  # the textbook values for 80 of 100
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(1, 2)  # a tiny sample: the z-squared terms widen it well past the plain normal interval
    assert 0.094 < lo < 0.095 and 0.905 < hi < 0.906
    assert wilson(0, 10)[0] == 0.0 and 0.277 < wilson(0, 10)[1] < 0.278
    assert elo_gap(0.5) == 0.0 and round(elo_gap(0.76)) == 200 and elo_gap(1.0) == elo_gap(0.995)


def test_ratings_fit_consistent_pairs_exactly():
    p = lambda gap: 1 / (1 + 10 ** (-gap / 400))  # noqa: E731
    pairs = {("greedy", "random"): p(250), ("search", "random"): p(330), ("search", "greedy"): p(80)}
    r = fit_ratings(pairs, ["random", "greedy", "search"])
    assert r == {"random": ANCHOR, "greedy": ANCHOR + 250, "search": ANCHOR + 330}
    # pairs that disagree by 20 points: least squares shares the error out (2g - s = 150, 2s - g = 430)
    pairs[("search", "greedy")] = p(100)
    assert fit_ratings(pairs, ["random", "greedy", "search"]) == {"random": ANCHOR, "greedy": 1243, "search": 1337}


def test_a_game_of_the_pair_is_the_same_every_time():
    assert play_pair_game(("random", "greedy", 3, ("fluxx5",))) == play_pair_game(("random", "greedy", 3, ("fluxx5",)))


@pytest.mark.slow
def test_a_small_ladder_orders_random_greedy_search():
    low = run_ladder(200, 0, ("fluxx5",), bots=("random", "greedy"))
    pair = low["pairs"]["greedy vs random"]
    assert pair["games"] == 200 and pair["ci95"][0] > 0.5, pair  # greedy wins well over half, interval and all
    assert low["ratings"]["greedy"] > low["ratings"]["random"] == ANCHOR
    # the search bot at its default budget: 24 games (16 won by search), two processes
    high = run_ladder(0, 24, ("fluxx5",), jobs=2, bots=("greedy", "search"))
    top = high["pairs"]["search vs greedy"]
    assert top["games"] == 24 and top["win_rate"] > 0.5, top
    assert high["ratings"]["search"] > high["ratings"]["greedy"]


def test_new_game_shows_each_bots_rating_when_measured():
    from solo.store.seats import STRENGTH_WORDS, strength_words
    words, rated = strength_words(), ratings()
    shipped = json.loads(LADDER_FILE.read_text())["ratings"]  # the ladder ships its ratings: all three shown
    assert rated == {k: int(v) for k, v in shipped.items()} and set(rated) == set(STRENGTH_WORDS)
    assert words["search"].endswith(f", rated {int(shipped['search'])}")
    for k, w in STRENGTH_WORDS.items():
        assert words[k] == (f"{w}, rated {rated[k]}" if k in rated else w)
