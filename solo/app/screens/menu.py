"""The menu."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .. import messages as m
from ..widgets import Choices, KeyBar


class MenuScreen(Screen[None]):
    """The menu: resume a game in progress, start one, the lessons, history,
    stats. What it chooses goes to the app as a message."""
    BINDINGS = [Binding("q", "app.quit", "Quit", id="quit")]

    def __init__(self, playing: dict[str, dict[str, Any]] | None = None) -> None:
        super().__init__()
        self.playing = playing or {}  # each slot with a game in it (the store's in_progress, given by the app)

    def compose(self) -> ComposeResult:
        yield Static("[b]Solo Fluxx[/]\nThe solitaire Fluxx. Choose with the arrows and Enter.", id="menu-title")
        playing = self.playing
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
        for slot, game in playing.items():  # a game of another variant, in the slot named as it
            if slot not in ("solo", "daily", "standard", "lesson"):
                from engine.registry import VariantError, get_variant
                from solo.store.seats import seats_of_notes, table_words
                try:
                    title = get_variant(slot).title
                except VariantError:
                    title = slot
                seats = seats_of_notes(game.get("extra"))
                who = f", {table_words(seats)}" if seats else ""
                resume.append(Option(Content(f"Resume {title}{who} (turn {game['turn']})"), id=f"resume:{slot}"))
        yield Choices(*resume, Option("New game", id="new"), Option("Daily challenge", id="daily"),
                         Option("Lessons", id="lessons"), Option("History", id="history"), Option("Stats", id="stats"),
                         Option("Quit", id="quit"), id="menu")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        if chosen.startswith("resume:"):
            self.post_message(m.ResumeGame(chosen.split(":", 1)[1]))
        elif chosen == "resume":
            self.post_message(m.ResumeGame("solo"))
        elif chosen == "resume-daily":
            self.post_message(m.ResumeGame("daily"))
        elif chosen == "resume-standard":
            self.post_message(m.ResumeGame("standard"))
        elif chosen == "new":
            self.post_message(m.ChooseNewGame())
        elif chosen == "daily":
            from solo.variant.daily import today
            self.post_message(m.PlayDaily(today()))
        elif chosen == "stats":
            self.post_message(m.ShowStats())
        elif chosen == "lessons":
            self.post_message(m.ShowLessons())
        elif chosen == "history":
            self.post_message(m.ShowHistory())
        else:
            self.app.exit()
