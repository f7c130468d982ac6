"""Checking a saved game state before it is played on (``Game.from_dict``).

A state comes back from a save file or a run, so it may be garbled: a field
missing or of the wrong type, a card id that names no card, a card in two
places or in none, a pending task the engine has no handler for. Each such
state is refused with ``BadState`` and one sentence that names the field;
a state that passes can be played on with every invariant holding (the
property tests mutate states to hold this to account). This runs once per
load, never on the engine's hot path.
"""
from __future__ import annotations

import inspect
import sys
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the checks read a Game; the game module calls them
    from .game import Game

MAX_SEED = 2**63 - 1
MASK64 = 2**64 - 1
PHASES = ("setup", "deal", "start", "play", "end", "over")
COUNTS = ("turn", "drawn", "played", "hand_at_start", "decisions", "quiet", "stale")
FLAGS = ("extra", "in_extra", "over", "checks")
FRAME_KINDS = ("play", "hold")
LINK_KINDS = ("play", "steal", "surprise", "power")
PROMPT_KINDS = ("turn", "choose")


class BadState(ValueError):
    """A saved state that cannot be played on; the message names what is wrong."""


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_header(d: Any) -> None:
    """What ``Game`` needs before it can be built: decks, variant, players, seed."""
    if not isinstance(d, dict):
        raise BadState("the saved state is not a map of fields")
    decks = d.get("decks")
    if not isinstance(decks, list) or not decks or not all(isinstance(x, str) for x in decks):
        raise BadState("'decks' is not a list of deck ids")
    if len(set(decks)) != len(decks):
        raise BadState("'decks' names a deck twice")
    if not isinstance(d.get("variant_name"), str):
        raise BadState("'variant_name' is not text")
    if not _int(d.get("nplayers")):
        raise BadState("'nplayers' is not a whole number")
    if not _int(d.get("seed")) or not 0 <= d["seed"] <= MAX_SEED:
        raise BadState("'seed' is not a whole number from 0 to 2^63-1")


