"""What every part that handles decks shares: where the shipped decks are,
how card names match, and the error a deck file gives. (No schema here:
``engine.deckfile`` checks files, ``engine.decks`` loads the shipped ones.)"""
from __future__ import annotations

import re
from pathlib import Path

DECKS_DIR = Path(__file__).resolve().parent.parent / "decks"


def card_key(name: str) -> str:
    """Card names match ignoring case and every non-alphanumeric character."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


class DeckError(Exception):
    """A deck file could not be used; ``problems`` lists every reason."""

    def __init__(self, path: str, problems: list[str]):
        self.path = path
        self.problems = problems
        super().__init__(f"{path}: " + "; ".join(problems))


def deck_path(deck_id: str) -> Path:
    return DECKS_DIR / f"{deck_id}.toml"


def shipped_decks() -> list[str]:
    return sorted(p.stem for p in DECKS_DIR.glob("*.toml"))


def require_shipped(deck_id: str) -> None:
    """Raise DeckError unless ``deck_id`` names a shipped deck (an id, never a path)."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,40}", deck_id) or not deck_path(deck_id).is_file():
        raise DeckError(deck_id, [f"there is no shipped deck '{deck_id}'; the decks are: {', '.join(shipped_decks())}"])
