"""Surprises: response windows, cancel chains, and the in-turn effects.

A Surprise has two sides. On its owner's turn it is played like an Action
(its effect is in ``ACTIONS``). Out of turn it cancels a card being played
by someone else: the card named by its ``counters`` (a Goal, an Action, a
New Rule, a Keeper, or an attempt to steal your Keeper), or any Surprise.

The engine keeps the cards being fought over in ``g.chain``, bottom first:
the play (or steal attempt) itself, then each Surprise played against the
item below it. After every play the players other than the one who made
the top item are asked, in turn order, whether they answer it; an answer
becomes the new top and everybody is asked again. When a whole round
passes, the chain settles last-in first-out: an effective Surprise cancels
the item below it, so the play stands when an even number of Surprises
sit on it (the FAQ's "wrestling match in the being-played area"). Goals
and limits are not checked until the chain has settled.
"""
from __future__ import annotations

from typing import Any

from . import rng as R
from .cards import ACTION, CREEPER, GOAL, KEEPER, RULE, SURPRISE
from .events import Kind
from .game import Game, IllegalAnswer, Link
from .hooks import Task, install
from .prompts import Chosen
from .zones import EFFECT, give_to_table, keepers_of, others

KIND_WORDS = {KEEPER: "a Keeper", GOAL: "a Goal", RULE: "a New Rule", ACTION: "an Action",
              SURPRISE: "a Surprise", CREEPER: "a Creeper", "steal": "an attempt to steal your Keeper"}


# ---------------------------------------------------------------- who may answer
def held_surprises(g: Game, q: int) -> list[int]:
    """Surprises player q could play now: from the hand, or from a temporary
    hand of theirs that is played from (FAQ: a sub-hand Surprise can counter)."""
    cards = g.db.cards
    out = [c for c in g.hands[q] if cards[c].kind == SURPRISE]
    for fr in g.temp:
        if fr.player == q and fr.kind == "play":
            out.extend(c for c in fr.cards if cards[c].kind == SURPRISE)
    return out


def wanted(g: Game, top: Link) -> int | str | bool | None:
    """What may answer the top item: a ``counters`` value, None for any
    Surprise, or False for nothing."""
    what = top.what
    if what == "power":
        return False
    if what == "steal":
        return "steal"
    if what == "surprise":
        return None
    k = g.db.cards[top.card].kind
    return None if k == SURPRISE else k


def usable(g: Game, q: int, top: Link) -> list[int]:
    """The cards q may answer the top of the chain with (empty: no window)."""
    if q == top.player:
        return []
    want = wanted(g, top)
    if want is False:
        return []
    if want == "steal" and q != top.arg:
        return []
    cards = g.db.cards
    out = [s for s in held_surprises(g, q) if want is None or cards[s].counters == want]
    if want is None:
        for a in g.db.cancelers:
            if a in g.tables[q] and g.powered(a):
                out.append(a)
    return out


def responders(g: Game, top: Link) -> list[int]:
    """Everyone but the top item's player, in turn order after them."""
    p = top.player
    return [(p + i) % g.nplayers for i in range(1, g.nplayers)]


def open_chain(g: Game, item: Link, then: Task | None) -> bool:
    """Start a chain on a play or steal attempt if anybody could answer it.
    Returns False (nothing queued) when nobody can: the caller goes on."""
    if not g.db.surprises and not g.db.cancelers:
        return False
    if not any(usable(g, q, item) for q in responders(g, item)):
        return False
    g.chain = [item]
    g.stack.append(("settle_chain",) if then is None else ("settle_chain",) + then)
    g.stack.append(("window", 0))
    return True


def op_window(g: Game, i: int) -> None:
    top = g.chain[-1]
    order = responders(g, top)
    while i < len(order):
        q = order[i]
        opts = usable(g, q, top)
        if opts:
            g.ask(q, "surprise", opts, 0, 1, card=top.card, then=("ans_window", i),
                  reason=f"p{top.player} {_what(g, top)}: play a Surprise to cancel it, or pass")
            return
        i += 1


def _what(g: Game, top: Link) -> str:
    if top.what == "steal":
        return f"is trying to take your {g.name(top.card)}"
    return f"is playing {g.name(top.card)}"


