"""The engine's own deterministic random number generator.

SplitMix64: a tiny integer generator whose whole state is one 64-bit
integer, kept in the game state. Same state -> same numbers on every
machine and Python version (only integer arithmetic is used).
"""
from __future__ import annotations

import sys
from array import array
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
    limit = LIMITS[n] if n < SMALL else limit_past_table(n)
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


GAMMA = 0x9E3779B97F4A7C15  # what each draw adds to the state


def outputs(state: int, k: int) -> array[int]:
    """The next ``k`` outputs of ``next_u64`` from ``state``, first one first
    (the state after them is ``state + k * GAMMA``, masked to 64 bits).

    Worked out side by side: the k states, each in its own 128-bit lane of
    one long integer, go through the mix together (a lane holds 64 bits
    between steps, so a product never reaches the next lane and a shift's
    spill from it is masked off). The same integers as k calls of
    ``next_u64``, for a fifth of the time of a Python loop over them."""
    ones, lanes, steps = _packing(k)
    z = (state * ones + steps) & lanes  # lane i: state + (i + 1) * GAMMA, mod 2**64
    z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    z ^= (z >> 31) & lanes
    out = array("Q", z.to_bytes(16 * k, "little"))[::2]  # each lane's low 64 bits
    if _BIG_ENDIAN:  # the array reads its items in the machine's byte order
        out.byteswap()
    return out


def _packing(k: int) -> tuple[int, int, int]:
    """For ``outputs``: 1 in each of k lanes; 2**64 - 1 in each; (i + 1) * GAMMA in lane i."""
    hit = _PACKINGS.get(k)
    if hit is None:
        ones = sum(1 << (128 * i) for i in range(k))
        hit = _PACKINGS[k] = (ones, ones * MASK, sum(((i + 1) * GAMMA) << (128 * i) for i in range(k)))
    return hit


_PACKINGS: dict[int, tuple[int, int, int]] = {}
_BIG_ENDIAN = sys.byteorder == "big"


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state.
    The same draws as ``below(state, i + 1)`` for i from the top down."""
    size = len(items)
    if size < 2:
        return state
    if size >= SMALL:
        return _shuffle_long(state, items)
    limits = LIMITS
    n = size  # the cards not yet placed; the last of them is placed now
    for z in outputs(state, size - 1):  # one draw each, unless one is rejected
        if z >= limits[n]:  # rejected (about once in 10**16 draws): the rest the slow way
            return _shuffle_long(state + (size - n) * GAMMA & MASK, items, n)
        j = z % n
        n -= 1
        items[n], items[j] = items[j], items[n]
    return state + (size - 1) * GAMMA & MASK


def _shuffle_long(state: int, items: list[Any], left: int = -1) -> int:
    """``shuffle`` one draw at a time: of a list too long for the table of
    limits (no game has one), or of its first ``left`` items (``shuffle``
    after a rejected draw has placed the rest)."""
    for i in range((len(items) if left < 0 else left) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def limit_past_table(n: int) -> int:
    """The rejection limit of a draw in [0, n): the largest multiple of n
    that fits in 64 bits (an output at or above it is drawn again)."""
    return (1 << 64) - ((1 << 64) % n)


# the rejection limit of below(n) for the small n a game asks for (every pile and hand)
SMALL = 512
LIMITS = [0, 0] + [limit_past_table(n) for n in range(2, SMALL)]
