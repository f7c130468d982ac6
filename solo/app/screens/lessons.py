"""The list of lessons."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scenarios.lessons import COACHED_TITLE

from ..widgets import KeyBar
from .back import BackScreen
from .lesson import LessonScreen


class LessonsScreen(BackScreen):

    def compose(self) -> ComposeResult:
        from scenarios.lessons import lessons
        done = self.app.store.lessons_done()
        self.items = lessons()
        yield Static("[b]Lessons[/]: each sets a table and an objective; reach it any way you can.",
                     id="menu-title")
        yield OptionList(*[Option(self.label(n, ls, done), id=ls.id) for n, ls in enumerate(self.items)],
                         Option(Content(f"    {len(self.items) + 1:2}. {COACHED_TITLE}"), id="coached"), id="menu")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "coached":
            self.app.coached_game()
            return
        lesson = self.items[event.option_index]
        notes = self.app.store.notes("lesson") or {}
        step = notes.get("step") if notes.get("lesson") == lesson.id else 0
        self.app.push_screen(LessonScreen(lesson, step if isinstance(step, int) and step > 0 else 0))

    def on_screen_resume(self) -> None:
        done = self.app.store.lessons_done()
        ol = self.query_one(OptionList)
        for n, ls in enumerate(self.items):
            ol.replace_option_prompt_at_index(n, self.label(n, ls, done))

    def label(self, n: int, ls, done: set[str]) -> Content:
        """A lesson's line: its stars (or none yet), in progress (its step), its title."""
        from .lesson import star_text
        notes = self.app.store.notes("lesson") or {}
        stars = self.app.store.lesson_stars().get(ls.id, 0)
        going = f"  (in progress: step {notes.get('step', 0) + 1})" if notes.get("lesson") == ls.id else ""
        return Content(f"{star_text(stars) if ls.id in done else '   '} {n + 1:2}. {ls.title}{going}")
