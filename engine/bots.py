"""Bots: players that answer the engine's prompts.

One small interface: ``bot.choose(game) -> answer``. A bot sees the game
as a player would (the search bot shuffles what it cannot know before
looking ahead). Bots draw their own randomness from the engine's integer
generator, seeded per bot, so a sim is the same on every machine.

- ``random``: a uniformly random legal answer.
- ``greedy``: looks one decision ahead and keeps the answer whose table
  scores best (Goals met or nearer, no Creepers, more Keepers).
- ``search``: for each candidate answer, plays greedy-random rollouts on
  copies whose hidden piles are reshuffled, and keeps the best mean result.
"""
from __future__ import annotations

import time
from typing import NamedTuple

from . import rng as R
from .cards import CREEPER, GOAL, KEEPER, GoalDef
from .game import Game
from .goals import blocked
from .prompts import Answer, Prompt

# the generator's constants, read once here (the random bot's pick is on every decision of a headless run)
_LIMITS, _SMALL, _GAMMA, _MASK = R.LIMITS, R.SMALL, R.GAMMA, R.MASK

AHEAD = 32  # outputs a bot works out at a time (a search's rollout uses about this many before it resets)


def asked(g: Game) -> Prompt:
    """The question a bot is to answer (asking a bot when nothing is asked is a bug)."""
    pr = g.prompt
    if pr is None:
        raise ValueError("a bot was asked to answer, but the game asks nothing")
    return pr


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = R.seed_state(seed ^ 0x5EED)
        # the next outputs of the bot's generator, the next one last, and the
        # state they follow: worked out many at a time (R.outputs), and thrown
        # away when the state is set from outside (a search resets its dice)
        self._ahead = R.outputs(0, 0)
        self._from = -1

    def pick(self, n: int) -> int:
        """A number in [0, n): ``R.below(self.rng, n)``, the same draws and the
        same state after them, from the outputs worked out ahead."""
        if n <= 1:
            return 0
        limit = _LIMITS[n] if n < _SMALL else R.limit_past_table(n)
        rng = self.rng
        ahead = self._ahead
        if rng != self._from:
            ahead = self._ahead = R.outputs(rng, AHEAD)[::-1]
        while True:
            if not ahead:
                ahead = self._ahead = R.outputs(rng, AHEAD)[::-1]
            z = ahead.pop()
            rng = rng + _GAMMA & _MASK
            if z < limit:  # else rejected (about once in 10**16 draws): the next one
                break
        self.rng = self._from = rng
        return z % n

    def random_answer(self, g: Game) -> Answer:
        pr = g.prompt
        if pr is None:
            pr = asked(g)  # (which says why there is no answer)
        if pr.kind == "turn":
            opts = pr.options
            n = len(opts)
            if n == 1:  # a pick draws nothing for one option
                return opts[0]  # type: ignore[no-any-return]
            return opts[self.pick(n)]  # type: ignore[no-any-return]
        # how many (uniform from min to max), then which
        opts = list(pr.options)
        lo = pr.min
        hi = pr.max if pr.max < len(opts) else len(opts)
        pick = self.pick
        k = lo + pick(hi - lo + 1)
        chosen = []
        for _ in range(k):
            chosen.append(opts.pop(pick(len(opts))))
        return ("choose", tuple(chosen))

    def choose(self, g: Game) -> Answer:  # pragma: no cover - interface
        raise NotImplementedError


def blind_throw(g: Game) -> Answer | None:
    """A throw in Rock-Paper-Scissors Showdown that cannot depend on the other
    player's throw of the round (the second thrower's question carries the
    first throw, for the engine): drawn from the game's generator, read and
    not advanced, with the decision count and the seat asked; None for any
    other question. Every bot that looks ahead throws this way."""
    pr = g.prompt
    if pr is None or pr.ask != "rps":
        return None
    _, x = R.next_u64(g.rng ^ ((g.decisions + 1) * 0xD1B54A32D192ED03 & 0xFFFFFFFFFFFFFFFF))
    _, x = R.next_u64(x ^ pr.player)
    opts = pr.options
    return ("choose", (opts[x % len(opts)],))


