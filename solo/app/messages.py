"""What a screen asks of the app: messages up, calls down.

A screen never reaches into the save store or steers the app: it posts one
of these messages, and ``SoloFluxxApp`` handles it (``on_<name>``), reading
or writing the store and choosing the next screen. What a screen needs to
show, the app gives it when it makes it (the menu its games in progress,
history its runs, the end of a game the record and par) or calls down to
it later (``LessonsScreen.show_progress``). The one exception is a game's
save: see ``solo.app.link.GameLink``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.message import Message

from engine.game import Game
from solo.store.info import GameInfo


@dataclass
class ResumeGame(Message):
    """Resume the game saved in ``slot`` ("solo", "daily", "standard")."""
    slot: str


@dataclass
class ChooseNewGame(Message):
    """Open the New game dialog (Solo or against bots, the decks)."""


@dataclass
class PlayAgain(Message):
    """A new game of the same kind at once: these decks (and these seats,
    against bots), of ``variant`` (None: Solo, or the standard game with seats)."""
    decks: list[str]
    seats: list[str] | None = None
    variant: str | None = None


@dataclass
class PlayDaily(Message):
    """The daily challenge of ``date`` (ISO), resumed if it is in progress."""
    date: str


@dataclass
class PlayCoached(Message):
    """The lessons' last step: the coached game."""


@dataclass
class OpenLesson(Message):
    """A lesson, at the step its save has reached."""
    lesson_id: str


@dataclass
class LessonsShown(Message):
    """The list of lessons is on screen again: its stars and steps may have moved."""


@dataclass
class LessonFinished(Message):
    """A lesson was done with ``stars``: record it, and clear its save when
    this window held it (``clear``)."""
    lesson_id: str
    stars: int
    clear: bool = True


@dataclass
class ShowMenu(Message):
    """Leave the table for the menu (the game is saved after every answer)."""


@dataclass
class ShowHistory(Message):
    """The run history."""


@dataclass
class ShowStats(Message):
    """The statistics."""


@dataclass
class ShowLessons(Message):
    """The list of lessons."""


@dataclass
class ReplayRun(Message):
    """Run ``run_id`` of the history, step by step."""
    run_id: int


@dataclass
class ReplayGame(Message):
    """A finished game, step by step (the end screen's r)."""
    title: str
    decks: list[str]
    players: int
    variant: str
    seed: int
    answers: list[Any]
    seats: list[str] | None = None


@dataclass
class GameOver(Message):
    """The game on the table has ended: show its end."""
    g: Game
    info: GameInfo
    answers: list[Any]
    seats: list[str] | None = None


@dataclass
class SetPref(Message):
    """Keep a preference (the tutor's level, the card colours, the bots' pace, a slot's tutor lines)."""
    key: str
    value: Any = field(default=None)


@dataclass
class ParFound(Message):
    """The search bot's par for the daily of ``date`` was worked out: keep it."""
    date: str
    par: int
