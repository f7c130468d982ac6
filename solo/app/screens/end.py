"""The end of a game."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from engine.answers import ReplayError
from engine.events import Event
from engine.game import Game

from .. import messages as m
from ..cardtext import card
from ..lines import styled
from ..widgets import KeyBar, MoreCue


@dataclass
class EndRecord:
    """The record a finished game joins, as the app read it when the game
    ended: the best Solo score and the mean; against bots, the record
    against bots (won, played, drawn); a daily's par if known, and whether
    this attempt was practice."""
    best: int | None = None
    mean: float | None = None
    bots: dict[str, Any] | None = None
    par: int | None = None
    practice: bool = False


class EndScreen(Screen[None]):
    BINDINGS = [Binding("n", "new_game", "New game", id="new"), Binding("r", "replay", "Replay", id="replay"),
                Binding("h", "history", "History", id="history"),
                Binding("s", "app.show_stats", "Stats", id="stats"), Binding("q", "app.quit", "Quit", id="quit")]

    def __init__(self, g: Game, record: EndRecord, assisted: bool, daily: str | None = None,
                 answers: list[Any] | None = None, assists: list[str] | None = None, coached: bool = False,
                 seats: list[str] | None = None):
        super().__init__()
        self.seats = seats  # a game against bots: who sat where
        self.record = record
        self.g, self.best, self.mean, self.assisted, self.daily = g, record.best, record.mean, assisted, daily
        self.coached = coached
        self.answers = answers
        self.assists = assists or []
        self.steps: list[tuple[str, list[str]]] | None = None
        self.review_lines: list[str] = []  # the coached game's review, once worked out

    def recap(self) -> Content:
        """Why the game ended, the Goals scored by turn, turns, assists, best."""
        g = self.g
        if self.seats:
            return self.bots_recap()
        why, by_turn = "", []
        if self.answers is not None:  # one replay gives the recap's facts and the step-by-step replay
            from .replay import told_steps
            turn = 0

            def watch(events: list[Event]) -> None:
                nonlocal why, turn
                for e in events:
                    if e.kind == "turn_start":
                        turn = e.data["turn"]
                    elif e.kind == "score":
                        by_turn.append((turn, e.card))
                    elif e.kind == "game_over" and "deck" in e.data:
                        why = f"the {e.data['deck']} deck ran out"
            self.steps = told_steps(list(g.decks), g.nplayers, g.variant_name, g.seed, self.answers, watch)
        scored = Content("\n").join(styled(f"  turn {t:>2}  ", card(g, c)) for t, c in by_turn) if by_turn else \
            Content("\n").join(styled("  ", card(g, c)) for c in g.scored) if g.scored else Content("  none")
        if self.assisted:
            used = ", ".join(dict.fromkeys(self.assists)) or "undo or hint"
            note = f"  (assisted: {used})"
        else:
            note = "  (unassisted)"
        best = styled(f"Personal best: {self.best}   Average: {self.mean}")
        if self.best is not None and len(g.scored) >= self.best and not self.assisted:
            best = styled(("A personal best!", "b"), " ", best)
        replay_key = "   r: replay this game" if self.steps else ""
        return styled(("Game over", "b"), f": {why or 'the game has ended'}, after {g.turn} turns.\n\n",
                      (f"Score: {len(g.scored)}", "b"), f"{note}\n\nGoals scored, by turn:\n", scored, "\n\n",
                      best, f"\n\nn: new game{replay_key}   h: history   s: stats   q: quit")

    def bots_recap(self) -> Content:
        """A game against bots: who won, with which Goal, after how many turns;
        every seat's table at the end; the record against bots."""
        from solo.store.seats import seat_label, seat_names
        g, seats = self.g, self.seats or []
        names = seat_names(seats)
        goal = ""
        if self.answers is not None:
            from .replay import told_steps

            def watch(events: list[Event]) -> None:
                nonlocal goal
                for e in events:
                    if e.kind == "game_over" and e.data.get("goal", -1) >= 0:
                        goal = g.name(e.data["goal"])
            try:
                self.steps = told_steps(list(g.decks), g.nplayers, g.variant_name, g.seed, self.answers, watch,
                                        names=names)
            except ReplayError:  # a table laid by hand (a test) is not its seed's deal: no replay
                self.steps = None
        if g.winner is None or g.winner < 0:  # a draw: the rule that ended it says why, as the tutor does
            from engine.rule_ids import RULES
            why = RULES[g.end][0] if g.end in RULES else "nobody won"
            head = styled(("Game over", "b"), f": a draw, no winner. {why}.")
        elif seats[g.winner] == "human":
            head = styled(("You won!", "b"))
        else:
            head = styled((f"{seat_label(seats, g.winner)} won.", "b"))
        if goal:
            head += f" The Goal: {goal}."
        tables = "\n".join(f"  {seat_label(seats, q):16} {', '.join(g.name(c) for c in g.tables[q]) or '-'}"
                           for q in range(g.nplayers))
        st = self.record.bots or {"won": 0, "played": 0}
        note = "  (assisted: " + (", ".join(dict.fromkeys(self.assists)) or "undo or hint") + ")" if self.assisted else ""
        replay_key = "   r: replay this game" if self.steps else ""
        return styled(head, f"{note}\nAfter {g.turn} turns.\n\nOn the tables at the end:\n{tables}\n\n"
                      f"Against bots: {st['won']} won of {st['played']}"
                      f"{', ' + str(st['drawn']) + ' drawn' if st.get('drawn') else ''}\n\n"
                      f"n: new game{replay_key}   h: history   s: stats   q: quit")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(self.recap(), id="end-text")
            if self.daily:
                yield Static("Par: working it out...", id="par")
            if self.coached:
                yield Static("Your coach is looking back over the game...", id="review")
        yield MoreCue("#end", id="end-more")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.coached and self.answers is not None:
            self.run_worker(self._review, thread=True, group="review")
        if not self.daily:
            return
        par = self.record.par
        if par is not None:
            self.show_par(par)
        else:  # the search bot's game takes a few seconds: off the UI thread, no database there
            self.run_worker(self._compute_par, thread=True, exclusive=True)

    def _review(self) -> None:
        from tutor.review import costliest_moves, review_text
        g = self.g
        lines = review_text(costliest_moves(g.variant_name, list(g.decks), g.seed, list(self.answers or [])))
        self.app.call_from_thread(self._got_review, lines)

    def _got_review(self, lines: list[str]) -> None:
        self.review_lines = lines
        text = styled(("Your coach: the moves that cost the most", "b"), "\n", "\n".join(f"  {ln}" for ln in lines))
        self.query_one("#review", Static).update(text)

    def _compute_par(self) -> None:
        from solo.variant.daily import compute_par
        assert self.daily is not None  # worked out only for a daily
        par = compute_par(self.daily)
        self.app.call_from_thread(self._got_par, par)

    def _got_par(self, par: int) -> None:
        if self.daily:
            self.post_message(m.ParFound(self.daily, par))  # the app keeps it: the next end shows it at once
        self.show_par(par)

    def show_par(self, par: int) -> None:
        from solo.variant.daily import share_line
        practice = self.record.practice
        assert self.daily is not None  # shown only for a daily
        line = share_line(self.daily, len(self.g.scored), par, self.g.turn, practice)
        kind = "practice (the day's scored attempt is your first)" if practice else "your scored attempt"
        self.query_one("#par", Static).update(Content(f"Par {par} · this was {kind}\nShare: {line}"))

    def action_replay(self) -> None:
        """This game, step by step, with the tutor's explanations."""
        if self.steps:
            g = self.g
            self.post_message(m.ReplayGame(f"Replay: seed {g.seed}", list(g.decks), g.nplayers, g.variant_name,
                                           g.seed, list(self.answers or []), self.seats))

    def action_new_game(self) -> None:
        """The same kind of game again: the same decks (and the same bots)."""
        self.post_message(m.PlayAgain(list(self.g.decks), self.seats, self.g.variant_name))

    def action_history(self) -> None:
        self.post_message(m.ShowHistory())
