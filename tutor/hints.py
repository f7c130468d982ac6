"""Hints that teach: the search bot's suggestion, with its reason in words.

The reason comes from the table, not from the search: how far the current
Goal is, what a card does toward it, the Creeper that stands in the way,
and the clock (the Main deck in Solo Fluxx; the hidden next Rules flip).
The numbers come from the search: how much better the suggestion did than
the runner-up over the sampled futures."""
from __future__ import annotations

from typing import Any

from engine.answers import option_label, value_label
from engine.cards import CREEPER, GOAL, KEEPER
from engine.game import Game
from engine.goals import why_blocked


def goal_progress(g: Game, goal: int, p: int) -> tuple[int, int]:
    """(named cards p has on the table, how many the Goal names)."""
    gd = g.db.goal_defs[goal]
    t = g.tables[p]
    if gd.required:
        return sum(1 for c in gd.required if c in t), len(gd.required)
    if gd.any_count:
        return min(sum(1 for c in gd.any_cards if c in t), gd.any_count), gd.any_count + g.inflation()
    return 0, 0


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
            have, want = goal_progress(g, needed[0], p)
            out.append(f"{card.name} is one of the cards {g.name(needed[0])} needs (you would have {have + 1} of {want})")
        elif card.kind == KEEPER:
            out.append(f"{card.name} goes on your table, where Goals to come may need it")
        elif card.kind == GOAL:
            gd = g.db.goal_defs[c]
            have = sum(1 for x in gd.required if x in g.tables[p] or x in g.hands[p])
            if gd.required:
                out.append(f"you hold or have {have} of the {len(gd.required)} cards {card.name} names")
            else:
                out.append(f"{card.name} becomes the Goal")
        elif answer[0] == "free":
            out.append(f"{card.name} is a free action: it uses none of your plays")
        else:
            out.append(f"{card.name}: {card.text.rstrip('.')}")
    elif answer[0] == "choose" and pr.domain == "cards":
        keep = [goal for goal in goals]
        chosen = [c for c in answer[1] if isinstance(c, int)]
        if chosen and keep:
            needed = {x for goal in keep for x in g.db.goal_defs[goal].required}
            spared = [g.name(c) for c in pr.options if c in needed and c not in chosen]
            if spared:
                out.append(f"it spares {', '.join(spared)}, which the Goal needs")
    # what stands in the way, and the clock
    for goal in goals:
        blocker, _ = why_blocked(g, goal, p)
        if blocker >= 0 and cards[blocker].kind == CREEPER:
            out.append(f"{g.name(blocker)} on your table stops you meeting {g.name(goal)} until it goes")
            break
    if g.variant.spots(g) is not None:
        out.append(f"the Main deck has {len(g.draw)} cards left, the game's clock; "
                   f"the next of the {len(g.rules_deck)} Rules cards flips after this turn, unseen")
    return "; ".join(out)


def answer_words(g: Game, a: Any) -> str:
    """An answer as a person says it: "play Milk", "choose Milk, Cookies", "pass"."""
    if a[0] == "choose":
        return "choose " + ", ".join(value_label(g, v) for v in a[1]) if a[1] else "pass (choose nothing)"
    return option_label(g, a)


def hint_text(g: Game, ranked: list[tuple[Any, float]], futures: int) -> str:
    """The hint line: the move, why, and how it compared with the runner-up."""
    best, score = ranked[0]
    text = f"Hint: {answer_words(g, best)}"
    why = reason(g, best)
    if why:
        text += f". Why: {why}"
    if len(ranked) > 1:
        second, score2 = ranked[1]
        gap = score - score2
        how = "about as well" if gap < 1 else (f"{gap / 1000:.1f} scored Goals worse on average" if g.variant.scores
                                               and gap >= 100 else "worse")
        text += f". Over {futures} sampled futures the runner-up, {answer_words(g, second)}, did {how}."
    else:
        text += ". It is the only answer."
    return text
