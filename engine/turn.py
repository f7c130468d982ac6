"""The turn's tasks: deal, start of turn, draw, play, limits, end of turn.

Each function named ``op_X`` handles the task ``("X", *args)``. A task
either changes the table or asks a question, never both: so the table is
always checked for Goals before anybody is asked anything.
"""
from __future__ import annotations

from typing import Any

from . import rng as R
from .cards import CREEPER, GOAL, KEEPER, RULE
from .draws import LOOP_WATCH, ends_drawn, loops_in_turn
from .effect_specs import SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT
from .events import Kind
from .game import Game, Link
from .hooks import ACTIONS, FREE_USE, SELF_FINISHING, Task, Turn, install
from .prompts import Answer, Chosen, Prompt
from .surprises import open_chain


def op_deal(g: Game) -> None:
    """Deal 3 cards to each player (seat 0 first, one at a time around the
    table); a dealt Creeper goes into play and is replaced."""
    n = 3 + g.inflation()  # the Basic Rules: start with 3 cards
    cards = g.db.cards
    for _ in range(n):
        for p in range(g.nplayers):
            while not g.over:
                c = g.take_top(p)
                if c < 0:
                    break
                if cards[c].kind == CREEPER:
                    g.tables[p].append(c)
                    g.ev(Kind.CREEPER, "setup.first-round-creepers", p, c)
                    g.pile_check()
                    continue
                g.hands[p].append(c)
                g.ev(Kind.DEAL, "setup.deal", p, c)
                g.pile_check()
                break
    if not g.over:
        g.stack.append(("start_turn",))


QUIET_CAP = 2000  # turns in a row with no decision at all: no real game comes near it


def op_start_turn(g: Game) -> None:
    p = g.active
    g.quiet += 1
    if g.quiet > 2 * g.nplayers + 2 and (g.quiet > QUIET_CAP or (not any(g.hands) and not g.variant.can_draw(g))):
        # every hand and both piles are empty, and a round has gone by with
        # nobody deciding anything: nobody ever can again. (Turns that merely
        # ask nothing, as under First Play Random, go on; QUIET_CAP only
        # guards against a loop that never asks.)
        g.end_game(-1, "game.stalemate")
        return
    if g.variant.draws and ends_drawn(g):
        return
    g.turn += 1
    g.phase = "start"
    g.drawn = 0
    g.played = 0
    g.used = []
    g.seen_free = []
    g.sink.turn_start(p)
    starters = g.pidx.turn_start  # a turn-start task only where a card in play acts then (it would run next)
    g.stack.append(("begin_play",))
    if starters and (not starters.isdisjoint(g.rules) or not starters.isdisjoint(g.tables[p])):
        _queue(g, ("draw_phase",), ("start_events",))
    else:
        g.then(("draw_phase",))


def _queue(g: Game, *tasks: Task) -> None:
    """Queue tasks, the last one to run first: it is handed on at once
    (``Game.then``) when the loop would run it next without a check."""
    stack = g.stack
    for t in tasks[:-1]:
        stack.append(t)
    g.then(tasks[-1])


def op_start_events(g: Game) -> None:
    """What the New Rules in play, then the cards on the active player's
    table, do as a turn starts (No-Hand Bonus, Death)."""
    p = g.active
    starters = g.pidx.turn_start
    if starters:
        for r in list(g.rules):
            if r in starters:
                g.passive[r].on_turn_start(g, p, r)
        for c in list(g.tables[p]):
            if c in starters:
                g.passive[c].on_turn_start(g, p, c)


def op_draw_phase(g: Game) -> None:
    p = g.active
    g.hand_at_start = len(g.hands[p])
    n = g.draw_required(p)
    g.sink.draw_phase(p, n)  # the tutor's arithmetic (a game without a log skips it)
    g.draw_cards(p, n, counts=True, rule="turn.draw")


def op_begin_play(g: Game) -> None:
    g.phase = "play"
    g.sink.play_phase(g.active)


def op_draw(g: Game, p: int, n: int, counts: int, rule: str) -> None:
    g.draw_cards(p, n, counts=bool(counts), rule=rule)


