"""The scenario runner itself: every [expect] key catches a wrong value and
says what differed; steps that name the wrong player, a card that is not
there, or a decision the rules forbid are reported in words."""
from __future__ import annotations

import tomllib

import pytest

from scenarios.runner import Scenario, ScenarioError, load_scenario, run_paths, run_scenario

SOLO = """
name = "solo base"
source = "test"
variant = "solo"
[setup]
drawn = 1
hands = [["Cookies", "Love"]]
tables = [["Milk"]]
goals = ["Milk & Cookies"]
draw_pile = ["Bread", "Money", "Peace"]
rules_deck = ["Draw 2", "Play 2"]
[[step]]
player = 0
play = "Cookies"
"""

# after the step: the Goal is scored, Draw 2 flipped, Bread and Money drawn
RIGHT = {
    "hands": [["Love", "Bread", "Money"]], "hand_sizes": [3], "tables": [[]], "attached": {}, "goals": [],
    "draw_pile": ["Peace"], "draw_pile_size": 1, "discard": ["Milk", "Cookies"],
    "discard_contains": ["Cookies"], "drawn": 2, "played": 0, "active": 0, "waiting_for": 0, "winner": -1,
    "game_over": False, "spots": {"draw": "Draw 2", "play": ""}, "rules_deck_size": 1, "rules_discard": [],
    "scored": ["Milk & Cookies"], "score": 1,
}


def run(text: str, expect: dict | None = None, step_expect: dict | None = None) -> list[str]:
    data = tomllib.loads(text)
    if expect is not None:
        data["expect"] = expect
    if step_expect is not None:
        data["step"][-1]["expect"] = step_expect
    return run_scenario(Scenario.model_validate(data))


def test_every_key_right_passes():
    assert run(SOLO, RIGHT) == []
    assert run(SOLO, step_expect=RIGHT) == []


@pytest.mark.parametrize("key,wrong,message", [
    ("hands", [["Love", "Bread"]], "hands[0]: expected [Bread, Love], got [Bread, Love, Money]"),
    ("hands", [["Love", "Bread", "Money"], []], "hands: seat 1 does not exist"),
    ("hands", [["Nothing Like It"]], "hands[0]: no card named 'Nothing Like It'"),
    ("hand_sizes", [2], "hand_sizes: expected [2], got [3]"),
    ("tables", [["Milk"]], "tables[0]: expected [Milk], got []"),
    ("attached", {"Milk": "Cookies"}, "attached: expected {'Milk': 'Cookies'}, got {}"),
    ("rules", ["Draw 3"], "rules: expected [Draw 3], got [Draw 2]"),
    ("goals", ["Milk & Cookies"], "goals: expected [Milk & Cookies], got []"),
    ("draw_pile", ["Money"], "draw_pile: expected ['Money'] (top first), got ['Peace']"),
    ("draw_pile_size", 2, "draw_pile_size: expected 2, got 1"),
    ("discard", ["Milk"], "discard: expected [Milk], got [Cookies, Milk]"),
    ("discard_contains", ["Love", "Milk"], "discard_contains: [Love] not in the discard pile [Cookies, Milk]"),
    ("drawn", 1, "drawn: expected 1, got 2"),
    ("played", 1, "played: expected 1, got 0"),
    ("active", 1, "active: expected 1, got 0"),
    ("waiting_for", 1, "waiting_for: expected 1, got 0"),
    ("winner", 0, "winner: expected 0, got -1"),
    ("game_over", True, "game_over: expected True, got False"),
    ("spots", {"draw": "Draw 3"}, "spots.draw: expected 'Draw 3', got 'Draw 2'"),
    ("spots", {"other": "Inflation"}, "spots.other: expected 'Inflation', got ''"),
    ("spots", {"keeper": "Inflation"}, "spots.keeper: Solo Fluxx has no rule spot 'keeper' (its spots: draw, play, limit, other)"),
    ("rules_deck_size", 2, "rules_deck_size: expected 2, got 1"),
    ("rules_discard", ["Play 2"], "rules_discard: expected [Play 2], got []"),
    ("scored", [], "scored: expected [], got [Milk & Cookies]"),
    ("score", 0, "score: expected 0, got 1"),
])
def test_a_wrong_expectation_is_named(key, wrong, message):
    assert run(SOLO, {key: wrong}) == [message]
    assert run(SOLO, step_expect={key: wrong}) == [f"after step 1: {message}"]