def gives_win(g: Game, a: Answer, p: int, depth: int = 2) -> bool:
    """Whether answering ``a`` makes another seat win at once, for certain, as
    seat ``p`` can see it: the answer resolves (the engine runs until its next
    question) and the game is over with another seat the winner, with no card
    drawn from the pile and no random pick on the way (a win that a hidden
    card brings is not certain). When the answer leads to a question of p's
    own (the card played asks p to choose), it gives the game away if every
    answer to that question does, ``depth`` questions deep."""
    h = g.copy()
    h.push(a)
    if len(h.draw) != len(g.draw) or h.rng != g.rng or len(h.rules_deck) != len(g.rules_deck):
        return False  # a hidden card or a random pick was involved: not certain
    if h.over:
        return h.winner >= 0 and h.winner != p
    pr = h.prompt
    if depth <= 0 or pr is None or pr.player != p or pr.kind == "turn":
        return False
    answers = pr.legal_answers(limit=40)
    if len(answers) >= 40:
        return False  # too many ways on to be sure of any
    return bool(answers) and all(gives_win(h, b, p, depth - 1) for b in answers)


def keep_from_giving(g: Game, p: int, ranked: list[Answer]) -> list[Answer]:
    """The bot's answers in its order of preference, those that hand another
    seat the win (``gives_win``) moved to the end, unless it is the only
    kind there is; if every answer the bot ranked gives the game away, the
    first other legal answer that does not goes first. Solo has no other
    seat: the list is returned as it is."""
    if g.nplayers == 1:
        return ranked
    for i, a in enumerate(ranked):
        if not gives_win(g, a, p):
            return ranked if i == 0 else [a] + ranked[:i] + ranked[i + 1:]
    for a in asked(g).legal_answers(limit=200):
        if a not in ranked and not gives_win(g, a, p):
            return [a] + ranked
    return ranked  # every legal answer gives the game away (or none was found): the bot's own order


class RandomBot(Bot):
    name = "random"

    choose = Bot.random_answer  # one call less per decision: the sims' bot


# pragma: no mutate start
# Bot heuristics (the weights of evaluate and quick_answer) are left out of
# mutation testing: a changed weight makes a weaker or stronger bot, not a
# wrong one; the strength table of the benchmark is their test (README).
def evaluate(g: Game, p: int) -> float:
    """How good the table looks for seat ``p`` (higher is better)."""
    if g.over:
        return g.variant.returns(g, p)
    cards, goal_defs = g.db.cards, g.db.goal_defs
    v = g.variant.banked(g, p)
    table = g.tables[p]
    for goal in g.goals:
        gd = goal_defs[goal]
        if gd.most_of == "keepers":
            v += 6.0 * g.keeper_count(p)
        elif gd.most_of == "hand":
            v += 3.0 * len(g.hands[p])
        else:
            have = sum(1 for r in gd.required if r in table)
            v += 25.0 * have
            if gd.any_count:
                v += 12.0 * min(gd.any_count, sum(1 for c in gd.any_cards if c in table))
            if blocked(g, goal, p):
                v -= 30.0
            for q in range(g.nplayers):
                if q != p:
                    v -= 20.0 * sum(1 for r in gd.required if r in g.tables[q])
    for c in table:
        k = cards[c].kind
        if k == KEEPER:
            v += 4.0
        elif k == CREEPER:
            v -= 15.0
    hand = g.hands[p]
    v += 1.5 * len(hand)
    for c in hand:
        if cards[c].kind == GOAL:
            gd = goal_defs[c]
            if gd.required and all(r in table or r in hand for r in gd.required):
                v += 10.0
    return v
# pragma: no mutate end


