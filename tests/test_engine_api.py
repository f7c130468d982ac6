"""The Game API around the door: building games, legal answers, the
set-up table never checked for a win, copies."""
from __future__ import annotations

import json

import pytest

from engine.game import Frame, Game

from .helpers import table


def test_blank_games_keep_their_arguments():
    g = Game.blank(("fluxx5",), 3, "standard", 9, record=False)
    assert (g.nplayers, g.variant_name, g.seed, g.log, g.decks) == (3, "standard", 9, None, ["fluxx5"])
    assert g.prompt is None and g.draw == [] and g.phase == "setup"
    d = Game.blank()
    assert (d.nplayers, d.variant_name, d.seed, d.log, d.decks) == (2, "standard", 0, [], ["fluxx5"])
    with pytest.raises(ValueError) as e:
        Game.blank(("fluxx5",), 7)
    assert str(e.value) == "the standard game takes 2 to 6 players, not 7"
    with pytest.raises(ValueError) as e:
        Game.blank(("fluxx5",), 2, "chess")
    assert str(e.value).startswith("unknown variant 'chess' (known: solo, standard")


def test_legal_answers_are_the_prompts():
    g = Game.new(("fluxx5",), 2, "standard", 4)
    assert g.legal_answers() == g.prompt.legal_answers() == list(g.prompt.options)
    g.over, g.prompt = True, None
    assert g.legal_answers() == [] and g.waiting_for == -1


def test_the_table_as_set_up_is_not_checked_for_a_win():
    """Scenario format: 'The state as set up is never checked for a win:
    Goals are checked from the first step on'."""
    g = table("""
[setup]
phase = "turn_start"
hands = [["Bread"], []]
tables = [["Milk", "Cookies"], []]
goals = ["Milk & Cookies"]
draw_pile = ["Love", "Money"]
""")
    assert not g.over and g.prompt is not None and g.checks
    assert [g.name(c) for c in g.hands[0]] == ["Bread", "Love"]  # the turn began and drew
    g.push(("play", g.db.find("Bread")))
    assert g.over and g.winner == 0


def test_a_copy_is_independent_and_equal():
    g = Game.new(("fluxx5", "creeper-pack"), 3, "standard", 8)
    for _ in range(25):
        g.push(g.prompt.options[0] if g.prompt.kind == "turn" else ("choose", tuple(g.prompt.options[:g.prompt.min])))
    h = g.copy()
    assert h.to_dict() == g.to_dict() and h.log is None and g.copy(record=True).log == []
    h.push(h.prompt.options[0] if h.prompt.kind == "turn" else ("choose", tuple(h.prompt.options[:h.prompt.min])))
    assert h.to_dict() != g.to_dict()
    assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_where_finds_a_card_in_every_zone():
    from .helpers import table
    g = table('variant = "solo"\n[setup]\nhands = [["Milk"]]\ntables = [["Bread"]]\nrules = ["Draw 2"]\n'
              'goals = ["Milk & Cookies"]\ndraw_pile = ["Love", "Money"]\ndiscard = ["Peace"]\n'
              'rules_deck = ["Play 2"]\nrules_discard = ["Play 3"]\nscored = ["Rocket Science"]\n')
    f = g.db.find
    assert g.where(f("Milk")) == ("hand", 0)
    assert g.where(f("Bread")) == ("table", 0)
    assert g.where(f("Draw 2")) == ("rules", -1)
    assert g.where(f("Milk & Cookies")) == ("goals", -1)
    assert g.where(f("Love")) == ("draw", -1)
    assert g.where(f("Peace")) == ("discard", -1)
    assert g.where(f("Play 2")) == ("rules_deck", -1)
    assert g.where(f("Play 3")) == ("rules_discard", -1)
    assert g.where(f("Rocket Science")) == ("scored", -1)
    assert g.where(f("Sleep")) == ("box", -1)
    g.playing.append(f("Sleep"))
    assert g.where(f("Sleep")) == ("playing", -1)
    g.playing.pop()
    g.temp.append(Frame([0, -1, [f("Sleep")], 0, "hold"]))
    assert g.where(f("Sleep")) == ("temp", 0)


def test_from_dict_gives_a_game_of_its_own_and_refuses_what_it_cannot_read():
    import json

    import pytest
    g = Game.new(("fluxx5",), 2, "standard", 4)
    d = json.loads(json.dumps(g.to_dict()))
    a, b = Game.from_dict(d), Game.from_dict(d)
    a.hands[0].append(a.draw.pop())
    a.tables[1].append(99)
    assert b.hands[0] == g.hands[0] and b.tables[1] == g.tables[1]  # no list is shared between the two
    assert a.log == [] and Game.from_dict(d, record=False).log is None
    assert b.seed == 4 and b.nplayers == 2 and b.variant_name == "standard"
    old = dict(d)
    del old["chain"]  # saves from before Surprises existed
    assert Game.from_dict(old).chain == []
    broken = dict(d)
    del broken["turn"]
    with pytest.raises(ValueError, match="the field 'turn' is missing"):  # BadState, a ValueError
        Game.from_dict(broken)
    other = dict(d, cards=d["cards"][:-1] + ["Something Else"])
    with pytest.raises(ValueError) as e:
        Game.from_dict(other)
    assert str(e.value) == "the saved game was made with other deck files than the ones installed"


def test_a_refused_choice_names_the_card_or_the_number():
    import pytest

    from engine.prompts import IllegalAnswer
    g = table('players = 2\n[setup]\nhands = [["Trash a Keeper"], []]\ntables = [["Milk"], ["Bread"]]\n'
              'draw_pile = ["Love", "Money"]\n')
    g.push(("play", g.db.find("Trash a Keeper")))
    assert g.prompt.kind == "choose" and g.prompt.domain == "cards"
    sleep = g.db.find("Sleep")
    assert sleep == 0
    for value, shown in ((sleep, "Sleep"), (g.db.n, str(g.db.n)), (-1, "-1"), (g.db.n + 50, str(g.db.n + 50))):
        with pytest.raises(IllegalAnswer) as e:
            g.push(("choose", (value,)))
        assert str(e.value) == f"'{shown}' is not one of the options"


def test_to_dict_is_a_snapshot_and_from_dict_a_game_of_its_own_temp_hands_included():
    g = Game.new(("fluxx5",), 2, "standard", 4)
    g.temp.append(Frame([0, -1, [g.draw.pop(), g.draw.pop()], 1, "play"]))
    g.prompt = None
    g.TURN[0].idle(g)  # the question a temporary hand asks (a saved state's question must be the table's)
    assert g.prompt.ask == "play_temp"
    d = g.to_dict()
    before = json.loads(json.dumps(d))
    g.temp[0][2].append(g.draw.pop())
    g.hands[1].append(g.draw.pop())
    assert d == before  # nothing in the dict is shared with the game
    a, b = Game.from_dict(before), Game.from_dict(before)
    a.temp[0][2].pop()
    assert b.temp == before["temp"] and a.temp != b.temp
