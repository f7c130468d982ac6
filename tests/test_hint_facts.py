"""Hints argue from the facts that decide a move (issue 64): found one move
ahead with the engine, told before any figure, the same on every machine."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tutor.facts import facts_of
from tutor.hints import hint_text, nudge

from .helpers import table
from .test_hints import TAXES_IN_THE_WAY

ROOT = Path(__file__).resolve().parents[1]


def kinds_and_texts(g, answer):
    return [(f.kind, f.text) for f in facts_of(g, answer, seed=1)]


def test_the_repro_recommends_music_and_says_it_scores_now():
    """Issue 64's repro: with Music in hand completing Turn It Up!, the hint
    named Let's Simplify (the search's sampled futures put it first)."""
    out = subprocess.run([sys.executable, "-m", "solo.cli", "text", "--seed", "7005"], input="1\n5\n5\ni\n",
                         capture_output=True, text=True, cwd=ROOT, timeout=120).stdout
    hint = next(line.strip() for line in out.splitlines() if line.strip().startswith("Hint: play"))
    assert hint.startswith("Hint: play Music. Why: it scores Turn It Up! now (Music and The Party on your table)")
    # the nudge before it names the Goal and where its missing card is
    assert "Hint: Turn It Up! still needs Music: Music is in your hand." in out


HINT_OF_A_POSITION = """
import sys
from engine.game import Game
from engine.bots import RandomBot
from solo.app.hinting import search_hint
from tutor.hints import hint_text
g = Game.new(("fluxx5",), 1, "solo", 7011, record=False)
b = RandomBot(2)
for _ in range(5):
    g.push(b.choose(g))
found = search_hint(g, g.decisions)
print(hint_text(g, found.ranked, found.futures, found.tried, found.cut))
"""


def test_two_processes_give_the_same_hint_and_figures_with_a_core_kept_busy():
    """The budget is rollouts, never the clock: a process on a busy machine
    gives the very hint (and figures) an idle one does."""
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        runs = [subprocess.Popen([sys.executable, "-c", HINT_OF_A_POSITION], stdout=subprocess.PIPE, text=True,
                                 env=env, cwd=ROOT) for _ in range(2)]
        outs = [r.communicate(timeout=300)[0] for r in runs]
    finally:
        busy.kill()
        busy.wait()
    alone = subprocess.run([sys.executable, "-c", HINT_OF_A_POSITION], capture_output=True, text=True, env=env,
                           cwd=ROOT, timeout=300).stdout
    assert outs[0].startswith("Hint: ") and "safety clock" not in outs[0]
    assert outs[0] == outs[1] == alone


def test_a_turn_ending_free_action_says_what_it_gives_up_and_what_the_limit_keeps():
    """Swap Plays for Draws ends the turn (FAQ: simultaneous with the turn
    ending): never "it uses none of your plays"."""
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
rules = ["Swap Plays for Draws", "Play 3", "Hand Limit 1"]
hands = [["Bread", "Time", "Sleep"]]
draw_pile = ["Love", "Peace", "Dreams", "Money", "The Sun", "The Moon", "Television", "Music"]
rules_deck = ["Draw 2", "Play 2"]
""")
    swap = ("free", g.db.find("Swap Plays for Draws"))
    assert swap in g.prompt.options
    facts = kinds_and_texts(g, swap)
    assert ("turn_ends_limit", "gives up your 3 plays left and ends the turn; the Hand Limit then keeps 1 card of "
            "your hand") in facts
    assert "uses none of your plays" not in hint_text(g, [(swap, 1.0)], 4)


def test_a_move_that_empties_the_main_deck_in_solo_says_the_game_ends():
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
hands = [["Jackpot!", "Bread"]]
draw_pile = ["Love", "Peace"]
rules_deck = ["Draw 2", "Play 2"]
""")
    facts = kinds_and_texts(g, ("play", g.db.find("Jackpot!")))
    assert facts[0] == ("ends", "ends the game: the last 2 cards of the Main deck are drawn, with no Goal scored")


def test_a_count_goal_met_by_playing_it_gets_its_numbers():
    hand = ["10 Cards in Hand", "Bread", "Time", "Sleep", "Love", "Peace", "Dreams", "Money", "The Sun", "The Moon",
            "Television"]
    g = table(f"""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
