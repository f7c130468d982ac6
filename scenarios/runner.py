"""The rules-scenario runner (see shared/scenarios/SPEC.md).

A scenario lays out an exact table, makes decisions through the engine's
one door, and checks what follows. Broken files are a FAIL with a sentence
that names the file, the place and the fix, never a traceback.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError, model_validator

from engine.answers import label_value
from engine.cards import CREEPER, KEEPER
from engine.datafile import DataFileError, read_text, toml_loads
from engine.deckfile import DeckError, card_key
from engine.game import Event, Game
from engine.prompts import Answer, IllegalAnswer
from engine.registry import VariantError, get_variant
from tutor.explain import Explainer

MAX_SCENARIO_BYTES = 1_000_000
CardList = list[str]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Expect(_M):
    hands: list[CardList] | None = None
    hand_sizes: list[int] | None = None
    tables: list[CardList] | None = None
    attached: dict[str, str] | None = None
    rules: CardList | None = None
    goals: CardList | None = None
    draw_pile: CardList | None = None
    draw_pile_size: int | None = None
    discard: CardList | None = None
    discard_contains: CardList | None = None
    drawn: int | None = None
    played: int | None = None
    active: int | None = None
    waiting_for: int | None = None
    winner: int | None = None
    game_over: bool | None = None
    spots: dict[str, str] | None = None  # the variant's spot names (Variant.spot_names): checked against it
    rules_deck_size: int | None = None
    rules_discard: CardList | None = None
    scored: CardList | None = None
    score: int | None = None
    # the tutor's lines (at its fullest level) from the first step on, or of this step
    explains: list[list[str]] | None = None
    explains_not: list[str] | None = None


class _Answer(_M):
    """The keys that name an answer (a step's, or a move of a lesson's line)."""
    play: str | None = None
    choose: list[str] | None = None
    surprise: str | None = None
    pass_: bool | None = Field(default=None, alias="pass")
    free: str | None = None
    end_turn: bool | None = None
    # true: the engine must refuse the step. A string (this project's
    # extension of the format): it must refuse it with words that contain it.
    error: StrictBool | StrictStr = False

    def given(self) -> list[str]:
        return [k for k in ("play", "choose", "surprise", "pass_", "free", "end_turn") if getattr(self, k) is not None]


def _one_answer(given: list[str], what: str) -> None:
    if len(given) != 1:
        raise ValueError(f"{what} needs exactly one of play, choose, surprise, pass, free, end_turn"
                         + (f" (it has {', '.join(k.rstrip('_') for k in given)})" if given else ""))


class Move(_Answer):
    """One answer of a lesson's line (the keys of a step, without checks)."""
    player: int = Field(default=0, ge=0, le=5)

    @model_validator(mode="after")
    def _one(self) -> Move:
        _one_answer(self.given(), "a move")
        return self


class HintMove(Move):
    """An answer a hint may name (a hint position's ``[[hint_best]]``), with
    the phrases its line must then hold: the fact that decides that move."""
    names: list[str] = []


class Wrong(Move):
    """A tempting move that does not reach a lesson step's objective: the
    tutor plays it out on a copy of the table (the move, then ``then``) and
    shows what it leads to, with ``why``; the real table is left as it was."""
    why: str = Field(min_length=1)
    then: list[Move] = []
    at: int = Field(default=0, ge=0)  # wrong as the attempt's answer number ``at`` (0: its first)


class Step(_Answer):
    player: int = Field(ge=0, le=5)
    expect: Expect | None = None
    say: str = ""    # lessons: what the tutor says before this step
    hint: str = ""   # lessons: a nudge after a wrong move (the step itself is the answer)
    # lessons: an objective step (no move keys). The learner may answer in
    # any legal way; the step is passed when the table matches ``goal``; it
    # fails (the table goes back to the step's start) when the learner's
    # turn ends, the game ends, or more than ``max_moves`` answers (0: no
    # cap) are given without reaching it. ``line`` is the intended answers,
    # ``alt`` another line that also reaches it, ``par`` the fewest answers
    # (the third star), ``wrong`` the tempting moves the tutor plays out.
    objective: str = ""
    goal: Expect | None = None
    line: list[Move] = []
    alt: list[Move] = []
    par: int = Field(default=0, ge=0)
    max_moves: int = Field(default=0, ge=0)
    turns: int = Field(default=1, ge=1)  # the turns the objective may take (1: this one); others play their own
    wrong: list[Wrong] = []
    rule: str = ""   # lessons: the rule id the step teaches (the tutor's reference)

    @model_validator(mode="after")
    def _one(self) -> Step:
        given = self.given()
        if self.objective or self.goal is not None:
            if given:
                raise ValueError("an objective step has no move of its own: its answers go under 'line'")
            if not (self.objective and self.goal is not None and self.line):
                raise ValueError("an objective step needs 'objective' (in words), 'goal' (the table to reach) "
                                 "and 'line' (the intended answers)")
            return self
        _one_answer(given, "a step")
        return self