class GreedyBot(Bot):
    """One decision of look-ahead with a table evaluation."""
    name = "greedy"
    max_candidates = 12

    def candidates(self, g: Game) -> list[Answer]:
        pr = asked(g)
        if pr.kind == "turn":
            return list(pr.options)
        n = len(pr.options)
        if pr.min == pr.max == 1 or (pr.max == 1 and pr.min == 0):
            out: list[Answer] = [("choose", (o,)) for o in pr.options]
            if pr.min == 0:
                out.append(("choose", ()))
            return out
        if pr.min == pr.max and n <= 6:
            return pr.legal_answers(limit=self.max_candidates * 2)
        # large choices: a few random ones plus the extremes
        out = [self.random_answer(g) for _ in range(self.max_candidates)]
        if pr.min == 0:
            out.append(("choose", ()))
        return out

    def choose(self, g: Game) -> Answer:
        throw = blind_throw(g)
        if throw is not None:
            return throw
        p = asked(g).player
        cands = self.candidates(g)
        if len(cands) == 1:
            return cands[0]
        best: list[Answer] = []
        best_v: float | None = None
        values: dict[Answer, float] = {}
        for a in cands:
            h = g.copy()
            h.push(a)
            v = evaluate(h, p)
            if a[0] == "end":
                v -= 0.5  # prefer using a free action when it is as good
            values[a] = v
            if best_v is None or v > best_v:
                best, best_v = [a], v
            elif v == best_v:
                best.append(a)
        # ties are broken at random (two greedy players must not throw 'rock' forever)
        chosen = best[self.pick(len(best))] if len(best) > 1 else best[0]
        if g.nplayers == 1 or not gives_win(g, chosen, p):
            return chosen
        # the favourite hands another seat the win: the best of the rest that does not
        # (valued as above, ending the turn half a point down here too)
        ranked = [chosen] + sorted((a for a in cands if a != chosen), key=lambda a: -values[a])
        return keep_from_giving(g, p, ranked)[0]


# pragma: no mutate start
def goal_needs(g: Game) -> set[int]:
    """The cards the Goals in play name (required, or among those counted)."""
    goal_defs = g.db.goal_defs
    need: set[int] = set()
    for goal in g.goals:
        need.update(goal_defs[goal].required)
        need.update(goal_defs[goal].any_cards)
    return need


def play_value(g: Game, table: list[int], need: set[int], o: Answer) -> float:
    """The rollout policies' value of a turn's answer: a Goal met at once
    highest, then a Keeper a Goal needs, a Goal partly met, other cards,
    ending the turn, and free actions last."""
    if o[0] == "end":
        return 0.0
    if o[0] != "play":
        return -1.0
    c = g.db.cards[o[1]]
    if c.kind == KEEPER:
        return 50.0 if o[1] in need else 10.0
    if c.kind == GOAL:
        req = g.db.goal_defs[o[1]].required
        have = sum(1 for r in req if r in table)
        return 100.0 if req and have == len(req) else 5.0 + 20.0 * have
    return 8.0


def quick_answer(g: Game, bot: Bot) -> Answer:
    """A fast rule-of-thumb policy for rollouts (no look-ahead, no copies)."""
    pr = asked(g)
    if pr.kind != "turn":
        return bot.random_answer(g)
    table = g.tables[pr.player]
    need = goal_needs(g)
    best: Answer = pr.options[0]
    best_v = -1e9
    for o in pr.options:
        v = play_value(g, table, need, o) + bot.pick(100) / 100.0
        if v > best_v:
            best, best_v = o, v
    return best
# pragma: no mutate end


def safe_first(g: Game, p: int, ranked: list[tuple[Answer, float]]) -> list[tuple[Answer, float]]:
    """A search's ranking with an answer that does not hand another seat the
    win first (``keep_from_giving``); an answer from outside the ranking
    comes with the worst value of it."""
    if g.nplayers == 1 or not ranked:
        return ranked
    order = keep_from_giving(g, p, [a for a, _v in ranked])
    if order[0] == ranked[0][0]:
        return ranked
    value = dict(ranked)
    worst = min(value.values())
    first = order[0]
    return [(first, value.get(first, worst))] + [(a, v) for a, v in ranked if a != first]


