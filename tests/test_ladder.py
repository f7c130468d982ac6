"""The strength ladder (issue 37, deliverable 5): seats, intervals, ratings,
and a small ladder of random against greedy. Search against greedy is
measured for the README (python -m solo.ladder); at four seats it is close
(about 56% for search), too close for a CI-sized sample to tell apart."""
from __future__ import annotations

import pytest

from solo.ladder import ANCHOR, elo_gap, fit_ratings, play_pair_game, ratings, run_ladder, seats_for, wilson


def test_seats_alternate_and_who_starts_is_rotated_evenly():
    assert seats_for("random", "greedy", 0) == ["random", "greedy", "random", "greedy"]
    assert seats_for("random", "greedy", 1) == ["greedy", "random", "greedy", "random"]
    starts = [seats_for("a", "b", k)[0] for k in range(100)]
    assert starts.count("a") == starts.count("b") == 50


def test_wilson_interval_and_rating_gaps():
    lo, hi = wilson(80, 100)
    assert 0.71 < lo < 0.72 and 0.86 < hi < 0.87  # the textbook values for 80 of 100
    assert wilson(0, 0) == (0.0, 1.0)
    assert elo_gap(0.5) == 0.0 and round(elo_gap(0.76)) == 200 and elo_gap(1.0) == elo_gap(0.995)


def test_ratings_fit_consistent_pairs_exactly():
    p = lambda gap: 1 / (1 + 10 ** (-gap / 400))  # noqa: E731
    pairs = {("greedy", "random"): p(250), ("search", "random"): p(330), ("search", "greedy"): p(80)}
    r = fit_ratings(pairs, ["random", "greedy", "search"])
    assert r == {"random": ANCHOR, "greedy": ANCHOR + 250, "search": ANCHOR + 330}


def test_a_game_of_the_pair_is_the_same_every_time():
    assert play_pair_game(("random", "greedy", 3, ("fluxx5",))) == play_pair_game(("random", "greedy", 3, ("fluxx5",)))


@pytest.mark.slow
def test_a_small_ladder_puts_greedy_above_random():
    res = run_ladder(200, 0, ("fluxx5",), bots=("random", "greedy"))
    pair = res["pairs"]["greedy vs random"]
    assert pair["games"] == 200 and pair["ci95"][0] > 0.5, pair  # greedy wins well over half, interval and all
    assert res["ratings"]["greedy"] > res["ratings"]["random"] == ANCHOR


def test_new_game_shows_each_bots_rating_when_measured():
    from solo.seats import STRENGTH_WORDS, strength_words
    words, rated = strength_words(), ratings()
    for k, w in STRENGTH_WORDS.items():
        assert words[k] == (f"{w}, rated {rated[k]}" if k in rated else w)
