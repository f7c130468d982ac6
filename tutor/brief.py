"""Bot turns told one line a move (a game with two or more bots, tutor at
its default level, "brief").

A bot's answer can tell eight lines or more: the card played, where it
went, what it did, the turn's end, the next turn's start with its draw and
its play count. With three bots that scrolls past faster than a player can
read it. Here each bot move becomes one line ("Ada played Trade Hands:
traded hands with Bo."), each bot's turn start one more ("Turn 7 begins
for Bo: draws 1, plays 2."), and each line keeps every sentence it stands
for, so the full explanation stays one key away (the app opens it on the
line). The human's own moves and turn starts, a Goal met, a game's end
and everything told at other levels are told as before.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import GOAL

from .explain import NAME_CLOSE, NAME_OPEN, SEAT_NAMES, Explanation, Told, who

# the events that start a part of what one answer told: a turn's end, a turn's start, the game's end
BOUNDS = ("turn_end", "turn_start", "game_over")
# lines that only repeat what the move's own line says: the card played landing where its kind goes
LANDING = frozenset({"keeper", "rule", "goal", "action", "creeper"})
# first words that go lower case when a sentence is a clause inside a line (never a card's name, which is marked)
LOWER_FIRST = ("A ", "An ", "The ", "There ", "Every ", "You ", "Rock-paper-scissors")
SHOWN = 3  # clauses a line shows; the rest are counted ("and 2 more") and one key away


@dataclass
class Brief:
    """A line to show: ``x`` (its rule the first sentence's), and ``full``, the
    sentences it stands for (empty for a line told as before). A bot's line
    keeps its seat, its head and its clauses, so that the bot's next answer
    to a question of the same card adds to it (``merged``: this line
    replaces the one shown)."""
    x: Explanation
    full: list[Explanation] = field(default_factory=list)
    seat: int = -1
    head: str = ""
    clauses: list[str] = field(default_factory=list)
    merged: bool = False
    card: int = -2  # the card the bot played (a move's line)

    def rebuilt(self) -> Brief:
        x = self.full[0]
        return Brief(Explanation(x.event, x.rule, _line(self.head, self.clauses)), self.full, self.seat, self.head,
                     self.clauses, card=self.card)


def _parts(events: list[Any], told: list[Told], actor: int | None) -> list[tuple[str, int, list[tuple[Any, Told]]]]:
    """What one answer told, cut where a turn ends or starts or the game ends:
    (kind, seat, [(event, told)]); the first part is the move itself, by the
    seat that answered (``actor``; else the seat its first event names)."""
    parts: list[tuple[str, int, list[tuple[Any, Told]]]] = []
    for e, t in zip(events, told, strict=True):
        if not parts or e.kind in BOUNDS:
            seat = actor if not parts and actor is not None and e.kind not in BOUNDS else e.player
            parts.append((e.kind if e.kind in BOUNDS else "move", seat, []))
        parts[-1][2].append((e, t))
    return parts


def _cut(raw: str) -> str:
    """A sentence without what follows its first colon, where that is only
    the why of it ("Cy got Radioactive Potato, a Creeper: it goes straight
    onto the table..."); a sentence that begins with a card's name and a
    colon ("Discard and Draw: Bo discarded...") keeps it, and a colon inside
    a card's name or inside brackets ("(Hand Limit 0 + 1 Inflation: 0
    printed, 1 with Inflation)") is no cut."""
    if raw.startswith(NAME_OPEN) and raw.find(NAME_CLOSE + ": ") == raw.find(NAME_CLOSE):
        return raw
    inside = False
    depth = 0
    for i, ch in enumerate(raw):
        if ch == NAME_OPEN:
            inside = True
        elif ch == NAME_CLOSE:
            inside = False
        elif inside:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and raw.startswith(": ", i):
            return raw[:i]
    return raw


def _clause(x: Explanation, name: str) -> str:
    """A sentence as a clause of a line: its full stop and its why dropped
    (``_cut``), and the seat's name where the sentence begins with it ("Ada
    traded hands with Bo." -> "traded hands with Bo"), else a first word
    of ``LOWER_FIRST`` in lower case ("a card went to Bo"; a card's name,
    marked, keeps its capital: "The Sun went to you")."""
    raw = _cut(x.raw.rstrip())
    if raw.endswith("."):
        raw = raw[:-1]
    if name and raw.startswith(name + " "):
        raw = raw[len(name) + 1:]
    elif name and raw.startswith(LOWER_FIRST):  # "A card went to Bo." -> "a card went to Bo" (never a card's own name)
        raw = raw[0].lower() + raw[1:]
    return raw


def _line(head: str, clauses: list[str]) -> str:
    if not clauses:
        return head + "."
    shown = clauses[:SHOWN]
    rest = len(clauses) - len(shown)
    return head + ": " + "; ".join(shown) + (f"; and {rest} more" if rest else "") + "."


def brief_lines(g: Any, events: list[Any], told: list[Told], bots: set[int],
                names: tuple[str, ...] | None = None, into: Brief | None = None,
                actor: int | None = None) -> list[Brief]:
    """The lines for one answer's events (``told``: ``Explainer.explain_all``
    of them): a bot's move and a bot's turn start one line each, with the
    sentences they stand for; every other line as told (heads only).
    ``names``: the seats' names, as the explainer was given them. ``into``:
    the bot's line shown last, when this answer is the same bot's answer to
    a question its move asked (Zap a Card!: which card?): what the answer
    did is added to that line (returned first, ``merged``). ``actor``: the
    seat that gave the answer."""
    token = SEAT_NAMES.set(names)
    try:
        return _brief_lines(g, events, told, bots, into, actor)
    finally:
        SEAT_NAMES.reset(token)


MOVES = ("play", "free_action", "surprise")
# a line's first sentence that names the card the line is about: a move, or First Play Random's pick
LEADS = MOVES + ("random_play",)


def _brief_lines(g: Any, events: list[Any], told: list[Told], bots: set[int], into: Brief | None,
                 actor: int | None) -> list[Brief]:
    out: list[Brief] = []
    for n, (kind, seat, items) in enumerate(_parts(events, told, actor)):
        heads = [(e, t.x) for e, t in items if t.head and t.x.event not in ("action_done", "deal")]
        if not heads:
            continue
        if seat not in bots or kind == "game_over":  # (a game's end always starts a part of its own)
            out += [Brief(x) for _e, x in heads]
            continue
        name = who(g, seat, True)
        full = [x for _e, x in heads]
        first_e, first = heads[0]
        if kind == "turn_end":
            clauses = [_clause(x, name) for _e, x in heads[1:]]
            if clauses:  # a turn that ends with something done (a limit met) says so
                out.append(Brief(Explanation("turn_end", first.rule, _line(f"{name}'s turn ends", clauses)), full,
                                 seat, f"{name}'s turn ends", clauses))
            elif out and out[-1].full:  # nothing but the end: its sentence goes with the move's line
                out[-1].full.append(first)
            elif n == 0 and into is not None and into.seat == seat:
                out.append(Brief(into.x, into.full + [first], seat, into.head, into.clauses, merged=True,
                                 card=into.card))
            else:
                out.append(Brief(Explanation("turn_end", first.rule, _line(f"{name}'s turn ends", [])), full,
                                 seat, f"{name}'s turn ends"))
            continue
        played = first_e.card if first_e.kind in LEADS else -2
        clauses = _clauses(g, heads[1:], played, name)
        if n == 0 and kind == "move" and into is not None and into.seat == seat and first_e.kind not in MOVES:
            # the same bot's answer to its own move's question: the move's line says what it did
            line = Brief(into.x, into.full + full, seat, into.head, into.clauses + _clauses(g, heads, into.card, name),
                         card=into.card)
            out.append(replace(line.rebuilt(), merged=True))
            continue
        head = _clause(first, "")
        out.append(Brief(Explanation(first.event, first.rule, _line(head, clauses)), full, seat, head, clauses,
                         card=played))
    return out


def _clauses(g: Any, heads: list[tuple[Any, Explanation]], played: int, name: str) -> list[str]:
    """The clauses of a bot's line: the draw and play counts in few words,
    a Goal replaced as "replacing ...", every other sentence cut to a
    clause; the card played landing where its kind goes is left out (the
    line says it was played)."""
    clauses = []
    own = f"{NAME_OPEN}{g.name(played)}{NAME_CLOSE}: " if played >= 0 else None
    for e, x in heads:
        if e.kind == "draw_phase":
            clauses.append(f"draws {e.data['n']}")
        elif e.kind == "play_phase":
            clauses.append(f"plays {e.data['n']}")
        elif (e.kind == "draw" and e.rule == "turn.draw") or (e.kind in LANDING and e.card == played) or \
                (e.kind == "play" and e.card == played):  # (First Play Random's pick, played: the line says so)
            continue
        elif e.kind == "goal_discarded" and played >= 0 and g.db.cards[played].kind == GOAL:
            clauses.append(f"replacing {NAME_OPEN}{g.name(e.card)}{NAME_CLOSE}")
        else:
            raw = x.raw
            if own and raw.startswith(own):  # "Discard and Draw: Bo discarded..." under its own play
                raw = raw[len(own):]
            if played >= 0:  # "(because of Jackpot!)" under the line of Jackpot! itself
                raw = raw.replace(f" (because of {NAME_OPEN}{g.name(played)}{NAME_CLOSE})", "")
            clauses.append(_clause(Explanation(x.event, x.rule, raw), name))
    return clauses