def op_play(g: Game, p: int, c: int, src: int) -> None:
    """Play a card: from the hand (0, a counted play), from the open temporary
    hand (1), or directly, as part of another card (2; that card has already
    moved it into the being-played area, so it is never out of every zone)."""
    if src == 0:
        if p == g.active and g.played >= LOOP_WATCH and g.variant.draws and loops_in_turn(g, c):
            return
        g.hands[p].remove(c)
        if p == g.active:
            g.played += 1
    elif src == 1:
        fr = g.temp[-1]
        fr.cards.remove(c)
        fr.plays -= 1
    if src != 2:  # src 2: the card that played it already put it in the being-played area
        g.playing.append(c)
    g.sink.play(p, c, src)  # a counted play's plays left are told once it has resolved
    if g.db.surprises or g.db.cancelers:
        if open_chain(g, Link([c, p, "play", src, 0]), None):
            return
    g.stack.append(("resolve", p, c))


def op_play_random(g: Game, p: int) -> None:
    hand = g.hands[p]
    if not hand:
        return
    g.rng, i = R.below(g.rng, len(hand))
    c = hand[i]
    g.sink.random_play(p, c)
    g.stack.append(("play", p, c, 0))


def op_resolve(g: Game, p: int, c: int) -> None:
    card = g.db.cards[c]
    kind = card.kind
    if kind == KEEPER:
        g.playing.remove(c)
        g.tables[p].append(c)
        g.sink.resolved(p, c, kind)
    elif kind == GOAL:
        g.place_goal(p, c)
    elif kind == RULE:
        g.playing.remove(c)
        g.place_rule(p, c)
    elif kind == CREEPER:
        # never in a real game (a Creeper is never held: the state check refuses one in a hand); only
        # in a search bot's sampled world, where a hidden Creeper may be dealt into a hand: it goes into play
        g.playing.remove(c)
        g.tables[p].append(c)
        g.ev(Kind.CREEPER, "card.creeper", p, c)
    else:  # ACTION, or a Surprise played for its in-turn function
        g.sink.resolved(p, c, kind)
        if card.effect not in SELF_FINISHING:
            g.stack.append(("finish", c))
        ACTIONS[card.effect](g, p, c)


def op_finish(g: Game, c: int) -> None:
    """An Action is done: it leaves the being-played area for the discard pile."""
    if c in g.playing:
        g.playing.remove(c)
        g.to_discard(c)
        g.sink.action_done(g.active, c)


def op_temp_done(g: Game) -> None:
    fr = g.temp.pop()
    for c in fr.cards:
        g.to_discard(c)
        g.ev(Kind.DISCARD, "action.temp-hand", fr.player, c)
    if fr.card >= 0 and fr.card in g.playing:
        g.stack.append(("finish", fr.card))


def op_free(g: Game, p: int, c: int) -> None:
    if g.variant.draws and loops_in_turn(g, c):
        return
    g.sink.free_action(p, c)  # what it does is told as its doing (until the turn's question comes back)
    FREE_USE[g.db.cards[c].effect](g, p, c)


def op_end_turn(g: Game, by: int = -1, why: str = "plays") -> None:
    """The turn ends: ``why`` is "plays" (none left), "empty" (nothing left
    in hand), "chose" (the player ended it with free actions unused) or
    "card" (``by`` ended it: Get On With It!, Swap Plays for Draws, Time Portal)."""
    p = g.active
    g.phase = "end"
    g.sink.turn_end(p, by, why)  # the cause, for the tutor: a flag, or the card that ended the turn
    tasks: list[Task] = [("next_turn",)]
    if not g.variant.quiet_between:
        tasks.append(("between",))
    _queue(g, *tasks, *_limit_tasks(g, p, "limit.self-at-end"))


def op_between(g: Game) -> None:
    g.variant.between_turns(g)


def op_next_turn(g: Game) -> None:
    if g.extra:
        g.extra = False
        g.in_extra = True
    else:
        g.in_extra = False
        g.active = (g.active + 1) % g.nplayers
    g.then(("start_turn",))


def op_comply(g: Game, p: int, rule: str) -> None:
    tasks = _limit_tasks(g, p, rule)
    if tasks:
        _queue(g, *tasks)


