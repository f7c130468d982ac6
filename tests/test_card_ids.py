"""No card id means anything: the engine tells "no card" by -1, never by 0.

Card 0 of the shipped decks is a plain Keeper (Sleep), so a slip such as
``if r > 0`` where ``r >= 0`` was meant would pass every other test. Here
each scenario runs again with one of its own cards moved to the front of
the deck list, so that card becomes card 0.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import cards as cards_module
from engine.cards import card_key
from engine.deckfile import load_deck
from scenarios.runner import load_scenario, run_scenario

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.rglob("*.toml"))


def _first_card(sc) -> str | None:
    """The card the scenario is about: its first New Rule in play, else its
    first Goal, else the first card the first step plays."""
    s = sc.setup
    for names in (s.rules, s.goals, [st.play for st in sc.step if st.play]):
        if names:
            return names[0]
    return None


def _with_card_first(monkeypatch, name: str) -> None:
    from tutor.reference import REFERENCE
    len(REFERENCE)  # the tutor's card entries are made from the shipped decks, before the decks are reordered here
    key = card_key(name)

    def load(deck_id):
        spec = load_deck(deck_id)
        mine = [cs for cs in spec.cards if card_key(cs.name) == key]
        rest = [cs for cs in spec.cards if card_key(cs.name) != key]
        if not spec.requires:  # the deck loaded first: its first card becomes card 0
            moved = mine or [cs for d in _others(deck_id) for cs in load_deck(d).cards if card_key(cs.name) == key]
            return spec.model_copy(update={"cards": moved + rest})
        return spec.model_copy(update={"cards": rest})

    monkeypatch.setattr(cards_module, "load_deck", load)
    monkeypatch.setattr(cards_module, "_DBS", {})


def _others(root: str) -> list[str]:
    from engine.deckfile import shipped_decks
    return [d for d in shipped_decks() if d != root]


CASES = []
for f in FILES:
    sc = load_scenario(f)
    name = _first_card(sc)
    if name:
        CASES.append(pytest.param(f, name, id=f"{f.stem}:{name}"))


@pytest.mark.parametrize("path,name", CASES)
def test_scenario_passes_with_its_card_as_card_0(monkeypatch, path, name):
    _with_card_first(monkeypatch, name)
    sc = load_scenario(path)
    from engine.cards import card_db
    db = card_db(tuple(sc.decks) if sc.decks else ("fluxx5",))
    if db.find(name) != 0:
        pytest.fail(f"{name} did not become card 0 in {sc.decks}")
    assert run_scenario(sc) == []
