"""The list of lessons."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .back import BackScreen
from .lesson import LessonScreen


class LessonsScreen(BackScreen):

    def compose(self) -> ComposeResult:
        from scenarios.lessons import lessons
        done = self.app.store.lessons_done()
        self.items = lessons()
        yield Static("[b]Lessons[/]: each sets a table; you make every move and the tutor explains.",
                     id="menu-title")
        yield OptionList(*[Option(f"{'✓' if ls.id in done else ' '} {n + 1:2}. {ls.title}", id=ls.id)
                           for n, ls in enumerate(self.items)], id="menu")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(LessonScreen(self.items[event.option_index]))

    def on_screen_resume(self) -> None:
        done = self.app.store.lessons_done()
        ol = self.query_one(OptionList)
        for n, ls in enumerate(self.items):
            ol.replace_option_prompt_at_index(n, f"{'✓' if ls.id in done else ' '} {n + 1:2}. {ls.title}")