class FlatSearch(Bot):
    """Flat Monte Carlo (the search bot v1, frozen: daily par is computed by
    it, see ``solo.variant.daily.PAR_BOT``): every candidate answer gets rollouts on
    copies whose hidden piles (the draw pile, the Rules deck, other hands)
    are reshuffled, played out by a quick policy; the best mean result
    wins. The budget is a number of rollouts per candidate, or milliseconds
    per decision. Do not change what it chooses; make a new bot instead."""
    name = "flat-search"
    # sort what p cannot see before reshuffling it, so that the copies depend on
    # which cards are hidden and never on where they really lie (v2 does; v1 is frozen)
    canonical = False

    def __init__(self, seed: int = 0, rollouts: int = 12, ms: float | None = 500.0, horizon: int = 400,
                 max_candidates: int = 8) -> None:
        super().__init__(seed)
        self.rollouts = rollouts
        self.ms = ms
        self.horizon = horizon
        self.max_candidates = max_candidates
        self.greedy = GreedyBot(seed + 1)

    def determinize(self, g: Game, p: int) -> Game:
        """A copy in which everything p cannot see is shuffled anew. Cards the
        question itself shows p (Time Portal's search of the draw pile) are
        seen: the zone holding them keeps its order."""
        h = g.copy()
        pr = asked(g)
        seen = set(o for o in pr.options if isinstance(o, int)) if pr.domain == "cards" else set()
        draw_known = bool(seen) and not seen.isdisjoint(h.draw)
        # the other hands and the draw pile are shuffled together (what p has
        # been shown stays put); then the Rules deck, which only some variants have
        others = [q for q in range(h.nplayers) if q != p and (not seen or seen.isdisjoint(h.hands[q]))]
        hidden = [c for q in others for c in h.hands[q]] + ([] if draw_known else h.draw)
        if self.canonical:
            hidden.sort()
            h.rules_deck.sort()
        self.rng = R.shuffle(self.rng, hidden)
        for q in others:
            h.hands[q] = [hidden.pop() for _ in range(len(h.hands[q]))]
        if not draw_known:
            h.draw = hidden
        self.rng = R.shuffle(self.rng, h.rules_deck)
        self.rng, h.rng = R.next_u64(self.rng)
        return h

    def rollout(self, h: Game, p: int) -> float:
        start_turn = h.turn
        while not h.over and h.turn - start_turn < self.horizon:
            h.push(quick_answer(h, self))
        return evaluate(h, p)

    def choose(self, g: Game) -> Answer:
        throw = blind_throw(g)
        if throw is not None:
            return throw
        return self.rank(g)[0][0]

    def searched(self, g: Game) -> list[Answer]:
        """The answers the search tries: the greedy bot's candidates, or, when
        there are more than ``max_candidates``, the greedy favourite and a
        random sample of the rest."""
        cands = self.greedy.candidates(g)
        if len(cands) > self.max_candidates:
            first = self.greedy.choose(g)
            rest = [a for a in cands if a != first]
            picked = [first]
            while len(picked) < self.max_candidates and rest:
                picked.append(rest.pop(self.pick(len(rest))))
            cands = picked
        return cands

    def rank(self, g: Game) -> list[tuple[Answer, float]]:
        """The candidate answers with their mean rollout result, best first
        (ties keep the candidates' order). A single legal answer is not
        searched: its result is 0."""
        throw = blind_throw(g)
        if throw is not None:  # a throw is never searched: the other throw is not to be seen
            return [(throw, 0.0)]
        p = asked(g).player
        cands = self.searched(g)
        if len(cands) == 1:
            return [(cands[0], 0.0)]
        total = [0.0] * len(cands)
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms else None
        n = 0
        while n < self.rollouts:
            # common random numbers: every candidate meets the same hidden order and
            # the same rollout dice, so the comparison measures the answer, not the luck
            base = self.determinize(g, p)
            dice = self.rng
            for i, a in enumerate(cands):
                h = base.copy()
                h.push(a)
                self.rng = dice
                total[i] += self.rollout(h, p)
            n += 1
            if deadline and time.perf_counter() > deadline:
                break
        order = sorted(range(len(cands)), key=lambda i: -total[i])
        return safe_first(g, p, [(cands[i], total[i] / max(n, 1)) for i in order])


