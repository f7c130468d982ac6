"""Solo Fluxx's own kinds of event and their payloads (registered with the engine's)."""
from __future__ import annotations

from enum import StrEnum

from engine.events import Empty, Payload, payload_type, register_payload


class SoloKind(StrEnum):
    SOLO_SETUP = "solo_setup"              # the solo list set aside
    SCORE = "score"                        # a Goal scored
    EXTRA_TURN_FIRST = "extra_turn_first"  # Take Another Turn: the next turn comes before the flip
    FLIP = "flip"                          # a Rules card flipped after a turn


@payload_type
class SoloSetup(Payload):
    set_aside: int


@payload_type
class Score(Payload):
    score: int  # the Goals scored so far


for _kind, _type in ((SoloKind.SOLO_SETUP, SoloSetup), (SoloKind.SCORE, Score),
                     (SoloKind.EXTRA_TURN_FIRST, Empty), (SoloKind.FLIP, Empty)):
    register_payload(_kind, _type)
