"""Statistics: the score histogram and the trend."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ..widgets import MoreCue
from .back import BackScreen

BARS = "▁▂▃▄▅▆▇█"


def bar_chart(hist: dict[str, int], width: int = 40) -> str:
    if not hist:
        return "  no finished runs yet"
    top = max(hist.values())
    lo, hi = min(int(k) for k in hist), max(int(k) for k in hist)
    lines = []
    for s in range(lo, hi + 1):
        n = hist.get(str(s), 0)
        lines.append(f"  {s:>2} | {'█' * max(1 if n else 0, round(width * n / top))} {n}")
    return "\n".join(lines)


def sparkline(values: list[int]) -> str:
    if not values:
        return ""
    hi = max(values) or 1
    return "".join(BARS[min(7, round(7 * v / hi))] for v in values)


def bots_text(st: dict[str, Any]) -> str:
    """Fluxx against bots: won of played, in all and by table (seats and strength)."""
    if not st["played"]:
        return "[b]Against bots[/]: no finished games yet"
    def drawn(d: dict[str, Any]) -> str:
        return f", drawn {d['drawn']}" if d.get("drawn") else ""
    rows = "\n".join(f"  {key:22} won {t['won']} of {t['played']}{drawn(t)}" for key, t in st["tables"].items())
    return f"[b]Against bots[/]: won {st['won']} of {st['played']}{drawn(st)}\n{rows}"


class StatsScreen(BackScreen):
    """The statistics the app gives it (the store's ``stats()``)."""

    def __init__(self, stats: dict[str, Any]) -> None:
        super().__init__()
        self.stats = stats

    def compose(self) -> ComposeResult:
        st = self.stats
        recent = [p["score"] for p in st["over_time"]][-60:]
        text = (f"[b]Statistics[/]\n\nSolo runs played {st['played']} · best {st['best']} · mean {st['mean']} · "
                f"daily streak {st['current_streak']} (longest {st['longest_streak']})\n"
                f"Apart from these: practice dailies {st['practice']['played']} (best {st['practice']['best']}) · "
                f"coached games {st['coached']['played']} · lessons done {st['lessons']['done']}\n\n"
                f"Score distribution:\n{bar_chart(st['histogram'])}\n\n"
                f"Scores over time (last {len(recent)}):\n  {sparkline(recent)}\n\n{bots_text(st['against_bots'])}")
        with VerticalScroll(id="stats"):
            yield Static(text, id="stats-text")
        yield MoreCue("#stats", id="stats-more")
        yield Footer()
