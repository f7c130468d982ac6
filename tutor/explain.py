"""The explainer: engine events -> explanations in plain words.

Each explanation has a line in context ("You drew War, a Creeper: ...")
and the id of the rule behind it. The first time a rule comes up the
tutor says more (the rule's reference text); after that, one line. Levels:
``off`` (nothing), ``brief`` (the line, plus the rule text the first time),
``full`` (the line and the rule text every time).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.events import (
    PAYLOADS,
    Blocked,
    Bonus,
    CatchUp,
    Count,
    DiscardTable,
    Event,
    GameOver,
    Goal,
    GoalDiscarded,
    Inflated,
    Kind,
    LimitDiscard,
    Payload,
    PlaysLeft,
    Rps,
    TakeHand,
    Tie,
    TurnEnd,
    payload_type,
)
from engine.game import Game

from . import in_force as F
from .reference import REFERENCE, card_entry_id

LEVELS = ("off", "brief", "full")


# A card's name in a sentence is marked while the sentence is built (so that a
# name such as "Draw 3, Play 2 of Them" or "5 Keepers" is never read as a list
# or a count): the marks come off in the Explanation, which keeps where each
# name is (``names``) for the front ends to show it as a name (a style on
# screen, quotes in text).
NAME_OPEN, NAME_CLOSE = "\x02", "\x03"


def nm(g: Game, c: int) -> str:
    """A card's name, marked as a name."""
    return NAME_OPEN + g.name(c) + NAME_CLOSE


def unmark(raw: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A built sentence's plain text and where its names are ((start, end) pairs)."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    n = 0
    start = -1
    for piece in re.split("([\x02\x03])", raw):
        if piece == NAME_OPEN:
            start = n
        elif piece == NAME_CLOSE:
            if start >= 0 and n > start:
                spans.append((start, n))
            start = -1
        else:
            out.append(piece)
            n += len(piece)
    return "".join(out), tuple(spans)


def _one_stop(raw: str) -> str:
    """A sentence that ends on a card's name ending with its own "!" or "?"
    takes no full stop after it ("You played Zap a Card!", never "Zap a
    Card!.")."""
    if "!\x03." not in raw and "?\x03." not in raw:
        return raw
    return re.sub("([!?]\x03)\\.(?=\\s|$)", r"\1", raw)


@dataclass
class Explanation:
    event: str
    rule: str
    text: str
    more: str = ""
    names: tuple[tuple[int, int], ...] = ()  # where the card names are in ``text``

    def __post_init__(self) -> None:
        if NAME_OPEN in self.text or NAME_CLOSE in self.text:
            self.text, self.names = unmark(_one_stop(self.text))

    @property
    def raw(self) -> str:
        """The text with its names marked again (to build on)."""
        out, at = [], 0
        for a, b in self.names:
            out += [self.text[at:a], NAME_OPEN, self.text[a:b], NAME_CLOSE]
            at = b
        return "".join(out) + self.text[at:]

    def quoted(self) -> str:
        """The text with each card name in quotes (text mode)."""
        out, at = [], 0
        for a, b in self.names:
            out += [self.text[at:a], '"', self.text[a:b], '"']
            at = b
        return "".join(out) + self.text[at:]

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.event, "rule": self.rule, "text": self.text, "more": self.more,
                "names": [list(x) for x in self.names]}


# The seats' names while an Explainer with names tells events (the app's game
# against bots: "You", "Ada", ...); without names a seat is "Player N".
SEAT_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("SEAT_NAMES", default=None)
# The numbers in force that changed with the answer being told (by what: "plays", "draw", ...), while
# an Explainer tells it: the lines that say the plays left say why they changed.
CHANGED: ContextVar[dict[str, F.Change]] = ContextVar("CHANGED", default={})  # noqa: B039 (never changed in place)
# The seat the events are told to (the human against bots): a card that goes
# into another seat's hand unseen is told without its name. None: all is told.
VIEWER: ContextVar[int | None] = ContextVar("VIEWER", default=None)


def unseen(e: Any) -> bool:
    """The event moves a card into a hand the viewer cannot see, from a place
    the viewer could not see either (a draw, a deal, a card taken from or
    given by another seat, a card searched out of the draw pile)."""
    v = VIEWER.get()
    if v is None or e.player == v or e.card < 0:
        return False
    kind, data = e.kind, e.data
    if kind in ("draw", "deal"):
        return True
    if kind == "take":
        return bool(data.get("frm") != v)
    if kind == "give":
        return bool(data.get("by") != v)
    if kind == "to_hand":
        return bool(data.get("pile") == "draw")
    return False


def who(g: Game, p: int, cap: bool = True) -> str:
    if p < 0:
        return "Nobody" if cap else "nobody"
    if g.nplayers == 1:
        return "You" if cap else "you"
    names = SEAT_NAMES.get()
    if names is not None and p < len(names):
        name = names[p]
        return name if cap or name != "You" else "you"
    return f"Player {p}"


