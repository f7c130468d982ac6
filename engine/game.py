"""The game: state, the turn machine, and the answer door.

The whole game is one ``Game`` value (zones, counters, pending work, RNG
state and the question being asked). The engine never calls out: it works
through a stack of small tasks until one of them must ask somebody, then
stops with a ``Prompt``. ``push(answer)`` validates the answer against that
prompt (raising ``IllegalAnswer`` and changing nothing when it is not
legal) and runs on to the next question.

Numbers that follow from the table (cards still owed for the draw rule,
plays left, limits, bonuses, Inflation) are computed when needed, never
stored; catch-up draws fall out of that.

Card effects live in ``engine.effects``; the variant (the standard game, or one registered from outside)
decides the deck split, where New Rules go, what meeting a Goal does, what
happens between turns and when the game ends.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import rng as R
from .cards import ACTION, CREEPER, GOAL, KEEPER, RULE, SURPRISE, CardDB, card_db
from .effect_specs import SLOT_DRAW, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT, SLOT_PLAY
from .prompts import Answer, IllegalAnswer, Prompt, odd_type
from .registry import VARIANTS as VARIANTS
from .registry import get_variant as get_variant
from .registry import register_variant as register_variant
from .registry import variant_names as variant_names

if TYPE_CHECKING:
    pass

# A pending task: (op name, *arguments); ``OPS[op](game, *arguments)`` runs it.
# Tasks are plain tuples because saves store the stack as JSON lists and the
# task loop is the hottest path of the engine; each op's arguments are named
# by its handler's signature (``op_draw(g, p, n, counts, rule)``).
Task = tuple[Any, ...]


# ------------------------------------------------------------ small named types
class Frame(list[Any]):
    """A temporary hand: [player, card, cards, plays, kind]. A list (so that
    saves keep their JSON) with its fields named. ``card`` is the Action that
    opened it (-1: none); ``plays`` how many of its cards are still to be
    played; ``kind`` "play" (played from) or "hold" (dealt out by the Action)."""
    __slots__ = ()

    @property
    def player(self) -> int:
        v: int = self[0]
        return v

    @property
    def card(self) -> int:
        v: int = self[1]
        return v

    @property
    def cards(self) -> list[int]:
        v: list[int] = self[2]
        return v

    @property
    def plays(self) -> int:
        v: int = self[3]
        return v

    @plays.setter
    def plays(self, n: int) -> None:
        self[3] = n

    @property
    def kind(self) -> str:
        v: str = self[4]
        return v


class Link(list[Any]):
    """One link of a Surprise chain: [card, player, what, arg, via]. ``what``
    is "play" (the chain's base: a card being played, ``arg`` where from),
    "steal" (the base: ``player`` tries to take Keeper ``card`` from seat
    ``arg`` with the card ``via``), "surprise" or "power" (a cancel)."""
    __slots__ = ()

    @property
    def card(self) -> int:
        v: int = self[0]
        return v

    @property
    def player(self) -> int:
        v: int = self[1]
        return v

    @property
    def what(self) -> str:
        v: str = self[2]
        return v

    @property
    def arg(self) -> Any:
        v: Any = self[3]
        return v

    @property
    def via(self) -> int:
        v: int = self[4]
        return v


# ------------------------------------------------------------ hook points
# The core (state, the task loop, the answer door) imports nothing above it.
# The mechanisms above it (turns, the effect library, Surprises, attachments,
# Keeper powers, variants) plug in here when ``engine`` is imported; see
# ``engine/__init__.py`` for the order.

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

    def on_turn_start(self, g: Game, p: int, c: int) -> None:
        """At the start of p's turn: c is a New Rule in play, or a card on p's table."""

    def on_goals_changed(self, g: Game, p: int, c: int) -> None:
        """The Goal changed; c is on p's table."""

    def settle(self, g: Game, p: int, c: int) -> bool:
        """Before the active player goes on: c on p's table may queue an
        obligation (War sends Peace away). True if work was queued."""
        return False


NEUTRAL = Passive()


class PassiveIndex:
    """The passive effects of one card set, looked up once: by card id, and
    for each hook the cards whose effect uses it (so that the hot paths ask
    only those, and a game without them pays nothing). Also the cards with
    a free action, the standing checks that apply to the set, and the
    ``RuleView`` of each set of New Rules met so far."""
    __slots__ = ("of", "numeral", "draw", "adjust", "play", "random_first", "goal_room", "power_off",
                 "excuses", "blocks", "stands_in", "turn_start", "on_goals", "settling", "free_rules",
                 "free_table", "standing", "views", "by_set", "db", "is_keeper", "play_move", "slot_index",
                 "plain_goals", "last", "hand_only", "creepers", "move_of")

    def __init__(self, db: CardDB):
        self.db = db
        self.is_keeper = bytes(c.kind == KEEPER for c in db.cards)  # by card id: 1 for a Keeper
        self.play_move = [("play", c.id) for c in db.cards]         # by card id: the answer that plays it
        self.move_of = self.play_move.__getitem__                    # (looked up once: the turn prompt maps a hand with it)
        slots = (SLOT_DRAW, SLOT_PLAY, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT)  # RuleView's order
        self.slot_index = [slots.index(c.slot) if c.slot in slots else -1 for c in db.cards]
        self.free_rules = frozenset(c.id for c in db.cards if c.effect and c.effect in FREE_RULES)
        self.free_table = frozenset(c.id for c in db.cards if c.effect and c.effect in FREE_TABLE)
        self.standing = tuple(check for guard, check in AFTER_TASK if guard(db))
        self.views: dict[tuple[int, ...], RuleView] = {}      # by the rules in play, in order
        self.by_set: dict[tuple[int, ...], RuleView] = {}     # by the same rules sorted: one view per set
        # a card without a passive effect gets the neutral Passive (every hook does nothing)
        self.of: list[Passive] = [PASSIVE.get(c.effect, NEUTRAL) if c.effect else NEUTRAL for c in db.cards]

        def using(hook: str) -> frozenset[int]:
            base = getattr(Passive, hook)
            return frozenset(c for c, m in enumerate(self.of)
                             if getattr(type(m), hook) is not base)

        self.numeral, self.draw, self.adjust = using("numeral"), using("draw_bonus"), using("draw_adjust")
        self.play, self.random_first, self.goal_room = using("play_bonus"), using("random_first"), using("goal_room")
        self.power_off, self.excuses, self.blocks = using("power_off"), using("excuses"), using("blocks")
        self.stands_in, self.turn_start = using("stands_in"), using("on_turn_start")
        self.on_goals = tuple(sorted(using("on_goals_changed")))
        # no card of the set counts as another (Janeway from the Future) or stands
        # in for one (the Holodeck): a Goal is met only by the very cards it names
        self.plain_goals = not db.counted and not self.stands_in
        self.settling = tuple(sorted(using("settle")))
        # the card set has Creepers (a drawn one goes to the table, not the hand)
        self.creepers = any(c.kind == CREEPER for c in db.cards)
        # the tasks that change only hands and piles in this card set (see HAND_ONLY)
        self.hand_only = frozenset(HAND_ONLY | (set() if self.creepers else HAND_ONLY_NO_CREEPERS))
        # the rules asked about last, and their view: to begin with, no rules at all
        self.last: tuple[list[int], RuleView] = ([], RuleView(self, ()))


    def view(self, rules: list[int]) -> RuleView:
        """What these New Rules in play set, worked out once per set of rules."""
        last = self.last  # the rules asked about last time, and their view (one object: threads may share it)
        if rules == last[0]:
            return last[1]
        key = tuple(rules)
        v = self.views.get(key)
        if v is None:
            if len(self.views) >= VIEW_CAP:
                self.views.clear()
                self.by_set.clear()
            canon = tuple(sorted(key))
            v = self.by_set.get(canon)
            if v is None:
                v = self.by_set[canon] = RuleView(self, canon)
            self.views[key] = v
        self.last = (list(rules), v)
        return v


VIEW_CAP = 1 << 15  # orders of rules remembered per card set (a view depends on the set, not the order)


class RuleView:
    """What a set of New Rules in play sets, whatever else is on the table:
    the card in each slot (``draw_card``, ``play_card``, ``hand_card``,
    ``keeper_card``; -1: none, the Basic Rules), what Inflation adds to every
    numeral (``plus``), the draw and the limits with it (``draw_base``,
    ``hand_max``, ``keeper_max``; -1: no limit), the cards that give a bonus,
    the Play rule that has the last word on the draw (``adjust``), whether one
    gives a free action, Double Agenda's room and First Play Random. A
    function of the rules alone (card facts and constant hooks), so it is
    worked out once per set of rules and shared; the property tests compare
    it with the numbers worked out afresh."""
    __slots__ = ("draw_card", "play_card", "hand_card", "keeper_card", "plus", "draw_base",
                 "hand_max", "keeper_max", "draw_bonus", "play_bonus", "free", "goal_room",
                 "random_first", "adjust", "play_max")

    def __init__(self, idx: PassiveIndex, rules: tuple[int, ...]):
        cards, pas = idx.db.cards, idx.of
        rs = set(rules)
        in_slot = [-1, -1, -1, -1]  # the Draw, Play, Hand Limit and Keeper Limit rules
        # one rule per slot (a new one replaces the old); a hand-laid table with two
        # in one slot gets the lower card id (the view is of the set, not the order)
        for r in rules:
            i = idx.slot_index[r]
            if i >= 0 and in_slot[i] < 0:
                in_slot[i] = r
        self.draw_card, self.play_card, self.hand_card, self.keeper_card = in_slot
        infl = self.plus = sum(pas[r].numeral for r in rs & idx.numeral) if idx.numeral else 0
        r = self.draw_card
        self.draw_base = (cards[r].params["n"] if r >= 0 else 1) + infl
        r = self.hand_card
        self.hand_max = cards[r].params["n"] + infl if r >= 0 else -1
        r = self.keeper_card
        self.keeper_max = cards[r].params["n"] + infl if r >= 0 else -1
        self.draw_bonus = tuple(r for r in rules if r in idx.draw) if idx.draw else ()
        self.play_bonus = tuple(r for r in rules if r in idx.play) if idx.play else ()
        self.adjust = self.play_card if self.play_card in idx.adjust else -1
        # the plays of a turn before bonuses, where the Play rule counts them by its
        # numeral (the Basic Rules' 1, Play N; with Inflation); else -1
        r = self.play_card
        self.play_max = 1 + infl if r < 0 else (cards[r].params["n"] + infl if pas[r].by_numeral else -1)
        self.free = not rs.isdisjoint(idx.free_rules)
        self.goal_room = max([1] + [pas[r].goal_room for r in rs & idx.goal_room])
        self.random_first = not rs.isdisjoint(idx.random_first)


_INDEXES: dict[int, tuple[CardDB, tuple[int, ...], PassiveIndex]] = {}


def passive_index(db: CardDB) -> PassiveIndex:
    sizes = (len(PASSIVE), len(FREE_RULES), len(FREE_TABLE), len(AFTER_TASK), len(HAND_ONLY), len(HAND_ONLY_NO_CREEPERS))
    hit = _INDEXES.get(id(db))
    if hit is None or hit[0] is not db or hit[1] != sizes:
        hit = _INDEXES[id(db)] = (db, sizes, PassiveIndex(db))
    return hit[2]


def register(table: dict[str, Any], namespace: dict[str, Any], prefix: str) -> None:
    """Put every function of a module named ``prefix + key`` into ``table``
    under ``key`` (task handlers ``op_X`` into ``OPS``, Actions ``act_X`` into
    ``ACTIONS``). Each module calls it once at its end, rather than marking
    functions with a decorator, so that tools which rewrite functions (the
    mutation tester) see plain definitions."""
    for name, fn in list(namespace.items()):
        if name.startswith(prefix) and callable(fn):
            table[name[len(prefix):]] = fn


class Event(tuple[str, str, int, int, dict[str, Any], int]):
    """(kind, rule, player, card, data, cause): one change, the rule behind it,
    and its cause (the card being played when it happened, or -1)."""
    __slots__ = ()

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def rule(self) -> str:
        return self[1]

    @property
    def player(self) -> int:
        return self[2]

    @property
    def card(self) -> int:
        return self[3]

    @property
    def data(self) -> dict[str, Any]:
        return self[4]

    @property
    def cause(self) -> int:
        return self[5]


# The state, written once: every field of a game with its shape, which says
# how ``copy()`` copies it and how ``to_dict()``/``from_dict()`` write and read
# it. "value": immutable; "list": a list of ids or names; "lists": a list of
# lists (hands, tables, the chain); "map": attaching Creeper -> Keeper;
# "frames": temporary hands; "tasks": the stack of pending tasks (tuples).
STATE = (
    ("decks", "list"), ("variant_name", "value"), ("nplayers", "value"), ("seed", "value"), ("rng", "value"),
    ("draw", "list"), ("discard", "list"), ("hands", "lists"), ("tables", "lists"), ("attached", "map"),
    ("rules", "list"), ("goals", "list"), ("scored", "list"), ("rules_deck", "list"), ("rules_discard", "list"),
    ("active", "value"), ("turn", "value"), ("phase", "value"), ("drawn", "value"), ("played", "value"),
    ("hand_at_start", "value"), ("used", "list"), ("extra", "value"), ("in_extra", "value"), ("temp", "frames"),
    ("playing", "list"), ("chain", "links"), ("stack", "tasks"), ("winner", "value"), ("over", "value"),
    ("checks", "value"), ("decisions", "value"), ("quiet", "value"),
    ("seen", "list"), ("seen_play", "list"), ("stale", "value"), ("end", "value"), ("seen_free", "list"),
)
STATE_FIELDS = tuple(f for f, _ in STATE)
# fields a save written before they existed may lack, with the value they then had
STATE_DEFAULTS: dict[str, Any] = {"chain": [], "seen": [], "seen_play": [], "stale": 0, "end": "",
                                  "seen_free": []}



# the turn prompt's reason for the usual numbers of plays left, made once
_PLAYS_LEFT = [f"{n} play(s) left" for n in range(64)]



_new_event = tuple.__new__  # Event(...) without the call through its type: the log's hot path

class Game:
    """One game of Fluxx. Build with ``Game.new`` (a shuffled deal) or
    ``Game.blank`` (an empty table, for scenarios)."""

    # Every attribute is named here (slots): a game has more than CPython keeps
    # in a shared-key dict, and a slot is read and written faster on the hot path.
    __slots__ = (*STATE_FIELDS, "variant", "db", "pidx", "passive", "prompt", "log", "_near",
                 "_no_winner_at", "settled", "_left", "_tell_left", "_tell_at", "_told_draw", "_play_gone",
                 "_acting")

    # the tables a saved state is checked against (statecheck reads them here, not by import)
    OPS = OPS
    AFTER_TASK = AFTER_TASK
    STATE = STATE
    STATE_DEFAULTS = STATE_DEFAULTS

    def __init__(self, decks: tuple[str, ...] | list[str] = ("fluxx5",), players: int = 2, variant: str = "standard",
                 seed: int = 0, record: bool = True):
        self.variant = get_variant(variant)
        self.variant_name = variant
        self.db: CardDB = card_db(tuple(decks))
        self.pidx = passive_index(self.db)
        self.passive = self.pidx.of
        self.decks = list(self.db.decks)
        if not self.variant.min_players <= players <= self.variant.max_players:
            lo, hi = self.variant.min_players, self.variant.max_players
            takes = f"exactly {lo} player" + ("s" if lo > 1 else "") if lo == hi else f"{lo} to {hi} players"
            raise ValueError(f"the {variant} game takes {takes}, not {players}")
        self.nplayers = players
        self.seed = seed
        self.rng = R.seed_state(seed)
        self.draw: list[int] = []          # top of the pile is the END of the list
        self.discard: list[int] = []       # top is the end
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.tables: list[list[int]] = [[] for _ in range(players)]
        self.attached: dict[int, int] = {}  # attaching Creeper -> Keeper
        self.rules: list[int] = []
        self.goals: list[int] = []
        self.scored: list[int] = []
        self.rules_deck: list[int] = []    # a variant's Rules deck (empty in the standard game); top is the end
        self.rules_discard: list[int] = []
        self.active = 0
        self.turn = 0
        self.phase = "setup"
        self.drawn = 0
        self.played = 0
        self.hand_at_start = 0
        self.used: list[int] = []          # once-a-turn free actions used this turn
        self.extra = False                 # Take Another Turn is owed
        self.in_extra = False              # this turn is an extra turn
        self.temp: list[Frame] = []        # temporary hands (Frame: owner, card, cards, plays left, kind)
        self.playing: list[int] = []       # the being-played area
        self.chain: list[Link] = []        # a play and the Surprises fought over it, bottom first
        self.stack: list[Task] = []
        self.prompt: Prompt | None = None
        self.winner = -1
        self.over = False
        self.checks = True
        self.decisions = 0
        self.quiet = 0                     # turns begun since the last decision
        # the draw rules (engine.draws): each turn start's position, in turn order, the
        # in-play tables and rules met so far, and the turn starts in a row with none new
        self.seen: list[int] = []
        self.seen_play: list[int] = []
        self.seen_free: list[int] = []  # this turn's positions as a free action was used (engine.draws)
        self.stale = 0
        self.end = ""  # the rule id that ended the game (a Goal won, a deck run out, a draw), once over
        self.log: list[Event] | None = [] if record else None
        # the near-misses last told (for the tutor; beside the log, not part of the state)
        self._near: tuple[Any, ...] = ()
        # the last table a Goal check found no winner on (Variant.check_goals);
        # None for a game never checked. Not part of the state: a cache.
        self._no_winner_at: Any = None
        # the task loop's "checked since the last change" (see _run); not part of the state
        self.settled = False
        # (seat, plays left) while _idle asks the free actions what they can do; else None
        self._left: tuple[int, int] | None = None
        # the seat whose counted play waits to have its plays left told (once it has fully
        # resolved, perhaps answers later), or -1; for the tutor, beside the log, not in the state
        self._tell_left = -1
        self._tell_at: tuple[list[Event], Event] | None = None  # that play's event, and the log it is in
        # the turn's draw as last told (the draw phase, a catch-up), or -1: a catch-up to the same
        # number is owed draws resuming (the piles had run dry), not a Draw rule that changed
        self._told_draw = -1
        # the Play rule that left play during this turn (told at its end), or -1; beside the log
        self._play_gone = -1
        # the free action at work (the cause of what it does, for the tutor), or -1; beside the log
        self._acting = -1

    # ------------------------------------------------------------------ build
    @classmethod
    def new(cls, decks: tuple[str, ...] | list[str] = ("fluxx5",), players: int = 2, variant: str = "standard",
            seed: int = 0, record: bool = True) -> Game:
        g = cls(decks, players, variant, seed, record)
        g.variant.setup(g)
        g.phase = "deal"
        g.stack.append(("deal",))
        g._run()
        return g

    @classmethod
    def blank(cls, decks: tuple[str, ...] | list[str] = ("fluxx5",), players: int = 2, variant: str = "standard",
              seed: int = 0, record: bool = True) -> Game:
        return cls(decks, players, variant, seed, record)

    def begin(self, phase: str) -> None:
        """Start a laid-out table (scenarios): ``deal``, ``turn_start`` or ``play``."""
        self.checks = False
        self.settled = False  # laid out by hand: nothing has been checked
        if phase == "deal":
            self.phase = "deal"
            self.stack.append(("deal",))
        elif phase == "turn_start":
            self.stack.append(("start_turn",))
        else:
            self.phase = "play"
        self._run()
        self.checks = True

    # ------------------------------------------------------------ the door
    @property
    def waiting_for(self) -> int:
        return self.prompt.player if self.prompt is not None else -1

    def legal_answers(self) -> list[Answer]:
        return self.prompt.legal_answers() if self.prompt is not None else []

    def push(self, answer: Answer | list[Any]) -> list[Event]:
        """Apply one answer; return the events it caused."""
        pr = self.prompt
        if pr is None:
            raise IllegalAnswer("the game is over; nothing is being asked" if self.over
                                else "nothing is being asked")
        if pr.kind == "turn" and type(answer) is tuple and answer in pr.options and type(answer[0]) is str \
                and (len(answer) == 1 or type(answer[1]) is int) and answer[0] not in ANSWER_FILTERS:
            # one of the moves offered, as offered (a bot's usual answer): nothing
            # to rewrite, and the door's refusals are for moves not offered
            a = answer
        else:
            a = self._door(pr, answer)
        self.prompt = None
        self.decisions += 1
        self.quiet = 0
        if self.log is not None:
            self.log = []
        if pr.kind == "turn":
            k = a[0]
            p = pr.player
            if k == "play":
                self.stack.append(("play", p, a[1], 1 if self.temp else 0))
            elif k == "free":
                self.stack.append(("free", p, a[1]))
            elif k == "random":
                self.stack.append(("play_random", p))
            else:
                self.stack.append(("end_turn", -1, "chose"))
        else:
            assert pr.then is not None, "a choose prompt carries its continuation"
            self.stack.append(pr.then + (a[1],))
        self._run()
        if self.log is not None:
            self._tell_near_misses()
        return self.log if self.log is not None else []

    def _door(self, pr: Prompt, answer: Any) -> Answer:
        """An answer through the door: an out-of-turn rewrite of its kind, the
        refusal of its kind (a sentence why), then the prompt's own check.
        An answer of odd types (``odd_type``) is refused before anything else
        reads it (after a rewrite, which checks its own shape and says what
        it should be): nothing has moved when the door says no."""
        kind = answer[0] if type(answer) in (tuple, list) and answer else None
        if type(kind) is str:
            rewrite = ANSWER_FILTERS.get(kind)
            if rewrite is not None:
                answer = rewrite(self, answer)
        odd = odd_type(answer)
        if odd:
            raise IllegalAnswer(odd)
        refuse = REFUSALS.get(answer[0])
        if refuse is not None:
            why = refuse(self, pr, answer)
            if why:
                raise IllegalAnswer(why)
        return pr.check(answer, self._card_name)

    def _tell_near_misses(self) -> None:
        """For the tutor: what newly stands between a player and a Goal (a
        Creeper, a tie), as the variant sees it. Told once, when it starts:
        the last answer's list is kept beside the log (not in the state)."""
        now = [] if self.over else self.variant.near_misses(self)
        rf = self.pidx.random_first
        if rf and not self.over and not rf.isdisjoint(self.rules) and self.rule_view().play_max == 1:
            for r in self.rules:  # a rule that does nothing now, by its own words: told when that starts
                if r in self.pidx.random_first:
                    now.append(("nothing", "rule.first-play-random", self.active, r,
                                {"why": "the Play rule allows 1 card a turn, and the card does nothing then"}))
        before = self._near
        if not now and not before:  # the common case: nothing stands in anybody's way, before or now
            return
        # (a rule's own idleness is the table's, not a seat's: its seat is left out of what is compared)
        keys = [(k, r, -1 if k == "nothing" else p, goal, tuple(sorted(d.items()))) for k, r, p, goal, d in now]
        for key, (kind, rule, p, goal, data) in zip(keys, now, strict=True):
            if key not in before:
                self.ev(kind, rule, p, goal, **data)
        self._near = tuple(keys)

    # ------------------------------------------------------------ the machine
    def _run(self) -> None:
        stack = self.stack
        standing = self.pidx.standing
        ops, quiet = OPS, QUIET
        hand_only = self.pidx.hand_only
        hand_goals = self.db.hand_goals
        # settled: the table has been checked (standing checks, Goals) since the
        # last task that could change what those checks read, so a quiet task
        # needs no check. An attribute, not a local: it carries over from the
        # run that asked the question being answered (a question asked on a
        # checked table is answered on one: only the engine changes the state,
        # and whatever lays a table out by hand starts unsettled, see ``begin``),
        # and a quiet task that hands on to the next one at once (``then``)
        # reads it, and clears it when that one is not quiet.
        while self.prompt is None and not self.over:
            if stack:
                t = stack.pop()
                op = t[0]
                if op not in quiet and (op not in hand_only or (hand_goals and not hand_goals.isdisjoint(self.goals))):
                    self.settled = False
                # the handler called with the task's arguments (spelled out for the
                # common sizes: a call with positional arguments is cheaper than *args)
                f = ops[op]
                n = len(t)
                if n == 3:  # the commonest first (a card resolving, a limit's question)
                    f(self, t[1], t[2])
                elif n == 1:
                    f(self)
                elif n == 4:
                    f(self, t[1], t[2], t[3])
                elif n == 2:
                    f(self, t[1])
                else:
                    f(self, *t[1:])
                if self.settled:
                    continue
                if self.prompt is not None or self.over:
                    continue
                # a standing check (an attaching Creeper waiting for a Keeper) acts the moment it can
                if standing and self._standing(standing):
                    continue
                if self.chain or not self.checks:
                    continue
                if self.phase == "play":
                    # a card played (or a free action) resolves whole, its draws, its questions and
                    # the limits it sets included, before any Goal is checked: _idle checks once
                    # nothing of it is left (the rulebook's "do whatever it says"; the FAQ's
                    # "consider the consequences of playing the one card as simultaneous")
                    continue
                # settled unless a scored Goal changed the table (the check says so)
                self.settled = not self.goals or not self.variant.check_goals(self)
            elif self.phase == "play":
                if standing and self._standing(standing):
                    self.settled = False
                    continue
                self._idle()
            else:
                raise RuntimeError(f"engine stalled in phase {self.phase}")

    def then(self, task: Task) -> None:
        """A quiet task's next task, which would be the next one the loop runs:
        run it now when the loop would run it without a check in between (the
        table is settled, nothing is asked, the game goes on), else queue it.
        The same order and the same checks as queueing it, without the trip
        through the loop (the turn's fixed sequence is a chain of these)."""
        if self.settled and self.prompt is None and not self.over:
            op = task[0]
            if op not in QUIET and (op not in self.pidx.hand_only or not self.hand_blind()):
                self.settled = False
            f = OPS[op]
            n = len(task)  # spelled out for the common sizes, as in _run
            if n == 1:
                f(self)
            elif n == 3:
                f(self, task[1], task[2])
            else:
                f(self, *task[1:])
        else:
            self.stack.append(task)

    def hand_blind(self) -> bool:
        """No Goal out counts cards in hand: a task that changes only hands
        and piles (HAND_ONLY) changes nothing a check reads."""
        hands = self.db.hand_goals
        return not hands or hands.isdisjoint(self.goals)

    def _standing(self, checks: tuple[Callable[[Game], bool], ...]) -> bool:
        for check in checks:
            if check(self):
                return True
        return False

    def ask(self, player: int, ask: str, options: list[Any], mn: int = 1, mx: int = 1,
            card: int = -1, reason: str = "", then: Task | None = None, domain: str = "cards") -> None:
        self.prompt = Prompt("choose", player, ask, options, mn, mx, card, reason, then, domain)

    def ev(self, kind: str, rule: str, player: int = -1, card: int = -1, **data: Any) -> None:
        log = self.log
        if log is not None:  # (an Event is a plain tuple: made without the type's call)
            log.append(_new_event(Event, (kind, rule, player, card, data,
                                          self.playing[-1] if self.playing else self._acting)))

    def _idle(self) -> None:
        """Nothing is pending in the play phase: settle the table, then ask the
        active player to play (or end the turn)."""
        a = self.active
        last = self.pidx.last  # PassiveIndex.view's first test, written out: most questions come with the same rules
        v = last[1] if self.rules == last[0] else self.pidx.view(self.rules)
        # 1. a Draw rule (or bonus) that grew mid-turn: catch up at once
        owed = (self._draw_required(a, v) if v.draw_bonus or v.adjust >= 0 else v.draw_base) - self.drawn
        if owed > 0 and self.variant.can_draw(self):
            if self.log is not None:  # the tutor's arithmetic: what the draw is now, and what is owed
                total = self.drawn + owed
                self.ev("catch_up", "turn.catch-up", a, owed=owed, drawn=self.drawn, terms=self.draw_terms(a),
                        resumed=total == self._told_draw)
                self._told_draw = total
            self.stack.append(("draw", a, owed, 1, "turn.catch-up"))
            return
        # 2. the variant's standing obligations (others over a limit, War and Peace, ...)
        if self.variant.settles and self.variant.settle(self, (v.hand_max, v.keeper_max)):
            return
        # 3. every Goal, now that what was played has fully resolved (see _run)
        if not self.settled and self.checks and not self.chain:
            if self.goals and self.variant.check_goals(self):
                return  # a Solo score changed the table (or asks which cards go): settle again
            if self.over or self.prompt is not None:
                return
            self.settled = True
        # 4. an open temporary hand
        if self.temp:
            fr = self.temp[-1]
            if fr.kind == "play" and fr.plays > 0 and fr.cards:
                self.prompt = Prompt("turn", fr.player, "play_temp", list(map(self.pidx.move_of, fr.cards)),
                                     card=fr.card, reason="play from the temporary hand", domain="moves")
                return
            self.stack.append(("temp_done",))
            return
        # 5. the turn itself
        hand = self.hands[a]
        if v.play_max >= 0 and not v.play_bonus:  # a numeral and no bonus, as _plays_left works it out
            left = v.play_max - self.played
            if left > len(hand):
                left = len(hand)
            elif left < 0:
                left = 0
        else:
            left = self._plays_left(a, v)
        if v.free or self.pidx.free_table:
            self._left = (a, left)  # what the free actions' checks ask plays_left, worked out just now
            try:
                frees = self.free_actions(a)
            finally:
                self._left = None
        else:
            frees = []
        self._acting = -1  # the turn's question is back: any free action is done
        if self._tell_left == a and self.log is not None:
            self._tell_left = -1
            if left > 0 or frees:  # (with none, the turn's end says so)
                told: dict[str, Any] = {"left": left, "played": self.played, "rule_card": v.play_card}
                if frees:
                    told["free"] = True
                # what the Play rule allows is told only when the hand is what holds the plays back
                allowed = v.play_max if not v.play_bonus else self.plays_allowed(a, v)
                if allowed >= 0 and allowed - self.played > left:
                    told["allowed"], told["hand"] = allowed, len(hand)
                at = self._tell_at
                if at is not None and at[0] is self.log:  # the play was told in this answer: its line says it
                    at[1][4].update(told)
                else:  # it was told with an earlier answer (a question came between): a line of its own
                    self.ev("plays_left", "turn.play", a, -1, **told)
            self._tell_at = None
        if left > 0:
            if self.played == 0 and v.random_first and self.play_rule_count() != 1:
                if not frees:
                    self.stack.append(("play_random", a))
                    return
                opts: list[Answer] = [("random",)]
            else:
                opts = list(map(self.pidx.move_of, hand))
            if frees:
                opts += [("free", c) for c in frees]
            self.prompt = Prompt("turn", a, "play", opts, 1, 1, -1,
                                 _PLAYS_LEFT[left] if left < 64 else f"{left} play(s) left", None, "moves")
        elif frees:
            self.prompt = Prompt("turn", a, "play", [("free", c) for c in frees] + [("end",)],
                                 reason="no plays left; use a free action or end the turn", domain="moves")
        else:
            self.stack.append(("end_turn", -1, "plays" if hand else "empty"))

    # ------------------------------------------------------------ derived numbers
    def slot_rule(self, slot: str) -> int:
        cards = self.db.cards
        for r in self.rules:
            if cards[r].slot == slot:
                return r
        return -1

    def inflation(self) -> int:
        """What the New Rules in play add to every numeral (Inflation: 1)."""
        if not self.pidx.numeral:
            return 0
        return self.pidx.view(self.rules).plus  # the view of these rules has the sum

    def num(self, card: int, param: str) -> int:
        """A printed numeral on a card, with Inflation."""
        n: int = self.db.cards[card].params[param]
        return n + self.inflation()

    def num_told(self, card: int, param: str) -> int:
        """A numeral a card acts on now (an Action's count, a rule's draw), with
        Inflation; when Inflation changes it and somebody listens, the change
        is told (the card's text says the printed number)."""
        n: int = self.db.cards[card].params[param]
        plus = self.inflation()
        if plus and self.log is not None:
            self.ev("inflated", "rule.inflation", self.active, card, param=param, printed=n, total=n + plus)
        return n + plus

    def keeper_count(self, p: int) -> int:
        return sum(map(self.pidx.is_keeper.__getitem__, self.tables[p]))

    def _has_anywhere(self, card: int) -> bool:
        for t in self.tables:
            if card in t:
                return True
        return False

    def rule_view(self) -> RuleView:
        """What the New Rules in play set (slots, Inflation, limits, bonus cards)."""
        return self.pidx.view(self.rules)

    def draw_required(self, p: int) -> int:
        """Cards the active player must draw this turn for the Draw rule and bonuses."""
        return self._draw_required(p, self.pidx.view(self.rules))

    def _draw_required(self, p: int, v: RuleView) -> int:
        n = v.draw_base
        if v.draw_bonus:
            pas = self.passive
            for x in v.draw_bonus:
                n += pas[x].draw_bonus(self, p, x)
        r = v.adjust
        if r >= 0:
            n = self.passive[r].draw_adjust(self, p, r, n)
        return n

    def draw_terms(self, p: int) -> list[list[int]]:
        """The draw owed to p this turn, term by term, for the tutor: [card, n]
        for the Draw rule ([-1, 1]: the Basic Rules), each Inflation, each bonus
        New Rule in play (0 when it gives nothing now) and the Play rule's last
        word (Play All But 1). The terms add up to ``draw_required(p)``."""
        cards, pas, idx = self.db.cards, self.passive, self.pidx
        r = self.slot_rule(SLOT_DRAW)
        terms = [[r, cards[r].params["n"] if r >= 0 else 1]]
        terms += [[x, pas[x].numeral] for x in self.rules if x in idx.numeral]
        terms += [[x, pas[x].draw_bonus(self, p, x)] for x in self.rules if x in idx.draw]
        r = self.slot_rule(SLOT_PLAY)
        if r in idx.adjust:
            n = sum(t[1] for t in terms)
            d = pas[r].draw_adjust(self, p, r, n) - n
            if d:
                terms.append([r, d])
        return terms

    def play_terms(self, p: int) -> list[list[int]]:
        """The plays p has this turn, term by term, for the tutor: [card, n] for
        the Play rule ([-1, 1]: the Basic Rules; n 0 for Play All and All But),
        each Inflation (when the Play rule has a numeral) and each bonus."""
        pas, idx = self.passive, self.pidx
        r = self.slot_rule(SLOT_PLAY)
        numeral = r < 0 or pas[r].play_number(self, r) > 0
        terms = [[r, 1 if r < 0 else (self.db.cards[r].params.get("n", 0) if numeral else 0)]]
        if numeral:
            terms += [[x, pas[x].numeral] for x in self.rules if x in idx.numeral]
        terms += [[x, pas[x].play_bonus(self, p, x)] for x in self.rules if x in idx.play]
        return terms

    def plays_allowed(self, p: int, v: RuleView) -> int:
        """For the tutor: the plays this turn's rules allow p in all (the Play
        rule's numeral with Inflation, and the bonuses), or -1 when the Play
        rule counts by the hand (Play All, All But); ``play_terms`` adds up to it."""
        if v.play_max < 0:
            return -1
        n = v.play_max
        for x in v.play_bonus:
            n += self.passive[x].play_bonus(self, p, x)
        return n

    def play_rule_count(self) -> int:
        """The Play rule's own number (0 for All / All But), with Inflation."""
        r = self.slot_rule(SLOT_PLAY)
        if r < 0:
            return 1 + self.inflation()
        return self.passive[r].play_number(self, r)

    def plays_left(self, p: int) -> int:
        known = self._left
        if known is not None and known[0] == p:
            return known[1]
        return self._plays_left(p, self.pidx.view(self.rules))

    def _plays_left(self, p: int, v: RuleView) -> int:
        pas = self.passive
        bonus = 0
        for x in v.play_bonus:
            bonus += pas[x].play_bonus(self, p, x)
        r = v.play_card
        if r >= 0:
            return pas[r].plays_left(self, p, r, bonus)
        return max(0, min(1 + v.plus + bonus - self.played, len(self.hands[p])))

    def goal_room(self) -> int:
        """How many Goals may stand at once (1, or more with Double Agenda)."""
        return self.pidx.view(self.rules).goal_room

    def hand_limit(self) -> int:
        return self.pidx.view(self.rules).hand_max

    def keeper_limit(self) -> int:
        return self.pidx.view(self.rules).keeper_max

    def limits(self) -> tuple[int, int]:
        """(Hand Limit, Keeper Limit) in play, -1 for none: the same for every seat."""
        v = self.pidx.view(self.rules)
        return v.hand_max, v.keeper_max

    def over_limit(self, p: int, limits: tuple[int, int] | None = None) -> bool:
        """p holds more than a limit allows (``limits``: worked out already, for many seats)."""
        hl, kl = limits if limits is not None else self.limits()
        return (hl >= 0 and len(self.hands[p]) > hl) or (kl >= 0 and self.keeper_count(p) > kl)

    def free_actions(self, p: int) -> list[int]:
        """Free actions player ``p`` could use now (their turn, no temporary hand)."""
        if self.temp or p != self.active:
            return []
        out = []
        cards = self.db.cards
        free = self.pidx.free_rules
        if free:
            for r in self.rules:  # in the order they came into play
                if r in free and FREE_RULES[cards[r].effect](self, p, r):
                    out.append(r)
        on_table = self.pidx.free_table
        if on_table:
            for c in self.tables[p]:
                if c in on_table and FREE_TABLE[cards[c].effect](self, p, c):
                    out.append(c)
        return out

    # ------------------------------------------------------------ moving cards
    def to_discard(self, c: int) -> None:
        self.variant.discard_pile(self, c).append(c)

    def where(self, c: int) -> tuple[str, int]:
        """Find a card: (zone, seat or -1)."""
        for p in range(self.nplayers):
            if c in self.hands[p]:
                return "hand", p
            if c in self.tables[p]:
                return "table", p
        for fr in self.temp:
            if c in fr.cards:
                return "temp", fr.player
        for zone in ("rules", "goals", "playing", "draw", "discard", "scored", "rules_deck", "rules_discard"):
            if c in getattr(self, zone):
                return zone, -1
        return "box", -1

    def take_top(self, p: int) -> int:
        """Take the top card of the draw pile for player ``p``; -1 if none can be had.
        The caller places and reports the card, then calls ``pile_check()``, so
        that a game the empty pile ends is over after the last card is told."""
        if not self.draw:
            if not self.variant.refill(self):
                return -1
        return self.draw.pop()

    def pile_check(self) -> None:
        """The draw pile has run dry: the variant may end the game (Solo Fluxx)."""
        if not self.draw:
            self.variant.pile_emptied(self)

    def draw_cards(self, p: int, n: int, into: list[int] | None = None, counts: bool = False,
                   rule: str = "turn.draw") -> int:
        """Draw ``n`` cards for ``p`` into ``into`` (their hand by default). Creepers go
        into play and are replaced. Returns how many non-Creepers were drawn."""
        if into is None:
            into = self.hands[p]
        log = self.log is not None  # told only when somebody listens: this is a hot path
        draw = self.draw
        if 0 < n <= len(draw) and not log and not self.pidx.creepers and not self.over:
            # the common case, all at once: the top n cards, topmost first, and nothing to tell
            into += draw[:-n - 1:-1]
            del draw[-n:]
            if counts:
                self.drawn += n
            if not draw:
                self.pile_check()
            return n
        got = 0
        cards = self.db.cards
        while got < n and not self.over:
            c = self.take_top(p)
            if c < 0:
                self.ev("no_cards", "pile.empty", p)
                break
            if cards[c].kind == CREEPER:
                self.tables[p].append(c)
                self.ev("creeper", "card.creeper", p, c)
                self.pile_check()
                continue
            into.append(c)
            got += 1
            if counts:
                self.drawn += 1
            if log:
                self.ev("draw", rule, p, c)
            if not self.draw:
                self.pile_check()
        return got

    def powered(self, k: int) -> bool:
        """A Keeper's power works unless a card attached to it switches it off (a Malfunction)."""
        if self.attached:
            off = self.pidx.power_off
            for cr, kk in self.attached.items():
                if kk == k and cr in off:
                    return False
        return True

    def remove_from_table(self, c: int) -> int:
        for p, t in enumerate(self.tables):
            if c in t:
                t.remove(c)
                return p
        return -1

    def unit_of(self, c: int) -> list[int]:
        """A card on the table with what is attached to it (they act as one)."""
        att = self.attached
        if not att:
            return [c]
        k = att.get(c, c)
        return [k] + [cr for cr, kk in att.items() if kk == k]

    def discard_from_table(self, c: int, rule: str, by: int = -1, **why: Any) -> None:
        """Discard a card from the table with what is attached to it; ``why``
        is the cause's data for the tutor (a limit and its number, a Goal).
        A card attached to it goes along: its event says so (``along``), not
        the cause, which was about the card chosen (told first)."""
        unit = self.unit_of(c)
        told = []
        for x in unit:  # the unit's order (the discard pile's order, which replays rely on)
            self.attached.pop(x, None)
            p = self.remove_from_table(x)
            self.to_discard(x)
            told.append((x, p))
        if self.log is not None:  # told with the card chosen first, then what went along with it
            if told[0][0] != c:
                told.sort(key=lambda xp: xp[0] != c)
            for x, p in told:
                if x == c:
                    self.ev("discard_table", rule, p, x, by=by, **why)
                else:
                    self.ev("discard_table", rule, p, x, by=by, along=c)

    def place_goal(self, p: int, c: int) -> None:
        """A Goal is played: replace, fill an empty Double Agenda slot, or ask."""
        room = self.goal_room()
        if room > 1:
            if len(self.goals) < room:
                self.playing.remove(c)
                self.goals.append(c)
                if self.log is not None:
                    self.ev("goal", "rule.double-agenda", p, c, joined=len(self.goals) > 1)
                self.goals_changed()
                return
            self.ask(p, "goal_replace", list(self.goals), card=c,
                     reason="Double Agenda: choose the Goal that the new one replaces",
                     then=("goal_replace", p, c))
            return
        self.playing.remove(c)
        old = list(self.goals)
        self.goals.clear()
        for g in old:
            self.to_discard(g)
            if self.log is not None:
                self.ev("goal_discarded", "card.goal", p, g, replaced_by=c)
        self.goals.append(c)
        if self.log is not None:
            self.ev("goal", "card.goal", p, c)
        self.goals_changed()

    def goals_changed(self) -> None:
        """The Goal changed: the cards in play that react do (the Radioactive Potato moves)."""
        for c in self.pidx.on_goals:
            for p, t in enumerate(self.tables):
                if c in t:
                    self.passive[c].on_goals_changed(self, p, c)
                    break

    def move_to_table(self, c: int, q: int) -> None:
        self.remove_from_table(c)
        self.tables[q].append(c)

    def place_rule(self, p: int, c: int) -> None:
        self.variant.place_rule(self, p, c)

    def remove_rule(self, r: int, by: int, rule: str, to_hand: int = -1, **why: Any) -> None:
        """A New Rule leaves play (to the discard, or to a hand); ``why`` is
        the cause's data for the tutor (the New Rule that replaced it)."""
        self.rules.remove(r)
        if self.log is not None and self.db.cards[r].slot == SLOT_PLAY:
            self._play_gone = r  # for the tutor: the turn's end names the Play rule that left this turn
        if to_hand >= 0:
            self.hands[to_hand].append(r)
        else:
            self.to_discard(r)
        if self.log is not None:
            self.ev("rule_discarded", rule, by, r, **why)
        m = self.passive[r]
        if m.goal_room > 1 and len(self.goals) > 1:
            self.stack.append(("goal_trim", by))

    def end_game(self, winner: int, rule: str, **why: Any) -> None:
        """The game is over; ``why`` is the cause's data for the tutor (the
        Goal that was won, the deck that ran out)."""
        self.winner = winner
        self.over = True
        self.end = rule
        self.prompt = None
        self.phase = "over"
        # the result rides on the event, so that a replay can tell it as it was
        self.ev("game_over", rule, winner, **why,
                **{k: v for k, v in self.variant.outcome(self).fields().items() if v is not None and k != "end"})

    # ------------------------------------------------------------ copies and JSON
    def copy(self, record: bool = False) -> Game:
        """An independent game in the same state (the cards, variant and prompt
        are shared: nothing changes them in place)."""
        g = Game.__new__(Game)
        for f in _SHARED:
            setattr(g, f, getattr(self, f))
        for f, copy_of in _COPIED:
            setattr(g, f, copy_of(getattr(self, f)))
        g.log = [] if record else None
        g.settled = False  # the copy may be changed by hand (a search bot's hidden cards): check it afresh
        return g

    def to_dict(self) -> dict[str, Any]:
        d = {f: _WRITE[shape](getattr(self, f)) for f, shape in STATE}
        d["prompt"] = self.prompt.to_dict() if self.prompt is not None else None
        d["cards"] = self.db.names
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], record: bool = True, check: str = "full") -> Game:
        """The game of a saved state; ``BadState`` (a ValueError) names what
        is wrong with a state that cannot be played on. ``check``: "full"
        (every field, and each answer to the pending question tried on a
        copy), "fields" (every field, no trial answers) or "none" (a state
        this engine has just written, as the property tests round-trip)."""
        from .statecheck import BadState
        if check == "none":
            return cls._from_dict(d, record, check)
        try:
            return cls._from_dict(d, record, check)
        except BadState:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as e:
            # a shape no check foresaw (a dict where a list goes, a list nested past Python's stack):
            # a sentence, never a traceback; the type names the kind of damage
            raise BadState(f"the saved state is not one this engine writes: a value has the wrong shape "
                           f"({type(e).__name__} while reading it)") from None

    @classmethod
    def _from_dict(cls, d: dict[str, Any], record: bool, check: str) -> Game:
        from .statecheck import BadState, check_answers, check_header, check_state  # loads only: off the hot path
        if check != "none":
            if not isinstance(d, dict):
                raise BadState("the saved state is not a map of fields")
            check_header(d)
        try:
            g = cls(tuple(d["decks"]), d["nplayers"], d["variant_name"], d["seed"], record)
        except Exception as e:  # an unknown deck or variant, a seat count it does not take
            from .datafile import visible
            raise BadState(visible(f"the saved game cannot be set up: {e}")) from None
        if d.get("cards") != g.db.names:
            raise BadState("the saved game was made with other deck files than the ones installed")
        if check != "none":
            check_state(g, d)
        for f, shape in STATE:
            v = d[f] if f in d or f not in STATE_DEFAULTS else STATE_DEFAULTS[f]
            setattr(g, f, _READ[shape](v))
        g.prompt = Prompt.from_dict(d["prompt"]) if d["prompt"] is not None else None
        if check == "full":
            check_answers(g)
        return g

    # ------------------------------------------------------------ reading
    def name(self, c: int) -> str:
        return self.db.cards[c].name

    def _card_name(self, c: int) -> str:
        """A card's name for a refusal; an id that names no card stays a number."""
        return self.db.cards[c].name if 0 <= c < self.db.n else str(c)