def check_state(g: Game, d: dict[str, Any]) -> None:
    """Every field of ``d`` against the game ``g`` built from its header."""
    OPS, STATE, STATE_DEFAULTS = g.OPS, g.STATE, g.STATE_DEFAULTS
    n = g.db.n
    players = g.nplayers
    for f, _ in STATE:
        if f not in d and f not in STATE_DEFAULTS:
            raise BadState(f"the field '{f}' is missing")
    for f in ("prompt", "cards"):
        if f not in d:
            raise BadState(f"the field '{f}' is missing")

    ids = frozenset(range(n))

    def card_list(f: str, v: Any) -> list[int]:
        # (set operations at C speed: the check runs on every load and in every property test)
        if type(v) is not list or (v and set(map(type, v)) != {int}) or not ids.issuperset(v):
            raise BadState(f"'{f}' is not a list of card ids (0 to {n - 1})")
        return v

    def seat(f: str, v: Any, none: int | None = None) -> None:
        if not _int(v) or not (0 <= v < players or v == none):
            raise BadState(f"'{f}' is not a seat from 0 to {players - 1}")

    if not _int(d["rng"]) or not 0 <= d["rng"] <= MASK64:
        raise BadState("'rng' is not a 64-bit generator state")
    for f in COUNTS:
        if not _int(d.get(f, STATE_DEFAULTS.get(f))) or d.get(f, STATE_DEFAULTS.get(f)) < 0:
            raise BadState(f"'{f}' is not a whole number of 0 or more")
    for f in FLAGS:
        if not isinstance(d[f], bool):
            raise BadState(f"'{f}' is not true or false")
    end = d.get("end", STATE_DEFAULTS["end"])
    if not isinstance(end, str) or len(end) > 64:
        raise BadState("'end' is not the id of the rule that ended the game (text, or empty)")
    if d["phase"] not in PHASES:
        raise BadState(f"'phase' is not one of {', '.join(PHASES)}")
    seat("active", d["active"])
    seat("winner", d["winner"], none=-1)

    cards: list[int] = []
    for f in ("draw", "discard", "rules", "goals", "scored", "rules_deck", "rules_discard", "playing"):
        cards += card_list(f, d[f])
    card_list("used", d["used"])
    for f in ("seen", "seen_play", "seen_free"):  # position keys (engine.draws): whole numbers of 48 bits
        v = d.get(f, STATE_DEFAULTS[f])
        if type(v) is not list or not all(_int(x) and 0 <= x < 2**48 for x in v):
            raise BadState(f"'{f}' is not a list of position keys (whole numbers from 0 to 2^48-1)")
    for f in ("hands", "tables"):
        v = d[f]
        if not isinstance(v, list) or len(v) != players:
            raise BadState(f"'{f}' is not one list of cards per player ({players})")
        for i, h in enumerate(v):
            cards += card_list(f"{f}[{i}]", h)
    temp = d["temp"]
    if not isinstance(temp, list):
        raise BadState("'temp' is not a list of temporary hands")
    for i, fr in enumerate(temp):
        if (not isinstance(fr, list) or len(fr) != 5 or not _int(fr[0]) or not 0 <= fr[0] < players
                or not _int(fr[1]) or not -1 <= fr[1] < n or not _int(fr[3]) or fr[3] < 0
                or fr[4] not in FRAME_KINDS):
            raise BadState(f"'temp[{i}]' is not a temporary hand [seat, card, cards, plays, kind]")
        cards += card_list(f"temp[{i}] cards", fr[2])

    expected = g.variant.in_game(g)
    if sorted(cards) != expected:
        got, want = Counter(cards), Counter(expected)
        twice = sorted(c for c, k in got.items() if k > 1)
        lost = sorted((want - got).keys())
        extra = sorted((got - want).keys() - set(twice))
        what = [f"in two places: {', '.join(g.db.cards[c].name for c in twice[:3])}" if twice else "",
                f"missing: {', '.join(g.db.cards[c].name for c in lost[:3])}" if lost else "",
                f"not in this game: {', '.join(g.db.cards[c].name for c in extra[:3])}" if extra else ""]
        raise BadState("the cards do not add up (" + "; ".join(w for w in what if w) + ")")

    from .cards import CREEPER, GOAL, KEEPER, RULE
    kinds = [c.kind for c in g.db.cards]
    for f, allowed, kind_name in (("goals", (GOAL,), "Goals"), ("scored", (GOAL,), "Goals"),
                                  ("rules", (RULE,), "Rules"), ("rules_deck", (RULE,), "Rules"),
                                  ("rules_discard", (RULE,), "Rules")):
        if any(kinds[c] not in allowed for c in d[f]):
            raise BadState(f"'{f}' holds a card that is not one of the {kind_name}")
    from .effect_specs import SLOT_DRAW, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT, SLOT_PLAY
    in_slot: dict[str, int] = {}
    for c in d["rules"]:  # a New Rule replaces the one of its kind: play never leaves two
        slot = g.db.cards[c].slot
        if slot in (SLOT_DRAW, SLOT_PLAY, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT):
            if slot in in_slot:
                raise BadState(f"'rules' holds two New Rules of one kind ({g.db.cards[in_slot[slot]].name} and "
                               f"{g.db.cards[c].name}); a new rule of a kind replaces the old one")
            in_slot[slot] = c
    for i, t in enumerate(d["tables"]):
        if any(kinds[c] not in (KEEPER, CREEPER) for c in t):
            raise BadState(f"'tables[{i}]' holds a card that is not a Keeper or Creeper")
    held = [(f"hands[{i}]", h) for i, h in enumerate(d["hands"])] + [(f"temp[{i}]", fr[2]) for i, fr in enumerate(d["temp"])]
    for f, cs in held:  # a Creeper drawn goes straight onto the table: none is ever held
        if any(kinds[c] == CREEPER for c in cs):
            raise BadState(f"'{f}' holds a Creeper; a Creeper is never held in a hand (it goes onto the table)")

    att = d["attached"]
    if not isinstance(att, dict):
        raise BadState("'attached' is not a map of Creeper to Keeper")
    for k, v in att.items():
        if not (isinstance(k, str) and k.isdigit() and _int(v)):
            raise BadState("'attached' is not a map of Creeper to Keeper")
        cr = int(k)
        if not any(cr in t and v in t for t in d["tables"]) or cr == v or not g.db.cards[cr].attaching:
            raise BadState("'attached' joins cards that are not an attaching Creeper and a Keeper on one table")

    chain = d.get("chain", [])
    if not isinstance(chain, list):
        raise BadState("'chain' is not a list of Surprise links")
    for i, ln in enumerate(chain):
        if (not isinstance(ln, list) or len(ln) != 5 or not _int(ln[0]) or not 0 <= ln[0] < n
                or not _int(ln[1]) or not 0 <= ln[1] < players or ln[2] not in LINK_KINDS or not _json(ln[3])
                or not _json(ln[4])):
            raise BadState(f"'chain[{i}]' is not a Surprise link [card, seat, kind, arg, via]")

    stack = d["stack"]
    if not isinstance(stack, list):
        raise BadState("'stack' is not a list of tasks")
    for i, t in enumerate(stack):
        _task(f"stack[{i}]", t, OPS)

    over = d["over"]
    pr = d["prompt"]
    if (pr is None) == (not over):
        raise BadState("a question must be pending exactly when the game is not over")
    if pr is not None:
        _prompt(pr, n, players, OPS)
    _phase_and_chain(d, [t[0] for t in stack], chain, over)


