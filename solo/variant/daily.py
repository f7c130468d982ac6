"""Daily challenges: the seed of a date's deal, par, share lines, streaks.

seed = the first 8 bytes (big-endian) of
sha256("solo-fluxx daily " + DAILY_VERSION + " " + YYYY-MM-DD), shifted right by
one bit (63 bits, so that every store of integers keeps it exactly).
Anyone can recompute it; DAILY_VERSION changes only if the engine ever
changes how a seed becomes a deal, so a past day's deal never moves.

The first finished game of a date's daily is the scored attempt; later
ones are practice. Par is the par bot's score on the deal: the search bot
as it stood when PAR_BOT was named (``engine.bots.FlatSearch``, frozen;
12 rollouts a candidate, no clock), so
it is the same on every machine; it is computed once, cached, and shown
only after the game. The par bot is not the hint bot (``solo.app.hinting``):
the hint may grow stronger, par stays put. Tests pin par for several dates
at the full budget; a change to the search that moves them must keep the
old search here under PAR_BOT "search-12-v1" and name the new one v2 for
dates from then on.
"""
from __future__ import annotations

import datetime as dt
import hashlib

DAILY_VERSION = "v1"
DAILY_DECKS = ("fluxx5",)
PAR_ROLLOUTS = 12
PAR_BOT = "search-12-v1"  # the par bot's name and version, recorded with each cached par


def daily_seed(date_iso: str) -> int:
    h = hashlib.sha256(f"solo-fluxx daily {DAILY_VERSION} {date_iso}".encode("ascii")).digest()
    return int.from_bytes(h[:8], "big") >> 1


def today() -> str:
    return dt.date.today().isoformat()


def compute_par(date_iso: str, rollouts: int = PAR_ROLLOUTS) -> int:
    """The search bot's score on that date's deal (deterministic budget;
    ``rollouts`` other than PAR_ROLLOUTS only for tests)."""
    from engine.bots import FlatSearch
    from engine.game import Game
    seed = daily_seed(date_iso)
    g = Game.new(DAILY_DECKS, 1, "solo", seed, record=False)
    bot = FlatSearch(seed, rollouts=rollouts, ms=None)  # PAR_BOT: no clock, so the same on every machine
    while not g.over:
        g.push(bot.choose(g))
    return len(g.scored)


def share_line(date_iso: str, score: int, par: int | None, turns: int, practice: bool = False) -> str:
    strip = "★" * score + ("☆" * max(0, par - score) if par is not None else "")
    tag = " (practice)" if practice else ""
    par_txt = f" · par {par}" if par is not None else ""
    return f"Solo Fluxx daily {date_iso}{tag}: score {score}{par_txt} · {turns} turns {strip}".rstrip()


def streaks(dates: list[str], today_iso: str | None = None) -> tuple[int, int]:
    """(current, longest) runs of consecutive days with a scored daily.
    The current streak counts back from today (or yesterday, if today's is not played yet)."""
    days = sorted({dt.date.fromisoformat(d) for d in dates})
    longest = run = 0
    prev = None
    for d in days:
        run = run + 1 if prev is not None and (d - prev).days == 1 else 1
        longest = max(longest, run)
        prev = d
    if not days:
        return 0, 0
    t = dt.date.fromisoformat(today_iso) if today_iso else dt.date.today()
    have = set(days)
    start = t if t in have else t - dt.timedelta(days=1)
    cur = 0
    while start in have:
        cur += 1
        start -= dt.timedelta(days=1)
    return cur, longest
