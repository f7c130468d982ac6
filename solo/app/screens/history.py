"""The history of runs."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from .. import messages as m
from ..widgets import KeyBar
from .back import BackScreen

HISTORY_PAGE = 500  # runs the History shows at first, and adds with each o (a history of 20,000 is read in pages)


class HistoryScreen(BackScreen):
    """The runs the app gives it (the store's ``runs()``, and the ones that
    cannot be read, each with why); Enter asks the app for a run's replay.
    ``older(n)``: the newest ``n`` runs and the unreadable ones, to show
    more than the first page (o); ``total``: how many runs the history holds."""

    BINDINGS = [Binding("o", "older", "Older runs", id="history-older")]

    def __init__(self, runs: list[dict[str, Any]], unreadable: dict[int, str] | None = None,
                 total: int | None = None,
                 older: Callable[[int], tuple[list[dict[str, Any]], dict[int, str]]] | None = None,
                 notes: list[str] | None = None) -> None:
        super().__init__()
        self.notes = notes or []  # the saves set aside beside this one: where, what they hold, how to restore
        self.runs = runs
        self.unreadable = unreadable or {}
        self.total = len(runs) + len(self.unreadable) if total is None else total
        self.older = older

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="history-title")
        if self.notes:
            yield Static("\n".join(self.notes), id="history-aside", markup=False)
        yield DataTable(id="history-table")
        yield KeyBar()

    def title_text(self) -> str:
        shown = len(self.runs) + len(self.unreadable)
        if shown >= self.total:
            return "[b]Run history[/]"
        more = min(HISTORY_PAGE, self.total - shown)
        return (f"[b]Run history[/]: the newest {shown:,} of {self.total:,} runs; o shows "
                f"{more:,} older {'one' if more == 1 else 'ones'}")

    def action_older(self) -> None:
        if self.older is None or len(self.runs) + len(self.unreadable) >= self.total:
            return
        self.runs, self.unreadable = self.older(len(self.runs) + len(self.unreadable) + HISTORY_PAGE)
        self.query_one("#history-title", Static).update(self.title_text())
        t = self.query_one(DataTable)
        t.clear()
        self.fill(t)

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.cursor_type = "row"
        t.add_columns("Id", "Date", "Seed", "Decks", "Result", "Mode", "Assisted", "Status")
        self.fill(t)

    def fill(self, t: DataTable[Any]) -> None:
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