def test_the_draw_pile_is_written_top_first():
    """The format writes the draw pile top first, setup and expectation alike:
    after p0's turn p1 draws the top card, and the rest stay in their order."""
    std = """
name = "pile order"
[setup]
hands = [["Milk"], []]
draw_pile = ["Bread", "Money", "Peace"]
[[step]]
player = 0
play = "Milk"
"""
    assert run(std, {"draw_pile": ["Money", "Peace"], "hands": [[], ["Bread"]]}) == []
    assert run(std, {"draw_pile": ["Peace", "Money"]}) == [
        "draw_pile: expected ['Peace', 'Money'] (top first), got ['Money', 'Peace']"]


def test_names_match_case_and_punctuation_blind():
    assert run(SOLO, {"scored": ["milk and cookies"], "hands": [["LOVE", "bread", "m-o-n-e-y"]]}) == [
        "scored: no card named 'milk and cookies'"]  # '&' is not 'and'
    assert run(SOLO, {"scored": ["MILK & COOKIES"], "hands": [["LOVE", "bread", "m-o-n-e-y"]],
                      "spots": {"draw": "draw-2"}, "draw_pile": ["peace"]}) == []


def test_spots_are_solo_only():
    std = """
name = "standard"
[setup]
hands = [["Milk"], []]
draw_pile = ["Bread", "Money"]
[[step]]
player = 0
play = "Milk"
"""
    assert run(std, {"spots": {"draw": ""}}) == ["spots: Fluxx has no rule spots"]
    assert run(std, {"tables": [["Milk"], []], "active": 1, "winner": -1, "attached": {}}) == []


def test_the_attached_expectation():
    text = """
name = "attach"
decks = ["voyager"]
variant = "solo"
[setup]
drawn = 1
hands = [["Coffee"]]
tables = [["Kes", "The Borg"]]
attached = { "The Borg" = "Kes" }
draw_pile = ["Tuvok", "Neelix", "Chakotay"]
rules_deck = ["Draw 2", "Play 2"]
[[step]]
player = 0
play = "Coffee"
"""
    assert run(text, {"attached": {"the borg": "KES"}}) == []
    assert run(text, {"attached": {"The Borg": "Coffee"}}) == [
        "attached: expected {'The Borg': 'Coffee'}, got {'The Borg': 'Kes'}"]


def steps(text: str, *step_tables: str) -> list[str]:
    """Run with these steps; a runner error is a failure line, as run_paths makes it."""
    try:
        return run(text.split("[[step]]")[0] + "".join("\n[[step]]\n" + s for s in step_tables))
    except ScenarioError as e:
        return [str(e)]


def test_step_problems_are_named():
    assert steps(SOLO, 'player = 1\nplay = "Cookies"') == [
        "step 1: the engine is waiting for p0 (play: 1 play(s) left), not p1"]
    assert steps(SOLO, 'player = 0\nplay = "Bogus Card"') == ["step 1: no card named 'Bogus Card'"]
    assert steps(SOLO, 'player = 0\nfree = "Bogus Card"') == ["step 1: no card named 'Bogus Card'"]
    assert steps(SOLO, 'player = 0\nplay = "Peace"') == [
        "step 1: the engine refused it: that card is not one you can play now ('Peace' is in draw)"]
    assert steps(SOLO, 'player = 0\nchoose = ["Love"]') == [
        "step 1: the engine is asking p0 to play a card, not to choose"]
    assert steps(SOLO, 'player = 0\nplay = "Milk"') == [
        "step 1: the engine refused it: that card is not one you can play now ('Milk' is in table of p0)"]
    assert steps(SOLO, 'player = 0\nfree = "Milk"') == [
        "step 1: the engine refused it: Milk has nothing to do now ('Milk' is in table of p0)"]
    assert steps(SOLO, 'player = 0\nend_turn = true') == [
        "step 1: the engine refused it: you cannot end your turn while you still have plays to make"]
    assert steps(SOLO, 'player = 0\nplay = "Peace"\nerror = true', 'player = 0\nplay = "Cookies"\n'
                 '[step.expect]\nscore = 1') == []
    assert steps(SOLO, 'player = 0\nplay = "Cookies"\nerror = true') == [
        "step 1: the engine accepted a decision the rules forbid"]
    assert steps(SOLO, 'player = 0\nchoose = ["Love"]\nerror = true') == []