def _limit_tasks(g: Game, p: int, rule: str) -> list[Task]:
    """The limit questions to queue (the Hand Limit's to run first, then the
    Keeper Limit's), each only where that limit is in play: nothing between
    here and them changes the rules, so a question not queued is one that
    would have asked nothing."""
    last = g.pidx.last  # (g.limits(), written out: twice a turn)
    v = last[1] if g.rules == last[0] else g.pidx.view(g.rules)
    tasks: list[Task] = []
    if v.keeper_max >= 0:
        tasks.append(("ask_keeper_limit", p, rule))
    if v.hand_max >= 0:
        tasks.append(("ask_hand_limit", p, rule))
    return tasks


def op_ask_hand_limit(g: Game, p: int, rule: str) -> None:
    hl = g.hand_limit()
    excess = len(g.hands[p]) - hl if hl >= 0 else 0
    if excess > 0:
        r = g.slot_rule(SLOT_HAND_LIMIT)  # the limit, with its terms when Inflation changes it (a Quantity only then)
        said = g.limit_quantity(SLOT_HAND_LIMIT).said(g.name) if g.inflation() else str(hl)
        g.ask(p, "discard_hand", list(g.hands[p]), excess, excess, card=r,
              reason=f"{g.name(r)}: keep {said}, discard {excess} card(s)",
              then=("ans_discard_hand", p, rule))


def op_ans_discard_hand(g: Game, p: int, rule: str, chosen: Chosen) -> None:
    hand = g.hands[p]
    for c in chosen:
        hand.remove(c)
        g.to_discard(c)
    g.sink.limit_discards(p, chosen, rule)


def op_ask_keeper_limit(g: Game, p: int, rule: str) -> None:
    kl = g.keeper_limit()
    if kl < 0:
        return
    is_keeper = g.pidx.is_keeper
    keepers = [c for c in g.tables[p] if is_keeper[c]]
    excess = len(keepers) - kl
    if excess > 0:
        r = g.slot_rule(SLOT_KEEPER_LIMIT)
        said = g.limit_quantity(SLOT_KEEPER_LIMIT).said(g.name) if g.inflation() else str(kl)
        g.ask(p, "discard_keepers", keepers, excess, excess, card=r,
              reason=f"{g.name(r)}: keep {said}, discard {excess} Keeper(s)",
              then=("ans_discard_keepers", p, rule))


def op_ans_discard_keepers(g: Game, p: int, rule: str, chosen: Chosen) -> None:
    kl = g.keeper_limit()
    lc = g.rule_view().keeper_card
    for c in chosen:
        g.discard_from_table(c, rule, p, limit="keeper", n=kl, limit_card=lc)


def op_goal_trim(g: Game, by: int, gone: int = -1) -> None:
    """``gone``: the New Rule whose leaving left too many Goals (-1 in a task saved before it was named)."""
    room = g.goal_room()
    if len(g.goals) > room:
        what = g.name(gone) if gone >= 0 else "The New Rule that let more Goals stand"
        g.ask(by, "goal_discard", list(g.goals), len(g.goals) - room, len(g.goals) - room,
              reason=f"{what} has left play: choose the Goal to discard",
              then=("ans_goal_trim", by))


def op_ans_goal_trim(g: Game, by: int, chosen: Chosen) -> None:
    for c in chosen:
        g.goals.remove(c)
        g.to_discard(c)
        g.ev(Kind.GOAL_DISCARDED, "rule.double-agenda-leaves", by, c, chooser=by)
    g.goals_changed()


def op_goal_replace(g: Game, p: int, c: int, chosen: Chosen) -> None:
    old = chosen[0]
    g.playing.remove(c)
    i = g.goals.index(old)
    g.goals[i] = c
    g.to_discard(old)
    g.ev(Kind.GOAL_DISCARDED, "rule.double-agenda", p, old, replaced_by=c)
    g.ev(Kind.GOAL, "rule.double-agenda", p, c, beside=[x for x in g.goals if x != c])
    g.goals_changed()


# the turn prompt's reason for the usual numbers of plays left, made once
_PLAYS_LEFT = [f"{n} play(s) left" for n in range(64)]


