"""The effect library: what Actions, free-action Rules and Creepers do.

Deck files name these effects; the core's hook tables (``engine.game``)
take them: ``ACTIONS`` maps an Action's effect to the function that starts
it, ``FREE_USE`` a free action's effect to the function that uses it, and
``FREE_RULES``/``FREE_TABLE`` say when a free action can be used. Each function either changes the table or asks (with a
continuation task), as the turn machine requires.
"""
from __future__ import annotations

from . import rng as R
from .cards import ACTION, CREEPER, GOAL, RULE
from .events import Kind
from .game import Frame, Game
from .hooks import Task, install
from .prompts import Chosen
from .surprises import attempt_steal
from .zones import EFFECT, all_creepers, all_keepers, creepers_of, give_to_table, keepers_of, others  # noqa: F401


# ---------------------------------------------------------------- Actions
def act_trash_keeper(g: Game, p: int, c: int) -> None:
    opts = all_keepers(g)
    if opts:
        g.ask(p, "trash", opts, card=c, reason="choose a Keeper to discard", then=("ans_trash", p))


def op_ans_trash(g: Game, p: int, chosen: Chosen) -> None:
    for x in chosen:
        g.discard_from_table(x, EFFECT, p)


def act_trash_something(g: Game, p: int, c: int) -> None:
    opts = all_keepers(g) + all_creepers(g)
    if opts:
        g.ask(p, "trash", opts, card=c, reason="choose a Keeper or Creeper to discard", then=("ans_trash", p))


def act_rotate_hands(g: Game, p: int, c: int) -> None:
    if g.nplayers > 1:
        g.ask(p, "direction", ["next", "previous"], card=c, domain="words",
              reason="choose the direction to pass every hand", then=("ans_rotate", p))


def op_ans_rotate(g: Game, p: int, chosen: Chosen) -> None:
    step = 1 if chosen[0] == "next" else -1
    n = g.nplayers
    old = [h for h in g.hands]
    g.hands = [old[(q - step) % n] for q in range(n)]
    g.ev(Kind.ROTATE, EFFECT, p, direction=chosen[0])


def act_rules_reset(g: Game, p: int, c: int) -> None:
    for r in list(g.rules):
        g.remove_rule(r, p, EFFECT)


def act_random_tax(g: Game, p: int, c: int) -> None:
    n = g.num_told(c, "n")
    for q in others(g, p):
        for _ in range(n):
            h = g.hands[q]
            if not h:
                break
            g.rng, i = R.below(g.rng, len(h))
            x = h.pop(i)
            g.hands[p].append(x)
            g.ev(Kind.TAKE, EFFECT, p, x, frm=q)


def act_rps_showdown(g: Game, p: int, c: int) -> None:
    opts = others(g, p)
    if opts:
        g.ask(p, "player", opts, card=c, domain="players", reason="challenge a player to rock-paper-scissors",
              then=("ans_rps_opponent", p, c))


def op_ans_rps_opponent(g: Game, p: int, c: int, chosen: Chosen) -> None:
    q = chosen[0]
    if not g.hands[p] and not g.hands[q]:
        g.ev(Kind.NOTHING, EFFECT, p, c)
        return
    g.stack.append(("rps_round", p, q, c, 0, 0))


RPS = ["rock", "paper", "scissors"]


def op_rps_round(g: Game, p: int, q: int, c: int, wp: int, wq: int) -> None:
    g.ask(p, "rps", list(RPS), card=c, domain="words", reason=f"rock, paper or scissors? ({wp}-{wq})",
          then=("ans_rps_first", p, q, c, wp, wq))


def op_ans_rps_first(g: Game, p: int, q: int, c: int, wp: int, wq: int, chosen: Chosen) -> None:
    g.ask(q, "rps", list(RPS), card=c, domain="words", reason=f"rock, paper or scissors? ({wq}-{wp})",
          then=("ans_rps_second", p, q, c, wp, wq, chosen[0]))