# The phases a game that is not over can be in while it asks, and the task that must be
# pending in each to carry the turn on (the loop stops with nothing to do outside the play
# phase): the deal goes on to the first turn's start, a turn's start to its plays, its end
# to the next turn (or that turn's start, once the seat has moved on).
GOES_ON = {"deal": ("start_turn",), "start": ("begin_play",), "end": ("next_turn", "start_turn")}
NOT_IN = {"deal": ("begin_play", "next_turn"), "start": ("next_turn",),
          "play": ("begin_play", "next_turn", "start_turn")}


def _phase_and_chain(d: dict[str, Any], ops: list[str], chain: list[Any], over: bool) -> None:
    """The phase fits the pending tasks, and a Surprise chain fits its open
    window (measured over 55,000 questions of random games of every deck
    set: each holds in every one)."""
    phase = d["phase"]
    if over != (phase == "over"):
        raise BadState("'phase' is 'over' exactly when the game is over")
    if not over:
        if phase not in GOES_ON and phase != "play":
            raise BadState(f"'phase' {phase!r} is not one a game that asks a question can be in "
                           f"(deal, start, play or end)")
        if phase in GOES_ON and not any(op in ops for op in GOES_ON[phase]):
            raise BadState(f"in the '{phase}' phase nothing pending carries the turn on "
                           f"(a '{GOES_ON[phase][0]}' task); the game would stall")
        wrong = [op for op in NOT_IN.get(phase, ()) if op in ops]
        if wrong:
            raise BadState(f"a '{wrong[0]}' task is pending in the '{phase}' phase, where the engine never has one")
    settles = ops.count("settle_chain")
    if (settles == 1) != bool(chain) or settles > 1:
        raise BadState("'chain' (the cards fought over by Surprises) does not match the pending tasks: "
                       "a chain is open exactly while one 'settle_chain' task waits")
    pr = d["prompt"]
    windows = "window" in ops or (isinstance(pr, dict) and isinstance(pr.get("then"), list) and pr["then"]
                                  and pr["then"][0] == "ans_window")
    if windows and not chain:
        raise BadState("a Surprise window is open with no chain of cards to answer")
    if chain:
        if chain[0][2] not in ("play", "steal") or any(ln[2] not in ("surprise", "power") for ln in chain[1:]):
            raise BadState("'chain' is not a play (or an attempt to steal) with Surprises on it")
        playing = d["playing"]
        if any(ln[2] == "surprise" and ln[0] not in playing for ln in chain[1:]) or \
                (chain[0][2] == "play" and chain[0][0] not in playing):
            raise BadState("'chain' names a card that is not in the being-played area")


