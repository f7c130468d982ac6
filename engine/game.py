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

from . import moves as M
from . import numbers as N
from . import rng as R
from .cards import ACTION, CREEPER, GOAL, KEEPER, RULE, SURPRISE, CardDB, card_db
from .events import Event, Kind
from .hooks import AFTER_TASK, ANSWER_FILTERS, OPS, QUIET, REFUSALS, TURN, Task
from .numbers import passive_index
from .positions import Seen, key_of
from .prompts import Answer, IllegalAnswer, Prompt, odd_type
from .records import Frame, Link
from .registry import get_variant
from .tell import NOBODY, Recorder, Sink

if TYPE_CHECKING:
    pass

# The state, written once: every field of a game with its shape, which says
# how ``copy()`` copies it and how ``to_dict()``/``from_dict()`` write and read
# it. "value": immutable; "list": a list of ids or names; "lists": a list of
# lists (hands, tables, the chain); "map": attaching Creeper -> Keeper;
# "frames": temporary hands; "tasks": the stack of pending tasks (tuples);
# "positions": the positions a draw rule remembers (engine.draws), written as keys.
STATE = (
    ("decks", "list"), ("variant_name", "value"), ("nplayers", "value"), ("seed", "value"), ("rng", "value"),
    ("draw", "list"), ("discard", "list"), ("hands", "lists"), ("tables", "lists"), ("attached", "map"),
    ("rules", "list"), ("goals", "list"), ("scored", "list"), ("rules_deck", "list"), ("rules_discard", "list"),
    ("active", "value"), ("turn", "value"), ("phase", "value"), ("drawn", "value"), ("played", "value"),
    ("hand_at_start", "value"), ("used", "list"), ("extra", "value"), ("in_extra", "value"), ("temp", "frames"),
    ("playing", "list"), ("chain", "links"), ("stack", "tasks"), ("winner", "value"), ("over", "value"),
    ("checks", "value"), ("decisions", "value"), ("quiet", "value"),
    ("seen", "positions"), ("seen_play", "positions"), ("stale", "value"), ("end", "value"), ("seen_free", "positions"),
)
STATE_FIELDS = tuple(f for f, _ in STATE)
# fields a save written before they existed may lack, with the value they then had
STATE_DEFAULTS: dict[str, Any] = {"chain": [], "seen": [], "seen_play": [], "stale": 0, "end": "",
                                  "seen_free": []}






class Game:
    """One game of Fluxx. Build with ``Game.new`` (a shuffled deal) or
    ``Game.blank`` (an empty table, for scenarios)."""

    # Every attribute is named here (slots): a game has more than CPython keeps
    # in a shared-key dict, and a slot is read and written faster on the hot path.
    __slots__ = (*STATE_FIELDS, "variant", "db", "pidx", "passive", "prompt", "sink", "ev",
                 "_no_winner_at", "settled", "_left")

    # the tables a saved state is checked against (statecheck reads them here, not by import)
    OPS = OPS
    AFTER_TASK = AFTER_TASK
    TURN = TURN
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
        self.seen: list[Seen] = []
        self.seen_play: list[Seen] = []
        self.seen_free: list[Seen] = []  # this turn's positions as a free action was used (engine.draws)
        self.stale = 0
        self.end = ""  # the rule id that ended the game (a Goal won, a deck run out, a draw), once over
        # where the events go (engine.tell): a Recorder when a log is kept, else the no-op sink
        self.sink: Sink = NOBODY
        self.ev = NOBODY.ev
        self.listen(record)
        # the last table a Goal check found no winner on (Variant.check_goals);
        # None for a game never checked. Not part of the state: a cache.
        self._no_winner_at: Any = None
        # the task loop's "checked since the last change" (see _run); not part of the state
        self.settled = False
        # (seat, plays left) while the turn's idle() asks the free actions what they can do; else None
        self._left: tuple[int, int] | None = None

    def listen(self, record: bool) -> None:
        """Keep a log of the events from now on (``record``), or none."""
        self.sink = Recorder(self) if record else NOBODY
        self.ev = self.sink.ev

    @property
    def log(self) -> list[Event] | None:
        """The events of the last answer (None: no log is kept)."""
        return self.sink.events

    # ------------------------------------------------------------------ build
    @classmethod
    def new(cls, decks: tuple[str, ...] | list[str] = ("fluxx5",), players: int = 2, variant: str = "standard",
            seed: int = 0, record: bool = True) -> Game:
        g = cls(decks, players, variant, seed, record)
        g.variant.setup(g)
        g.phase = "deal"
        g.stack.append(TURN[0].start("deal"))
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
        if phase == "play":
            self.phase = "play"
        else:
            if phase == "deal":
                self.phase = "deal"
            self.stack.append(TURN[0].start(phase))
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
        sink = self.sink
        sink.answer()
        if pr.kind == "turn":
            self.stack.append(TURN[0].move(self, pr.player, a))
        else:
            assert pr.then is not None, "a choose prompt carries its continuation"
            self.stack.append(pr.then + (a[1],))
        self._run()
        sink.answered()
        return sink.events if sink.events is not None else []

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

    # ------------------------------------------------------------ the machine
    def _run(self) -> None:
        stack = self.stack
        standing = self.pidx.standing
        ops, quiet = OPS, QUIET
        hand_only = self.pidx.hand_only
        hand_goals = self.db.hand_goals
        idle = TURN[0].idle
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
                    # the limits it sets included, before any Goal is checked: the turn's idle() checks once
                    # nothing of it is left (the rulebook's "do whatever it says"; the FAQ's
                    # "consider the consequences of playing the one card as simultaneous")
                    continue
                # settled unless a scored Goal changed the table (the check says so)
                self.settled = not self.goals or not self.variant.check_goals(self)
            elif self.phase == "play":
                if standing and self._standing(standing):
                    self.settled = False
                    continue
                idle(self)
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
            if op not in QUIET and (op not in self.pidx.hand_only or not self.db.hand_goals.isdisjoint(self.goals)):
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

    # ------------------------------------------------------------ derived numbers
    # (engine/numbers.py: functions of the game, read here as its methods)
    slot_rule = N.slot_rule
    inflation = N.inflation
    num = N.num
    num_told = N.num_told
    keeper_count = N.keeper_count
    _has_anywhere = N._has_anywhere
    rule_view = N.rule_view
    draw_required = N.draw_required
    _draw_required = N._draw_required
    draw_quantity = N.draw_quantity
    draw_terms = N.draw_terms
    play_terms = N.play_terms
    play_quantity = N.play_quantity
    limit_quantity = N.limit_quantity
    kept_quantity = N.kept_quantity
    count_quantity = N.count_quantity
    goal_quantity = N.goal_quantity
    plays_allowed = N.plays_allowed
    plays_told = N.plays_told
    play_rule_count = N.play_rule_count
    plays_left = N.plays_left
    _plays_left = N._plays_left
    goal_room = N.goal_room
    hand_limit = N.hand_limit
    keeper_limit = N.keeper_limit
    limits = N.limits
    over_limit = N.over_limit
    free_actions = N.free_actions

    # ------------------------------------------------------------ moving cards
    # (engine/moves.py: functions of the game, read here as its methods)
    to_discard = M.to_discard
    where = M.where
    take_top = M.take_top
    pile_check = M.pile_check
    draw_cards = M.draw_cards
    powered = M.powered
    remove_from_table = M.remove_from_table
    unit_of = M.unit_of
    discard_from_table = M.discard_from_table
    place_goal = M.place_goal
    goals_changed = M.goals_changed
    move_to_table = M.move_to_table
    place_rule = M.place_rule
    remove_rule = M.remove_rule

    def end_game(self, winner: int, rule: str, **why: Any) -> None:
        """The game is over; ``why`` is the cause's data for the tutor (the
        Goal that was won, the deck that ran out)."""
        self.winner = winner
        self.over = True
        self.end = rule
        self.prompt = None
        self.phase = "over"
        # the result rides on the event, so that a replay can tell it as it was
        self.ev(Kind.GAME_OVER, rule, winner, **why,
                **{k: v for k, v in self.variant.outcome(self).fields().items() if v is not None and k != "end"})

    # ------------------------------------------------------------ copies and JSON
    def copy(self, record: bool = False) -> Game:
        """An independent game in the same state (the cards, variant and prompt
        are shared: nothing changes them in place)."""
        g = Game.__new__(Game)
        _fill_copy(self, g)  # every field, shared or copied (written out from STATE below: a search copies often)
        if not record:
            g.sink, g.ev = NOBODY, _NOBODY_EV
        else:
            g.listen(True)
            if self.sink is not NOBODY:  # the copy's log goes on telling from where this one is
                g.sink = self.sink.fork(g)
                g.ev = g.sink.ev
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


