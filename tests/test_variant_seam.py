"""The variant seam: a variant written only in tests/variants, with no line in engine/,
changes when the game ends and plays complete games that keep every
invariant (issue 13, item 3)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.bots import RandomBot
from engine.game import Game
from engine.registry import VARIANTS
from engine.variants import register_variant

from .helpers import check_events, check_invariants, scaled
from .variants.turn_limit import TURN_LIMIT, TurnLimit


@pytest.fixture
def turn_limit():
    """The variant of tests/variants/turn_limit (loaded by name in conftest)."""
    return TurnLimit.name


def test_the_test_variant_is_registered_by_name(turn_limit):
    assert Game.new(("fluxx5",), 2, turn_limit, 1).variant_name == turn_limit
    with pytest.raises(ValueError) as e:
        Game.new(("fluxx5",), 5, turn_limit, 1)
    assert str(e.value) == "the test-turn-limit game takes 2 to 4 players, not 5"


def test_register_variant_is_the_door(monkeypatch):
    saved = dict(VARIANTS)
    try:
        class Door(TurnLimit):
            name = "door-test"
        register_variant(Door())
        assert isinstance(VARIANTS["door-test"], Door)
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

