"""What the app hands a game screen when it makes it (a call down): the
player's preferences as saved, and the save of the screen's slot.

Every other wish of a screen goes up as a message (``solo.app.messages``);
the save does not. An answer is on disk before the table shows it: the
handler that takes the key saves it, so a kill at any moment (tests/
test_app_kill.py) finds the last answer the player saw. A message would be
handled after that handler returns, a frame may come first, and an answer
seen on screen could be lost.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.game import Game
from solo.store.info import GameInfo

# save(g, answers, assisted, extra): the slot's game as it now stands
Save = Callable[[Game, list[Any], bool, "dict[str, Any] | None"], None]


def _no_save(_g: Game, _answers: list[Any], _assisted: bool, _extra: dict[str, Any] | None) -> None:
    """A screen made without a store (a test of the screen alone): nothing is saved."""


@dataclass
class GameLink:
    """A game screen's preferences (as saved when it was made) and its save.
    ``kept_lines``: the tutor lines kept with the slot's save, for a resumed
    game; ``daily_scored``: the screen's daily has had its scored attempt
    (this one is practice)."""
    tutor: str | None = None
    palette: str | None = None
    bot_pace: str | None = None
    kept_lines: dict[str, Any] = field(default_factory=dict)
    daily_scored: bool = False
    save: Save = _no_save
    holds: bool = True  # this window holds the slot (False: another window plays it; nothing here is saved)
    hints: Any = None  # the app's hint worker (solo.app.hinting.HintWorker): the search beside the table


def slot_of(info: GameInfo) -> str:
    """The save slot a game screen plays in: the one its info names, else a
    lesson's, the daily's or the Solo game's."""
    return info.slot or ("lesson" if info.lesson is not None else "daily" if info.daily else "solo")