hands = [[{", ".join(f'"{c}"' for c in hand)}]]
draw_pile = ["Music", "Milk", "Cookies", "Chocolate"]
rules_deck = ["Draw 2", "Play 2"]
""")
    goal = ("play", g.db.find("10 Cards in Hand"))
    assert kinds_and_texts(g, goal)[0] == (
        "scores", "scores \u201c10 Cards in Hand\u201d now (you hold 10 cards once it is played; 10 needed)")
    # and a scoring move is the hint's move, whatever the search's futures ranked first
    bread = ("play", g.db.find("Bread"))
    assert hint_text(g, [(bread, 2.0), (goal, 1.0)], 4).startswith(
        "Hint: play \u201c10 Cards in Hand\u201d. Why: it scores")


def test_a_creeper_in_the_way_is_named_and_the_nudge_follows_the_table():
    g = table(TAXES_IN_THE_WAY)
    facts = kinds_and_texts(g, ("play", g.db.find("Cookies")))
    assert ("blocked", "but Taxes on your table stops Milk & Cookies until it goes") in facts
    before = nudge(g)
    assert before == "Hint: Milk & Cookies still needs Cookies: Cookies is in your hand."
    g.tables[0].append(g.hands[0].pop(0))  # Cookies down: now only Taxes is in the way
    assert nudge(g) == ("Hint: Every card Milk & Cookies names is on your table; Taxes on your table stops it "
                        "until it goes.")


SURPRISE_IN_HAND = """
decks = ["voyager"]
players = 2
[setup]
goals = ["Sickbay"]
tables = [["The Doctor"], ["Tuvok"]]
hands = [["Veto!", "Neelix", "Chakotay"], ["Harry Kim", "Tom Paris"]]
draw_pile = ["Kathryn Janeway", "B'Elanna Torres", "Coffee, Black", "Holonovel", "Phaser", "Seven of Nine"]
"""


def test_a_surprise_played_on_your_turn_for_nothing_is_a_trap_and_never_the_hint():
    """The Voyager rulebook: a Surprise is played on your turn or out of
    turn, with a different effect. Veto! on your own turn discards New
    Rules; with none in play it changes nothing, and the cancel it could
    make held is given up: the hint never names it, even when the search
    ranks it first, and says why."""
    g = table(SURPRISE_IN_HAND)
    veto, neelix = ("play", g.db.find("Veto!")), ("play", g.db.find("Neelix"))
    facts = kinds_and_texts(g, veto)
    assert facts == [("wastes", "changes nothing here on your turn, and spends a Surprise that, held, can cancel a "
                                "New Rule another player plays")]
    line = hint_text(g, [(veto, 1.0), (neelix, 0.5)], 8)  # the search's favourite is the Surprise
    assert line.startswith("Hint: play Neelix."), line
    assert "not play Veto!: it changes nothing here on your turn" in line
    assert "a Goal scored now is certain" not in line  # (that is said only for a Goal scored now)


def test_a_surprise_that_does_something_on_your_turn_says_what_it_spends():
    g = table(SURPRISE_IN_HAND.replace('goals = ["Sickbay"]', 'goals = ["Sickbay"]\nrules = ["Play 2"]'))
    facts = kinds_and_texts(g, ("play", g.db.find("Veto!")))
    assert facts and facts[0][0] == "spends", facts
    assert facts[0][1].endswith("it spends a Surprise that, held, can cancel a New Rule another player plays"), facts
    # alone (Solo), nobody plays out of turn: no such fact
    assert not any(k in ("spends", "wastes") for k, _ in kinds_and_texts(table(
        SURPRISE_IN_HAND.replace("players = 2", 'variant = "solo"').replace(', ["Harry Kim", "Tom Paris"]', "")
        .replace(', ["Tuvok"]', "")), ("play", g.db.find("Veto!"))))


def test_a_discard_names_the_goal_that_needs_the_card_given_up_or_that_none_does():
    """A Keeper Limit's discard: giving up a Keeper the Goal names is a
    trap the hint warns of; giving up one no Goal names is said as such."""
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
rules = ["Keeper Limit 2"]
tables = [["Milk", "The Party"]]
hands = [["Bread"]]
draw_pile = ["Love", "Peace", "Dreams", "Money", "The Sun", "The Moon"]
rules_deck = ["Draw 2", "Play 2"]
""")
    g.push(("play", g.db.find("Bread")))  # a third Keeper: the Keeper Limit asks for one at once
    assert g.prompt.ask == "discard_keepers" and g.prompt.min == 1, (g.prompt.ask, g.prompt.min)
    milk, party = g.db.find("Milk"), g.db.find("The Party")
    assert kinds_and_texts(g, ("choose", (milk,))) == [("costs", "gives up Milk, which Milk & Cookies needs")]
    assert kinds_and_texts(g, ("choose", (party,))) == [("spares", "gives up The Party, which no Goal in play names")]
    line = hint_text(g, [(("choose", (party,)), 1.0), (("choose", (milk,)), 0.5)], 8)
    assert "it gives up The Party, which no Goal in play names" in line
    assert "not choose Milk: it gives up Milk, which Milk & Cookies needs" in line, line


