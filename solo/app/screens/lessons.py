"""The list of lessons."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scenarios.lessons import COACHED_TITLE

from .. import messages as m
from ..widgets import Choices, KeyBar
from .back import BackScreen


@dataclass
class LessonProgress:
    """What the list shows of the player's lessons (given by the app): the
    lessons done, their stars, and the lesson save's notes (the lesson in
    progress and its step)."""
    done: set[str] = field(default_factory=set)
    stars: dict[str, int] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)


class LessonsScreen(BackScreen):

    def __init__(self, progress: LessonProgress | None = None) -> None:
        super().__init__()
        self.progress = progress or LessonProgress()

    def compose(self) -> ComposeResult:
        from scenarios.lessons import lessons
        self.items = lessons()
        yield Static("[b]Lessons[/]: each sets a table and an objective; reach it any way you can.",
                     id="menu-title")
        yield Choices(*[Option(self.label(n, ls), id=ls.id) for n, ls in enumerate(self.items)],
                         Option(Content(f"    {len(self.items) + 1:2}. {COACHED_TITLE}"), id="coached"), id="menu")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "coached":
            self.post_message(m.PlayCoached())
            return
        self.post_message(m.OpenLesson(self.items[event.option_index].id))

    def on_screen_resume(self) -> None:
        self.post_message(m.LessonsShown())  # back from a lesson: the app gives the progress as it now is

    def show_progress(self, progress: LessonProgress) -> None:
        """The lessons' stars and steps as they now are (a call down from the app)."""
        self.progress = progress
        ol = self.query_one(OptionList)
        for n, ls in enumerate(self.items):
            ol.replace_option_prompt_at_index(n, self.label(n, ls))

    def label(self, n: int, ls: Any) -> Content:
        """A lesson's line: its stars (or none yet), in progress (its step), its title."""
        from .lesson import star_text
        notes = self.progress.notes
        stars = self.progress.stars.get(ls.id, 0)
        going = f"  (in progress: step {notes.get('step', 0) + 1})" if notes.get("lesson") == ls.id else ""
        return Content(f"{star_text(stars) if ls.id in self.progress.done else '   '} {n + 1:2}. {ls.title}{going}")
