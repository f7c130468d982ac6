"""The draw rules' memory of positions (``engine.draws``): how a position
is held in play, how it is found again, and the 48-bit key a save writes
for it. Plain values, importing nothing of the engine, so the game's state
can write its lists without knowing the draw rules.

In play a position is held as itself, behind its ``hash()``: the hash lets
two different positions be told apart at once, and a position is found
again only when it is equal to one held (so the hash's value decides
nothing). A save holds 48-bit keys (blake2b of the position's ``repr``),
made only when the game is written; a loaded save's keys stay keys, and a
position is then also looked for by its key.
"""
from __future__ import annotations

from hashlib import blake2b

# a position as the repetition lists hold it: (its hash, itself); or the 48-bit key
# of one a loaded save wrote
Seen = tuple[int, tuple[object, ...]] | int


def key(parts: tuple[object, ...]) -> int:
    return int.from_bytes(blake2b(repr(parts).encode(), digest_size=6).digest(), "big")


def key_of(seen: Seen) -> int:
    """The 48-bit key a save holds for a position (the same keys as the
    engine has always written)."""
    return seen if type(seen) is int else key(seen[1])  # type: ignore[index]


def held(parts: tuple[object, ...]) -> Seen:
    return (hash(parts), parts)


def times(seen: list[Seen], here: Seen) -> int:
    """How often ``here`` is in ``seen``: as a position, and, when the list
    starts with a loaded save's keys, as a key."""
    n = seen.count(here)
    if seen and type(seen[0]) is int:
        n += seen.count(key_of(here))
    return n