def op_ans_rps_second(g: Game, p: int, q: int, c: int, wp: int, wq: int, a: str, chosen: Chosen) -> None:
    b = chosen[0]
    ia, ib = RPS.index(a), RPS.index(b)
    first = wp == wq == 0  # no round won yet: Inflation's part in the wins needed is told then, not every round
    if ia != ib:
        if (ia - ib) % 3 == 1:
            wp += 1
        else:
            wq += 1
    need = g.num_told(c, "wins") if first else g.num(c, "wins")
    g.ev(Kind.RPS, EFFECT, p, c, mine=a, theirs=b, score=[wp, wq], frm=q, wins=need)
    if wp >= need or wq >= need:
        win, lose = (p, q) if wp >= need else (q, p)
        moved = g.hands[lose]
        g.hands[lose] = []
        g.hands[win].extend(moved)
        g.ev(Kind.TAKE_HAND, EFFECT, win, c, frm=lose, count=len(moved))
    else:
        g.stack.append(("rps_round", p, q, c, wp, wq))


def act_trash_new_rule(g: Game, p: int, c: int) -> None:
    if g.rules:
        g.ask(p, "trash_rule", list(g.rules), card=c, reason="choose a New Rule to discard",
              then=("ans_drop_rules", p))


def op_ans_drop_rules(g: Game, p: int, chosen: Chosen) -> None:
    for r in chosen:
        g.remove_rule(r, p, EFFECT)


def act_lets_simplify(g: Game, p: int, c: int) -> None:
    if g.rules:
        up_to = (len(g.rules) + 1) // 2
        g.ask(p, "trash_rules", list(g.rules), 0, up_to, card=c,
              reason=f"discard up to {up_to} New Rule(s) (half, rounded up)", then=("ans_simplify", p))


def op_ans_simplify(g: Game, p: int, chosen: Chosen) -> None:
    for r in chosen:
        g.remove_rule(r, p, "action.lets-simplify")


def act_no_limits(g: Game, p: int, c: int) -> None:
    for r in list(g.rules):
        if g.db.cards[r].slot in ("hand_limit", "keeper_limit"):
            g.remove_rule(r, p, EFFECT)


def act_use_what_you_take(g: Game, p: int, c: int) -> None:
    opts = [q for q in others(g, p) if g.hands[q]]
    if opts:
        g.ask(p, "player", opts, card=c, domain="players", reason="take a random card from this player and play it",
              then=("ans_use_what_you_take", p))


def op_ans_use_what_you_take(g: Game, p: int, chosen: Chosen) -> None:
    q = chosen[0]
    h = g.hands[q]
    g.rng, i = R.below(g.rng, len(h))
    x = h.pop(i)
    g.ev(Kind.TAKE, EFFECT, p, x, frm=q)  # told while Use What You Take is still the card being played: its cause
    g.playing.append(x)
    g.stack.append(("play", p, x, 2))


def act_zap_a_card(g: Game, p: int, c: int) -> None:
    opts = [x for t in g.tables for x in t] + list(g.goals) + list(g.rules)
    if opts:
        g.ask(p, "zap", opts, card=c, reason="take a card in play into your hand", then=("ans_zap", p))


def op_ans_zap(g: Game, p: int, chosen: Chosen) -> None:
    x = g.attached.get(chosen[0], chosen[0])  # zapping an attached Creeper takes its Keeper up
    kind = g.db.cards[x].kind
    if x in g.rules:
        g.remove_rule(x, p, EFFECT, to_hand=p)
        return
    if x in g.goals:
        g.goals.remove(x)
        g.hands[p].append(x)
        g.ev(Kind.TO_HAND, EFFECT, p, x)
        g.goals_changed()
        return
    if kind == CREEPER:
        # a Creeper can never be held: it lands in front of whoever took it
        give_to_table(g, x, p, EFFECT, p)
        return
    frm = g.remove_from_table(x)
    for cr, k in list(g.attached.items()):
        if k == x:  # an attached Creeper is spat out in front of the taker
            del g.attached[cr]
            g.remove_from_table(cr)
            g.tables[p].append(cr)
            g.ev(Kind.MOVE, EFFECT, p, cr, frm=frm)
    g.attached.pop(x, None)
    g.hands[p].append(x)
    g.ev(Kind.TO_HAND, EFFECT, p, x, frm=frm)