class Setup(_M):
    phase: Literal["play", "turn_start", "deal"] = "play"
    active: int = Field(default=0, ge=0, le=5)
    drawn: int | None = Field(default=None, ge=0)
    played: int = Field(default=0, ge=0)
    draw_pile: CardList = []
    discard: CardList = []
    hands: list[CardList] = []
    tables: list[CardList] = []
    attached: dict[str, str] = {}
    rules: CardList = []
    goals: CardList = []
    rules_deck: CardList = []
    rules_discard: CardList = []
    spots: dict[str, str] = {}  # a rule spot of the variant's (Variant.spot_names) -> its New Rule ("": empty)
    scored: CardList = []


class Scenario(_M):
    name: str = Field(min_length=1)
    source: str = ""
    decks: list[str] = ["fluxx5"]
    variant: str = "standard"  # a registered variant's name (checked by the registry)
    players: int | None = Field(default=None, ge=1, le=6)
    seed: int = 0
    setup: Setup = Setup()
    step: list[Step] = []
    expect: Expect | None = None
    # hint positions (this project's extension): after the steps, the hint must name one of
    # ``hint_best`` (the answers a search at ten times the hint's budget found as good as the best)
    # and its line must hold each phrase of ``hint_names`` (the fact that decides the move)
    hint_best: list[HintMove] = []
    hint_names: list[str] = []
    # lessons: a stacked table with narration (see tutor/lessons/)
    title: str = ""
    intro: str = ""
    outro: str = ""


class ScenarioError(Exception):
    pass


def load_scenario(path: Path) -> Scenario:
    try:
        data = toml_loads(read_text(path, MAX_SCENARIO_BYTES, "a scenario"), "a scenario")
    except DataFileError as e:
        raise ScenarioError(str(e)) from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"not valid TOML: {e}") from None
    try:
        return Scenario.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "top level"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key; see the scenario format for the keys allowed there"
        more = f" (and {len(e.errors()) - 1} more problem(s))" if len(e.errors()) > 1 else ""
        raise ScenarioError(f"at '{loc}': {msg}{more}") from None


def build_table(sc: Scenario) -> Game:
    """The Game a scenario (or lesson) lays out, started and ready for its first step."""
    return _Table(sc).build()


def step_answer(g: Game, st: Step | Move, i: int) -> Answer:
    """The answer a step (or a lesson's move) stands for, against the question now asked."""
    return _answer(g, st, i)


