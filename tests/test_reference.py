"""The rules reference: how entries are built and classified."""
from __future__ import annotations

import pytest

from engine.rule_ids import RULES
from tutor.reference import FAQ, READINGS, REFERENCE, TEXT, VARIANT_KINDS, Entry, _kind, build, counts_by_kind, entry


def test_kinds_follow_the_source():
    assert _kind("solo.flip", "Voyager rulebook, Solo Fluxx overview", "solo") == "solo"
    assert _kind("solo.flip", "Voyager rulebook, Solo Fluxx overview") == "rulebook"
    assert _kind("solo.extra-turn", "Project reading (Solo)") == "reading"
    assert _kind("game.stalemate", "Project reading") == "reading"
    assert _kind("rule.inflation", "Card text: Inflation") == "card"
    assert _kind("faq.x", "Official FAQ rulings") == "faq"
    assert _kind("turn.free-action", "Fluxx rulebook, Other Notes; Official FAQ rulings") == "rulebook"
    assert _kind("turn.draw", "Fluxx rulebook, Turn Sequence") == "rulebook"
    assert _kind("x", "Text that says Card text: later") == "rulebook"


def test_every_entry_is_built_from_its_table():
    ref = build()
    assert list(ref) == list(RULES) + [k for k in FAQ if k not in RULES] + [k for k in READINGS if k not in RULES]
    for rid, (title, source) in RULES.items():
        assert ref[rid] == Entry(rid, title, TEXT[rid], source, _kind(rid, source, VARIANT_KINDS.get(rid, "")))
    for rid, (title, question, text) in FAQ.items():
        assert ref[rid] == Entry(rid, title, text, f"Official FAQ rulings (Q: {question})", "faq")
    for rid, (title, text) in READINGS.items():
        assert ref[rid] == Entry(rid, title, text, "Project reading (the sources are silent)", "reading")
    assert {k: v for k, v in REFERENCE.items() if k in ref} == ref
    assert REFERENCE["pile.empty"].kind == "reading" and REFERENCE["rule.inflation"].kind == "card"
    assert REFERENCE["solo.score"].kind == "solo" and REFERENCE["turn.draw"].kind == "rulebook"


def test_lookup_and_counts():
    assert entry("solo.score") is REFERENCE["solo.score"] and entry("no.such.rule") is None
    counts = counts_by_kind()
    assert list(counts) == sorted(counts) and sum(counts.values()) == len(REFERENCE)
    for kind, n in counts.items():
        assert n == sum(1 for e in REFERENCE.values() if e.kind == kind)
    d = REFERENCE["turn.draw"].to_dict()
    assert d == {"id": "turn.draw", "title": RULES["turn.draw"][0], "text": TEXT["turn.draw"],
                 "source": RULES["turn.draw"][1], "kind": "rulebook"}


def test_every_card_that_acts_has_its_own_entry():
    from engine.cards import card_db
    from engine.deckfile import shipped_decks
    from tutor.reference import card_entry_id
    n = 0
    for deck in shipped_decks():
        for c in card_db((deck,)).cards:
            if c.deck == deck and (c.type in ("action", "rule", "creeper", "surprise") or c.effect):
                e = REFERENCE[card_entry_id(deck, c.name)]
                assert e.text.startswith(c.text) and e.kind == "card" and c.name in e.source
                # a card the deck knows only from reviews says so wherever it is quoted
                assert ("project's" in e.text) == (c.confidence in ("likely", "reconstructed")), e
                n += 1
    assert n >= 100
    assert not [e.id for e in REFERENCE.values() if e.text.rstrip(".").endswith("does what its card says")]
    for topic in ("topic.going-first", "topic.discarding", "topic.crew-icon", "topic.equipment-icon",
                  "topic.surprise-in-turn", "goal.keepers", "goal.forbidden", "goal.count-of", "goal.most"):
        assert REFERENCE[topic].text


def test_an_action_at_work_is_explained_by_its_own_card():
    from engine.events import event
    from engine.game import Game
    from tutor.explain import Explainer
    g = Game.new(("fluxx5",), 2, "standard", 1)
    trash, milk = g.db.find("Trash a Keeper"), g.db.find("Milk")
    e = event("discard_table", "action.effect", 1, milk, trash, by=0)
    x = Explainer("brief").explain(g, e)
    assert x.text == "Milk was discarded from Player 1's table (because of Trash a Keeper)."
    assert x.more == REFERENCE["cards.fluxx5.trash-a-keeper"].text
    # in Solo Fluxx the Goal's rule says what a Goal does there
    s = Game.new(("fluxx5",), 1, "solo", 1)
    goal = s.db.find("Toast")
    x = Explainer("brief").explain(s, event("goal", "card.goal", 0, goal))
    assert "scored" in x.more and x.more.startswith(REFERENCE["card.goal"].text)


