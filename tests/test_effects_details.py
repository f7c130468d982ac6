"""Card effects whose details random games rarely pin: every throw of
Rock-Paper-Scissors Showdown, the loser of a showdown, Rotate Hands both
ways at a table of four, and the events they leave for the tutor."""
from __future__ import annotations

import pytest

from .helpers import play, table

RPS_TABLE = """
players = 3
[setup]
hands = [["Rock-Paper-Scissors Showdown", "Milk"], ["Cookies", "Bread"], ["Love"]]
draw_pile = ["Money", "Peace", "Sleep", "Time", "Dreams"]
"""

BEATS = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}


def showdown(throws: list[tuple[str, str]]):
    g = table(RPS_TABLE)
    play(g, "Rock-Paper-Scissors Showdown")
    assert g.prompt.ask == "player" and g.prompt.options == [1, 2]
    g.push(("choose", (1,)))
    events = []
    for a, b in throws:
        assert g.prompt.ask == "rps" and g.prompt.player == 0
        g.push(("choose", (a,)))
        assert g.prompt.ask == "rps" and g.prompt.player == 1
        events += g.push(("choose", (b,)))
    return g, events


@pytest.mark.parametrize("a", ["rock", "paper", "scissors"])
@pytest.mark.parametrize("b", ["rock", "paper", "scissors"])
def test_every_throw_scores_as_the_game_says(a, b):
    g, events = showdown([(a, b)])
    (rps,) = [e for e in events if e.kind == "rps"]
    want = [1, 0] if (a, b) in BEATS else [0, 1] if (b, a) in BEATS else [0, 0]
    assert rps.data == {"mine": a, "theirs": b, "score": want, "frm": 1, "wins": 2} and rps.player == 0
    assert g.prompt.ask == "rps"  # best of three: nobody has 2 wins yet
    from tutor.explain import Explainer
    assert Explainer("brief").explain(g, rps).text == (
        f"Rock-paper-scissors: Player 0 threw {a}, Player 1 threw {b}; {want[0]} to {want[1]}, first to 2 wins.")


def test_the_challenged_player_can_win_the_whole_hand():
    g, events = showdown([("rock", "paper"), ("scissors", "rock")])
    (take,) = [e for e in events if e.kind == "take_hand"]
    assert take.player == 1 and take.data == {"frm": 0, "count": 1}
    assert [g.name(c) for c in g.hands[1]] == ["Cookies", "Bread", "Milk", "Money"]  # then seat 1 draws
    assert g.hands[0] == []


def test_the_challenger_wins_two_of_three():
    g, events = showdown([("rock", "scissors"), ("rock", "rock"), ("paper", "rock")])
    (take,) = [e for e in events if e.kind == "take_hand"]
    assert take.player == 0 and take.data == {"frm": 1, "count": 2}
    assert [e.data["score"] for e in events if e.kind == "rps"] == [[1, 0], [1, 0], [2, 0]]


def test_a_showdown_with_two_empty_hands_does_nothing():
    g = table("""
players = 2
[setup]
hands = [["Rock-Paper-Scissors Showdown"], []]
draw_pile = ["Money", "Peace", "Sleep"]
""")
    play(g, "Rock-Paper-Scissors Showdown")
    events = g.push(("choose", (1,)))
    (nothing,) = [e for e in events if e.kind == "nothing"]
    assert nothing.player == 0 and g.name(nothing.card) == "Rock-Paper-Scissors Showdown"


@pytest.mark.parametrize("direction,want", [
    ("next", [["Love"], ["Milk"], ["Cookies"], ["Bread"]]),
    ("previous", [["Cookies"], ["Bread"], ["Love"], ["Milk"]]),
])
def test_rotate_hands_at_four_seats(direction, want):
    g = table("""
players = 4
[setup]
hands = [["Rotate Hands", "Milk"], ["Cookies"], ["Bread"], ["Love"]]
draw_pile = ["Money", "Peace", "Sleep", "Time", "Dreams"]
""")
    play(g, "Rotate Hands")
    events = g.push(("choose", (direction,)))
    (rot,) = [e for e in events if e.kind == "rotate"]
    assert rot.data == {"direction": direction} and rot.player == 0
    # seat 1's turn has begun and drawn Money
    got = [[g.name(c) for c in h if g.name(c) != "Money"] for h in g.hands]
    assert got == want


def test_a_showdown_with_one_empty_hand_is_still_played():
    g = table("""
players = 2
[setup]
hands = [["Rock-Paper-Scissors Showdown"], ["Milk"]]
draw_pile = ["Money", "Peace", "Sleep"]
""")
    play(g, "Rock-Paper-Scissors Showdown")
    g.push(("choose", (1,)))
    assert g.prompt.ask == "rps" and g.prompt.player == 0 and g.name(g.prompt.card) == "Rock-Paper-Scissors Showdown"


DEALS = {
    "Share the Wealth": ('', '[["Milk", "Cookies"], ["Bread"], ["Love", "Money"]]',
                         '["Peace", "Sleep", "Time", "Dreams", "Music"]'),
    "Mix It All Up": ('decks = ["voyager"]\n', '[["Kes", "Neelix"], ["Tuvok"], ["Tom Paris", "Harry Kim"]]',
                      '["Timeship Relativity", "Replicator", "Transporter", "Tricorder", "Coffee"]'),
}


@pytest.mark.parametrize("action", list(DEALS))
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_mixing_actions_deal_from_the_player_onwards(action, seat):
    """Five Keepers at three seats: the player and the next seat get two, the last one."""
    decks, tables, draw = DEALS[action]
    hands = [[], [], []]
    hands[seat] = [action]
    g = table(decks + f"players = 3\n[setup]\nactive = {seat}\nhands = {hands!r}\n".replace("'", '"')
              + f"tables = {tables}\ndraw_pile = {draw}\n")
    events = play(g, action)
    while g.prompt is not None and g.prompt.ask == "surprise":  # Voyager: nobody cancels it
        events += g.push(("pass",))
    assert [len(g.tables[(seat + i) % 3]) for i in range(3)] == [2, 2, 1]
    dealt = [e for e in events if e.kind == "deal_keeper"]
    assert [e.player for e in dealt] == [(seat + i) % 3 for i in range(5)]
    assert all(e.card in g.tables[e.player] for e in dealt)