def _keys(v: list[Seen]) -> list[int]:
    return [key_of(x) for x in v]


# how each shape of STATE is copied, written to JSON and read back
_COPY: dict[str, Callable[[Any], Any]] = {"list": list.copy, "positions": list.copy, "lists": _lists, "map": dict.copy, "frames": _frames, "links": _links,
         "tasks": list.copy}
_WRITE: dict[str, Callable[[Any], Any]] = {"value": lambda v: v, "list": list, "positions": _keys, "lists": _lists, "frames": _plain_frames, "links": _lists,
          "map": lambda v: {str(k): x for k, x in sorted(v.items())},
          "tasks": lambda v: [_jsonable(t) for t in v]}
_READ: dict[str, Callable[[Any], Any]] = {"value": lambda v: v, "list": list, "positions": list, "lists": _lists, "frames": _frames, "links": _links,
         "map": lambda v: {int(k): x for k, x in v.items()},
         "tasks": lambda v: [_from_jsonable(t) for t in v]}
_COPIED = tuple((f, _COPY[shape]) for f, shape in STATE if shape != "value")
# the fields a copy shares with its game (immutable, or never changed in place); the others are copied
_SHARED = tuple(f for f in Game.__slots__ if f not in dict(_COPIED) and f not in ("sink", "ev"))
_NOBODY_EV = NOBODY.ev  # a copy without a log: the no-op sink's event method, bound once


def _copy_filler() -> Callable[[Game, Game], None]:
    """``copy``'s body, written out once from the field names above (as
    ``collections.namedtuple`` writes its class): one slot read and one slot
    write per field, where a loop of ``getattr``/``setattr`` calls took twice
    as long. The names are this module's own identifiers (``Game.__slots__``
    and ``STATE``), checked as such; nothing read from outside is compiled."""
    names = [*_SHARED, *(f for f, _ in _COPIED)]
    assert all(f.isidentifier() for f in names), names
    env: dict[str, Any] = {f"_copy_{f}": how for f, how in _COPIED}
    lines = [f"    g.{f} = self.{f}" for f in _SHARED] + [f"    g.{f} = _copy_{f}(self.{f})" for f, _ in _COPIED]
    exec("def fill(self, g):\n" + "\n".join(lines) + "\n", env)  # noqa: S102 (our own field names, see above)
    fill: Callable[[Game, Game], None] = env["fill"]
    return fill


_fill_copy = _copy_filler()


# card kinds re-exported for the effect modules
__all__ = ["Game", "Event", "Frame", "Link", "Task", "IllegalAnswer", "Prompt", "KEEPER", "GOAL", "RULE",
           "ACTION", "CREEPER", "SURPRISE"]