# The tutor's sentence for each kind of event, written from the event's own
# data (its player, card, cause and data) and the cards' names, never from
# the live game: a replay explains each event as things were when it
# happened. A key is an event kind, or (kind, rule) where the rule behind
# the event changes the sentence, or (kind, "+" + data key) where a piece of
# data that is set does, or (kind, "+player") when the event names a player.
# Placeholders: {W}/{w} who (You, Player 1;
# capitalised or not), {wp} whose ("your", "Player 1's"), {name} the card,
# {by} " (because of X)", {were}, {have}, {draw}, {play} and {meet} the verb
# for {W}, {how} where a play came from, {bond} which of two attached cards
# holds the other, and the event's
# data by name ({turn}, {frm}, {count}, ...), with {target} and {keeper} as
# card names.
# A variant adds the sentences of its own events with ``register_templates``
# (Solo Fluxx does, from ``solo/variant/explain.py``).
TEMPLATES: dict[str | tuple[str, str], str] = {
    ("draw", "turn.catch-up"): "{W} drew {name} at once, to catch up with the draw.",
    ("draw", "rule.no-hand-bonus"): ("{W} drew {name} for the {its} (an empty hand as the turn began); "
                                     "it does not count toward the draw."),
    ("draw", "turn.draw"): "{W} drew {name} for the turn's draw.",
    ("draw", "rule.mystery-play"): "{W} turned up {name} from the top of the draw pile{by}, to play it at once.",
    "draw": "{W} drew {name}{by}.",
    "deal": "{W} {were} dealt {name} in the opening deal.",
    ("discard_table", "creeper.death"): "{name} was discarded from {wp} table: {death_why}.",
    "creeper": ("{W} got {name}, a Creeper: it goes straight onto the table and a replacement card is drawn; "
                "it does not count as one of the draws."),
    "no_cards": "There are no cards left to draw: the draw pile and the discard pile are both empty.",
    "reshuffle": "The draw pile ran out: the discard pile ({count_cards}) was shuffled into a new one.",
    ("turn_start", "+extra"): "Turn {turn} (an extra turn) begins for {w}.",
    "turn_start": "Turn {turn} begins for {w}.",
    ("turn_end", "+empty"): "{W} {have} no cards left to play: the turn ends, and limits apply now.",
    ("turn_end", "+chose"): "{W} ended the turn with nothing left to play (free actions unused): limits apply now.",
    ("turn_end", "+card"): "{name} ends {wp} turn at once: limits apply now.",
    ("turn_end", "+rule_card"): ("{W} {have} no plays left ({played} played this turn, and {allow}{gone_words}): "
                                 "the turn ends, and limits apply now."),
    "turn_end": "{W} {have} no plays left ({played} played this turn): the turn ends, and limits apply now.",
    "draw_phase": "{W} {draw} {n}: {terms}.",
    ("catch_up", "+resumed"): ("The draw is still {total} ({terms}), but the piles ran dry after {w} drew {drawn}; "
                               "now there are cards again, so {w} {draw} {owed_words} at once "
                               "(the project's reading)."),
    "catch_up": ("The draw is now {total} ({terms}) and {w} drew {drawn} so far this turn, "
                 "so {w} {draw} {more_words} at once."),
    "play_phase": "{W} {play} {plays} this turn: {terms}.",
    ("play", "+left"): ("{W} played {name}{how}: {left_words} this turn ({played} played under "
                        "{rule_card}{short}{changed}){free_words}."),
    "plays_left": "{W} {have} {left_words} this turn ({played} played under {rule_card}{short}{changed}){free_words}.",
    "play": "{W} played {name}{how}.",
    ("random_play", "+terms"): ("{its} picked {name} from the hand: the first card of a turn "
                                "is played at random unless the Play rule allows only 1, and {terms} "
                                "allow {total}."),
    "random_play": "{its} picked {name} from the hand.",
    "inflated": "{name} says {printed}, but {its} makes it {total} ({printed} printed + {plus} {its}).",
    "swap": "{name}: {w} {have} {left_words} this turn ({played} played under {rule_card}{short}), so {w} {draw} {left} instead.",
    "earned": "{name} is in front of {w}, so {w} {draw} {n} more{by}.",
    "keeper": "{name} is now on the table in front of {w}.",
    ("goal", "+beside"): "{name} now stands as a Goal beside {beside}: {its} lets two Goals stand at once.",
    ("goal", "+joined"): "{name} joins the current Goal: {its} lets two Goals stand at once.",
    ("goal", "+player"): "The Goal is now {name} ({w} played it).",
    "goal": "The Goal is now {name}.",
    ("goal_discarded", "+replaced_by"): "{name} was discarded: {replaced_by} replaced it as the Goal.",
    ("goal_discarded", "+chooser"): ("{name} was discarded: {its} left play, so only one Goal may stand, "
                                     "and {w2} chose which Goal goes."),
    "goal_discarded": "{name} was discarded{by}.",
    "rule": "{name} is now in play and takes effect at once.",
    ("rule_discarded", "card.rule-replaces"): "{name} left play: {replaced_by}, a New Rule of the same kind, replaced it.",
    "rule_discarded": "{name} left play{by}.",
    "action": "{name} takes effect.",
    "action_done": "{name} is done and goes to the discard pile.",
    ("discard", "+random"): "{W} {have} no card of the kind asked, so {name} was discarded at random{by}.",
    "discard": "{name} was discarded{by}.",
    "limit_discard": "{W} discarded {name} to meet the Hand Limit of {n}{limit_src}.",
    ("discard_table", "keeper.cancel-surprise"): ("{name} was discarded from {wp} table: that is the price of "
                                                  "its power, which cancels {target}."),
    ("discard_table", "creeper.riddance"): "{riddance}",
    ("discard_table", "+along"): ("{name} was discarded from {wp} table along with {along}, {bond}: the two "
                                  "leave as one."),
    ("discard_table", "+limit"): "{name} was discarded from {wp} table to meet the Keeper Limit of {n}{limit_src}.",
    "discard_table": "{name} was discarded from {wp} table{by}.",
    "free_action": "{W} used {name} as a free action: it uses no play.",
    ("game_over", "+goal"): "{W} won with the Goal {goal}{named}!{rival_words}",
    ("game_over", "+player"): "{W} won!",
    ("game_over", "game.repetition"): ("The game is drawn: this position, every table, hand, pile and rule, "
                                       "with the same player to move, stood at the start of turns {turns} "
                                       "too, a third time (the project's reading: a game that can only go round "
                                       "again ends with no winner)."),
    ("game_over", "game.no-progress"): ("The game is drawn: for {rounds} full rounds nothing new has entered "
                                        "play, only hands and piles moved (the project's reading: a game "
                                        "nobody can get anywhere in ends with no winner)."),
    ("game_over", "game.repetition-in-turn"): ("The game is drawn: {loop_card} was played or used from the same position a "
                                               "third time this turn (the project's reading: a turn that can only go "
                                               "round ends the game with no winner)."),
    ("game_over", "game.long"): ("The game is drawn: {rounds} full rounds have gone by with no winner (the "
                                 "project's reading: a game with no end in sight ends with no winner)."),
    "game_over": "The game is over with no winner.",
    "potato": "The Goal changed, so the Creeper {name} moved to {w}.",
    "move": "{name} moved to {wp} table{by}.",
    "take": "{W} took {name} from {fp} hand{by}.",
    "take_hand": "{W} won the showdown and took {fp} hand ({count_cards}).",
    "rps": ("Rock-paper-scissors: {W} threw {mine}, {q} threw {theirs}; {wp} to {wq}, "
            "first to {wins} wins."),
    "rotate": "Every hand passed to the {direction} player.",
    "trade": "{W} traded hands with {f}.",
    "to_hand": "{name} went into {wp} hand{by}.",
    ("from_discard", "+rules_pile"): "{W} took {name} from the Rules discard pile to play it again.",
    "from_discard": "{W} took {name} from the discard pile to play it again.",
    "empty_trash": "The old discard pile ({count_cards}) was shuffled into the draw pile.",
    "give": "{name} went to {w}.",
    "deal_keeper": "{name} was dealt to {w}.",
    "extra_turn": "{name}: {W} will take another turn after this one.",
    "surprise": "{W} answered with {name}, out of turn, against {target}.",
    ("surprise_done", "+canceled"): "{name} was canceled by the Surprise played on it and goes to the discard pile.",
    "surprise_done": "{name} worked and goes to the discard pile.",
    ("canceled", "surprise.trap"): "{its}: the attempt to take {name} was canceled.",
    "canceled": "{name} was canceled: it is discarded without effect, and the play is still used.",
    "redirect": "{its}: {name} lands in front of {w} instead of {f}.",
    "attach": "{name} attached itself to {keeper}: the two are now one unit.",
    "detach": "{name} came off {keeper}{by}.",
    ("nothing", "+why"): "{name} has no effect here: {why}.",
    "nothing": "{name} has no effect here.",
    "bonus": "{name} {adds}.",
    ("blocked", "win.creeper-blocks"): ("{W} {meet} {name}, but {stopper} stops the win: "
                                        "a Creeper the Goal does not need keeps its holder from winning."),
    ("blocked", "win.copied-creeper-blocks"): ("{W} {meet} {name} with {stand_in} standing in for {keeper}, but {stopper} is "
                                               "attached to {keeper}, and the copy comes with it: {stopper} stops "
                                               "the win, as a Creeper of {wp} own would."),
    ("blocked", "rule.baked-potato"): ("{W} {meet} {name}, but {stopper} stops the win: while {potato} is in "
                                       "play, only its holder can win."),
    "blocked": "{W} {meet} {name}, but {stopper} stops the win.",
    "short": "{W} {have} {has} toward {name}, which needs {needs} with {its}: the card says {printed}, but {its} makes it {needs}, so it is not met yet.",
    "tie": "{players} meet {name}: a tie, so nobody wins yet and play goes on.",
    "excused": "{creeper} would have stopped {wp} win, but {name} lets it stand.",
}
PLAY_FROM = {0: "", 1: " from the temporary hand", 2: " at once, as part of another card"}
# bonuses that compare players' Keepers: with one player they never apply
COMPARING_BONUSES = ("rich_bonus", "poor_bonus")

