"""Shared helpers for the tests: random play and the engine's invariants."""
from __future__ import annotations

import json
from collections import Counter

from engine.game import Game


def all_zones(g: Game) -> list[int]:
    cards: list[int] = []
    cards += g.draw + g.discard + g.rules + g.goals + g.scored + g.rules_deck + g.rules_discard + g.playing
    for h in g.hands:
        cards += h
    for t in g.tables:
        cards += t
    for fr in g.temp:
        cards += fr[2]
    return cards


def expected_cards(g: Game) -> Counter:
    ids = [c.id for c in g.db.cards]
    if g.variant.solo:
        ids = [c for c in ids if c not in g.db.set_aside]
    return Counter(ids)


def check_invariants(g: Game) -> None:
    """The invariants every reachable state keeps (issue 2, item 6)."""
    got = Counter(all_zones(g))
    want = expected_cards(g)
    assert got == want, f"cards lost {want - got} or duplicated {got - want}"
    assert (g.prompt is not None) != g.over, "exactly one of 'a question is pending' and 'the game is over'"
    for cr, k in g.attached.items():
        assert any(cr in t and k in t for t in g.tables), "an attachment spans two tables"
    check_voyager_invariants(g)
    if g.prompt is not None and g.prompt.kind == "turn" and g.prompt.ask == "play":
        a = g.active
        for q in range(g.nplayers):
            if q != a:
                assert not g.over_limit(q), f"p{q} is over a limit while p{a} is asked to play"
    d = g.to_dict()
    d2 = json.loads(json.dumps(d))
    assert Game.from_dict(d2).to_dict() == d, "the state does not round-trip through JSON"


def check_voyager_invariants(g: Game) -> None:
    """Surprise chains and attachments (issue 7)."""
    from engine.attachments import targets
    from engine.cards import KEEPER
    cards = g.db.cards
    pr = g.prompt
    if g.chain:
        assert pr is not None and pr.ask == "surprise", "a chain is open but nobody is asked to answer it"
    if pr is not None and pr.ask == "surprise":
        assert g.chain and pr.player != g.chain[-1][1], "a Surprise window for the player of the top card"
    for cr, k in g.attached.items():
        assert cards[cr].attaching and cards[k].kind == KEEPER, "only an attaching Creeper sits on a Keeper"
        if cards[cr].effect == "malfunction":
            assert cards[k].equipment, "a Malfunction on a Keeper that is not Equipment"
    if pr is not None and pr.ask != "attach":
        for cr in g.db.attaching:
            for p, t in enumerate(g.tables):
                if cr in t and cr not in g.attached:
                    assert not targets(g, p, cr), f"{cards[cr].name} waits though p{p} has a Keeper for it"


def scaled(n: int) -> int:
    """How many examples or games a test of ``n`` runs: all of them, except
    under mutation testing, where an eighth (at least 4) keeps each mutant's
    run short while still playing every deck set and table size."""
    from .conftest import PROFILE
    return max(4, n // 8) if PROFILE == "mutation" else n


def table(text: str):
    """The Game a scenario written inline (TOML, the scenario format) lays
    out, ready for its first answer."""
    import tomllib

    from engine.scenario import Scenario, build_table
    return build_table(Scenario.model_validate(tomllib.loads('name = "inline"\n' + text)))


def play(g: Game, name: str) -> list:
    """Play the named card from the hand of the player asked; the events."""
    return g.push(("play", g.db.find(name)))


def choose(g: Game, *names: str) -> list:
    """Answer a card question with the named cards; the events."""
    return g.push(("choose", tuple(g.db.find(n) for n in names)))


def run_cli(*args: str):
    """Run the command line in this process (so that mutation testing reaches
    it): an object with returncode, stdout and stderr, like subprocess.run."""
    import io
    from contextlib import redirect_stderr, redirect_stdout
    from types import SimpleNamespace

    from solo.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())
