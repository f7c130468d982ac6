"""The one answer codec: what ``Game.push`` takes (the value), what a
person reads and types (the label), and what run files and saves keep (the
JSON, a list of labels). The app, text mode, run files, saves and the
scenario runner all go through it, and ``replay`` is the one loop that
plays recorded answers back.

Values: ``("play", card)``, ``("free", card)``, ``("end",)``, ``("random",)``,
``("pass",)`` and ``("choose", (value, ...))``, where a chosen value is a
card id, a seat number or a word, as the prompt's domain says.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .game import Event, Game
from .prompts import Answer, IllegalAnswer

MOVE_WORDS = {"end": "end the turn", "random": "play a random card", "pass": "pass"}


def value_label(g: Game, v: Any) -> str:
    """One chosen value as a person reads it: a card's name, p1, a word."""
    domain = g.prompt.domain if g.prompt is not None else "cards"
    if domain == "players":
        return f"p{v}"
    if domain == "words":
        return str(v)
    return g.name(v)


def option_label(g: Game, opt: Any) -> str:
    """One option of the pending prompt: a move ("play Milk", "end the turn")
    or a value to choose."""
    if isinstance(opt, tuple):
        if opt[0] in ("play", "free"):
            return f"{opt[0]} {g.name(opt[1])}"
        if opt[0] == "random":  # with the New Rule that asks for it (First Play Random), when it is in play
            r = next((x for x in g.rules if x in g.pidx.random_first), -1)
            if r >= 0:
                return f"{MOVE_WORDS['random']} ({g.name(r)})"
        return MOVE_WORDS[opt[0]]
    return value_label(g, opt)


def label_value(g: Game, label: str) -> int | str:
    """A label typed or recorded for the pending prompt, as its value; raises
    IllegalAnswer with the reason when it names nothing there."""
    domain = g.prompt.domain if g.prompt is not None else "cards"
    if domain == "players":
        if len(label) >= 2 and label[0] in "pP" and label[1:].isdigit():
            return int(label[1:])
        raise IllegalAnswer(f"'{label}' is not a player label (p0, p1, ...)")
    if domain == "words":
        return label.lower()
    c = g.db.find(label)
    if c is None:
        raise IllegalAnswer(f"no card named '{label}'")
    return c


def to_json(g: Game, a: Answer) -> list[Any]:
    """An answer as labels, valid for the prompt now pending in ``g``."""
    if a[0] in ("play", "free"):
        return [a[0], g.name(a[1])]
    if a[0] in MOVE_WORDS:
        return [a[0]]
    return ["choose", [value_label(g, v) for v in a[1]]]


def from_json(g: Game, j: Any) -> Answer:
    """A recorded answer (labels) as the value the pending prompt takes."""
    if not isinstance(j, list) or not j or not isinstance(j[0], str):
        raise IllegalAnswer("an answer must be a list such as [\"play\", \"Milk\"]")
    kind = j[0]
    if kind in ("play", "free"):
        if len(j) != 2 or not isinstance(j[1], str) or g.db.find(j[1]) is None:
            raise IllegalAnswer(f"'{kind}' needs the name of a card of these decks")
        return (kind, g.db.find(j[1]))
    if kind in MOVE_WORDS:
        if len(j) != 1:
            raise IllegalAnswer(f"'{kind}' takes nothing after it: [\"{kind}\"]")
        return (kind,)
    if kind != "choose" or len(j) != 2 or not isinstance(j[1], list):
        raise IllegalAnswer("an answer is play, free, end, random, pass or choose")
    if not all(isinstance(x, str) for x in j[1]):
        raise IllegalAnswer("choose takes a list of labels")
    return ("choose", tuple(label_value(g, x) for x in j[1]))


def json_words(j: Any) -> str:
    """A recorded answer as one line to read: "play Milk", "choose Milk,
    Cookies", "choose none" (a Surprise not played, no card discarded)."""
    return " ".join((", ".join(str(x) for x in v) or "none") if isinstance(v, list) else str(v) for v in j)


class ReplayError(Exception):
    """A recorded answer that the game refuses, with the step it was (from 1)."""

    def __init__(self, step: int, message: str):
        super().__init__(message)
        self.step = step


def replay(g: Game, answers: list[Any],
           on_step: Callable[[int, Any, list[Event], Game], None] | None = None) -> Game:
    """Play recorded (JSON) answers on ``g`` in order; ``on_step(i, answer,
    events, g)`` after each. Raises ReplayError at the first that cannot be."""
    for i, j in enumerate(answers):
        if g.prompt is None:
            raise ReplayError(i + 1, "the game was already over, but there are more answers")
        try:
            events: list[Event] = g.push(from_json(g, j))
        except IllegalAnswer as e:
            raise ReplayError(i + 1, f"the answer {_show(j)} is not legal here: {e}") from None
        if on_step is not None:
            on_step(i, j, events, g)
    return g


def _show(j: Any) -> str:
    return json.dumps(j)
