"""Answers at the engine's door (Prompt.check, legal_answers), the labels
run files use for them, and reading run files: every refusal says why."""
from __future__ import annotations

import json

import pytest

from engine.datafile import DataFileError, read_text
from engine.game import Game
from engine.prompts import IllegalAnswer, Prompt
from engine.runfile import RunError, answer_from_json, answer_to_json, load_run, replay

from .helpers import play, table


def turn_prompt() -> Prompt:
    return Prompt("turn", 0, "play", [("play", 5), ("free", 7)], reason="1 play(s) left", domain="moves")


def choose_prompt(mn: int, mx: int) -> Prompt:
    return Prompt("choose", 1, "discard_hand", [3, 4, 5], mn, mx, card=9, reason="why", then=("x", 1))


@pytest.mark.parametrize("answer,message", [
    (None, "an answer is a tuple such as ('play', card) or ('choose', (values...))"),
    ((), "an answer is a tuple such as ('play', card) or ('choose', (values...))"),
    (("play", 6), "that card is not one you can play now"),
    (("free", 5), "that free action cannot be used now"),
    (("end",), "you cannot end your turn while you still have plays to make"),
    (("random",), "no random play is due now"),
    (("choose", (5,)), "this is your turn to play; 'choose' is not an answer to it"),
])
def test_turn_answers_refused_with_a_reason(answer, message):
    with pytest.raises(IllegalAnswer) as e:
        turn_prompt().check(answer)
    assert str(e.value) == message


def test_turn_answers_accepted_in_normal_form():
    pr = turn_prompt()
    assert pr.check(["play", 5]) == ("play", 5)
    assert pr.check(("free", 7)) == ("free", 7)
    assert pr.legal_answers() == [("play", 5), ("free", 7)]


@pytest.mark.parametrize("mn,mx,answer,message", [
    (1, 1, ("pass",), "this choice is not optional"),
    (1, 1, ("play", 3), "the engine is asking 'discard_hand'; answer with ('choose', (values...))"),
    (1, 1, ("choose", (3,), 1), "the engine is asking 'discard_hand'; answer with ('choose', (values...))"),
    (1, 1, ("choose", 3), "choose takes a list of values"),
    (1, 2, ("choose", (3, 3)), "the same option is named twice"),
    (1, 2, ("choose", (8,)), "'8' is not one of the options"),
    (2, 2, ("choose", (3,)), "choose exactly 2, not 1"),
    (0, 2, ("choose", (3, 4, 5)), "choose between 0 and 2, not 3"),
    (1, 3, ("choose", ()), "choose between 1 and 3, not 0"),
    # a tuple of options is checked on a short path first; what it lets by is
    # what the full checks would (a bool or a float equal to an option is not it)
    (1, 1, ("choose", (3.0,)), "'3.0' is not one of the options (they are numbers or words)"),
    (1, 1, ("choose", (True,)), "'True' is not one of the options (they are numbers or words)"),
    (1, 2, ("choose", (4, 4)), "the same option is named twice"),
    (2, 2, ("choose", (4,)), "choose exactly 2, not 1"),
    (1, 1, ("choose", (4, 9)), "'9' is not one of the options"),
])
def test_choose_answers_refused_with_a_reason(mn, mx, answer, message):
    with pytest.raises(IllegalAnswer) as e:
        choose_prompt(mn, mx).check(answer)
    assert str(e.value) == message


def test_a_bool_is_not_the_seat_or_card_it_equals():
    """True == 1 in Python: a choose answer of True where 1 is an option is
    still refused, on the short path for tuples as on the full one."""
    pr = Prompt("choose", 0, "player", [0, 1, 2], 1, 1, domain="players", then=("x",))
    for answer in (("choose", (True,)), ("choose", [False])):
        with pytest.raises(IllegalAnswer) as e:
            pr.check(answer)
        assert "is not one of the options (they are numbers or words)" in str(e.value)
    assert pr.check(("choose", (1,))) == ("choose", (1,))


def test_choose_answers_accepted_and_listed():
    assert choose_prompt(0, 2).check(("pass",)) == ("choose", ())
    assert choose_prompt(1, 2).check(["choose", [4, 3]]) == ("choose", (4, 3))
    assert choose_prompt(1, 1).check(("choose", [5])) == ("choose", (5,))
    assert choose_prompt(1, 2).check(("choose", (5, 3))) == ("choose", (5, 3))  # the short path's answer
    assert choose_prompt(1, 2).check(["choose", (5,)]) == ("choose", (5,))  # a list outside: a tuple back
    assert choose_prompt(0, 2).legal_answers() == [("choose", ()), ("choose", (3,)), ("choose", (4,)),
                                                   ("choose", (5,)), ("choose", (3, 4)), ("choose", (3, 5)),
                                                   ("choose", (4, 5))]
    assert choose_prompt(2, 5).legal_answers() == [("choose", (3, 4)), ("choose", (3, 5)), ("choose", (4, 5)),
                                                   ("choose", (3, 4, 5))]
    assert len(choose_prompt(0, 3).legal_answers(limit=3)) == 3