# pragma: no mutate start
def keep_value(g: Game, p: int, c: int, need: set[int]) -> float:
    """How much p wants to keep card c (hand or table), for the rollout
    policy's discards: a Keeper a Goal in play or in hand needs most, a Goal
    p nearly has next, a Creeper least."""
    card = g.db.cards[c]
    k = card.kind
    if k == KEEPER:
        return 6.0 if c in need else 1.0
    if k == GOAL:
        req = g.db.goal_defs[c].required
        table = g.tables[p]
        return 1.0 + 2.0 * sum(1 for r in req if r in table)
    if k == CREEPER:
        return -5.0
    return 1.5


def rollout_answer(g: Game, bot: Bot) -> Answer:
    """The search bot's rollout policy: ``rollout_play`` for plays; for a
    choice, keep what the Goals need (a limit's discards, a Keeper given
    away) and otherwise choose at random. No look-ahead, no copies."""
    pr = asked(g)
    if pr.kind == "turn":
        return rollout_play(g, pr, bot)
    return rollout_choice(g, pr, bot)


def rollout_answer_v2(g: Game, bot: Bot) -> Answer:
    """The rollout policy of the search bots v2 and v3 (kept for measuring
    beside the new one): ``rollout_play_v2`` for plays, choices as now."""
    pr = asked(g)
    if pr.kind == "turn":
        return rollout_play_v2(g, pr, bot)
    return rollout_choice(g, pr, bot)


def rollout_choice(g: Game, pr: Prompt, bot: Bot) -> Answer:
    """A rollout's answer to a choice: the cards that leave p are the least
    useful to it (``keep_value``), any other choice at random."""
    if pr.domain != "cards" or pr.ask not in DISCARD_ASKS:
        return bot.random_answer(g)
    p = pr.player
    goal_defs = g.db.goal_defs
    need = goal_needs(g)
    cards = g.db.cards
    for c in g.hands[p]:
        if cards[c].kind == GOAL:
            need.update(goal_defs[c].required)
    n = pr.min if pr.min == pr.max else pr.min + bot.pick(min(pr.max, len(pr.options)) - pr.min + 1)
    opts = list(pr.options)
    for i in range(len(opts) - 1, 0, -1):  # shuffled first, so that equal values fall in a random order
        j = bot.pick(i + 1)
        opts[i], opts[j] = opts[j], opts[i]
    opts.sort(key=lambda c: keep_value(g, p, c, need))
    return ("choose", tuple(opts[:n]))


