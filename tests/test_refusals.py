"""Out-of-turn Surprises and free actions the rules do not allow: each is
refused with the sentence for its reason, and the game is left untouched."""
from __future__ import annotations

import pytest

from engine.game import Link
from engine.prompts import IllegalAnswer

from .helpers import play, table

THREE = """
decks = ["voyager"]
players = 3
[setup]
drawn = 1
hands = [["Jackpot!", "Coffee", "Canceled Plans"], ["Belay That!", "It's a Trap!"], ["Veto!"]]
tables = [["Kes"], ["Neelix", "Janeway from the Future"], ["Tuvok"]]
draw_pile = ["Tom Paris", "Harry Kim", "Chakotay", "Phaser", "Replicator", "Tricorder"]
"""


def refused(g, answer) -> str:
    before = g.to_dict()
    with pytest.raises(IllegalAnswer) as e:
        g.push(answer)
    assert g.to_dict() == before
    return str(e.value)


def card(g, name: str) -> int:
    return g.db.find(name)


def test_surprise_refusals_with_nothing_being_played():
    g = table(THREE)
    assert g.prompt.kind == "turn" and not g.chain
    assert refused(g, ("surprise", 1)) == "a Surprise answer is ('surprise', player, card)"
    assert refused(g, ("surprise", 1, "Belay That!")) == "a Surprise answer is ('surprise', player, card)"
    assert refused(g, ("surprise", True, card(g, "Belay That!"))) == "a Surprise answer is ('surprise', player, card)"
    assert refused(g, ("surprise", 3, card(g, "Belay That!"))) == "there is no player 3"
    assert refused(g, ("surprise", -1, card(g, "Belay That!"))) == "there is no player -1"
    assert refused(g, ("surprise", 1, -1)) == "there is no such card"
    assert refused(g, ("surprise", 1, g.db.n)) == "there is no such card"
    assert refused(g, ("surprise", 1, 0)) == f"{g.db.cards[0].name} is not a Surprise"  # card 0 is a card
    assert refused(g, ("surprise", 1, card(g, "Neelix"))) == "Neelix is not a Surprise"
    assert refused(g, ("surprise", 2, card(g, "Janeway from the Future"))) == \
        "Janeway from the Future is not on your table"
    assert refused(g, ("surprise", 2, card(g, "Belay That!"))).startswith(
        "Belay That! is not in your hand; a Surprise you would only receive through the play you want to "
        "cancel is not yours until that play is done (FAQ, Trade Hands)")
    assert refused(g, ("surprise", 1, card(g, "Belay That!"))) == (
        "no card is being played now that a Surprise could cancel; on your own turn a Surprise is played "
        "as one of your plays, for its in-turn effect")
    assert refused(g, ("surprise", 1, card(g, "It's a Trap!"))) == (
        "It's a Trap! only answers an attempt to take one of your own Keepers, and nobody is trying to "
        "take one of yours now")


def test_surprise_refusals_while_an_action_is_being_played():
    g = table(THREE)
    play(g, "Jackpot!")
    # only Belay That! cancels an Action: p1 is asked; p2's Veto! does not answer it
    assert g.prompt.ask == "surprise" and g.prompt.player == 1 and g.chain
    assert g.prompt.options == [card(g, "Belay That!")] and (g.prompt.min, g.prompt.max) == (0, 1)
    assert refused(g, ("surprise", 0, card(g, "Canceled Plans"))).startswith(
        "you cannot cancel your own play")
    assert refused(g, ("surprise", 2, card(g, "Veto!"))) == "Veto! cancels a New Rule, and this is an Action"
    assert refused(g, ("surprise", 1, card(g, "It's a Trap!"))) == \
        "It's a Trap! cancels an attempt to steal your Keeper, and this is an Action"
    assert refused(g, ("surprise", 1, card(g, "Janeway from the Future"))) == \
        "Janeway from the Future can only cancel a Surprise"
    # p1 answers; now a Surprise is on top and anyone but p1 may counter it, in turn order
    g.push(("surprise", 1, card(g, "Belay That!")))
    top = g.chain[-1]
    assert top[0] == card(g, "Belay That!") and top[1] == 1
    assert g.prompt.ask == "surprise" and g.prompt.player == 2
    assert refused(g, ("surprise", 0, card(g, "Canceled Plans"))) == \
        "the engine is asking p2 first; Surprises are offered in turn order"
    assert refused(g, ("surprise", 1, card(g, "It's a Trap!"))).startswith("you cannot cancel your own play")