class _Table:
    """Builds a Game from a scenario's [setup]."""

    def __init__(self, sc: Scenario):
        self.sc = sc
        try:
            players = sc.players or get_variant(sc.variant).min_players
        except VariantError as e:
            raise ScenarioError(f"at 'variant': {e}") from None
        try:
            self.g = Game.blank(tuple(sc.decks), players, sc.variant, sc.seed)
        except DeckError as e:
            raise ScenarioError(f"at 'decks': {'; '.join(e.problems)}") from None
        except ValueError as e:
            raise ScenarioError(f"at 'players': {e}") from None
        self.placed: dict[int, str] = {}

    def card(self, name: str, where: str) -> int:
        c = self.g.db.find(name)
        if c is None:
            raise ScenarioError(f"at '{where}': no card named '{name}' in the decks {', '.join(self.g.decks)}")
        if c in self.placed:
            raise ScenarioError(f"at '{where}': '{name}' is already placed at '{self.placed[c]}'; each card exists once")
        self.placed[c] = where
        return c

    def cards(self, names: list[str], where: str) -> list[int]:
        return [self.card(n, f"{where}[{i}]") for i, n in enumerate(names)]

    def build(self) -> Game:
        g, s = self.g, self.sc.setup
        n = g.nplayers
        if s.active >= n:
            raise ScenarioError(f"at 'setup.active': seat {s.active} does not exist with {n} player(s)")
        for key in ("hands", "tables"):
            if len(getattr(s, key)) > n:
                raise ScenarioError(f"at 'setup.{key}': {len(getattr(s, key))} seats given for {n} player(s)")
        g.draw = list(reversed(self.cards(s.draw_pile, "setup.draw_pile")))
        g.discard = list(reversed(self.cards(s.discard, "setup.discard")))
        for p, h in enumerate(s.hands):
            g.hands[p] = self.cards(h, f"setup.hands[{p}]")
            for i, c in enumerate(g.hands[p]):  # the rules never leave one there: a table they cannot reach
                if g.db.cards[c].kind == CREEPER:
                    raise ScenarioError(f"at 'setup.hands[{p}][{i}]': '{h[i]}' is a Creeper, and a Creeper is never "
                                        f"held in a hand (one drawn goes straight onto the table); put it in "
                                        f"'setup.tables[{p}]'")
        for p, t in enumerate(s.tables):
            g.tables[p] = self.cards(t, f"setup.tables[{p}]")
        for cr, k in s.attached.items():
            c1, c2 = g.db.find(cr), g.db.find(k)
            if c1 is None or c2 is None or g.where(c1)[0] != "table" or g.where(c2)[0] != "table":
                raise ScenarioError(f"at 'setup.attached': '{cr}' and '{k}' must both be on a table")
            if g.where(c1) != g.where(c2):
                raise ScenarioError(f"at 'setup.attached': '{cr}' and '{k}' must be on the same table")
            if not g.db.cards[c1].attaching or g.db.cards[c2].kind != KEEPER:
                raise ScenarioError(f"at 'setup.attached': only an attaching Creeper sits on a Keeper, and "
                                    f"'{cr}' on '{k}' is not that; attach an attaching Creeper (The Borg, "
                                    "Malfunction) to a Keeper")
            g.attached[c1] = c2
        rules = self.cards(s.rules, "setup.rules")
        names = g.variant.spot_names
        for spot in s.spots:
            if spot not in names:
                raise ScenarioError(f"at 'setup.spots.{spot}': {g.variant.title} has no rule spot '{spot}' "
                                    + (f"(its spots: {', '.join(names)})" if names else "(it has no rule spots)"))
        for spot in names:  # in the variant's order, whatever the file's
            name = s.spots.get(spot, "")
            if name:
                rules.append(self.card(name, f"setup.spots.{spot}"))
        for r in rules:
            if g.db.cards[r].type != "rule":
                raise ScenarioError(f"at 'setup.rules': '{g.name(r)}' is not a New Rule")
        g.rules = rules
        g.goals = self.cards(s.goals, "setup.goals")
        for c in g.goals:
            if g.db.cards[c].type != "goal":
                raise ScenarioError(f"at 'setup.goals': '{g.name(c)}' is not a Goal")
        g.rules_deck = list(reversed(self.cards(s.rules_deck, "setup.rules_deck")))
        g.rules_discard = list(reversed(self.cards(s.rules_discard, "setup.rules_discard")))
        g.scored = self.cards(s.scored, "setup.scored")
        g.active = s.active
        if s.phase == "play":
            g.phase = "play"
            g.turn = 1
            g.hand_at_start = len(g.hands[s.active])
            g.played = s.played
            g.drawn = s.drawn if s.drawn is not None else g.draw_required(s.active)
        elif s.drawn is not None or s.played:
            raise ScenarioError("at 'setup': 'drawn' and 'played' are for phase \"play\" only")
        try:
            g.begin(s.phase)
        except Exception as e:  # a broken table (for instance no cards to deal)
            raise ScenarioError(f"at 'setup': the engine could not start from this table ({e})") from None
        return g


# expectations compared as they are: (key in [expect], attribute of the game)
_PLAIN = (("drawn", "drawn"), ("played", "played"), ("active", "active"), ("waiting_for", "waiting_for"),
          ("winner", "winner"), ("game_over", "over"))


def _names(g: Game, ids: Iterable[int]) -> list[str]:
    return [g.name(c) for c in ids]


def _set(names: Iterable[str]) -> set[str]:
    return {card_key(n) for n in names}


def _fmt(names: Iterable[str]) -> str:
    return "[" + ", ".join(sorted(names)) + "]"


