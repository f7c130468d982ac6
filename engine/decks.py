"""The shipped decks, by id, for the engine: fast to load.

A deck file is checked in full by ``engine.deckfile`` (the pydantic schema
and the cross-deck checks). The checked result of each shipped deck is kept
in ``decks/checked/<id>.json`` together with a key: the SHA-256 of
everything the check read (the deck file, the decks it requires, and the
checking code). Loading compares the key and reads the JSON with no schema
library, so the app's start does not import pydantic. A missing or stale
checked file means the full check, never a wrong deck; ``python -m
engine.checkdecks`` writes them again and a test says when they are stale.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from . import deckbase
from .deckbase import DeckError, card_key, deck_path, require_shipped, shipped_decks

__all__ = ["DeckError", "card_key", "deck_path", "shipped_decks", "load", "check_key", "write_checked"]


def checked_dir() -> Path:
    return deckbase.DECKS_DIR / "checked"

# the code whose rules a checked deck passed: a change to it re-checks every deck
CHECKING_CODE = ("deckfile.py", "deckbase.py", "effect_specs.py", "datafile.py")


_LOADED: dict[str, Any] = {}


def check_key(deck_id: str, requires: list[str]) -> str:
    """What a checked deck must have been checked against (see the module text)."""
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for name in CHECKING_CODE:
        h.update((here / name).read_bytes())
    h.update(deck_path(deck_id).read_bytes())
    for r in requires:
        h.update(r.encode() + b"\0")
        if deck_path(r).is_file():
            h.update(deck_path(r).read_bytes())
    return h.hexdigest()


def load(deck_id: str) -> Any:
    """A shipped deck, checked: from its checked file when that is current,
    else by the full check. Either way the same attributes (id, name,
    requires, solo_set_aside, cards with name, type, text, ...)."""
    if deck_id in _LOADED:
        return _LOADED[deck_id]
    require_shipped(deck_id)
    deck = _from_checked(deck_id)
    if deck is None:
        from .deckfile import load_deck  # the schema library, only when a deck changed since its check
        deck = load_deck(deck_id)
    _LOADED[deck_id] = deck
    return deck


def _from_checked(deck_id: str) -> Any:
    try:
        data = json.loads((checked_dir() / f"{deck_id}.json").read_text(encoding="utf-8"))
        deck = data["deck"]
        if data["key"] != check_key(deck_id, list(deck["requires"])):
            return None
        for r in deck["requires"]:
            load(r)  # a required deck must load too (and be current)
        return _deck(deck)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _deck(d: dict[str, Any]) -> SimpleNamespace:
    return SimpleNamespace(**{**d, "cards": [_card(c) for c in d["cards"]]})


def _card(c: dict[str, Any]) -> SimpleNamespace:
    goal = c["goal"]
    if goal is not None:
        goal = SimpleNamespace(**{**goal,
                                  "any_of": SimpleNamespace(**goal["any_of"]) if goal["any_of"] else None,
                                  "most": SimpleNamespace(**goal["most"]) if goal["most"] else None})
    return SimpleNamespace(**{**c, "goal": goal, "effects": [SimpleNamespace(**e) for e in c["effects"]]})


def write_checked() -> list[Path]:
    """Check every shipped deck in full and write its checked file."""
    from .deckfile import load_deck
    checked_dir().mkdir(exist_ok=True)
    out = []
    for deck_id in shipped_decks():
        spec = load_deck(deck_id)
        data = {"key": check_key(deck_id, list(spec.requires)), "deck": spec.model_dump(mode="json")}
        p = checked_dir() / f"{deck_id}.json"
        p.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        out.append(p)
    return out

