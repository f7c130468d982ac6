"""The events the engine tells: a kind (``Kind``), and for each kind one
frozen payload type with typed fields.

An event is ``Event(kind, rule, player, card, data, cause)``: one change,
the rules-reference id behind it, the seat and card it is about, its
payload, and its cause (the card being played, or the free action at work,
when it happened; -1: none). Events are facts, never words: the tutor's
narration (``tutor/``) turns them into sentences.

A payload's fields that do not apply are ``None`` and read as absent: a
payload answers ``get``, ``in`` and ``items`` like a read-only mapping of its
set fields, so a reader may ask ``data.get("gone", -1)`` of any kind. The
kind strings are the ones ``replay --explain --json`` has always printed
(``../shared/CLI.md``); a variant adds its own kinds with ``register_payload``.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, NewType, dataclass_transform

CardId = NewType("CardId", int)  # a card's index in the game's card list (-1: none, where a field allows it)
Seat = int                       # a seat's number (0 is the first player)
Terms = list[list[int]]          # a number's terms: [[card or -1, n], ...], the first the base (engine.numbers)


class Kind(StrEnum):
    """Every kind of event the engine emits (Solo Fluxx's own: ``solo.variant``)."""
    ACTION = "action"
    ACTION_DONE = "action_done"
    ATTACH = "attach"
    BLOCKED = "blocked"
    BONUS = "bonus"
    CANCELED = "canceled"
    CATCH_UP = "catch_up"
    CREEPER = "creeper"
    DEAL = "deal"
    DEAL_KEEPER = "deal_keeper"
    DETACH = "detach"
    DISCARD = "discard"
    DISCARD_TABLE = "discard_table"
    DRAW = "draw"
    DRAW_PHASE = "draw_phase"
    EARNED = "earned"
    EMPTY_TRASH = "empty_trash"
    EXCUSED = "excused"
    EXTRA_TURN = "extra_turn"
    FREE_ACTION = "free_action"
    FROM_DISCARD = "from_discard"
    GAME_OVER = "game_over"
    GIVE = "give"
    GOAL = "goal"
    GOAL_DISCARDED = "goal_discarded"
    INFLATED = "inflated"
    KEEPER = "keeper"
    LIMIT_DISCARD = "limit_discard"
    MOVE = "move"
    NO_CARDS = "no_cards"
    NOTHING = "nothing"
    PLAY = "play"
    PLAY_PHASE = "play_phase"
    PLAYS_LEFT = "plays_left"
    POTATO = "potato"
    RANDOM_PLAY = "random_play"
    REDIRECT = "redirect"
    RESHUFFLE = "reshuffle"
    ROTATE = "rotate"
    RPS = "rps"
    RULE = "rule"
    RULE_DISCARDED = "rule_discarded"
    SHORT = "short"
    SURPRISE = "surprise"
    SURPRISE_DONE = "surprise_done"
    SWAP = "swap"
    TAKE = "take"
    TAKE_HAND = "take_hand"
    TIE = "tie"
    TO_HAND = "to_hand"
    TRADE = "trade"
    TURN_END = "turn_end"
    TURN_START = "turn_start"


class Payload:
    """The base of every payload: read like a mapping of its set (not None) fields."""
    __slots__ = ()
    names: ClassVar[tuple[str, ...]] = ()   # every field, in order
    cards: ClassVar[tuple[str, ...]] = ()   # the fields that name one card (a CardId)

    def get(self, key: str, default: Any = None) -> Any:
        v = getattr(self, key, None) if key in self.names else None
        return default if v is None else v

    def __getitem__(self, key: str) -> Any:
        v = getattr(self, key, None) if key in self.names else None
        if v is None:
            raise KeyError(key)
        return v

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self.names and getattr(self, key) is not None

    def keys(self) -> list[str]:
        return [k for k in self.names if getattr(self, k) is not None]

    def items(self) -> list[tuple[str, Any]]:
        return [(k, v) for k in self.names if (v := getattr(self, k)) is not None]

    def values(self) -> list[Any]:
        return [v for k in self.names if (v := getattr(self, k)) is not None]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def __bool__(self) -> bool:
        return any(getattr(self, k) is not None for k in self.names)

    def __eq__(self, other: object) -> bool:
        """Equal to a payload of the same type with the same fields, or to a
        dict of exactly its set fields (as events were written before types)."""
        if isinstance(other, Payload):
            return type(other) is type(self) and self.items() == other.items()
        if isinstance(other, dict):
            return dict(self.items()) == other
        return NotImplemented

    # a payload may hold lists: it is not hashed
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.items())})"


