"""The explainer: engine events -> explanations in plain words.

Each explanation has a line in context ("You drew War, a Creeper: ...")
and the id of the rule behind it. The first time a rule comes up the
tutor says more (the rule's reference text); after that, one line. Levels:
``off`` (nothing), ``brief`` (the line, plus the rule text the first time),
``full`` (the line and the rule text every time).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.game import Game

from .reference import REFERENCE

LEVELS = ("off", "brief", "full")


@dataclass
class Explanation:
    event: str
    rule: str
    text: str
    more: str = ""

    def to_dict(self) -> dict:
        return {"event": self.event, "rule": self.rule, "text": self.text, "more": self.more}


def who(g: Game, p: int, cap: bool = True) -> str:
    if p < 0:
        return "Nobody" if cap else "nobody"
    if g.nplayers == 1:
        return "You" if cap else "you"
    return f"Player {p}"


def _sentence(g: Game, e) -> str:
    kind, rule, p, c, data = e[0], e[1], e[2], e[3], e[4]
    name = g.name(c) if c >= 0 else ""
    w = who(g, p)
    cause = g.name(e[5]) if len(e) > 5 and e[5] >= 0 else ""
    by = f" (because of {cause})" if cause and cause != name else ""
    if kind == "draw":
        if rule == "turn.catch-up":
            return f"{w} drew {name} at once: the Draw rule went up this turn, so the missing cards come now."
        if rule == "turn.draw":
            return f"{w} drew {name} for the turn's draw."
        return f"{w} drew {name}{by}."
    if kind == "deal":
        return f"{w} {'were' if w == 'You' else 'was'} dealt {name}."
    if kind == "creeper":
        return (f"{w} got {name}, a Creeper: it goes straight onto the table and a replacement card is drawn; "
                f"it does not count as one of the draws.")
    if kind == "no_cards":
        return "There are no cards left to draw."
    if kind == "reshuffle":
        return f"The draw pile ran out: the discard pile ({data.get('count', 0)} cards) was shuffled into a new one."
    if kind == "turn_start":
        extra = " (an extra turn)" if data.get("extra") else ""
        return f"Turn {data.get('turn')}{extra} begins for {who(g, p, False)}."
    if kind == "turn_end":
        return f"{w} {'have' if w == 'You' else 'has'} no plays left: the turn ends, and limits apply now."
    if kind == "play":
        how = {0: "", 1: " from the temporary hand", 2: " at once, as part of another card"}.get(data.get("src", 0), "")
        return f"{w} played {name}{how}."
    if kind == "random_play":
        return f"First Play Random picked {name} from the hand."
    if kind == "keeper":
        return f"{name} is now on the table in front of {who(g, p, False)}."
    if kind == "goal":
        return f"The Goal is now {name}."
    if kind == "goal_discarded":
        return f"{name} was discarded: a Goal replaced it or it had to go."
    if kind == "rule":
        spot = f" in the {data['spot']} spot" if data.get("spot") else ""
        return f"{name} is now in play{spot} and takes effect at once."
    if kind == "rule_discarded":
        return f"{name} left play{by}."
    if kind == "action":
        return f"{name} takes effect."
    if kind == "action_done":
        return f"{name} is done and goes to the discard pile."
    if kind == "discard":
        return f"{name} was discarded{by}."
    if kind == "limit_discard":
        return f"{w} discarded {name} to comply with the {data.get('limit', '')} limit."
    if kind == "discard_table":
        return f"{name} was discarded from {who(g, p, False)}'s table{by}."
    if kind == "free_action":
        return f"{w} used {name} as a free action: it uses no play."
    if kind == "score":
        return f"{w} met {name} and scored it! Score: {data.get('score')}."
    if kind == "flip":
        return f"Between turns, {name} was flipped from the Rules deck into its spot."
    if kind == "solo_setup":
        return f"Solo setup: {data.get('set_aside', 0)} cards set aside; the New Rules form the Rules deck."
    if kind == "game_over":
        if g.variant.solo:
            return f"The game is over. Final score: {len(g.scored)}."
        return f"{who(g, p)} won!" if p >= 0 else "The game is over with no winner."
    if kind == "potato":
        return f"The Goal changed, so the Radioactive Potato moved to {who(g, p, False)}."
    if kind == "move":
        return f"{name} moved to {who(g, p, False)}'s table{by}."
    if kind == "take":
        return f"{w} took {name} from Player {data.get('frm')}'s hand{by}."
    if kind == "take_hand":
        return f"{w} won the showdown and took Player {data.get('frm')}'s hand."
    if kind == "rps":
        return f"Rock-paper-scissors: {data.get('mine')} against {data.get('theirs')}."
    if kind == "rotate":
        return f"Every hand passed to the {data.get('direction')} player."
    if kind == "trade":
        return f"{w} traded hands with Player {data.get('frm')}."
    if kind == "to_hand":
        return f"{name} went into {who(g, p, False)}'s hand{by}."
    if kind == "from_discard":
        return f"{w} took {name} from the discard pile to play it again."
    if kind == "empty_trash":
        return f"The old discard pile ({data.get('count', 0)} cards) was shuffled into the draw pile."
    if kind == "give":
        return f"{name} went to {who(g, p, False)}."
    if kind == "deal_keeper":
        return f"{name} was dealt to {who(g, p, False)}."
    if kind == "extra_turn":
        return f"{w} will take another turn after this one."
    if kind == "extra_turn_first":
        return "The extra turn comes first; the next Rules card is flipped after it."
    if kind == "surprise":
        return f"{w} answered with {name}, out of turn, against {g.name(data['target'])}."
    if kind == "surprise_done":
        return f"{name} {'was canceled by the Surprise played on it' if data.get('canceled') else 'worked'} and goes to the discard pile."
    if kind == "canceled" and rule == "surprise.trap":
        return f"It's a Trap!: the attempt to take {name} was canceled."
    if kind == "canceled":
        return f"{name} was canceled: it is discarded without effect, and the play is still used."
    if kind == "redirect":
        return f"That's Mine!: {name} lands in front of {who(g, p, False)} instead of Player {data.get('frm')}."
    if kind == "attach":
        return f"{name} attached itself to {g.name(data['keeper'])}: the two are now one unit."
    if kind == "detach":
        return f"{name} came off {g.name(data['keeper'])}{by}."
    if kind == "nothing":
        return f"{name} has no effect here{': ' + data['why'] if data.get('why') else ''}."
    return f"{kind.replace('_', ' ')} {name}".strip() + "."


# every event kind the engine emits has its own sentence above
EXPLAINED_KINDS = frozenset(
    "draw deal creeper no_cards reshuffle turn_start turn_end play random_play keeper goal goal_discarded rule "
    "rule_discarded action action_done discard limit_discard discard_table free_action score flip solo_setup "
    "game_over potato move take take_hand rps rotate trade to_hand from_discard empty_trash give deal_keeper "
    "extra_turn extra_turn_first nothing surprise surprise_done canceled redirect attach detach".split())


class Explainer:
    def __init__(self, level: str = "brief"):
        if level not in LEVELS:
            raise ValueError(f"tutor level is one of {', '.join(LEVELS)}")
        self.level = level
        self.seen: set[str] = set()

    def explain(self, g: Game, e) -> Explanation:
        rule = e[1]
        first = rule not in self.seen
        self.seen.add(rule)
        text = _sentence(g, e)
        more = REFERENCE[rule].text if (self.level == "full" or first) else ""
        return Explanation(e[0], rule, text, more)


# What the tutor says when a move the rules forbid is tried.
FORBIDDEN = {
    "discard": "You cannot simply discard unwanted cards: only a Hand Limit, a Keeper Limit or a card's "
               "instruction makes you discard (rulebook, Other Notes: Regarding Discarding).",
    "end": "You cannot end your turn while you still have plays to make: the Play rule says how many cards "
           "you must play (rulebook, Turn Sequence).",
}