def template_for(e: Any, table: dict[str | tuple[str, str], str] | None = None) -> str:
    """The template for one event: by its rule, then by a piece of its data
    that is set (a true flag, a score), then by its naming a player, then by its kind."""
    table = TEMPLATES if table is None else table
    kind, data = e.kind, e.data
    if data.get("along", -1) >= 0:  # a card that goes with the one a rule took: told as that, whatever the rule
        t = table.get((kind, "+along"))
        if t is not None:
            return t
    t = table.get((kind, e.rule))
    if t is not None:
        return t
    for k, v in data.items():
        if v is not None and v is not False and v != "":
            t = table.get((kind, "+" + k))
            if t is not None:
                return t
    if e.card >= 0:
        t = table.get((kind, "+card"))
        if t is not None:
            return t
    if e.player >= 0:
        t = table.get((kind, "+player"))
        if t is not None:
            return t
    return table.get(kind, "")


def _sentence(g: Game, e: Event) -> str:
    """One event in plain words, from the event's own data (the game gives
    only the cards' names and how many play); a card the viewer cannot see
    goes unnamed."""
    t = template_for(e, UNSEEN) if unseen(e) else template_for(e)
    if not t:
        return f"{e.kind.replace('_', ' ')} {nm(g, e.card) if e.card >= 0 else ''}".strip() + "."
    return t.format(**_fields(g, e))


Fields = dict[str, Any]
_P = TypeVar("_P", bound=Payload)
# kind -> the formatter that adds that kind's own words to a sentence's fields, given the
# event's payload (typed: mypy checks each formatter's payload against the one it is registered for)
FORMATTERS: dict[str, Callable[[Game, Event, Any, Fields], None]] = {}


def formats(payload: type[_P], *kinds: str) -> Callable[[Callable[[Game, Event, _P, Fields], None]],
                                                         Callable[[Game, Event, _P, Fields], None]]:
    """Register a formatter of the kinds given, whose payloads are ``payload``
    (or a type made from it); a kind has one formatter, never replaced."""
    def put(f: Callable[[Game, Event, _P, Fields], None]) -> Callable[[Game, Event, _P, Fields], None]:
        for k in kinds:
            if k in FORMATTERS:
                raise ValueError(f"the tutor already has a formatter for {k!r}")
            if k in PAYLOADS and not issubclass(PAYLOADS[k], payload):
                raise TypeError(f"{k!r} events carry {PAYLOADS[k].__name__}, not {payload.__name__}")
            FORMATTERS[k] = f
        return f
    return put


def _fields(g: Game, e: Event) -> Fields:
    """What a template may use: the event's data by name (each field that
    names a card, as the card's name), who acted and the words that agree
    with it, the cause, the card the event's rule stands for (``{its}``),
    then the words of its kind's formatter."""
    kind, p, c, data = e.kind, e.player, e.card, e.data
    name = nm(g, c) if c >= 0 else ""
    w = who(g, p)
    # the cause: the card whose own rule this is (It's a Trap! springing during a Keeper's power), else the
    # card being played or the free action at work
    own = _card_rule(g, e.rule)
    cause = own or (nm(g, e.cause) if e.cause >= 0 else "")
    its = own or _rule_card(e.rule)  # (a card this game lacks is still named: an event made by hand)
    fields = dict(data.items())
    for k in type(data).cards:
        v = fields.get(k)
        if v is not None and v >= 0:
            fields[k] = nm(g, v)
    you = w == "You"
    fields.update(W=w, w=who(g, p, False), wp="your" if you else f"{w}'s", name=name,
                  were="were" if you else "was", have="have" if you else "has",
                  draw="draw" if you else "draws", play="play" if you else "plays",
                  meet="meet" if you else "meets", its=its,
                  by=f" (because of {cause})" if cause and cause != name else "")
    frm = data.get("frm")
    if isinstance(frm, int):  # the seat a card came from
        f = who(g, frm, False)
        fields.update(f=f, fp="your" if f == "you" else f"{f}'s")
    told = FORMATTERS.get(kind)
    if told is not None:
        told(g, e, data, fields)
    return fields


def _sum(g: Game, kind: str, data: Payload, p: int, fields: Fields) -> None:
    """A number's sum, term by term ({terms}, {total}), when the event carries its terms."""
    if "terms" in data:
        fields.update(arithmetic(g, kind, dict(data.items()), p))


@formats(GameOver, Kind.GAME_OVER)
def _game_over(g: Game, e: Event, d: GameOver, f: Fields) -> None:
    if d.goal is not None and d.goal >= 0:
        req = g.db.goal_defs[d.goal].required
        # a named Keeper met through another card says which (the Holodeck standing in for Coffee)
        via = {r: c for r, c in d.instead or []}
        direct = [nm(g, x) for x in req if x not in via]
        through = [f"{nm(g, c)} {'counting as' if r in g.db.cards[c].counts_as else 'standing in for'} {nm(g, r)}"
                   for r, c in via.items()]
        named = " and ".join(direct) + " on the table" if direct else ""
        if through:
            named += (", with " if named else "") + " and ".join(through)
        if d.most is not None:  # a count Goal: the number, that it is the most, and Inflation's part in the least
            has, least = d.most
            gd = g.db.goal_defs[d.goal]
            what = "cards in hand" if gd.most_of == "hand" else "Keepers"
            infl = least - gd.most_count
            named = f"{has} {what}, the most" + (f"; {least} needed: {gd.most_count} printed + {infl} Inflation"
                                                 if infl else "")
        f["named"] = f" ({named})" if named else ""
    # others who meet the Goal too, but are stopped: why it is no tie
    f["rival_words"] = "".join(
        f" {who(g, q)} {'meet' if who(g, q) == 'You' else 'meets'} it too, but {nm(g, c)} "
        f"stops {'you' if who(g, q) == 'You' else 'them'}, so it is no tie." for q, c in d.rivals or [])
    if d.turns is not None:  # a draw by repetition: the turns the position stood at before
        f["turns"] = " and ".join(str(t) for t in d.turns)


@formats(Blocked, Kind.BLOCKED)
def _blocked(g: Game, e: Event, d: Blocked, f: Fields) -> None:
    potato = g.db.cards[d.stopper].params.get("potato")  # a rule that lets only one card's holder win
    if isinstance(potato, int) and potato >= 0:
        f["potato"] = nm(g, potato)
    if d.also:  # more than one Creeper stops the win: all of them are named
        f["stopper"] = f"{f['stopper']}, and {' and '.join(nm(g, x) for x in d.also)} as well,"


