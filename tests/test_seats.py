"""Who sits at a game against bots (solo/store/seats.py), without the app: the
seats, their names and labels, and how the history words a run."""
from __future__ import annotations

import pytest

from solo.store.seats import (
    BOT_NAMES,
    MAX_BOTS,
    new_seats,
    run_result,
    seat_label,
    seat_names,
    seats_of_notes,
    table_words,
)


def test_new_seats_put_you_first_and_the_bots_after():
    assert new_seats(1, "random") == ["human", "random"]
    assert new_seats(MAX_BOTS, "search") == ["human"] + ["search"] * 5
    assert MAX_BOTS == len(BOT_NAMES) == 5


@pytest.mark.parametrize("bots,strength,words", [
    (0, "greedy", "1 to 5 bots, not 0"), (6, "greedy", "1 to 5 bots, not 6"),
    (2, "genius", "one of random, greedy, search, not 'genius'"),
])
def test_new_seats_refuse_a_table_that_cannot_be(bots, strength, words):
    with pytest.raises(ValueError) as e:
        new_seats(bots, strength)
    assert words in str(e.value)


def test_names_and_labels_follow_the_seats():
    seats = ["human", "greedy", "search", "random"]
    assert seat_names(seats) == ("You", "Ada", "Boris", "Cleo")
    assert seat_names(["greedy", "human", "greedy"]) == ("Ada", "You", "Boris")  # the bots are named in order
    assert [seat_label(seats, q) for q in range(4)] == ["You", "Ada (greedy)", "Boris (search)", "Cleo (random)"]


def test_table_words():
    assert table_words(["human", "greedy"]) == "you and 1 greedy bot"
    assert table_words(["human", "search", "search", "search"]) == "you and 3 search bots"
    assert table_words(["human", "greedy", "random"]) == "you and 2 bots"


def test_seats_are_read_only_when_they_are_seats():
    assert seats_of_notes({"seats": ["human", "greedy"]}) == ["human", "greedy"]
    assert seats_of_notes(["human", "random"]) == ["human", "random"]  # a run file's own list
    for bad in (None, {}, {"seats": []}, {"seats": "human"}, {"seats": ["human", "genius"]}, {"seats": ["human", 3]},
                {"lesson": "01"}):
        assert seats_of_notes(bad) is None, bad


@pytest.mark.parametrize("run,words", [
    ({"variant": "solo", "score": 7}, "score 7"),
    ({"variant": "solo", "score": None}, "-"),
    ({"variant": "standard", "players": 4, "seats": ["human", "greedy", "greedy", "greedy"], "winner": 0},
     "won, 4p greedy"),
    ({"variant": "standard", "players": 3, "seats": ["human", "greedy", "search"], "winner": 2}, "lost, 3p mixed"),
    ({"variant": "standard", "players": 2, "seats": ["random", "human"], "winner": 1}, "won, 2p random"),
    ({"variant": "standard", "players": 2, "seats": None, "winner": 1}, "lost, 2p bots"),
    ({"variant": "standard", "players": 3, "seats": ["human", "greedy", "greedy"], "winner": None},
     "no winner, 3p greedy"),
    ({"variant": "standard", "players": 3, "seats": ["human", "greedy", "greedy"], "winner": None,
      "ending": "game.repetition"}, "drawn, 3p greedy"),  # a draw rule ended it (engine.draws)
    ({"variant": "standard", "players": 2, "seats": ["human", "search"], "winner": None,
      "ending": "game.stalemate"}, "drawn, 2p search"),
])
def test_a_runs_result_in_words(run, words):
    assert run_result(run) == words
