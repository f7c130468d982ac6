"""Properties that check the rules, not only the structure, over random
complete games of every deck set and table size (hypothesis):

* every draw phase draws what the rules in force ask for (the Draw rule,
  Inflation, Party Bonus, Poor Bonus, Play All But 1's extra card), unless
  the cards run out;
* nobody begins a turn over the Hand Limit or the Keeper Limit (Inflation
  included);
* a Goal that someone meets with no Creeper in the way has been won
  (standard) or scored (Solo) by the time anybody is asked anything
  (except to answer a Surprise or to attach an arriving Creeper: Goals are
  checked once those are done);
* the player may end a turn by choice only when no plays are left.

The expected numbers are worked out here from the rulebook and the card
texts (card parameters are data), not by calling the engine's own
arithmetic, so a slip in the engine's arithmetic shows up as a difference.
"""
from __future__ import annotations

from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import game as engine_game
from engine.bots import RandomBot
from engine.cards import KEEPER
from engine.game import Game
from engine.goals import goal_winners
from solo.variant.goals import meets_alone

from .helpers import scaled

DECKS = st.sampled_from([("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)])
TABLES = st.one_of(st.tuples(st.just("solo"), st.just(1)),
                   st.tuples(st.just("standard"), st.integers(2, 6)))


def rule_in_play(g: Game, effect: str) -> int:
    for r in g.rules:
        if g.db.cards[r].effect == effect:
            return r
    return -1


def infl(g: Game) -> int:
    return 1 if rule_in_play(g, "inflation") >= 0 else 0


def keepers(g: Game, p: int) -> int:
    return sum(1 for c in g.tables[p] if g.db.cards[c].kind == KEEPER)


def expected_draw(g: Game, p: int) -> int:
    """Cards the draw phase owes ``p``, from the rulebook and card texts."""
    i = infl(g)
    r = rule_in_play(g, "draw_rule")
    n = (g.db.cards[r].params["n"] if r >= 0 else 1) + i
    party = rule_in_play(g, "party_bonus")
    if party >= 0:
        pc = g.db.cards[party].params
        if any(pc["keeper"] in t for t in g.tables):
            n += pc["draw"] + i
    poor = rule_in_play(g, "poor_bonus")
    if poor >= 0 and g.nplayers > 1:
        counts = [keepers(g, q) for q in range(g.nplayers)]
        if counts[p] == min(counts) and counts.count(min(counts)) == 1:
            n += g.db.cards[poor].params["n"] + i
    pab = rule_in_play(g, "play_all_but")
    if pab >= 0 and not g.hands[p] and n <= g.db.cards[pab].params["n"] + i:
        n += 1  # Play All But 1: began the turn with no cards and drew only 1: draw 1 more
    return n


def limits(g: Game) -> tuple[int, int]:
    hl = kl = -1
    for r in g.rules:
        c = g.db.cards[r]
        if c.slot == "hand_limit":
            hl = c.params["n"] + infl(g)
        elif c.slot == "keeper_limit":
            kl = c.params["n"] + infl(g)
    return hl, kl


class Watch:
    """Wraps two turn tasks of the engine to check the rules at the moment they run."""

    def __init__(self):
        self.draw_phases = 0
        self.turn_starts = 0

    def draw_phase(self, g: Game) -> None:
        p = g.active
        want = expected_draw(g, p)
        n = len(g.log)
        self.orig_draw(g)
        new = g.log[n:]
        got = sum(1 for e in new if e.kind == "draw" and e.rule == "turn.draw" and e.player == p)
        ran_out = g.over or any(e.kind == "no_cards" for e in new)
        assert got == want or (ran_out and got < want), f"drew {got} for the draw phase, the rules ask {want}"
        self.draw_phases += 1

    def start_turn(self, g: Game) -> None:
        hl, kl = limits(g)
        for q in range(g.nplayers):
            assert hl < 0 or len(g.hands[q]) <= hl, f"p{q} begins a turn with {len(g.hands[q])} cards, limit {hl}"
            assert kl < 0 or keepers(g, q) <= kl, f"p{q} begins a turn with {keepers(g, q)} Keepers, limit {kl}"
        self.orig_start(g)
        self.turn_starts += 1


@contextmanager
def watching():
    """Put the checking wrappers in the engine's task table for one game."""
    w = Watch()
    w.orig_draw = engine_game.OPS["draw_phase"]
    w.orig_start = engine_game.OPS["start_turn"]
    engine_game.OPS["draw_phase"] = w.draw_phase
    engine_game.OPS["start_turn"] = w.start_turn
    try:
        yield w
    finally:
        engine_game.OPS["draw_phase"] = w.orig_draw
        engine_game.OPS["start_turn"] = w.orig_start


def check_goals_settled(g: Game) -> None:
    # A Surprise chain is settled before Goals are checked, a card played is
    # checked once it has fully resolved, and an arriving
    # attaching Creeper takes its Keeper (the attach question) as part of its
    # arrival: the Goal check comes right after either.
    if g.over or g.chain or g.prompt.ask == "attach":
        return
    if g.phase == "play" and g.prompt.kind != "turn":
        # a question asked while a card (or a free action) is still resolving: its Goals are
        # checked once it has resolved whole, its draws and limits included (the next turn question)
        return
    if g.variant.scores:
        for goal in g.goals:
            assert not meets_alone(g, goal), f"{g.name(goal)} is met but was not scored"
    else:
        won: set[int] = set()
        for goal in g.goals:
            won.update(goal_winners(g, goal))
        assert len(won) != 1, f"p{won} meets a Goal alone and has not won"


def play_checked(g: Game, bot: RandomBot, cap: int = 150) -> None:
    while not g.over and g.turn <= cap:
        pr = g.prompt
        a = bot.choose(g)
        if pr.kind == "turn" and a != ("end",) and ("end",) in pr.options:
            # "end" is offered only when no plays are left
            assert g.plays_left(pr.player) == 0 or g.temp
        if a == ("end",):
            assert not any(o[0] == "play" for o in pr.options), "the turn may end while plays are left"
        g.push(a)
        check_goals_settled(g)


@settings(max_examples=scaled(120))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_draws_limits_and_goals_follow_the_rules(seed, table, decks, bot_seed):
    variant, players = table
    with watching() as w:
        g = Game.new(decks, players, variant, seed)
        check_goals_settled(g)
        play_checked(g, RandomBot(bot_seed))
    assert w.draw_phases >= 1 and w.turn_starts >= 1


def test_the_watch_sees_many_bonus_draws():
    """The oracle above is exercised where it matters: Inflation, the bonuses
    and Play All But 1 come up in these games (a pinned sample)."""
    seen = {"inflation": 0, "party_bonus": 0, "poor_bonus": 0, "play_all_but": 0}
    with watching() as w:
        check = w.draw_phase

        def draw_phase(g):
            for eff in seen:
                if rule_in_play(g, eff) >= 0:
                    seen[eff] += 1
            check(g)
        engine_game.OPS["draw_phase"] = draw_phase
        for seed in range(scaled(80)):
            g = Game.new(("fluxx5", "creeper-pack"), 2 + seed % 3, "standard", seed)
            play_checked(g, RandomBot(seed))
    assert all(n > 0 for n in seen.values()), seen
