"""The reference's card entries checked against the card facts the project
was given (``../shared/decks/*.md``, read from the repo's copy in
``tests/data/shared/``, which tests/test_shared_copies.py keeps current), not against our own deck files (that
would be circular): every number and every other card an entry names must be
in the facts of that card (or, for a card named, in that card's facts about
this one); an entry the facts cannot check (a Voyager card known only in
part) says it is reconstructed or likely, and one built by analogy with Star
Fluxx says so; every FAQ citation carries its question; every reading says
it is one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cards import card_db, card_key
from tutor.reference import CONFIDENCE_NOTE, FAQ, READINGS, REFERENCE, card_entry_id

# the repo's copy of ../shared/decks: a clone with no ../shared beside it tests the same facts
FACTS = Path(__file__).resolve().parent / "data" / "shared" / "decks"
SEEDS = FACTS.parent / "seeds"  # the rulebooks and FAQ: facts of cards the deck notes do not list
DECKS = ("fluxx5", "creeper-pack", "voyager")
# counts written as words ("one" is left out: "one of your Keepers" is how English picks a card)
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}

# A card an entry names that its facts do not, with where the fact comes from instead: the Equipment
# Keepers name the Malfunction that switches their power off (voyager.md 3.3 and 3.6: a Malfunction
# attaches to an Equipment Keeper)
NAMED_ELSEWHERE = {(keeper, "Malfunction") for keeper in (
    "Phaser", "Holodeck", "Mobile Emitter", "Tricorder", "Transporter", "Replicator", "Voyager")}


def numbers(text: str, facts: bool = False) -> set[int]:
    """The numbers a text states, as digits or words; the facts' "one" counts
    too ("one card per play"), and their notes in italics (what Inflation
    makes a number, a bug report) are not the card's numbers."""
    if facts:
        text = re.sub(r"\*[^*]*\*", "", text)
    out = {int(x) for x in re.findall(r"(?<![\w.])(\d+)(?!\w|\.\d)", text)}
    words = {**WORDS, "one": 1} if facts else WORDS
    out |= {n for w, n in words.items() if re.search(rf"\b{w}\b", text, re.I)}
    return out


def _names_in_column(col: str) -> list[str]:
    """A table's name column: "Draw 2 / Draw 3", "Hand Limit 0 / 1 / 2",
    "Silver Lining (Takes Instant Effect)", "Bread *(food)*"."""
    col = re.sub(r"\*.*?\*", "", col)
    col = re.sub(r"\s*\((?:Takes Instant Effect|Free Action|probable)\)", "", col).strip()
    parts = [p.strip() for p in col.split(" / ")]
    out: list[str] = []
    for p in parts:
        if p.isdigit() and out:  # "Hand Limit 0 / 1 / 2": the number of the one before, replaced
            out.append(re.sub(r"\d+$", p, out[-1]))
        else:
            out.append(p)
    return out


def load_facts() -> dict[tuple[str, str], list[str]]:
    """(deck, card key) -> the table rows of that deck's facts that name the card."""
    assert FACTS.is_dir(), f"the card facts are missing: {FACTS} (copy ../shared/decks there)"
    facts: dict[tuple[str, str], list[str]] = {}
    for deck in DECKS:
        for line in (FACTS / f"{deck}.md").read_text().splitlines():
            if not line.startswith("|") or line.startswith("|---"):
                continue
            cols = [c.strip() for c in line.strip().strip("|").split("|")]
            for col in cols[:3]:
                for name in _names_in_column(col):
                    if name:
                        facts.setdefault((deck, card_key(name)), []).append(line)
    return facts


def seed_lines(name: str) -> list[str]:
    """The rulebooks' and FAQ's paragraphs that name a card."""
    out = []
    for f in sorted(SEEDS.glob("*.txt")):
        for para in re.split(r"\n\s*\n", f.read_text()):
            if re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", para, re.I):
                out.append(" ".join(para.split()))
    return out


def marked(text: str) -> bool:
    """The entry says it is not read off a card (the note's opening words)."""
    return any(note.strip()[:40] in text for note in CONFIDENCE_NOTE.values() if note)


def card_entries():
    for deck in DECKS:
        db = card_db((deck,))
        for c in db.cards:
            rid = card_entry_id(deck, c.name)
            if c.deck == deck and rid in REFERENCE:
                yield deck, db, c, REFERENCE[rid]