def test_a_step_after_the_end_and_label_problems():
    ends = """
name = "ends"
variant = "solo"
[setup]
drawn = 1
hands = [["Cookies", "Love"]]
tables = [["Milk"]]
goals = ["Milk & Cookies"]
draw_pile = ["Bread"]
rules_deck = ["Draw 2", "Play 2"]
"""
    assert steps(ends, 'player = 0\nplay = "Cookies"', 'player = 0\nplay = "Love"') == [
        "step 2: the game is over; no step can follow"]
    std_win = """
name = "win"
[setup]
hands = [["Cookies"], []]
tables = [["Milk"], []]
goals = ["Milk & Cookies"]
draw_pile = ["Bread", "Money"]
"""
    assert steps(std_win, 'player = 0\nplay = "Cookies"', 'player = 1\nplay = "Bread"') == [
        "step 2: the game is over (winner p0); no step can follow"]
    trash = """
name = "trash"
[setup]
hands = [["Trash a Keeper"], []]
tables = [["Milk"], ["Cookies"]]
draw_pile = ["Bread", "Money"]
"""
    assert steps(trash, 'player = 0\nplay = "Trash a Keeper"', 'player = 0\nchoose = ["Not A Card"]') == [
        "step 2: no card named 'Not A Card'"]
    assert steps(trash, 'player = 0\nplay = "Trash a Keeper"', 'player = 0\nchoose = ["Cookies"]\n'
                 '[step.expect]\ntables = [["Milk"], []]') == []


def test_player_and_word_labels():
    rotate = """
name = "rotate"
players = 3
[setup]
hands = [["Rotate Hands", "Milk"], ["Cookies"], ["Bread"]]
draw_pile = ["Love", "Money", "Peace"]
"""
    assert steps(rotate, 'player = 0\nplay = "Rotate Hands"', 'player = 0\nchoose = ["NEXT"]\n'
                 '[step.expect]\nhands = [["Bread"], ["Milk", "Love"], ["Cookies"]]') == []
    steal = """
name = "steal"
players = 3
[setup]
hands = [["Trade Hands"], ["Cookies"], ["Bread"]]
draw_pile = ["Love", "Money", "Peace"]
"""
    assert steps(steal, 'player = 0\nplay = "Trade Hands"', 'player = 0\nchoose = ["P2"]\n'
                 '[step.expect]\nhands = [["Bread"], ["Cookies", "Love"], []]') == []
    for bad in ("two", "x1", "X1", "p", "1", "p1x"):
        assert steps(steal, 'player = 0\nplay = "Trade Hands"', f'player = 0\nchoose = ["{bad}"]') == [
            f"step 2: '{bad}' is not a player label (p0, p1, ...)"]


