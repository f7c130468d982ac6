"""The tutor: the reference covers every rule id; every event of random
games gets an explanation; explanation texts of fixed seeds are pinned."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.bots import RandomBot, make_bot
from engine.game import Game
from engine.rule_ids import RULES
from tutor.explain import EXPLAINED_KINDS, Explainer
from tutor.reference import REFERENCE, VARIANT_KINDS, counts_by_kind

from .helpers import run_cli, scaled

GOLDEN = Path(__file__).parent / "golden"


def test_every_engine_rule_id_has_an_entry():
    assert set(RULES) <= set(REFERENCE)
    for e in REFERENCE.values():
        assert e.title and e.text and e.source
        assert e.kind in {"rulebook", "faq", "card", "reading"} | set(VARIANT_KINDS.values()) and "solo" in VARIANT_KINDS.values()
    kinds = counts_by_kind()
    assert kinds["reading"] >= 5 and kinds["faq"] >= 5 and kinds["rulebook"] >= 10


def test_every_event_of_1000_random_games_is_explained():
    tables = [("solo", 1, ("fluxx5",)), ("solo", 1, ("fluxx5", "creeper-pack")),
              ("standard", 2, ("fluxx5",)), ("standard", 4, ("fluxx5", "creeper-pack")),
              ("standard", 3, ("voyager",)), ("solo", 1, ("voyager",))]
    explained = 0
    kinds_seen: set[str] = set()
    n = max(scaled(1000), 250)  # at least 250 games: fewer (mutation testing's eighth) miss rare kinds
    for k in range(n):
        variant, players, decks = tables[k % len(tables)]
        g = Game.new(decks, players, variant, k)
        ex = Explainer("brief")
        events = list(g.log)
        bot = RandomBot(k)
        while not g.over and g.turn < 120:
            events += g.push(bot.choose(g))
        for e in events:
            x = ex.explain(g, e)
            assert x.rule in REFERENCE, e
            assert e[0] in EXPLAINED_KINDS, f"no sentence for event kind {e[0]}"
            assert x.text.endswith((".", "!")) and len(x.text) > 8, x.text
            # every kind has a sentence of its own: none falls through to the bare "kind card." line
            name = g.name(e[3]) if e[3] >= 0 else ""
            assert x.text != f"{e[0].replace('_', ' ')} {name}".strip() + ".", (e, x.text)
            kinds_seen.add(e[0])
            explained += 1
    assert explained > 50 * n
    assert kinds_seen == EXPLAINED_KINDS


def explain_game(seed: int, variant: str, players: int) -> list[str]:
    g = Game.new(("fluxx5", "creeper-pack"), players, variant, seed)
    ex = Explainer("brief")
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    lines = [t.x.text for t in ex.explain_all(g, g.log) if t.head]
    while not g.over and g.turn < 60:  # the lines a player reads: each told group's head
        for t in ex.explain_all(g, g.push(bots[g.prompt.player].choose(g))):
            if t.head:
                lines.append(f"{t.x.rule}: {t.x.text}")
    return lines


@pytest.mark.pin
def test_explanations_are_pinned():
    for name, (seed, variant, players) in {"solo-seed3": (3, "solo", 1), "standard3p-seed5": (5, "standard", 3)}.items():
        path = GOLDEN / f"explain-{name}.txt"
        got = "\n".join(explain_game(seed, variant, players)) + "\n"
        if os.environ.get("UPDATE_SNAPSHOTS"):
            path.write_text(got)
        assert path.exists(), f"no golden file {path}; run with UPDATE_SNAPSHOTS=1 once and commit it"
        assert got == path.read_text()


def test_rules_command_and_replay_explain(tmp_path):
    r = run_cli("rules", "--json")
    assert r.returncode == 0 and len(json.loads(r.stdout)) == len(REFERENCE)
    r = run_cli("sim", "--games", "1", "--seed", "4", "--save-runs",
                        str(tmp_path))
    assert r.returncode == 0
    run = next(tmp_path.glob("*.json"))
    r = run_cli("replay", str(run), "--explain", "--json")
    assert r.returncode == 0
    rows = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert rows and all(row["rule"] in REFERENCE and row["text"] and row["event"] for row in rows)
