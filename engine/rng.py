"""The engine's own deterministic random number generator.

SplitMix64: a tiny integer generator whose whole state is one 64-bit
integer, kept in the game state. Same state -> same numbers on every
machine and Python version (only integer arithmetic is used).
"""
from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (well mixed, so that
    neighbouring seeds give unrelated streams)."""
    _, z = next_u64((seed ^ 0x6A09E667F3BCC909) & MASK)
    _, z = next_u64(z)
    return z


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, an integer uniform in [0, n)) by rejection sampling."""
    if n <= 1:
        return state, 0
    limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
    # next_u64 written out (MASK as a literal): this is the engine's hottest arithmetic
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    while z >= limit:  # rejected (for a small n, about once in 10**16 draws): draw again
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
    return state, z % n


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state.
    The same draws as ``below(state, i + 1)`` for i from the top down."""
    if len(items) >= _SMALL:
        return _shuffle_long(state, items)
    limits = _LIMITS
    for n in range(len(items), 1, -1):  # n: the cards not yet placed; the last of them is placed now
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        while z >= limits[n]:  # rejected: draw again
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        j = z % n
        n -= 1
        items[n], items[j] = items[j], items[n]
    return state


def _shuffle_long(state: int, items: list[Any]) -> int:
    """``shuffle`` of a list too long for the table of limits (no game has one)."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


# the rejection limit of below(n) for the small n a game asks for (every pile and hand)
_SMALL = 512
_LIMITS = [0, 0] + [(1 << 64) - ((1 << 64) % n) for n in range(2, _SMALL)]
