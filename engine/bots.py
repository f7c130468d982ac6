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

from . import rng as R
from .cards import CREEPER, GOAL, KEEPER
from .game import Game
from .goals import blocked


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0):
        self.rng = R.seed_state(seed ^ 0x5EED)

    def pick(self, n: int) -> int:
        self.rng, i = R.below(self.rng, n)
        return i

    def random_answer(self, g: Game) -> tuple:
        pr = g.prompt
        if pr.kind == "turn":
            return pr.options[self.pick(len(pr.options))]
        opts = list(pr.options)
        hi = min(pr.max, len(opts))
        k = pr.min + self.pick(hi - pr.min + 1)
        chosen = []
        for _ in range(k):
            chosen.append(opts.pop(self.pick(len(opts))))
        return ("choose", tuple(chosen))

    def choose(self, g: Game) -> tuple:  # pragma: no cover - interface
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def choose(self, g: Game) -> tuple:
        return self.random_answer(g)


def evaluate(g: Game, p: int) -> float:
    """How good the table looks for seat ``p`` (higher is better)."""
    if g.over:
        if g.variant.solo:
            return 1000.0 * len(g.scored)
        return 100000.0 if g.winner == p else (-100000.0 if g.winner >= 0 else 0.0)
    cards = g.db.cards
    v = 0.0
    if g.variant.solo:
        v += 1000.0 * len(g.scored)
    table = g.tables[p]
    for goal in g.goals:
        gd = cards[goal].goal
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
            gd = cards[c].goal
            if gd.required and all(r in table or r in hand for r in gd.required):
                v += 10.0
    return v


class GreedyBot(Bot):
    """One decision of look-ahead with a table evaluation."""
    name = "greedy"
    max_candidates = 12

    def candidates(self, g: Game) -> list[tuple]:
        pr = g.prompt
        if pr.kind == "turn":
            return list(pr.options)
        n = len(pr.options)
        if pr.min == pr.max == 1 or (pr.max == 1 and pr.min == 0):
            out = [("choose", (o,)) for o in pr.options]
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

    def choose(self, g: Game) -> tuple:
        p = g.prompt.player
        cands = self.candidates(g)
        if len(cands) == 1:
            return cands[0]
        best: list[tuple] = []
        best_v = None
        for a in cands:
            h = g.copy()
            h.push(a)
            v = evaluate(h, p)
            if a[0] == "end":
                v -= 0.5  # prefer using a free action when it is as good
            if best_v is None or v > best_v:
                best, best_v = [a], v
            elif v == best_v:
                best.append(a)
        # ties are broken at random (two greedy players must not throw 'rock' forever)
        return best[self.pick(len(best))] if len(best) > 1 else best[0]


class SearchBot(Bot):
    """Rollouts from each candidate on copies with the hidden piles reshuffled."""
    name = "search"

    def __init__(self, seed: int = 0, rollouts: int = 64, ms: float | None = None, horizon: int = 60):
        super().__init__(seed)
        self.rollouts = rollouts
        self.ms = ms
        self.horizon = horizon
        self.greedy = GreedyBot(seed + 1)
        self.fast = RandomBot(seed + 2)

    def determinize(self, g: Game) -> Game:
        h = g.copy()
        self.rng = R.shuffle(self.rng, h.draw)
        if h.variant.solo:
            self.rng = R.shuffle(self.rng, h.rules_deck)
        h.rng = self.rng ^ 0xABCDEF
        for q in range(h.nplayers):
            if q != g.prompt.player and h.hands[q] and not h.variant.solo:
                pass  # opponents' hands stay as they are: a fair estimate for a first version
        return h

    def rollout(self, h: Game, p: int) -> float:
        steps = 0
        while not h.over and steps < self.horizon:
            # a cheap policy: greedy for the searching player's turn prompts, random otherwise
            if h.prompt.player == p and h.prompt.kind == "turn" and len(h.prompt.options) > 1 and steps < 6:
                a = self.greedy.choose(h)
            else:
                a = self.fast.random_answer(h)
            h.push(a)
            steps += 1
        return evaluate(h, p)

    def choose(self, g: Game) -> tuple:
        p = g.prompt.player
        cands = self.greedy.candidates(g)
        if len(cands) == 1:
            return cands[0]
        cands = cands[:10]
        total = [0.0] * len(cands)
        count = [0] * len(cands)
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms else None
        n = 0
        while n < self.rollouts:
            for i, a in enumerate(cands):
                h = self.determinize(g)
                h.push(a)
                total[i] += self.rollout(h, p)
                count[i] += 1
            n += len(cands)
            if deadline and time.perf_counter() > deadline:
                break
        best = max(range(len(cands)), key=lambda i: total[i] / max(1, count[i]))
        return cands[best]


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}' (the bots are: {', '.join(BOTS)})")
    return BOTS[name](seed)