def act_discard_and_draw(g: Game, p: int, c: int) -> None:
    h = g.hands[p]
    n = len(h)
    for x in h:
        g.to_discard(x)
    g.sink.discarded(p, h, EFFECT)
    h.clear()
    g.draw_cards(p, n, rule=EFFECT)


def open_temp(g: Game, p: int, c: int, n_draw: int, plays: int, kind: str = "play") -> Frame:
    fr = Frame([p, c, [], 0, kind])
    g.temp.append(fr)
    g.draw_cards(p, n_draw, into=fr.cards, rule="action.temp-hand")
    fr.plays = len(fr.cards) if plays < 0 else plays
    return fr


def act_draw_and_use(g: Game, p: int, c: int) -> None:
    open_temp(g, p, c, g.num_told(c, "n"), -1)


def act_draw_play(g: Game, p: int, c: int) -> None:
    open_temp(g, p, c, g.num_told(c, "draw"), g.num_told(c, "play"))


def act_todays_special(g: Game, p: int, c: int) -> None:
    g.ask(p, "occasion", ["birthday", "holiday", "other"], card=c, domain="words",
          reason="is today your birthday, a holiday or anniversary, or another day?",
          then=("ans_todays_special", p, c))


def op_ans_todays_special(g: Game, p: int, c: int, chosen: Chosen) -> None:
    day = chosen[0]
    plays = -1 if day == "birthday" else g.num_told(c, "holiday" if day == "holiday" else "other")
    open_temp(g, p, c, g.num_told(c, "draw"), plays)


def act_empty_the_trash(g: Game, p: int, c: int) -> None:
    pile = g.variant.discard_pile(g, c)  # the Main discard pile (c is an Action)
    n = len(pile)
    g.draw.extend(pile)
    pile.clear()
    g.rng = R.shuffle(g.rng, g.draw)
    g.ev(Kind.EMPTY_TRASH, EFFECT, p, c, count=n)


def act_everybody_gets(g: Game, p: int, c: int) -> None:
    each = g.num_told(c, "n")
    fr = open_temp(g, p, c, each * g.nplayers, 0, kind="hold")
    g.stack.append(("everybody_give", p, c, 0, each))
    del fr


def op_everybody_give(g: Game, p: int, c: int, i: int, each: int) -> None:
    fr = g.temp[-1]
    if i >= g.nplayers - 1 or not fr.cards:
        q = (p + i) % g.nplayers
        g.temp.pop()
        for x in fr.cards:
            g.hands[q].append(x)
            g.ev(Kind.GIVE, EFFECT, q, x, by=p)
        return
    q = (p + i) % g.nplayers
    k = min(each, len(fr.cards))
    g.ask(p, "give", list(fr.cards), k, k, card=c, reason=f"choose the card(s) for p{q}",
          then=("ans_everybody_give", p, c, i, each))


def op_ans_everybody_give(g: Game, p: int, c: int, i: int, each: int, chosen: Chosen) -> None:
    fr = g.temp[-1]
    q = (p + i) % g.nplayers
    for x in chosen:
        fr.cards.remove(x)
        g.hands[q].append(x)
        g.ev(Kind.GIVE, EFFECT, q, x, by=p)
    g.stack.append(("everybody_give", p, c, i + 1, each))


def act_exchange_keepers(g: Game, p: int, c: int) -> None:
    mine = keepers_of(g, p)
    theirs = [x for q in others(g, p) for x in keepers_of(g, q)]
    if mine and theirs:
        g.ask(p, "exchange_mine", mine, card=c, reason="choose one of your Keepers to give",
              then=("ans_exchange_mine", p, c))


def op_ans_exchange_mine(g: Game, p: int, c: int, chosen: Chosen) -> None:
    theirs = [x for q in others(g, p) for x in keepers_of(g, q)]
    g.ask(p, "exchange_theirs", theirs, card=c, reason="choose another player's Keeper to take",
          then=("ans_exchange_theirs", p, chosen[0]))


