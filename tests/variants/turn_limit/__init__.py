"""A third variant, written only here: the standard game, except that it ends
after turn 12, when the one player with the most Keepers wins (a tie for most
is a draw). Loaded by name: ``SOLO_FLUXX_VARIANTS=tests.variants.turn_limit``.
Its scenarios are in ``scenarios/`` beside this file."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.variants import Variant
from tutor.reference import register_rules

TURN_LIMIT = "test.turn-limit"
register_rules({TURN_LIMIT: ("After turn 12 the most Keepers wins",
                             "The turn-limit test variant's own rule (tests/variants/turn_limit)",
                             "The game ends after turn 12: the one player with the most Keepers on the "
                             "table wins; two or more with the most make it a draw.")}, kind="turn-limit")


class TurnLimit(Variant):
    """The standard game with a last turn."""
    name = "test-turn-limit"
    title = "Turn-limit Fluxx"
    min_players = 2
    max_players = 4
    last_turn = 12
    scenarios = Path(__file__).parent / "scenarios"

    def between_turns(self, g: Any) -> None:
        if g.turn >= self.last_turn and not g.extra:
            counts = [g.keeper_count(q) for q in range(g.nplayers)]
            top = max(counts)
            g.end_game(counts.index(top) if counts.count(top) == 1 else -1, TURN_LIMIT)


variant = TurnLimit()