def test_only_the_victim_springs_the_trap():
    g = table("""
decks = ["voyager"]
players = 3
[setup]
drawn = 1
hands = [["Steal Something"], ["It's a Trap!"], ["Belay That!"]]
tables = [["Kes"], ["Neelix"], ["Tuvok"]]
draw_pile = ["Tom Paris", "Harry Kim", "Chakotay", "Phaser", "Replicator", "Tricorder"]
""")
    play(g, "Steal Something")
    while g.prompt.ask == "surprise":  # the Action itself: nobody cancels it
        g.push(("pass",))
    g.push(("choose", (card(g, "Neelix"),)))
    assert g.prompt.ask == "surprise" and g.prompt.player == 1 and g.chain[-1][2] == "steal"
    assert refused(g, ("surprise", 2, card(g, "Belay That!"))) == \
        "only the player whose Keeper is being stolen can spring that trap"


FREE = """
decks = ["voyager"]
players = 2
[setup]
drawn = 1
hands = [["Coffee", "Tuvok"], ["Neelix"]]
tables = [["Phaser", "Timeship Aeon"], ["Kes"]]
draw_pile = ["Tom Paris", "Harry Kim", "Chakotay", "Replicator", "Tricorder"]
"""


def test_free_action_refusals():
    g = table(FREE)
    assert refused(g, ("free", -3)) == "there is no such card"
    assert refused(g, ("free", g.db.n)) == "there is no such card"
    assert refused(g, ("free", card(g, "Kes"))) == "Kes is not in play in front of you"
    assert refused(g, ("free", card(g, "Phaser"))) == "Phaser has nothing to do now"  # no Creeper to shoot
    assert ("free", card(g, "Timeship Aeon")) in g.prompt.options


def test_free_action_refusal_reasons():
    from engine.powers import free_refusal
    g = table(FREE)
    aeon, phaser = card(g, "Timeship Aeon"), card(g, "Phaser")
    assert free_refusal(g, 1, aeon) == "free actions are only for the player whose turn it is"
    assert free_refusal(g, 0, "Phaser") == "there is no such card"
    g.used = [aeon]
    assert free_refusal(g, 0, aeon) == "Timeship Aeon has already been used this turn"
    g.used = []
    g.temp = [[0, -1, [], 1, "play"]]
    assert free_refusal(g, 0, aeon) == "free actions wait until the temporary hand is done (project reading)"
    g = table(FREE.replace('[["Phaser", "Timeship Aeon"], ["Kes"]]', '[["Phaser", "Malfunction"], ["Kes"]]')
              + 'attached = { "Malfunction" = "Phaser" }\n')
    assert free_refusal(g, 0, phaser) == \
        "Phaser has a Malfunction attached: its power is off until someone repairs it"
    g = table(FREE.replace('[["Phaser", "Timeship Aeon"], ["Kes"]]', '[["Species 8472"], ["Kes"]]'))
    assert free_refusal(g, 0, card(g, "Species 8472")) == \
        "to be rid of Species 8472 you must discard another Keeper of yours, and you have none to spare"


def test_refusal_words_for_a_chain_topped_by_the_admiral():
    """Between two answers the Admiral's cancel never stays on top (nothing can
    answer it, so the chain settles at once); the refusal still has words for it."""
    from engine.surprises import refusal
    g = table(THREE)
    jackpot, janeway = card(g, "Jackpot!"), card(g, "Janeway from the Future")
    g.chain = [Link([jackpot, 0, "play", 0, 0]), Link([janeway, 1, "power", 0, 0])]
    assert refusal(g, 0, card(g, "Canceled Plans")) == (
        "the Admiral's cancel is not a Surprise, and no Surprise can counter it")


def test_a_turn_question_is_not_a_surprise_window():
    from engine.surprises import refusal
    g = table(THREE)
    g.chain = [Link([card(g, "Jackpot!"), 0, "play", 0, 0])]
    assert g.prompt.ask == "play" and g.prompt.player == 0
    assert refusal(g, 1, card(g, "Belay That!")) == "Belay That! cannot be played now"