@formats(Count, Kind.RESHUFFLE, Kind.EMPTY_TRASH)
def _count(g: Game, e: Event, d: Count, f: Fields) -> None:
    f["count_cards"] = f"{d.count} card{'' if d.count == 1 else 's'}"


@formats(TakeHand, Kind.TAKE_HAND)
def _take_hand(g: Game, e: Event, d: TakeHand, f: Fields) -> None:
    f["count_cards"] = f"{d.count} card{'' if d.count == 1 else 's'}"


@formats(Goal, Kind.GOAL)
def _goal(g: Game, e: Event, d: Goal, f: Fields) -> None:
    if d.beside is not None:
        f["beside"] = " and ".join(nm(g, x) for x in d.beside)


@formats(Inflated, Kind.INFLATED)
def _inflated(g: Game, e: Event, d: Inflated, f: Fields) -> None:
    f["plus"] = d.total - d.printed


@formats(TurnEnd, Kind.TURN_END)
def _turn_end(g: Game, e: Event, d: TurnEnd, f: Fields) -> None:
    p = e.player
    if d.rule_card is None:
        return
    if d.rule_card == -1:
        f["rule_card"] = "the Basic Rules"
    allowed, rule_name = d.allowed if d.allowed is not None else -1, f["rule_card"]
    basic = d.rule_card == -1
    sum_of = [t for t in (d.terms or [])[1:] if t[1]]
    if allowed >= 0 and sum_of and d.terms:  # Inflation or a bonus raised the number: the sum, term by term
        shown = {"terms": d.terms[:1] + sum_of, "n": allowed, "hand": allowed}
        f["allow"] = f"{arithmetic(g, 'play_phase', shown, p)['terms']} allow {allowed}"
    elif allowed < 0 and d.kept is not None:  # All But N with Inflation or a bonus: the N in force, and why
        f["allow"] = f"{_kept_words(g, d.kept)} in hand"
    else:
        f["allow"] = (f"{rule_name} allow{'' if basic else 's'} {allowed}" if allowed >= 0 else
                      f"{rule_name} leaves the rest in hand")
    gone = d.gone if d.gone is not None else -1
    f["gone_words"] = f"; {nm(g, gone)} left play this turn" if gone >= 0 else ""
    ch = CHANGED.get().get("plays")
    if ch is not None and ch.after.value == allowed >= 0:  # the plays changed with this answer: why, and from what
        cause = cause_words(g, ch, p)
        f["allow"] = f"{cause}: {f['allow']} now, not {value_words('plays', ch.before.value, g, ch.before)}"
        if gone >= 0 and nm(g, gone) in cause:  # the Play rule that left is named already
            f["gone_words"] = ""
    _sum(g, e.kind, d, p, f)


@formats(PlaysLeft, Kind.PLAYS_LEFT, Kind.SWAP)
def _plays_left(g: Game, e: Event, d: PlaysLeft, f: Fields) -> None:
    """The plays left and the rule they are counted under (a plays-left line,
    Swap Plays for Draws, and a counted play's line that tells them)."""
    p, n = e.player, d.left
    if d.rule_card == -1:
        f["rule_card"] = "the Basic Rules"
    f["left_words"] = "no plays left" if n == 0 else f"{n} play{'s' if n != 1 else ''} left"
    allowed = d.allowed if d.allowed is not None else -1
    extra = [t for t in (d.terms or [])[1:] if t[1]]
    if extra:  # Inflation or a bonus adds to the Play rule: the plays are counted under the sum
        f["rule_card"] = " ".join([_rule_name(g, d.rule_card)] +
                                  [f"{'+' if k > 0 else '-'} {abs(k)} {nm(g, c)}" for c, k in extra])
    f["short"] = (f", which allow{'' if extra else 's'} {allowed}, but only {d.hand} in hand"
                  if allowed >= 0 and d.hand is not None
                  and allowed - d.played > n else "")
    ch = CHANGED.get().get("plays")
    f["changed"] = (f"; {cause_words(g, ch, p)}: {allow_words(g, ch.after)} now, "
                    f"not {value_words('plays', ch.before.value, g, ch.before)}"
                    if ch is not None and ch.after.value >= 0 else "")
    if d.kept is not None:  # All But N with Inflation or a bonus: the N in force, and why
        f["short"] += f"; {_kept_words(g, d.kept)} in hand"
    f["free_words"] = ("" if not d.free else
                       ": a free action may still be used before the turn ends" if n == 0 else
                       ", and a free action may be used too")
    _sum(g, e.kind, d, p, f)


@formats(Payload, Kind.PLAY)
def _play(g: Game, e: Event, d: Payload, f: Fields) -> None:
    f["how"] = PLAY_FROM.get(d.get("src", 0), "")
    if isinstance(d, PlaysLeft):  # the play told with the plays left once it resolved
        _plays_left(g, e, d, f)


@formats(LimitDiscard, Kind.LIMIT_DISCARD)
def _limit_discard(g: Game, e: Event, d: LimitDiscard, f: Fields) -> None:
    f["limit_src"] = limit_source(g, d.limit_card, d.n)


@formats(DiscardTable, Kind.DISCARD_TABLE)
def _discard_table(g: Game, e: Event, d: DiscardTable, f: Fields) -> None:
    c, w = e.card, f["W"]
    if d.along is not None and d.along >= 0:  # which of the two is attached to which
        f["bond"] = "the card it is attached to" if g.db.cards[c].attaching else "the Creeper attached to it"
    if d.limit_card is not None and d.n is not None:
        f["limit_src"] = limit_source(g, d.limit_card, d.n)
    if e.rule == "creeper.riddance":  # the Keeper paid, then the Creeper it rids
        f["riddance"] = (
            f"{w} discarded {f['name']} from {f['wp']} table to be rid of {f['target']}: each Keeper "
            f"discarded rids its owner of one such Creeper." if d.target is not None else
            f"{f['name']} was discarded from {f['wp']} table: {f['w']} paid {f['keeper']} for it."
            if d.keeper is not None else f"{f['name']} was discarded from {f['wp']} table{f['by']}.")
    if e.rule == "creeper.death":  # Death's start-of-turn toll, or Death discarded alone as a free action
        f["death_why"] = (f"when {nm(g, c)} is the only card on a table, its holder may discard it at any time "
                          f"on their turn, as a free action, and {f['w']} did" if d.alone else
                          f"{f['its'] or 'the Creeper'} takes a card at the start of each turn (one of its "
                          f"holder's other cards)")
    if d.goal is not None and d.goal >= 0:
        gd = g.db.goal_defs[d.goal]  # a Goal that counts cards (Away Team: 3 Crew Members) takes those chosen
        counted = bool(gd.any_count) and c in gd.any_cards and c not in gd.required
        f["takes"] = (f"takes {gd.any_count} of the cards it counts, {f['wp']} choice among them,"
                      if counted else "takes the cards it names")
        f["takes_them"] = (f"takes {gd.any_count} of the cards it counts with it, {f['wp']} choice"
                           if counted else "takes them with it")


