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
from typing import Any

from engine.answers import option_label, value_label
from engine.cards import CREEPER, GOAL, KEEPER
from engine.game import Game
from engine.goals import why_blocked


def goal_progress(g: Game, goal: int, p: int, adding: int = -1) -> tuple[int, int]:
    """(the cards the Goal asks for that p has on the table, with ``adding``
    put there too; how many it asks for): each card it names counts one, and
    its "any N of" part counts up to N (the number Inflation makes it)."""
    gd = g.db.goal_defs[goal]
    t = set(g.tables[p])
    if adding >= 0:
        t.add(adding)
    have, want = sum(1 for c in gd.required if c in t), len(gd.required)
    if gd.any_count:
        n = gd.any_count + g.inflation()
        have += min(sum(1 for c in gd.any_cards if c in t), n)
        want += n
    return have, want


def reason(g: Game, answer: Any) -> str:
    """Why this answer helps, in words, from what it does to the table."""
    pr = g.prompt
    if pr is None:
        return ""
    p = pr.player
    cards = g.db.cards
    goals = list(g.goals)
    out: list[str] = []
    if answer[0] in ("play", "free"):
        c = answer[1]
        card = cards[c]
        needed = [goal for goal in goals if c in g.db.goal_defs[goal].required or c in g.db.goal_defs[goal].any_cards]
        if card.kind == KEEPER and needed:
            have, want = goal_progress(g, needed[0], p, c)
            out.append(f"{q(card.name)} is one of the cards {q(g.name(needed[0]))} needs (you would have {have} of {want})")
        elif card.kind == KEEPER:
            out.append(f"{q(card.name)} goes on your table, where Goals to come may need it")
        elif card.kind == GOAL:
            gd = g.db.goal_defs[c]
            have = sum(1 for x in gd.required if x in g.tables[p] or x in g.hands[p])
            if gd.required and have and not gd.any_count:  # a Goal half met (or met) in hand or on the table
                n = len(gd.required)
                named = f"{q(card.name)} names"
                out.append(f"you hold or have every card {named}" if have == n else
                           f"you hold or have {have} of the {n} cards {named}")
        elif answer[0] == "free":
            out.append(f"{q(card.name)} is a free action: it uses none of your plays")
    elif answer[0] == "choose" and pr.domain == "cards":
        keep = [goal for goal in goals]
        chosen = [c for c in answer[1] if isinstance(c, int)]
        if chosen and keep:
            parts = {x for goal in keep for x in g.db.goal_defs[goal].required}
            spared = [q(g.name(c)) for c in pr.options if c in parts and c not in chosen]
            if spared:
                out.append(f"it spares {', '.join(spared)}, which the Goal needs")
    if g.variant.scores and answer[0] in ("play", "free"):  # the clock: the Main deck runs out, the game ends
        h = g.copy(record=True)
        try:
            events = h.push(answer)
        except Exception:  # an answer this table refuses says nothing of the clock
            h, events = g, []
        # the cards the move puts back, counted before any is drawn again: the answer runs on to the
        # next question, which may be past the next turn's draw, a draw any move that ends the turn meets
        back = len(h.draw) - len(g.draw) + sum(1 for e in events if e.kind in ("draw", "creeper"))
        if back > 0 and not h.over:
            out.append(f"it puts {back} card{'s' if back != 1 else ''} back into the Main deck, the game's clock: "
                       f"more turns before it runs out")
    # what stands in the way of the Goal this move works toward
    served = [goal for goal in goals if answer[0] in ("play", "free") and cards[answer[1]].kind == KEEPER
              and answer[1] in g.db.goal_defs[goal].required]
    for goal in served:
        blocker, _ = why_blocked(g, goal, p)
        if blocker >= 0 and cards[blocker].kind == CREEPER:
            out.append(f"{q(g.name(blocker))} on your table stops you meeting {q(g.name(goal))} until it goes")
            break
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


