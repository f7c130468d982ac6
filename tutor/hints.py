"""Hints that teach: the search bot's suggestion, with its reason in words.

Two kinds of reason, both true of this table: what the move does toward a
Goal (a Keeper the Goal names, a Goal half met in hand, a free action, the
cards a discard spares, the Creeper in the way), and how it compared with
the runner-up in the futures the search played out (``engine.bots.Tried``:
for each candidate, what happened in each future: the first Goal scored or
won with, and when). Never the card's text alone, never a fixed line.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.answers import option_label, value_label
from engine.cards import CREEPER, GOAL
from engine.game import Game
from engine.goals import why_blocked

from .facts import AGAINST, TRAPS, Fact, and_list, count_words, deals, facts_of, is_decisive


def reason(g: Game, answer: Any, worlds: list[Game] | None = None, seed: int | None = None) -> str:
    """Why this answer helps, in words: the facts that decide it, found by
    playing it one move ahead (``tutor.facts``), then what a discard spares
    and what a free action costs."""
    pr = g.prompt
    if pr is None:
        return ""
    facts = facts_of(g, answer, worlds, g.decisions if seed is None else seed)
    out: list[str] = []
    for f in facts[:4]:
        if f.text.startswith("but ") and out:  # a fact that qualifies the one before it
            out[-1] += ", " + f.text
        else:
            out.append("it " + f.text)
    if answer[0] == "free" and not any(f.kind in ("turn_ends", "turn_ends_limit", "ends") for f in facts):
        out.append(f"{q(g.name(answer[1]))} is a free action: it uses none of your plays")
    elif answer[0] == "choose" and pr.domain == "cards" and not any("keeps " in f.text for f in facts):
        # (what a discard keeps, when a fact has not named it already)
        chosen = [c for c in answer[1] if isinstance(c, int)]
        if chosen and g.goals:
            parts = {x for goal in g.goals for x in g.db.goal_defs[goal].required}
            spared = [q(g.name(c)) for c in pr.options if c in parts and c not in chosen]
            if spared:
                out.append(f"it spares {', '.join(spared)}, which the Goal needs")
    return "; ".join(out)


def q(name: str) -> str:
    """A card's name in a hint, in quotes when a comma or a numeral in it could
    be misread as a list or a count ("Coffee, Black", "5 Keepers")."""
    return f"\u201c{name}\u201d" if re.search(r"[,\d]", name) else name


def answer_words(g: Game, a: Any) -> str:
    """An answer as a person says it: "play Milk", "use Recycling (a free
    action)", "choose Milk and Cookies", "pass"."""
    if a[0] == "choose":
        names = [q(value_label(g, v)) for v in a[1]]
        if not names:
            return "pass (choose nothing)"
        return "choose " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])
    if a[0] == "free":
        return f"use {q(g.name(a[1]))} (a free action)"
    if a[0] == "play":
        return f"play {q(g.name(a[1]))}"
    return option_label(g, a)


# The hint's budget is the search bot's rollouts (engine.bots.ROLLOUTS), never the clock: the
# same position gives the same hint and figures on any machine at any load. The clock is only
# a safety net, at ten times the slowest usual search (20 Solo positions at the default budget,
# 2026-12-07: median 81 ms, slowest 334 ms of CPU); a hint it cuts says so.
SAFETY_MS = 3000.0


class Searched(NamedTuple):
    """A hint's search: the ranked answers, the futures the best was tried in,
    what happened in each candidate's futures, and whether the safety clock
    cut it (then the figures depend on the machine's speed)."""
    ranked: list[tuple[Any, float]]
    futures: int
    tried: list[Any]
    cut: bool


def search(g: Game, seed: int, rollouts: int | None = None, ms: float | None = SAFETY_MS) -> Searched:
    """The search behind a hint (the app's worker, text mode, the hint
    positions' check): the search bot at its rollout budget, seeded."""
    from engine.bots import ROLLOUTS, SearchBot
    bot = SearchBot(seed, rollouts=rollouts or ROLLOUTS, ms=ms)
    bot.report = []
    ranked = bot.rank(g)
    return Searched(ranked, bot.tried[0][1] if bot.tried else 0, bot.report or [], bot.cut)