def test_the_cards_entries_are_made_when_first_needed_in_their_place():
    """The reference holds the rules, readings and topics at once and makes
    the cards' entries (every shipped deck read) when first needed: a look-up
    of a card's id, or the whole reference. The order is that of the whole
    reference built at once, with what variants registered in the meantime
    after the cards, as when everything was built at import."""
    from tutor.reference import Reference, _card_entries, _rules_and_topics
    head = _rules_and_topics()
    cards = _card_entries()
    r = Reference(dict(head))
    assert not r.cards_made
    assert r["turn.draw"] is head["turn.draw"] and r.get("no.such.rule") is None and "turn.draw" in r
    assert "no.such.rule" not in r and 7 not in r and not r.cards_made  # none of these needs a card's entry
    late = Entry("solo.late", "Late", "Registered before the cards were made.", "Project reading", "reading")
    r["solo.late"] = late  # a variant registers an id
    r["turn.draw"] = head["turn.draw"]  # registering it again keeps its place
    assert not r.cards_made
    assert r.get("cards.fluxx5.no-such-card") is None and r.cards_made
    assert list(r) == list(head) + list(cards) + ["solo.late"]
    assert len(r) == len(head) + len(cards) + 1 and r["solo.late"] is late
    assert dict(r.items()) == {**head, **cards, "solo.late": late}

    for first in (lambda x: len(x), lambda x: list(x), lambda x: x["cards.fluxx5.trash-a-keeper"],
                  lambda x: "cards.fluxx5.trash-a-keeper" in x):
        r = Reference(dict(head))
        first(r)
        assert r.cards_made and list(r) == list(head) + list(cards)
    r = Reference(dict(head))
    del r["turn.draw"]
    assert r.cards_made and "turn.draw" not in r and len(r) == len(head) + len(cards) - 1
    assert repr(r) == f"Reference({len(head) + len(cards) - 1} entries)"
    # the shipped reference: the rules, readings and topics, the cards, then what the variants
    # registered (Solo, and the tests' turn-limit variant), each in its own order
    from solo.variant import rules as solo_rules

    from .variants.turn_limit import TURN_LIMIT
    ids = list(REFERENCE)
    at = ids.index(next(iter(cards)))
    assert ids[at:at + len(cards)] == list(cards)
    solo_ids = list(solo_rules.RULES) + list(solo_rules.READINGS)
    assert [i for i in ids[at + len(cards):] if i != TURN_LIMIT] == solo_ids
    assert set(ids[at + len(cards):]) == set(solo_ids) | {TURN_LIMIT}
    assert set(ids[:at]) == set(head) - set(ids[at + len(cards):]) and ids[:at] == [k for k in head if k in ids[:at]]


def test_the_reference_corners_an_empty_start_a_card_set_and_forgetting():
    from tutor.reference import Reference, _card_entries, _rules_and_topics
    cards = _card_entries()
    r = Reference({})  # nothing ahead of the cards: they are still made when needed
    assert len(r) == len(cards) and r.cards_made and list(r) == list(cards)
    head = _rules_and_topics()
    r = Reference(dict(head))
    mine = Entry("cards.fluxx5.trash-a-keeper", "Mine", "Our words.", "Card text: Trash a Keeper", "card")
    r["cards.fluxx5.trash-a-keeper"] = mine  # a card's id set: the cards are made first, then it is replaced
    assert r.cards_made and r["cards.fluxx5.trash-a-keeper"] is mine and list(r) == list(head) + list(cards)
    late = Entry("solo.late", "Late", "Registered after.", "Project reading", "reading")
    r["solo.late"] = late
    r.forget_cards()  # the cards' entries go, to be made again in the same place
    assert not r.cards_made and list(r._entries) == list(head) + ["solo.late"]
    assert list(r) == list(head) + list(cards) + ["solo.late"] and r.cards_made
    assert r["cards.fluxx5.trash-a-keeper"] == cards["cards.fluxx5.trash-a-keeper"]  # made afresh
    r = Reference(dict(head))
    r.forget_cards()  # not made yet: nothing to forget
    assert not r.cards_made and list(r._entries) == list(head)


def test_the_rules_readings_and_topics_are_built_from_their_tables():
    from tutor.reference import TOPICS, _rules_and_topics
    got = _rules_and_topics()
    base = build()
    assert list(got) == list(base) + [k for k in TOPICS if k not in base]
    assert {k: v for k, v in got.items() if k in base} == base
    for rid, (title, source, text) in TOPICS.items():
        kind = "card" if source.startswith("Card text") else "rulebook"
        assert got[rid] == Entry(rid, title, text, source, kind)
    assert got["goal.forbidden"].kind == "card" and got["topic.going-first"].kind == "rulebook"