def _first_goals(t: Any) -> tuple[int, int, float]:
    """(futures with a Goal scored or won, the Goal most often first, mean turns to it)."""
    hits = [o for o in t.outcomes if o.goal >= 0]
    if not hits:
        return 0, -1, 0.0
    counts: dict[int, int] = {}
    for o in hits:
        counts[o.goal] = counts.get(o.goal, 0) + 1
    goal = max(counts, key=lambda x: (counts[x], -x))
    return len(hits), goal, sum(o.turns for o in hits) / len(hits)


def _when(turns: float) -> str:
    return "straight away" if turns < 0.5 else f"after {turns:.1f} turns on average"


def best_mean(t: Any) -> float:
    mean: float = sum(o.result for o in t.outcomes) / max(1, len(t.outcomes))
    return mean


def compare(g: Game, tried: list[Any], role: str = "the runner-up") -> str:
    """How the best answer beat the runner-up in the futures the search
    played out, in the game's terms and on the search's own measure: Goals
    scored (Solo) or games won, with the Goal that came first and how soon."""
    if len(tried) < 2 or not tried[0].outcomes or not tried[1].outcomes:
        return ""
    best, second = tried[0], tried[1]
    n1, n2 = len(best.outcomes), len(second.outcomes)
    k1, goal1, t1 = _first_goals(best)
    k2, goal2, t2 = _first_goals(second)
    runner = f"{answer_words(g, second.answer)}, {role},"
    nearer = "nearer a Goal" if best_mean(best) > best_mean(second) else "as near a Goal"
    if g.variant.scores:  # Solo: Goals scored within the futures' few turns
        a = sum(o.goals for o in best.outcomes) / n1
        b = sum(o.goals for o in second.outcomes) / n2
        if k1 == 0 and k2 == 0:
            return (f"in the {n1} futures the search played out neither move scores soon, but this one "
                    f"leaves your table {nearer} than {runner[:-1]}")
        text = f"over the next few turns it scores {a:.1f} Goals on average in {n1} sampled futures"
        if k1:
            text += f" (first {q(g.name(goal1))}, in {k1} of them, {_when(t1)})"
        text += f"; {runner} scores {b:.1f}"
        if k2:
            text += f" (first {q(g.name(goal2))}, in {k2} of {n2}, {_when(t2)})"
        if round(a, 1) == round(b, 1):
            text += ": as many, and a better table after" if best_mean(best) > best_mean(second) else \
                ": about the same"
        return text
    if k1 == 0 and k2 == 0:
        return (f"nobody wins soon in the {n1} futures the search played out, but this leaves your table "
                f"{nearer} than {runner[:-1]}")
    text = f"you win in {k1} of {n1} sampled futures" + (f" (most often with {q(g.name(goal1))}, {_when(t1)})"
                                                          if k1 else "")
    return text + f"; {runner} wins in {k2} of {n2}"


def _stop(text: str) -> str:
    """A sentence closed: a full stop, unless it ends with a card's own "!"
    or "?" ("play Jackpot!", never "play Jackpot!.")."""
    return text if text[-1] in "!?" else text + "."


def hint_text(g: Game, ranked: list[tuple[Any, float]], futures: int, tried: list[Any] | None = None) -> str:
    """The hint line: the move, why (what it does on the table, and how it
    beat the runner-up in the futures the search tried)."""
    best, score = ranked[0]
    text = f"Hint: {answer_words(g, best)}"
    whys = [w for w in (reason(g, best), compare(g, tried or [])) if w]
    if whys:
        text = _stop(text) + " Why: " + "; ".join(whys)
    if tried and len(tried) > 1 and compare(g, tried):
        return _stop(text)
    if len(ranked) > 1:
        second, score2 = ranked[1]
        gap = score - score2
        how = "did about as well" if gap < 1 else (f"scored {gap / 1000:.1f} fewer Goals on average"
                                                   if g.variant.scores and gap >= 100 else "did worse")
        return _stop(text) + f" Over {futures} sampled futures the runner-up, {answer_words(g, second)}, {how}."
    return _stop(text) + " It is the only answer."