@formats(CatchUp, Kind.CATCH_UP)
def _catch_up(g: Game, e: Event, d: CatchUp, f: Fields) -> None:
    # never more than the piles hold (the rest stays owed until there are cards again)
    owed, piles = d.owed, d.piles
    f["owed_words"] = (f"the {owed} still owed" if piles >= owed else
                       f"{piles} of the {owed} still owed (all the piles hold)")
    f["more_words"] = (f"{owed} more" if piles >= owed else
                       f"{piles} more, all the piles hold ({owed} are owed)")
    _sum(g, e.kind, d, e.player, f)


@formats(Payload, Kind.DRAW_PHASE, Kind.PLAY_PHASE, Kind.RANDOM_PLAY)
def _phase_sum(g: Game, e: Event, d: Payload, f: Fields) -> None:
    """The draw phase, the play phase and First Play Random: the sum behind the number."""
    _sum(g, e.kind, d, e.player, f)


@formats(Rps, Kind.RPS)
def _rps(g: Game, e: Event, d: Rps, f: Fields) -> None:
    f.update(q=who(g, d.frm, False), wp=d.score[0], wq=d.score[1])


@formats(GoalDiscarded, Kind.GOAL_DISCARDED)
def _goal_discarded(g: Game, e: Event, d: GoalDiscarded, f: Fields) -> None:
    if d.chooser is not None:
        f["w2"] = who(g, d.chooser, False)


@formats(Bonus, Kind.BONUS)
def _bonus(g: Game, e: Event, d: Bonus, f: Fields) -> None:
    f["adds"] = _adds(g, e.card, d.n, f"{f['wp']} {d.to}", e.player)


@formats(Tie, Kind.TIE)
def _tie(g: Game, e: Event, d: Tie, f: Fields) -> None:
    names = [who(g, q) for q in d.players]
    f["players"] = ("Both " if len(names) == 2 else "All of ") + " and ".join(names)


def _rule_name(g: Game, c: int) -> str:
    return "the Basic Rules" if c < 0 else nm(g, c)


def cause_words(g: Game, ch: F.Change, p: int = -1) -> str:
    """What changed a number, card by card: "Inflation left play", "Party
    Bonus gives nothing now (Party is on nobody's table)", "Play 3
    replaced Play 2"."""
    parts: list[str] = []
    b0, a0 = ch.before.terms[0][0] if ch.before.terms else None, ch.after.terms[0][0] if ch.after.terms else None
    for c, was, now in ch.terms:
        if c == b0 or c == a0:  # the rule that sets the number (its first term)
            if c != a0:
                continue  # told with the one that took its place
            if b0 is None or b0 < 0:
                parts.append(f"{nm(g, c)} came into play")
            elif c < 0:
                parts.append(f"{nm(g, b0)} left play")
            else:
                parts.append(f"{nm(g, c)} replaced {nm(g, b0)}")
            continue
        if c < 0:
            continue
        if was is None and c in ch.held and now:  # in play already: it applies to this number now
            met = _met(g, c, p)
            parts.append(f"{nm(g, c)} {'adds' if now > 0 else 'takes off'} {abs(now)} now" +
                         (f", since {met[2:]}" if met else ""))
        elif was is None:
            parts.append(f"{nm(g, c)} came into play")
        elif now is None and c in g.rules:  # still in play: it no longer applies to this number
            parts.append(f"{nm(g, c)} no longer applies")
        elif now is None:
            parts.append(f"{nm(g, c)} left play")
        elif now == 0:
            alone = g.nplayers == 1 and g.db.cards[c].effect in COMPARING_BONUSES
            why = "alone there is nobody to compare with (the project's reading)" if alone else _unmet(g, c, p)
            parts.append(f"{nm(g, c)} gives nothing now, since {why}")
        elif was == 0:
            met = _met(g, c, p)
            parts.append(f"{nm(g, c)} adds {now} now" + (f", since {met[2:]}" if met else ""))
        else:
            parts.append(f"{nm(g, c)} gives {now} now, not {was}")
    if b0 is not None and b0 >= 0 and a0 is None:
        parts.append(f"{nm(g, b0)} left play")
    return " and ".join(parts) if parts else "the cards in play changed"


def allow_words(g: Game, q: Any) -> str:
    """The rule and the terms behind a number of plays: "Play 2 allows 2",
    "Play 2 + 1 Inflation allow 3"."""
    first, extra = q.terms[0], [t for t in q.terms[1:] if t[1]]
    if not extra:
        basic = first[0] < 0
        return f"{_rule_name(g, first[0])} allow{'' if basic else 's'} {q.value}"
    text = arithmetic(g, "total", {"terms": [list(first)] + [list(t) for t in extra]})["terms"]
    return f"{text} allow {q.value}"


SUBJECT = {"plays": "the plays this turn", "kept": "what the Play rule leaves in hand", "draw": "the draw",
           "hand": "the Hand Limit", "keeper": "the Keeper Limit"}


def _kept_words(g: Game, kept: list[list[int]]) -> str:
    """What Play All But N leaves in hand, with its terms: "Play All But 1 +
    1 Inflation leave 2" (a bonus takes one off: "- 1 Party Bonus")."""
    n = max(0, sum(t[1] for t in kept))
    kept = kept[:1] + [t for t in kept[1:] if t[1]]  # (a bonus that gives nothing now is no part of the sum)
    return f"{arithmetic(g, 'total', {'terms': kept})['terms']} leave {n}" if n else \
        f"{arithmetic(g, 'total', {'terms': kept})['terms']} leave none"


def value_words(what: str, n: int, g: Game | None = None, q: Any = None) -> str:
    """A number in force in words: -1 is no limit, or a Play rule that counts
    by the hand (with its Quantity ``q``: Play All But N said as "all but N")."""
    if n >= 0:
        return str(n)
    if what != "plays":
        return "none"
    r = q.terms[0][0] if g is not None and q is not None and q.terms else -1
    but = g.db.cards[r].params.get("n") if g is not None and r >= 0 else None
    return f"all but {but} of the hand" if isinstance(but, int) else "as many as the hand holds"


def change_sentence(g: Game, ch: F.Change, p: int, played: int, left: int, own: bool = False) -> str:
    """One changed number told with its cause, the number before and now
    (``own``: told on the line of the card that caused it, which names it)."""
    cause = "" if own else cause_words(g, ch, p)
    what, a, b = ch.what, ch.after, ch.before
    if what in ("hand", "keeper") and a.value < 0:
        text = f"there is no {SUBJECT[what][4:]} now (it was {b.value})"
        return (f"{cause[:1].upper()}{cause[1:]}: {text}." if cause else f"{text[:1].upper()}{text[1:]}.")
    terms = [t for t in a.terms[1:] if t[1]]
    shown = f" ({arithmetic(g, 'total', {'terms': [list(a.terms[0])] + [list(t) for t in terms]})['terms']})" \
        if terms and a.value >= 0 else ""
    was = f"not {value_words(what, b.value, g, b)}" if b.value >= 0 or what == "plays" else "and there was none before"
    said = f"{SUBJECT[what]} {'is' if what != 'plays' else 'are'} {value_words(what, a.value, g, a)} now{shown}, {was}"
    text = f"{cause[:1].upper()}{cause[1:]}: {said}" if cause else f"{said[:1].upper()}{said[1:]}"
    if what == "draw" and b.value > a.value:
        text += "; what was drawn stays drawn"
    if what == "plays" and a.value >= 0:
        text += f"; {played} played, so {'no plays are' if left == 0 else f'{left} play' + ('s are' if left != 1 else ' is')} left"
        if 0 <= left < a.value - played and g.active == p and g.phase == "play":  # the hand holds them back
            held = len(g.hands[p])
            text += f" (only {held} card{'' if held == 1 else 's'} in hand)"
    return text + "."