def op_ans_exchange_theirs(g: Game, p: int, mine: int, chosen: Chosen) -> None:
    theirs = chosen[0]
    q = g.where(theirs)[1]
    give_to_table(g, theirs, p, EFFECT, p)
    give_to_table(g, mine, q, EFFECT, p)


def act_jackpot(g: Game, p: int, c: int) -> None:
    g.draw_cards(p, g.num_told(c, "n"), rule=EFFECT)


def _again_options(g: Game) -> list[int]:
    cards = g.db.cards
    piles = g.variant.discard_piles(g)
    return [x for pile in piles for x in pile if cards[x].kind in (ACTION, RULE)]


def act_lets_do_that_again(g: Game, p: int, c: int) -> None:
    opts = _again_options(g)
    if opts:
        g.ask(p, "again", opts, card=c, reason="choose an Action or New Rule from the discard pile to play",
              then=("ans_again", p))


def op_ans_again(g: Game, p: int, chosen: Chosen) -> None:
    x = chosen[0]
    pile = g.discard if x in g.discard else g.rules_discard
    pile.remove(x)
    g.playing.append(x)
    g.ev(Kind.FROM_DISCARD, EFFECT, p, x, **({} if pile is g.discard else {"rules_pile": True}))
    g.stack.append(("play", p, x, 2))


def act_trade_hands(g: Game, p: int, c: int) -> None:
    opts = others(g, p)
    if opts:
        g.ask(p, "player", opts, card=c, domain="players", reason="choose a player to trade hands with",
              then=("ans_trade", p))


def op_ans_trade(g: Game, p: int, chosen: Chosen) -> None:
    q = chosen[0]
    g.hands[p], g.hands[q] = g.hands[q], g.hands[p]
    g.ev(Kind.TRADE, EFFECT, p, frm=q)


def act_share_the_wealth(g: Game, p: int, c: int) -> None:
    pool = []
    for q in range(g.nplayers):
        for x in keepers_of(g, q):
            g.tables[q].remove(x)
            pool.append(x)
    # attached Creepers come off with the mix and wait for a new Keeper (FAQ, Mix It All Up)
    for cr in list(g.attached):
        if g.attached[cr] in pool:
            del g.attached[cr]
    g.rng = R.shuffle(g.rng, pool)
    for i, x in enumerate(pool):
        q = (p + i) % g.nplayers
        g.tables[q].append(x)
        g.ev(Kind.DEAL_KEEPER, EFFECT, q, x)


def act_steal_keeper(g: Game, p: int, c: int) -> None:
    opts = [x for q in others(g, p) for x in keepers_of(g, q)]
    if opts:
        g.ask(p, "steal", opts, card=c, reason="choose a Keeper to take", then=("ans_steal", p))


def op_ans_steal(g: Game, p: int, chosen: Chosen) -> None:
    attempt_steal(g, p, chosen[0], -1)


def act_steal_something(g: Game, p: int, c: int) -> None:
    opts = [x for q in others(g, p) for x in keepers_of(g, q) + creepers_of(g, q)]
    if opts:
        g.ask(p, "steal", opts, card=c, reason="choose a Keeper or Creeper to take", then=("ans_steal", p))


def act_take_another_turn(g: Game, p: int, c: int) -> None:
    if g.in_extra:
        g.ev(Kind.NOTHING, "action.take-another-turn", p, c, why="already an extra turn")
    else:
        g.extra = True
        g.ev(Kind.EXTRA_TURN, "action.take-another-turn", p, c)


def act_creeper_sweeper(g: Game, p: int, c: int) -> None:
    # an attached Creeper goes with its Keeper (FAQ: the two are one unit until a card detaches them)
    for x in all_creepers(g):
        if g.where(x)[0] == "table":
            g.discard_from_table(x, EFFECT, p)


def ask_creeper_to_move(g: Game, p: int, c: int, reason: str, then: Task) -> None:
    """Move a Creeper, Creeper Reassignment: which Creeper (then, whose table)."""
    opts = all_creepers(g)
    if opts and g.nplayers > 1:
        g.ask(p, "move_creeper", opts, card=c, reason=reason, then=then)