MAX_NESTING = 16  # lists in a task or an option go 2 deep in any state the engine writes


def _json(v: Any) -> bool:
    """A plain value a task or option may hold: numbers, text, true/false,
    null, lists of them, at most ``MAX_NESTING`` deep (checked without
    recursion: a list nested thousands deep is refused, not a crash)."""
    todo = [(v, 0)]
    while todo:
        x, depth = todo.pop()
        if x is None or isinstance(x, (bool, int, str)):
            continue
        if not isinstance(x, list) or depth >= MAX_NESTING:
            return False
        todo.extend((y, depth + 1) for y in x)
    return True


def _task(where: str, t: Any, ops: dict[str, Any], later: int = 0) -> None:
    """A task: a known op and as many plain arguments as its handler takes
    (``later``: how many the engine adds when it runs, the answer of a question)."""
    if not isinstance(t, list) or not t or not isinstance(t[0], str) or t[0] not in ops:
        raise BadState(f"'{where}' is not a task the engine knows")
    if not all(_json(x) for x in t[1:]):
        raise BadState(f"'{where}' holds a value that is not plain data")
    least, most = _arity(ops[t[0]])
    if not least <= len(t) - 1 + later <= most:
        raise BadState(f"'{where}' gives '{t[0]}' {len(t) - 1} arguments; it takes {least - later} to {most - later}")


_ARITY: dict[Any, tuple[int, int]] = {}


def _arity(fn: Any) -> tuple[int, int]:
    """How many arguments (after the game) a task handler takes: least, most."""
    if fn not in _ARITY:
        params = list(inspect.signature(fn).parameters.values())[1:]
        if any(p.kind == p.VAR_POSITIONAL for p in params):
            _ARITY[fn] = (0, sys.maxsize)  # any number of them
        else:
            _ARITY[fn] = (sum(1 for p in params if p.default is p.empty), len(params))
    return _ARITY[fn]


def _prompt(pr: Any, n: int, players: int, ops: dict[str, Any]) -> None:
    if not isinstance(pr, dict):
        raise BadState("'prompt' is not a question")
    for k in ("kind", "player", "ask", "options", "min", "max", "card", "reason", "then", "domain"):
        if k not in pr:
            raise BadState(f"'prompt' has no '{k}'")
    if pr["kind"] not in PROMPT_KINDS:
        raise BadState("'prompt.kind' is not turn or choose")
    if not _int(pr["player"]) or not 0 <= pr["player"] < players:
        raise BadState(f"'prompt.player' is not a seat from 0 to {players - 1}")
    if not all(isinstance(pr[k], str) and pr[k] for k in ("ask", "reason", "domain")):
        raise BadState("'prompt' ask, reason and domain are not text")
    from .effect_specs import ASKS
    if ASKS.get(pr["ask"]) != pr["domain"]:
        raise BadState(f"'prompt.ask' {str(pr['ask'])[:20]!r} is not a question the engine asks with "
                       f"{str(pr['domain'])[:20]!r} options")
    if len(pr["reason"].strip()) < 6:
        raise BadState("'prompt.reason' is not a reason in words")
    opts = pr["options"]
    if not isinstance(opts, list) or not all(_json(o) for o in opts):
        raise BadState("'prompt.options' is not a list of plain values")
    if not _int(pr["min"]) or not _int(pr["max"]) or not 0 <= pr["min"] <= pr["max"]:
        raise BadState("'prompt' min and max are not 0 <= min <= max")
    if pr["kind"] == "turn" and not opts:
        raise BadState("'prompt' is a turn question with no options")
    if pr["kind"] == "choose" and pr["min"] > len(opts):
        raise BadState("'prompt' asks for more choices than it offers")
    if not _int(pr["card"]) or not -1 <= pr["card"] < n:
        raise BadState("'prompt.card' is not a card id or -1")
    if pr["domain"] == "cards" and pr["kind"] == "choose" and not all(_int(o) and 0 <= o < n for o in opts):
        raise BadState("'prompt.options' are not card ids")
    if pr["domain"] == "players" and not all(_int(o) and 0 <= o < players for o in opts):
        raise BadState(f"'prompt.options' are not seats from 0 to {players - 1}")
    if pr["domain"] == "words" and not all(isinstance(o, str) and o for o in opts):
        raise BadState("'prompt.options' are not words, as the question asks")
    if pr["domain"] == "moves" and not all(
            isinstance(o, list) and o and o[0] in ("play", "free", "end", "random")
            and (len(o) == 1 if o[0] in ("end", "random") else len(o) == 2 and _int(o[1]) and 0 <= o[1] < n)
            for o in opts):
        raise BadState("'prompt.options' are not moves (play or free with a card id, end, random)")
    if len(set(map(repr, opts))) != len(opts):
        raise BadState("'prompt.options' offers an option twice")
    if pr["then"] is not None:
        _task("prompt.then", pr["then"], ops, later=1)
    if pr["kind"] == "choose" and pr["then"] is None:
        raise BadState("'prompt' is a choose question with nothing to do with the answer")