@pytest.mark.exists_for("a self-test of this file's reader of the shared card facts, which the checks below rely on")
def test_the_facts_are_there_and_read():
    facts = load_facts()
    assert ("fluxx5", card_key("Swap Plays for Draws")) in facts
    assert ("fluxx5", card_key("Hand Limit 1")) in facts and ("fluxx5", card_key("Draw 5")) in facts
    assert ("creeper-pack", card_key("Silver Lining")) in facts
    assert numbers("draw 3, at once, two of them") == {3, 2}


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_entry_agrees_with_the_card_facts(deck):
    facts = load_facts()
    checked = 0
    problems: list[str] = []
    for d, db, c, e in card_entries():
        if d != deck:
            continue
        rows = facts.get((deck, c.key))
        standard = False
        if not rows and deck == "voyager":  # a standard Fluxx card in the Voyager deck: the 5.0 facts
            rows, standard = facts.get(("fluxx5", c.key)), True
        if not rows and c.confidence == "verified":  # known from the FAQ or the rulebook
            rows = seed_lines(c.name)
        text = e.text
        text = re.sub(r" \((?:Known|Reconstructed) from reviews.*\)$", "", text)
        if not rows:
            if not marked(e.text):
                problems.append(f"{c.name}: no facts to check it against, and the entry does not say it is "
                                f"reconstructed or likely")
            continue
        if standard and c.confidence not in (None, "verified") and not marked(e.text):
            problems.append(f"{c.name}: taken from the 5.0 card without saying so")
        if c.confidence in ("likely", "reconstructed"):  # the facts are partial: the entry must say so
            if not marked(e.text):
                problems.append(f"{c.name}: {c.confidence}, and the entry does not say so")
            continue
        fact_text = " ".join(rows)
        extra = numbers(text) - numbers(fact_text, facts=True) - numbers(c.name)
        if extra:
            problems.append(f"{c.name}: numbers {sorted(extra)} are not in its facts: {rows[0]}")
        others = [x for x in db.cards if x.name != c.name and x.deck == deck]
        for x in others:
            if not re.search(rf"(?<![\w']){re.escape(x.name)}(?![\w'])", text):
                continue
            theirs = " ".join(facts.get((deck, x.key), []))
            if x.name in fact_text or c.name in theirs or (c.name, x.name) in NAMED_ELSEWHERE:
                continue
            problems.append(f"{c.name}: names {x.name}, which its facts do not: {rows[0]}")
        checked += 1
    assert checked >= 10, checked
    assert not problems, "\n".join(problems)


def test_entries_from_star_fluxx_and_reconstructions_say_so():
    for _deck, _db, c, e in card_entries():
        if c.confidence in ("likely", "reconstructed"):
            assert marked(e.text), (c.name, e.text)
        if c.source and "Star Fluxx" in c.source:  # an inference from another game's card is said to be one
            assert "Star Fluxx" in e.text, (c.name, e.text)


def test_every_faq_citation_carries_its_question():
    from engine.rule_ids import RULES
    cited = 0
    for rid, (_title, source) in RULES.items():
        for m in re.finditer(r"FAQ[^;]*", source):
            cited += 1
            assert "?" in m.group(0) or "FAQ:" in m.group(0), (rid, source)
    for rid, (title, question, _text) in FAQ.items():  # the FAQ's own entries cite their question too
        assert title.strip() and question.endswith("?") and f"(Q: {question})" in REFERENCE[rid].source, rid
    assert cited >= 10


def test_every_reading_says_it_is_one():
    for rid in READINGS:
        assert REFERENCE[rid].kind == "reading" and "reading" in REFERENCE[rid].source.lower(), rid
    for rid, e in REFERENCE.items():
        if e.kind == "reading":
            assert "reading" in (e.text + e.source).lower(), rid


def test_topics_about_cards_agree_with_their_facts():
    """A topic written from card texts (count Goals, forbidden cards) states
    no number those cards' facts do not (besides Inflation's 1)."""
    from tutor.reference import TOPICS
    facts = load_facts()
    checked = 0
    for rid, (_title, source, text) in TOPICS.items():
        if not source.startswith("Card text: "):
            continue
        names = [n.strip() for n in source[len("Card text: "):].split(";")]
        rows = [r for n in names for d in DECKS for r in facts.get((d, card_key(n)), [])]
        assert rows, (rid, names)
        extra = numbers(text) - numbers(" ".join(rows), facts=True) - {1} - {n for x in names for n in numbers(x)}
        assert not extra, (rid, sorted(extra), text)
        checked += 1
    assert checked >= 3
