"""What the tutor may name for the seat it speaks to (``viewer``): a card
that goes into a hand that seat cannot see, from a place it could not see
either, is "a card"; everything else is named. And how seats are named."""
from __future__ import annotations

import pytest

from engine.events import Event, event
from engine.game import Game
from tutor.explain import SEAT_NAMES, VIEWER, unseen, who


def ev(kind: str, player: int, card: int = 0, **data) -> Event:
    return event(kind, "rule", player, card, **data)


@pytest.mark.parametrize("event,hidden", [
    (ev("draw", 1), True),  # card 0 (Sleep) is a card like any other
    (ev("draw", 0), False),  # the viewer's own draw
    (ev("draw", 1, -1), False),  # no card named
    (ev("deal", 2, 5), True),
    (ev("take", 1, 5, frm=2), True),  # Ada took a card from Bo's hand
    (ev("take", 1, 5, frm=0), False),  # ... from the viewer's own hand: the viewer knows it
    (ev("give", 2, 5, by=1), True),  # Ada gave Bo a card
    (ev("give", 2, 5, by=0), False),  # the viewer gave it
    (ev("to_hand", 1, 5, pile="draw"), True),  # searched out of the draw pile
    (ev("to_hand", 1, 5, pile="discard"), False),  # the discard pile is open
    (ev("to_hand", 1, 5), False),
    (ev("keeper", 1, 5), False),  # onto the table: open
    (ev("discard", 1, 5), False),
])
def test_a_card_into_a_hidden_hand_from_a_hidden_place_is_unseen(event, hidden):
    token = VIEWER.set(0)
    try:
        assert unseen(event) is hidden
    finally:
        VIEWER.reset(token)
    assert unseen(event) is False  # with no viewer (a replay, the full log) everything is named


def test_seats_are_named_by_the_names_given_else_by_number():
    g = Game.new(("fluxx5",), 4, "standard", 1)
    token = SEAT_NAMES.set(("You", "Ada", "Bo"))
    try:
        assert [who(g, p) for p in range(4)] == ["You", "Ada", "Bo", "Player 3"]
        assert [who(g, p, False) for p in range(4)] == ["you", "Ada", "Bo", "Player 3"]
        assert (who(g, -1), who(g, -1, False)) == ("Nobody", "nobody")
    finally:
        SEAT_NAMES.reset(token)
    assert who(g, 2) == "Player 2"
    solo = Game.new(("fluxx5",), 1, "solo", 1)
    assert (who(solo, 0), who(solo, 0, False)) == ("You", "you")


@pytest.mark.parametrize("raw,text,names", [
    ("You played \x02Milk\x03 and \x02Bread\x03.", "You played Milk and Bread.", ((11, 15), (20, 25))),
    ("ab\x03cd \x02Milk\x03", "abcd Milk", ((5, 9),)),  # a stray close marks nothing
    ("x\x02\x03y", "xy", ()),  # an empty name is no name
    ("\x02Milk", "Milk", ()),  # an open never closed marks nothing
])
def test_a_sentence_built_with_marked_names_keeps_where_they_are(raw, text, names):
    from tutor.explain import unmark
    assert unmark(raw) == (text, names)


def test_a_card_time_portal_takes_from_the_draw_pile_is_hidden_from_the_others():
    """Time Portal: a card taken from the discard pile was seen by all; one
    taken from the draw pile is told to the other seats without its name."""
    from tutor.explain import Explainer

    from .helpers import table
    for pile, card in (("draw", "Voyager"), ("discard", "Coffee")):
        g = table('''
decks = ["voyager"]
[setup]
rules = ["Play 3"]
hands = [["Time Portal", "Kes", "Tuvok"], ["Neelix"]]
discard = ["Coffee", "Jackpot!"]
draw_pile = ["Voyager", "Phaser", "Tricorder"]
''')
        events = g.push(("play", g.db.find("Time Portal")))
        events += g.push(("choose", (pile,)))
        events += g.push(("choose", (g.db.find(card),)))
        mine = [t.x.text for t in Explainer("full", viewer=0).explain_all(g, events)]
        theirs = [t.x.text for t in Explainer("full", viewer=1).explain_all(g, events)]
        assert any(card in x for x in mine), mine
        assert any(card in x for x in theirs) == (pile == "discard"), (pile, theirs)


def test_a_showdown_against_the_seat_named_you_says_you_mid_line():
    """Rock-paper-scissors told to the player of seat 0 ("You"): the other
    thrower named as the sentence's subject, you in its middle, in lower case."""
    from tutor.explain import Explainer
    g = Game.new(("fluxx5",), 2, "standard", 1)
    card = g.db.find("Rock-Paper-Scissors Showdown")
    assert card is not None
    e = event("rps", "action.effect", 1, card, mine="rock", theirs="paper", score=[0, 1], frm=0, wins=2)
    text = Explainer("full", names=("You", "Ada"), viewer=0).explain(g, e).text
    assert text == "Rock-paper-scissors: Ada threw rock, you threw paper; 0 to 1, first to 2 wins.", text


def test_a_card_taken_from_the_seat_named_you_is_taken_from_your_hand():
    from tutor.explain import Explainer
    g = Game.new(("fluxx5",), 2, "standard", 1)
    milk = g.db.find("Milk")
    assert milk is not None
    e = event("take", "action.effect", 1, milk, frm=0)
    # told to seat 0: "your hand"; told to nobody in particular (a replay): the seat by its number
    assert Explainer("full", names=("You", "Ada"), viewer=0).explain(g, e).text == "Ada took Milk from your hand."
    assert Explainer("full").explain(g, e).text == "Player 1 took Milk from Player 0's hand."


def test_a_list_of_cards_keeps_a_name_with_its_own_comma_whole():
    """A burst naming "Draw 3, Play 2 of Them" among others lists them with
    semicolons, so a reader counts the cards the line says (3, not 4)."""
    from engine.game import Game
    from tutor.explain import Explainer
    g = Game.blank(("fluxx5",), 2)
    cards = [g.db.find(n) for n in ("Play 2", "Draw 3, Play 2 of Them", "Milk")]
    evs = [event("draw", "action.effect", 0, c, 5) for c in cards]
    told = Explainer("brief").explain_all(g, evs)
    assert told[0].x.text.endswith("Play 2; Draw 3, Play 2 of Them; Milk.") and "drew 3 cards" in told[0].x.text
    plain = [event("draw", "action.effect", 0, g.db.find(n), 5) for n in ("Milk", "Cookies")]
    assert Explainer("brief").explain_all(g, plain)[0].x.text.endswith("Milk, Cookies.")


def test_the_plays_left_are_folded_onto_their_own_seats_counted_play():
    """``fold_plays_left``: a plays-left event joins the last counted play (src 0)
    of its own seat in the answer; a play from the temporary hand, or another
    seat's, is not it; with none, it stays a line of its own."""
    from tutor.explain import fold_plays_left
    left = event("plays_left", "turn.play", 0, -1, left=1, played=1, rule_card=-1)
    evs = [event("play", "turn.play", 0, 3, src=0), event("play", "turn.play", 1, 4, src=0),
           event("play", "turn.play", 0, 5, src=1), left]
    joined, folded = fold_plays_left(evs)
    assert folded == {3: 0} and list(joined) == [0] and joined[0].card == 3 and joined[0].data["left"] == 1
    assert fold_plays_left([event("play", "turn.play", 1, 4, src=0), left]) == ({}, {})