def test_registering_a_variants_rules_and_readings(monkeypatch):
    """What a variant registers is entered everywhere the tutor reads it: the
    engine's rule ids, the reference text, the kind and the reference itself;
    the same words again change nothing, other words are refused."""
    from tutor import reference as ref
    from tutor.reference import register_readings, register_rules
    for table in ("RULES", "TEXT", "VARIANT_KINDS", "READINGS"):
        monkeypatch.setattr(ref, table, dict(getattr(ref, table)))
    monkeypatch.setattr(ref, "REFERENCE", ref.Reference(dict(ref.REFERENCE._entries)))
    register_rules({"test.rule": ("A test rule", "The test's rulebook", "What the test rule says.")}, kind="test")
    register_rules({"test.read": ("A read rule", "Project reading (the test)", "Read so.")})
    assert ref.RULES["test.rule"] == ("A test rule", "The test's rulebook") and ref.TEXT["test.rule"] == "What the test rule says."
    assert ref.VARIANT_KINDS["test.rule"] == "test" and "test.read" not in ref.VARIANT_KINDS
    assert ref.REFERENCE["test.rule"] == Entry("test.rule", "A test rule", "What the test rule says.",
                                               "The test's rulebook", "test")
    assert ref.REFERENCE["test.read"].kind == "reading"
    register_rules({"test.rule": ("A test rule", "The test's rulebook", "What the test rule says.")}, kind="test")
    with pytest.raises(ValueError, match="'test.rule' is already in the tutor's reference, with other words"):
        register_rules({"test.rule": ("A test rule", "The test's rulebook", "Other words.")}, kind="test")
    register_readings({"reading.test": ("A test reading", "What we read.")})
    assert ref.READINGS["reading.test"] == ("A test reading", "What we read.")
    assert ref.REFERENCE["reading.test"] == Entry("reading.test", "A test reading", "What we read.",
                                                  "Project reading (the sources are silent)", "reading")
    register_readings({"reading.test": ("A test reading", "What we read.")})
    with pytest.raises(ValueError, match="'reading.test' is already in the tutor's reference, with other words"):
        register_readings({"reading.test": ("A test reading", "Other words.")})
    assert list(ref.REFERENCE)[-3:] == ["test.rule", "test.read", "reading.test"]


def test_which_cards_have_an_entry_of_their_own_and_its_id():
    """A card that does something of its own has an entry; a plain Keeper or
    a Goal of two Keepers is said by the rule for its kind, and has none."""
    from tutor.reference import _card_entries, card_entry_id
    cards = _card_entries()
    assert card_entry_id("fluxx5", "Milk & Cookies") == "cards.fluxx5.milk-and-cookies"
    assert card_entry_id("fluxx5", "The Brain (No TV)") == "cards.fluxx5.the-brain-no-tv"
    assert card_entry_id("fluxx5", "Let's Do That Again!") == "cards.fluxx5.let-s-do-that-again"
    assert "cards.fluxx5.milk" not in cards and "cards.fluxx5.milk-and-cookies" not in cards  # plain
    assert "cards.fluxx5.the-brain-no-tv" in cards and "cards.fluxx5.party-snacks" in cards  # a No, a count
    assert "cards.fluxx5.5-keepers" in cards and "cards.fluxx5.trash-a-keeper" in cards
    assert "cards.creeper-pack.war" in cards and "cards.creeper-pack.milk" not in cards  # a card counts in its own deck
    assert all(e.kind == "card" and e.source.startswith("Card text: ") for e in cards.values())


def test_a_cards_entry_names_its_source_and_the_whole_reference_builds_in_one_go():
    from engine.cards import card_db
    from tutor.reference import _card_entries, _rules_and_topics, build_all, card_entry_id
    cards = _card_entries()
    with_source = [c for c in card_db(("voyager",)).cards if c.deck == "voyager" and c.source
                   and card_entry_id("voyager", c.name) in cards]
    without = [c for c in card_db(("fluxx5",)).cards if not c.source and card_entry_id("fluxx5", c.name) in cards]
    assert with_source and without
    for c in with_source:
        assert cards[card_entry_id("voyager", c.name)].source == f"Card text: {c.name}; {c.source}"
    for c in without:
        assert cards[card_entry_id("fluxx5", c.name)].source == f"Card text: {c.name}"
    assert build_all() == {**_rules_and_topics(), **cards} and list(build_all()) == list(_rules_and_topics()) + list(cards)