@dataclass_transform(frozen_default=True)
def payload_type(cls: type[Any]) -> type[Any]:
    """A frozen, slotted dataclass with its field names listed for ``Payload``."""
    made = dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
    made.names = tuple(made.__dataclass_fields__)
    made.cards = tuple(f.name for f in made.__dataclass_fields__.values() if f.type in ("CardId", "CardId | None"))
    return made


def card_fields(cls: type[Payload]) -> tuple[str, ...]:
    """The fields of a payload type that name one card."""
    return cls.cards


@payload_type
class Empty(Payload):
    """The payload of a kind that carries nothing beyond its seat and card."""


# ---------------------------------------------------------------- cards and zones
@payload_type
class Attach(Payload):
    keeper: CardId  # the Keeper the Creeper attached itself to (or came off)


@payload_type
class Canceled(Payload):
    by: Seat


@payload_type
class Discard(Payload):
    random: bool | None = None  # discarded at random (no card of the kind asked)


@payload_type
class DiscardTable(Payload):
    by: Seat | None = None
    limit: str | None = None          # "keeper": to meet the Keeper Limit
    n: int | None = None              # that limit in force
    goal: CardId | None = None        # a Solo Goal scored takes its cards
    limit_card: CardId | None = None  # the rule setting the limit (-1: none)
    along: CardId | None = None       # went along with the card a rule took (an attached pair)
    target: CardId | None = None      # the Creeper a Keeper was paid to be rid of
    keeper: CardId | None = None      # the Keeper paid for the Creeper
    alone: bool | None = None         # Death discarded alone, as a free action


@payload_type
class Give(Payload):
    by: Seat


@payload_type
class Count(Payload):
    count: int


@payload_type
class LimitDiscard(Payload):
    limit: str
    n: int
    limit_card: CardId


@payload_type
class Move(Payload):
    frm: Seat
    by: Seat | None = None


@payload_type
class Nothing(Payload):
    why: str | None = None


@payload_type
class From(Payload):
    frm: Seat


@payload_type
class TakeHand(Payload):
    frm: Seat
    count: int


@payload_type
class ToHand(Payload):
    frm: Seat | None = None
    pile: str | None = None  # "draw": searched out of the draw pile


@payload_type
class FromDiscard(Payload):
    rules_pile: bool | None = None


@payload_type
class Rotate(Payload):
    direction: str


@payload_type
class Rps(Payload):
    mine: str
    theirs: str
    score: list[int]
    frm: Seat
    wins: int


@payload_type
class Surprise(Payload):
    target: CardId


@payload_type
class SurpriseDone(Payload):
    canceled: bool


@payload_type
class Earned(Payload):
    n: int


# ---------------------------------------------------------------- rules and Goals
@payload_type
class Rule(Payload):
    spot: str | None = None  # Solo: the spot of the table a rule lies on


@payload_type
class RuleDiscarded(Payload):
    replaced_by: CardId | None = None
    spot: str | None = None


@payload_type
class Goal(Payload):
    joined: bool | None = None
    beside: list[CardId] | None = None


@payload_type
class GoalDiscarded(Payload):
    replaced_by: CardId | None = None
    chooser: Seat | None = None


@payload_type
class Inflated(Payload):
    param: str
    printed: int
    total: int


@payload_type
class Bonus(Payload):
    n: int   # what the rule adds (0: nothing now)
    to: str  # "draw" or "play"


@payload_type
class Blocked(Payload):
    stopper: CardId
    keeper: CardId | None = None
    stand_in: CardId | None = None
    also: list[CardId] | None = None  # more Creepers that stop the win


@payload_type
class Tie(Payload):
    players: list[Seat]


@payload_type
class Excused(Payload):
    creeper: CardId
    goal: CardId


@payload_type
class Short(Payload):
    has: int
    needs: int
    printed: int


# ---------------------------------------------------------------- the turn
@payload_type
class TurnStart(Payload):
    turn: int
    extra: bool


@payload_type
class DrawPhase(Payload):
    n: int
    terms: Terms


@payload_type
class CatchUp(Payload):
    owed: int
    drawn: int
    terms: Terms
    resumed: bool  # the same draw as told before: owed draws resuming after the piles ran dry
    piles: int     # what the piles held


@payload_type
class PlayPhase(Payload):
    n: int
    terms: Terms
    hand: int


@payload_type
class Play(Payload):
    src: int  # 0 from the hand (a counted play), 1 the temporary hand, 2 as part of another card


