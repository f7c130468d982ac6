"""Step-by-step lessons: stacked tables (the scenario format) with narration.

Each lesson file in scenarios/lessons_data/ is a scenario whose learner
steps are objectives (``objective``, ``goal``, ``line``; see
scenarios/coach.py) and whose other steps are the moves other players make,
with ``say`` (what the tutor says first), ``hint`` and ``intro``/``outro``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.prompts import same_move

from .runner import Scenario, load_scenario

LESSONS_DIR = Path(__file__).resolve().parent / "lessons_data"


@dataclass
class Lesson:
    id: str
    scenario: Scenario

    @property
    def title(self) -> str:
        return self.scenario.title or self.scenario.name

    @property
    def rule(self) -> str:
        """The rule id the lesson teaches: its first objective step's."""
        return next((st.rule for st in self.scenario.step if st.objective and st.rule), "")


def lessons() -> list[Lesson]:
    return [Lesson(p.stem, load_scenario(p)) for p in sorted(LESSONS_DIR.glob("*.toml"))]


# two answers are the same move: the engine's one equality of answers
same_answer = same_move

# the last line of the list of lessons (the app and learn --list): the coached game of tutor.review
COACHED_TITLE = "A coached game: a whole Solo game, then the moves that cost the most"
