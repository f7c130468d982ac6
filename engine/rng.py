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
    while True:  # next_u64 written out (MASK as a literal): this is the engine's hottest arithmetic
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        x = z ^ (z >> 31)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state.
    The same draws as ``below(state, i + 1)`` for i from the top down."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x = z ^ (z >> 31)
            if x < limit:
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return state


# the rejection limit of below(n) for the small n a game asks for (every pile and hand)
_SMALL = 512
_LIMITS = [0, 0] + [(1 << 64) - ((1 << 64) % n) for n in range(2, _SMALL)]
