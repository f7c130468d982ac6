"""Variants: what differs between the standard game and Solo Fluxx.

A variant decides the deck split, where New Rules go, what meeting a Goal
does (win or score), the standing obligations settled before each play,
what happens between turns, and when the game ends. Everything else is
the shared engine. Solo Fluxx registers itself from ``solo/``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import rng as R
from .events import Kind
from .game import Game
from .goals import (
    count_blocked,
    excused,
    goal_winners,
    meets,
    most_count,
    rivals,
    short_by_inflation,
    stand_ins,
    stoppers,
    why_blocked,
)

# the core owns the registry; these names stay importable from here
from .registry import VARIANTS as _VARIANTS  # noqa: F401
from .registry import get_variant as get_variant
from .registry import register_variant as register_variant
from .registry import variant_names as variant_names

# What a variant reports for the tutor as standing between a player and a
# Goal: (event kind, rule id, seat or -1, Goal, data).
NearMiss = tuple[str, str, int, int, dict[str, Any]]


def goal_inputs(g: Game) -> tuple[Any, ...]:
    """Everything a standard Goal check reads, copied: the Goals, every table
    (Keepers, Creepers), the rules in play (Inflation, excuses, blocks),
    their attachments (a Malfunction switches a stand-in off) and, while a
    Goal counts cards in hand, hand sizes. Equal inputs, equal outcome: the
    property tests hold it to that."""
    return (list(g.goals), [list(t) for t in g.tables], list(g.rules), dict(g.attached), _hand_sizes(g))


def _hand_sizes(g: Game) -> list[int] | None:
    hands = g.db.hand_goals
    return [len(h) for h in g.hands] if hands and not hands.isdisjoint(g.goals) else None


def same_goal_inputs(g: Game, key: tuple[Any, ...] | None) -> bool:
    """``goal_inputs(g) == key``, compared in place (nothing is copied: most
    checks find the table as the last one left it)."""
    if key is None or key[0] != g.goals or key[1] != g.tables or key[2] != g.rules or key[3] != g.attached:
        return False
    sizes = key[4]
    if sizes is None:  # no Goal counted hands then; one may now
        hands = g.db.hand_goals
        return not hands or hands.isdisjoint(g.goals)
    same: bool = sizes == [len(h) for h in g.hands]
    return same


def _stopped(g: Game, goal: int, p: int, c: int) -> dict[str, Any]:
    """A blocked near miss's data: the Creeper that stops p, and any others that would too."""
    why: dict[str, Any] = {"stopper": c}
    also = [x for x in stoppers(g, goal, p) if x != c]
    if also:
        why["also"] = also
    return why


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game came out, as a variant reads it (python-chess's ``Outcome``):
    what ended it, who won, the score. A game still going has no termination."""
    termination: str | None  # the id of the rule the game ended by (win.goal, game.repetition, ...)
    winner: int | None       # the seat that won; None: nobody (a draw, a scored game, not over)
    score: int | None        # a variant that scores: the score; None otherwise
    draw_reason: str | None  # a game that has winners and ended with none: the rule why

    def words(self) -> str:
        """What a result says: "score 5", "winner p1", "a draw, game.repetition"."""
        if self.score is not None:
            return f"score {self.score}"
        if self.winner is not None:
            return f"winner p{self.winner}"
        return f"a draw, {self.draw_reason}" if self.draw_reason else "not over"

    def fields(self) -> dict[str, Any]:
        """The result as sim results, run files and the game_over event record it
        (kept as files hold it: a score, or the winner (-1: nobody) and the end)."""
        if self.score is not None:
            return {"score": self.score, "winner": None}
        return {"score": None, "winner": -1 if self.winner is None else self.winner, "end": self.termination}


class Variant:
    name = "standard"
    title = "Fluxx"   # what a sentence calls the game
    # the table an app lays out for it: "seats" (the New Rules in play, a line per seat) or
    # "spots" (Solo's rule spots, its two piles and the score)
    layout = "seats"
    scenarios: Path | None = None  # the folder of the variant's own rules scenarios (the tests run them all)
    # between_turns does nothing (worked out for each subclass): the end of a
    # turn then queues no between-turns task
    quiet_between = True

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.quiet_between = cls.between_turns is Variant.between_turns

    # settle can queue work (False: it never does, and the engine skips asking)
    settles = True
    scores = False    # a met Goal scores points rather than winning the game
    spot_names: tuple[str, ...] = ()  # the table's rule spots (Solo's four); a scenario's `spots` names these
    min_players = 2
    max_players = 6
    alone_rule = ""   # the rule id cited when an effect needs another player and there is none
    # a game that can go on forever ends drawn: a position back a third time, or
    # NO_PROGRESS_ROUNDS rounds with nothing new in play (Solo always ends: its decks run out)
    draws = True

    def setup(self, g: Game) -> None:
        """Shuffle every card into the draw pile."""
        g.draw = list(range(g.db.n))
        g.rng = R.shuffle(g.rng, g.draw)

    def place_rule(self, g: Game, p: int, c: int) -> None:
        slot = g.db.cards[c].slot
        if slot is not None and slot != "other":
            old = g.slot_rule(slot)
            if old >= 0:
                g.remove_rule(old, p, "card.rule-replaces", replaced_by=c)
        g.rules.append(c)
        g.sink.rule(p, c, "card.rule", None)

    def check_goals(self, g: Game) -> bool:
        """Win (or score) what the Goals out give; True when that changed
        the table and the game goes on (a Solo score), so the task loop
        checks again after the next task. A win ends the game: False."""
        if same_goal_inputs(g, g._no_winner_at):  # nothing a Goal reads has changed since a check found no winner
            return False
        won: set[int] = set()
        by = -1
        for goal in g.goals:
            w = goal_winners(g, goal)
            if w:
                won.update(w)
                by = goal
        if len(won) == 1:
            p = won.pop()
            # for the tutor: the Creepers a rule excused, a Keeper met through another card, rivals, counts
            why = g.sink.win_why(by, p)
            g.end_game(p, "win.goal", **why)
        else:
            g._no_winner_at = goal_inputs(g)
        return False

    def win_facts(self, g: Game, goal: int, p: int) -> dict[str, Any]:
        """For the tutor (a game keeping a log asks): what a win by ``goal``
        carries (a Keeper met through another card, others stopped, a count
        Goal's numbers), with the Creepers a rule excused told first."""
        for c, r in excused(g, goal, p):  # a Creeper that would have stopped it, and the rule that did not let it
            g.ev(Kind.EXCUSED, g.passive[r].rule_id, p, r, creeper=c, goal=goal)
        why: dict[str, Any] = {"goal": goal}
        instead = stand_ins(g, goal, p)  # a Keeper the Goal names, met through another card
        if instead:
            why["instead"] = instead
        rv = rivals(g, goal, p)  # others who meet it too but are stopped (why it is no tie)
        if rv:
            why["rivals"] = rv
        gd = g.db.goal_defs[goal]
        if gd.most_of:  # a count Goal: the winner's number, and the least it asks (with Inflation)
            why["most"] = [most_count(g, p, gd.most_of), g.goal_quantity(goal).value]
        return why

    def near_misses(self, g: Game) -> list[NearMiss]:
        """For the tutor, after each answer: a player who meets a Goal but is
        stopped (a Creeper, the Baked Potato), and a tie (two or more players
        meet the Goals at once, so nobody wins yet)."""
        out: list[NearMiss] = []
        won: list[int] = []
        tied = -1
        for goal in g.goals:
            gd = g.db.goal_defs[goal]
            infl = g.inflation() if gd.most_of or gd.any_count else 0
            if infl:  # a count Goal Inflation has raised past what someone has
                for p in range(g.nplayers):
                    short = short_by_inflation(g, goal, p)
                    if short:  # the threshold in force and what the Goal prints (its Quantity's terms)
                        q = g.goal_quantity(goal)
                        out.append(("short", "rule.inflation", p, goal,
                                    {"has": short[0], "needs": q.value, "printed": q.terms[0][1]}))
            if gd.most_of:
                w = goal_winners(g, goal)
                for p in count_blocked(g, goal):  # the number is there, but a Creeper (or a rule) stops the win
                    c, rid = why_blocked(g, goal, p)
                    if c >= 0:
                        out.append(("blocked", rid, p, goal, _stopped(g, goal, p, c)))
            else:  # one look per player: met, then either won or stopped
                w = []
                for p in range(g.nplayers):
                    if meets(g, goal, p):
                        c, rid = why_blocked(g, goal, p)
                        if c >= 0:
                            why = _stopped(g, goal, p, c)
                            if rid == "win.copied-creeper-blocks":  # it comes with a Keeper a stand-in copies
                                k = g.attached[c]
                                why["keeper"] = k
                                why["stand_in"] = next((b for r, b in stand_ins(g, goal, p) if r == k), -1)
                            out.append(("blocked", rid, p, goal, why))
                        else:
                            w.append(p)
            if w:
                won += [p for p in w if p not in won]
                tied = goal if tied < 0 else tied
        if len(won) > 1:
            out.append(("tie", "win.tie", -1, tied, {"players": sorted(won)}))
        return out

    def settle(self, g: Game, limits: tuple[int, int] | None = None) -> bool:
        """Standing obligations before the active player goes on: others over
        a limit comply at once; War sends Peace away. True if work was queued.
        ``limits``: (Hand Limit, Keeper Limit) as the caller has them already."""
        a = g.active
        if limits is None:
            limits = g.limits()  # the same for every seat: worked out once
        if limits != (-1, -1):
            for i in range(1, g.nplayers):
                q = (a + i) % g.nplayers
                if g.over_limit(q, limits):
                    g.stack.append(("comply", q, "limit.others-now"))
                    return True
        for c in g.pidx.settling:
            for q, t in enumerate(g.tables):
                if c in t and g.passive[c].settle(g, q, c):
                    return True
        return False

    def between_turns(self, g: Game) -> None:
        pass

    def discard_piles(self, g: Game) -> list[list[int]]:
        """Every discard pile of the game (Let's Do That Again! searches them)."""
        return [g.discard]

    def returns(self, g: Game, p: int) -> float:
        """What a finished game is worth to seat p, on the bots' scale (as
        OpenSpiel's returns()): a win, a loss, or nothing for a draw."""
        return 100000.0 if g.winner == p else (-100000.0 if g.winner >= 0 else 0.0)

    def banked(self, g: Game, p: int) -> float:
        """What seat p has already made sure of in a game still going, on the same scale."""
        return 0.0

    def outcome(self, g: Game) -> Outcome:
        """How the game came out: the winner, or a draw and why."""
        end = g.end or None
        won = g.winner >= 0
        return Outcome(end, g.winner if won else None, None, end if g.over and not won else None)

    def in_game(self, g: Game) -> list[int]:
        """Every card the game is played with, in id order (the state check and
        the property tests count them: none lost, none twice)."""
        return list(range(g.db.n))

    def discard_pile(self, g: Game, c: int) -> list[int]:
        return g.discard

    def can_draw(self, g: Game) -> bool:
        return bool(g.draw or g.discard)

    def refill(self, g: Game) -> bool:
        """The draw pile is empty: shuffle the discard pile into a new one."""
        if not g.discard:
            return False
        g.draw = g.discard
        g.discard = []
        g.rng = R.shuffle(g.rng, g.draw)
        g.ev(Kind.RESHUFFLE, "pile.reshuffle", -1, count=len(g.draw))
        return True

    def pile_emptied(self, g: Game) -> None:
        pass

    def spots(self, g: Game) -> dict[str, int] | None:
        """The New Rule in each of the table's rule spots (``spot_names``;
        -1 if empty), or None in a game without spots."""
        return None


register_variant(Variant())
