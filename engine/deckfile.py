"""Deck files: the pydantic schema, loading and checking.

A deck file is TOML (data only: loading never runs code from it). Every
problem found is reported with the card and the field, so that
``solo-fluxx deck check`` can list them all at once.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, model_validator

from .datafile import DataFileError, read_text, toml_loads
from .deckbase import DECKS_DIR, DeckError, card_key, deck_path, require_shipped, shipped_decks
from .effect_specs import CARD, EFFECTS, INT, TAG

__all__ = ["DECKS_DIR", "DeckError", "card_key", "deck_path", "shipped_decks", "load_deck", "check_file",
           "parse_deck", "check_deck", "DeckSpec", "CardSpec"]
MAX_DECK_BYTES = 1_000_000
MAX_CARDS = 1_000

Name = Annotated[str, Field(min_length=1, max_length=80)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    name: Name
    # Strict: TOML's true is not the number 1, and 2.0 is not 2.
    params: dict[str, StrictBool | StrictInt | StrictStr] = {}


class AnyOf(_Strict):
    tag: Name
    count: int = Field(ge=1, le=20)


class Most(_Strict):
    of: Literal["hand", "keepers"]
    count: int = Field(ge=1, le=99)


class GoalSpec(_Strict):
    required: list[Name] = []
    forbidden: list[Name] = []
    any_of: AnyOf | None = None
    most: Most | None = None

    @model_validator(mode="after")
    def _not_empty(self) -> GoalSpec:
        if not (self.required or self.any_of or self.most):
            raise ValueError("a Goal needs 'required', 'any_of' or 'most'")
        if self.most and (self.required or self.any_of or self.forbidden):
            raise ValueError("'most' cannot be combined with other requirements")
        return self


class CardSpec(_Strict):
    name: Name
    type: Literal["keeper", "goal", "rule", "action", "creeper", "surprise"]
    text: str = Field(min_length=1, max_length=600)
    tags: list[Name] = []
    icons: list[Literal["crew", "equipment", "attaching"]] = []
    counts_as: list[Name] = []
    category: str | None = None
    slot: Literal["draw", "play", "hand_limit", "keeper_limit", "other"] | None = None
    goal: GoalSpec | None = None
    effects: list[Effect] = []
    counters: Literal["goal", "action", "rule", "keeper", "steal"] | None = None
    confidence: Literal["verified", "likely", "reconstructed"] | None = None
    source: str | None = Field(default=None, max_length=300)


class DeckSpec(_Strict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,40}$")]
    name: Name
    version: str = "1"
    requires: list[str] = []
    solo_set_aside: list[Name] = []
    cards: list[CardSpec] = Field(min_length=1, max_length=MAX_CARDS)


KIND_NAMES = {"keeper": "a Keeper", "creeper": "a Creeper", "goal": "a Goal", "rule": "a New Rule",
              "action": "an Action", "surprise": "a Surprise"}


def _where(data: dict[str, Any], loc: tuple[int | str, ...]) -> str:
    """Say where a pydantic error is, naming the card when there is one."""
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        idx = loc[1]
        name = None
        cards = data.get("cards")
        if isinstance(cards, list) and idx < len(cards) and isinstance(cards[idx], dict):
            name = cards[idx].get("name")
        rest = ".".join(str(x) for x in loc[2:]) or "(the card)"
        label = f"card #{idx + 1}" + (f" '{name}'" if isinstance(name, str) else "")
        return f"{label}, field '{rest}'"
    return "field '" + ".".join(str(x) for x in loc) + "'" if loc else "the file"


def parse_deck(path: str | Path, text: bytes | None = None) -> DeckSpec:
    """Read and validate one deck file on its own (no cross-deck checks)."""
    p = Path(path)
    if text is None:
        try:
            text = read_text(p, MAX_DECK_BYTES, "a deck file").encode("utf-8")
        except DataFileError as e:
            raise DeckError(str(p), [str(e)]) from None
    if len(text) > MAX_DECK_BYTES:
        raise DeckError(str(p), [f"the file is {len(text)} bytes; a deck file may be at most {MAX_DECK_BYTES} bytes"])
    try:
        data = toml_loads(text.decode("utf-8"), "a deck file")
    except DataFileError as e:
        raise DeckError(str(p), [str(e)]) from None
    except UnicodeDecodeError:
        raise DeckError(str(p), ["the file is not UTF-8 text; save it as UTF-8 TOML"]) from None
    except tomllib.TOMLDecodeError as e:
        raise DeckError(str(p), [f"not valid TOML: {e}; fix the syntax there"]) from None
    try:
        deck = DeckSpec.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            problems.append(f"{_where(data, tuple(err['loc']))}: {err['msg']}")
        raise DeckError(str(p), problems) from None
    return deck


def check_deck(deck: DeckSpec, required: list[DeckSpec]) -> list[str]:
    """Semantic checks: names, slots, goals and effects against the library."""
    problems: list[str] = []
    own: dict[str, CardSpec] = {}
    for i, c in enumerate(deck.cards):
        k = card_key(c.name)
        label = f"card #{i + 1} '{c.name}'"
        if not k:
            problems.append(f"{label}, field 'name': a name needs at least one letter or digit")
        elif k in own:
            problems.append(f"{label}, field 'name': the deck already has a card named '{own[k].name}'")
        else:
            own[k] = c
    known: dict[str, CardSpec] = dict(own)
    for r in required:
        for c in r.cards:
            known.setdefault(card_key(c.name), c)
    tags = {t for c in known.values() for t in c.tags} | {i for c in known.values() for i in c.icons}
    for i, c in enumerate(deck.cards):
        label = f"card #{i + 1} '{c.name}'"
        if c.type == "rule" and c.slot is None:
            problems.append(f"{label}, field 'slot': a New Rule needs a slot (draw, play, hand_limit, keeper_limit or other)")
        if c.type != "rule" and c.slot is not None:
            problems.append(f"{label}, field 'slot': only New Rules have a slot")
        if c.type == "goal" and c.goal is None:
            problems.append(f"{label}, field 'goal': a Goal needs its requirements")
        if c.type != "goal" and c.goal is not None:
            problems.append(f"{label}, field 'goal': only Goals have requirements")
        if c.type == "surprise" and (c.counters is None or not c.effects):
            problems.append(f"{label}, field 'counters': a Surprise needs 'counters' (what it cancels out of turn) "
                            "and an effect (what it does on your turn)")
        if c.type != "surprise" and c.counters is not None:
            problems.append(f"{label}, field 'counters': only Surprises cancel plays out of turn")
        if "attaching" in c.icons and c.type != "creeper":
            problems.append(f"{label}, field 'icons': only a Creeper can attach")
        if c.confidence is not None and not c.source:
            problems.append(f"{label}, field 'source': a card with a confidence needs a one-line source")
        if c.goal:
            for fld in ("required", "forbidden"):
                for n in getattr(c.goal, fld):
                    t = known.get(card_key(n))
                    if t is None:
                        problems.append(f"{label}, field 'goal.{fld}': no card named '{n}' in this deck or the decks it requires")
                    elif t.type not in ("keeper", "creeper"):
                        problems.append(f"{label}, field 'goal.{fld}': '{n}' is {KIND_NAMES[t.type]}, not a Keeper or Creeper")
            if c.goal.any_of and c.goal.any_of.tag not in tags:
                problems.append(f"{label}, field 'goal.any_of.tag': no card carries the tag '{c.goal.any_of.tag}'")
        for n in c.counts_as:
            if card_key(n) not in known:
                problems.append(f"{label}, field 'counts_as': no card named '{n}'")
        for j, eff in enumerate(c.effects):
            def at(path: str, _j: int = j, _label: str = label) -> str:
                return f"{_label}, field 'effects.{_j}{path}'"
            spec = EFFECTS.get(eff.name)
            if spec is None:
                problems.append(f"{at('.name')}: '{eff.name}' is not in the engine's effect library")
                continue
            types, params = spec
            if c.type not in types and not (c.type == "surprise" and "action" in types):
                problems.append(f"{at('.name')}: '{eff.name}' is for {', '.join(sorted(types))} cards, not {c.type}")
            for pn, pv in eff.params.items():
                kind = params.get(pn)
                if kind is None:
                    problems.append(f"{at('.params.' + pn)}: '{eff.name}' takes no parameter '{pn}'")
                elif kind == INT and (not isinstance(pv, int) or isinstance(pv, bool) or not 0 <= pv <= 99):
                    problems.append(f"{at('.params.' + pn)}: must be a whole number from 0 to 99")
                elif kind == CARD and (not isinstance(pv, str) or card_key(pv) not in known):
                    problems.append(f"{at('.params.' + pn)}: no card named '{pv}'")
                elif kind == TAG and (not isinstance(pv, str) or pv not in tags):
                    problems.append(f"{at('.params.' + pn)}: no card carries the tag or icon '{pv}'")
            for pn in params:
                if pn not in eff.params:
                    problems.append(f"{at('.params')}: '{eff.name}' needs the parameter '{pn}'")
    for n in deck.solo_set_aside:
        if card_key(n) not in own:
            problems.append(f"field 'solo_set_aside': no card named '{n}' in this deck")
    return problems


_CACHE: dict[str, DeckSpec] = {}


def load_deck(deck_id: str) -> DeckSpec:
    """Load a shipped deck by id, with every check; cached."""
    if deck_id in _CACHE:
        return _CACHE[deck_id]
    require_shipped(deck_id)
    deck = parse_deck(deck_path(deck_id))
    req = [load_deck(r) for r in deck.requires]
    problems = check_deck(deck, req)
    if problems:
        raise DeckError(str(deck_path(deck_id)), problems)
    _CACHE[deck_id] = deck
    return deck


def check_file(path: str | Path) -> list[str]:
    """Every problem of a deck file (an empty list when it is fine)."""
    try:
        deck = parse_deck(path)
    except DeckError as e:
        return e.problems
    req = []
    problems = []
    for r in deck.requires:
        try:
            req.append(load_deck(r))
        except DeckError:
            problems.append(f"field 'requires': no shipped deck '{r}'")
    return problems + check_deck(deck, req)
