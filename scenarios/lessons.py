"""Step-by-step lessons: stacked tables (the scenario format) with narration.

Each lesson file in tutor/lessons/ is a scenario whose steps are the moves
the learner makes, with ``say`` (what the tutor says before the move) and
``hint`` (the nudge after a wrong move), plus ``intro`` and ``outro``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .runner import Scenario, load_scenario

LESSONS_DIR = Path(__file__).resolve().parent / "lessons_data"


@dataclass
class Lesson:
    id: str
    scenario: Scenario

    @property
    def title(self) -> str:
        return self.scenario.title or self.scenario.name


def lessons() -> list[Lesson]:
    return [Lesson(p.stem, load_scenario(p)) for p in sorted(LESSONS_DIR.glob("*.toml"))]


def same_answer(a, b) -> bool:
    """Two answers are the same move (a choice is a set: order does not matter)."""
    if a[0] != b[0]:
        return False
    if a[0] == "choose":
        return set(a[1]) == set(b[1])
    return tuple(a) == tuple(b)
