"""Small named types of the game's state and log: a temporary hand
(``Frame``), a link of a Surprise chain (``Link``) and an event (``Event``).
Each is a list or tuple, so that saves keep their JSON and the hot paths
index them, with its fields named for every other reader."""
from __future__ import annotations

from typing import Any


class Frame(list[Any]):
    """A temporary hand: [player, card, cards, plays, kind]. A list (so that
    saves keep their JSON) with its fields named. ``card`` is the Action that
    opened it (-1: none); ``plays`` how many of its cards are still to be
    played; ``kind`` "play" (played from) or "hold" (dealt out by the Action)."""
    __slots__ = ()

    @property
    def player(self) -> int:
        v: int = self[0]
        return v

    @property
    def card(self) -> int:
        v: int = self[1]
        return v

    @property
    def cards(self) -> list[int]:
        v: list[int] = self[2]
        return v

    @property
    def plays(self) -> int:
        v: int = self[3]
        return v

    @plays.setter
    def plays(self, n: int) -> None:
        self[3] = n

    @property
    def kind(self) -> str:
        v: str = self[4]
        return v


class Link(list[Any]):
    """One link of a Surprise chain: [card, player, what, arg, via]. ``what``
    is "play" (the chain's base: a card being played, ``arg`` where from),
    "steal" (the base: ``player`` tries to take Keeper ``card`` from seat
    ``arg`` with the card ``via``), "surprise" or "power" (a cancel)."""
    __slots__ = ()

    @property
    def card(self) -> int:
        v: int = self[0]
        return v

    @property
    def player(self) -> int:
        v: int = self[1]
        return v

    @property
    def what(self) -> str:
        v: str = self[2]
        return v

    @property
    def arg(self) -> Any:
        v: Any = self[3]
        return v

    @property
    def via(self) -> int:
        v: int = self[4]
        return v


class Event(tuple[str, str, int, int, dict[str, Any], int]):
    """(kind, rule, player, card, data, cause): one change, the rule behind it,
    and its cause (the card being played when it happened, or -1)."""
    __slots__ = ()

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def rule(self) -> str:
        return self[1]

    @property
    def player(self) -> int:
        return self[2]

    @property
    def card(self) -> int:
        return self[3]

    @property
    def data(self) -> dict[str, Any]:
        return self[4]

    @property
    def cause(self) -> int:
        return self[5]
