"""Deck files: the shipped decks are whole and valid; broken copies are
reported problem by problem, with the card and the field."""
from __future__ import annotations

from collections import Counter

from engine.deckfile import check_file, deck_path, load_deck

from .helpers import run_cli


def test_fluxx5_composition():
    d = load_deck("fluxx5")
    assert Counter(c.type for c in d.cards) == {"keeper": 19, "goal": 30, "rule": 27, "action": 23}
    assert len(d.solo_set_aside) == 9


def test_creeper_pack_composition():
    d = load_deck("creeper-pack")
    assert Counter(c.type for c in d.cards) == {"creeper": 4, "goal": 6, "rule": 2, "action": 4}
    assert d.requires == ["fluxx5"]


def test_shipped_decks_check_clean():
    for deck in ("fluxx5", "creeper-pack", "voyager"):
        assert check_file(deck_path(deck)) == []


def test_every_effect_has_an_implementation():
    from engine.effects import ACTIONS, FREE_USE
    from engine.effect_specs import EFFECTS
    passive = {"draw_rule", "play_rule", "play_all", "play_all_but", "hand_limit", "keeper_limit",
               "no_hand_bonus", "party_bonus", "poor_bonus", "rich_bonus", "double_agenda",
               "first_play_random", "inflation", "silver_lining", "baked_potato", "war",
               "radioactive_potato",
               # read where they matter: the Surprise windows, powered(), and the Goals
               "malfunction", "cancel_surprise", "holo_copy"}
    for name in EFFECTS:
        assert name in ACTIONS or name in FREE_USE or name in passive, name


BROKEN = '''
id = "broken"
name = "Broken"
requires = ["fluxx5"]
solo_set_aside = ["Nope"]

[[cards]]
name = "Good Keeper"
type = "keeper"
text = "fine"

[[cards]]
name = "Bad Type"
type = "wizard"
text = "x"

[[cards]]
name = "No Slot Rule"
type = "rule"
text = "x"
effects = [{ name = "draw_rule", params = { n = 2 } }]

[[cards]]
name = "Ghost Goal"
type = "goal"
text = "x"
goal = { required = ["Unicorn", "Milk"] }

[[cards]]
name = "Weird Action"
type = "action"
text = "x"
effects = [{ name = "summon_dragon" }, { name = "jackpot", params = { n = "three" } }]

[[cards]]
name = "good keeper"
type = "keeper"
text = "a duplicate name"
'''


def test_broken_deck_lists_every_problem(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text(BROKEN)
    problems = check_file(f)
    text = "\n".join(problems)
    assert "card #2 'Bad Type', field 'type'" in text
    # schema errors stop before the semantic pass; fix the type and look again
    f.write_text(BROKEN.replace('type = "wizard"', 'type = "keeper"'))
    problems = check_file(f)
    text = "\n".join(problems)
    assert "card #3 'No Slot Rule', field 'slot'" in text
    assert "card #4 'Ghost Goal', field 'goal.required': no card named 'Unicorn'" in text
    assert "card #5 'Weird Action', field 'effects.0.name': 'summon_dragon'" in text
    assert "card #5 'Weird Action', field 'effects.1.params.n'" in text
    assert "card #6 'good keeper', field 'name'" in text
    assert "field 'solo_set_aside': no card named 'Nope'" in text
    assert len(problems) >= 6


def test_deck_check_command(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text(BROKEN.replace('type = "wizard"', 'type = "keeper"'))
    r = run_cli("deck", "check", str(f))
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr
    assert "problem(s) found" in r.stdout
    r = run_cli("deck", "check", str(deck_path("fluxx5")))
    assert r.returncode == 0 and r.stdout.strip().endswith("ok")


def test_bad_toml_and_huge_files(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text("[[cards]\nname=")
    assert "not valid TOML" in check_file(f)[0]
    f.write_bytes(b"x" * 1_000_001)
    assert "at most" in check_file(f)[0]
    assert "cannot read" in check_file(tmp_path / "missing.toml")[0]