def test_a_prompt_round_trips_through_json():
    for pr in (turn_prompt(), choose_prompt(1, 2)):
        d = json.loads(json.dumps(pr.to_dict()))
        back = Prompt.from_dict(d)
        assert back.to_dict() == pr.to_dict()
        assert [getattr(back, f) for f in Prompt.__slots__] == [getattr(pr, f) for f in Prompt.__slots__]


def test_the_door_refuses_when_nothing_is_asked():
    g = table("""
variant = "solo"
[setup]
drawn = 1
hands = [["Cookies"]]
tables = [["Milk"]]
goals = ["Milk & Cookies"]
draw_pile = ["Bread"]
rules_deck = ["Draw 2", "Play 2"]
""")
    play(g, "Cookies")
    assert g.over and g.waiting_for == -1 and g.legal_answers() == []
    with pytest.raises(IllegalAnswer) as e:
        g.push(("end",))
    assert str(e.value) == "the game is over; nothing is being asked"
    blank = Game.blank(("fluxx5",), 2, "standard", 1)
    with pytest.raises(IllegalAnswer) as e:
        blank.push(("end",))
    assert str(e.value) == "nothing is being asked"


# ------------------------------------------------------------ labels
def test_labels_for_every_domain():
    g = table("""
players = 3
[setup]
hands = [["Rotate Hands", "Milk"], ["Cookies"], ["Bread"]]
draw_pile = ["Love", "Money", "Peace"]
""")
    assert answer_to_json(g, ("play", g.db.find("Milk"))) == ["play", "Milk"]
    assert answer_to_json(g, ("end",)) == ["end"] and answer_to_json(g, ("random",)) == ["random"]
    assert answer_to_json(g, ("pass",)) == ["pass"]
    assert answer_from_json(g, ["play", "milk"]) == ("play", g.db.find("Milk"))
    assert answer_from_json(g, ["free", "Recycling"]) == ("free", g.db.find("Recycling"))
    for k in ("end", "random", "pass"):
        assert answer_from_json(g, [k]) == (k,)
    play(g, "Rotate Hands")  # asks a direction: words
    assert g.prompt.domain == "words"
    a = ("choose", (g.prompt.options[0],))
    assert answer_to_json(g, a) == ["choose", [g.prompt.options[0]]]
    assert answer_from_json(g, ["choose", [g.prompt.options[0]]]) == a

    g = table("""
players = 3
[setup]
hands = [["Trade Hands"], ["Cookies"], ["Bread"]]
draw_pile = ["Love", "Money", "Peace"]
""")
    play(g, "Trade Hands")  # asks a player
    assert g.prompt.domain == "players"
    assert answer_to_json(g, ("choose", (2,))) == ["choose", ["p2"]]
    assert answer_from_json(g, ["choose", ["p2"]]) == ("choose", (2,))
    with pytest.raises(IllegalAnswer) as e:
        answer_from_json(g, ["choose", ["two"]])
    assert str(e.value) == "'two' is not a player label (p0, p1, ...)"
    with pytest.raises(IllegalAnswer) as e:
        answer_from_json(g, ["choose", ["q1"]])
    assert str(e.value) == "'q1' is not a player label (p0, p1, ...)"

    g = table("""
[setup]
hands = [["Trash a Keeper"], []]
tables = [["Milk"], ["Cookies"]]
draw_pile = ["Bread", "Money"]
""")
    play(g, "Trash a Keeper")  # asks a card
    assert answer_to_json(g, ("choose", (g.db.find("Cookies"),))) == ["choose", ["Cookies"]]
    assert answer_from_json(g, ["choose", ["COOKIES"]]) == ("choose", (g.db.find("Cookies"),))


@pytest.mark.parametrize("j,message", [
    ("play", 'an answer must be a list such as ["play", "Milk"]'),
    ([], 'an answer must be a list such as ["play", "Milk"]'),
    ([3], 'an answer must be a list such as ["play", "Milk"]'),
    (["play"], "'play' needs the name of a card of these decks"),
    (["play", 3], "'play' needs the name of a card of these decks"),
    (["free", "Not A Card"], "'free' needs the name of a card of these decks"),
    (["play", "Milk", "x"], "'play' needs the name of a card of these decks"),
    (["fly"], "an answer is play, free, end, random, pass or choose"),
    (["choose"], "an answer is play, free, end, random, pass or choose"),
    (["choose", "Milk"], "an answer is play, free, end, random, pass or choose"),
    (["choose", [3]], "choose takes a list of labels"),
    (["choose", ["Not A Card"]], "no card named 'Not A Card'"),
    (["end", "Milk"], "'end' takes nothing after it: [\"end\"]"),   # a move that takes no card takes nothing
    (["pass", []], "'pass' takes nothing after it: [\"pass\"]"),
])
def test_bad_answer_labels(j, message):
    g = Game.new(("fluxx5",), 1, "solo", 3)
    with pytest.raises(IllegalAnswer) as e:
        answer_from_json(g, j)
    assert str(e.value) == message


