"""Card definitions compiled for the engine's hot path.

A ``CardDB`` is the card universe of one game: the validated deck files,
turned into plain objects indexed by small integers (a card's id is its
index). Game states hold ids; names appear only at the boundaries.
"""
from __future__ import annotations

from typing import Any

from .decks import DeckError, card_key
from .decks import load as load_deck
from .effect_specs import CANCELS_SURPRISES, CARD, EFFECTS

KEEPER, GOAL, RULE, ACTION, CREEPER, SURPRISE = range(6)
TYPE_CODES = {"keeper": KEEPER, "goal": GOAL, "rule": RULE, "action": ACTION,
              "creeper": CREEPER, "surprise": SURPRISE}
TYPE_NAMES = {v: k for k, v in TYPE_CODES.items()}


class GoalDef:
    """What a Goal asks for: Keepers (or Creepers) required, cards that must
    be nowhere in play, N cards out of a tagged set, or the most of something."""
    __slots__ = ("required", "forbidden", "any_cards", "any_count", "most_of", "most_count")

    def __init__(self, required: tuple[int, ...] = (), forbidden: tuple[int, ...] = (),
                 any_cards: tuple[int, ...] = (), any_count: int = 0, most_of: str | None = None,
                 most_count: int = 0) -> None:
        self.required: tuple[int, ...] = required
        self.forbidden: tuple[int, ...] = forbidden
        self.any_cards: tuple[int, ...] = any_cards
        self.any_count: int = any_count
        self.most_of: str | None = most_of
        self.most_count: int = most_count


class Card:
    """One card of a game, compiled from its deck file by ``CardDB`` (ids
    resolved, effect parameters naming cards turned into ids)."""
    __slots__ = ("id", "name", "key", "kind", "type", "deck", "text", "category", "slot",
                 "effect", "params", "tags", "icons", "counts_as", "goal", "confidence", "source",
                 "counters", "crew", "equipment", "attaching")
    id: int
    name: str
    key: str                  # the name folded for lookups (card_key)
    kind: int                 # KEEPER, GOAL, RULE, ACTION, CREEPER or SURPRISE
    type: str                 # the same as a word: "keeper", ...
    deck: str
    text: str
    category: str | None
    slot: str | None          # a New Rule's slot (effect_specs.RULE_SLOTS)
    effect: str               # the effect library's name for what it does ("" for none)
    params: dict[str, Any]    # the effect's parameters (card ids for card parameters)
    tags: tuple[str, ...]
    icons: tuple[str, ...]
    counts_as: tuple[int, ...]
    goal: GoalDef | None
    confidence: str | None
    source: str | None
    counters: Any             # a Surprise: the card kind (or "steal") it cancels
    crew: bool
    equipment: bool
    attaching: bool

    def __repr__(self) -> str:
        return f"<Card {self.id} {self.name}>"


class CardDB:
    """All cards of one game, by id and by name key."""

    def __init__(self, decks: tuple[str, ...]):
        specs = []
        order: list[str] = []

        def add(d: str) -> None:
            if d in order:
                return
            spec = load_deck(d)
            for r in spec.requires:
                add(r)
            order.append(d)
            specs.append(spec)

        for d in decks:
            add(d)
        self.decks: tuple[str, ...] = tuple(order)
        self.cards: list[Card] = []
        self.by_key: dict[str, int] = {}
        self.set_aside: set[int] = set()
        for spec in specs:
            for cs in spec.cards:
                k = card_key(cs.name)
                if k in self.by_key:
                    raise DeckError(spec.id, [f"card '{cs.name}' is also in another deck of this game"])
                c = Card()
                c.id = len(self.cards)
                c.name, c.key, c.type, c.kind = cs.name, k, cs.type, TYPE_CODES[cs.type]
                c.deck, c.text, c.category, c.slot = spec.id, cs.text, cs.category, cs.slot
                c.tags, c.icons = tuple(cs.tags), tuple(cs.icons)
                c.confidence, c.source = cs.confidence, cs.source
                c.counters = TYPE_CODES.get(cs.counters, cs.counters) if cs.counters else None
                c.crew = "crew" in cs.icons
                c.equipment = "equipment" in cs.icons
                c.attaching = "attaching" in cs.icons
                c.effect, c.params = "", {}
                self.cards.append(c)
                self.by_key[k] = c.id
        # second pass: resolve names now that every card has an id
        i = 0
        for spec in specs:
            for cs in spec.cards:
                c = self.cards[i]
                i += 1
                c.counts_as = tuple(self.by_key[card_key(n)] for n in cs.counts_as)
                if cs.effects:
                    eff = cs.effects[0]
                    c.effect = eff.name
                    kinds = EFFECTS[eff.name][1]
                    c.params = {pn: (self.by_key[card_key(str(pv))] if kinds.get(pn) == CARD else pv)
                                for pn, pv in eff.params.items()}
                c.goal = None
                if cs.goal:
                    g = cs.goal
                    any_cards: tuple[int, ...] = ()
                    if g.any_of:
                        t = g.any_of.tag
                        any_cards = tuple(x.id for x in self.cards if t in x.tags or t in x.icons)
                    c.goal = GoalDef(
                        tuple(self.by_key[card_key(n)] for n in g.required),
                        tuple(self.by_key[card_key(n)] for n in g.forbidden),
                        any_cards, g.any_of.count if g.any_of else 0,
                        g.most.of if g.most else None, g.most.count if g.most else 0)
            for n in spec.solo_set_aside:
                self.set_aside.add(self.by_key[card_key(n)])
        self.n = len(self.cards)
        # each card's Goal requirements, looked up by id on the goal checks' hot path
        # (a card that is no Goal has the empty GoalDef, which no check asks about)
        empty = GoalDef()
        self.goal_defs: list[GoalDef] = [c.goal if c.goal is not None else empty for c in self.cards]
        # the Goals that count cards in hand (a Goal check reads hand sizes only while one is out)
        self.hand_goals: frozenset[int] = frozenset(c.id for c in self.cards if c.goal is not None
                                                    and c.goal.most_of == "hand")
        # the cards some other card counts as (Janeway from the Future): for
        # any other card, having it means holding it
        self.counted: frozenset[int] = frozenset(k for c in self.cards for k in c.counts_as)
        # every card with each effect, in card order (a deck may hold two of a kind)
        self.by_effect: dict[str, tuple[int, ...]] = {}
        for c in self.cards:
            if c.effect:
                self.by_effect[c.effect] = self.by_effect.get(c.effect, ()) + (c.id,)
        self.names = [c.name for c in self.cards]
        self.kinds: list[int] = [c.kind for c in self.cards]  # each card's kind by id (the bots' hot path)
        # what the Surprise windows and attachments look at (empty for decks without them)
        self.surprises: tuple[int, ...] = tuple(c.id for c in self.cards if c.kind == SURPRISE)
        self.attaching: tuple[int, ...] = tuple(c.id for c in self.cards if c.attaching)
        self.cancelers: tuple[int, ...] = tuple(c.id for c in self.cards if c.effect in CANCELS_SURPRISES)

    def find(self, name: str) -> int | None:
        return self.by_key.get(card_key(name))

    def name(self, cid: int) -> str:
        return self.cards[cid].name


_DBS: dict[tuple[str, ...], CardDB] = {}


def card_db(decks: tuple[str, ...] | list[str]) -> CardDB:
    key = tuple(decks)
    db = _DBS.get(key)
    if db is None:
        db = _DBS[key] = CardDB(key)
    return db