def check_expect(g: Game, ex: Expect, where: str, lines: list[str] | None = None) -> list[str]:
    """Compare the table with an [expect] table; return the differences in words.
    ``lines`` are the tutor's lines the expectation's ``explains`` keys look at."""
    out: list[str] = []

    def sets(label: str, want: list[str], got_ids: Iterable[int]) -> None:
        for n in want:
            if g.db.find(n) is None:
                out.append(f"{where}{label}: no card named '{n}'")
                return
        got = _names(g, got_ids)
        if _set(want) != _set(got):
            out.append(f"{where}{label}: expected {_fmt(want)}, got {_fmt(got)}")

    def seats(label: str, want: list[list[str]], zones: list[list[int]]) -> None:
        for p, w in enumerate(want):
            if p >= g.nplayers:
                out.append(f"{where}{label}: seat {p} does not exist")
                continue
            sets(f"{label}[{p}]", w, zones[p])

    def eq(label: str, want: object, got: object) -> None:
        if want != got:
            out.append(f"{where}{label}: expected {want}, got {got}")

    if ex.hands is not None:
        seats("hands", ex.hands, g.hands)
    if ex.hand_sizes is not None:
        eq("hand_sizes", ex.hand_sizes, [len(h) for h in g.hands][:len(ex.hand_sizes)])
    if ex.tables is not None:
        seats("tables", ex.tables, g.tables)
    if ex.attached is not None:
        want_at = {card_key(k): card_key(v) for k, v in ex.attached.items()}
        got_at = {g.db.cards[k].key: g.db.cards[v].key for k, v in g.attached.items()}
        if want_at != got_at:
            pretty = {g.name(k): g.name(v) for k, v in g.attached.items()}
            out.append(f"{where}attached: expected {ex.attached}, got {pretty}")
    if ex.rules is not None:
        sets("rules", ex.rules, g.rules)
    if ex.goals is not None:
        sets("goals", ex.goals, g.goals)
    if ex.draw_pile is not None:
        pile = _names(g, reversed(g.draw))
        if [card_key(n) for n in ex.draw_pile] != [card_key(n) for n in pile]:
            out.append(f"{where}draw_pile: expected {ex.draw_pile} (top first), got {pile}")
    if ex.draw_pile_size is not None:
        eq("draw_pile_size", ex.draw_pile_size, len(g.draw))
    if ex.discard is not None:
        sets("discard", ex.discard, g.discard)
    if ex.discard_contains is not None:
        in_discard = _set(_names(g, g.discard))
        missing = [n for n in ex.discard_contains if card_key(n) not in in_discard]
        if missing:
            out.append(f"{where}discard_contains: {_fmt(missing)} not in the discard pile {_fmt(_names(g, g.discard))}")
    for key, attr in _PLAIN:
        want = getattr(ex, key)
        if want is not None:
            eq(key, want, getattr(g, attr))
    if ex.spots is not None:
        have = g.variant.spots(g)
        if have is None:
            out.append(f"{where}spots: {g.variant.title} has no rule spots")
        else:
            for k, v in ex.spots.items():
                if k not in have:
                    out.append(f"{where}spots.{k}: {g.variant.title} has no rule spot '{k}' (its spots: "
                               f"{', '.join(have)})")
                    continue
                there = g.name(have[k]) if have[k] >= 0 else ""
                if card_key(v) != card_key(there):
                    out.append(f"{where}spots.{k}: expected '{v}', got '{there}'")
    if ex.rules_deck_size is not None:
        eq("rules_deck_size", ex.rules_deck_size, len(g.rules_deck))
    if ex.rules_discard is not None:
        sets("rules_discard", ex.rules_discard, g.rules_discard)
    if ex.scored is not None:
        sets("scored", ex.scored, g.scored)
    if ex.score is not None:
        eq("score", ex.score, len(g.scored))
    out += check_explains(ex, lines or [], where)
    return out


def check_explains(ex: Expect, lines: list[str], where: str) -> list[str]:
    out: list[str] = []
    low = [x.lower() for x in lines]
    for words in ex.explains or []:
        want = [w.lower() for w in words]
        if not any(all(w in line for w in want) for line in low):
            shown = "\n    ".join(lines) if lines else "(none)"
            out.append(f"{where}explains: no line of the tutor has all of {words}; its lines were:\n    {shown}")
    for phrase in ex.explains_not or []:
        hits = [line for line, lo in zip(lines, low, strict=False) if phrase.lower() in lo]
        if hits:
            out.append(f"{where}explains_not: the tutor said '{phrase}': {hits[0]}")
    return out


