"""The core's own corners: defaults, an empty pile, the random first play
offered beside a free action, a Creeper waiting on a set-up table."""
from __future__ import annotations

import pytest

from engine import cards as cards_module
from engine.cards import card_key
from engine.deckfile import load_deck
from engine.game import Game
from engine.prompts import IllegalAnswer

from .helpers import table


def test_new_game_defaults_are_two_players_fluxx5_standard_seed_0():
    assert Game.new().to_dict() == Game.new(("fluxx5",), 2, "standard", 0).to_dict()
    g = Game(("fluxx5",))
    assert (g.nplayers, g.variant_name, g.seed) == (2, "standard", 0)


def test_a_finished_game_is_in_phase_over():
    g = table('[setup]\ngoals = ["Milk & Cookies"]\nhands = [["Cookies"], []]\ntables = [["Milk"], []]\n')
    g.push(("play", g.db.find("Cookies")))
    assert g.over and g.winner == 0 and g.phase == "over" and g.prompt is None


def test_drawing_from_empty_piles_draws_nothing_and_says_so():
    g = table('[setup]\nhands = [["Milk"], ["Bread"]]\n')
    assert not g.over and g.draw == [] and g.discard == []
    g.listen(True)
    assert g.draw_cards(0, 3) == 0
    assert [e.kind for e in g.log] == ["no_cards"] and g.hands[0] == [g.db.find("Milk")]


def test_a_creeper_waiting_on_a_set_up_table_takes_the_keeper_at_once():
    g = table('decks = ["voyager"]\n[setup]\nhands = [["Coffee"], []]\ntables = [["The Borg", "Neelix"], []]\n')
    assert g.attached == {g.db.find("The Borg"): g.db.find("Neelix")}
    assert (g.prompt.ask, g.prompt.player) == ("play", 0)


def _voyager_with(monkeypatch, *names: str) -> None:
    """Voyager with some Fluxx 5.0 cards added (a deck made for the test)."""
    from tutor.reference import REFERENCE
    len(REFERENCE)  # the tutor's card entries are made from the shipped decks, not from this one
    extra = [cs for cs in load_deck("fluxx5").cards if card_key(cs.name) in {card_key(n) for n in names}]

    def load(deck_id):
        spec = load_deck(deck_id)
        return spec.model_copy(update={"cards": spec.cards + extra}) if deck_id == "voyager" else spec

    monkeypatch.setattr(cards_module, "load_deck", load)
    monkeypatch.setattr(cards_module, "_DBS", {})


def test_first_play_random_beside_a_free_action_is_offered_as_one_move(monkeypatch):
    _voyager_with(monkeypatch, "First Play Random")
    g = table('decks = ["voyager"]\n[setup]\nrules = ["First Play Random", "Play 2"]\n'
              'hands = [["Coffee"], []]\ntables = [["Phaser"], ["Kazon"]]\n')
    assert g.prompt.options == [("random",), ("free", g.db.find("Phaser"))]
    g.push(("random",))
    assert g.tables[0] == [g.db.find("Phaser"), g.db.find("Coffee")] and g.hands[0] == []
    with pytest.raises(IllegalAnswer):
        g.push(("random",))


def test_the_passive_index_lists_the_cards_of_each_hook():
    """Built again here: the index is cached per card set, so a game made at
    import time would hide a broken build from the other tests."""
    from engine.cards import card_db
    from engine.numbers import PassiveIndex
    from engine.zones import others

    def ids(db, *names):
        return frozenset(db.find(n) for n in names)

    db = card_db(("fluxx5", "creeper-pack"))
    idx = PassiveIndex(db)
    assert idx.numeral == ids(db, "Inflation")
    assert idx.draw == ids(db, "Party Bonus", "Poor Bonus")
    assert idx.play == ids(db, "Party Bonus", "Rich Bonus")
    assert idx.adjust == ids(db, "Play All But 1")
    assert idx.random_first == ids(db, "First Play Random") and idx.goal_room == ids(db, "Double Agenda")
    assert idx.excuses == ids(db, "Silver Lining", "You Also Need a Baked Potato")
    assert idx.blocks == ids(db, "You Also Need a Baked Potato")
    assert idx.turn_start == ids(db, "No-Hand Bonus", "Death")
    assert idx.on_goals == (db.find("Radioactive Potato"),) and idx.settling == (db.find("War"),)
    assert idx.stands_in == frozenset() and idx.power_off == frozenset()
    vdb = card_db(("voyager",))
    v = PassiveIndex(vdb)
    assert v.stands_in == ids(vdb, "Holodeck") and v.power_off == ids(vdb, "Malfunction")
    g = Game.new(("fluxx5",), 4, "standard", 1)
    assert others(g, 0) == [1, 2, 3] and others(g, 2) == [3, 0, 1]  # in turn order after the player


def test_has_reads_the_table_and_what_counts_as_a_card():
    from engine.goals import has
    g = Game.blank(("voyager",), 2)
    db = g.db
    seven, borg, kes = db.find("Seven of Nine"), db.find("The Borg"), db.find("Kes")
    assert borg in db.counted and kes not in db.counted
    g.tables[0] = [kes]
    assert has(g, 0, kes) and not has(g, 0, borg) and not has(g, 1, kes)
    g.tables[1] = [seven]  # Seven of Nine counts as The Borg
    assert has(g, 1, borg) and has(g, 1, seven) and not has(g, 1, kes) and not has(g, 0, borg)