class TurnPolicy(Turn):
    """The turn as the core asks it (``engine.hooks.Turn``): the tasks that
    begin a table and that a move queues, and the question of the turn."""

    def start(self, phase: str) -> Task:
        return ("deal",) if phase == "deal" else ("start_turn",)

    def move(self, g: Game, p: int, answer: Any) -> Task:
        k = answer[0]
        if k == "play":
            return ("play", p, answer[1], 1 if g.temp else 0)
        if k == "free":
            return ("free", p, answer[1])
        if k == "random":
            return ("play_random", p)
        return ("end_turn", -1, "chose")

    def idle(self, g: Game) -> None:
        """Nothing is pending in the play phase: settle the table, then ask the
        active player to play (or end the turn)."""
        a = g.active
        last = g.pidx.last  # PassiveIndex.view's first test, written out: most questions come with the same rules
        v = last[1] if g.rules == last[0] else g.pidx.view(g.rules)
        # 1. a Draw rule (or bonus) that grew mid-turn: catch up at once
        owed = (g._draw_required(a, v) if v.draw_bonus or v.adjust >= 0 else v.draw_base) - g.drawn
        if owed > 0 and g.variant.can_draw(g):
            g.sink.catch_up(a, owed)  # the tutor's arithmetic: what the draw is now, and what is owed
            g.stack.append(("draw", a, owed, 1, "turn.catch-up"))
            return
        # 2. the variant's standing obligations (others over a limit, War and Peace, ...)
        if g.variant.settles and g.variant.settle(g, (v.hand_max, v.keeper_max)):
            return
        # 3. every Goal, now that what was played has fully resolved (see _run)
        if not g.settled and g.checks and not g.chain:
            if g.goals and g.variant.check_goals(g):
                return  # a Solo score changed the table (or asks which cards go): settle again
            if g.over or g.prompt is not None:
                return
            g.settled = True
        # 4. an open temporary hand
        if g.temp:
            fr = g.temp[-1]
            if fr.kind == "play" and fr.plays > 0 and fr.cards:
                g.prompt = Prompt("turn", fr.player, "play_temp", list(map(g.pidx.move_of, fr.cards)),
                                     card=fr.card, reason="play from the temporary hand", domain="moves")
                return
            g.stack.append(("temp_done",))
            return
        # 5. the turn itself
        hand = g.hands[a]
        if v.play_max >= 0 and not v.play_bonus:  # a numeral and no bonus, as _plays_left works it out
            left = v.play_max - g.played
            if left > len(hand):
                left = len(hand)
            elif left < 0:
                left = 0
        else:
            left = g._plays_left(a, v)
        if v.free or g.pidx.free_table:
            g._left = (a, left)  # what the free actions' checks ask plays_left, worked out just now
            try:
                frees = g.free_actions(a)
            finally:
                g._left = None
        else:
            frees = []
        if left > 0:
            if g.played == 0 and v.random_first and g.play_rule_count() != 1:
                if not frees:
                    g.stack.append(("play_random", a))
                    return
                opts: list[Answer] = [("random",)]
            else:
                opts = list(map(g.pidx.move_of, hand))
            if frees:
                opts += [("free", c) for c in frees]
            g.prompt = Prompt("turn", a, "play", opts, 1, 1, -1,
                                 _PLAYS_LEFT[left] if left < 64 else f"{left} play(s) left", None, "moves")
        elif frees:
            g.prompt = Prompt("turn", a, "play", [("free", c) for c in frees] + [("end",)],
                                 reason="no plays left; use a free action or end the turn", domain="moves")
        else:
            g.stack.append(("end_turn", -1, "plays" if hand else "empty"))


install(globals(),
        # the turn's bookkeeping, and questions asked before anything moves: they
        # change no Goal, table, hand or New Rule (the task loop skips its checks after them)
        quiet=("start_turn", "begin_play", "end_turn", "next_turn", "comply", "ask_hand_limit",
               "ask_keeper_limit", "finish", "temp_done"),
        # a card played moves from a hand (or a temporary hand) into the being-played
        # area; a draw moves cards from the pile into a hand (and a drawn Creeper onto
        # the table, hence only in a card set without Creepers)
        hand_only=("play",), hand_only_no_creepers=("draw_phase", "draw"), turn=TurnPolicy())