# two Voyager seats under Play 2, Player 0 to play: the Surprise tests' table, with the hands each gives
VOYAGER_PLAY_2 = """
decks = ["voyager"]
players = 2
[setup]
goals = ["Sickbay"]
rules = ["Play 2"]
tables = [["The Doctor"], ["Tuvok"]]
hands = {hands}
draw_pile = ["Kathryn Janeway", "B'Elanna Torres", "Coffee, Black", "Holonovel", "Phaser", "Seven of Nine"]
"""


def test_a_surprise_played_out_of_turn_names_the_card_it_cancels():
    """The hint for a Surprise question names what the Surprise does to the
    card being played (That's Mine! takes a Keeper; Veto! cancels a New
    Rule), before any figure."""
    g = table(VOYAGER_PLAY_2.format(hands='[["Neelix", "Hand Limit 2"], ["Veto!", "That\'s Mine!"]]'))
    f = g.db.find
    g.push(("play", f("Neelix")))
    assert g.prompt.ask == "surprise" and g.prompt.options == [f("That's Mine!")]
    assert kinds_and_texts(g, ("choose", (f("That's Mine!"),))) == [
        ("cancels", "takes Neelix, which Player 0 is playing, onto your table instead")]
    line = hint_text(g, [(("choose", (f("That's Mine!"),)), 1.0), (("choose", ()), 0.5)], 8)
    assert line.startswith("Hint: choose That's Mine! Why: it takes Neelix, which Player 0 is playing, onto your "
                           "table instead."), line
    g.push(("choose", ()))  # passed: Neelix lands; the next play is a New Rule, and Veto! answers it
    g.push(("play", f("Hand Limit 2")))
    assert g.prompt.ask == "surprise" and g.prompt.options == [f("Veto!")]
    assert kinds_and_texts(g, ("choose", (f("Veto!"),))) == [
        ("cancels", "cancels “Hand Limit 2”, which Player 0 is playing: it goes to the discard pile unplayed")]


def test_a_surprise_that_cancels_a_surprise_names_that_surprise_not_the_card_under_it():
    """A chain: Player 0 plays Neelix, Player 1 answers with That's Mine!,
    and Player 0's Veto! cancels That's Mine! (any Surprise cancels a
    Surprise): the fact names the link it answers."""
    g = table(VOYAGER_PLAY_2.format(hands='[["Neelix", "Veto!"], ["That\'s Mine!"]]'))
    f = g.db.find
    g.push(("play", f("Neelix")))
    g.push(("choose", (f("That's Mine!"),)))
    assert g.prompt.player == 0 and g.prompt.options == [f("Veto!")]
    assert kinds_and_texts(g, ("choose", (f("Veto!"),))) == [
        ("cancels", "cancels That's Mine!, which Player 1 is playing: it goes to the discard pile unplayed")]


def test_a_play_another_player_could_cancel_says_so_and_its_facts_are_those_of_the_play_not_cancelled():
    """On a deal of the hidden cards where the other seat holds That's
    Mine!, it is asked whether to cancel: the facts pass for it (what the
    play does, not cancelled) and the hint adds that it could be. With no
    Surprise among the hidden cards, nothing is added."""
    src = """
decks = ["voyager"]
players = 2
[setup]
goals = ["Sickbay"]
tables = [["The Doctor"], ["Tuvok"]]
hands = [["Neelix", "Chakotay"], ["That's Mine!", "Harry Kim", "Tom Paris", "Phaser", "Holonovel"]]
draw_pile = ["Kes"]
"""
    g = table(src)
    neelix = ("play", g.db.find("Neelix"))
    assert kinds_and_texts(g, neelix) == [
        ("does", "puts Neelix on your table"),
        ("window", "but another player holding a Surprise could still cancel it")]
    line = hint_text(g, [(neelix, 1.0)], 8)
    assert "it puts Neelix on your table, but another player holding a Surprise could still cancel it" in line
    g = table(src.replace("That's Mine!", "Kathryn Janeway"))
    assert kinds_and_texts(g, neelix) == [("does", "puts Neelix on your table")]


def test_a_count_goal_that_also_needs_a_keeper_says_which_is_missing():
    """Party Snacks: The Party and at least 1 food Keeper. One food Keeper
    on the table with no Party is not "1 of 1 needed" alone."""
    from tutor.facts import count_words
    g = table("""
variant = "solo"
[setup]
goals = ["Milk & Cookies"]
tables = [["Bread"]]
hands = [["Party Snacks", "Time"]]
draw_pile = ["Love", "Peace", "Dreams", "Money", "The Sun", "The Moon"]
rules_deck = ["Draw 2", "Play 2"]
""")
    snacks = g.db.find("Party Snacks")
    assert count_words(g, snacks, 0) == \
        "you have 1 of the cards it counts; 1 needed; it also needs The Party, not on your table"
