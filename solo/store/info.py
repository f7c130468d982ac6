"""A game's settings and the app's notes about it, as one typed value: what
the store keeps with a saved game (seed, decks, slot, daily, start time,
assisted, the slot's notes) and what the screens add while it is played
(each seat's name, the table's layout, a lesson's id, the banner's tag).
The store's ``load`` gives one; the app's screens read and update it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameInfo:
    seed: int
    decks: list[str] = field(default_factory=list)
    slot: str = ""                          # the save slot ("solo", "daily", "standard", "lesson"; "replay")
    daily: str | None = None                # the daily challenge's date
    started: str | None = None              # when the game began (the store's clock)
    assisted: bool = False                  # a hint or an undo was used
    extra: dict[str, Any] | None = None     # the slot's notes: seats, a coached game, a lesson's step
    lesson: str | None = None               # a lesson's id
    replay: bool = False                    # a read-only replay
    kind: str = ""                          # the banner's tag ("practice", "coached")
    names: tuple[str, ...] | None = None    # each seat's name (a game against bots, a lesson)
    layout: str = "compact"                 # the table's layout at the window's size
    done: bool = False                      # a lesson's objective was reached
    seat: int = 0                           # the seat the table is drawn for
    assists: list[str] = field(default_factory=list)  # what assisted: "undo", "hint"
