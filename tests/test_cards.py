"""The compiled card universe (CardDB): what the engine reads of each card.

A CardDB is built once per deck set and cached, so this also builds fresh
ones and compares them field by field with pinned facts from the deck files."""
from __future__ import annotations

import pytest

from engine.cards import ACTION, CREEPER, GOAL, KEEPER, RULE, SURPRISE, TYPE_NAMES, CardDB, card_db
from engine.deckfile import DeckError

FIELDS = ("id", "name", "key", "kind", "type", "deck", "text", "category", "slot", "effect", "params", "tags",
          "icons", "counts_as", "confidence", "source", "counters", "crew", "equipment", "attaching")


def snapshot(db: CardDB) -> dict:
    cards = []
    for c in db.cards:
        row = {f: getattr(c, f) for f in FIELDS}
        g = c.goal
        row["goal"] = None if g is None else (g.required, g.forbidden, g.any_cards, g.any_count, g.most_of,
                                              g.most_count)
        cards.append(row)
    return {"decks": db.decks, "n": db.n, "cards": cards, "set_aside": db.set_aside, "by_key": db.by_key,
            "by_effect": db.by_effect, "names": db.names, "surprises": db.surprises, "attaching": db.attaching,
            "cancelers": db.cancelers}


@pytest.mark.parametrize("decks", [("fluxx5",), ("creeper-pack",), ("voyager",)])
def test_a_fresh_db_equals_the_cached_one(decks):
    assert snapshot(CardDB(decks)) == snapshot(card_db(decks))


def test_fluxx5_facts():
    db = CardDB(("fluxx5",))
    assert db.decks == ("fluxx5",) and db.n == 99 and db.names[0] == db.cards[0].name
    kinds = [sum(1 for c in db.cards if c.kind == k) for k in (KEEPER, GOAL, RULE, ACTION, CREEPER, SURPRISE)]
    assert kinds == [19, 30, 27, 23, 0, 0]
    assert {TYPE_NAMES[k] for k in range(6)} == {"keeper", "goal", "rule", "action", "creeper", "surprise"}
    d3 = db.cards[db.find("Draw 3")]
    assert (d3.type, d3.slot, d3.effect, d3.params, d3.deck) == ("rule", "draw", "draw_rule", {"n": 3}, "fluxx5")
    party = db.cards[db.find("Party Bonus")]
    assert party.params == {"draw": 1, "play": 1, "keeper": db.find("The Party")}  # a card param is an id
    mc = db.cards[db.find("Milk & Cookies")].goal
    assert (mc.required, mc.forbidden, mc.any_cards, mc.any_count, mc.most_of, mc.most_count) == \
        ((db.find("Milk"), db.find("Cookies")), (), (), 0, None, 0)
    five = db.cards[db.find("5 Keepers")].goal
    assert (five.required, five.most_of, five.most_count) == ((), "keepers", 5)
    brain = db.cards[db.find("The Brain (No TV)")].goal
    assert brain.forbidden == (db.find("Television"),)
    assert {db.name(c) for c in db.set_aside} == {"Trade Hands", "Rotate Hands", "Random Tax", "Use What You Take",
                                                 "Exchange Keepers", "Steal a Keeper",
                                                 "Rock-Paper-Scissors Showdown", "Share the Wealth",
                                                 "Everybody Gets 1"}
    assert db.by_effect["inflation"] == (db.find("Inflation"),)
    # every card with an effect is kept, in card order, not the first one only
    assert db.by_effect["draw_rule"] == tuple(db.find(f"Draw {n}") for n in (2, 3, 4, 5))
    assert db.surprises == () and db.attaching == () and db.cancelers == ()
    milk = db.cards[db.find("Milk")]
    assert (milk.tags, milk.icons, milk.counts_as, milk.counters, milk.effect, milk.params) == \
        (("food",), (), (), None, "", {})
    # the Goal requirements by id: a Goal's own, and the empty ones for any other card
    assert db.goal_defs[db.find("Milk & Cookies")] is db.cards[db.find("Milk & Cookies")].goal
    assert milk.goal is None and db.goal_defs[milk.id].required == () and db.goal_defs[milk.id].most_of is None
    assert db.find("milk and cookies") is None and db.find("MILK & cookies") == db.find("Milk & Cookies")
    assert db.name(db.find("Peace")) == "Peace" and repr(db.cards[0]) == f"<Card 0 {db.cards[0].name}>"


def test_creeper_pack_requires_fluxx5_and_comes_after_it():
    db = CardDB(("creeper-pack",))
    assert db.decks == ("fluxx5", "creeper-pack")
    assert db.cards[db.find("War")].deck == "creeper-pack" and db.cards[db.find("Peace")].deck == "fluxx5"
    assert min(c.id for c in db.cards if c.deck == "creeper-pack") == 99
    assert CardDB(("fluxx5", "creeper-pack", "fluxx5")).decks == ("fluxx5", "creeper-pack")
    war = db.cards[db.find("War")]
    assert war.kind == CREEPER and war.params == {"peace": db.find("Peace")}


def test_voyager_facts():
    db = CardDB(("voyager",))
    kes = db.cards[db.find("Kes")]
    assert (kes.crew, kes.equipment, kes.attaching) == (True, False, False)
    phaser = db.cards[db.find("Phaser")]
    assert (phaser.crew, phaser.equipment) == (False, True)
    borg = db.cards[db.find("The Borg")]
    assert borg.attaching and borg.kind == CREEPER and borg.id in db.attaching
    seven = db.cards[db.find("Seven of Nine")]
    assert seven.counts_as == (db.find("The Borg"),)
    belay = db.cards[db.find("Belay That!")]
    assert belay.counters == ACTION and belay.kind == SURPRISE and belay.id in db.surprises
    trap = db.cards[db.find("It's a Trap!")]
    assert trap.counters == "steal"
    assert db.cancelers == (db.find("Janeway from the Future"),)
    assert len(db.surprises) == 5 and kes.confidence in ("verified", "likely", "reconstructed") and kes.source
    team = db.cards[db.find("Away Team")].goal
    assert team.any_count >= 1 and set(team.any_cards) == {c.id for c in db.cards if "crew" in c.icons}


def test_a_card_in_two_decks_is_refused():
    with pytest.raises(DeckError) as e:
        CardDB(("voyager", "fluxx5"))
    assert "is also in another deck of this game" in str(e.value)


def test_a_card_set_is_made_once_per_list_of_decks_and_kept():
    # caches are keyed by a card set's identity (the passive index, Solo's
    # near-miss facts): the same decks must give the same object, whatever
    # sequence names them
    first = card_db(("fluxx5", "creeper-pack"))
    assert card_db(["fluxx5", "creeper-pack"]) is first and card_db(("fluxx5",)) is not first