def _jsonable(t: Any) -> Any:
    if isinstance(t, (tuple, list)):
        return [_jsonable(x) for x in t]
    return t


def _from_jsonable(t: Any) -> Any:
    if isinstance(t, list):
        return tuple(_from_jsonable(x) for x in t)
    return t


def _frames(v: list[Any]) -> list[Frame]:
    return [Frame([x[0], x[1], list(x[2]), x[3], x[4]]) for x in v]


def _plain_frames(v: list[Any]) -> list[list[Any]]:
    return [[x[0], x[1], list(x[2]), x[3], x[4]] for x in v]


def _links(v: list[Any]) -> list[Link]:
    return [Link(x) for x in v]


def _lists(v: list[Any]) -> list[list[Any]]:
    return [list(x) for x in v]


# how each shape of STATE is copied, written to JSON and read back
_COPY: dict[str, Callable[[Any], Any]] = {"list": list.copy, "lists": _lists, "map": dict.copy, "frames": _frames, "links": _links,
         "tasks": list.copy}
_WRITE: dict[str, Callable[[Any], Any]] = {"value": lambda v: v, "list": list, "lists": _lists, "frames": _plain_frames, "links": _lists,
          "map": lambda v: {str(k): x for k, x in sorted(v.items())},
          "tasks": lambda v: [_jsonable(t) for t in v]}
_READ: dict[str, Callable[[Any], Any]] = {"value": lambda v: v, "list": list, "lists": _lists, "frames": _frames, "links": _links,
         "map": lambda v: {int(k): x for k, x in v.items()},
         "tasks": lambda v: [_from_jsonable(t) for t in v]}
_COPIED = tuple((f, _COPY[shape]) for f, shape in STATE if shape != "value")
# the fields a copy shares with its game (immutable, or never changed in place); the others are copied
_SHARED = tuple(f for f in Game.__slots__ if f not in dict(_COPIED))


# card kinds re-exported for the effect modules
__all__ = ["Game", "Event", "OPS", "register", "IllegalAnswer", "Prompt", "KEEPER", "GOAL", "RULE",
           "ACTION", "CREEPER", "SURPRISE"]
