"""The end of a game."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.game import Game

from ..cardtext import card
from .history import HistoryScreen


class EndScreen(Screen):
    BINDINGS = [Binding("n", "new_game", "New game", id="new"), Binding("h", "history", "History", id="history"),
                Binding("s", "app.show_stats", "Stats", id="stats"), Binding("q", "app.quit", "Quit", id="quit")]

    def __init__(self, g: Game, best, mean, assisted: bool, daily: str | None = None):
        super().__init__()
        self.g, self.best, self.mean, self.assisted, self.daily = g, best, mean, assisted, daily

    def compose(self) -> ComposeResult:
        g = self.g
        goals = "\n".join(f"  {card(g, c)}" for c in g.scored) or "  none"
        note = "  (assisted: undo was used)" if self.assisted else ""
        with Vertical(id="end"):
            yield Static(f"[b]Game over[/] after {g.turn} turns.\n\n[b]Score: {len(g.scored)}[/]{note}\n\n"
                         f"Scored Goals:\n{goals}\n\nPersonal best: {self.best}   Average: {self.mean}\n\n"
                         "n: new game   h: history   s: stats   q: quit", id="end-text")
            if self.daily:
                yield Static("Par: working it out...", id="par")
        yield Footer()

    def on_mount(self) -> None:
        if not self.daily:
            return
        par = self.app.store.par(self.daily)
        if par is not None:
            self.show_par(par)
        else:  # the search bot's game takes a few seconds: off the UI thread, no database there
            self.run_worker(self._compute_par, thread=True, exclusive=True)

    def _compute_par(self) -> None:
        from solo.daily import compute_par
        par = compute_par(self.daily)
        self.app.call_from_thread(self._got_par, par)

    def _got_par(self, par: int) -> None:
        self.app.store.set_par(self.daily, par)
        self.show_par(par)

    def show_par(self, par: int) -> None:
        from solo.daily import share_line
        runs = [r for r in self.app.store.runs(finished_only=True) if r["daily"] == self.daily]
        practice = bool(runs and runs[-1]["practice"])
        line = share_line(self.daily, len(self.g.scored), par, self.g.turn, practice)
        kind = "practice (the day's scored attempt is your first)" if practice else "your scored attempt"
        self.query_one("#par", Static).update(f"Par {par} · this was {kind}\nShare: {line}")

    def action_new_game(self) -> None:
        self.app.new_game(None, self.g.decks)

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.app.store))