def test_files_that_cannot_run_are_fails_with_a_sentence(tmp_path):
    ok = tmp_path / "ok.toml"
    ok.write_text(SOLO + "[expect]\nscore = 1\n")
    bad = tmp_path / "sub" / "bad.toml"
    bad.parent.mkdir()
    bad.write_text(SOLO + "[expect]\nscore = 7\n")
    lines: list[str] = []
    assert run_paths([str(tmp_path)], echo=lines.append) == (1, 1)
    assert lines == [f"PASS {ok}: solo base", f"FAIL {bad}: solo base: score: expected 7, got 1",
                     "1 passed, 1 failed"]
    lines = []
    assert run_paths([str(ok), str(tmp_path / "gone.toml")], echo=lines.append) == (1, 1)
    assert lines[1] == f"FAIL {tmp_path / 'gone.toml'}: gone: no such file or folder"
    many = tmp_path / "many.toml"
    many.write_text('name = ""\nbogus = 1\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(many)
    assert str(e.value).startswith("at '") and "(and 1 more problem(s))" in str(e.value)


CREEPERS = 'decks = ["fluxx5", "creeper-pack"]\n'


@pytest.mark.parametrize("text, message", [
    ('players = 2\n[setup]\nactive = 2\n', "at 'setup.active': seat 2 does not exist with 2 player(s)"),
    ('players = 3\n[setup]\nactive = 2\n', None),
    ('players = 2\n[setup]\nhands = [[], [], []]\n', "at 'setup.hands': 3 seats given for 2 player(s)"),
    ('players = 2\n[setup]\ntables = [[], [], []]\n', "at 'setup.tables': 3 seats given for 2 player(s)"),
    ('[setup]\ndraw_pile = ["Milk", "Unicorn"]\n',
     "at 'setup.draw_pile[1]': no card named 'Unicorn' in the decks fluxx5"),
    ('[setup]\ndraw_pile = ["Milk"]\ndiscard = ["Bread", "milk"]\n',
     "at 'setup.discard[1]': 'milk' is already placed at 'setup.draw_pile[0]'; each card exists once"),
    ('[setup]\nhands = [[], ["Milk", "Milk"]]\n',
     "at 'setup.hands[1][1]': 'Milk' is already placed at 'setup.hands[1][0]'; each card exists once"),
    ('[setup]\ntables = [["Bread"], ["Bread"]]\n',
     "at 'setup.tables[1][0]': 'Bread' is already placed at 'setup.tables[0][0]'; each card exists once"),
    ('[setup]\nrules = ["Draw 2", "Draw 2"]\n',
     "at 'setup.rules[1]': 'Draw 2' is already placed at 'setup.rules[0]'; each card exists once"),
    ('[setup]\nrules = ["Milk"]\n', "at 'setup.rules': 'Milk' is not a New Rule"),
    ('[setup]\ngoals = ["Milk"]\n', "at 'setup.goals': 'Milk' is not a Goal"),
    ('[setup]\ngoals = ["Milk & Cookies", "Milk & Cookies"]\n',
     "at 'setup.goals[1]': 'Milk & Cookies' is already placed at 'setup.goals[0]'; each card exists once"),
    ('[setup]\nrules_deck = ["Play 2", "Play 2"]\n',
     "at 'setup.rules_deck[1]': 'Play 2' is already placed at 'setup.rules_deck[0]'; each card exists once"),
    ('[setup]\nrules_discard = ["Play 2", "Play 2"]\n',
     "at 'setup.rules_discard[1]': 'Play 2' is already placed at 'setup.rules_discard[0]'; each card exists once"),
    ('[setup]\nscored = ["Rocket Science", "Rocket Science"]\n',
     "at 'setup.scored[1]': 'Rocket Science' is already placed at 'setup.scored[0]'; each card exists once"),
    ('variant = "solo"\n[setup]\nspots = { draw = "Draw 3" , play = "Draw 3"}\n',
     "at 'setup.spots.play': 'Draw 3' is already placed at 'setup.spots.draw'; each card exists once"),
    ('variant = "solo"\n[setup]\nspots = { limit = "Milk" }\n', "at 'setup.rules': 'Milk' is not a New Rule"),
    # the spot names are the variant's (Variant.spot_names), not a list of the format's
    ('variant = "solo"\n[setup]\nspots = { keeper = "Draw 2" }\n',
     "at 'setup.spots.keeper': Solo Fluxx has no rule spot 'keeper' (its spots: draw, play, limit, other)"),
    ('[setup]\nspots = { draw = "Draw 2" }\n', "at 'setup.spots.draw': Fluxx has no rule spot 'draw' (it has no rule spots)"),
    (CREEPERS + '[setup]\ntables = [["Bread"]]\nattached = { "War" = "Bread" }\n',
     "at 'setup.attached': 'War' and 'Bread' must both be on a table"),
    (CREEPERS + '[setup]\ntables = [["War"]]\nattached = { "War" = "Unicorn" }\n',
     "at 'setup.attached': 'War' and 'Unicorn' must both be on a table"),
    (CREEPERS + '[setup]\ntables = [["War"]]\nattached = { "Unicorn" = "War" }\n',
     "at 'setup.attached': 'Unicorn' and 'War' must both be on a table"),
    (CREEPERS + '[setup]\ntables = [["War"], ["Bread"]]\nattached = { "War" = "Bread" }\n',
     "at 'setup.attached': 'War' and 'Bread' must be on the same table"),
    (CREEPERS + '[setup]\ntables = [["War"]]\nhands = [[], ["Bread"]]\nattached = { "War" = "Bread" }\n',
     "at 'setup.attached': 'War' and 'Bread' must both be on a table"),
    # a Creeper drawn goes straight onto the table: none is ever held (a table the rules cannot reach)
    (CREEPERS + '[setup]\nhands = [[], ["Bread", "War"]]\n',
     "at 'setup.hands[1][1]': 'War' is a Creeper, and a Creeper is never held in a hand (one drawn goes "
     "straight onto the table); put it in 'setup.tables[1]'"),
    (CREEPERS + '[setup]\ntables = [["War", "Bread"]]\nattached = { "War" = "Bread" }\n',
     "at 'setup.attached': only an attaching Creeper sits on a Keeper, and 'War' on 'Bread' is not that; attach "
     "an attaching Creeper (The Borg, Malfunction) to a Keeper"),
    ('decks = ["voyager"]\n[setup]\ntables = [["The Borg", "Kazon"]]\nattached = { "The Borg" = "Kazon" }\n',
     "at 'setup.attached': only an attaching Creeper sits on a Keeper, and 'The Borg' on 'Kazon' is not that; "
     "attach an attaching Creeper (The Borg, Malfunction) to a Keeper"),
    (CREEPERS + '[setup]\nhands = [["Bread"]]\ndiscard = ["War"]\nattached = { "War" = "Bread" }\n',
     "at 'setup.attached': 'War' and 'Bread' must both be on a table"),
    ('decks = ["nope"]\n', "at 'decks': there is no shipped deck 'nope'; the decks are: creeper-pack, fluxx5, voyager"),
    ('players = 1\n', "at 'players': the standard game takes 2 to 6 players, not 1"),
    ('variant = "solo"\nplayers = 2\n', "at 'players': the solo game takes exactly 1 player, not 2"),
    ('[setup]\nphase = "turn_start"\nplayed = 1\n', "at 'setup': 'drawn' and 'played' are for phase \"play\" only"),
    ('[setup]\nphase = "turn_start"\ndrawn = 0\n', "at 'setup': 'drawn' and 'played' are for phase \"play\" only"),
])
def test_every_setup_problem_is_named_where_it_is(text, message):
    from .helpers import table
    if message is None:
        assert table(text).active == 2
        return
    with pytest.raises(ScenarioError) as e:
        table(text)
    assert str(e.value) == message


def test_the_table_a_setup_lays_out():
    from .helpers import table
    g = table(CREEPERS + 'players = 3\nseed = 7\n[setup]\nactive = 1\ndrawn = 2\nplayed = 1\n'
              'draw_pile = ["Milk", "Bread"]\ndiscard = ["Love", "Peace"]\n'
              'hands = [["Time"], ["Sleep", "Money"]]\ntables = [[], ["War", "Cookies"]]\n'
              'rules = ["Draw 2", "Play 3"]\ngoals = ["Milk & Cookies"]\n')
    names = lambda ids: [g.name(c) for c in ids]  # noqa: E731
    assert names(reversed(g.draw)) == ["Milk", "Bread"] and names(reversed(g.discard)) == ["Love", "Peace"]
    assert [names(h) for h in g.hands] == [["Time"], ["Sleep", "Money"], []]
    assert names(g.tables[1]) == ["War", "Cookies"] and g.attached == {}
    assert names(g.rules) == ["Draw 2", "Play 3"] and names(g.goals) == ["Milk & Cookies"]
    assert (g.active, g.played, g.drawn, g.seed, g.nplayers, g.turn) == (1, 1, 2, 7, 3, 1)
    assert g.hand_at_start == 2
    g = table('decks = ["voyager"]\n[setup]\ntables = [["The Borg", "Kes"], []]\nattached = { "The Borg" = "Kes" }\n')
    assert g.attached == {g.db.find("The Borg"): g.db.find("Kes")}


def test_an_engine_that_cannot_start_the_table_is_told_in_a_sentence(monkeypatch):
    # No table the format accepts is known to make the engine fail at its
    # start; the wrapping sentence is checked with a start made to fail.
    from engine.game import Game

    from .helpers import table

    def fails(self, phase):
        raise RuntimeError("no cards to deal")
    monkeypatch.setattr(Game, "begin", fails)
    with pytest.raises(ScenarioError) as e:
        table('[setup]\nphase = "deal"\n')
    assert str(e.value) == "at 'setup': the engine could not start from this table (no cards to deal)"


def test_a_scenario_file_refusal_names_the_first_problem(tmp_path):
    f = tmp_path / "s.toml"
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == "cannot read the file (No such file or directory); check the path"
    from scenarios.runner import MAX_SCENARIO_BYTES
    f.write_bytes(b"#" * (MAX_SCENARIO_BYTES + 1))
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == (f"the file is {MAX_SCENARIO_BYTES + 1} bytes; a scenario may be at most "
                            f"{MAX_SCENARIO_BYTES} bytes")
    f.write_text("name = ")
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value).startswith("not valid TOML: ")
    f.write_text('name = "x"\n[setup]\nactive = 9\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == "at 'setup.active': Input should be less than or equal to 5"
    f.write_text('name = "x"\nbogus = 1\n[setup]\nactive = 9\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == "at 'setup.active': Input should be less than or equal to 5 (and 1 more problem(s))"
    f.write_text('name = "x"\nbogus = 1\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == "at 'bogus': unknown key; see the scenario format for the keys allowed there"
    f.write_text('name = "x"\n[[step]]\nplayer = 0\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert str(e.value) == ("at 'step.0': Value error, a step needs exactly one of play, choose, surprise, pass, "
                            "free, end_turn")


def test_step_answer_is_the_answer_a_step_stands_for():
    from scenarios.runner import step_answer
    sc = Scenario.model_validate(tomllib.loads(SOLO))
    from scenarios.runner import build_table
    g = build_table(sc)
    a = step_answer(g, sc.step[0], 0)
    assert a == ("play", g.db.find("Cookies"))
    g.push(a)
    assert [g.name(c) for c in g.scored] == ["Milk & Cookies"]


def test_an_error_step_with_words_needs_a_refusal_that_says_them():
    text = SOLO.replace('play = "Cookies"', 'choose = ["Love"]\nerror = "ERROR_WORDS"')
    assert run(text.replace("ERROR_WORDS", "'choose' is NOT an answer")) == []
    assert run(text.replace("ERROR_WORDS", "you may not")) == [
        "step 1: the engine refused it, but said 'this is your turn to play; 'choose' is not an answer to it', "
        "not 'you may not'"]
    assert run(SOLO.replace('play = "Cookies"', 'choose = ["Love"]\nerror = true')) == []
    with pytest.raises(Exception) as e:
        Scenario.model_validate(tomllib.loads(SOLO.replace('play = "Cookies"', 'play = "Cookies"\nerror = 1')))
    assert "error" in str(e.value)


def test_step_answer_for_every_kind_of_step():
    from scenarios.runner import Step, build_table, step_answer
    sc = Scenario.model_validate(tomllib.loads(SOLO))
    g = build_table(sc)
    assert step_answer(g, Step(player=0, end_turn=True), 0) == ("end",)
    assert step_answer(g, Step.model_validate({"player": 0, "pass": True}), 0) == ("pass",)
    assert step_answer(g, Step(player=0, free="Love"), 0) == ("free", g.db.find("Love"))
    assert step_answer(g, Step(player=0, choose=["RANDOM"]), 0) == ("random",)
    assert step_answer(g, Step(player=0, choose=["End"]), 0) == ("end",)
    assert step_answer(g, Step(player=0, choose=["Love", "zz"], error=True), 0) == (
        "choose", (g.db.find("Love"), "zz"))
    from .helpers import table
    v = table('decks = ["voyager"]\n[setup]\nrules = ["Play 2"]\n'
              'hands = [["Jackpot!", "Veto!"], ["Belay That!"]]\ndraw_pile = ["Kes", "Neelix", "Tuvok"]\n')
    belay = v.db.find("Belay That!")
    # a Surprise not offered to this player: the answer the engine will refuse, with its reason
    assert step_answer(v, Step(player=1, surprise="Belay That!"), 0) == ("surprise", 1, belay)
    v.push(("play", v.db.find("Jackpot!")))
    assert v.prompt.ask == "surprise" and v.prompt.player == 1
    assert step_answer(v, Step(player=1, surprise="Belay That!"), 1) == ("choose", (belay,))
    assert step_answer(v, Step(player=0, surprise="Veto!"), 1) == ("surprise", 0, v.db.find("Veto!"))
    with pytest.raises(ScenarioError) as e:
        step_answer(g, Step(player=0, surprise="Unicorn"), 0)
    assert str(e.value) == "step 1: no card named 'Unicorn'"
    with pytest.raises(ScenarioError) as e:
        step_answer(g, Step(player=0, choose=["Love"]), 2)
    assert str(e.value) == "step 3: the engine is asking p0 to play a card, not to choose"


def test_every_missing_seat_is_named():
    assert run(SOLO, {"hands": [["Love", "Bread", "Money"], [], ["Milk"]]}) == [
        "hands: seat 1 does not exist", "hands: seat 2 does not exist"]


OBJECTIVE = """
name = "objective"
source = "test"
[setup]
hands = [["Milk", "Bread"], []]
goals = ["Milk & Cookies"]
draw_pile = ["Peace", "Sleep", "Time", "Dreams"]
[[step]]
player = 0
objective = "Lay out Milk and Bread."
rule = "turn.play"
say = "Two Keepers, one a turn."
hint = "One card a turn."
goal = { tables = [["Milk", "Bread"], ["Peace"]] }
line = [{ play = "Milk" }, { play = "Bread" }]
[[step]]
player = 1
play = "Time"
"""


def test_an_objective_step_plays_its_line_with_the_others_between():
    """A lesson's objective line spans turns: the other seat plays its own
    turn between the learner's moves (Peace, drawn and played by the bot);
    every line the tutor says along the way counts, and the invariants'
    check runs after every move of the line and every step."""
    data = tomllib.loads(OBJECTIVE)
    data["expect"] = {"tables": [["Milk", "Bread"], ["Peace", "Time"]], "explains": [
        ["Player 0 played Milk"], ["Player 1 played Peace"], ["Player 0 played Bread"], ["Player 1 played Time"]]}
    seen: list[object] = []
    assert run_scenario(Scenario.model_validate(data), check=seen.append) == []
    assert len(seen) == 4 and all(type(g).__name__ == "Game" for g in seen)  # the setup, two moves, one step


def test_an_objective_steps_goal_and_the_step_after_it_are_checked():
    wrong_goal = OBJECTIVE.replace('tables = [["Milk", "Bread"], ["Peace"]]', 'tables = [["Milk"], ["Peace"]]')
    assert run(wrong_goal) == ["after step 1's line: tables[0]: expected [Milk], got [Bread, Milk]"]
    # the objective passed, the step after it still runs and is checked
    assert run(OBJECTIVE, step_expect={"tables": [["Milk", "Bread"], ["Peace"]]}) == [
        "after step 2: tables[1]: expected [Peace], got [Peace, Time]"]


# p0 plays Coffee with p1 holding That's Mine!: a window opens for p1
WINDOW = """
name = "window"
source = "test"
decks = ["voyager"]
[setup]
rules = ["Play 2"]
draw_pile = ["Timeship Relativity", "Replicator", "Transporter", "Tricorder"]
hands = [["Coffee", "Kes"], ["That's Mine!"]]
[[step]]
player = 0
play = "Coffee"
"""


def test_the_lines_of_a_window_passed_before_a_step_are_the_steps():
    """Coffee waits in p1's That's Mine! window; p0's next play passes the
    window, and Coffee's landing is told as part of that step."""
    text = WINDOW + '[[step]]\nplayer = 0\nplay = "Kes"\n'
    assert run(text, step_expect={"explains": [["Coffee is now on the table"], ["Player 0 played Kes"]]}) == []


def test_setup_drawn_is_the_cards_already_drawn_and_its_default_the_rules_number():
    """``drawn`` set: the turn has drawn that many, and the engine draws the
    rest at the next check (Draw 3, 1 drawn: 2 more after the play). Unset:
    the turn has drawn what the rules ask of the active player (Poor Bonus
    counts p0, who has fewest Keepers: 2, and nothing more is drawn)."""
    text = """
name = "drawn"
source = "test"
[setup]
drawn = 1
rules = ["Draw 3", "Play 2"]
hands = [["Milk", "Bread"], []]
draw_pile = ["Peace", "Sleep", "Time", "Dreams"]
[[step]]
player = 0
play = "Milk"
"""
    assert run(text, step_expect={"drawn": 3, "hands": [["Bread", "Peace", "Sleep"], []]}) == []
    assert run(text.replace("drawn = 1\n", ""), step_expect={"drawn": 3, "hands": [["Bread"], []]}) == []
    poor = text.replace("drawn = 1\n", "").replace('"Draw 3"', '"Poor Bonus"').replace(
        'hands = [["Milk", "Bread"], []]', 'hands = [["Milk", "Bread"], []]\ntables = [[], ["Love"]]')
    assert run(poor, step_expect={"drawn": 2, "hands": [["Bread"], []]}) == []


def test_explains_and_explains_not_fail_in_words():
    """A line the tutor did not say is named with every line it said; a
    phrase it should not have said is quoted with the line that says it;
    both compared case-blind."""
    said = run(SOLO, {"explains": [["Cookies", "no such words"]]})
    assert len(said) == 1 and said[0].startswith(
        "explains: no line of the tutor has all of ['Cookies', 'no such words']; its lines were:\n    You played Cookies")
    assert run(SOLO, {"explains": [["you PLAYED", "cookies"]]}) == []
    assert run(SOLO, {"explains_not": ["YOU played cookies"]}) == [
        "explains_not: the tutor said 'YOU played cookies': You played Cookies."]
    assert run(SOLO, {"explains_not": ["you played love"]}) == []
    # a refused step says nothing: its expectation shows that there were no lines
    refused = SOLO.replace('play = "Cookies"', 'play = "Peace"\nerror = true')
    assert run(refused, step_expect={"explains": [["Peace"]]}) == [
        "after step 1: explains: no line of the tutor has all of ['Peace']; its lines were:\n    (none)"]


def test_a_pass_step_declines_only_its_players_window():
    text = WINDOW + "[step.expect]\nwaiting_for = 1\n[[step]]\nplayer = 1\npass = true\n"
    # p1 let Coffee land and kept That's Mine!; the turn's question is p0's again
    assert run(text, step_expect={"tables": [["Coffee"], []], "hands": [["Kes"], ["That's Mine!"]],
                                  "waiting_for": 0, "explains": [["Coffee is now on the table"]]}) == []
    # a pass by a player not being asked is refused in words
    assert steps(text, 'player = 0\nplay = "Coffee"', 'player = 0\npass = true') == [
        "step 2: the engine refused it: this is your turn to play; 'pass' is not an answer to it"]
