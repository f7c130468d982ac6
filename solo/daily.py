"""Daily challenges: the seed of a date's deal.

seed = the first 8 bytes (big-endian) of
sha256("solo-fluxx daily " + DAILY_VERSION + " " + YYYY-MM-DD).
Anyone can recompute it; DAILY_VERSION changes only if the engine ever
changes how a seed becomes a deal, so a past day's deal never moves.
"""
from __future__ import annotations

import hashlib

DAILY_VERSION = "v1"


def daily_seed(date_iso: str) -> int:
    h = hashlib.sha256(f"solo-fluxx daily {DAILY_VERSION} {date_iso}".encode("ascii")).digest()
    return int.from_bytes(h[:8], "big")
