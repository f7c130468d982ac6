"""Solo Fluxx's rules as the tutor cites them: the ids its events carry,
with a title, a source and the reference text (registered with the
engine's rule ids and the tutor at import)."""
from __future__ import annotations

from engine.rule_ids import PROJECT
from tutor.reference import register_readings, register_rules
from tutor.search import register_synonyms

SOLO = "Voyager rulebook, Solo Fluxx overview"

RULES: dict[str, tuple[str, str, str]] = {
    "solo.setup": ("Solo: set aside the solo list; split Rules and Main decks", SOLO,
                 "Solo Fluxx: set aside the cards that need another player (which cards of Fluxx 5.0 need one is the project's reading; Voyager lists its own), then split the rest into a Rules deck (New Rules) and a Main deck (everything else), each with its own discard pile. Draw 3 and take the first turn."),
    "solo.flip": ("Solo: after each turn, flip a Rules card into its spot", SOLO,
                 "Solo Fluxx: after each turn, flip the top card of the Rules deck into its spot. A rule flipped between turns draws you nothing at once; it applies from your next turn (the project's reading: the overview is silent)."),
    "solo.spot": ("Solo: each New Rule replaces the card in its spot", SOLO,
                 "Solo Fluxx has four rule spots: Draw, Play, one Limit (Hand or Keeper Limit) and one Other. A New Rule replaces whatever is in its spot, and the old card goes to the Rules discard."),
    "solo.limit": ("Solo: comply with a new Limit before the next turn", SOLO,
                 "Solo Fluxx: when a new Limit arrives between turns, you comply with it before your next turn."),
    "solo.score": ("Solo: a met Goal is scored and its cards discarded", SOLO,
                 "Solo Fluxx: whenever you meet the current Goal, it moves to your Scored Goals and the Keepers and Creepers it names are discarded (for a count Goal, that many of your choice: the project's reading). A Creeper the Goal does not need still stops scoring (the project's reading, as in the standard game)."),
    "solo.end": ("Solo: the game ends when either deck runs out", SOLO,
                 "Solo Fluxx ends the moment either deck runs out. Your score is the number of Goals you collected."),
    "solo.no-opponent": ("Solo: an effect that needs another player does nothing", PROJECT,
                 "In Solo Fluxx an effect that needs another player does nothing. This is the project's reading."),
    "solo.extra-turn": ("Solo: an extra turn comes before the Rules flip", PROJECT,
                 "Solo Fluxx: an extra turn from Take Another Turn is taken at once; the next Rules card is flipped after it. This is the project's reading."),
}

# project readings of how shared cards behave alone (no events of their own)
READINGS: dict[str, tuple[str, str]] = {
    "reading.solo-war": ("War alone", "In Solo Fluxx there is nobody to give Peace to, so Peace stays."),
    "reading.solo-lets-do-that-again": ("Let's Do That Again! in Solo Fluxx", "It may take an Action from the Main discard or a New Rule from the Rules discard."),
}

register_rules(RULES, kind="solo")
register_readings(READINGS)

# the words a learner uses for playing alone, for the rules search
register_synonyms({"solo": ("alone", "single", "solitaire", "by myself")})
