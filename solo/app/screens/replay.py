"""A finished (or any) run, step by step, with the tutor's explanations."""
from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.answers import json_words, replay
from engine.game import Game
from tutor.explain import Explainer


def told_steps(decks: list[str], players: int, variant: str, seed: int, answers: list,
               watch: Callable[[list], None] | None = None,
               names: tuple[str, ...] | None = None) -> list[tuple[str, list[str]]]:
    """Each step of a run: (the answer as a person reads it, the tutor's lines
    for what it caused). Step 0 is the deal. ``watch`` sees each step's events
    in the same replay (the recap reads the scores and the end from them);
    ``names`` are the seats' names of a game against bots."""
    ex = Explainer("brief", names=names)
    g = Game.new(tuple(decks), players, variant, seed)
    steps: list[tuple[str, list[str]]] = [("the deal", [t.x.text for t in ex.explain_all(g, g.log or []) if t.head])]

    def on_step(i: int, j, events, game) -> None:
        if watch is not None:
            watch(events)
        steps.append((json_words(j),
                      [t.x.text for t in ex.explain_all(game, events) if t.head]))
    replay(g, answers, on_step)
    return steps


class ReplayScreen(Screen):
    """Left/Right (or , and .) step through the run; Esc or q goes back."""

    BINDINGS = [Binding("right,period", "step(1)", "Next", id="next"),
                Binding("left,comma", "step(-1)", "Back", id="prev"),
                Binding("escape,q", "close", "Close", id="close")]

    def __init__(self, title: str, steps: list[tuple[str, list[str]]]):
        super().__init__()
        self.title_text, self.steps, self.i = title, steps, 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        with VerticalScroll():
            yield Static(id="replay-text")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        answer, lines = self.steps[self.i]
        self.query_one("#replay-title", Static).update(
            f"[b]{self.title_text}[/] · step {self.i} of {len(self.steps) - 1} · "
            f"{'answer: ' + answer if self.i else answer}   (Left/Right: step · Esc: back)")
        self.query_one("#replay-text", Static).update("\n".join(lines) or "[dim](nothing to tell)[/]")

    def action_step(self, d: int) -> None:
        self.i = max(0, min(len(self.steps) - 1, self.i + d))
        self.show()

    def action_close(self) -> None:
        self.app.pop_screen()
