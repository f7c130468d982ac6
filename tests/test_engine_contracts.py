"""Small contracts of the engine's data layer that the bots, the tutor and
the command line lean on: the card table's lookups, one deck's cards
never repeated by another, what a result says, the bots' scale of a
finished game, a pass as the engine takes it, and a run file's refusals
naming what the file was meant to be."""
from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from engine import cards as cards_module
from engine.cards import CardDB
from engine.decks import DeckError
from engine.decks import load as load_deck
from engine.game import Game
from engine.prompts import same_move
from engine.runfile import RunError, load_run
from engine.variants import Outcome


@pytest.mark.parametrize("decks", [("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)])
def test_the_kind_lookup_is_each_cards_kind(decks):
    db = CardDB(decks)
    assert db.kinds == [c.kind for c in db.cards] and len(db.kinds) == db.n


def test_only_a_surprise_counters_anything(decks=("fluxx5", "creeper-pack", "voyager")):
    for d in decks:
        db = CardDB((d,))
        for c in db.cards:
            assert (c.counters is None) == (c.type != "surprise"), (d, c.name, c.counters)


def test_a_card_in_two_decks_of_one_game_is_refused_naming_the_second_deck(monkeypatch):
    def load(d):
        spec = load_deck("fluxx5")  # a checked deck (plain data) or, when that is stale, the checked model
        if d == "fluxx5":
            return spec
        if hasattr(spec, "model_copy"):
            return spec.model_copy(update={"id": d, "requires": []})
        return SimpleNamespace(**{**vars(spec), "id": d, "requires": []})
    monkeypatch.setattr(cards_module, "load_deck", load)
    with pytest.raises(DeckError) as e:
        CardDB(("fluxx5", "fluxx5-again"))
    first = load_deck("fluxx5").cards[0].name
    assert e.value.path == "fluxx5-again"
    assert str(e.value) == f"fluxx5-again: card '{first}' is also in another deck of this game"


@pytest.mark.parametrize("outcome, says", [
    (Outcome("solo.end", None, 5, None), "score 5"),
    (Outcome("solo.end", None, 0, None), "score 0"),
    (Outcome("win.goal", 2, None, None), "winner p2"),
    (Outcome("win.goal", 0, None, None), "winner p0"),
    (Outcome("game.repetition", None, None, "game.repetition"), "a draw, game.repetition"),
    (Outcome(None, None, None, None), "not over"),
])
def test_what_a_result_says(outcome, says):
    assert outcome.words() == says


def test_a_finished_game_on_the_bots_scale():
    """A win, a loss and a draw, as the search bots add them up: a win and
    a loss the same size either way of nothing, and nothing banked before the end."""
    g = Game.new(("fluxx5",), 3, "standard", 1)
    v = g.variant
    assert v.banked(g, 0) == 0.0
    g.winner = 1
    assert (v.returns(g, 1), v.returns(g, 0), v.returns(g, 2)) == (100000.0, -100000.0, -100000.0)
    g.winner = -1
    assert v.returns(g, 0) == 0.0


def test_a_pass_is_a_pass_whatever_follows_it():
    """As the engine takes it (``("pass", ...)`` declines the choice)."""
    assert same_move(("pass", 3), ("choose", ()))
    assert same_move(("choose", []), ["pass", "x"])
    assert same_move(("pass",), ("pass", 1, 2))
    assert not same_move(("pass", 3), ("choose", (3,)))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_run_file_that_is_not_a_file_is_named_as_a_run_file(tmp_path):
    fifo = tmp_path / "run.json"
    os.mkfifo(fifo)
    with pytest.raises(RunError) as e:
        load_run(fifo)
    assert str(e.value) == f"{fifo}: it is a pipe, not a file; give the path of a run file"


def test_solos_spots_hold_minus_one_until_a_new_rule_takes_one():
    """Solo's four spots (DESIGN: a New Rule replaces the one in its spot):
    -1 for an empty spot, else the card; a Keeper Limit takes the limit spot."""
    g = Game.new(("fluxx5",), 1, "solo", 0)
    assert g.variant.spots(g) == {"draw": -1, "play": -1, "limit": -1, "other": -1}
    while not g.rules:
        g.push(g.prompt.legal_answers(limit=1)[0])
    (rule,) = g.rules
    assert g.name(rule) == "Keeper Limit 4"
    assert g.variant.spots(g) == {"draw": -1, "play": -1, "limit": rule, "other": -1}


def test_an_outcome_says_what_the_result_is_in_words():
    from engine.variants import Outcome
    assert Outcome("solo.end", None, 5, None).words() == "score 5"
    assert Outcome("win.goal", 0, None, None).words() == "winner p0"
    assert Outcome("game.repetition", None, None, "game.repetition").words() == "a draw, game.repetition"
    assert Outcome(None, None, None, None).words() == "not over"
    g = Game.new(("fluxx5",), 2, "standard", 1)
    assert g.variant.outcome(g).words() == "not over"


def test_plays_allowed_adds_the_bonuses_to_the_play_rule_and_is_minus_one_for_play_all():
    from .helpers import table
    text = '''
decks = ["fluxx5"]
[setup]
rules = RULES
hands = [["Milk", "Cookies"], []]
tables = [["The Party"], []]
draw_pile = ["Love", "Peace", "Time"]
'''
    for rules, want in (('["Play 3"]', 3), ('["Play 3", "Party Bonus"]', 4), ('["Play All"]', -1),
                        ('["Play All", "Party Bonus"]', -1), ('[]', 1)):
        g = table(text.replace("RULES", rules))
        assert g.plays_allowed(0, g.rule_view()) == want, rules


def test_a_scored_goals_discard_from_an_older_save_names_no_goal():
    """Solo's "which cards go with the scored Goal" answer: a save made
    before the Goal rode along in the task has the choice only, and the
    cards go with no Goal named (-1); a newer one names it."""
    from solo.variant import op_ans_score_discard

    from .helpers import table
    text = '''
variant = "solo"
[setup]
phase = "play"
drawn = 1
hands = [["Sleep"]]
tables = [["Milk", "Cookies", "Bread"]]
draw_pile = ["Peace", "Time"]
rules_deck = ["Play 2", "Draw 2"]
'''
    for with_goal in (False, True):
        g = table(text)
        goal, milk, bread = g.db.find("Milk & Cookies"), g.db.find("Milk"), g.db.find("Bread")
        before = len(g.log)
        op_ans_score_discard(g, goal, (milk, bread)) if with_goal else op_ans_score_discard(g, (milk, bread))
        told = [(e.card, e.data.get("goal")) for e in g.log[before:] if e.kind == "discard_table"]
        assert told == [(milk, goal if with_goal else -1), (bread, goal if with_goal else -1)], told
        assert milk in g.discard and bread in g.discard and g.tables[0] == [g.db.find("Cookies")]