def test_a_word_answer_is_read_whatever_its_capitals():
    """A word answer (rock, paper, scissors; a direction) recorded or typed
    in capitals is the word: "Rock" answers as "rock" does."""
    from .helpers import table
    g = table("""
decks = ["fluxx5"]
players = 2
[setup]
hands = [["Rock-Paper-Scissors Showdown"], ["Milk"]]
""")
    g.push(("play", g.db.find("Rock-Paper-Scissors Showdown")))
    while g.prompt.domain != "words":
        g.push(("choose", (g.prompt.options[0],)))
    assert answer_from_json(g, ["choose", ["Rock"]]) == answer_from_json(g, ["choose", ["rock"]]) == ("choose", ("rock",))
    g.push(answer_from_json(g, ["choose", ["ROCK"]]))
    assert g.prompt.domain == "words" and g.prompt.player == 1  # the answer was taken: the other seat throws now


# ------------------------------------------------------------ run files
BASE = {"format": 1, "engine": "0.1.0", "variant": "solo", "decks": ["fluxx5"], "players": 1, "seed": 1,
        "answers": [], "score": 0}


def write(tmp_path, data, name="r.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


@pytest.mark.parametrize("data,words", [
    ("{not json", "not a JSON run file"),
    ({**BASE, "format": 3}, "run file format 3 is newer than this solo-fluxx reads (format 2); update solo-fluxx"),
    ({**BASE, "format": 0}, "at 'format': Input should be greater than or equal to 1"),
    ({**BASE, "variant": "poker"}, "at 'variant'"),
    ({**BASE, "players": 9}, "at 'players': Input should be less than or equal to 6"),
    ({**BASE, "decks": []}, "at 'decks'"),
    ({**BASE, "bogus": 1}, "at 'bogus': Extra inputs are not permitted"),
    ([1, 2], "at 'top level'"),
])
def test_bad_run_files_get_a_sentence_naming_the_place(tmp_path, data, words):
    p = write(tmp_path, data)
    with pytest.raises(RunError) as e:
        load_run(p)
    assert str(e.value).startswith(f"{p}: ") and words in str(e.value)


def test_run_files_that_load_but_do_not_replay(tmp_path):
    with pytest.raises(RunError) as e:
        replay(load_run(write(tmp_path, {**BASE, "decks": ["nope"]})))
    assert str(e.value).startswith("cannot start the game of this run:")
    with pytest.raises(RunError) as e:
        replay(load_run(write(tmp_path, {**BASE, "answers": [["play", "Not A Card"]]})))
    assert str(e.value) == ('step 1: the answer ["play", "Not A Card"] is not legal here: '
                            "'play' needs the name of a card of these decks")


def test_replay_reports_each_step(tmp_path):
    g = Game.new(("fluxx5",), 1, "solo", 1)
    answers = []
    for _ in range(3):
        a = g.prompt.options[0] if g.prompt.kind == "turn" else ("choose", tuple(g.prompt.options[:g.prompt.min]))
        answers.append(answer_to_json(g, a))
        g.push(a)
    seen = []
    got = replay(load_run(write(tmp_path, {**BASE, "answers": answers})),
                 on_step=lambda i, j, events, _g: seen.append((i, j, len(events) > 0)))
    assert got.to_dict() == g.to_dict()
    assert seen == [(-1, None, True)] + [(i, answers[i], True) for i in range(3)]


def test_read_text_refuses_with_one_sentence(tmp_path):
    p = tmp_path / "x.txt"
    p.write_bytes(b"abc")
    assert read_text(p, 3, "a test file") == "abc"
    with pytest.raises(DataFileError) as e:
        read_text(p, 2, "a test file")
    assert str(e.value) == "the file is 3 bytes; a test file may be at most 2 bytes"
    p.write_bytes(b"\xff\xfe")
    with pytest.raises(DataFileError) as e:
        read_text(p, 10, "a test file")
    assert str(e.value) == "the file is not UTF-8 text; save it as UTF-8"
    with pytest.raises(DataFileError) as e:
        read_text(tmp_path / "missing", 10, "a test file")
    assert str(e.value).startswith("cannot read the file (") and str(e.value).endswith("); check the path")


@pytest.mark.parametrize("answer", [None, (), [], 5, "play", ("",), (7,)])
def test_the_door_refuses_an_answer_of_no_known_shape_with_the_prompts_reason(answer):
    """Game.push: an answer that is no tuple of a known kind (nothing, an
    empty one, a number, a bare word) reaches the prompt's own check, which
    says what an answer looks like; the game is left as it was."""
    g = Game.new(("fluxx5",), 2, "standard", 5)
    before = g.to_dict()
    with pytest.raises(IllegalAnswer) as e:
        g.push(answer)
    assert str(e.value) in ("an answer is a tuple such as ('play', card) or ('choose', (values...))",
                            f"this is your turn to play; '{answer[0]}' is not an answer to it"
                            if isinstance(answer, tuple) and answer and isinstance(answer[0], str) else "",
                            # a kind that is no word: refused for its type first (engine.prompts.odd_type)
                            "an answer starts with its kind, a word such as 'play' or 'choose'"
                            if isinstance(answer, tuple) and answer and not isinstance(answer[0], str) else "")
    assert g.to_dict() == before