def ask_creeper_receiver(g: Game, p: int, c: int, x: int, then: Task) -> None:
    owner = g.where(x)[1]
    opts = [q for q in range(g.nplayers) if q != owner]
    g.ask(p, "player", opts, card=c, domain="players", reason="choose who gets the Creeper", then=then)


def act_move_creeper(g: Game, p: int, c: int) -> None:
    ask_creeper_to_move(g, p, c, "choose a Creeper to move", ("ans_move_creeper", p, c))


def op_ans_move_creeper(g: Game, p: int, c: int, chosen: Chosen) -> None:
    ask_creeper_receiver(g, p, c, chosen[0], ("ans_move_creeper_to", p, chosen[0]))


def op_ans_move_creeper_to(g: Game, p: int, x: int, chosen: Chosen) -> None:
    # Move a Creeper says nothing of detaching: an attached one takes its Keeper along (FAQ)
    give_to_table(g, x, chosen[0], EFFECT, p)


def act_time_portal(g: Game, p: int, c: int) -> None:
    piles = [w for w, pile in (("discard", g.discard), ("draw", g.draw))
             if any(g.db.cards[x].kind != CREEPER for x in pile)]
    g.stack.append(("end_turn_now", p, c))
    if piles:
        g.ask(p, "pile", piles, card=c, domain="words", reason="search the discard pile or the draw pile",
              then=("ans_time_portal_pile", p, c))


def op_ans_time_portal_pile(g: Game, p: int, c: int, chosen: Chosen) -> None:
    pile = g.discard if chosen[0] == "discard" else g.draw
    opts = [x for x in pile if g.db.cards[x].kind != CREEPER]
    g.ask(p, "search", opts, card=c, reason=f"take a card from the {chosen[0]} pile into your hand",
          then=("ans_time_portal", p, chosen[0]))


def op_ans_time_portal(g: Game, p: int, pile_name: str, chosen: Chosen) -> None:
    x = chosen[0]
    pile = g.discard if pile_name == "discard" else g.draw
    pile.remove(x)
    g.hands[p].append(x)
    g.ev(Kind.TO_HAND, EFFECT, p, x, pile=pile_name)
    if pile_name == "draw":
        g.rng = R.shuffle(g.rng, g.draw)
        if not g.draw:
            g.variant.pile_emptied(g)


def op_end_turn_now(g: Game, p: int, c: int = -1) -> None:
    """The turn ends at once, in the middle of whatever card was being played:
    open temporary hands are discarded and every card being played is done."""
    g.stack.clear()
    while g.temp:
        fr = g.temp.pop()
        for x in fr.cards:
            g.to_discard(x)
            g.ev(Kind.DISCARD, "action.ends-turn", fr.player, x)
    for x in list(g.playing):
        g.playing.remove(x)
        g.to_discard(x)
        g.ev(Kind.ACTION_DONE, "action.ends-turn", p, x)
    g.stack.append(("end_turn", c, "card"))


def act_distress_call(g: Game, p: int, c: int) -> None:
    cards = g.db.cards
    base, extra = g.num_told(c, "n"), g.num_told(c, "extra")
    for q in [p] + others(g, p):
        n = base
        creeper = next((x for x in g.tables[q] if cards[x].kind == CREEPER), -1)
        if creeper >= 0:
            n += extra
            g.ev(Kind.EARNED, EFFECT, q, creeper, n=extra)  # which Creeper earned the extra card
        g.draw_cards(q, n, rule=EFFECT)


def act_take_tagged_keeper(g: Game, p: int, c: int) -> None:
    tag = g.db.cards[c].params["tag"]
    opts = [x for q in others(g, p) for x in keepers_of(g, q) if tag in g.db.cards[x].tags]
    if opts:
        g.ask(p, "steal", opts, card=c, reason="choose one of the named Keepers to take", then=("ans_steal", p))


# ---------------------------------------------------------------- free actions
def _can_get_on(g: Game, p: int, r: int) -> bool:
    return bool(g.hands[p]) and g.plays_left(p) > 0


