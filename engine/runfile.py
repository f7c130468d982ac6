"""Run files: a finished game as its seed and answers, and replaying them.

A run file holds no state the engine can recompute: format version,
engine version, variant, decks, players, seed (or daily date), every
answer in order (as labels: card names, p0..p5, words), and the result as
recorded. ``replay`` recomputes everything from those.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .datafile import DataFileError, read_text
from .game import Game
from .prompts import IllegalAnswer

RUN_FORMAT = 1
ENGINE_VERSION = "0.1.0"
MAX_RUN_BYTES = 5_000_000
MAX_ANSWERS = 200_000


class RunFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: int = Field(ge=1)
    engine: str
    variant: Literal["solo", "standard"]
    decks: list[str] = Field(min_length=1, max_length=8)
    players: int = Field(ge=1, le=6)
    seed: int
    daily: str | None = None
    answers: list[list] = Field(max_length=MAX_ANSWERS)
    score: int | None = None
    winner: int | None = None
    turns: int | None = None


class RunError(Exception):
    pass


def answer_to_json(g: Game, a: tuple) -> list:
    """An answer as labels, valid for the prompt now pending in ``g``."""
    pr = g.prompt
    if a[0] in ("play", "free"):
        return [a[0], g.name(a[1])]
    if a[0] in ("end", "random", "pass"):
        return [a[0]]
    if pr.domain == "players":
        return ["choose", [f"p{v}" for v in a[1]]]
    if pr.domain == "words":
        return ["choose", list(a[1])]
    return ["choose", [g.name(v) for v in a[1]]]


def answer_from_json(g: Game, j: list) -> tuple:
    if not isinstance(j, list) or not j or not isinstance(j[0], str):
        raise IllegalAnswer("an answer must be a list such as [\"play\", \"Milk\"]")
    kind = j[0]
    if kind in ("play", "free"):
        if len(j) != 2 or not isinstance(j[1], str) or g.db.find(j[1]) is None:
            raise IllegalAnswer(f"'{kind}' needs the name of a card of these decks")
        return (kind, g.db.find(j[1]))
    if kind in ("end", "random", "pass"):
        return (kind,)
    if kind != "choose" or len(j) != 2 or not isinstance(j[1], list):
        raise IllegalAnswer("an answer is play, free, end, random, pass or choose")
    pr = g.prompt
    vals = []
    for x in j[1]:
        if not isinstance(x, str):
            raise IllegalAnswer("choose takes a list of labels")
        if pr is not None and pr.domain == "players":
            if not (x[:1] == "p" and x[1:].isdigit()):
                raise IllegalAnswer(f"'{x}' is not a player label (p0, p1, ...)")
            vals.append(int(x[1:]))
        elif pr is not None and pr.domain == "words":
            vals.append(x)
        else:
            c = g.db.find(x)
            if c is None:
                raise IllegalAnswer(f"no card named '{x}'")
            vals.append(c)
    return ("choose", tuple(vals))


def load_run(path: str | Path) -> RunFile:
    p = Path(path)
    try:
        data = json.loads(read_text(p, MAX_RUN_BYTES, "a run file"))
    except DataFileError as e:
        raise RunError(f"{p}: {e}") from None
    except json.JSONDecodeError as e:
        raise RunError(f"{p}: not a JSON run file ({e}); was it saved by solo-fluxx sim --save-runs?") from None
    if isinstance(data, dict) and isinstance(data.get("format"), int) and data["format"] > RUN_FORMAT:
        raise RunError(f"{p}: run file format {data['format']} is newer than this solo-fluxx reads "
                       f"(format {RUN_FORMAT}); update solo-fluxx to read it")
    try:
        return RunFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "top level"
        raise RunError(f"{p}: at '{loc}': {err['msg']}") from None


def replay(run: RunFile, record: bool = True, on_step=None) -> Game:
    """Replay a run's answers; raise RunError naming the first step that fails."""
    try:
        g = Game.new(tuple(run.decks), run.players, run.variant, run.seed, record=record)
    except Exception as e:
        raise RunError(f"cannot start the game of this run: {e}") from None
    if on_step is not None:
        on_step(-1, None, list(g.log or []), g)  # the deal, before the first answer
    for i, j in enumerate(run.answers):
        if g.prompt is None:
            raise RunError(f"step {i + 1}: the game was already over, but the run has more answers")
        try:
            a = answer_from_json(g, j)
            events = g.push(a)
        except IllegalAnswer as e:
            raise RunError(f"step {i + 1}: the answer {json.dumps(j)} is not legal here: {e}") from None
        if on_step is not None:
            on_step(i, j, events, g)
    return g
