"""The facts that decide a move, found by playing it one move ahead with
the engine (never by reading the card's text): what a hint, the nudge and
the coach's review say before any figure.

A move is played on copies of the game whose hidden cards (the draw pile's
order, the other hands) are dealt afresh (``SAMPLES`` deals, seeded from
the question, so the same position gives the same facts everywhere); a
fact is told only when it holds on every deal, so no fact gives away a
hidden card. The facts, in the order a hint tells them:

* ``scores`` / ``wins``: a Goal scored (Solo) or the game won, now, with a
  count Goal's numbers ("you hold 11 cards; 10 needed");
* ``loses``: another seat wins at once;
* ``ends``: the game ends (a Solo deck runs out) and what that leaves;
* ``completes``: a Goal in the hand is met on the table once it is played;
* ``needs``: a Keeper a Goal in play names (how many of its cards then);
* ``blocked``: a Creeper on the table stops a Goal the move works toward;
* ``turn_ends``: the move gives up the plays left and ends the turn, and
  what a limit then keeps;
* ``limit``: a limit makes the seat give up a Keeper a Goal names;
* ``spends`` / ``wastes``: a Surprise played on your own turn gives up
  what it could do held (cancel a card another player plays); a trap when
  its in-turn side changes nothing here;
* ``cancels``: a Surprise played out of turn, and the card it cancels;
* ``window``: what a move does holds unless another seat cancels it (on
  some deal of the hidden cards, a seat is asked; the facts are those of
  the move not cancelled);
* ``costs`` / ``spares``: a choice that gives up cards of your own, and
  the Goal that names one of them (a trap), or that none does;
* ``clock``: cards put back into the Solo Main deck (more turns).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.cards import ACTION, GOAL, KEEPER, RULE, SURPRISE
from engine.game import Game
from engine.goals import meets, most_count, why_blocked
from engine.prompts import IllegalAnswer

from . import explain

SAMPLES = 3  # deals of the hidden cards a move is tried on; a fact must hold on all of them
# facts that make a move good at once, and those that count against it
DECISIVE = ("scores", "wins")
AGAINST = ("loses", "ends")
# what a hint warns of in another answer (not its own): the facts against, and a limit taking a Keeper
TRAPS = AGAINST + ("limit", "turn_ends_limit", "blocked", "wastes", "costs")


@dataclass(frozen=True)
class Fact:
    kind: str   # one of the kinds above
    text: str   # what the move does, as "it ..." goes on: "scores Turn It Up! now"
    past: str   # the same, done: "scored Turn It Up!" (the coach's review)


def q(name: str) -> str:
    """A card's name, in quotes when a comma or a numeral in it could be
    misread as a list or a count ("Coffee, Black", "5 Keepers")."""
    return f"\u201c{name}\u201d" if any(ch.isdigit() or ch == "," for ch in name) else name


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def count_words(g: Game, goal: int, p: int, playing: int = -1) -> str:
    """A count Goal's numbers for seat p ("you hold 11 cards; 10 needed"),
    or "" for a Goal that counts nothing; ``playing``: a card p is about to
    play from the hand (it leaves the hand; a Keeper joins the table)."""
    gd = g.db.goal_defs[goal]
    need = g.goal_quantity(goal).value
    if not need:
        return ""
    if gd.most_of == "hand":
        n = len(g.hands[p]) - (1 if playing in g.hands[p] else 0)
        return f"you hold {n} card{'s' if n != 1 else ''} once it is played; {need} needed" if playing >= 0 else \
            f"you hold {n} card{'s' if n != 1 else ''}; {need} needed"
    keeper = playing >= 0 and g.db.kinds[playing] == KEEPER
    if gd.most_of:
        n = most_count(g, p, gd.most_of) + (1 if keeper else 0)
        return f"you have {n} Keeper{'s' if n != 1 else ''} on the table; {need} needed"
    t = set(g.tables[p]) | ({playing} if keeper else set())
    n = sum(1 for c in gd.any_cards if c in t)
    said = f"you have {n} of the cards it counts; {need} needed"
    missing = [c for c in gd.required if c not in t]  # (Party Snacks: The Party, and any food Keeper)
    if missing:
        names = and_list([q(g.name(c)) for c in missing])
        said += f"; it also needs {names}, not on your table"
    return said


def deals(g: Game, seed: int, n: int = SAMPLES) -> list[Game]:
    """``n`` copies of ``g`` with what the asked seat cannot see dealt afresh."""
    from engine.bots import FlatSearch
    dealer = FlatSearch(seed)
    p = g.prompt.player if g.prompt is not None else 0
    return [dealer.determinize(g, p) for _ in range(n)]


def _after(g: Game, worlds: list[Game], answer: Any) -> tuple[list[Game], bool] | None:
    """The deals once ``answer`` is played. Another player asked whether to
    cancel it with a Surprise passes (on a deal, a hidden hand may hold one):
    the facts are what the move does unless it is cancelled, and the hint
    says it could be (the second value: a seat was asked on some deal). The
    events of the passes are added to the answer's own, as one answer's log."""
    out = []
    window = False
    p = g.prompt.player if g.prompt is not None else -1
    for w in worlds:
        h = w.copy(record=True)  # the events tell the cards drawn on the way (Solo's clock)
        try:
            h.push(answer)
        except IllegalAnswer:
            return None
        for _ in range(2 * g.nplayers):  # (each seat is asked at most once a link)
            pr = h.prompt
            if pr is None or pr.ask != "surprise" or pr.player == p:
                break
            before = list(h.log or [])
            h.push(("choose", ()))
            if h.sink.events is not None:
                h.sink.events[:0] = before
            window = True
        out.append(h)
    return out, window


def facts_of(g: Game, answer: Any, worlds: list[Game] | None = None, seed: int = 0) -> list[Fact]:
    """The facts of ``answer`` to the question now asked, decisive first."""
    pr = g.prompt
    if pr is None:
        return []
    p = pr.player
    worlds = worlds if worlds is not None else deals(g, seed)
    after = _after(g, worlds, answer)
    if not after or not after[0]:
        return []
    hs, window = after
    out: list[Fact] = []
    name = g.name
    scores = g.variant.scores
    # scored or won now
    if scores:
        got = [set(_this_turn(h, "score")) for h in hs]
        for goal in sorted(set.intersection(*got), key=lambda c: hs[0].scored.index(c)):
            nums = count_words(g, goal, p, answer[1] if answer[0] == "play" else -1)
            req = g.db.goal_defs[goal].required
            if not nums and req:
                nums = and_list([q(name(c)) for c in req]) + " on your table"
            out.append(Fact("scores", f"scores {q(name(goal))} now" + (f" ({nums})" if nums else ""),
                            f"scored {q(name(goal))}"))
        later = [set(h.scored[len(g.scored):]) - g_ for h, g_ in zip(hs, got, strict=True)]
        for goal in sorted(set.intersection(*later) if later else (), key=lambda c: hs[0].scored.index(c)):
            out.append(Fact("scores_next", f"ends the turn, and {q(name(goal))} then scores at your next turn's "
                            f"start, after its draw", f"led to {q(name(goal))} scoring at the next turn's start"))
    else:
        if all(h.over and h.winner == p and not _this_turn(h, "turn_end") for h in hs):
            from engine.bots import first_goal
            goal = first_goal(hs[0], p, len(g.scored))
            with_ = f" with {q(name(goal))}" if goal >= 0 else ""
            out.append(Fact("wins", f"wins the game now{with_}", f"won the game{with_}"))
        elif all(h.over and h.winner >= 0 and h.winner != p for h in hs) and len({h.winner for h in hs}) == 1:
            who = explain.who(g, hs[0].winner)
            out.append(Fact("loses", f"lets {who} win at once", f"let {who} win"))
    # the game ends (not by a win)
    if all(h.over and h.winner < 0 for h in hs):
        out.append(_ends(g, hs[0], answer))
    if any(h.over for h in hs):
        return out
    card = answer[1] if answer[0] in ("play", "free") else -1
    kinds = g.db.kinds
    if card >= 0 and kinds[card] == KEEPER and not out:  # (a Keeper that scores is told as the score)
        out += _keeper_facts(g, hs, card, p)
    elif card >= 0 and kinds[card] == GOAL and not out:
        gd = g.db.goal_defs[card]
        nums = count_words(g, card, p, card)
        have = sum(1 for x in gd.required if x in g.tables[p] or x in g.hands[p])
        if nums:
            out.append(Fact("needs", f"is a count Goal: {nums}", f"was a count Goal ({nums})"))
        elif gd.required and have and not gd.any_count:  # a Goal half met (or met) in hand or on the table
            n = len(gd.required)
            held = "every card" if have == n else f"{have} of the {n} cards"
            out.append(Fact("needs", f"is a Goal you are near: you hold or have {held} {q(name(card))} names",
                            f"was a Goal you held or had {held} of"))
    out += _turn_facts(g, hs, answer, p)
    if pr.ask == "surprise" and answer[0] == "choose" and answer[1] and g.chain and not out:
        out.append(_cancels(g, hs, p))
    elif pr.kind == "choose" and pr.domain == "cards" and answer[0] == "choose" and not out:
        out += _given_up(g, hs, [c for c in answer[1] if isinstance(c, int)], p)
    if card >= 0 and kinds[card] == SURPRISE and answer[0] == "play" and g.nplayers > 1 and not out:
        out.append(_spent(g, hs, card, p))
    if not out and (card >= 0 or answer[0] == "choose"):  # no fact decides it: what it does to the table,
        # one move ahead, is still a fact
        does = _does(g, hs, p)
        if does:
            out.append(Fact("does", does, _past(does)))
    if window and out and answer[0] == "play":  # what it does, unless a Surprise held by another seat cancels it
        out.insert(1, Fact("window", "but another player holding a Surprise could still cancel it",
                           "though another player could have cancelled it with a Surprise"))
    if scores and card >= 0:
        back = min(len(h.draw) - len(w.draw) + _drawn(h) for h, w in zip(hs, worlds, strict=False))
        if back > 0:
            out.append(Fact("clock", f"puts {back} card{'s' if back != 1 else ''} back into the Main deck, the "
                            f"game's clock: more turns before it runs out", f"put {back} cards back into the Main deck"))
    return out


def _cancels(g: Game, hs: list[Game], p: int) -> Fact:
    """A Surprise played out of turn: the card it cancels, and whose it
    was (That's Mine! takes the Keeper onto your table instead)."""
    top = g.chain[-1]
    card, who = q(g.name(top.card)), explain.who(g, top.player)
    if top[2] == "steal":  # (a Keeper being taken: It's a Trap! stops the theft)
        return Fact("cancels", f"stops {who} taking {card}", f"stopped {who} taking {card}")
    if all(top.card in h.tables[p] for h in hs):
        return Fact("cancels", f"takes {card}, which {who} is playing, onto your table instead",
                    f"took {card}, which {who} was playing, onto your table")
    return Fact("cancels", f"cancels {card}, which {who} is playing: it goes to the discard pile unplayed",
                f"cancelled {card}, which {who} was playing")


def _given_up(g: Game, hs: list[Game], chosen: list[int], p: int) -> list[Fact]:
    """Cards of your own a choice gives up (a limit's discard, a card's
    price): the Goal in play, or in your hand, that names one of them
    (``costs``, a trap), or that none does (``spares``). A count Goal
    that counts cards of their kind leaves this unsaid: any card may
    count toward it."""
    gone = [c for c in chosen if (c in g.tables[p] or c in g.hands[p])
            and all(c not in h.tables[p] and c not in h.hands[p] for h in hs)]
    if not gone:
        return []
    defs, name = g.db.goal_defs, g.name
    goals = list(dict.fromkeys([*g.goals, *(c for c in g.hands[p] if g.db.kinds[c] == GOAL and c not in gone)]))
    needs = {c: [x for x in goals if c in defs[x].required or c in defs[x].any_cards] for c in gone}
    lost = [c for c in gone if needs[c]]
    if lost:
        c = lost[0]
        return [Fact("costs", f"gives up {q(name(c))}, which {and_list([q(name(x)) for x in needs[c]])} needs",
                     f"gave up {q(name(c))}, which {and_list([q(name(x)) for x in needs[c]])} needed")]
    now: list[str] = []
    then: list[str] = []
    keepers = [c for c in gone if g.db.kinds[c] == KEEPER]
    # (only Keepers are named by Goals; a count Goal may count any of them)
    if keepers and not any(defs[x].most_of or (defs[x].any_count and not defs[x].any_cards) for x in goals):
        where = "no Goal in play or in your hand" if any(x in g.hands[p] for x in goals) else "no Goal in play"
        cards = and_list([q(name(c)) for c in keepers])
        now.append(f"gives up {cards}, which {where} names")
        then.append(f"gave up {cards}, which {where} named")
    if all(c in g.hands[p] for c in chosen):  # a discard from the hand: what stays in it
        kept = [c for c in g.hands[p] if c not in chosen]
        if not kept:
            now.append("empties your hand")
            then.append("emptied your hand")
        elif len(kept) <= 3:
            def kept_words(c: int) -> str:  # a card a Goal in play names, said with it
                by = [x for x in g.goals if c in defs[x].required or c in defs[x].any_cards]
                return q(name(c)) + (f" (which {and_list([q(name(x)) for x in by])} needs)" if by else "")
            cards = and_list([kept_words(c) for c in kept])
            now.append(f"keeps {cards} in your hand")
            then.append(f"kept {cards} in hand")
    return [Fact("spares", "; it ".join(now), "; ".join(then))] if now else []


# what a Surprise held in hand can do out of turn (its card's ``counters``), as "held, it can ..." goes on
HELD_FOR = {ACTION: "cancel an Action another player plays", GOAL: "cancel a Goal another player plays",
            RULE: "cancel a New Rule another player plays", KEEPER: "take a Keeper another player plays",
            "steal": "stop another player taking one of your Keepers"}


def _spent(g: Game, hs: list[Game], card: int, p: int) -> Fact:
    """A Surprise played on your own turn: its in-turn side, and the
    out-of-turn side given up for it (the rulebook: a Surprise can be
    played on your turn or out of turn, with a different effect). A
    trap ("wastes") when its in-turn side changes nothing here."""
    later = HELD_FOR.get(g.db.cards[card].counters, "cancel a card another player plays")
    does = _does(g, hs, p)
    if not does or does.startswith("changes no table"):
        return Fact("wastes", f"changes nothing here on your turn, and spends a Surprise that, held, can {later}",
                    f"changed nothing and spent a Surprise that, held, could {later.replace('plays', 'played')}")
    return Fact("spends", f"{does}; it spends a Surprise that, held, can {later}",
                f"{does}, spending a Surprise that could {later.replace('plays', 'played')}")


_PAST = {"puts": "put", "makes": "made", "takes": "took", "gives": "gave", "draws": "drew", "leaves": "left",
         "changes": "changed", "asks": "asked", "keeps": "kept", "empties": "emptied"}


def _past(text: str) -> str:
    """What a move does, said as done ("puts Milk on your table" -> "put Milk
    on your table"): the verbs ``_does`` and the discard facts use, as whole words."""
    return re.sub(r"\b(" + "|".join(_PAST) + r")\b", lambda m: _PAST[m.group(1)], text)


def _same(hs: list[Game], read: Any) -> Any:
    """What ``read`` finds on every deal, or None when the deals differ."""
    first = read(hs[0])
    return first if all(read(h) == first for h in hs[1:]) else None


def _does(g: Game, hs: list[Game], p: int) -> str:
    """What a move does to the table, the same on every deal: the New Rules
    and Goals it puts in play (and what they replace), the Keepers it puts on
    or takes off a table, the plays then left; "" when nothing certain."""
    name = g.name
    parts: list[str] = []
    # (New Rules the answer itself put in play, before its turn ended: not a Solo flip at the turn's end, a hidden card)
    rules_in = _same(hs, lambda h: [r for r in h.rules if r not in g.rules and r in _this_turn(h, "rule")])
    rules_out = _same(hs, lambda h: [r for r in g.rules if r not in h.rules])
    if rules_in:
        parts.append(f"puts {and_list([q(name(r)) for r in rules_in])} in play"
                     + (f" in place of {and_list([q(name(r)) for r in rules_out])}" if rules_out else ""))
    elif rules_out:
        parts.append(f"takes {and_list([q(name(r)) for r in rules_out])} out of play")
    goals_in = _same(hs, lambda h: [c for c in h.goals if c not in g.goals])
    goals_out = _same(hs, lambda h: [c for c in g.goals if c not in h.goals])
    if goals_in:
        parts.append(f"makes {and_list([q(name(c)) for c in goals_in])} the Goal"
                     + (f" in place of {and_list([q(name(c)) for c in goals_out])}" if goals_out else ""))
    for q_ in range(g.nplayers):
        gained = _same(hs, lambda h, s=q_: [c for c in h.tables[s] if c not in g.tables[s]])
        lost = _same(hs, lambda h, s=q_: [c for c in g.tables[s] if c not in h.tables[s]])
        whose = "your table" if q_ == p else f"{explain.who(g, q_)}'s table"
        if gained:
            parts.append(f"puts {and_list([q(name(c)) for c in gained])} on {whose}")
        if lost:
            parts.append(f"takes {and_list([q(name(c)) for c in lost])} off {whose}")
    if _same(hs, lambda h: h.extra > g.extra):
        parts.append("gives you another turn after this one")
    temp = _same(hs, lambda h: (len(h.temp[-1].cards), h.temp[-1].plays) if h.temp and h.temp[-1].player == p
                 else None)
    if temp is not None:
        n, k = temp
        parts.append(f"draws {n} card{'s' if n != 1 else ''} into a hand of their own"
                     + (f", {k} of which you play" if k else ""))
    asks = _same(hs, lambda h: h.prompt.reason if h.prompt is not None and h.prompt.player == p
                 and h.prompt.kind != "turn" and h.turn == g.turn else None)
    if asks and not parts:
        parts.append(f"then asks you to {asks[0].lower() + asks[1:]}" if asks.lower().startswith(
            ("choose", "pick", "discard", "give", "take", "swap", "play", "throw")) else f"then asks: {asks}")
    left = _same(hs, lambda h: h.plays_left(p) if h.turn == g.turn and h.active == p and h.prompt is not None
                 and h.prompt.kind == "turn" else None)
    if parts and left is not None and temp is None:
        parts.append(f"then {left} play{'s' if left != 1 else ''} left")
    held = _same(hs, lambda h: len(h.hands[p]))
    if not parts and held is not None and held != len(g.hands[p]) - 1:
        parts.append(f"leaves you holding {held} card{'s' if held != 1 else ''}")
    if not parts and _same(hs, lambda h: (h.tables, sorted(h.rules), sorted(h.goals))) == \
            (g.tables, sorted(g.rules), sorted(g.goals)):
        parts.append("changes no table, New Rule or Goal here")
    return "; ".join(parts)


def _this_turn(h: Game, kind: str) -> list[int]:
    """The cards of the events of ``kind`` the answer caused before its turn
    ended (a score this turn, not at the next turn's draw); for "turn_end",
    whether the turn ended at all (a one-item list)."""
    out: list[int] = []
    for e in h.log or []:
        if e.kind == "turn_end":
            return [1] if kind == "turn_end" else out
        if e.kind == kind:
            out.append(e.card)
    return out


def _drawn(h: Game) -> int:
    log = h.log or []
    return sum(1 for e in log if e.kind in ("draw", "creeper"))


def _ends(g: Game, h: Game, answer: Any) -> Fact:
    left = len(g.draw)
    n = len(h.scored)
    goals = f"{n} Goal{'s' if n != 1 else ''} scored" if n else "no Goal scored"
    if g.variant.scores:  # a game that ends with a score: its deck ran out
        if not h.draw and left:
            cards = f"the last {left} card{'s' if left != 1 else ''} of the Main deck"
            return Fact("ends", f"ends the game: {cards} {'are' if left != 1 else 'is'} drawn, with {goals}",
                        f"ended the game: {cards} {'were' if left != 1 else 'was'} drawn, with {goals}")
        return Fact("ends", f"ends the game: a deck runs out, with {goals}",
                    f"ended the game: a deck ran out, with {goals}")
    return Fact("ends", "ends the game drawn", "ended the game drawn")


def _keeper_facts(g: Game, hs: list[Game], card: int, p: int) -> list[Fact]:
    out: list[Fact] = []
    name = g.name
    goal_defs = g.db.goal_defs
    for goal in g.goals:
        gd = goal_defs[goal]
        if card in gd.required or card in gd.any_cards:
            have, want = goal_progress(hs[0], goal, p)
            out.append(Fact("needs", f"is one of the cards {q(name(goal))} needs (you would have {have} of {want})",
                            f"was one of the cards {q(name(goal))} needed"))
            blocker, _ = why_blocked(hs[0], goal, p)
            if blocker >= 0 and all(why_blocked(h, goal, p)[0] == blocker for h in hs) and \
                    g.db.cards[blocker].kind != KEEPER:
                out.append(Fact("blocked", f"but {q(name(blocker))} on your table stops {q(name(goal))} until it goes",
                                f"but {q(name(blocker))} stopped {q(name(goal))}"))
            break
    for goal in g.hands[p]:
        if g.db.kinds[goal] == GOAL and goal_defs[goal].required and card in goal_defs[goal].required \
                and all(meets(h, goal, p) for h in hs) and not meets(g, goal, p):
            out.append(Fact("completes", f"completes {q(name(goal))}, in your hand: every card it names is then on "
                            f"your table, so playing it scores", f"completed {q(name(goal))}"))
            break
    return out


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


def _turn_facts(g: Game, hs: list[Game], answer: Any, p: int) -> list[Fact]:
    """A move that ends the turn with plays still left, and what a limit
    then keeps; a limit that asks for a Keeper a Goal names."""
    out: list[Fact] = []
    if g.prompt is None or g.prompt.kind != "turn":
        return out
    left = g.plays_left(p)
    spent = 1 if answer[0] == "play" else 0
    gave_up = left - spent
    # a free action that ends the turn (Swap Plays for Draws, Get On With It!); a card played that ends it
    # has other reasons (a Play rule replaced, its own text), which its other facts tell
    if answer[0] == "free" and gave_up > 0 and all(_turn_ended(g, h) for h in hs):
        plays = f"your {gave_up} play{'s' if gave_up != 1 else ''} left" if gave_up < 1000 else "the plays left"
        text = f"gives up {plays} and ends the turn"
        limit = g.limits()[0]
        kind = "turn_ends"
        if limit >= 0 and len(g.hands[p]) - spent > limit:
            text += f"; the Hand Limit then keeps {limit} card{'s' if limit != 1 else ''} of your hand"
            kind = "turn_ends_limit"  # it costs cards too: a trap a hint warns of
        out.append(Fact(kind, text, text.replace("gives up", "gave up").replace("ends the", "ended the")
                        .replace("then keeps", "then kept")))
    asked = [h.prompt for h in hs]
    card = answer[1] if answer[0] in ("play", "free") else -1
    if card >= 0 and all(a is not None and a.player == p and a.ask == "discard_keepers" and a.card == card
                         for a in asked):  # a card whose price is one of your Keepers (Krenim Timeship, ...)
        n = len(hs[0].prompt.options) if hs[0].prompt is not None else 0
        out.append(Fact("price", f"costs one of your Keepers (you choose which of your {n})",
                        "cost one of your Keepers"))
    if all(a is not None and a.player == p and a.ask == "discard_keepers" and a.card >= 0
           and g.db.kinds[a.card] == RULE for a in asked):  # the Keeper Limit's question (not a Creeper's price)
        needed = {c for goal in g.goals for c in g.db.goal_defs[goal].required}
        held = [c for c in hs[0].tables[p] if c in needed]
        if held:
            names = and_list([q(g.name(c)) for c in held])
            out.append(Fact("limit", f"leaves you over the Keeper Limit: you must give up Keepers, and the Goal "
                            f"needs {names}", f"left you over the Keeper Limit while the Goal needed {names}"))
    return out


def _turn_ended(g: Game, h: Game) -> bool:
    """The turn asked in ``g`` is over in ``h`` (a limit's question at its
    end may still be pending)."""
    return h.turn > g.turn or any(e.kind == "turn_end" for e in (h.log or []))


def is_decisive(facts: list[Fact]) -> bool:
    return any(f.kind in DECISIVE for f in facts) and not any(f.kind in AGAINST for f in facts)
