"""``tutor.explain.template_for``: which template tells an event, in the
order its docstring gives (a card taken along with another, the rule, a
piece of data that is set, the card, the player, the kind), on a table of
templates made for the test."""
from __future__ import annotations

from engine.events import EMPTY, CardId, Event, Payload, payload_type
from tutor.explain import template_for


@payload_type
class Noted(Payload):
    """A payload made for the test: a card taken along, and a note."""
    along: CardId | None = None
    note: object = None

TABLE = {
    "move": "by kind",
    ("move", "+along"): "along",
    ("move", "rule.x"): "by rule",
    ("move", "+note"): "by note",
    ("move", "+card"): "by card",
    ("move", "+player"): "by player",
}


def ev(rule: str = "rule.other", player: int = -1, card: int = -1, **data) -> Event:
    return Event(("move", rule, player, card, Noted(**data), -1))


def test_each_template_in_its_order():
    assert template_for(ev(along=0, note="n"), TABLE) == "along"  # card id 0 is a card
    assert template_for(ev(along=5), TABLE) == "along"
    assert template_for(ev("rule.x", along=0), TABLE) == "along"  # before the rule's own, card 0 too
    assert template_for(ev("rule.x", along=4), TABLE) == "along"
    assert template_for(ev("rule.x", 1, 2, note="n"), TABLE) == "by rule"
    assert template_for(ev(player=1, card=2, note="n"), TABLE) == "by note"
    assert template_for(ev(player=1, card=0), TABLE) == "by card"
    assert template_for(ev(player=0), TABLE) == "by player"
    assert template_for(ev(), TABLE) == "by kind"


def test_data_that_is_not_set_picks_no_template():
    for unset in (None, False, ""):
        assert template_for(ev(note=unset), TABLE) == "by kind", unset
    assert template_for(ev(note=0), TABLE) == "by note"  # a count of 0 is set


def test_an_event_with_no_template_is_told_as_nothing():
    assert template_for(Event(("unknown", "rule.x", 0, 0, EMPTY, -1)), TABLE) == ""
    assert template_for(ev(along=3), {"move": "by kind"}) == "by kind"


def test_a_card_name_ending_in_its_own_mark_takes_no_full_stop():
    """"You played Zap a Card!", never "Zap a Card!."; a full stop after any
    other name stays, and so does one that is not at a sentence's end."""
    from tutor.explain import _one_stop
    assert _one_stop("You played \x02Jackpot!\x03.") == "You played \x02Jackpot!\x03"
    assert _one_stop("You played \x02Veto!\x03. Then \x02Jackpot!\x03.") == "You played \x02Veto!\x03 Then \x02Jackpot!\x03"
    assert _one_stop("Is it \x02Who?\x03.") == "Is it \x02Who?\x03"
    assert _one_stop("You played \x02Milk\x03.") == "You played \x02Milk\x03."
    assert _one_stop("\x02Jackpot!\x03.5 cards") == "\x02Jackpot!\x03.5 cards"  # not a sentence's end


def test_a_played_card_whose_name_ends_in_a_mark_is_told_without_a_full_stop():
    from tutor.explain import Explainer

    from .helpers import play, table
    g = table('''
decks = ["fluxx5"]
[setup]
hands = [["Jackpot!"], []]
draw_pile = ["Love", "Peace", "Time", "Bread"]
''')
    texts = [t.x.text for t in Explainer("full").explain_all(g, play(g, "Jackpot!"))]
    assert texts[0] == "Player 0 played Jackpot!" and not any("!." in x for x in texts), texts