def limit_source(g: Game, card: int, n: int) -> str:
    """The card behind a limit, with Inflation's part when it raised the
    printed number: " (Keeper Limit 2 + 1 Inflation)"."""
    if card < 0:
        return ""
    printed = g.db.cards[card].params.get("n")
    if not isinstance(printed, int) or printed == n:
        return f" (set by {nm(g, card)})"
    extra = n - printed
    return f" ({nm(g, card)} + {extra} Inflation: {printed} printed, {n} with Inflation)"


def _rule_card(rule: str) -> str:
    """The name of the card a card's rule id stands for: the card its reference source names
    ("Card text: Death"), or ""."""
    entry = REFERENCE.get(rule)
    if entry is None or not entry.source.startswith("Card text: "):
        return ""
    return entry.source[len("Card text: "):].split(";")[0].strip()


def _card_rule(g: Game, rule: str) -> str:
    """The card a card's rule id stands for, when no card is being played (a
    free action, a Creeper at the start of a turn), if the game has it (marked as a name)."""
    name = _rule_card(rule)
    return NAME_OPEN + name + NAME_CLOSE if name and g.db.find(name) is not None else ""


def _adds(g: Game, card: int, n: int, what: str, p: int = -1) -> str:
    """What a New Rule does to a number: "adds 1 to your draw"."""
    if n > 0:
        return f"adds {n} to {what}" + _met(g, card, p)
    if n < 0:
        return f"takes {-n} off {what}"
    if g.nplayers == 1 and g.db.cards[card].effect in COMPARING_BONUSES:
        return f"adds nothing to {what}: alone there is nobody to compare with (the project's reading)"
    return f"adds nothing to {what}: {_unmet(g, card, p)}"


def _met(g: Game, card: int, p: int) -> str:
    """Why a bonus applies now (empty when the card says it plainly)."""
    c = g.db.cards[card]
    if c.effect in COMPARING_BONUSES and p >= 0:
        w = who(g, p, False)
        return f": {w} alone {'have' if w == 'you' else 'has'} the {'most' if c.effect == 'rich_bonus' else 'fewest'} Keepers"
    keeper = c.params.get("keeper")
    if isinstance(keeper, int) and keeper >= 0:
        return f": {nm(g, keeper)} is on the table"
    return ""


def _unmet(g: Game, card: int, p: int = -1) -> str:
    """Why a bonus gives nothing now, from its card's parameters."""
    c = g.db.cards[card]
    if c.effect in COMPARING_BONUSES and p >= 0:
        most = "most" if c.effect == "rich_bonus" else "fewest"
        w = who(g, p, cap=False)  # it follows a colon, mid-sentence
        return f"{w} {'do' if w == 'you' else 'does'} not alone have the {most} Keepers"
    keeper = c.params.get("keeper")
    if isinstance(keeper, int) and keeper >= 0:
        return f"{nm(g, keeper)} is on nobody's table"
    return "its condition is not met now"


def arithmetic(g: Game, kind: str, data: dict[str, Any], p: int = -1) -> dict[str, str]:
    """The sum behind a draw or the plays: "Draw 3 + 1 Inflation + 1 Poor
    Bonus", with the bonuses that give nothing now said so (and, alone in
    Solo Fluxx, why: the project's reading)."""
    terms = data["terms"]
    parts: list[str] = []
    idle: list[int] = []
    for i, (card, n) in enumerate(terms):
        name = nm(g, card) if card >= 0 else "the Basic Rules"
        if i == 0:  # the Draw or Play rule (its name says its number, or All)
            parts.append(f"{n} under the Basic Rules" if card < 0 else name)
            continue
        if n > 0:
            parts.append(f"+ {n} {name}")
        elif n < 0:
            parts.append(f"- {-n} {name}")
        else:
            idle.append(card)
    text = " ".join(parts)
    total = sum(n for _, n in terms)
    if kind == "play_phase" and terms[0][1] > 0 and data["n"] < total:  # a numeral larger than the hand
        text += f", but only {data['hand']} in hand"
    for card in idle:
        alone = g.nplayers == 1 and g.db.cards[card].effect in COMPARING_BONUSES
        why = ("alone there is nobody to compare with (the project's reading)" if alone
               else _unmet(g, card, p))
        text += f"; {nm(g, card)} gives nothing: {why}"
    out = {"terms": text, "total": str(total)}
    if kind == "play_phase":
        n = data["n"]
        out["plays"] = f"{n} card" + ("s" if n != 1 else "")
    return out


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
    def __init__(self, level: str = "brief", names: tuple[str, ...] | None = None, viewer: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"tutor level is one of {', '.join(LEVELS)}")
        self.level = level
        self.names = names  # the seats' names ("You", "Ada", ...); None: "Player N"
        self.viewer = viewer  # the seat told (cards unseen by it go unnamed); None: everything is told
        self.seen: set[str] = set()
        self.watched: F.InForce | None = None  # the numbers in force as last told (their changes are told)

    def watch(self, g: Game) -> None:
        """Take the numbers in force now as told (a table first shown, a game
        rebuilt by an undo): the next answer's changes are told from them."""
        self.watched = F.snapshot(g)

    def explain(self, g: Game, e: Any) -> Explanation:
        token, seat = SEAT_NAMES.set(self.names), VIEWER.set(self.viewer)
        try:
            return self._explain(g, e)
        finally:
            SEAT_NAMES.reset(token)
            VIEWER.reset(seat)

    def _explain(self, g: Game, e: Any) -> Explanation:
        rule = e.rule
        # an Action at work is explained by its own card's entry, not the generic rule
        entry = REFERENCE[rule]
        if rule == "action.effect" and e.cause >= 0:
            c = g.db.cards[e.cause]
            entry = REFERENCE.get(card_entry_id(c.deck, c.name)) or entry
        first = entry.id not in self.seen
        self.seen.add(entry.id)
        text = _sentence(g, e)
        more = ""
        if self.level == "full" or first:
            more = entry.text
            note = VARIANT_NOTES.get((g.variant_name, entry.id))
            if note:
                more += " " + note
        return Explanation(e.kind, rule, text, more)


    def explain_all(self, g: Game, events: list[Any]) -> list[Told]:
        """Every event's explanation, with bursts told as one: a run of two or
        more events of a kind in ``BURSTS``, by the same rule, player and
        cause (a Discard and Draw of many cards, a deal, a hand cut to a
        limit), is one group whose first line carries the summary."""
        token, seat = SEAT_NAMES.set(self.names), VIEWER.set(self.viewer)
        try:
            return self._explain_all(g, events)
        finally:
            SEAT_NAMES.reset(token)
            VIEWER.reset(seat)

    def _explain_all(self, g: Game, events: list[Any]) -> list[Told]:
        before = self.watched
        if before is not None and before.game == (g.seed, tuple(g.decks), g.nplayers) \
                and before.decisions < g.decisions and events:
            self.watched, changed = F.changes(before, g, events)
        else:  # nothing to compare with (the first answer told, or another game): the numbers from now on
            self.watched, changed = F.snapshot(g), []
        token = CHANGED.set({ch.what: ch for ch in changed})
        try:
            out = self._told(g, events)
        finally:
            CHANGED.reset(token)
        if changed:
            _tell_changes(g, events, out, changed, before)
        return out

    def _told(self, g: Game, events: list[Any]) -> list[Told]:
        out: list[Told] = []
        joined, folded = fold_plays_left(events)
        events = [joined.get(m, x) for m, x in enumerate(events)]
        i, n, group = 0, len(events), 0
        at_group: dict[int, int] = {}
        while i < n:
            e = events[i]
            if i in folded:  # the plays left, told on the line of the play they follow
                out.append(Told(at_group[folded[i]], self.explain(g, e), False))
                i += 1
                continue
            at_group[i] = group + 1
            j = _run_end(events, i)
            k = j
            # a discard burst and the draw burst of the same card are one line (Discard and Draw)
            if e.kind in ("discard", "discard_table") and k < n and events[k].kind == "draw" and \
                    events[k].cause == e.cause and events[k].player == e.player and e.cause >= 0:
                k = _run_end(events, k)
            group += 1
            xs = [self.explain(g, x) for x in events[i:k]]
            if k > j:
                xs[0] = Explanation(e.kind, e.rule, _swap_line(g, events[i:j], events[j:k]), xs[0].more)
            elif j - i > 1 and e.kind in BURSTS:
                xs[0] = Explanation(e.kind, e.rule, _burst(g, events[i:j]), xs[0].more)
            elif e.kind == "score" or (e.kind == "game_over" and e.data.get("goal", -1) >= 0):  # a Goal met
                xs[0] = Explanation(xs[0].event, xs[0].rule, xs[0].raw + _made_possible(g, events, i), xs[0].more)
            if e.rule == "rule.mystery-play" and e.kind == "draw" and _ended_unplayed(events, i):
                xs[0] = Explanation(xs[0].event, xs[0].rule, xs[0].raw + " The game ended before it could be played.",
                                    xs[0].more)
            out += [Told(group, x, m == 0) for m, x in enumerate(xs)]
            i = k
        return out