@payload_type
class PlaysLeft(Payload):
    """The plays left after a counted play resolved, and the rule they are counted under."""
    left: int
    played: int
    rule_card: CardId
    free: bool | None = None
    allowed: int | None = None
    hand: int | None = None
    terms: Terms | None = None
    kept: Terms | None = None


@payload_type
class RandomPlay(Payload):
    terms: Terms | None = None


@payload_type
class TurnEnd(Payload):
    played: int
    empty: bool | None = None
    chose: bool | None = None
    rule_card: CardId | None = None
    allowed: int | None = None
    gone: CardId | None = None
    terms: Terms | None = None
    kept: Terms | None = None


@payload_type
class GameOver(Payload):
    """Why the game ended, then its result. (A template is picked by the first
    set field in this order: the cause's fields come before the result's.)"""
    goal: CardId | None = None
    instead: list[list[CardId]] | None = None
    rivals: list[list[int]] | None = None
    most: list[int] | None = None
    deck: str | None = None
    turns: list[int] | None = None
    rounds: int | None = None
    loop_card: CardId | None = None
    turn: int | None = None
    score: int | list[int] | None = None
    winner: Seat | None = None


EMPTY = Empty()

# kind -> its payload type (a variant's own kinds are added by register_payload)
PAYLOADS: dict[str, type[Any]] = {  # (type[Any]: each type's own fields are its constructor's)
    Kind.ACTION: Empty, Kind.ACTION_DONE: Empty, Kind.ATTACH: Attach, Kind.BLOCKED: Blocked, Kind.BONUS: Bonus,
    Kind.CANCELED: Canceled, Kind.CATCH_UP: CatchUp, Kind.CREEPER: Empty, Kind.DEAL: Empty,
    Kind.DEAL_KEEPER: Empty, Kind.DETACH: Attach, Kind.DISCARD: Discard, Kind.DISCARD_TABLE: DiscardTable,
    Kind.DRAW: Empty, Kind.DRAW_PHASE: DrawPhase, Kind.EARNED: Earned, Kind.EMPTY_TRASH: Count,
    Kind.EXCUSED: Excused, Kind.EXTRA_TURN: Empty, Kind.FREE_ACTION: Empty, Kind.FROM_DISCARD: FromDiscard,
    Kind.GAME_OVER: GameOver, Kind.GIVE: Give, Kind.GOAL: Goal, Kind.GOAL_DISCARDED: GoalDiscarded,
    Kind.INFLATED: Inflated, Kind.KEEPER: Empty, Kind.LIMIT_DISCARD: LimitDiscard, Kind.MOVE: Move,
    Kind.NO_CARDS: Empty, Kind.NOTHING: Nothing, Kind.PLAY: Play, Kind.PLAY_PHASE: PlayPhase,
    Kind.PLAYS_LEFT: PlaysLeft, Kind.POTATO: From, Kind.RANDOM_PLAY: RandomPlay, Kind.REDIRECT: From,
    Kind.RESHUFFLE: Count, Kind.ROTATE: Rotate, Kind.RPS: Rps, Kind.RULE: Rule,
    Kind.RULE_DISCARDED: RuleDiscarded, Kind.SHORT: Short, Kind.SURPRISE: Surprise,
    Kind.SURPRISE_DONE: SurpriseDone, Kind.SWAP: PlaysLeft, Kind.TAKE: From, Kind.TAKE_HAND: TakeHand,
    Kind.TIE: Tie, Kind.TO_HAND: ToHand, Kind.TRADE: From, Kind.TURN_END: TurnEnd, Kind.TURN_START: TurnStart,
}


def register_payload(kind: str, payload: type[Any]) -> None:
    """A variant's own kind of event and its payload type; a kind already
    known keeps its type (registering it again with another is an error)."""
    if PAYLOADS.get(kind, payload) is not payload:
        raise ValueError(f"the event kind {kind!r} already has the payload {PAYLOADS[kind].__name__}")
    PAYLOADS[kind] = payload


def payload(kind: str, data: dict[str, Any]) -> Payload:
    """The payload of ``kind`` made from its fields (a field it does not have is an error)."""
    if not data:
        cls = PAYLOADS[kind]
        made: Payload = EMPTY if cls is Empty else cls()
        return made
    made = PAYLOADS[kind](**data)
    return made


class Event(tuple[str, str, int, int, Payload, int]):
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
    def data(self) -> Payload:
        return self[4]

    @property
    def cause(self) -> int:
        return self[5]


def event(kind: str, rule: str, player: int = -1, card: int = -1, cause: int = -1, **data: Any) -> Event:
    """An event made by hand (tests, a tutor's example): its payload from ``data``."""
    return Event((kind, rule, player, card, payload(kind, data), cause))
