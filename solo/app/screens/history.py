"""The history of runs."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from .. import messages as m
from ..widgets import KeyBar
from .back import BackScreen


class HistoryScreen(BackScreen):
    """The runs the app gives it (the store's ``runs()``, and the ones that
    cannot be read, each with why); Enter asks the app for a run's replay."""

    def __init__(self, runs: list[dict[str, Any]], unreadable: dict[int, str] | None = None) -> None:
        super().__init__()
        self.runs = runs
        self.unreadable = unreadable or {}

    def compose(self) -> ComposeResult:
        yield Static("[b]Run history[/]", id="history-title")
        yield DataTable(id="history-table")
        yield KeyBar()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.cursor_type = "row"
        t.add_columns("Id", "Date", "Seed", "Decks", "Result", "Mode", "Assisted", "Status")
        from textual.content import Content

        from solo.store import local_time
        from solo.store.seats import run_result
        runs = self.runs
        shown: list[tuple[int, tuple[Any, ...]]] = []
        for r in runs:
            mode = (r["daily"] + (" practice" if r["practice"] else "")) if r["daily"] else \
                "solo" if r["variant"] == "solo" else "vs bots"
            shown.append((r["id"], (str(r["id"]), local_time(r["finished"] or r["started"]), str(r["seed"]),
                                    ",".join(r["decks"]), run_result(r), mode, "yes" if r["assisted"] else "no",
                                    r["status"])))
        for rid, why in self.unreadable.items():  # shown in its place, saying why, never hiding the rest
            shown.append((rid, (str(rid), "", "", "", "", "", "", Content(f"unreadable: {why}"))))
        for rid, cells in sorted(shown, key=lambda x: x[0]):
            t.add_row(*cells, key=str(rid))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a run: replay it step by step with the tutor's explanations."""
        self.post_message(m.ReplayRun(int(str(event.row_key.value))))
