"""The small screens over the table: a rule, a card, help."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.game import Game

from ..cardtext import card


class RuleScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,w", "close", "Close", id="close")]

    def __init__(self, rule_id: str):
        super().__init__()
        self.rule_id = rule_id

    def compose(self) -> ComposeResult:
        from tutor.reference import entry
        e = entry(self.rule_id)
        with Vertical(id="dialog"):
            yield Static(f"{e.title}", id="dialog-title")
            yield Static(f"{e.text}\n\nSource: {e.source}" + ("  (the project's reading)" if e.kind == "reading" else ""))
            yield Static(f"[{e.id}]   Esc: close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class CardScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,d", "close", "Close", id="close")]

    def __init__(self, g: Game, c: int):
        super().__init__()
        self.g, self.c = g, c

    def compose(self) -> ComposeResult:
        cd = self.g.db.cards[self.c]
        extra = f"\nSlot: {cd.slot}" if cd.slot else ""
        conf = f"\nConfidence: {cd.confidence} ({cd.source})" if cd.confidence else ""
        with Vertical(id="dialog"):
            yield Static(f"{card(self.g, self.c)}  ({cd.type}{', ' + cd.category if cd.category else ''})",
                         id="dialog-title")
            yield Static(cd.text + extra + conf)
            yield Static("Esc: close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class PilesScreen(ModalScreen[None]):
    """The Scored Goals and the discard piles, in full (Let's Do That Again!
    and Empty the Trash make the discards matter)."""
    BINDINGS = [Binding("escape,enter,p", "close", "Close", id="close")]

    def __init__(self, g: Game):
        super().__init__()
        self.g = g

    def compose(self) -> ComposeResult:
        g = self.g

        def pile(ids: list[int]) -> str:
            return ", ".join(card(g, c) for c in reversed(ids)) or "empty"
        parts = [f"[b]Scored Goals ({len(g.scored)})[/], latest first: {pile(g.scored)}"] if g.variant.scores else []
        parts.append(f"[b]Main discard ({len(g.discard)})[/], top first: {pile(g.discard)}")
        if g.variant.spots(g) is not None:
            parts.append(f"[b]Rules discard ({len(g.rules_discard)})[/], top first: {pile(g.rules_discard)}")
        with Vertical(id="dialog"):
            yield Static("The piles", id="dialog-title")
            yield Static("\n\n".join(parts))
            yield Static("Esc: close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


HELP = """[b]Keys[/]
  Up/Down or j/k   move between moves        Enter   play the highlighted move
  1-9              play move number N        d       full text of the card
  u                undo (marks the run assisted)
  Tab              between the moves and the tutor panel (Enter or w on any tutor line: why?)
  t                tutor: off, brief, full   w       why? (the rule behind the last line)
  i                hint (first a nudge, then a move; marks the run assisted)
  e                end the turn (when only free actions are left)   x  discard? (the tutor explains)
  l                just happened / full log  p       the piles (Scored, discards)
  q or Esc         the menu (every answer is saved: the game resumes where you left it)
  h                history                   ?/F1    this help
  c                card colours: colour-blind safe (default) or vivid; letters K G R A C S always show the type
  Ctrl+P           command palette (New game, Daily challenge, Lessons, History, Stats,
                   Rules: <card>, Toggle tutor)
  In a dialog: Enter chooses (Space marks when several are asked), Esc passes when allowed.
  Against bots: Space plays the bots' moves at once until you are asked;
  b                the pause after each bot move: slow, normal, fast, instant

[b]Solo Fluxx[/]
  Take a turn (draw, play), then a card is flipped from the Rules deck into its spot.
  Meet the current Goal at any moment to score it: its Keepers and Creepers are discarded.
  The game ends the moment either deck runs out. Your score is the Goals you collected.

Esc closes this help."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,f1", "close", "Close", id="close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