def tutor_lines(g: Game, explainer: Explainer, events: list[Event]) -> list[str]:
    """What the tutor says about these events at its fullest level, as the
    front ends tell them (``explain_all``: the changed numbers told with
    their cause): each event's line and the rule's reference text under it,
    and for a burst told as one line, each of its events' own line too."""
    told = explainer.explain_all(g, events)
    sizes = Counter(t.group for t in told)
    out: list[str] = []
    for e, t in zip(events, told, strict=True):
        out.append(t.x.text)
        if t.head and sizes[t.group] > 1:
            out.append(explainer.explain(g, e).text)
        if t.x.more:
            out.append(t.x.more)
    return out


def _label_value(g: Game, label: str) -> Any:
    """Turn a scenario label into an option value of the pending prompt (the one answer codec)."""
    try:
        return label_value(g, label)
    except IllegalAnswer as e:
        raise ScenarioError(str(e)) from None


def _answer(g: Game, st: Step | Move, i: int) -> Answer:
    pr = g.prompt
    where = f"step {i + 1}"
    if pr is None:
        raise ScenarioError(f"{where}: the game is over (winner p{g.winner}); no step can follow"
                            if g.over and g.winner >= 0 else f"{where}: the game is over; no step can follow")
    if st.surprise is not None:
        c = g.db.find(st.surprise)
        if c is None:
            raise ScenarioError(f"{where}: no card named '{st.surprise}'")
        if _window(g) and pr.player == st.player and c in pr.options:
            return ("choose", (c,))
        # not offered to this player here: the engine refuses, with the reason (error steps)
        return ("surprise", st.player, c)
    if st.player != pr.player:
        raise ScenarioError(f"{where}: the engine is waiting for p{pr.player} ({pr.ask}: {pr.reason}), not p{st.player}")
    if st.play is not None:
        c = g.db.find(st.play)
        if c is None:
            raise ScenarioError(f"{where}: no card named '{st.play}'")
        return ("play", c)
    if st.free is not None:
        c = g.db.find(st.free)
        if c is None:
            raise ScenarioError(f"{where}: no card named '{st.free}'")
        return ("free", c)
    if st.end_turn is not None:
        return ("end",)
    if st.pass_ is not None:
        return ("pass",)
    assert st.choose is not None  # a step is exactly one kind (the format's check): what is left chooses
    if pr.kind == "turn":
        if [x.lower() for x in st.choose] in (["random"], ["end"]):
            return (st.choose[0].lower(),)
        if not st.error:
            raise ScenarioError(f"{where}: the engine is asking p{pr.player} to play a card, not to choose")
        # a choice where the rules allow none (say, discarding at will): the engine must refuse it
        return ("choose", tuple(g.db.find(x) if g.db.find(x) is not None else x for x in st.choose))
    try:
        return ("choose", tuple(_label_value(g, x) for x in st.choose))
    except ScenarioError as e:
        raise ScenarioError(f"{where}: {e}") from None


def _why_not(g: Game, st: Step | Move) -> str:
    """Say where a card is when a step needs it somewhere else."""
    name = st.play or st.free or st.surprise
    if not name:
        return ""
    c = g.db.find(name)
    if c is None:
        return ""
    zone, seat = g.where(c)
    return f" ('{g.name(c)}' is in {zone}" + (f" of p{seat}" if seat >= 0 else "") + ")"


def _window(g: Game) -> bool:
    return g.prompt is not None and g.prompt.ask == "surprise"


def _window_of(g: Game) -> int:
    """The seat a Surprise window is open for, or -1."""
    return g.prompt.player if g.prompt is not None and g.prompt.ask == "surprise" else -1


def settle_windows(g: Game, st: Step | Move) -> list[Event]:
    """Before a step: a ``surprise`` step passes the windows of the players
    asked before its player; a ``pass`` step by the asked player declines
    that window only; any other step declines every open window. Returns
    the events of those passes."""
    events: list[Event] = []
    if st.surprise is not None:
        from engine.surprises import usable
        c = g.db.find(st.surprise)
        if c is None or not g.chain or c not in usable(g, st.player, g.chain[-1]):
            return events  # this player is never offered it here: the engine will say why not
        while _window(g) and _window_of(g) != st.player:
            events += g.push(("pass",))
        return events
    if st.pass_ is not None and _window_of(g) == st.player:
        return events
    while _window(g):
        events += g.push(("pass",))
    return events