def op_ans_window(g: Game, i: int, chosen: Chosen) -> None:
    if not chosen:
        g.stack.append(("window", i + 1))
        return
    top = g.chain[-1]
    q = responders(g, top)[i]
    s = chosen[0]
    if s in g.db.cancelers:  # the power is told first, then its price (the Keeper discarded), for what it is
        g.ev(Kind.SURPRISE, "surprise.out-of-turn", q, s, target=top.card)
        g.discard_from_table(s, "keeper.cancel-surprise", q, target=top.card)
        g.chain.append(Link([s, q, "power", 0, 0]))
    else:
        _take_from_hand(g, q, s)
        g.playing.append(s)
        g.chain.append(Link([s, q, "surprise", 0, 0]))
        g.ev(Kind.SURPRISE, "surprise.out-of-turn", q, s, target=top.card)
    g.stack.append(("window", 0))


def _take_from_hand(g: Game, q: int, s: int) -> None:
    if s in g.hands[q]:
        g.hands[q].remove(s)
        return
    for fr in reversed(g.temp):
        if fr.player == q and s in fr.cards:
            fr.cards.remove(s)  # a counter is no play: the temporary hand's plays stay as they were
            return


def op_settle_chain(g: Game, *then: Any) -> None:
    """Settle the chain last-in first-out, then carry out what stands."""
    chain = g.chain
    g.chain = []
    n = len(chain)
    live = [True] * n
    for k in range(n - 1, 0, -1):
        live[k - 1] = not live[k]
    for k in range(n - 1, 0, -1):
        s, q, what = chain[k].card, chain[k].player, chain[k].what
        if what == "surprise":
            g.playing.remove(s)
            g.to_discard(s)
            g.ev(Kind.SURPRISE_DONE, "surprise.chain", q, s, canceled=not live[k])
    base = chain[0]
    x, p, what = base.card, base.player, base.what
    if what == "play":
        if live[0]:
            g.stack.append(("resolve", p, x))
            return
        # the base fell, so a cancel stands above it
        first = chain[1]
        q = first.player
        if g.db.cards[x].kind == KEEPER and first.what == "surprise" and g.db.cards[first.card].counters == KEEPER:
            g.playing.remove(x)
            g.tables[q].append(x)
            g.ev(Kind.REDIRECT, "surprise.keeper", q, x, frm=p)
            return
        g.playing.remove(x)
        g.to_discard(x)
        g.ev(Kind.CANCELED, "surprise.cancel", p, x, by=q)
        return
    # a steal attempt: base = [keeper, thief, "steal", victim, card]
    victim = base.arg
    if live[0]:
        if g.where(x) == ("table", victim):
            give_to_table(g, x, p, then[0] if then else EFFECT, p)
        return
    g.ev(Kind.CANCELED, "surprise.trap", p, x, by=victim)
    first = chain[1]
    loot = keepers_of(g, p)
    if loot:
        g.ask(victim, "steal", loot, card=first.card, reason=f"{g.name(first.card)}: take one of the thief's Keepers",
              then=("ans_trap", victim))


def op_ans_trap(g: Game, victim: int, chosen: Chosen) -> None:
    give_to_table(g, chosen[0], victim, "surprise.trap", victim)


def attempt_steal(g: Game, thief: int, k: int, card: int, rule: str = EFFECT) -> None:
    """Take Keeper (or unit) k from its owner: the owner may spring a trap first."""
    victim = g.where(k)[1]
    if victim < 0 or victim == thief:
        return
    unit = g.unit_of(k)
    cards = g.db.cards
    if any(cards[x].kind == KEEPER for x in unit) and open_chain(g, Link([k, thief, "steal", victim, card]), (rule,)):
        return
    give_to_table(g, k, thief, rule, thief)


