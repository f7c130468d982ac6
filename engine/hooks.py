"""The core's hook points: the tables the mechanisms above the core fill
(tasks, Actions, free actions, passive effects, answer filters and refusals,
standing checks) and the one way they fill them, ``install``.

The core (``engine.game``: state, the task loop, the answer door) imports
nothing above it and names no mechanism; each mechanism module (the turn,
the effect library, Surprises, attachments, Keeper powers, a variant) ends
with one ``install(globals(), ...)`` call. See ``engine/__init__.py`` for
the order they are imported in.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import CardDB
    from .game import Game
    from .prompts import Prompt

# A pending task: (op name, *arguments); ``OPS[op](game, *arguments)`` runs it.
# Tasks are plain tuples because saves store the stack as JSON lists and the
# task loop is the hottest path of the engine; each op's arguments are named
# by its handler's signature (``op_draw(g, p, n, counts, rule)``).
Task = tuple[Any, ...]



# task name -> handler(g, *args)
OPS: dict[str, Callable[..., None]] = {}
# effect -> what an Action (or a Surprise played in turn) does: handler(g, p, card)
ACTIONS: dict[str, Callable[[Game, int, int], None]] = {}
# Actions whose card stays being played until their temporary hand is done
SELF_FINISHING: set[str] = set()
# effect -> can player p use this New Rule's (or table card's) free action now? check(g, p, card)
FREE_RULES: dict[str, Callable[[Game, int, int], bool]] = {}
FREE_TABLE: dict[str, Callable[[Game, int, int], bool]] = {}
# effect -> use that free action: use(g, p, card)
FREE_USE: dict[str, Callable[[Game, int, int], None]] = {}
# tasks that change nothing a Goal check or a standing check reads (Goals,
# tables, attachments, hands, New Rules): the task loop need not check again
# after one when it has checked since the last other task. Each module that
# defines such a task names it here; the property tests hold every one to it.
QUIET: set[str] = set()
# tasks that change only hands, the piles and the being-played area (a card
# played from a hand; in a card set without Creepers, a draw): quiet while no
# Goal out counts cards in hand (the only check that reads a hand). Each
# module names its own; the property tests hold every one to it.
HAND_ONLY: set[str] = set()
HAND_ONLY_NO_CREEPERS: set[str] = set()  # only in a card set without Creepers (a drawn Creeper goes to the table)
# answer kind -> (g, answer) -> answer: an answer of that kind, given out of
# turn, becomes the one the prompt takes (a Surprise played into its window)
ANSWER_FILTERS: dict[str, Callable[[Game, Any], Any]] = {}
# answer kind -> (g, prompt, answer) -> a sentence why the answer is refused,
# or "" (kept per kind: the door asks only the one that can have something to say)
REFUSALS: dict[str, Callable[[Game, Prompt, Any], str]] = {}
# (guard(db) -> bool, check(g) -> bool): a standing check run after every task
# in the games whose cards the guard names; True when it queued or asked something
AFTER_TASK: list[tuple[Callable[[CardDB], bool], Callable[[Game], bool]]] = []
PASSIVE: dict[str, Passive] = {}    # effect -> Passive: what a card does merely by being in play


class Turn:
    """The turn's policy, which the core asks and never spells out itself:
    the task that starts a laid-out table, the task a move of the turn
    prompt queues, and what to do when nothing is pending in the play phase
    (catch-up draws, standing obligations, the Goal check, the question of
    the turn). ``engine/turn.py`` installs the one every game uses."""

    def start(self, phase: str) -> Task:
        """The task that begins a table laid out at ``phase`` ("deal" or "turn_start")."""
        raise NotImplementedError

    def move(self, g: Game, p: int, answer: Any) -> Task:
        """The task a move answered to the turn prompt queues."""
        raise NotImplementedError

    def idle(self, g: Game) -> None:
        """Nothing is pending in the play phase: settle, then ask (or end the turn)."""
        raise NotImplementedError


TURN: list[Turn] = []   # the installed policy (one)


class Passive:
    """What a card does merely by being in play: a New Rule among the rules,
    or a Keeper or Creeper on a table. The effect library declares one for
    each passive effect (``engine/modifiers.py``) in ``PASSIVE``; the core
    asks the cards in play and names no effect. Every hook is neutral here."""
    numeral = 0            # New Rule: added to every numeral on the cards (Inflation)
    goal_room = 1          # New Rule: how many Goals may stand at once (Double Agenda: 2)
    random_first = False   # New Rule: the first card played each turn is picked at random
    power_off = False      # attached Creeper: its Keeper's power is off (Malfunction)
    rule_id = ""           # the rule id the tutor cites when the card changes a number or a win
    needs_others = False   # it compares players (Rich and Poor Bonus): alone it never applies
    by_numeral = False     # Play rule: plays are its numeral (with Inflation) and the bonuses, less those made, at most the hand

    def draw_bonus(self, g: Game, p: int, r: int) -> int:
        """New Rule r: cards p draws on top of the Draw rule."""
        return 0

    def draw_adjust(self, g: Game, p: int, r: int, n: int) -> int:
        """The Play rule r has the last word on the draw (Play All But 1)."""
        return n

    def play_bonus(self, g: Game, p: int, r: int) -> int:
        """New Rule r: plays p has on top of the Play rule."""
        return 0

    def plays_left(self, g: Game, p: int, r: int, bonus: int) -> int:
        """The Play rule r: plays p has left this turn."""
        raise NotImplementedError(f"{g.name(r)} is in the Play slot but is no Play rule")

    def play_number(self, g: Game, r: int) -> int:
        """The Play rule r's own number (0 for All and All But)."""
        return 0

    def excuses(self, g: Game, r: int, c: int) -> bool:
        """New Rule r: Creeper c does not stop its holder's win."""
        return False

    def blocks(self, g: Game, r: int, goal: int, p: int) -> bool:
        """New Rule r: p cannot win with this Goal, whatever p's Creepers."""
        return False

    def stands_in(self, g: Game, p: int, c: int, k: int) -> bool:
        """Card c on p's table can count as Keeper k for a Goal (the Holodeck)."""
        return False

    def attaches_to(self, g: Game, k: int) -> bool:
        """An attaching Creeper: it may sit on Keeper k (any Keeper, unless the card says which)."""
        return True

    def on_turn_start(self, g: Game, p: int, c: int) -> None:
        """At the start of p's turn: c is a New Rule in play, or a card on p's table."""

    def on_goals_changed(self, g: Game, p: int, c: int) -> None:
        """The Goal changed; c is on p's table."""

    def settle(self, g: Game, p: int, c: int) -> bool:
        """Before the active player goes on: c on p's table may queue an
        obligation (War sends Peace away). True if work was queued."""
        return False

    def idle_why(self, g: Game, r: int) -> str:
        """New Rule r, in play, does nothing at the moment: why, in words (told
        to the tutor once, when it starts); "" while it works."""
        return ""

    def on_leave(self, g: Game, r: int, by: int) -> None:
        """New Rule r has just left play (``by``: the seat whose card sent it)."""


