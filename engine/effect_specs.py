"""The names and parameters of the engine's effect library.

Deck files name effects from this table; ``engine.deckfile`` checks every
name and parameter against it. Integer parameters are printed numerals
(Inflation adds 1); card parameters name a card of the deck or of a deck
it requires.
"""
from __future__ import annotations

INT = "int"
CARD = "card"
TAG = "tag"

# effect name -> (card types it may appear on, {param: kind})
EFFECTS: dict[str, tuple[frozenset[str], dict[str, str]]] = {}


def _add(types: str, name: str, **params: str) -> None:
    EFFECTS[name] = (frozenset(types.split()), params)


# New Rules
_add("rule", "draw_rule", n=INT)
_add("rule", "play_rule", n=INT)
_add("rule", "play_all")
_add("rule", "play_all_but", n=INT)
_add("rule", "hand_limit", n=INT)
_add("rule", "keeper_limit", n=INT)
_add("rule", "no_hand_bonus", n=INT)
_add("rule", "party_bonus", draw=INT, play=INT, keeper=CARD)
_add("rule", "poor_bonus", n=INT)
_add("rule", "rich_bonus", n=INT)
_add("rule", "double_agenda")
_add("rule", "first_play_random")
_add("rule", "get_on_with_it", n=INT)
_add("rule", "goal_mill")
_add("rule", "inflation")
_add("rule", "mystery_play")
_add("rule", "recycling", n=INT)
_add("rule", "swap_plays_for_draws")
_add("rule", "silver_lining")
_add("rule", "baked_potato", potato=CARD)
# Actions (Surprises may use these for their in-turn side)
_add("action", "trash_keeper")
_add("action", "rotate_hands")
_add("action", "rules_reset")
_add("action", "random_tax", n=INT)
_add("action", "rps_showdown", wins=INT)
_add("action", "trash_new_rule")
_add("action", "use_what_you_take")
_add("action", "zap_a_card")
_add("action", "discard_and_draw")
_add("action", "draw_and_use", n=INT)
_add("action", "draw_play", draw=INT, play=INT)
_add("action", "empty_the_trash")
_add("action", "everybody_gets", n=INT)
_add("action", "exchange_keepers")
_add("action", "jackpot", n=INT)
_add("action", "lets_do_that_again")
_add("action", "lets_simplify")
_add("action", "no_limits")
_add("action", "trade_hands")
_add("action", "share_the_wealth")
_add("action", "steal_keeper")
_add("action", "take_another_turn")
_add("action", "todays_special", draw=INT, holiday=INT, other=INT)
_add("action", "creeper_sweeper")
_add("action", "move_creeper")
_add("action", "steal_something")
_add("action", "trash_something")
_add("action", "mix_it_all_up")
_add("action", "creeper_reassignment")
_add("action", "time_portal")
_add("action", "distress_call", n=INT, extra=INT)
_add("action", "take_tagged_keeper", tag=TAG)
# the in-turn side of Surprises (Surprises may also use any Action effect)
_add("surprise", "scrap_goals")
_add("surprise", "others_discard_actions")
_add("surprise", "discard_rules_up_to", n=INT)
_add("surprise", "others_discard_you_draw", n=INT)
# Keeper powers (free actions on your turn, or out of turn where the card says)
_add("keeper", "steal_tagged_keeper", tag=TAG)
_add("keeper", "repair_malfunction")
_add("keeper", "shoot_creeper")
_add("keeper", "extra_turn_discard")
_add("keeper", "cancel_surprise")
_add("keeper", "holo_copy")
# Creepers
_add("creeper", "malfunction")
_add("creeper", "discard_with_keeper")
_add("creeper", "war", peace=CARD)
_add("creeper", "taxes", money=CARD)
_add("creeper", "death")
_add("creeper", "radioactive_potato")

RULE_SLOTS = ("draw", "play", "hand_limit", "keeper_limit", "other")
SLOT_DRAW, SLOT_PLAY, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT, SLOT_OTHER = RULE_SLOTS
# effects of Keepers that cancel a Surprise from the table (the Surprise windows offer them)
CANCELS_SURPRISES = frozenset({"cancel_surprise"})


# What each question is (the cards' effects and the turn ask them): a stable word (clients and lessons rely on it) and the
# kind of its option values. Collected from 1,500 random games of every deck
# set and table; a new question adds its word here
# (the state check refuses a saved question of any other word).
ASKS: dict[str, str] = {
    "play": "moves", "play_temp": "moves",
    "again": "cards", "attach": "cards", "death_discard": "cards", "discard": "cards", "discard_hand": "cards",
    "discard_keepers": "cards", "exchange_mine": "cards", "exchange_theirs": "cards", "give": "cards",
    "goal_discard": "cards", "goal_mill": "cards", "goal_replace": "cards", "move_creeper": "cards",
    "recycle": "cards", "repair": "cards", "score_discard": "cards", "search": "cards", "shoot": "cards",
    "steal": "cards", "surprise": "cards", "trash": "cards", "trash_rule": "cards", "trash_rules": "cards",
    "zap": "cards", "player": "players", "direction": "words", "occasion": "words", "pile": "words",
    "rps": "words",
}
