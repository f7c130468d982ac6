"""Where the engine's events go: a sink.

A game that keeps no log has the no-op ``Sink``: every method does nothing,
so the mechanisms call it unconditionally and pay only the call (no check of
"is anybody listening" at each site, no facts gathered for nobody). A game
that keeps a log has a ``Recorder``: it makes each event (``engine.events``),
gathers the facts an event carries that the mechanism itself did not need
(a number's terms, the plays left and the rule they are counted under, the
Creepers a rule excused), and keeps what telling them needs from one event
to the next (the counted play whose plays left are still to be told, the
free action at work, the near misses already told). That memory is the
recorder's, beside the log: it is not part of the game's state, and a game
without a log has none.

Events are facts; the tutor (``tutor/``) folds and words them. Nothing here
edits an event once it is in the log.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import KEEPER
from .effect_specs import SLOT_PLAY
from .events import EMPTY, PAYLOADS, Empty, Event, Kind

if TYPE_CHECKING:
    from .game import Game

_new_event = tuple.__new__  # Event(...) without the call through its type


class Sink:
    """Nobody listens: every event and every fact for the tutor is dropped."""
    __slots__ = ()
    events: list[Event] | None = None

    def fork(self, g: Game) -> Sink:
        """The sink of a copy of the game (a copy keeps no log unless asked)."""
        return self

    def ev(self, kind: str, rule: str, player: int = -1, card: int = -1, **data: Any) -> None:
        """One event, with its payload's fields by name."""

    def answer(self) -> None:
        """An answer is about to be applied: its events start a new list."""

    def answered(self) -> None:
        """The answer has run: what newly stands between a player and a Goal is told."""

    def turn_start(self, p: int) -> None:
        """A turn begins for ``p``."""

    def draw_phase(self, p: int, n: int) -> None:
        """The turn's draw of ``n``, with its terms."""

    def play_phase(self, p: int) -> None:
        """The play phase begins: the plays in force, with their terms."""

    def play(self, p: int, c: int, src: int) -> None:
        """``p`` plays ``c`` (src 0: a counted play, from the hand)."""

    def random_play(self, p: int, c: int) -> None:
        """First Play Random picked ``c``."""

    def free_action(self, p: int, c: int) -> None:
        """``p`` uses the free action ``c``: what it does is told as its doing."""

    def turn_end(self, p: int, by: int, why: str) -> None:
        """The turn ends (see ``engine.turn.op_end_turn``)."""

    def limit_discards(self, p: int, cards: Sequence[int], rule: str) -> None:
        """``p`` discarded ``cards`` to meet the Hand Limit."""

    def catch_up(self, p: int, owed: int) -> None:
        """The draw grew mid-turn: ``owed`` more are drawn at once."""

    def drew(self, p: int, cards: list[int], rule: str) -> None:
        """``p`` drew ``cards`` (in order) by ``rule``."""

    def resolved(self, p: int, c: int, kind: int) -> None:
        """The card ``p`` played resolves (``kind``: the card's, engine.cards): a Keeper comes onto
        the table, an Action (or a Surprise played for its in-turn function) takes effect."""

    def action_done(self, p: int, c: int) -> None:
        """The Action ``c`` is done and goes to the discard pile."""

    def goal(self, p: int, c: int, old: list[int]) -> None:
        """The Goal ``c`` replaced ``old`` (the Goals that stood)."""

    def goal_joined(self, p: int, c: int, joined: bool) -> None:
        """The Goal ``c`` took a free Goal slot (``joined``: beside another)."""

    def rule(self, p: int, c: int, rule: str, spot: str | None) -> None:
        """The New Rule ``c`` came into play (in Solo, into ``spot``)."""

    def discarded(self, p: int, cards: list[int], rule: str) -> None:
        """``p`` discarded ``cards`` from the hand by ``rule``."""

    def off_table(self, told: list[tuple[int, int]], c: int, rule: str, by: int, why: dict[str, Any]) -> None:
        """Cards left tables as one unit (``told``: (card, seat)); ``c`` was the one chosen."""

    def rule_left(self, r: int, by: int, rule: str, why: dict[str, Any]) -> None:
        """The New Rule ``r`` left play."""

    def inflated(self, card: int, param: str, n: int, plus: int) -> None:
        """Inflation changed a numeral a card acts on."""

    def swap(self, p: int, r: int, n: int) -> None:
        """Swap Plays for Draws turned ``n`` plays into draws."""

    def win_why(self, goal: int, p: int) -> dict[str, Any]:
        """What a win by ``goal`` carries for the tutor (and the Creepers a rule excused, told)."""
        return _NO_WHY


_NO_WHY: dict[str, Any] = {}
NOBODY = Sink()


