"""The menu."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..widgets import KeyBar


class MenuScreen(Screen):
    BINDINGS = [Binding("q", "app.quit", "Quit", id="quit")]

    def compose(self) -> ComposeResult:
        yield Static("[b]Solo Fluxx[/]\nThe solitaire Fluxx. Choose with the arrows and Enter.", id="menu-title")
        playing = self.app.store.in_progress()
        resume = []
        if "solo" in playing:
            resume.append(Option(f"Resume game (seed {playing['solo']['seed']}, turn {playing['solo']['turn']})",
                                 id="resume"))
        if "daily" in playing:
            resume.append(Option(f"Resume daily {playing['daily']['daily']} (turn {playing['daily']['turn']})",
                                 id="resume-daily"))
        if "standard" in playing:
            from solo.store.seats import seats_of_notes, table_words
            seats = seats_of_notes(playing["standard"].get("extra"))
            who = table_words(seats) if seats else "against bots"
            resume.append(Option(f"Resume Fluxx, {who} (turn {playing['standard']['turn']})", id="resume-standard"))
        yield OptionList(*resume, Option("New game", id="new"), Option("Daily challenge", id="daily"),
                         Option("Lessons", id="lessons"), Option("History", id="history"), Option("Stats", id="stats"),
                         Option("Quit", id="quit"), id="menu")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "resume":
            self.app.resume("solo")
        elif event.option.id == "resume-daily":
            self.app.resume("daily")
        elif event.option.id == "resume-standard":
            self.app.resume("standard")
        elif event.option.id == "new":
            self.app.choose_new_game()
        elif event.option.id == "daily":
            from solo.variant.daily import today
            self.app.daily_game(today())
        elif event.option.id == "stats":
            self.app.show_stats()
        elif event.option.id == "lessons":
            self.app.show_lessons()
        elif event.option.id == "history":
            from .history import HistoryScreen  # loaded when first shown (it brings Textual's DataTable)
            self.app.push_screen(HistoryScreen(self.app.store))
        else:
            self.app.exit()