def test_goals_are_checked_the_short_way_only_where_no_card_counts_as_or_stands_in_for_another():
    """PassiveIndex.plain_goals lets a Goal that names a card missing from a
    table be passed over: only in a card set where nothing but the card
    itself can meet it."""
    import copy

    from engine.cards import card_db
    from engine.numbers import PassiveIndex
    assert PassiveIndex(card_db(("fluxx5",))).plain_goals is True
    voyager = card_db(("voyager",))
    assert voyager.counted and PassiveIndex(voyager).stands_in and PassiveIndex(voyager).plain_goals is False
    # either one alone takes the full check
    stand_ins_only = copy.copy(voyager)  # shallow: the field is replaced, the shared one untouched
    stand_ins_only.counted = frozenset()
    assert PassiveIndex(stand_ins_only).stands_in and PassiveIndex(stand_ins_only).plain_goals is False
    fluxx5 = card_db(("fluxx5",))
    counts_as_only = copy.copy(fluxx5)
    counts_as_only.counted = frozenset({fluxx5.find("Cookies")})
    idx = PassiveIndex(counts_as_only)
    assert not idx.stands_in and idx.plain_goals is False


@pytest.mark.parametrize("copied", [False, True])
def test_a_table_laid_out_by_hand_is_checked_once_the_first_card_played_resolves(copied):
    """A Goal met on a table laid out by hand (and on a copy of it) is scored
    once the first answer's card has resolved, as any Goal is: nothing was
    checked when the table was laid out, and the first check comes then."""
    g = Game.blank(("fluxx5",), 1, "solo")
    db = g.db
    g.goals = [db.find("Toast")]
    g.tables[0] = [db.find("Bread"), db.find("The Toaster")]
    g.hands[0] = [db.find("Love"), db.find("Peace")]
    g.draw = [db.find(n) for n in ("Milk", "Cookies", "Time")]
    g.rules_deck = [db.find("Draw 2"), db.find("Play 2")]
    g.phase, g.drawn, g.turn = "play", 1, 1
    g.begin("play")
    if copied:
        g = g.copy(record=True)
    kinds = [(e.kind, g.name(e.card)) for e in g.push(("play", db.find("Love")))]
    assert kinds.index(("keeper", "Love")) < kinds.index(("score", "Toast"))


def test_a_stalemate_is_called_after_a_round_and_more_with_nothing_anybody_can_do():
    """Every hand and both piles empty: nobody can ever draw or play again.
    The game ends with no winner at the start of the first turn after more
    than 2 x players + 2 turns in a row without a decision."""
    g = Game.blank(("fluxx5",), 2, "standard", 3)
    db = g.db
    g.tables = [[db.find("Love")], [db.find("Peace")]]
    g.goals = [db.find("Toast")]
    g.begin("turn_start")
    assert g.over and g.winner == -1 and g.prompt is None
    assert g.turn == 2 * 2 + 2  # turns 1..6 began with nothing to do; the 7th start ends the game
    over = [e for e in g.log if e.kind == "game_over"]
    assert [(e.rule, e.player) for e in over] == [("game.stalemate", -1)]


def test_then_runs_the_next_task_at_once_only_on_a_settled_table_with_nothing_asked(monkeypatch):
    """Game.then: run the task now (any number of parts) when the table is
    settled, nothing is asked and the game goes on; else queue it."""
    import engine.hooks as hooks
    ran = []
    monkeypatch.setitem(hooks.OPS, "probe", lambda game, *args: ran.append((game, args)))
    g = Game.new(("fluxx5",), 1, "solo", 4)
    for task in [("probe",), ("probe", 1), ("probe", 1, 2), ("probe", 1, 2, 3), ("probe", 1, 2, 3, 4)]:
        g.prompt, g.settled, g.stack = None, True, []
        g.then(task)
        assert ran.pop() == (g, task[1:]) and g.stack == []
        assert g.settled is False  # the probe is no quiet task: the table needs checking after it
    prompt = Game.new(("fluxx5",), 1, "solo", 4).prompt
    for settled, asked, over in [(False, None, False), (True, prompt, False), (True, None, True)]:
        g.prompt, g.settled, g.over, g.stack = asked, settled, over, []
        g.then(("probe", 7))
        assert ran == [] and g.stack == [("probe", 7)]


def test_a_loop_with_nothing_to_do_outside_the_play_phase_says_where_it_stalled():
    g = Game.new(("fluxx5",), 1, "solo", 4)
    g.prompt, g.stack, g.phase = None, [], "limbo"  # no task, nothing asked, and no play phase to ask from
    with pytest.raises(RuntimeError, match="^engine stalled in phase limbo$"):
        g._run()


def test_the_passive_index_is_built_once_per_card_set_and_again_when_a_registry_grows(monkeypatch):
    import engine.hooks as hooks
    import engine.numbers as numbers
    from engine.cards import card_db
    db = card_db(("fluxx5",))
    numbers._INDEXES.clear()
    first = numbers.passive_index(db)
    assert numbers.passive_index(db) is first and numbers._INDEXES[id(db)][0] is db
    other = card_db(("voyager",))
    assert numbers.passive_index(other) is not first and numbers.passive_index(db) is first
    numbers._INDEXES[id(db)] = (object(), numbers._INDEXES[id(db)][1], first)  # another card set once lived at this id
    again = numbers.passive_index(db)
    assert again is not first and numbers.passive_index(db) is again
    monkeypatch.setattr(numbers, "HAND_ONLY", hooks.HAND_ONLY | {"probe"})  # a registry grew: built afresh
    grown = numbers.passive_index(db)
    assert grown is not again and "probe" in grown.hand_only