def refusal(g: Game, q: int, s: int) -> str:
    """Why player q cannot play card s out of turn now (for a clear error)."""
    cards = g.db.cards
    if not 0 <= s < g.db.n:
        return "there is no such card"
    name = cards[s].name
    if cards[s].kind != SURPRISE and s not in g.db.cancelers:
        return f"{name} is not a Surprise"
    if s in g.db.cancelers:
        if s not in g.tables[q]:
            return f"{name} is not on your table"
    elif s not in held_surprises(g, q):
        return (f"{name} is not in your hand; a Surprise you would only receive through the play "
                "you want to cancel is not yours until that play is done (FAQ, Trade Hands)")
    if not g.chain:
        if cards[s].counters == "steal":
            return (f"{name} only answers an attempt to take one of your own Keepers, "
                    "and nobody is trying to take one of yours now")
        return ("no card is being played now that a Surprise could cancel; on your own turn a "
                "Surprise is played as one of your plays, for its in-turn effect")
    top = g.chain[-1]
    if q == top.player:
        return ("you cannot cancel your own play: on your turn a Surprise is one of your plays, "
                "or a free counter to a Surprise someone played against you (FAQ)")
    want = wanted(g, top)
    if want is False:
        return "the Admiral's cancel is not a Surprise, and no Surprise can counter it"
    if want == "steal" and q != top.arg:
        return "only the player whose Keeper is being stolen can spring that trap"
    if s in g.db.cancelers and want is not None:
        return f"{name} can only cancel a Surprise"
    if want is not None and cards[s].counters != want:
        return f"{name} cancels {KIND_WORDS[cards[s].counters]}, and this is {KIND_WORDS[want]}"
    pr = g.prompt
    if pr is not None and pr.ask == "surprise" and pr.player != q:
        return f"the engine is asking p{pr.player} first; Surprises are offered in turn order"
    return f"{name} cannot be played now"


def surprise_answer(g: Game, answer: Any) -> Any:
    """Turn ("surprise", player, card) into an answer to the open window, or
    refuse it; any other answer passes through unchanged."""
    if not (isinstance(answer, (tuple, list)) and answer and answer[0] == "surprise"):
        return answer
    if len(answer) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) for x in answer[1:]):
        raise IllegalAnswer("a Surprise answer is ('surprise', player, card)")
    q, s = answer[1], answer[2]
    if not 0 <= q < g.nplayers:
        raise IllegalAnswer(f"there is no player {q}")
    pr = g.prompt
    if pr is not None and pr.ask == "surprise" and pr.player == q and s in pr.options:
        return ("choose", (s,))
    raise IllegalAnswer(refusal(g, q, s))


# ---------------------------------------------------------------- in-turn effects
def act_scrap_goals(g: Game, p: int, c: int) -> None:
    for x in list(g.goals):
        g.goals.remove(x)
        g.to_discard(x)
        g.ev(Kind.GOAL_DISCARDED, EFFECT, p, x)
    g.goals_changed()
    g.stack.append(("others_discard", p, c, 0, GOAL))


def act_others_discard_actions(g: Game, p: int, c: int) -> None:
    g.stack.append(("others_discard", p, c, 0, ACTION))


def act_others_discard_you_draw(g: Game, p: int, c: int) -> None:
    g.stack.append(("draw", p, g.num_told(c, "n"), 0, EFFECT))
    g.stack.append(("others_discard", p, c, 0, -1))


def op_others_discard(g: Game, p: int, c: int, i: int, kind: int) -> None:
    """Each other player in turn discards a card of ``kind`` of their choice
    (any card for -1); with none of that kind, a random card."""
    order = others(g, p)
    while i < len(order):
        q = order[i]
        h = g.hands[q]
        if h:
            opts = [x for x in h if kind < 0 or g.db.cards[x].kind == kind]
            if opts:
                g.ask(q, "discard", opts, card=c, reason=f"{g.name(c)}: discard a card of your choice",
                      then=("ans_others_discard", p, c, i, kind))
                return
            g.rng, j = R.below(g.rng, len(h))
            x = h.pop(j)
            g.to_discard(x)
            g.ev(Kind.DISCARD, EFFECT, q, x, random=True)
        i += 1


def op_ans_others_discard(g: Game, p: int, c: int, i: int, kind: int, chosen: Chosen) -> None:
    q = others(g, p)[i]
    for x in chosen:
        g.hands[q].remove(x)
        g.to_discard(x)
        g.ev(Kind.DISCARD, EFFECT, q, x)
    g.stack.append(("others_discard", p, c, i + 1, kind))


def act_discard_rules_up_to(g: Game, p: int, c: int) -> None:
    if g.rules:
        q = g.count_quantity(c, "n")
        n = min(g.num_told(c, "n"), len(g.rules))
        held = f" (only {n} in play)" if n < q.value else ""
        g.ask(p, "trash_rules", list(g.rules), 0, n, card=c,
              reason=f"discard up to {q.said(g.name)} New Rule(s){held}", then=("ans_drop_rules", p))


install(globals(), answer_filters={"surprise": surprise_answer})