NEUTRAL = Passive()


def register(table: dict[str, Any], namespace: dict[str, Any], prefix: str) -> None:
    """Put every function of a module named ``prefix + key`` into ``table``
    under ``key`` (task handlers ``op_X`` into ``OPS``, Actions ``act_X`` into
    ``ACTIONS``). Each module calls it once at its end, rather than marking
    functions with a decorator, so that tools which rewrite functions (the
    mutation tester) see plain definitions."""
    for name, fn in list(namespace.items()):
        if name.startswith(prefix) and callable(fn):
            table[name[len(prefix):]] = fn


def install(namespace: dict[str, Any], *,
            passives: Mapping[str, Passive] | None = None,
            free_rules: Mapping[str, Callable[[Game, int, int], bool]] | None = None,
            free_table: Mapping[str, Callable[[Game, int, int], bool]] | None = None,
            free_use: Mapping[str, Callable[[Game, int, int], None]] | None = None,
            answer_filters: Mapping[str, Callable[[Game, Any], Any]] | None = None,
            refusals: Mapping[str, Callable[[Game, Prompt, Any], str]] | None = None,
            after_task: tuple[tuple[Callable[[CardDB], bool], Callable[[Game], bool]], ...] = (),
            quiet: tuple[str, ...] = (), hand_only: tuple[str, ...] = (),
            hand_only_no_creepers: tuple[str, ...] = (), self_finishing: tuple[str, ...] = (),
            turn: Turn | None = None) -> None:
    """A mechanism's one registration, called once at the end of its module
    with its ``globals()``: its tasks (the functions named ``op_X``) and
    Actions (``act_X``), and whatever else it adds to the core's tables, each
    under the table's name in lower case. Explicit, not a decorator: tools
    that rewrite functions (the mutation tester) then see plain definitions."""
    register(OPS, namespace, "op_")
    register(ACTIONS, namespace, "act_")
    PASSIVE.update(passives or {})
    FREE_RULES.update(free_rules or {})
    FREE_TABLE.update(free_table or {})
    FREE_USE.update(free_use or {})
    ANSWER_FILTERS.update(answer_filters or {})
    REFUSALS.update(refusals or {})
    AFTER_TASK.extend(after_task)
    QUIET.update(quiet)
    HAND_ONLY.update(hand_only)
    HAND_ONLY_NO_CREEPERS.update(hand_only_no_creepers)
    SELF_FINISHING.update(self_finishing)
    if turn is not None:
        TURN[:] = [turn]
