"""The history of runs."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from engine.answers import ReplayError

from ..widgets import KeyBar
from .back import StoreScreen


class HistoryScreen(StoreScreen):

    def compose(self) -> ComposeResult:
        yield Static("[b]Run history[/]", id="history-title")
        yield DataTable(id="history-table")
        yield KeyBar()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.cursor_type = "row"
        t.add_columns("Id", "Date", "Seed", "Decks", "Result", "Mode", "Assisted", "Status")
        from textual.content import Content

        from solo.store.seats import run_result
        runs = self.store.runs()
        shown: list[tuple[int, tuple]] = []
        for r in runs:
            mode = (r["daily"] + (" practice" if r["practice"] else "")) if r["daily"] else \
                "solo" if r["variant"] == "solo" else "vs bots"
            shown.append((r["id"], (str(r["id"]), (r["finished"] or r["started"])[:16], str(r["seed"]),
                                    ",".join(r["decks"]), run_result(r), mode, "yes" if r["assisted"] else "no",
                                    r["status"])))
        for rid, why in self.store.unreadable.items():  # shown in its place, saying why, never hiding the rest
            shown.append((rid, (str(rid), "", "", "", "", "", "", Content(f"unreadable: {why}"))))
        for rid, cells in sorted(shown, key=lambda x: x[0]):
            t.add_row(*cells, key=str(rid))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a run: replay it step by step with the tutor's explanations."""
        run = self.store.run_file(int(str(event.row_key.value)))
        if not run or not isinstance(run.get("answers"), list):
            self.notify("This run has no answers to replay.", severity="warning")
            return
        from .replay import ReplayScreen
        try:
            from solo.store.seats import seats_of_notes
            seats = seats_of_notes(run.get("seats"))
            screen = ReplayScreen(f"Run {event.row_key.value}: seed {run['seed']}", run["decks"], run.get("players", 1),
                                  run.get("variant", "solo"), run["seed"], run["answers"], seats)
        except (ReplayError, ValueError, KeyError, TypeError) as e:  # e.g. a run of another engine version
            self.notify(f"This run cannot be replayed here: {e}", severity="warning")
            return
        self.app.push_screen(screen)