def run_scenario(sc: Scenario, check: Callable[[Game], None] | None = None) -> list[str]:
    """Run one scenario; return the failures (empty when it passes).
    ``check`` is called with the game as laid out and after each accepted
    decision (the tests pass their invariants: no card lost or duplicated, ...)."""
    g = _Table(sc).build()
    if check is not None:
        check(g)
    explainer = Explainer("full")
    explainer.watch(g)  # the numbers in force as laid out: their changes are told
    lines: list[str] = []
    for i, st in enumerate(sc.step):
        if st.objective:  # a lesson's objective step: its intended line must reach its goal
            from .coach import others_play
            for m in st.line:
                lines += tutor_lines(g, explainer, others_play(g, m.player, sc.seed))
                events = settle_windows(g, m)
                try:
                    events += g.push(_answer(g, m, i))
                except IllegalAnswer as e:
                    return [f"step {i + 1}: the engine refused a move of its line: {e}{_why_not(g, m)}"]
                if check is not None:
                    check(g)
                lines += tutor_lines(g, explainer, events)
            assert st.goal is not None
            diffs = check_expect(g, st.goal, f"after step {i + 1}'s line: ")
            if diffs:
                return diffs
            continue
        events = settle_windows(g, st)
        ans = _answer(g, st, i)
        before = g.to_dict() if st.error else None
        try:
            events += g.push(ans)
        except IllegalAnswer as e:
            if not st.error:
                return [f"step {i + 1}: the engine refused it: {e}{_why_not(g, st)}"]
            if isinstance(st.error, str) and st.error.lower() not in str(e).lower():
                return [f"step {i + 1}: the engine refused it, but said '{e}', not '{st.error}'"]
            if g.to_dict() != before:
                return [f"step {i + 1}: the engine refused it but changed the game"]
        else:
            if st.error:
                return [f"step {i + 1}: the engine accepted a decision the rules forbid"]
            if check is not None:
                check(g)
        said = tutor_lines(g, explainer, events)
        lines += said
        if st.expect is not None:
            diffs = check_expect(g, st.expect, f"after step {i + 1}: ", said)
            if diffs:
                return diffs
    if sc.expect is not None:
        diffs = check_expect(g, sc.expect, "", lines)
        if diffs:
            return diffs
    if sc.hint_best or sc.hint_names:
        return check_hint(g, sc)
    return []


def check_hint(g: Game, sc: Scenario) -> list[str]:
    """The hint of the position the steps left: its move is one of
    ``hint_best`` and its line names each of ``hint_names`` (case-blind).
    The search runs at its rollout budget, without the safety clock."""
    from engine.prompts import same_move
    from tutor.hints import answer_words, hint_and_line, search
    if g.prompt is None:
        return ["hint: the game is over; there is no question to hint at"]
    found = search(g, g.decisions, ms=None)
    move, line = hint_and_line(g, found.ranked, found.futures, found.tried, found.cut)
    best = [_answer(g, m, len(sc.step)) for m in sc.hint_best]
    if best and not any(same_move(move, b) for b in best):
        return [f"hint: it names {answer_words(g, move)}, not {' or '.join(answer_words(g, b) for b in best)}: {line}"]
    named = next((m.names for m, b in zip(sc.hint_best, best, strict=True) if same_move(move, b)), [])
    for phrase in [*sc.hint_names, *named]:
        if phrase.lower() not in line.lower():
            return [f"hint: its line does not say '{phrase}': {line}"]
    return []


def scenario_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.toml")))
        else:
            out.append(path)
    return out


def run_paths(paths: list[str], echo: Callable[[str], object] = print) -> tuple[int, int]:
    """Run every scenario under ``paths``; print PASS/FAIL lines and the count."""
    passed = failed = 0
    for f in scenario_files(paths):
        name = f.stem
        try:
            if not f.exists():
                raise ScenarioError("no such file or folder")
            sc = load_scenario(f)
            name = sc.name
            diffs = run_scenario(sc)
        except ScenarioError as e:
            diffs = [str(e)]
        except Exception as e:  # an engine bug must still be a FAIL line, not a traceback
            diffs = [f"the engine raised {type(e).__name__}: {e}"]
        if diffs:
            failed += 1
            echo(f"FAIL {f}: {name}: {'; '.join(diffs)}")
        else:
            passed += 1
            echo(f"PASS {f}: {name}")
    echo(f"{passed} passed, {failed} failed")
    return passed, failed