def _use_get_on(g: Game, p: int, r: int) -> None:
    h = g.hands[p]
    for x in h:
        g.to_discard(x)
    g.sink.discarded(p, h, "rule.get-on-with-it")
    h.clear()
    g.draw_cards(p, g.num_told(r, "n"), rule="rule.get-on-with-it")
    g.stack.append(("end_turn", r, "card"))


def _can_goal_mill(g: Game, p: int, r: int) -> bool:
    cards = g.db.cards
    return r not in g.used and any(cards[x].kind == GOAL for x in g.hands[p])


def _use_goal_mill(g: Game, p: int, r: int) -> None:
    g.used.append(r)
    cards = g.db.cards
    opts = [x for x in g.hands[p] if cards[x].kind == GOAL]
    g.ask(p, "goal_mill", opts, 1, len(opts), card=r, reason="discard Goals from your hand to draw as many",
          then=("ans_goal_mill", p))


def op_ans_goal_mill(g: Game, p: int, chosen: Chosen) -> None:
    for x in chosen:
        g.hands[p].remove(x)
        g.to_discard(x)
        g.ev(Kind.DISCARD, "rule.goal-mill", p, x)
    g.draw_cards(p, len(chosen), rule="rule.goal-mill")


def _can_mystery(g: Game, p: int, r: int) -> bool:
    return r not in g.used and g.variant.can_draw(g)


def _use_mystery(g: Game, p: int, r: int) -> None:
    g.used.append(r)
    got: list[int] = []
    g.draw_cards(p, 1, into=got, rule="rule.mystery-play")
    if got:
        g.playing.append(got[0])
        g.stack.append(("play", p, got[0], 2))


def _can_recycle(g: Game, p: int, r: int) -> bool:
    return r not in g.used and bool(keepers_of(g, p))


def _use_recycle(g: Game, p: int, r: int) -> None:
    g.used.append(r)
    n = g.count_quantity(r, "n").said(g.name) if g.inflation() else str(g.db.cards[r].params["n"])
    g.ask(p, "recycle", keepers_of(g, p), card=r, reason=f"discard one of your Keepers to draw {n}",
          then=("ans_recycle", p, r))


def op_ans_recycle(g: Game, p: int, r: int, chosen: Chosen) -> None:
    g.discard_from_table(chosen[0], "rule.recycling", p)
    g.draw_cards(p, g.num_told(r, "n"), rule="rule.recycling")


def _can_swap(g: Game, p: int, r: int) -> bool:
    return g.plays_left(p) > 0


def _use_swap(g: Game, p: int, r: int) -> None:
    n = g.plays_left(p)
    g.sink.swap(p, r, n)  # the plays swapped, and what makes them (Inflation, a bonus, the hand)
    g.draw_cards(p, n, rule="rule.swap-plays-for-draws")
    g.stack.append(("end_turn", r, "card"))


def _can_taxes(g: Game, p: int, c: int) -> bool:
    money = g.db.cards[c].params["money"]
    return money in g.tables[p]


def _use_taxes(g: Game, p: int, c: int) -> None:
    money = g.db.cards[c].params["money"]
    g.discard_from_table(money, "creeper.taxes", p)
    g.discard_from_table(c, "creeper.taxes", p)


FREE_RULES_HERE = {"get_on_with_it": _can_get_on, "goal_mill": _can_goal_mill, "mystery_play": _can_mystery,
                   "recycling": _can_recycle, "swap_plays_for_draws": _can_swap}
FREE_USE_HERE = {"get_on_with_it": _use_get_on, "goal_mill": _use_goal_mill, "mystery_play": _use_mystery,
                 "recycling": _use_recycle, "swap_plays_for_draws": _use_swap, "taxes": _use_taxes}


install(globals(), free_rules=FREE_RULES_HERE, free_table={"taxes": _can_taxes},
        free_use=FREE_USE_HERE,
        # Actions whose card stays being played until their temporary hand is done
        self_finishing=("draw_and_use", "draw_play", "todays_special"))
