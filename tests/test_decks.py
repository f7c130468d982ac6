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


def test_every_semantic_problem_is_found_and_worded():
    """tests/data/every-deck-problem.toml has one of each problem deck check finds."""
    from pathlib import Path
    problems = check_file(Path(__file__).parent / "data" / "every-deck-problem.toml")
    assert problems == [
        "field 'requires': no shipped deck 'no-such-deck'",
        "card #1 '!!!', field 'name': a name needs at least one letter or digit",
        "card #3 'TWIN', field 'name': the deck already has a card named 'Twin'",
        "card #4 'Slotless', field 'slot': a New Rule needs a slot (draw, play, hand_limit, keeper_limit or other)",
        "card #5 'Slotted Keeper', field 'slot': only New Rules have a slot",
        "card #6 'Empty Goal', field 'goal': a Goal needs its requirements",
        "card #7 'Keeper With Goal', field 'goal': only Goals have requirements",
        "card #8 'Bare Surprise', field 'counters': a Surprise needs 'counters' (what it cancels out of turn) "
        "and an effect (what it does on your turn)",
        "card #9 'Countering Keeper', field 'counters': only Surprises cancel plays out of turn",
        "card #10 'Clingy Keeper', field 'icons': only a Creeper can attach",
        "card #11 'Unsure', field 'source': a card with a confidence needs a one-line source",
        "card #12 'Odd Goal', field 'goal.required': no card named 'Unicorn' in this deck or the decks it requires",
        "card #12 'Odd Goal', field 'goal.required': 'Jackpot!' is an Action, not a Keeper or Creeper",
        "card #12 'Odd Goal', field 'goal.forbidden': 'Draw 2' is a New Rule, not a Keeper or Creeper",
        "card #12 'Odd Goal', field 'goal.any_of.tag': no card carries the tag 'nothing'",
        "card #13 'Copycat', field 'counts_as': no card named 'Nobody'",
        "card #14 'Strange Action', field 'effects.0.name': 'summon_dragon' is not in the engine's effect library",
        "card #14 'Strange Action', field 'effects.1.name': 'draw_rule' is for rule cards, not action",
        "card #14 'Strange Action', field 'effects.2.params.n': must be a whole number from 0 to 99",
        "card #14 'Strange Action', field 'effects.2.params.m': 'jackpot' takes no parameter 'm'",
        "card #14 'Strange Action', field 'effects.3.name': 'party_bonus' is for rule cards, not action",
        "card #14 'Strange Action', field 'effects.3.params.keeper': no card named 'Unicorn'",
        "card #15 'Needy Action', field 'effects.0.params': 'jackpot' needs the parameter 'n'",
        "field 'solo_set_aside': no card named 'Milk' in this deck",
        "field 'solo_set_aside': no card named 'Ghost' in this deck",
    ]


def test_schema_problems_name_the_card_and_field(tmp_path):
    f = tmp_path / "schema.toml"
    f.write_text('id = "s"\nname = "S"\n[[cards]]\nname = "A"\ntype = "keeper"\ntext = "x"\n'
                 '[[cards]]\nname = "Bad"\ntype = "wizard"\ntext = "x"\n[[cards]]\ntype = "keeper"\ntext = "x"\n')
    assert check_file(f) == ["card #2 'Bad', field 'type': Input should be 'keeper', 'goal', 'rule', 'action', "
                             "'creeper' or 'surprise'", "card #3, field 'name': Field required"]
    f.write_text('id = "s"\nname = "S"\ncards = []\n')
    assert check_file(f) == ["field 'cards': List should have at least 1 item after validation, not 0"]
    f.write_text('name = "S"\n[[cards]]\nname = "A"\ntype = "keeper"\ntext = "x"\n')
    assert check_file(f) == ["field 'id': Field required"]