def rollout_play(g: Game, pr: Prompt, bot: Bot) -> Answer:
    """A turn's play for a rollout (the search bot v4), one of the best at
    random: a Goal p meets at once; a Keeper a Goal in play needs; a Keeper
    a Goal in p's hand needs; other Keepers; Actions; a Goal that gets
    further than the ones in play (by the share of its cards p has out)
    before one that would replace a Goal p is closer to; ending the turn;
    free actions last. ``rollout_play_v2`` was the same without the Goals
    in hand and without comparing a Goal with the ones it replaces."""
    p = pr.player
    table = g.tables[p]
    kinds = g.db.kinds
    goal_defs = g.db.goal_defs
    need = goal_needs(g)
    in_hand: set[int] | None = None  # what the Goals in p's hand need (worked out when a Keeper asks)
    current = -1.0  # how far p is towards the Goals in play (worked out when a Goal asks)
    best: list[Answer] = []
    best_v = -1e9
    for o in pr.options:
        k = o[0]
        if k == "play":
            c = o[1]
            kind = kinds[c]
            if kind == KEEPER:
                if c in need:
                    v = 50.0
                else:
                    if in_hand is None:
                        in_hand = set()
                        for x in g.hands[p]:
                            if kinds[x] == GOAL:
                                in_hand.update(goal_defs[x].required)
                    v = 30.0 if c in in_hand else 10.0
            elif kind == GOAL:
                gd = goal_defs[c]
                req = gd.required
                n = len(req)
                have = 0
                for r in req:
                    if r in table:
                        have += 1
                if n and have == n:
                    v = 100.0
                else:
                    if current < 0.0:
                        current = 0.0
                        for x in g.goals:
                            share = goal_progress(goal_defs[x], table)
                            if share > current:
                                current = share
                    share = have / n if n else goal_progress(gd, table)  # goal_progress, in short
                    v = 5.0 + 20.0 * have if share > current else 2.0
            else:
                v = 8.0
        elif k == "end":
            v = 0.0
        else:
            v = -1.0
        if v > best_v:
            best, best_v = [o], v
        elif v == best_v:
            best.append(o)
    return best[bot.pick(len(best))] if len(best) > 1 else best[0]


def goal_progress(gd: GoalDef, table: list[int]) -> float:
    """The share of a Goal's cards on the table (of its required cards, or
    of the number it counts out of a set); 0 for a Goal of the most of
    something."""
    req = gd.required
    if req:
        return sum(1 for r in req if r in table) / len(req)
    if gd.any_count:
        return min(gd.any_count, sum(1 for c in gd.any_cards if c in table)) / gd.any_count
    return 0.0


def rollout_play_v2(g: Game, pr: Prompt, bot: Bot) -> Answer:
    """A turn's play for a rollout of the search bots v2 and v3: what
    ``quick_answer`` prefers (a Goal p meets, a Keeper a Goal needs, ...),
    one of the best at random; the same choice as its per-option dice, at
    one die a question."""
    table = g.tables[pr.player]
    need = goal_needs(g)
    best: list[Answer] = []
    best_v = -1e9
    for o in pr.options:
        v = play_value(g, table, need, o)
        if v > best_v:
            best, best_v = [o], v
        elif v == best_v:
            best.append(o)
    return best[bot.pick(len(best))] if len(best) > 1 else best[0]


# the questions where the chosen cards leave p (a limit's discards, a Goal's
# cost in Solo, Death, giving a card away): the rollout policy lets go of the least useful
DISCARD_ASKS = frozenset(("discard_hand", "discard_keepers", "death_discard", "score_discard"))


# The search bot's budget: 50 rollouts a candidate on average, each cut
# after 6 turns and judged by ``evaluate`` (a Solo game is about 20 turns:
# short rollouts cost a third as much and lose little, so the same time buys
# more futures). Measured on Solo seeds 0-99 (mean score, CPU ms a decision):
# full rollouts 12: 6.05 at 39 ms, 30: 6.46 at 101 ms; 6 turns, 30: 6.40 at
# 57 ms, 50: 6.77 at 90 ms. The README's benchmark section has the full curve.
ROLLOUTS = 50  # v4 (v2 and v3 had 60: v4's rollout policy costs more a rollout, see ROLLOUTS_V3)
ROLLOUTS_V3 = 60
HORIZON = 6


class Outcome(NamedTuple):
    """What happened to the seat in one sampled future of a candidate answer."""
    result: float  # the search's value of the table at the future's end (its scale: 1,000 a scored Goal)
    goal: int      # the first Goal the seat scored (Solo) or won with in it, or -1
    turns: int     # turns from now until then (the future's length when nothing was scored)
    goals: int     # Goals the seat scored in it (Solo), or 1 for a win


