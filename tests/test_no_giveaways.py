"""Bots do not hand another seat the game (issue 37, deliverable 4).

No greedy or search bot makes a move whose certain consequence, as it can
see the table, is that another seat wins at once, when a legal move without
that exists (unless the move is its own win). "Certain" is judged here by
this file's own oracle, written apart from the bots' guard: the answer is
applied and the game is over with another seat the winner, with no card
drawn from the pile and no random pick on the way. The random bot is the
ladder's baseline and stays uniformly random."""
from __future__ import annotations

import pytest

from engine.bots import RandomBot, make_bot
from engine.game import Game

from .helpers import table

TABLES = [(("fluxx5",), 2), (("fluxx5",), 4), (("fluxx5", "creeper-pack"), 4), (("voyager",), 3),
          (("voyager",), 4), (("fluxx5", "creeper-pack"), 6)]
POSITIONS = 2000


def hands_it_over(g: Game, a, p: int) -> bool:
    """The oracle: answering ``a`` ends the game at once with another seat the
    winner, nothing hidden drawn or picked at random on the way."""
    h = g.copy()
    h.push(a)
    return (h.over and h.winner >= 0 and h.winner != p and len(h.draw) == len(g.draw)
            and h.rng == g.rng and len(h.rules_deck) == len(g.rules_deck))


def positions(count: int):
    """Positions of random-bot games over six tables in which the player asked
    has an answer that hands the game over and one that does not: the only
    positions where a bot can get this wrong. Yields (game, seat, give-aways)."""
    found = 0
    seed = 0
    while found < count:
        decks, n = TABLES[seed % len(TABLES)]
        g = Game.new(decks, n, "standard", seed, record=False)
        mover = RandomBot(seed)
        steps = 0
        while not g.over and steps < 3000 and found < count:
            pr = g.prompt
            answers = pr.legal_answers(limit=200)
            giving = {a for a in answers if hands_it_over(g, a, pr.player)}
            if giving and len(giving) < len(answers):
                found += 1
                yield g.copy(), pr.player, giving
            g.push(mover.choose(g))
            steps += 1
        seed += 1


@pytest.mark.slow
def test_no_bot_hands_another_seat_the_win_over_2000_positions():
    """Greedy at its default, search at 2 rollouts a candidate (the guard
    does not depend on the budget; the whole run at the default budget of 60
    is in the README's figures)."""
    checked = 0
    kinds = set()
    for g, _p, giving in positions(POSITIONS):
        for name in ("greedy", "search"):
            bot = make_bot(name, 7 * checked + len(name))
            if name == "search":
                bot.rollouts = 2
            a = bot.choose(g)
            assert a not in giving, (f"{name} handed the win away at seed {g.seed}, decision {g.decisions}: "
                                     f"{a} (legal answers without it: {len(g.prompt.legal_answers(200)) - len(giving)})")
        kinds.add(g.prompt.kind)
        checked += 1
    assert checked == POSITIONS
    assert "turn" in kinds


ROCKET = """
players = 3
[setup]
goals = ["Time is Money"]
hands = [["Rocket Science", "Milk"], [], []]
tables = [[], ["The Rocket", "The Brain"], []]
draw_pile = ["Peace", "Money", "Time", "Love", "Bread", "Sleep"]
"""


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_a_bot_does_not_play_the_goal_the_next_seat_meets(bot):
    """The tracker's case: Rocket Science onto another seat's Rocket and The
    Brain. Milk is there to play instead."""
    g = table(ROCKET)
    rocket_science = ("play", g.db.find("Rocket Science"))
    assert hands_it_over(g, rocket_science, 0)
    for seed in range(8):
        assert make_bot(bot, seed).choose(g) == ("play", g.db.find("Milk"))


FORCED = """
players = 3
[setup]
goals = ["Time is Money"]
hands = [["Rocket Science", "Milk & Cookies"], [], []]
tables = [[], ["The Rocket", "The Brain"], ["Milk", "Cookies"]]
draw_pile = ["Peace", "Money", "Time", "Love", "Bread", "Sleep"]
"""


def test_when_every_move_hands_the_game_over_the_bot_still_moves():
    """Both Goals are met by another seat: the bot must play one (the Play
    rule) and does; the guard never leaves it without an answer."""
    g = table(FORCED)
    answers = g.prompt.legal_answers()
    assert all(hands_it_over(g, a, 0) for a in answers)
    for bot in ("greedy", "search"):
        assert make_bot(bot, 1).choose(g) in answers


def test_a_search_that_sees_only_losses_still_avoids_the_one_at_once():
    """Seed 19 of the 4-seat Fluxx 5.0 table at decision 110 (the position
    the property test first caught): Play 3 under Double Agenda with every
    rollout lost, so the search's values tie; before the guard it played
    Baked Goods, which the third seat meets at once. (The search bot v3:
    v4's rollout policy finds futures that are not lost here.)"""
    decks, n = TABLES[19 % len(TABLES)]
    g = Game.new(decks, n, "standard", 19, record=False)
    mover = RandomBot(19)
    for _ in range(110):
        g.push(mover.choose(g))
    p = g.prompt.player
    giving = {a for a in g.prompt.legal_answers() if hands_it_over(g, a, p)}
    assert ("play", g.db.find("Baked Goods")) in giving
    from engine.bots import SearchBotV3
    bot = SearchBotV3(19 * 7 + 110)  # (the search bot the position was caught with: v4's rollouts
    bot.rollouts = 4                 # find a win there; the guard, safe_first, is the same code)
    ranked = bot.rank(g)
    assert all(v == ranked[0][1] for _a, v in ranked), "the position no longer ties every candidate"
    assert ranked[0][0] not in giving


def test_a_win_a_drawn_card_would_bring_is_not_certain():
    """A win that needs a card from the pile is no give-away the bot could
    see: the pile is hidden. Here the last play ends the turn, the next seat
    draws Death, a Creeper goes straight onto its table, and with the
    Chocolate there it meets Death by Chocolate: the table knew, the player
    could not."""
    from engine.bots import gives_win
    g = table("""
decks = ["fluxx5", "creeper-pack"]
players = 2
[setup]
goals = ["Death by Chocolate"]
hands = [["Bread", "Milk"], ["Sleep"]]
tables = [[], ["Chocolate"]]
draw_pile = ["Death", "Love", "Peace", "Time"]
""")
    a = ("play", g.db.find("Bread"))
    h = g.copy()
    h.push(a)
    assert h.over and h.winner == 1  # the card drawn did hand it over
    assert not gives_win(g, a, 0)    # but it was hidden: not certain