TRIAL_ANSWERS = 200  # how many of the pending question's answers a load tries out


def check_answers(g: Game) -> None:
    """Try each answer to the pending question (up to ``TRIAL_ANSWERS``) on a
    copy: a state whose question points at cards that are not where it says
    (a stale option, a task naming a card that has moved) fails here, at
    load, rather than on the player's next move."""
    from .prompts import IllegalAnswer
    pr = g.prompt
    if pr is None:
        return
    if pr.kind == "turn":  # the turn's question is the table's: ask it again and compare
        not_asked = BadState(f"the pending turn question ('{pr.ask}') is not one this table asks")
        if g.stack or g.phase != "play":  # it is asked in the play phase with nothing pending
            raise not_asked
        again = g.copy()
        again.prompt = None
        try:
            again.TURN[0].idle(again)
        except Exception:
            raise not_asked from None
        p2 = again.prompt
        if p2 is None or p2.to_dict() != pr.to_dict():
            raise BadState(f"the pending turn question ('{pr.ask}') is not the one this table asks")
    for guard, standing in g.AFTER_TASK:  # a standing rule (a Creeper waiting for a Keeper) has acted already
        if not guard(g.db):
            continue
        again = g.copy()
        again.prompt = None
        before = again.to_dict()
        try:
            acted = standing(again)
        except Exception:
            raise BadState("a standing rule cannot be settled on this table") from None
        same_question = acted and again.prompt is not None and again.prompt.to_dict() == pr.to_dict()
        if (acted or again.to_dict() != before) and not same_question:
            raise BadState(f"a standing rule would act before the pending question ('{pr.ask}'): the question "
                           "does not fit the table")
    want = Counter(all_cards(g))
    for a in pr.legal_answers(limit=TRIAL_ANSWERS):
        trial = g.copy()
        try:
            trial.push(a)
        except IllegalAnswer:
            continue
        except Exception as e:
            raise BadState(f"the pending question ('{pr.ask}') does not fit the table: answering it fails "
                           f"({type(e).__name__})") from None
        if Counter(all_cards(trial)) != want:
            raise BadState(f"the pending question ('{pr.ask}') does not fit the table: answering it loses "
                           "or duplicates a card")
        try:
            check_state(trial, trial.to_dict())  # what the answer leads to is a sound state too
        except BadState as e:
            raise BadState(f"the pending question ('{pr.ask}') does not fit the table: answering it "
                           f"leads to a bad state ({e})") from None


def all_cards(g: Game) -> list[int]:
    """Every card in every zone of ``g`` (each once, in a sound state)."""
    cards = g.draw + g.discard + g.rules + g.goals + g.scored + g.rules_deck + g.rules_discard + g.playing
    for h in g.hands:
        cards += h
    for t in g.tables:
        cards += t
    for fr in g.temp:
        cards += fr[2]
    return cards
