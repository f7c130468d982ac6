"""The Solo Fluxx app: resumes the game in progress, else shows the menu."""
from __future__ import annotations

import time
from functools import partial

from textual.app import App
from textual.command import Hit, Hits, Provider

from engine.game import Game
from solo.store import Store

from .screens import CardScreen, EndScreen, GameScreen, HistoryScreen, MenuScreen


class SoloCommands(Provider):
    """Command palette: New game, History, Toggle log, Rules: <card>."""

    async def search(self, query: str) -> Hits:
        app = self.app
        matcher = self.matcher(query)
        from solo.daily import today
        items = [("New game", partial(app.new_game, None, ["fluxx5"]), "start a new solo game"),
                 ("Daily challenge", partial(app.daily_game, today()), "today's deal, the same for everyone"),
                 ("Lessons", app.show_lessons, "step-by-step lessons"),
                 ("History", app.show_history, "past runs"),
                 ("Stats", app.show_stats, "best, mean, streaks and charts"),
                 ("Toggle tutor", app.toggle_tutor, "tutor level: off, brief, full")]
        g = app.current_game()
        if g is not None:
            for c in g.db.cards:
                items.append((f"Rules: {c.name}", partial(app.show_card, c.id), "the card's full text"))
        for name, cb, help_ in items:
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), cb, help=help_)


class SoloFluxxApp(App):
    CSS_PATH = "solo.tcss"
    TITLE = "Solo Fluxx"
    COMMANDS = App.COMMANDS | {SoloCommands}

    def __init__(self, store: Store | None = None, new: tuple | None = None, daily: str | None = None,
                 learn: bool = False):
        super().__init__()
        self.learn = learn
        self.store = store or Store()
        self.new = new  # (seed or None, decks) to start a new game at once
        self.daily = daily  # a date: start that date's daily challenge
        self.started_at = time.perf_counter()

    def on_mount(self) -> None:
        if self.store.notice:
            self.notify(self.store.notice, severity="warning", timeout=10)
        if self.learn:
            self.show_lessons()
            return
        if self.daily is not None:
            self.daily_game(self.daily)
            return
        if self.new is not None:
            self.new_game(*self.new)
            return
        saved = self.store.load()
        if saved is not None:
            g, answers, info = saved
            self.push_screen(GameScreen(g, answers, info))
        else:
            self.push_screen(MenuScreen())

    def current_game(self) -> Game | None:
        for s in reversed(self.screen_stack):
            if isinstance(s, GameScreen):
                return s.g
        return None

    def new_game(self, seed: int | None, decks, daily: str | None = None) -> None:
        if seed is None:
            seed = int(time.time() * 1000) % (2 ** 31)
        g = Game.new(tuple(decks), 1, "solo", seed)
        self.store.start(g, daily=daily)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(GameScreen(g, [], {"seed": seed, "decks": list(decks), "assisted": False, "daily": daily}))

    def daily_game(self, date_iso: str) -> None:
        from solo.daily import DAILY_DECKS, daily_seed
        self.new_game(daily_seed(date_iso), DAILY_DECKS, daily=date_iso)

    def show_lessons(self) -> None:
        from .screens import LessonsScreen
        self.push_screen(LessonsScreen())

    def show_stats(self) -> None:
        from .screens import StatsScreen
        self.push_screen(StatsScreen(self.store))

    def action_show_stats(self) -> None:
        """The `s` key of the game and end screens."""
        self.show_stats()

    def game_finished(self, screen: GameScreen) -> None:
        best, mean = self.store.best_and_mean()
        self.push_screen(EndScreen(screen.g, best, mean, screen.info.get("assisted", False),
                                   daily=screen.info.get("daily"), answers=screen.answers,
                                   assists=screen.info.get("assists")))

    def show_history(self) -> None:
        self.push_screen(HistoryScreen(self.store))

    def show_card(self, c: int) -> None:
        g = self.current_game()
        if g is not None:
            self.push_screen(CardScreen(g, c))

    def toggle_tutor(self) -> None:
        for s in self.screen_stack:
            if isinstance(s, GameScreen):
                s.action_tutor_level()
