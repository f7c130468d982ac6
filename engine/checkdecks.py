"""``python -m engine.checkdecks``: check every shipped deck in full and
write its checked file (``decks/checked/``, see ``engine.decks``)."""
from __future__ import annotations

from .decks import write_checked

if __name__ == "__main__":
    for written in write_checked():
        print(f"wrote {written}")
