"""The typed events tell what the untyped ones told (issue 63, item 1).

``tests/data/before-typed-events/`` was written by the engine of the commit
before events were typed (e783f58): five greedy-bot games (Solo with each
deck set, Fluxx at 3 seats with the Creeper Pack, Voyager at 4), each as a
run file, a save from a third of the way in, and every answer's events as
that engine logged them (kind, rule, seat, card, data, cause). This engine
loads and verifies the run files and saves, and replays each game to the same
events, field for field; the one change of shape is the plays left after a
counted play, which the old engine wrote into the play's own event after it
was logged and this one emits as their own event (the tutor folds them
back onto the play's line)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.game import Game
from engine.runfile import load_run, replay

from .helpers import run_cli

DATA = Path(__file__).parent / "data" / "before-typed-events"
GAMES = sorted(p.name[:-len(".json")] for p in DATA.glob("*.json") if p.name.count(".") == 1)


def _as_before(events) -> list[list]:
    """This engine's events in the old shape: plays left joined to the counted play told before them."""
    rows: list[list] = []
    for e in events:
        if e.kind == "plays_left":
            at = next((i for i in range(len(rows) - 1, -1, -1) if rows[i][0] == "play" and rows[i][2] == e.player
                       and rows[i][4].get("src") == 0), -1)
            if at >= 0:
                rows[at][4].update(dict(e.data.items()))
                continue
        rows.append([str(e.kind), e.rule, e.player, e.card, dict(e.data.items()), e.cause])
    return json.loads(json.dumps(rows))  # (tuples as lists, as the file holds them)


def test_the_games_are_there():
    assert len(GAMES) == 5


@pytest.mark.parametrize("name", GAMES)
def test_a_game_of_the_old_engine_replays_to_the_same_events(name):
    old = json.loads((DATA / f"{name}.events.json").read_text())
    new: list[list] = []
    g = replay(load_run(DATA / f"{name}.json"), on_step=lambda i, j, events, g: new.append(_as_before(events)))
    assert g.over
    assert len(new) == len(old)
    for step, (was, now) in enumerate(zip(old, new, strict=True)):
        assert now == was, f"step {step}"
    assert sum(map(len, new)) > 200


@pytest.mark.parametrize("name", GAMES)
def test_an_old_run_file_verifies_and_an_old_save_loads_and_plays_on(name):
    r = run_cli("verify", str(DATA / f"{name}.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    g = Game.from_dict(json.loads((DATA / f"{name}.save.json").read_text()))
    assert not g.over and g.prompt is not None
    assert g.to_dict() == json.loads((DATA / f"{name}.save.json").read_text())
    from engine.bots import RandomBot
    bot = RandomBot(1)
    while not g.over and g.turn < 400:
        g.push(bot.choose(g))