class Recorder(Sink):
    """The log of the answer being applied, and the memory telling it needs."""
    __slots__ = ("g", "events", "near", "tell_left", "told_draw", "play_gone", "acting")

    def __init__(self, g: Game) -> None:
        self.g = g
        self.events: list[Event] | None = []
        self.near: tuple[Any, ...] = ()   # the near misses last told
        self.tell_left = -1   # the seat whose counted play waits to have its plays left told, or -1
        self.told_draw = -1   # the turn's draw as last told (a catch-up to it is owed draws resuming)
        self.play_gone = -1   # the Play rule that left play this turn, or -1
        self.acting = -1      # the free action at work (the cause of what it does), or -1

    def fork(self, g: Game) -> Sink:
        r = Recorder(g)
        r.near, r.tell_left, r.told_draw, r.play_gone, r.acting = (
            self.near, self.tell_left, self.told_draw, self.play_gone, self.acting)
        return r

    def ev(self, kind: str, rule: str, player: int = -1, card: int = -1, **data: Any) -> None:
        g = self.g
        cls = PAYLOADS[kind]
        pay = EMPTY if cls is Empty and not data else cls(**data)
        assert self.events is not None
        self.events.append(_new_event(Event, (kind, rule, player, card, pay,
                                              g.playing[-1] if g.playing else self.acting)))

    def answer(self) -> None:
        self.events = []

    def answered(self) -> None:
        """The turn's question come back (``_question_back``), then what newly
        stands between a player and a Goal (a Creeper, a tie), as the variant
        sees it, and a New Rule that now does nothing by its own words. Told
        once, when it starts: the last answer's list is kept."""
        self._question_back()
        g = self.g
        now = [] if g.over else g.variant.near_misses(g)
        notes = g.pidx.idle_notes
        if notes and not g.over and not notes.isdisjoint(g.rules):
            for r in g.rules:
                if r in notes:
                    m = g.passive[r]
                    why = m.idle_why(g, r)
                    if why:
                        now.append((Kind.NOTHING, m.rule_id, g.active, r, {"why": why}))
        before = self.near
        if not now and not before:  # the common case: nothing stands in anybody's way, before or now
            return
        # (a rule's own idleness is the table's, not a seat's: its seat is left out of what is compared)
        # (and a Creeper that joins others already stopping a win is no new near miss: "also" is left out)
        keys = [(k, r, -1 if k == "nothing" else p, goal, tuple(sorted(x for x in d.items() if x[0] != "also")))
                for k, r, p, goal, d in now]
        for key, (kind, rule, p, goal, data) in zip(keys, now, strict=True):
            if key not in before:
                self.ev(kind, rule, p, goal, **data)
        self.near = tuple(keys)

    def turn_start(self, p: int) -> None:
        self.play_gone = -1
        g = self.g
        self.ev(Kind.TURN_START, "turn.start", p, turn=g.turn, extra=g.in_extra)

    def draw_phase(self, p: int, n: int) -> None:
        terms = self.g.draw_terms(p)
        self.ev(Kind.DRAW_PHASE, "turn.draw", p, n=n, terms=terms)
        self.told_draw = n
        self._terms(p, terms, "draw")

    def play_phase(self, p: int) -> None:
        g = self.g
        terms = g.play_terms(p)
        n = g.plays_left(p)
        short = terms[0][1] > 0 and n < sum(t[1] for t in terms)  # a numeral larger than the hand
        self.ev(Kind.PLAY_PHASE, "turn.play-more-than-held" if short else "turn.play", p, n=n, terms=terms,
                hand=len(g.hands[p]))
        self._terms(p, terms, "play")

    def _terms(self, p: int, terms: list[list[int]], to: str) -> None:
        """Each New Rule that changes the draw or the plays, with its rule id
        and what it adds (0: nothing now), after the phase's sum."""
        g = self.g
        for c, n in terms[1:]:
            m = g.passive[c]
            rid = m.rule_id
            if n == 0 and m.needs_others and g.nplayers == 1 and g.variant.alone_rule:
                rid = g.variant.alone_rule  # alone, there is nobody to compare with
            if rid:
                self.ev(Kind.BONUS, rid, p, c, n=n, to=to)

    def play(self, p: int, c: int, src: int) -> None:
        self.ev(Kind.PLAY, "turn.play", p, c, src=src)
        if src == 0 and p == self.g.active:  # a counted play: the plays left are told once it has resolved
            self.tell_left = p

    def random_play(self, p: int, c: int) -> None:
        self.acting = -1  # the turn's own play: the question came back (unasked) before it
        # why it applies: the plays in force are more than 1 (Inflation may be why)
        self.ev(Kind.RANDOM_PLAY, "rule.first-play-random", p, c, terms=self.g.play_terms(p))

    def free_action(self, p: int, c: int) -> None:
        self.ev(Kind.FREE_ACTION, "turn.free-action", p, c)
        self.acting = c  # what it does is told as its doing (until the turn's question comes back)

    def turn_end(self, p: int, by: int, why: str) -> None:
        g = self.g
        self.tell_left = -1
        if why != "card":  # the turn's question came back before it ended (a card that ends it is its cause)
            self.acting = -1
        flag: dict[str, Any] = {"empty": {"empty": True}, "chose": {"chose": True}}.get(why, {})
        if why == "plays":  # the plays ran out: under which Play rule, and the one that left this turn, if any
            v = g.rule_view()
            if v.plus or v.play_bonus:  # Inflation or a bonus: the sum behind the number, term by term
                terms = g.play_terms(p)
                flag = {"rule_card": v.play_card, "allowed": sum(n for _, n in terms) if v.play_max >= 0 else -1,
                        "terms": terms}
            else:
                flag = {"rule_card": v.play_card, "allowed": v.play_max}
            if v.play_max < 0:  # All But N: what it keeps in hand, when Inflation or a bonus changes the N
                kept = g.kept_quantity(p)
                if any(n for _, n in kept.terms[1:]):
                    flag["kept"] = kept.plain()
            if self.play_gone >= 0:
                flag["gone"] = self.play_gone
        self.ev(Kind.TURN_END, "turn.end", p, by, played=g.played, **flag)
        self.acting = -1

    def limit_discards(self, p: int, cards: Sequence[int], rule: str) -> None:
        g = self.g  # the limit, and the card that sets it (its printed number, for Inflation)
        n, lc = g.hand_limit(), g.rule_view().hand_card
        for c in cards:
            self.ev(Kind.LIMIT_DISCARD, rule, p, c, limit="hand", n=n, limit_card=lc)

    def catch_up(self, p: int, owed: int) -> None:
        g = self.g  # what the draw is now, and what is owed
        total = g.drawn + owed
        self.ev(Kind.CATCH_UP, "turn.catch-up", p, owed=owed, drawn=g.drawn, terms=g.draw_terms(p),
                resumed=total == self.told_draw, piles=len(g.draw) + len(g.discard))
        self.told_draw = total

    def _question_back(self) -> None:
        """The answer ends with the turn's question back to the active seat
        (asked last thing, by the turn's idle): any free action is done, and
        the plays left after a counted play, once it has fully resolved, are
        told (with none left, the turn's end says so instead; it comes first)."""
        g = self.g
        pr = g.prompt
        if pr is None or pr.kind != "turn" or pr.ask != "play":
            return
        self.acting = -1
        p = g.active
        if self.tell_left == p:
            self.tell_left = -1
            frees = any(o[0] == "free" for o in pr.options)
            left = g.plays_left(p)
            if left > 0 or frees:
                told = g.plays_told(p, g.rule_view(), left)
                if frees:
                    told["free"] = True
                self.ev(Kind.PLAYS_LEFT, "turn.play", p, -1, **told)

    def drew(self, p: int, cards: list[int], rule: str) -> None:
        for c in cards:
            self.ev(Kind.DRAW, rule, p, c)

    def resolved(self, p: int, c: int, kind: int) -> None:
        if kind == KEEPER:
            self.ev(Kind.KEEPER, "card.keeper", p, c)
        else:
            self.ev(Kind.ACTION, "card.action", p, c)

    def action_done(self, p: int, c: int) -> None:
        self.ev(Kind.ACTION_DONE, "card.action", p, c)

    def goal(self, p: int, c: int, old: list[int]) -> None:
        for was in old:
            self.ev(Kind.GOAL_DISCARDED, "card.goal", p, was, replaced_by=c)
        self.ev(Kind.GOAL, "card.goal", p, c)

    def goal_joined(self, p: int, c: int, joined: bool) -> None:
        self.ev(Kind.GOAL, "rule.double-agenda", p, c, joined=joined)

    def rule(self, p: int, c: int, rule: str, spot: str | None) -> None:
        if spot is None:
            self.ev(Kind.RULE, rule, p, c)
        else:
            self.ev(Kind.RULE, rule, p, c, spot=spot)

    def discarded(self, p: int, cards: list[int], rule: str) -> None:
        for c in cards:
            self.ev(Kind.DISCARD, rule, p, c)

    def off_table(self, told: list[tuple[int, int]], c: int, rule: str, by: int, why: dict[str, Any]) -> None:
        # told with the card chosen first, then what went along with it
        if told[0][0] != c:
            told = sorted(told, key=lambda xp: xp[0] != c)
        for x, p in told:
            if x == c:
                self.ev(Kind.DISCARD_TABLE, rule, p, x, by=by, **why)
            else:
                self.ev(Kind.DISCARD_TABLE, rule, p, x, by=by, along=c)

    def rule_left(self, r: int, by: int, rule: str, why: dict[str, Any]) -> None:
        g = self.g
        if g.db.cards[r].slot == SLOT_PLAY:
            self.play_gone = r  # the turn's end names the Play rule that left this turn
        self.ev(Kind.RULE_DISCARDED, rule, by, r, **why)

    def inflated(self, card: int, param: str, n: int, plus: int) -> None:
        self.ev(Kind.INFLATED, "rule.inflation", self.g.active, card, param=param, printed=n, total=n + plus)

    def swap(self, p: int, r: int, n: int) -> None:
        g = self.g  # the plays swapped, and what makes them (Inflation, a bonus, the hand: a play needs a card)
        self.ev(Kind.SWAP, "rule.swap-plays-for-draws", p, r, **g.plays_told(p, g.rule_view(), n))

    def win_why(self, goal: int, p: int) -> dict[str, Any]:
        return self.g.variant.win_facts(self.g, goal, p)
