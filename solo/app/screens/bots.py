"""The bots' side of the table: a game against bots plays each bot's answer
(worked out from the game state) after the pace the player sets, keeps the
player's keys to the player's own questions, and at the start of the
player's turn says what the bots played meanwhile. A part of the game
screen (see ``table_base``): it reads the table's state declared there."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from engine.events import Event
from engine.game import Game
from engine.prompts import Prompt

from .. import messages as m
from ..widgets import BoxRows
from .table_base import TableBase

# the pause after each bot move (seconds), the player's choice (b cycles; space skips to your next question)
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}


class BotSeats(TableBase):
    """Plays the bots' seats (a part of the game screen)."""

    def seat_kind(self, p: int) -> str:
        """Who plays seat p: "human", or the bot's strength ("greedy", "search", ...)."""
        return self.seats[p] if self.seats is not None else "human"

    def seat_name(self, p: int) -> str:
        """Seat p's name as the table says it (Ada, Boris...; "Player p" without names)."""
        names = self.info.names
        return names[p] if names is not None and p < len(names) else f"Player {p}"

    def is_bot(self, p: int) -> bool:
        return self.seats is not None and self.seats[p] != "human"

    def yours(self, pr: Prompt | None) -> TypeGuard[Prompt]:
        """The question is a turn's move of yours (a bot's turn is not yours to play)."""
        return pr is not None and pr.kind == "turn" and not self.is_bot(pr.player)

    def bot_move(self) -> None:
        """The bot asked answers: worked out from the game state (the search
        bot beside the table, in the worker process), then played after the
        pace's pause, each move with the tutor's line."""
        g = self.g
        p = self.question().player
        name = self.seat_kind(p)
        self.thinking = self.seat_name(p)
        self.draw()
        stamp = (g, g.decisions)
        if name == "search":
            self.run_worker(self._search_bot(g, stamp), group="bot", exclusive=True)
        else:
            from engine.bots import answer_for
            self.after_pace(answer_for(g, name), stamp)

    async def _search_bot(self, g: Game, stamp: tuple[Game, int]) -> None:
        import asyncio
        try:
            answer = await asyncio.wrap_future(self.link.hints.submit_bot(g.to_dict(), "search"))
        except Exception:  # the worker process is gone (killed, out of memory): the same answer, here
            from engine.bots import answer_for
            self.link.hints.close()
            answer = await asyncio.to_thread(answer_for, g.copy(), "search")
        self.after_pace(answer, stamp)

    def after_pace(self, a: Any, stamp: tuple[Game, int]) -> None:
        delay = 0.0 if self.skipping else PACES[self.pace]
        if delay:
            self.waiting = (self.set_timer(delay, lambda: self.play_bot(a, stamp)), a, stamp)
        else:
            # at once, but after the table is shown and laid out anew (a box that grew moves the ones under it:
            # that layout can come a few frames after the drawing)
            self.call_after_refresh(self.when_laid_out, lambda: self.play_bot(a, stamp))

    def when_laid_out(self, then: Callable[[], None], tries: int = 50) -> None:
        """``then``, once the table's boxes have the height they were drawn for
        (checked every 10 ms, 0.5 s at most)."""
        boxes = self.query("#boxes").results(BoxRows)
        first = next(boxes, None)
        if tries <= 0 or first is None or not self.is_attached or first.region.height == sum(first.heights):
            then()
            return
        self.set_timer(0.01, lambda: self.when_laid_out(then, tries - 1))

    def play_bot(self, a: Any, stamp: tuple[Game, int]) -> None:
        """Play a bot's answer, unless the game moved on meanwhile (undo, a new game)."""
        self.waiting = None
        if not self.is_attached or self.g is not stamp[0] or self.g.decisions != stamp[1]:
            return
        self.thinking = None
        self.answer(a)

    def action_skip(self) -> None:
        """Space: the bots play at once until you are asked something."""
        if self.thinking is not None:
            self.skipping = True
            self.note(("Skipping to your next question...", "dim"))
            self.draw()
            if self.waiting is not None:  # the move waiting out the pace is played now
                timer, a, stamp = self.waiting
                timer.stop()
                self.play_bot(a, stamp)

    def action_pace(self) -> None:
        """b: the pause after each bot move: slow, normal, fast, instant."""
        names = list(PACES)
        self.pace = names[(names.index(self.pace) + 1) % len(names)]
        self.post_message(m.SetPref("bot_pace", self.pace))
        self.note(f"Bot pace: {self.pace} ({PACES[self.pace]:g} s a move)")
        self.draw()

    def recap_bots(self) -> None:
        """At the start of your turn, one line for what the bots played since
        your last turn (their lines have scrolled up; l shows them all)."""
        verbs = {"play": "played", "free_action": "used (a free action)", "surprise": "answered with"}
        by: dict[int, dict[str, list[str]]] = {}
        for p, c, kind in self.away:
            by.setdefault(p, {}).setdefault(kind, []).append(self.g.name(c))
        parts: list[str | tuple[str, str]] = [("Since your last turn:", "b")]
        for i, (p, kinds) in enumerate(by.items()):
            parts.append(("; " if i else " ") + self.seat_name(p))
            for j, (kind, cards) in enumerate(kinds.items()):
                parts.append(("," if j else "") + f" {verbs[kind]} ")
                for k, name in enumerate(cards):  # each name shown as a name: a comma in one is not a list
                    parts += [", "] if k else []
                    parts.append((name, "i"))
        self.away = []
        self.note(*parts, ".")

    def own_turn_end(self, e: Event) -> bool:
        """Whether a turn's end starts a new "just happened": every turn's in
        Solo; in a game against bots only yours, so that what the bots did
        since your last turn stays in view until your next one ends."""
        return self.seats is None or e.player == self.me

