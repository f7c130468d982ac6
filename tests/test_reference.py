"""The rules reference: how entries are built and classified."""
from __future__ import annotations

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
    for rid, (title, text) in FAQ.items():
        assert ref[rid] == Entry(rid, title, text, "Official FAQ rulings", "faq")
    for rid, (title, text) in READINGS.items():
        assert ref[rid] == Entry(rid, title, text, "Project reading (the sources are silent)", "reading")
    assert REFERENCE == ref
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