@payload_type
class PlayTold(PlaysLeft):
    """A counted play told with the plays left once it resolved (the narration's
    join of a ``play`` event and the ``plays_left`` event that follows it)."""
    src: int = 0


def fold_plays_left(events: list[Any]) -> tuple[dict[int, Event], dict[int, int]]:
    """The plays left after a counted play are told on that play's line when
    the play was told in the same answer: the play's event joined with them
    (by index), and each plays-left event so folded (index -> the play's)."""
    joined: dict[int, Event] = {}
    folded: dict[int, int] = {}
    for j, e in enumerate(events):
        if e.kind != Kind.PLAYS_LEFT:
            continue
        at = next((i for i in range(j - 1, -1, -1) if events[i].kind == Kind.PLAY and events[i].player == e.player
                   and events[i].data.get("src") == 0), -1)
        if at < 0 or at in joined:
            continue
        play = events[at]
        joined[at] = Event((play.kind, play.rule, play.player, play.card, PlayTold(src=0, **dict(e.data.items())),
                            play.cause))
        folded[j] = at
    return joined, folded


def _tell_changes(g: Game, events: list[Any], out: list[Told], changed: list[F.Change], before: Any) -> None:
    """Each changed number not told on a line already (the plays on a line
    that says the plays left, the draw on a catch-up's), told on the line of
    the event that changed it (a rule that came or went, a Keeper that came
    or went), else on the answer's last line."""
    told_plays = any(e.kind == "turn_end" and "rule_card" in e.data or "left" in e.data for e in events)
    caught_up = any(e.kind in ("catch_up", "draw_phase") for e in events)  # the draw told with its terms already
    p = before.active
    for ch in changed:
        if (ch.what == "plays" and told_plays) or (ch.what == "draw" and caught_up):
            continue
        cards = {c for c, _, _ in ch.terms} | {t[0] for t in ch.before.terms} | {t[0] for t in ch.after.terms}
        at = max((i for i, t in enumerate(out) if t.head and events[i].card in cards and events[i].kind in
                  ("rule", "rule_discarded")), default=-1)
        if at < 0:  # a card that came to or left a table (a bonus follows the Keepers), else any change of zone
            at = max((i for i, t in enumerate(out) if t.head and events[i].kind in TABLE_MOVES), default=-1)
        if at < 0:
            at = max((i for i, t in enumerate(out) if t.head and events[i].kind in TABLE_CHANGES), default=-1)
        if at < 0:  # (a line the front ends show: never an Action's "done", never the deal)
            at = max((i for i, t in enumerate(out) if t.head and events[i].kind not in ("action_done", "deal")),
                     default=len(out) - 1)
        left = g.plays_left(p) if g.active == p and g.phase == "play" else 0
        x = out[at].x
        own = events[at].kind in ("rule", "rule_discarded") and events[at].card in {c for c, _, _ in ch.terms}
        line = change_sentence(g, ch, p, g.played if g.active == p else before.played, left, own)
        out[at] = Told(out[at].group, Explanation(x.event, x.rule, x.raw + " " + line, x.more), True)


def _ended_unplayed(events: list[Any], i: int) -> bool:
    """The card turned up at ``i`` (Mystery Play, Wormhole) was never played: the game ended first."""
    c = events[i].card
    for e in events[i + 1:]:
        if e.kind == "play" and e.card == c:
            return False
        if e.kind == "game_over":
            return True
    return False


def _run_end(events: list[Any], i: int) -> int:
    """Where the group that starts at i ends: a burst of one kind, rule,
    player and cause; or a draw or play sum with its terms."""
    e, n, j = events[i], len(events), i + 1
    if e.kind in BURSTS:  # (a card that went along with another is told apart: its data differs)
        while j < n:
            x = events[j]
            if x[:3] == e[:3] and x.cause == e.cause and x.data.keys() == e.data.keys():
                j += 1
                continue
            # a draw's Creepers, drawn on the way and replaced by the draws after them: still the one draw
            k = j
            while e.kind == "draw" and k < n and events[k].kind == "creeper" and events[k].player == e.player \
                    and events[k].cause == e.cause:
                k += 1
            if k == j or k == n or events[k][:3] != e[:3] or events[k].cause != e.cause:
                break
            j = k
    elif e.kind in ("draw_phase", "play_phase"):  # the sum's terms, one line each, under the sum
        while j < n and events[j].kind == "bonus":
            j += 1
    return j


def name_list(g: Game, cards: list[int]) -> str:
    """Cards' names in a list: "Milk, Cookies"; with semicolons when a name has
    a comma of its own ("Draw 3, Play 2 of Them; Tactical; Tricorder")."""
    names = [g.name(c) for c in cards]
    return ("; " if any("," in n for n in names) else ", ").join(nm(g, c) for c in cards)


