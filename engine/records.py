"""Small named types of the game's state: a temporary hand (``Frame``) and
a link of a Surprise chain (``Link``). Each is a list, so that saves keep
their JSON and the hot paths index them, with its fields named for every
other reader. (The log's events: ``engine.events``.)"""
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
