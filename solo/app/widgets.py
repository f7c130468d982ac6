"""The table's parts, one widget each. A part draws itself from the game
(and the run's info) in ``show``; the game screen composes them and asks
each to show the game after every answer. The table issue lays them out
as the Solo Fluxx diagram; today each is a labelled line or two."""
from __future__ import annotations

from typing import Any

from textual.widgets import Static

from engine.game import Game

from .cardtext import card, cards, table


class TablePart(Static):
    """One part of the table: it redraws itself from the game."""

    def show(self, g: Game, info: dict[str, Any]) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class TurnBanner(TablePart):
    """The game, the turn, the score and the plays left."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        left = g.plays_left(0) if g.phase == "play" and not g.temp else 0
        mode = "daily " + info["daily"] if info.get("daily") else f"seed {g.seed}"
        assisted = " · assisted" if info.get("assisted") else ""
        self.update(f"[b]Solo Fluxx[/] · {mode} · Turn {g.turn} · [b]Score {len(g.scored)}[/] · "
                    f"plays left {left}{assisted}")


class Piles(TablePart):
    """The decks and discard piles: Solo's Rules and Main decks, or the one draw pile."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        mtop = card(g, g.discard[-1]) if g.discard else "-"
        if g.variant.spots(g) is not None:
            rtop = card(g, g.rules_discard[-1]) if g.rules_discard else "-"
            self.update(f"Rules deck [b]{len(g.rules_deck)}[/] · Rules discard: {rtop}   "
                        f"Main deck [b]{len(g.draw)}[/] · Main discard: {mtop}")
        else:
            self.update(f"Draw pile [b]{len(g.draw)}[/] · Discard pile: {mtop} · New Rules: {cards(g, g.rules)}")


class RuleSpots(TablePart):
    """The Basic Rules with Inflation, and the four rule spots of Solo Fluxx."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        spots = g.variant.spots(g) or {}

        def spot(name: str) -> str:
            c = spots.get(name, -1)
            return card(g, c) if c >= 0 else "[dim]empty[/]"
        infl = g.inflation()
        self.update(f"Basic Rules: draw {1 + infl}, play {1 + infl}.  Draw spot: {spot('draw')}  "
                    f"Play spot: {spot('play')}\nLimit spot: {spot('limit')}  Other spot: {spot('other')}")


class GoalsArea(TablePart):
    """The current Goal(s) and the Scored Goals pile."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        scored = ", ".join(g.name(c) for c in g.scored) or "none yet"
        self.update(f"Current Goal(s): {cards(g, g.goals, '[dim]none[/]')}\n"
                    f"Scored Goals ({len(g.scored)}): {scored}")


class InPlay(TablePart):
    """The Keepers and Creepers in play (and any other seat's, with its hand size)."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        text = f"Keepers and Creepers in play: {table(g, 0, '[dim]none[/]')}"
        for q in range(1, g.nplayers):
            text += f"  │ Player {q}: {table(g, q, '[dim]none[/]')} ({len(g.hands[q])} in hand)"
        self.update(text)


class HandRow(TablePart):
    """The hand, and an open temporary hand beside it."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        label = "Hand (set aside)" if g.temp else "Hand"
        extra = ""
        if g.temp and g.temp[-1].cards:
            extra = f"   Temporary hand: {cards(g, g.temp[-1].cards)}"
        self.update(f"{label} ({len(g.hands[0])}): {cards(g, g.hands[0], '[dim]empty[/]')}{extra}")
