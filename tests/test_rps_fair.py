"""Rock-Paper-Scissors Showdown with bots: a bot's throw never depends on the
other player's throw of the same round, and every showdown ends."""
from __future__ import annotations

from engine.bots import answer_for, make_bot

from .helpers import table

SHOWDOWN = """
players = 2
[setup]
hands = [["Rock-Paper-Scissors Showdown", "Milk"], ["Cookies", "Bread", "Love"]]
draw_pile = ["Peace", "Money", "Time"]
"""


def _to_second_throw(bot: str, seed: int):
    """A showdown at its second throw: the first thrower has thrown."""
    g = table(SHOWDOWN)
    g.push(("play", g.db.find("Rock-Paper-Scissors Showdown")))
    while g.prompt.ask != "rps":  # (two players: the opponent is the only one)
        g.push(g.legal_answers()[0])
    return g


def test_a_bots_throw_is_the_same_whatever_the_first_throw_was():
    for bot in ("greedy", "search"):
        for seed in range(6):
            seen = set()
            for first in ("rock", "paper", "scissors"):
                g = _to_second_throw(bot, seed)
                g.rng ^= seed * 0x9E3779B97F4A7C15 & (2**64 - 1)  # another round's dice, the same for each first throw
                g.push(("choose", (first,)))
                assert g.prompt.ask == "rps" and g.prompt.player == 1
                seen.add(answer_for(g, bot))
            assert len(seen) == 1, f"{bot} threw {seen} against the three first throws"


def test_two_greedy_bots_finish_every_showdown_in_few_rounds():
    """Two bots throwing blind tie about one round in three (two greedy bots
    that saw each other's throw once tied 498 rounds in 500), and every one
    of 300 showdowns ends within 30 rounds."""
    rounds = ties = 0
    longest = 0
    for seed in range(300):
        g = table(SHOWDOWN)
        g.rng = (g.rng + seed * 0x2545F4914F6CDD1D) & (2**64 - 1)
        bots = [make_bot("greedy", seed * 2 + i) for i in range(2)]
        g.push(("play", g.db.find("Rock-Paper-Scissors Showdown")))
        n = 0
        while not g.over and (g.prompt.kind != "turn" or g.prompt.player != 0) and n < 200:
            if g.prompt.ask == "rps" and g.prompt.player == 1:
                n += 1
            evs = g.push(bots[g.prompt.player].choose(g))
            ties += sum(1 for e in evs if e.kind == "rps" and e.data["mine"] == e.data["theirs"])
        rounds += n
        longest = max(longest, n)
    assert longest <= 30
    assert 0.2 < ties / rounds < 0.5, (ties, rounds)