def past_words(g: Game, a: Any) -> str:
    """An answer as done, for the review: "played Milk", "used Goal Mill",
    "chose Milk and Cookies", "ended the turn"."""
    if a[0] == "choose":
        said = answer_words(g, a)
        return "passed (chose nothing)" if not a[1] else "chose" + said[len("choose"):]
    if a[0] == "free":
        return f"used {q(g.name(a[1]))}"
    if a[0] == "play":
        return f"played {q(g.name(a[1]))}"
    said = option_label(g, a)
    return {"end the turn": "ended the turn", "pass": "passed"}.get(said, said)


def _first_goals(t: Any) -> tuple[int, int, float]:
    """(futures in which the Goal most often first came first, that Goal,
    mean turns to it in those futures): "X came first in 13 of 99", never
    the futures that scored any Goal."""
    counts: dict[int, int] = {}
    for o in t.outcomes:
        if o.goal >= 0:
            counts[o.goal] = counts.get(o.goal, 0) + 1
    if not counts:
        return 0, -1, 0.0
    goal = max(counts, key=lambda x: (counts[x], -x))
    hits = [o for o in t.outcomes if o.goal == goal]
    return len(hits), goal, sum(o.turns for o in hits) / len(hits)


def _when(turns: float) -> str:
    return "within this turn" if turns < 0.5 else f"after {turns:.1f} turns on average"


def clearly_better(best: Any, second: Any, measure: str = "result") -> bool:
    """The best answer's mean ``measure`` (the search's value of the table
    at the future's end, "result"; or the Goals scored or games won in it,
    "goals", the figure a hint shows) is above the runner-up's by more than
    two standard errors of the difference of the two means (the futures
    are samples: a smaller gap is the search's noise, "about as good")."""
    def mean_var(xs: list[float]) -> tuple[float, float]:
        n = len(xs)
        m = sum(xs) / n
        return m, (sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0)
    a = [float(getattr(o, measure)) for o in best.outcomes]
    b = [float(getattr(o, measure)) for o in second.outcomes]
    ma, va = mean_var(a)
    mb, vb = mean_var(b)
    se = (va / len(a) + vb / len(b)) ** 0.5
    return bool(ma - mb > 2 * se)


def compare(g: Game, tried: list[Any], role: str = "the runner-up") -> str:
    """How the best answer compared with the runner-up in the futures the
    search played out, in the game's terms and on the search's own measure:
    Goals scored (Solo) or games won, the Goal that came first in how many
    futures and how soon; "worse" only beyond two standard errors."""
    if len(tried) < 2 or not tried[0].outcomes or not tried[1].outcomes:
        return ""
    best, second = tried[0], tried[1]
    n1, n2 = len(best.outcomes), len(second.outcomes)
    k1, goal1, t1 = _first_goals(best)
    k2, goal2, t2 = _first_goals(second)
    runner = f"{answer_words(g, second.answer)}, {role},"
    # the verdict on the figures shown (Goals scored, games won), not on the search's own measure
    worse = clearly_better(best, second, "goals")
    how = ("worse, beyond the sampling error" if worse else
           "more, beyond the sampling error, though the search ranks this move first on its measure of the table "
           "the futures end on" if clearly_better(second, best, "goals") else
           "about as good (within the sampling error)")
    # with nothing scored on either side, the search's measure of the table the futures end on decides
    table_verdict = ("ends its futures with a worse table by the search's measure, beyond the sampling error"
                     if clearly_better(best, second) else "is about as good")
    if g.variant.scores:  # Solo: Goals scored within the futures' few turns
        a = sum(o.goals for o in best.outcomes) / n1
        b = sum(o.goals for o in second.outcomes) / n2
        if k1 == 0 and k2 == 0:
            return (f"in the {n1} futures the search played out neither move scores within a few turns; "
                    f"{runner} {table_verdict}")
        text = f"in {n1} sampled futures it scores {a:.1f} Goals on average"
        if k1:
            text += f" ({q(g.name(goal1))} came first in {k1} of them, {_when(t1)})"
        text += f"; {runner} scores {b:.1f}"
        if k2:
            text += f" ({q(g.name(goal2))} first in {k2} of {n2})"
        return text + f": {how}"
    w1 = sum(1 for o in best.outcomes if o.goals)
    w2 = sum(1 for o in second.outcomes if o.goals)
    if w1 == 0 and w2 == 0:
        return (f"nobody wins soon in the {n1} futures the search played out; "
                f"{runner} {table_verdict}")
    text = f"you win in {w1} of {n1} sampled futures" + (
        f" (with {q(g.name(goal1))} in {k1} of them, {_when(t1)})" if k1 else "")
    return text + f"; {runner} wins in {w2} of {n2}: {how}"


