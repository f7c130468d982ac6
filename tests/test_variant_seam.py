"""The variant seam: a variant written only here, with no line in engine/,
changes when the game ends and plays complete games that keep every
invariant (issue 13, item 3)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import rule_ids
from engine.bots import RandomBot
from engine.game import VARIANTS, Game
from engine.variants import Variant, register_variant
from tutor import explain  # noqa: F401  (the rules reference is built before the test adds its rule id)

from .helpers import check_events, check_invariants, scaled

TURN_LIMIT = "test.turn-limit"


class TurnLimit(Variant):
    """The standard game, except that it ends after turn 12: the one player
    with the most Keepers wins, and a tie for most is a draw."""
    name = "test-turn-limit"
    min_players = 2
    max_players = 4
    last_turn = 12

    def between_turns(self, g) -> None:
        if g.turn >= self.last_turn and not g.extra:
            counts = [g.keeper_count(q) for q in range(g.nplayers)]
            top = max(counts)
            g.end_game(counts.index(top) if counts.count(top) == 1 else -1, TURN_LIMIT)


@pytest.fixture
def turn_limit(monkeypatch):
    monkeypatch.setitem(VARIANTS, TurnLimit.name, TurnLimit())
    monkeypatch.setitem(rule_ids.RULES, TURN_LIMIT, ("After turn 12 the most Keepers wins", "this test"))
    yield TurnLimit.name


def test_the_test_variant_is_registered_only_in_the_test(turn_limit):
    assert Game.new(("fluxx5",), 2, turn_limit, 1).variant_name == turn_limit
    with pytest.raises(ValueError) as e:
        Game.new(("fluxx5",), 5, turn_limit, 1)
    assert str(e.value) == "the test-turn-limit game takes 2 to 4 players, not 5"


def test_register_variant_is_the_door(monkeypatch):
    saved = dict(VARIANTS)
    try:
        register_variant(TurnLimit())
        assert "test-turn-limit" in VARIANTS
    finally:
        VARIANTS.clear()
        VARIANTS.update(saved)


def test_a_thousand_games_of_a_variant_written_outside_the_engine(turn_limit):
    ends: Counter = Counter()
    n = scaled(1000)
    for seed in range(n):
        players = 2 + seed % 3
        decks = ("fluxx5", "creeper-pack") if seed % 2 else ("fluxx5",)
        g = Game.new(decks, players, turn_limit, seed)
        bot = RandomBot(seed)
        while not g.over:
            check_events(g, g.push(bot.choose(g)))
            assert g.turn <= TurnLimit.last_turn + 1
        check_invariants(g)
        last = g.log[-1]
        assert last.kind == "game_over"
        ends[last.rule] += 1
        if last.rule == TURN_LIMIT:
            counts = [g.keeper_count(q) for q in range(players)]
            assert g.winner == (counts.index(max(counts)) if counts.count(max(counts)) == 1 else -1)
    assert sum(ends.values()) == n  # every game ended: zero errors
    assert ends[TURN_LIMIT] > n // 2 and ends["win.goal"] > n // 20  # both endings happen

