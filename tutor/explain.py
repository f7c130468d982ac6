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


# The tutor's sentence for each kind of event, written from the event's own
# data (its player, card, cause and data) and the cards' names, never from
# the live game: a replay explains each event as things were when it
# happened. A key is an event kind, or (kind, rule) where the rule behind
# the event changes the sentence, or (kind, "+" + data key) where a piece of
# data that is set does, or (kind, "+player") when the event names a player.
# Placeholders: {W}/{w} who (You, Player 1;
# capitalised or not), {name} the card, {by} " (because of X)", {were} and
# {have} the verb for {W}, {how} where a play came from, and the event's
# data by name ({turn}, {frm}, {count}, ...), with {target} and {keeper} as
# card names.
# A variant adds the sentences of its own events with ``register_templates``
# (Solo Fluxx does, from ``solo/explain.py``).
TEMPLATES: dict[str | tuple[str, str], str] = {
    ("draw", "turn.catch-up"): "{W} drew {name} at once: the Draw rule went up this turn, so the missing cards come now.",
    ("draw", "turn.draw"): "{W} drew {name} for the turn's draw.",
    "draw": "{W} drew {name}{by}.",
    "deal": "{W} {were} dealt {name}.",
    "creeper": ("{W} got {name}, a Creeper: it goes straight onto the table and a replacement card is drawn; "
                "it does not count as one of the draws."),
    "no_cards": "There are no cards left to draw.",
    "reshuffle": "The draw pile ran out: the discard pile ({count} cards) was shuffled into a new one.",
    ("turn_start", "+extra"): "Turn {turn} (an extra turn) begins for {w}.",
    "turn_start": "Turn {turn} begins for {w}.",
    "turn_end": "{W} {have} no plays left: the turn ends, and limits apply now.",
    "play": "{W} played {name}{how}.",
    "random_play": "First Play Random picked {name} from the hand.",
    "keeper": "{name} is now on the table in front of {w}.",
    "goal": "The Goal is now {name}.",
    "goal_discarded": "{name} was discarded: a Goal replaced it or it had to go.",
    "rule": "{name} is now in play and takes effect at once.",
    "rule_discarded": "{name} left play{by}.",
    "action": "{name} takes effect.",
    "action_done": "{name} is done and goes to the discard pile.",
    "discard": "{name} was discarded{by}.",
    "limit_discard": "{W} discarded {name} to comply with the {limit} limit.",
    "discard_table": "{name} was discarded from {w}'s table{by}.",
    "free_action": "{W} used {name} as a free action: it uses no play.",
    ("game_over", "+player"): "{W} won!",
    "game_over": "The game is over with no winner.",
    "potato": "The Goal changed, so the Radioactive Potato moved to {w}.",
    "move": "{name} moved to {w}'s table{by}.",
    "take": "{W} took {name} from Player {frm}'s hand{by}.",
    "take_hand": "{W} won the showdown and took Player {frm}'s hand.",
    "rps": "Rock-paper-scissors: {mine} against {theirs}.",
    "rotate": "Every hand passed to the {direction} player.",
    "trade": "{W} traded hands with Player {frm}.",
    "to_hand": "{name} went into {w}'s hand{by}.",
    "from_discard": "{W} took {name} from the discard pile to play it again.",
    "empty_trash": "The old discard pile ({count} cards) was shuffled into the draw pile.",
    "give": "{name} went to {w}.",
    "deal_keeper": "{name} was dealt to {w}.",
    "extra_turn": "{W} will take another turn after this one.",
    "surprise": "{W} answered with {name}, out of turn, against {target}.",
    ("surprise_done", "+canceled"): "{name} was canceled by the Surprise played on it and goes to the discard pile.",
    "surprise_done": "{name} worked and goes to the discard pile.",
    ("canceled", "surprise.trap"): "It's a Trap!: the attempt to take {name} was canceled.",
    "canceled": "{name} was canceled: it is discarded without effect, and the play is still used.",
    "redirect": "That's Mine!: {name} lands in front of {w} instead of Player {frm}.",
    "attach": "{name} attached itself to {keeper}: the two are now one unit.",
    "detach": "{name} came off {keeper}{by}.",
    ("nothing", "+why"): "{name} has no effect here: {why}.",
    "nothing": "{name} has no effect here.",
}
PLAY_FROM = {0: "", 1: " from the temporary hand", 2: " at once, as part of another card"}
CARD_DATA = ("target", "keeper")  # data that names a card


def template_for(e) -> str:
    """The template for one event: by its rule, then by a piece of its data
    that is set (a true flag, a score), then by its naming a player, then by its kind."""
    kind, data = e[0], e[4]
    t = TEMPLATES.get((kind, e[1]))
    if t is not None:
        return t
    for k, v in data.items():
        if v is not None and v is not False and v != "":
            t = TEMPLATES.get((kind, "+" + k))
            if t is not None:
                return t
    if e[2] >= 0:
        t = TEMPLATES.get((kind, "+player"))
        if t is not None:
            return t
    return TEMPLATES.get(kind, "")


def _sentence(g: Game, e) -> str:
    """One event in plain words, from the event's own data (the game gives
    only the cards' names and how many play)."""
    kind, p, c, data = e[0], e[2], e[3], e[4]
    name = g.name(c) if c >= 0 else ""
    w = who(g, p)
    cause = g.name(e[5]) if len(e) > 5 and e[5] >= 0 else ""
    t = template_for(e)
    if not t:
        return f"{kind.replace('_', ' ')} {name}".strip() + "."
    fields = {k: (g.name(v) if k in CARD_DATA else v) for k, v in data.items()}
    fields.update(W=w, w=who(g, p, False), name=name, were="were" if w == "You" else "was",
                  have="have" if w == "You" else "has", how=PLAY_FROM.get(data.get("src", 0), ""),
                  by=f" (because of {cause})" if cause and cause != name else "")
    return t.format(**fields)


# every event kind the engine (and each registered variant) emits has its own sentence
EXPLAINED_KINDS: set[str] = {k if isinstance(k, str) else k[0] for k in TEMPLATES}


def register_templates(templates: dict[str | tuple[str, str], str]) -> None:
    """A variant or mechanism outside the engine adds the sentences of its
    events (keys as in ``TEMPLATES``); an existing key is never replaced."""
    for key, text in templates.items():
        if TEMPLATES.get(key, text) != text:
            raise ValueError(f"the tutor already has a sentence for {key!r}")
        TEMPLATES[key] = text
        EXPLAINED_KINDS.add(key if isinstance(key, str) else key[0])


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