def _stop(text: str) -> str:
    """A sentence closed: a full stop, unless it ends with a card's own "!"
    or "?" ("play Jackpot!", never "play Jackpot!.")."""
    return text if text[-1] in "!?" else text + "."


def pick(g: Game, ranked: list[tuple[Any, float]], worlds: list[Game],
         tried: list[Any] | None = None) -> tuple[Any, dict[Any, list[Fact]], Any]:
    """The move a hint names, the facts of every answer looked at, and a
    scoring answer passed over (or None). The search's favourite, unless it
    scores (or wins) nothing now while another answer does with no fact
    against it: a Goal scored now is certain, the futures are samples. The
    favourite keeps its place only when a fact of its own says why and the
    futures favour it beyond two standard errors (Empty the Trash putting
    27 cards back against a Goal scored now, say). The answers looked at:
    those the search ranked, and, at a turn's question, every card that can
    be played. A favourite that spends a Surprise for nothing (``wastes``:
    its in-turn side changes nothing here, its out-of-turn side is given
    up) gives way to the next ranked answer with no trap against it, unless
    the futures favour the Surprise beyond two standard errors."""
    pr = g.prompt
    cands = [a for a, _ in ranked]
    if pr is not None and pr.kind == "turn":
        cands += [o for o in pr.options if o not in cands and o[0] in ("play", "free")]
    facts = {a: facts_of(g, a, worlds) for a in cands}
    best = ranked[0][0]
    passed = None
    by = {t.answer: t for t in tried or []}
    if any(f.kind == "wastes" for f in facts[best]):  # a Surprise spent for nothing: the next answer without a trap,
        # unless the futures favour the Surprise beyond two standard errors
        other = next((a for a, _ in ranked[1:] if not any(f.kind in TRAPS for f in facts[a])), None)
        mine = by.get(best)
        theirs = by.get(other) if other is not None else None
        if other is not None and not (mine is not None and theirs is not None and clearly_better(mine, theirs)):
            best = other
    if not is_decisive(facts[best]):
        scoring = next((a for a in cands if is_decisive(facts[a])), None)
        if scoring is not None:
            mine, theirs = by.get(best), by.get(scoring)
            if facts[best] and mine is not None and theirs is not None and len(theirs.outcomes) >= 20 \
                    and clearly_better(mine, theirs):
                passed = scoring
            else:
                best = scoring
    return best, facts, passed


def hint_text(g: Game, ranked: list[tuple[Any, float]], futures: int, tried: list[Any] | None = None,
              cut: bool = False) -> str:
    """The hint line: the move; why, the facts that decide it first (what it
    does now, found one move ahead), then how it compared with the runner-up
    in the futures the search tried; and whether a clock cut the search."""
    return hint_and_line(g, ranked, futures, tried, cut)[1]