class Tried(NamedTuple):
    """A candidate answer and the futures a search played it out in: the
    interface a hint's reasons are built on, which any search can fill."""
    answer: Answer
    outcomes: list[Outcome]


def first_goal(h: Game, p: int, scored_before: int) -> int:
    """The first Goal seat p scored since (Solo: the Scored pile had
    ``scored_before`` cards), or the Goal p won with; -1 for none."""
    if len(h.scored) > scored_before:
        return h.scored[scored_before]
    if h.over and h.winner == p:
        from .goals import goal_winners
        for goal in h.goals:
            if p in goal_winners(h, goal):
                return goal
        return h.goals[0] if h.goals else -1
    return -1


class SearchBot(FlatSearch):
    """Monte Carlo search by successive halving (the search bot v3, for sims
    and hints): the candidates share a budget of ``rollouts`` a candidate on
    average; each round plays every candidate still in on the same reshuffled
    futures and drops the worse half, so the last two get most of the
    rollouts. Rollouts use ``rollout_answer``. The budget is rollouts (the
    same answers on every machine) or, for hints, also milliseconds; rollouts
    stop after ``horizon`` turns. With more answers than ``max_candidates``
    (a hand of a dozen cards), the ones searched are the best by the table
    evaluation one answer ahead (v2 took the greedy favourite and a random
    sample: the card that scores was often not among them)."""
    name = "search"
    canonical = True

    def searched(self, g: Game) -> list[Answer]:
        cands = self.greedy.candidates(g)
        if len(cands) <= self.max_candidates:
            return cands
        p = asked(g).player
        value = []
        for a in cands:
            h = g.copy()
            h.push(a)
            value.append(evaluate(h, p))
        best = sorted(range(len(cands)), key=lambda i: -value[i])  # stable: ties keep the candidates' order
        return [cands[i] for i in best[:self.max_candidates]]

    def __init__(self, seed: int = 0, rollouts: int = ROLLOUTS, ms: float | None = None, horizon: int = HORIZON,
                 max_candidates: int = 8) -> None:
        super().__init__(seed, rollouts, ms, horizon, max_candidates)
        self.tried: list[tuple[Answer, int]] = []  # the last search: each candidate and its rollouts
        self.report: list[Tried] | None = None  # set to [] to keep what happened in each future (hints)
        self.cut = False  # the last search was cut by the clock before its budget was spent

    def rollout(self, h: Game, p: int) -> float:
        start_turn = h.turn
        while not h.over and h.turn - start_turn < self.horizon:
            h.push(rollout_answer(h, self))
        return evaluate(h, p)

    def rollout_outcome(self, h: Game, p: int, scored_before: int, start_turn: int) -> Outcome:
        """A rollout that also notes the first Goal scored (or won with) and when."""
        goal = first_goal(h, p, scored_before)
        at = h.turn - start_turn if goal >= 0 else -1  # (a move that ends the turn may score at the next one's start)
        while not h.over and h.turn - start_turn < self.horizon:
            h.push(rollout_answer(h, self))
            if goal < 0:
                goal = first_goal(h, p, scored_before)
                if goal >= 0:
                    at = h.turn - start_turn
        goals = len(h.scored) - scored_before if h.variant.scores else int(h.over and h.winner == p)
        return Outcome(evaluate(h, p), goal, at if goal >= 0 else h.turn - start_turn, goals)

    def rank(self, g: Game) -> list[tuple[Answer, float]]:
        """The candidate answers, best first: those that lasted more rounds
        first, then by mean rollout result (ties keep the candidates' order).
        A single legal answer is not searched: its result is 0."""
        throw = blind_throw(g)
        if throw is not None:  # a throw is never searched: the other throw is not to be seen
            return [(throw, 0.0)]
        p = asked(g).player
        cands = self.searched(g)
        if len(cands) == 1:
            return [(cands[0], 0.0)]
        k = len(cands)
        rounds = max(1, (k - 1).bit_length())  # halvings until one is left: ceil(log2 k)
        budget = self.rollouts * k
        total = [0.0] * k
        count = [0] * k
        lasted = [0] * k
        alive = list(range(k))
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms else None
        self.cut = False
        reporting = self.report is not None
        outcomes: list[list[Outcome]] = [[] for _ in range(k)]
        for r in range(rounds):
            per = max(1, budget // (len(alive) * rounds))
            for _ in range(per):
                # common random numbers: every candidate meets the same hidden order and dice
                base = self.determinize(g, p)
                dice = self.rng
                for i in alive:
                    h = base.copy()
                    h.push(cands[i])
                    self.rng = dice
                    if reporting:
                        o = self.rollout_outcome(h, p, len(g.scored), g.turn)
                        outcomes[i].append(o)
                        total[i] += o.result
                    else:
                        total[i] += self.rollout(h, p)
                    count[i] += 1
                if deadline and time.perf_counter() > deadline:
                    self.cut = True
                    break
            for i in alive:
                lasted[i] = r + 1
            if len(alive) <= 2 or r == rounds - 1 or (deadline and time.perf_counter() > deadline):
                break
            alive.sort(key=lambda i: -total[i] / count[i])  # stable: ties keep the candidates' order
            alive = alive[:(len(alive) + 1) // 2]
        order = sorted(range(k), key=lambda i: (-lasted[i], -total[i] / max(count[i], 1)))
        ranked = safe_first(g, p, [(cands[i], total[i] / max(count[i], 1)) for i in order])
        if ranked[0][0] != cands[order[0]]:  # the favourite handed the win away: the report follows the new order
            first = ranked[0][0]
            order = ([i for i in order if cands[i] == first] + [i for i in order if cands[i] != first])
        self.tried = [(cands[i], count[i]) for i in order if i < k]
        if reporting:
            self.report = [Tried(cands[i], outcomes[i]) for i in order]
        return ranked
# pragma: no mutate end


class SearchBotV3(SearchBot):
    """The search bot v3 (2026-12-03 to 2026-12-05), kept for measuring beside
    v4 (``solo.tools.bench --curve``): its rollouts play by ``rollout_play_v2``.
    Only ``rollout`` is kept as it was (a hint's report uses the new policy)."""
    name = "search-v3"

    def __init__(self, seed: int = 0, rollouts: int = ROLLOUTS_V3, ms: float | None = None, horizon: int = HORIZON,
                 max_candidates: int = 8) -> None:
        super().__init__(seed, rollouts, ms, horizon, max_candidates)

    def rollout(self, h: Game, p: int) -> float:
        start_turn = h.turn
        while not h.over and h.turn - start_turn < self.horizon:
            h.push(rollout_answer_v2(h, self))
        return evaluate(h, p)


class SearchBotV2(SearchBotV3):
    """The search bot v2 (before 2026-12-03), kept for measuring beside the
    newer ones: the rollouts of v3, and with more answers than
    ``max_candidates`` it searches the greedy favourite and a random sample
    of the rest."""
    name = "search-v2"
    searched = FlatSearch.searched


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}' (the bots are: {', '.join(BOTS)})")
    return BOTS[name](seed)


def state_seed(g: Game) -> int:
    """A bot's seed drawn from the game state alone: the engine generator's
    state, the decision count and the seat asked. The generator is read, not
    advanced, so the game itself is the same whoever answers."""
    _, x = R.next_u64(g.rng ^ (g.decisions * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF))
    return (x ^ asked(g).player) & 0x7FFFFFFFFFFFFFFF


def answer_for(g: Game, name: str) -> Answer:
    """The answer bot ``name`` gives to the game's current question, made
    fresh and seeded from the state (``state_seed``): a resumed game, a
    replay and another machine see the same answer. The search bot's budget
    is its fixed number of rollouts, never the clock."""
    bot = make_bot(name, state_seed(g))
    if isinstance(bot, FlatSearch):
        bot.ms = None
    return bot.choose(g)
