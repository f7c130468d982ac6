"""Run files: a finished game as its seed and answers, and replaying them.

A run file holds no state the engine can recompute: format version,
engine version, variant, decks, players, seed (or daily date), every
answer in order (as labels: card names, p0..p5, words), and the result as
recorded. ``replay`` recomputes everything from those.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .answers import ReplayError, from_json, to_json
from .answers import replay as replay_answers
from .datafile import DataFileError, read_text
from .game import Event, Game
from .version import ENGINE_VERSION as ENGINE_VERSION  # re-exported: run files record them
from .version import RUN_FORMAT as RUN_FORMAT

MAX_RUN_BYTES = 5_000_000
MAX_ANSWERS = 200_000


class RunFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: int = Field(ge=1)
    engine: str
    variant: str = Field(min_length=1, max_length=64)
    decks: list[str] = Field(min_length=1, max_length=8)
    players: int = Field(ge=1, le=6)
    seed: int = Field(ge=0, le=2**63 - 1)
    daily: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    answers: list[list[Any]] = Field(max_length=MAX_ANSWERS)
    score: int | None = None
    winner: int | None = None
    # how the game ended: the id of the rule (win.goal, game.repetition, game.no-progress, ...)
    end: str | None = Field(default=None, max_length=64)
    turns: int | None = Field(default=None, ge=0)
    # a game against bots played in the app: who sat at each seat ("human" or a bot's name)
    seats: list[str] | None = Field(default=None, min_length=2, max_length=6)

    @model_validator(mode="after")
    def _a_seat_each(self) -> RunFile:
        if self.seats is not None and len(self.seats) != self.players:
            raise ValueError(f"it names {len(self.seats)} seats for a game of {self.players} players")
        return self

    @field_validator("seats")
    @classmethod
    def _seats_known(cls, v: list[str] | None) -> list[str] | None:
        from .bots import BOTS
        if v is not None:
            bad = [x for x in v if x != "human" and x not in BOTS]
            if bad:
                raise ValueError(f"seat {bad[0]!r} is neither 'human' nor a bot ({', '.join(BOTS)})")
        return v

    @field_validator("variant")
    @classmethod
    def _variant_known(cls, v: str) -> str:
        from .registry import get_variant
        get_variant(v)  # the registry's sentence when it is not there (a VariantError is a ValueError)
        return v

    @field_validator("decks")
    @classmethod
    def _decks_once(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("a deck is named twice")
        return v


class RunError(Exception):
    pass


# the answer codec lives in engine.answers; these names stay for the callers that use them
answer_to_json = to_json
answer_from_json = from_json


def load_run(path: str | Path) -> RunFile:
    p = Path(path)
    try:
        data = json.loads(read_text(p, MAX_RUN_BYTES, "a run file"))
    except DataFileError as e:
        raise RunError(f"{p}: {e}") from None
    except json.JSONDecodeError as e:
        raise RunError(f"{p}: not a JSON run file ({e}); was it saved by solo-fluxx sim --save-runs?") from None
    except ValueError:  # Python's guard on turning very long digit strings into numbers
        raise RunError(f"{p}: a number in it is thousands of digits long, and a run file's numbers are short "
                       f"(a seed has at most 20 digits); was it saved by solo-fluxx sim --save-runs?") from None
    except RecursionError:
        raise RunError(f"{p}: its lists are nested too deep to read (a run file's go 3 deep); "
                       f"was it saved by solo-fluxx sim --save-runs?") from None
    return run_from_data(data, str(p))


def run_from_data(data: Any, where: str) -> RunFile:
    """A run file's data (read from a file, or kept in the history), checked;
    ``where`` names it in the sentence of a RunError."""
    if isinstance(data, dict) and isinstance(data.get("format"), int) and data["format"] > RUN_FORMAT:
        raise RunError(f"{where}: run file format {data['format']} is newer than this solo-fluxx reads "
                       f"(format {RUN_FORMAT}); update solo-fluxx to read it")
    try:
        return RunFile.model_validate(data)
    except ValidationError as e:
        from .datafile import visible
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "top level"
        raise RunError(visible(f"{where}: at '{loc}': {err['msg']}")) from None


def replay(run: RunFile, record: bool = True,
           on_step: Callable[[int, Any, list[Event], Game], None] | None = None) -> Game:
    """Replay a run's answers; raise RunError naming the first step that fails."""
    try:
        g = Game.new(tuple(run.decks), run.players, run.variant, run.seed, record=record)
    except Exception as e:
        raise RunError(f"cannot start the game of this run: {e}") from None
    if on_step is not None:
        on_step(-1, None, list(g.log or []), g)  # the deal, before the first answer
    try:
        return replay_answers(g, run.answers, on_step)
    except ReplayError as e:
        raise RunError(f"step {e.step}: {e}") from None


def check_bots(run: RunFile) -> tuple[int, str | None]:
    """A run with seats (a game against bots played in the app): every answer
    of a bot seat must be the answer that bot gives from the state there
    (``bots.answer_for``). Returns (bot answers checked, the first mismatch
    in words or None). The run's answers must replay (see ``replay``)."""
    from .bots import answer_for
    if run.seats is None:
        return 0, None
    g = Game.new(tuple(run.decks), run.players, run.variant, run.seed, record=False)
    checked = 0
    for i, j in enumerate(run.answers):
        if g.prompt is None:
            break
        a = from_json(g, j)
        p = g.prompt.player
        bot = run.seats[p]
        if bot != "human":
            want = answer_for(g, bot)
            if a != want:
                return checked, (f"step {i + 1}: seat {p} is the {bot} bot, which answers {to_json(g, want)} "
                                 f"there, but the run has {j}")
            checked += 1
        g.push(a)
    return checked, None