def hint_and_line(g: Game, ranked: list[tuple[Any, float]], futures: int, tried: list[Any] | None = None,
                  cut: bool = False) -> tuple[Any, str]:
    """The move a hint names and its line (``hint_text``)."""
    worlds = deals(g, g.decisions)
    best, facts, passed = pick(g, ranked, worlds, tried)
    tried = list(tried or [])
    moved = best != ranked[0][0]
    if moved:  # the search's order with the move named first (its figures, when the search tried it)
        tried = [t for t in tried if t.answer == best] + [t for t in tried if t.answer != best]
        ranked = [r for r in ranked if r[0] == best] + [r for r in ranked if r[0] != best]
    # the runner-up the figures compare with: the best answer with no trap against it (a trap is said as one)
    trapped = {a for a, fs in facts.items() if any(f.kind in TRAPS for f in fs)}
    tried = tried[:1] + sorted(tried[1:], key=lambda t: t.answer in trapped)
    ranked = ranked[:1] + sorted(ranked[1:], key=lambda r: r[0] in trapped)
    text = f"Hint: {answer_words(g, best)}"
    figures = compare(g, tried) if tried and tried[0].answer == best else ""
    whys = [w for w in (reason(g, best, worlds), figures) if w]
    if not any(f.kind in AGAINST for f in facts[best]):  # a trap among the other answers: said, with its fact
        trap = next((a for a in facts if a != best and any(f.kind in TRAPS for f in facts[a])), None)
        if trap is not None:
            why = next(f for f in facts[trap] if f.kind in TRAPS)
            if why.kind == "blocked":  # "but War on your table stops ...": the Goal it would serve is stopped
                whys.append(f"not {answer_words(g, trap)} yet: {why.text[len('but '):]}")
            else:
                whys.append(f"not {answer_words(g, trap)}: it {why.text}")
    if passed is not None:
        scoring = next(f for f in facts[passed] if f.kind in ("scores", "wins"))
        whys.append(f"{answer_words(g, passed)} {scoring.text}, but over the sampled futures this move does "
                    f"clearly better")
    if moved and not figures and is_decisive(facts[best]):
        whys.append(f"the search's sampled futures put {answer_words(g, ranked[1][0])} first, "
                    f"but a Goal scored now is certain")
    if whys:
        text = _stop(text) + " Why: " + "; ".join(whys)
    text = _stop(text)
    if not figures and not moved:
        if len(ranked) > 1:
            second, score2 = ranked[1]
            gap = ranked[0][1] - score2
            how = "did about as well" if gap < 1 else (f"scored {gap / 1000:.1f} fewer Goals on average"
                                                       if g.variant.scores and gap >= 100 else "did worse")
            text += f" Over {futures} sampled futures the runner-up, {answer_words(g, second)}, {how}."
        else:
            text += " It is the only answer."
    if cut:
        text += (f" (The search was cut short by its safety clock after {futures} futures: this machine is "
                 f"busy, and a hint asked again may differ.)")
    return best, text


def nudge(g: Game) -> str:
    """The first hint, which names no move: the Goal in play nearest to being
    met and what it still lacks (where each missing card is), the Creeper in
    its way, or the limit about to take cards; a Goal in the hand when none
    is in play. It changes as the table does."""
    pr = g.prompt
    p = pr.player if pr is not None else g.active
    hand, table = set(g.hands[p]), set(g.tables[p])
    parts: list[str] = []
    goals = list(g.goals) or [c for c in g.hands[p] if g.db.kinds[c] == GOAL]
    where = "" if g.goals else " (in your hand)"

    def near(goal: int) -> float:
        gd = g.db.goal_defs[goal]
        if gd.required:
            return sum(1 for c in gd.required if c in table) / len(gd.required) + \
                0.1 * sum(1 for c in gd.required if c in hand) / len(gd.required)
        need = g.goal_quantity(goal).value
        if gd.most_of == "hand":
            return len(hand) / need if need else 0.0
        if gd.most_of:
            return g.keeper_count(p) / need if need else 0.0
        return sum(1 for c in gd.any_cards if c in table) / need if need else 0.0
    if goals:
        goal = max(goals, key=lambda x: (near(x), -x))
        gd = g.db.goal_defs[goal]
        name = q(g.name(goal))
        if gd.required:
            missing = [c for c in gd.required if c not in table]
            if not missing:
                parts.append(f"every card {name}{where} names is on your table")
            else:
                held = [q(g.name(c)) for c in missing if c in hand]
                away = [q(g.name(c)) for c in missing if c not in hand]
                lacks = []
                if held:
                    lacks.append(f"{and_list(held)} {'is' if len(held) == 1 else 'are'} in your hand")
                if away:
                    lacks.append(f"{and_list(away)} {'is' if len(away) == 1 else 'are'} not yet yours")
                parts.append(f"{name}{where} still needs {and_list([q(g.name(c)) for c in missing])}: " + "; ".join(lacks))
        else:
            parts.append(f"{name}{where}: {count_words(g, goal, p) or 'it counts what you have'}")
        blocker, _ = why_blocked(g, goal, p)
        if blocker >= 0 and g.db.kinds[blocker] == CREEPER and gd.required and not \
                [c for c in gd.required if c not in table]:
            parts.append(f"{q(g.name(blocker))} on your table stops it until it goes")
    else:
        parts.append("no Goal is in play or in your hand: a Goal played sets what to aim for")
    limit = g.limits()[0]
    if limit >= 0 and len(g.hands[p]) > limit:
        parts.append(f"the Hand Limit {limit} will leave you {limit} of your {len(g.hands[p])} card"
                     f"{'s' if len(g.hands[p]) != 1 else ''} when "
                     f"the turn ends")
    return "Hint: " + _stop("; ".join(parts)[0].upper() + "; ".join(parts)[1:])