def _swap_line(g: Game, gone: list[Any], got: list[Any]) -> str:
    """One line for a card that discards and then draws (Discard and Draw)."""
    e = gone[0]
    w = who(g, got[0][2], False)
    cards = [x for x in got if x.kind == "draw"]  # (a Creeper drawn on the way is replaced: told apart)
    drawn = "" if unseen(got[0]) else f" ({name_list(g, [x.card for x in cards])})"
    line = (f"{nm(g, e.cause)}: {w} discarded {len(gone)} card{'s' if len(gone) != 1 else ''} "
            f"({name_list(g, [x.card for x in gone])}) and drew {len(cards)}{drawn}.")
    return line + _on_the_way(g, got)


def _on_the_way(g: Game, events: list[Any]) -> str:
    """The Creepers a draw came on and replaced (they are in play, so seen by all)."""
    creepers = [nm(g, x.card) for x in events if x.kind == "creeper"]
    if not creepers:
        return ""
    one = len(creepers) == 1
    return (f" {' and '.join(creepers)} came up on the way: {'a Creeper' if one else 'Creepers'} "
            f"{'goes' if one else 'go'} onto the table and {'is' if one else 'are'} replaced.")


# events that change a table, a hand or the Goal: after one of them a win is
# the cards' doing; with none since a New Rule came or went, the rule change made it possible
TABLE_CHANGES = frozenset({"keeper", "creeper", "goal", "goal_discarded", "give", "move", "take", "discard_table",
                           "attach", "detach", "redirect", "deal_keeper", "potato", "draw", "deal", "take_hand",
                           "to_hand", "trade", "rotate", "from_discard", "discard", "limit_discard", "play"})


# the changes of a table (a Keeper or Creeper that came or went): what a bonus's number follows
TABLE_MOVES = frozenset({"keeper", "creeper", "give", "move", "take", "discard_table", "attach", "detach", "redirect",
                         "deal_keeper", "potato"})


def _made_possible(g: Game, events: list[Any], i: int) -> str:
    """" (now that Inflation has left play)" when New Rules coming or going,
    and nothing on the tables since, is what let this win or score happen."""
    came: list[str] = []
    went: list[str] = []
    for e in reversed(events[:i]):
        if e.kind == "rule_discarded":
            went.append(nm(g, e.card))
        elif e.kind == "rule":
            came.append(nm(g, e.card))
        elif e.kind in TABLE_CHANGES:
            break
    if came and went:
        return f" (now that {' and '.join(came)} replaced {' and '.join(went)})"
    if went:
        return f" (now that {' and '.join(went)} {'has' if len(went) == 1 else 'have'} left play)"
    if came:
        return f" (now that {' and '.join(came)} {'is' if len(came) == 1 else 'are'} in play)"
    return ""


@dataclass
class Told:
    """One event's explanation in a told sequence: the group it belongs to
    (a burst shares one), and whether it heads the group (the line shown)."""
    group: int
    x: Explanation
    head: bool


# Kinds whose runs are told as one line (keys as in TEMPLATES); the summary
# names every card: {count} and {names}, besides the fields of a sentence.
BURSTS: dict[str | tuple[str, str], str] = {
    ("draw", "turn.draw"): "{W} drew {count} cards for the turn's draw: {names}.",
    ("draw", "turn.catch-up"): "{W} drew {count} more cards at once: {names}.",
    ("draw", "rule.no-hand-bonus"): ("+{count} {its}: {w} began the turn with an empty hand and drew "
                                     "{names}; they do not count toward the draw."),
    "draw": "{W} drew {count} cards{by}: {names}.",
    "deal": "{W} {were} dealt {count} cards in the opening deal: {names}.",
    "discard": "{count} cards were discarded{by}: {names}.",
    "limit_discard": "{W} discarded {count} cards to meet the Hand Limit of {n}{limit_src}: {names}.",
    ("discard_table", "+limit"): ("{count} cards were discarded from {wp} table to meet the Keeper Limit of "
                                  "{n}{limit_src}: {names}."),
    ("discard_table", "+goal"): "{count} cards were discarded from {wp} table: the Goal {goal} {takes_them}: {names}.",
    "discard_table": "{count} cards were discarded from {wp} table{by}: {names}.",
    "creeper": "{W} got {count} Creepers, which go straight onto the table: {names}.",
}


def _burst(g: Game, events: list[Any]) -> str:
    """The one line for a burst of events: the count and every card (the
    count only, for cards the viewer cannot see)."""
    fields = _fields(g, events[0])
    drawn = [x for x in events if x.kind == events[0].kind]
    fields.update(count=len(drawn), names=name_list(g, [x.card for x in drawn]))
    line = template_for(events[0], UNSEEN_BURSTS if unseen(events[0]) else BURSTS).format(**fields)
    return line + (_on_the_way(g, events) if events[0].kind == "draw" else "")


# The sentences for cards that go where the viewer cannot see (another seat's
# hand): the same words without the cards' names.
UNSEEN: dict[str | tuple[str, str], str] = {
    ("draw", "turn.catch-up"): "{W} drew a card at once, to catch up with the draw.",
    ("draw", "rule.no-hand-bonus"): ("{W} drew a card for the {its} (an empty hand as the turn began); "
                                     "it does not count toward the draw."),
    ("draw", "turn.draw"): "{W} drew a card for the turn's draw.",
    "draw": "{W} drew a card{by}.",
    "deal": "{W} {were} dealt a card in the opening deal.",
    "take": "{W} took a card from {fp} hand{by}.",
    "give": "A card went to {w}.",
    "to_hand": "{W} took a card from the draw pile into {wp} hand{by}.",
}
UNSEEN_BURSTS: dict[str | tuple[str, str], str] = {
    ("draw", "turn.draw"): "{W} drew {count} cards for the turn's draw.",
    ("draw", "turn.catch-up"): "{W} drew {count} more cards at once.",
    ("draw", "rule.no-hand-bonus"): ("+{count} {its}: {w} began the turn with an empty hand and drew "
                                     "{count} cards; they do not count toward the draw."),
    "draw": "{W} drew {count} cards{by}.",
    "deal": "{W} {were} dealt {count} cards in the opening deal.",
}


# What a rule means in one variant, added to its reference text there
# (Solo Fluxx: a Goal is scored, not won). Registered by the variant.
VARIANT_NOTES: dict[tuple[str, str], str] = {}


def register_variant_note(variant: str, rule: str, text: str) -> None:
    if VARIANT_NOTES.get((variant, rule), text) != text:
        raise ValueError(f"the tutor already has a note on {rule!r} for the {variant} game")
    VARIANT_NOTES[(variant, rule)] = text


# What the tutor says when a move the rules forbid is tried.
FORBIDDEN = {
    "discard": "You cannot simply discard unwanted cards: only a Hand Limit, a Keeper Limit or a card's "
               "instruction makes you discard (rulebook, Other Notes: Regarding Discarding).",
    "end": "You cannot end your turn while you still have plays to make: the Play rule says how many cards "
           "you must play (rulebook, Turn Sequence).",
}
