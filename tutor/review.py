"""The coached game's review: the moves of a finished Solo game that cost
the most against the search bot's choice, each with the reason in words,
and what to try next time.

Each decision with more than one answer is replayed; the search bot (its
seed the decision's number, a fixed budget: the same review on every
machine) picks its answer, and both answers are played out on the same
reshuffled futures. What the player's answer cost is the difference of
their mean results, in scored Goals (the bot's scale is 1,000 a Goal).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.answers import from_json
from engine.cards import GOAL, KEEPER
from engine.game import Game
from engine.prompts import same_move

from .facts import AGAINST, TRAPS, facts_of
from .hints import answer_words, clearly_better, compare, past_words, reason

# what the review says a move did (a Goal near, a count Goal's numbers are not things that happened)
TOLD = ("scores", "wins", "scores_next", "completes", "turn_ends", "turn_ends_limit", "limit", "price", "costs",
        "wastes", "clock")
# what the review says a move did when nothing above happened: what it did to the table (one fact)
SAID = ("does", "spares", "cancels", "spends")
# the coached game closes the lessons: one fixed Solo deal, the same for everyone
COACHED_SEED = 7
COACHED_DECKS = ["fluxx5"]


@dataclass
class Costly:
    decision: int      # the answer's number in the game (1 = the first)
    turn: int
    played: str        # the player's answer, in words
    better: str        # the search bot's, in words
    cost: float        # scored Goals lost on average (over the sampled futures)
    why: str           # why the bot's answer helps, from the table
    kind: str          # what the lesson is: "needed-keeper", "goal", "free", "keep", "other"
    happened: str = ""  # what the player's answer did, found one move ahead ("it drew the last 6 cards ...")


def _kind(g: Game, a: Any) -> str:
    if a[0] == "free":
        return "free"
    if a[0] == "choose":
        return "keep"
    if a[0] == "play":
        c = g.db.cards[a[1]]
        if c.kind == KEEPER and any(a[1] in g.db.goal_defs[goal].required for goal in g.goals):
            return "needed-keeper"
        if c.kind == GOAL:
            return "goal"
    return "other"


def costliest_moves(variant: str, decks: list[str], seed: int, answers: list[Any], k: int = 3,
                    rollouts: int = 16) -> list[Costly]:
    """The k answers of a finished one-player game that cost the most,
    costliest first (only those that cost something)."""
    from engine.bots import SearchBot
    g = Game.new(tuple(decks), 1, variant, seed, record=False)
    found: list[Costly] = []
    for i, j in enumerate(answers):
        if g.over or g.prompt is None:
            break
        mine = from_json(g, j)
        bot = SearchBot(seed * 1000 + i, rollouts=rollouts)
        if len(bot.greedy.candidates(g)) > 1:
            best = bot.choose(g)
            if not same_move(best, mine):
                cost, tried = _compare(g, bot, best, mine, rollouts)
                # flagged only when the futures tell the moves apart (beyond two standard errors): a
                # difference within the sampling error is no mistake to learn from
                if cost > 0 and clearly_better(tried[0], tried[1]):  # the reason: what the better move does,
                    # and what the futures did with each
                    said, figures = reason(g, best), compare(g, tried, "your move")
                    first = facts_of(g, best, seed=g.decisions)[:1]
                    if said and figures and first and first[0].kind in TRAPS:  # a cost the futures outweigh
                        why = f"though {said}, {figures}"
                    else:
                        why = "; ".join(w for w in (said, figures) if w)
                    mine_facts = facts_of(g, mine, seed=g.decisions)
                    against = [f for f in mine_facts if f.kind in AGAINST] or \
                        [f for f in mine_facts if f.kind in TOLD] or \
                        [f for f in mine_facts if f.kind in SAID][:1]  # else what it did to the table
                    happened = "; ".join(f.past for f in against[:2])
                    found.append(Costly(i + 1, g.turn, past_words(g, mine), answer_words(g, best),
                                        round(cost / 1000.0, 2), why, _kind(g, best), happened))
        g.push(mine)
    found.sort(key=lambda c: (-c.cost, c.decision))
    return found[:k]


def _compare(g: Game, bot: Any, best: Any, mine: Any, n: int) -> tuple[float, list[Any]]:
    """Mean result of ``best`` less that of ``mine`` over the same n futures,
    and what happened in those futures to each (``engine.bots.Tried``)."""
    from engine.bots import Tried
    p = g.prompt.player if g.prompt is not None else 0
    outs: tuple[list[Any], list[Any]] = ([], [])
    for _ in range(n):
        base = bot.determinize(g, p)
        dice = bot.rng
        for k, a in enumerate((best, mine)):
            h = base.copy()
            h.push(a)
            bot.rng = dice
            outs[k].append(bot.rollout_outcome(h, p, len(g.scored), g.turn))
    cost = sum(o.result for o in outs[0]) / n - sum(o.result for o in outs[1]) / n
    return cost, [Tried(best, outs[0]), Tried(mine, outs[1])]


ADVICE = {
    "needed-keeper": "put down the Keepers the Goal names before other cards: a Goal scores the moment its Keepers are in front of you",
    "goal": "look through your hand for a Goal you already half meet before playing anything else",
    "free": "use free actions before your last play of the turn: they cost no play, and the turn ends with the last one",
    "keep": "when you must discard, keep what the Goals in play (and the Goals in your hand) name",
    "other": "before each play, read the Goal and count what the Main deck has left: it is the game's clock",
}


def next_time(moves: list[Costly]) -> str:
    """What to try next time: the lesson of the costliest move."""
    if not moves:
        return "No move cost you anything the search bot could find: try a harder deal, or the daily challenge."
    return "Next time: " + ADVICE[moves[0].kind] + "."


def review_text(moves: list[Costly]) -> list[str]:
    out = []
    for m in moves:
        why = f" Why: {m.why}." if m.why else ""
        did = f": it {m.happened}" if m.happened else ""
        out.append(f"Turn {m.turn}, answer {m.decision}: you {m.played}{did}. Better: {m.better}, by about "
                   f"{m.cost:.2f} scored Goals over the sampled futures.{why}")
    out.append(next_time(moves))
    return out
