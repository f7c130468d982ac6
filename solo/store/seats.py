"""Who sits at a game of Fluxx against bots, and what they are called.

The human always sits at seat 0 and plays first; seats 1 to 5 are bots,
each with a strength (a bot of ``engine.bots``) and a name that the table
and the tutor use ("Ada played Time Portal"). The seats are kept in the
slot's notes (``{"seats": ["human", "greedy", ...]}``) and in the run file,
so a resumed game, a replay and the history know who played.
"""
from __future__ import annotations

from typing import Any

from solo.store.info import GameInfo

HUMAN = "human"
STRENGTHS = ("random", "greedy", "search")
STRENGTH_WORDS = {"random": "random (plays any legal card)", "greedy": "greedy (best-looking card now)",
                  "search": "search (looks a few turns ahead)"}
BOT_NAMES = ("Ada", "Boris", "Cleo", "Dmitri", "Esme")


def strength_words() -> dict[str, str]:
    """Each strength in words with its measured rating (``solo.tools.ladder``: an
    Elo-style rating from four-seat games, random at 1000), as New game
    shows them."""
    from solo.tools.ladder import ratings
    rated = ratings()
    return {k: f"{w}, rated {rated[k]}" if k in rated else w for k, w in STRENGTH_WORDS.items()}
MAX_BOTS = len(BOT_NAMES)


def new_seats(bots: int, strength: str) -> list[str]:
    """The human, then ``bots`` bots of one strength."""
    if not 1 <= bots <= MAX_BOTS:
        raise ValueError(f"a game against bots has 1 to {MAX_BOTS} bots, not {bots}")
    if strength not in STRENGTHS:
        raise ValueError(f"a bot's strength is one of {', '.join(STRENGTHS)}, not {strength!r}")
    return [HUMAN] + [strength] * bots


def seats_in(info: GameInfo) -> list[str] | None:
    """The seats of the game a screen shows (from its slot's notes), or None
    for a game without bots (Solo, a lesson)."""
    return seats_of_notes(info.extra)


def seats_of_notes(extra: Any) -> list[str] | None:
    from solo.store import seats_of
    return seats_of(extra)


def seat_names(seats: list[str]) -> tuple[str, ...]:
    """"You" for the human, a bot's name for each bot (in seat order)."""
    out: list[str] = []
    k = 0
    for s in seats:
        if s == HUMAN:
            out.append("You")
        else:
            out.append(BOT_NAMES[k % len(BOT_NAMES)])
            k += 1
    return tuple(out)


def seat_label(seats: list[str], q: int) -> str:
    """A seat's name with its strength: "Ada (greedy)", or "You"."""
    name = seat_names(seats)[q]
    return name if seats[q] == HUMAN else f"{name} ({seats[q]})"


def table_words(seats: list[str]) -> str:
    """The table in a few words: "you and 3 greedy bots"."""
    bots = [s for s in seats if s != HUMAN]
    kinds = sorted(set(bots))
    kind = kinds[0] + " " if len(kinds) == 1 else ""
    return f"you and {len(bots)} {kind}bot{'s' if len(bots) != 1 else ''}"


# how a game against bots ends with no winner: the draw rules' ids (engine.draws) and the stalemate
DRAWS = ("game.repetition", "game.repetition-in-turn", "game.no-progress", "game.long", "game.stalemate")


def run_result(run: dict[str, Any]) -> str:
    """A history row's result: a Solo score, or how a game against bots ended."""
    if run.get("variant") != "standard":
        return "-" if run.get("score") is None else f"score {run['score']}"
    seats = run.get("seats") or []
    me = seats.index(HUMAN) if HUMAN in seats else 0
    kinds = sorted({x for x in seats if x != HUMAN})
    table = f"{run.get('players')}p {kinds[0] if len(kinds) == 1 else 'mixed' if kinds else 'bots'}"
    if run.get("winner") is None:
        return f"drawn, {table}" if run.get("ending") in DRAWS else f"no winner, {table}"
    return f"{'won' if run['winner'] == me else 'lost'}, {table}"
