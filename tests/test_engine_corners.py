"""Corners of the engine that whole games rarely reach: the bot check of a
run with seats, answer shapes the door refuses or passes on, a variant's
quiet flag, answers read without a question, the effect table, a deck
file that cannot be read."""
from __future__ import annotations

import pytest

from engine.answers import from_json, json_words, label_value, to_json, value_label
from engine.bots import answer_for
from engine.game import Game
from engine.runfile import RunFile, check_bots


def _played(seats: list[str], seed: int = 5, steps: int | None = None) -> tuple[Game, list]:
    """A game played by the bots of ``seats`` (a "human" seat by the random
    bot), and its answers as recorded."""
    g = Game.new(("fluxx5",), len(seats), "standard", seed, record=False)
    answers = []
    while not g.over and (steps is None or len(answers) < steps):
        a = answer_for(g, "random" if seats[g.prompt.player] == "human" else seats[g.prompt.player])
        answers.append(to_json(g, a))
        g.push(a)
    return g, answers


def _run(seats, answers, seed=5):
    return RunFile(format=1, engine="test", variant="standard", decks=["fluxx5"], players=len(seats), seed=seed,
                   answers=answers, seats=seats)


def test_the_bot_check_counts_each_bot_answer_and_names_the_first_that_is_not_the_bots():
    seats = ["human", "random"]
    g, answers = _played(seats, steps=40)
    g0 = Game.new(("fluxx5",), 2, "standard", 5, record=False)
    bot_steps = []
    for j in answers:
        bot_steps.append(seats[g0.prompt.player] != "human")
        g0.push(from_json(g0, j))
    assert check_bots(_run(seats, answers)) == (sum(bot_steps), None) and 0 < sum(bot_steps) < 40
    assert check_bots(RunFile(format=1, engine="t", variant="standard", decks=["fluxx5"], players=2, seed=5,
                              answers=answers)) == (0, None)  # no seats: nothing to check
    k = bot_steps.index(True, 3)  # a bot's answer, changed to another option of its question
    g1 = Game.new(("fluxx5",), 2, "standard", 5, record=False)  # the state at step k
    for j in answers[:k]:
        g1.push(from_json(g1, j))
    other = next(o for o in g1.prompt.options if to_json(g1, o) != answers[k])
    bad = answers[:k] + [to_json(g1, other)]
    checked, why = check_bots(_run(seats, bad))
    assert checked == sum(bot_steps[:k])
    assert why == (f"step {k + 1}: seat {g1.prompt.player} is the random bot, which answers {answers[k]} "
                   f"there, but the run has {bad[k]}")


def test_the_bot_check_stops_where_the_game_ended():
    seats = ["greedy", "greedy"]
    g, answers = _played(seats, seed=2)
    assert g.over
    n = len(answers)
    assert check_bots(_run(seats, answers, seed=2)) == (n, None)
    assert check_bots(_run(seats, [*answers, ["pass"], ["pass"]], seed=2)) == (n, None)


def test_a_free_action_answer_is_refused_with_its_reason_only_at_the_turn_question():
    from engine.powers import refuse_free
    from engine.prompts import Prompt
    g = Game.new(("fluxx5",), 2, "standard", 1)
    turn = g.prompt
    assert turn.kind == "turn"
    assert refuse_free(g, turn, ("free", 0)) != ""            # a free action the prompt does not offer
    assert refuse_free(g, turn, ["free", 0]) != ""            # as a list too
    for answer in (("free",), ("free", 0, 1), ("play", 0), "free", 7):
        assert refuse_free(g, turn, answer) == ""             # not a free action's shape: left to the door
    other = Prompt("choose", 0, "pick", [0, 1], reason="a test question")
    assert refuse_free(g, other, ("free", 0)) == ""           # not the turn question


def test_only_a_surprise_shaped_answer_is_read_as_a_surprise():
    from engine.surprises import surprise_answer
    g = Game.new(("fluxx5",), 2, "standard", 1)
    for answer in (("play", 3), [], (), "surprise", ["pass"], 5):
        assert surprise_answer(g, answer) is answer  # passed on unchanged


def test_a_variant_that_does_its_own_between_turns_is_not_quiet():
    from engine.variants import Variant

    class Plain(Variant):
        name = "plain-test"

    class Busy(Variant):
        name = "busy-test"

        def between_turns(self, g):
            return None
    assert Plain.quiet_between is True and Busy.quiet_between is False


def test_answers_read_without_a_question_are_cards():
    g = Game.new(("fluxx5",), 2, "standard", 1)
    c = g.hands[0][0]
    g.prompt = None
    assert value_label(g, c) == g.name(c)
    assert label_value(g, g.name(c)) == c
    assert json_words(["choose", ["Milk", "Cookies"], 3]) == "choose Milk, Cookies 3"
    assert json_words([["a"], "b"]) == "a b"
    assert json_words(["choose", []]) == "choose none"  # a declined Surprise, an empty discard: not "choose "


def test_an_effect_is_added_with_the_card_types_it_fits():
    from engine import effect_specs
    effect_specs._add("keeper  creeper", "test_only_effect", n="int")
    try:
        assert effect_specs.EFFECTS["test_only_effect"] == (frozenset({"keeper", "creeper"}), {"n": "int"})
    finally:
        del effect_specs.EFFECTS["test_only_effect"]


def test_a_deck_file_that_is_not_text_or_not_toml_is_one_sentence_naming_it(tmp_path):
    from engine.deckbase import DeckError
    from engine.deckfile import parse_deck
    bad = tmp_path / "bad.toml"
    bad.write_text("x = " + "[" * 30 + "]" * 30 + "\n")
    with pytest.raises(DeckError) as e:
        parse_deck(bad)
    assert e.value.path == str(bad) and e.value.problems == [
        "line 1 nests arrays or tables more than 24 deep; a deck file does not nest that deep"]
    big = tmp_path / "big.toml"
    big.write_bytes(b"x" * (3 * 1024 * 1024))
    with pytest.raises(DeckError) as e:
        parse_deck(big)
    assert e.value.path == str(big) and "a deck file" in e.value.problems[0]


