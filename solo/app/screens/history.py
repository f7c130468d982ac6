"""The history of runs."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Footer, Static

from .back import StoreScreen


class HistoryScreen(StoreScreen):

    def compose(self) -> ComposeResult:
        yield Static("[b]Run history[/]", id="history-title")
        yield DataTable(id="history-table")
        yield Footer()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.add_columns("Date", "Seed", "Decks", "Score", "Daily", "Assisted", "Status")
        for r in self.store.runs():
            daily = (r["daily"] + (" practice" if r["practice"] else "")) if r["daily"] else "no"
            t.add_row((r["finished"] or r["started"])[:16], str(r["seed"]), ",".join(r["decks"]),
                      "-" if r["score"] is None else str(r["score"]), daily,
                      "yes" if r["assisted"] else "no", r["status"])
