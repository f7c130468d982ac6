"""The numbers that follow from the table: what the New Rules in play set
(``RuleView``, worked out once per set of rules), the passive effects of a
card set looked up once (``PassiveIndex``), and the arithmetic of a turn
(``Numbers``: cards owed for the draw rule, plays left, limits, bonuses,
Inflation), computed when needed and never stored."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import CREEPER, KEEPER, CardDB
from .effect_specs import SLOT_DRAW, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT, SLOT_PLAY
from .hooks import AFTER_TASK, FREE_RULES, FREE_TABLE, HAND_ONLY, HAND_ONLY_NO_CREEPERS, NEUTRAL, PASSIVE, Passive

if TYPE_CHECKING:
    from .game import Game


class PassiveIndex:
    """The passive effects of one card set, looked up once: by card id, and
    for each hook the cards whose effect uses it (so that the hot paths ask
    only those, and a game without them pays nothing). Also the cards with
    a free action, the standing checks that apply to the set, and the
    ``RuleView`` of each set of New Rules met so far."""
    __slots__ = ("of", "numeral", "draw", "adjust", "play", "random_first", "goal_room", "power_off",
                 "excuses", "blocks", "stands_in", "turn_start", "on_goals", "settling", "free_rules",
                 "free_table", "standing", "views", "by_set", "db", "is_keeper", "play_move", "slot_index",
                 "plain_goals", "last", "hand_only", "creepers", "move_of", "idle_notes", "leaving")

    def __init__(self, db: CardDB):
        self.db = db
        self.is_keeper = bytes(c.kind == KEEPER for c in db.cards)  # by card id: 1 for a Keeper
        self.play_move = [("play", c.id) for c in db.cards]         # by card id: the answer that plays it
        self.move_of = self.play_move.__getitem__                    # (looked up once: the turn prompt maps a hand with it)
        slots = (SLOT_DRAW, SLOT_PLAY, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT)  # RuleView's order
        self.slot_index = [slots.index(c.slot) if c.slot in slots else -1 for c in db.cards]
        self.free_rules = frozenset(c.id for c in db.cards if c.effect and c.effect in FREE_RULES)
        self.free_table = frozenset(c.id for c in db.cards if c.effect and c.effect in FREE_TABLE)
        self.standing = tuple(check for guard, check in AFTER_TASK if guard(db))
        self.views: dict[tuple[int, ...], RuleView] = {}      # by the rules in play, in order
        self.by_set: dict[tuple[int, ...], RuleView] = {}     # by the same rules sorted: one view per set
        # a card without a passive effect gets the neutral Passive (every hook does nothing)
        self.of: list[Passive] = [PASSIVE.get(c.effect, NEUTRAL) if c.effect else NEUTRAL for c in db.cards]

        def using(hook: str) -> frozenset[int]:
            base = getattr(Passive, hook)
            return frozenset(c for c, m in enumerate(self.of)
                             if getattr(type(m), hook) is not base)

        self.numeral, self.draw, self.adjust = using("numeral"), using("draw_bonus"), using("draw_adjust")
        self.play, self.random_first, self.goal_room = using("play_bonus"), using("random_first"), using("goal_room")
        self.power_off, self.excuses, self.blocks = using("power_off"), using("excuses"), using("blocks")
        self.stands_in, self.turn_start = using("stands_in"), using("on_turn_start")
        self.on_goals = tuple(sorted(using("on_goals_changed")))
        self.idle_notes, self.leaving = using("idle_why"), using("on_leave")
        # no card of the set counts as another (Janeway from the Future) or stands
        # in for one (the Holodeck): a Goal is met only by the very cards it names
        self.plain_goals = not db.counted and not self.stands_in
        self.settling = tuple(sorted(using("settle")))
        # the card set has Creepers (a drawn one goes to the table, not the hand)
        self.creepers = any(c.kind == CREEPER for c in db.cards)
        # the tasks that change only hands and piles in this card set (see HAND_ONLY)
        self.hand_only = frozenset(HAND_ONLY | (set() if self.creepers else HAND_ONLY_NO_CREEPERS))
        # the rules asked about last, and their view: to begin with, no rules at all
        self.last: tuple[list[int], RuleView] = ([], RuleView(self, ()))


    def view(self, rules: list[int]) -> RuleView:
        """What these New Rules in play set, worked out once per set of rules."""
        last = self.last  # the rules asked about last time, and their view (one object: threads may share it)
        if rules == last[0]:
            return last[1]
        key = tuple(rules)
        v = self.views.get(key)
        if v is None:
            if len(self.views) >= VIEW_CAP:
                self.views.clear()
                self.by_set.clear()
            canon = tuple(sorted(key))
            v = self.by_set.get(canon)
            if v is None:
                v = self.by_set[canon] = RuleView(self, canon)
            self.views[key] = v
        self.last = (list(rules), v)
        return v


VIEW_CAP = 1 << 15  # orders of rules remembered per card set (a view depends on the set, not the order)


class RuleView:
    """What a set of New Rules in play sets, whatever else is on the table:
    the card in each slot (``draw_card``, ``play_card``, ``hand_card``,
    ``keeper_card``; -1: none, the Basic Rules), what Inflation adds to every
    numeral (``plus``), the draw and the limits with it (``draw_base``,
    ``hand_max``, ``keeper_max``; -1: no limit), the cards that give a bonus,
    the Play rule that has the last word on the draw (``adjust``), whether one
    gives a free action, Double Agenda's room and First Play Random. A
    function of the rules alone (card facts and constant hooks), so it is
    worked out once per set of rules and shared; the property tests compare
    it with the numbers worked out afresh."""
    __slots__ = ("draw_card", "play_card", "hand_card", "keeper_card", "plus", "draw_base",
                 "hand_max", "keeper_max", "draw_bonus", "play_bonus", "free", "goal_room",
                 "random_first", "adjust", "play_max")

    def __init__(self, idx: PassiveIndex, rules: tuple[int, ...]):
        cards, pas = idx.db.cards, idx.of
        rs = set(rules)
        in_slot = [-1, -1, -1, -1]  # the Draw, Play, Hand Limit and Keeper Limit rules
        # one rule per slot (a new one replaces the old); a hand-laid table with two
        # in one slot gets the lower card id (the view is of the set, not the order)
        for r in rules:
            i = idx.slot_index[r]
            if i >= 0 and in_slot[i] < 0:
                in_slot[i] = r
        self.draw_card, self.play_card, self.hand_card, self.keeper_card = in_slot
        infl = self.plus = sum(pas[r].numeral for r in rs & idx.numeral) if idx.numeral else 0
        r = self.draw_card
        self.draw_base = (cards[r].params["n"] if r >= 0 else 1) + infl
        r = self.hand_card
        self.hand_max = cards[r].params["n"] + infl if r >= 0 else -1
        r = self.keeper_card
        self.keeper_max = cards[r].params["n"] + infl if r >= 0 else -1
        self.draw_bonus = tuple(r for r in rules if r in idx.draw) if idx.draw else ()
        self.play_bonus = tuple(r for r in rules if r in idx.play) if idx.play else ()
        self.adjust = self.play_card if self.play_card in idx.adjust else -1
        # the plays of a turn before bonuses, where the Play rule counts them by its
        # numeral (the Basic Rules' 1, Play N; with Inflation); else -1
        r = self.play_card
        self.play_max = 1 + infl if r < 0 else (cards[r].params["n"] + infl if pas[r].by_numeral else -1)
        self.free = not rs.isdisjoint(idx.free_rules)
        self.goal_room = max([1] + [pas[r].goal_room for r in rs & idx.goal_room])
        self.random_first = not rs.isdisjoint(idx.random_first)


_INDEXES: dict[int, tuple[CardDB, tuple[int, ...], PassiveIndex]] = {}


def passive_index(db: CardDB) -> PassiveIndex:
    sizes = (len(PASSIVE), len(FREE_RULES), len(FREE_TABLE), len(AFTER_TASK), len(HAND_ONLY), len(HAND_ONLY_NO_CREEPERS))
    hit = _INDEXES.get(id(db))
    if hit is None or hit[0] is not db or hit[1] != sizes:
        hit = _INDEXES[id(db)] = (db, sizes, PassiveIndex(db))
    return hit[2]


# ------------------------------------------------------------ the arithmetic of a turn
# Methods of ``Game`` (its class body names each one): written here as functions
# of the game, read as ``g.draw_required(p)``.

def slot_rule(g: Game, slot: str) -> int:
    cards = g.db.cards
    for r in g.rules:
        if cards[r].slot == slot:
            return r
    return -1

def inflation(g: Game) -> int:
    """What the New Rules in play add to every numeral (Inflation: 1)."""
    idx = g.pidx
    if not idx.numeral:
        return 0
    last = idx.last  # (view's first test, written out: the rules asked about last are the usual answer)
    return (last[1] if g.rules == last[0] else idx.view(g.rules)).plus  # the view of these rules has the sum

def num(g: Game, card: int, param: str) -> int:
    """A printed numeral on a card, with Inflation."""
    n: int = g.db.cards[card].params[param]
    return n + g.inflation()

def num_told(g: Game, card: int, param: str) -> int:
    """A numeral a card acts on now (an Action's count, a rule's draw), with
    Inflation; when Inflation changes it and somebody listens, the change
    is told (the card's text says the printed number)."""
    n: int = g.db.cards[card].params[param]
    plus = g.inflation()
    if plus:
        g.sink.inflated(card, param, n, plus)
    return n + plus

def keeper_count(g: Game, p: int) -> int:
    return sum(map(g.pidx.is_keeper.__getitem__, g.tables[p]))

def _has_anywhere(g: Game, card: int) -> bool:
    for t in g.tables:
        if card in t:
            return True
    return False

def rule_view(g: Game) -> RuleView:
    """What the New Rules in play set (slots, Inflation, limits, bonus cards)."""
    last = g.pidx.last
    return last[1] if g.rules == last[0] else g.pidx.view(g.rules)

def draw_required(g: Game, p: int) -> int:
    """Cards the active player must draw this turn for the Draw rule and bonuses."""
    last = g.pidx.last
    return g._draw_required(p, last[1] if g.rules == last[0] else g.pidx.view(g.rules))

def _draw_required(g: Game, p: int, v: RuleView) -> int:
    n = v.draw_base
    if v.draw_bonus:
        pas = g.passive
        for x in v.draw_bonus:
            n += pas[x].draw_bonus(g, p, x)
    r = v.adjust
    if r >= 0:
        n = g.passive[r].draw_adjust(g, p, r, n)
    return n

class Quantity(NamedTuple):
    """A number in force with its terms: ``value`` and, for each card that
    sets or changes it, ``(card, n)`` (card -1: the Basic Rules; n 0: a
    bonus that gives nothing now). ``Quantity(4, ((draw3, 3), (inflation, 1)))``
    is the draw under Draw 3 and Inflation. Built only when asked (the
    tutor, the screen, a prompt): the hot paths keep plain integers. The
    terms add up to the value, except where the value is -1 (no limit; a
    Play rule that counts by the hand)."""
    value: int
    terms: tuple[tuple[int, int], ...]

    def said(self, name: Callable[[int], str]) -> str:
        """The number, with its sum when more than one card makes it: "4 (3 +
        1 Inflation)"; a term that gives nothing now is left out."""
        parts = [t for t in self.terms[1:] if t[1]]
        if not parts:
            return str(self.value)
        words = [str(self.terms[0][1])] + [f"{'+' if n > 0 else '-'} {abs(n)} {name(c)}" for c, n in parts]
        return f"{self.value} ({' '.join(words)})"

    def plain(self) -> list[list[int]]:
        """The terms as JSON writes them (an event's ``terms``)."""
        return [[c, n] for c, n in self.terms]


def _inflations(g: Game) -> list[tuple[int, int]]:
    idx = g.pidx
    if not idx.numeral:
        return []
    pas = g.passive
    return [(x, pas[x].numeral) for x in g.rules if x in idx.numeral]

def goal_quantity(g: Game, goal: int) -> Quantity:
    """A count Goal's threshold in force, term by term: the number the Goal
    prints (5 Keepers, 10 Cards in Hand, Away Team's 3 Crew Members) and each
    Inflation; ``Quantity(0, ())`` for a Goal that counts nothing. (The goal
    checks add Inflation to the printed number themselves: this is for what
    is told and shown.)"""
    gd = g.db.goal_defs[goal]
    n = gd.most_count if gd.most_of else gd.any_count
    if not n:
        return Quantity(0, ())
    terms = [(goal, n)] + _inflations(g)
    return Quantity(sum(t[1] for t in terms), tuple(terms))

def draw_quantity(g: Game, p: int) -> Quantity:
    """The draw owed to p this turn, term by term: the Draw rule (-1, 1: the
    Basic Rules), each Inflation, each bonus New Rule in play (0 when it
    gives nothing now) and the Play rule's last word (Play All But 1). The
    value is ``draw_required(p)``."""
    terms = draw_terms(g, p)
    return Quantity(sum(t[1] for t in terms), tuple((c, n) for c, n in terms))

def draw_terms(g: Game, p: int) -> list[list[int]]:
    """``draw_quantity``'s terms as the log writes them (lists): worked out
    here only, the log's path skips building the Quantity."""
    cards, pas, idx = g.db.cards, g.passive, g.pidx
    r = g.slot_rule(SLOT_DRAW)
    terms = [[r, cards[r].params["n"] if r >= 0 else 1]]
    if idx.numeral:  # (a card set without Inflation, or without bonuses, asks nothing more)
        terms += [[x, pas[x].numeral] for x in g.rules if x in idx.numeral]
    if idx.draw:
        terms += [[x, pas[x].draw_bonus(g, p, x)] for x in g.rules if x in idx.draw]
    if idx.adjust:
        r = g.slot_rule(SLOT_PLAY)
        if r in idx.adjust:
            n = sum(t[1] for t in terms)
            d = pas[r].draw_adjust(g, p, r, n) - n
            if d:
                terms.append([r, d])
    return terms

def play_quantity(g: Game, p: int) -> Quantity:
    """The plays p has this turn, term by term: the Play rule (-1, 1: the
    Basic Rules; n 0 for Play All and All But), each Inflation (when the
    Play rule has a numeral) and each bonus. The value is what the rules
    allow in all (``plays_allowed``; -1 when the Play rule counts by the
    hand), before the hand caps it."""
    terms = play_terms(g, p)
    return Quantity(sum(t[1] for t in terms) if terms[0][1] or terms[0][0] < 0 else -1,
                    tuple((c, n) for c, n in terms))

def play_terms(g: Game, p: int) -> list[list[int]]:
    """``play_quantity``'s terms as the log writes them (lists)."""
    pas, idx = g.passive, g.pidx
    r = g.slot_rule(SLOT_PLAY)
    numeral = r < 0 or pas[r].play_number(g, r) > 0
    terms = [[r, 1 if r < 0 else (g.db.cards[r].params.get("n", 0) if numeral else 0)]]
    if numeral and idx.numeral:
        terms += [[x, pas[x].numeral] for x in g.rules if x in idx.numeral]
    if idx.play:
        terms += [[x, pas[x].play_bonus(g, p, x)] for x in g.rules if x in idx.play]
    return terms

def kept_quantity(g: Game, p: int) -> Quantity:
    """The cards a Play rule that counts by the hand leaves in it (Play All
    But 1: its numeral, each Inflation, less each play bonus, never below
    0); ``Quantity(0, ())`` under any other Play rule."""
    r = g.slot_rule(SLOT_PLAY)
    if r < 0 or g.passive[r].by_numeral or "n" not in g.db.cards[r].params:
        return Quantity(0, ())
    pas, idx = g.passive, g.pidx
    terms = [(r, int(g.db.cards[r].params["n"]))] + _inflations(g)
    terms += [(x, -pas[x].play_bonus(g, p, x)) for x in g.rules if x in idx.play]
    return Quantity(max(0, sum(t[1] for t in terms)), tuple(terms))

def limit_quantity(g: Game, slot: str) -> Quantity:
    """The Hand Limit or Keeper Limit in force (``SLOT_HAND_LIMIT``,
    ``SLOT_KEEPER_LIMIT``): the limit rule's printed number and each
    Inflation; ``Quantity(-1, ())`` with no limit in play."""
    r = g.slot_rule(slot)
    if r < 0:
        return NO_LIMIT
    terms = [(r, int(g.db.cards[r].params["n"]))] + _inflations(g)
    return Quantity(sum(t[1] for t in terms), tuple(terms))

def count_quantity(g: Game, card: int, param: str) -> Quantity:
    """A number a card acts on (an Action's count, a rule's draw, a Goal's
    threshold): its printed numeral and each Inflation."""
    terms = [(card, int(g.db.cards[card].params[param]))] + _inflations(g)
    return Quantity(sum(t[1] for t in terms), tuple(terms))

NO_LIMIT = Quantity(-1, ())

def plays_allowed(g: Game, p: int, v: RuleView) -> int:
    """For the tutor: the plays this turn's rules allow p in all (the Play
    rule's numeral with Inflation, and the bonuses), or -1 when the Play
    rule counts by the hand (Play All, All But); ``play_quantity``'s value."""
    if v.play_max < 0:
        return -1
    n = v.play_max
    for x in v.play_bonus:
        n += g.passive[x].play_bonus(g, p, x)
    return n

def plays_told(g: Game, p: int, v: RuleView, left: int) -> dict[str, Any]:
    """For the log: the plays p has left and what makes them, as a plays-left
    line tells them: the Play rule, the plays made, its terms when Inflation
    or a bonus adds, what Play All But N leaves when they change the N, and
    the plays the rules allow with the hand when the hand holds them back."""
    told: dict[str, Any] = {"left": left, "played": g.played, "rule_card": v.play_card}
    if v.play_max < 0:
        kept = g.kept_quantity(p)
        if any(n for _, n in kept.terms[1:]):
            told["kept"] = kept.plain()
    elif v.plus or v.play_bonus:
        told["terms"] = g.play_terms(p)
    allowed = v.play_max if not v.play_bonus else g.plays_allowed(p, v)
    if allowed >= 0 and allowed - g.played > left:
        told["allowed"], told["hand"] = allowed, len(g.hands[p])
    return told

def play_rule_count(g: Game) -> int:
    """The Play rule's own number (0 for All / All But), with Inflation."""
    r = g.slot_rule(SLOT_PLAY)
    if r < 0:
        return 1 + g.inflation()
    return g.passive[r].play_number(g, r)

def plays_left(g: Game, p: int) -> int:
    known = g._left
    if known is not None and known[0] == p:
        return known[1]
    return g._plays_left(p, g.pidx.view(g.rules))

def _plays_left(g: Game, p: int, v: RuleView) -> int:
    pas = g.passive
    bonus = 0
    for x in v.play_bonus:
        bonus += pas[x].play_bonus(g, p, x)
    r = v.play_card
    if r >= 0:
        return pas[r].plays_left(g, p, r, bonus)
    return max(0, min(1 + v.plus + bonus - g.played, len(g.hands[p])))

def goal_room(g: Game) -> int:
    """How many Goals may stand at once (1, or more with Double Agenda)."""
    last = g.pidx.last
    return (last[1] if g.rules == last[0] else g.pidx.view(g.rules)).goal_room

def hand_limit(g: Game) -> int:
    last = g.pidx.last
    return (last[1] if g.rules == last[0] else g.pidx.view(g.rules)).hand_max

def keeper_limit(g: Game) -> int:
    last = g.pidx.last
    return (last[1] if g.rules == last[0] else g.pidx.view(g.rules)).keeper_max

def limits(g: Game) -> tuple[int, int]:
    """(Hand Limit, Keeper Limit) in play, -1 for none: the same for every seat."""
    last = g.pidx.last
    v = last[1] if g.rules == last[0] else g.pidx.view(g.rules)
    return v.hand_max, v.keeper_max

def over_limit(g: Game, p: int, limits: tuple[int, int] | None = None) -> bool:
    """p holds more than a limit allows (``limits``: worked out already, for many seats)."""
    hl, kl = limits if limits is not None else g.limits()
    return (hl >= 0 and len(g.hands[p]) > hl) or (kl >= 0 and g.keeper_count(p) > kl)

def free_actions(g: Game, p: int) -> list[int]:
    """Free actions player ``p`` could use now (their turn, no temporary hand)."""
    if g.temp or p != g.active:
        return []
    out = []
    cards = g.db.cards
    free = g.pidx.free_rules
    if free:
        for r in g.rules:  # in the order they came into play
            if r in free and FREE_RULES[cards[r].effect](g, p, r):
                out.append(r)
    on_table = g.pidx.free_table
    if on_table:
        for c in g.tables[p]:
            if c in on_table and FREE_TABLE[cards[c].effect](g, p, c):
                out.append(c)
    return out