def test_wars_question_is_a_well_formed_question_of_players():
    """War's question (who gets Peace): a known kind of question over the
    other seats, with its reason in words."""
    from .helpers import check_prompt, play, table
    g = table('''
decks = ["fluxx5", "creeper-pack"]
players = 3
[setup]
hands = [["Peace"], [], []]
tables = [["War"], [], []]
draw_pile = ["Love", "Milk"]
''')
    play(g, "Peace")
    check_prompt(g)
    pr = g.prompt
    assert (pr.player, pr.ask, pr.domain, list(pr.options)) == (0, "player", "players", [1, 2])
    assert pr.reason == "War: you must give Peace to another player" and g.name(pr.card) == "War"


def test_a_steal_that_stands_after_its_window_keeps_its_rule():
    """Janeway's power opens a window (the victim holds It's a Trap!); the
    victim passes and the taking stands: the move is still her power's
    (keeper.power), as it is when no window opens, not a card's effect."""
    from .helpers import table
    text = '''
decks = ["voyager"]
[setup]
hands = [["Coffee"], ["It's a Trap!"]]
tables = [["Kathryn Janeway"], ["Tuvok", "Phaser"]]
'''
    for trap in (True, False):
        g = table(text if trap else text.replace('["It\'s a Trap!"]', "[]"))
        events = g.push(("free", g.db.find("Kathryn Janeway")))
        events += g.push(("choose", (g.db.find("Tuvok"),)))
        if trap:
            assert g.prompt.player == 1 and g.prompt.ask == "surprise"
            assert g.prompt.reason == "p0 is trying to take your Tuvok: play a Surprise to cancel it, or pass"
            events += g.push(("choose", ()))
        moved = [(e.kind, e.rule, e.player) for e in events if e.card == g.db.find("Tuvok") and e.kind == "move"]
        assert moved == [("move", "keeper.power", 0)], (trap, moved)


def test_a_window_on_a_card_being_played_says_so():
    from .helpers import play, table
    g = table('''
decks = ["voyager"]
[setup]
hands = [["Jackpot!"], ["Belay That!"]]
draw_pile = ["Neelix", "Voyager", "Phaser"]
''')
    play(g, "Jackpot!")
    assert (g.prompt.player, g.prompt.ask) == (1, "surprise")
    assert g.prompt.reason == "p0 is playing Jackpot!: play a Surprise to cancel it, or pass"


def test_deaths_question_from_a_task_saved_without_the_card():
    """An older save's Death task names no card (ask_death with the seat
    only): Death is found on the seat's table and asks the same question as
    a task that names it; alone on the table it asks nothing."""
    from engine.modifiers import op_ask_death

    from .helpers import table
    text = '''
decks = ["fluxx5", "creeper-pack"]
[setup]
hands = [["Sleep"], []]
tables = [["Milk", "Death", "Taxes"], []]
draw_pile = ["Peace", "Time"]
'''
    asked = []
    for named in (False, True):
        g = table(text)
        g.prompt = None
        death = g.db.find("Death")
        op_ask_death(g, 0, death) if named else op_ask_death(g, 0)
        pr = g.prompt
        asked.append((pr.player, pr.ask, pr.card, sorted(pr.options), pr.then))
    assert asked[0] == asked[1]
    assert asked[0][2] == g.db.find("Death") and asked[0][3] == sorted([g.db.find("Milk"), g.db.find("Taxes")])
    g = table(text.replace('["Milk", "Death", "Taxes"]', '["Death"]'))
    g.prompt = None
    op_ask_death(g, 0)
    assert g.prompt is None


def test_a_unit_discarded_is_told_chosen_card_first_then_what_went_along():
    """The Phaser fired at The Borg on Kes: the unit is kept Keeper first,
    but the card chosen is told first, and Kes after it, as going along."""
    from .helpers import choose, table
    g = table('''
decks = ["voyager"]
[setup]
hands = [["Coffee"], []]
tables = [["Phaser"], ["Kes", "The Borg"]]
attached = { "The Borg" = "Kes" }
''')
    borg, kes = g.db.find("The Borg"), g.db.find("Kes")
    assert g.unit_of(kes) == [kes, borg]
    g.push(("free", g.db.find("Phaser")))
    told = [(e.card, e.data.get("along", -1)) for e in choose(g, "The Borg") if e.kind == "discard_table"]
    assert told == [(borg, -1), (kes, borg)]


def test_odd_type_looks_past_good_items_to_the_odd_one():
    from engine.prompts import odd_type
    assert odd_type(("play", 12)) == ""
    assert "float" in odd_type(("play", 12, 2.5))  # a good number first, then a float
    assert "float" in odd_type(("choose", (1, 2), 2.5))  # a good list first, then a float
    assert "bool" in odd_type(("choose", ("a",), (True,)))


def test_only_a_choose_takes_the_short_path_of_the_door():
    """A kind other than "choose" with a tuple of valid options is not
    taken as a choice: "pass" is the empty choice, anything else refused."""
    from engine.prompts import IllegalAnswer, Prompt
    pr = Prompt("choose", 0, "pick one", [3, 5], mn=0, mx=1)
    assert pr.check(("choose", (3,))) == ("choose", (3,))
    assert pr.check(("pass", (3,))) == ("choose", ())
    with pytest.raises(IllegalAnswer, match="answer with"):
        pr.check(("play", (3,)))
