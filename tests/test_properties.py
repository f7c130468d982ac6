"""Invariants over random complete games (hypothesis).

For every registered variant at each number of seats it takes (Solo Fluxx,
2-6 players, the tests' turn-limit variant), with and without the Creeper Pack: no
card is ever lost or duplicated; exactly one of "a question is pending"
and "the game is over"; the state round-trips through JSON; the same seed
and answers replay to the same state; an illegal answer leaves the state
unchanged; when the active player is asked to play, nobody else is over a
limit; every game ends or reaches the turn cap without error.
"""
from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.game import Game
from engine.prompts import IllegalAnswer
from engine.registry import get_variant, variant_names

from .helpers import check_events, check_invariants, scaled

TURN_CAP = 150
DECKS = st.sampled_from([("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)])
# every registered variant (the installed ones, and those the tests load by name: tests/variants),
# each at every number of seats it takes, as OpenSpiel's tests go over every registered game
VARIANT_NAMES = variant_names()
TABLES = st.one_of(*(st.tuples(st.just(n), st.integers(get_variant(n).min_players, get_variant(n).max_players))
                     for n in VARIANT_NAMES))


def test_the_property_tests_go_over_every_variant():
    assert set(VARIANT_NAMES) >= {"solo", "standard", "test-turn-limit"}
    assert VARIANT_NAMES == variant_names()  # none is registered after this module was read


def play(g: Game, bot: RandomBot, each_step=None) -> list:
    answers = []
    while not g.over and g.turn <= TURN_CAP:
        a = bot.choose(g)
        answers.append(a)
        events = g.push(a)
        check_events(g, events)
        if each_step:
            each_step(g)
    return answers


@settings(max_examples=scaled(320))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_random_games_keep_every_invariant(seed, table, decks, bot_seed):
    variant, players = table
    g = Game.new(decks, players, variant, seed)
    check_events(g, g.log)  # the deal's own events (the Solo setup, the cards dealt)
    check_invariants(g)
    play(g, RandomBot(bot_seed), check_invariants)
    assert g.over or g.turn > TURN_CAP


@settings(max_examples=scaled(160))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_quiet_tasks_change_nothing_the_checks_read(seed, table, decks, bot_seed):
    """The task loop skips its Goal and standing checks after a quiet task
    (engine.game.QUIET): each one, run in random games, leaves the Goals,
    tables, attachments, hands and New Rules as it found them. A quiet task
    that hands on to the next one at once (Game.then) is held to what it
    did before handing on: the next task is watched as itself."""
    import engine.hooks as hooks
    seen = []
    open_quiet = []  # [op, before, after or None] of the quiet tasks running, innermost last

    def snapshot(g, hands=True):
        return (list(g.goals), [list(t) for t in g.tables], dict(g.attached),
                [list(h) for h in g.hands] if hands else None, list(g.rules))

    def watched(op, fn):
        def run(g, *args):
            if open_quiet and open_quiet[-1][2] is None:  # handed on: the quiet task's own part is done
                open_quiet[-1][2] = snapshot(g, open_quiet[-1][3])
            # a task that changes only hands and piles (HAND_ONLY) is quiet while
            # no Goal out counts cards in hand: held to everything but the hands
            hands_too = op in hooks.QUIET
            if not hands_too and not (op in g.pidx.hand_only and g.hand_blind()):
                fn(g, *args)
                return
            frame = [op, snapshot(g, hands_too), None, hands_too]
            open_quiet.append(frame)
            try:
                fn(g, *args)
            finally:
                open_quiet.pop()
            after = frame[2] if frame[2] is not None else snapshot(g, hands_too)
            assert after == frame[1], f"the quiet task '{op}' changed what the checks read"
            seen.append(op)
        return run

    saved = dict(hooks.OPS)
    try:
        for op, fn in saved.items():
            hooks.OPS[op] = watched(op, fn)
        variant, players = table
        g = Game.new(decks, players, variant, seed, record=False)
        play(g, RandomBot(bot_seed))
    finally:
        hooks.OPS.update(saved)
    assert seen, "no quiet task ran"


def test_hand_only_tasks_are_named_and_read_hands_only_where_a_goal_counts_them():
    """The tasks quiet only while no Goal counts cards in hand: a card played
    (any card set), a draw (only where no Creeper can be drawn onto a table)."""
    import engine.hooks as hooks
    from engine.cards import card_key
    assert hooks.HAND_ONLY <= set(hooks.OPS) and hooks.HAND_ONLY_NO_CREEPERS <= set(hooks.OPS)
    plain = Game.new(("fluxx5",), 2, "standard", 1)
    creepy = Game.new(("fluxx5", "creeper-pack"), 2, "standard", 1)
    assert plain.pidx.hand_only == {"play", "draw_phase", "draw"}
    assert creepy.pidx.hand_only == {"play"}
    ten = plain.db.by_key[card_key("10 Cards in Hand")]
    plain.goals[:] = []
    assert plain.hand_blind()
    plain.goals.append(ten)
    assert not plain.hand_blind()


@settings(max_examples=scaled(120))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_handing_on_at_once_plays_the_same_game_as_queueing(seed, table, decks, bot_seed):
    """Game.then runs a quiet task's next task at once instead of queueing
    it, and an answer to a question asked on a checked table starts checked:
    the same questions, events and states, answer by answer, as a game in
    which every task goes through the queue and every answer starts unchecked."""
    variant, players = table
    g = Game.new(decks, players, variant, seed)
    bot = RandomBot(bot_seed)
    steps = []
    while not g.over and g.turn <= TURN_CAP:
        a = bot.choose(g)
        steps.append((a, list(g.push(a)), g.to_dict()))
    with pytest.MonkeyPatch.context() as m:
        m.setattr(Game, "then", lambda self, task: self.stack.append(task))
        # and the check skipped after an answer's first task, when the question
        # was asked on a checked table, made anyway: every answer starts unsettled
        run = Game._run

        def run_unsettled(self):
            self.settled = False
            run(self)
        m.setattr(Game, "_run", run_unsettled)
        h = Game.new(decks, players, variant, seed)
        for a, events, state in steps:
            assert h.push(a) == events
            assert h.to_dict() == state
    assert h.over == g.over


@settings(max_examples=scaled(60))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
# Solo games whose Main deck runs out on a draw taken in one go: that draw must end the game there too
# (mutant S3 skipped the end check on the quiet path; a few random examples rarely meet it)
@example(seed=3, table=("solo", 1), decks=("fluxx5",), bot_seed=3)
@example(seed=5, table=("solo", 1), decks=("fluxx5",), bot_seed=5)
def test_a_game_without_a_log_plays_as_one_with_a_log(seed, table, decks, bot_seed):
    """The hot paths that skip work nobody reads without a log (a draw taken
    in one go, events not built) reach the same states, answer by answer,
    and end at the same answer."""
    variant, players = table
    g = Game.new(decks, players, variant, seed, record=False)
    h = Game.new(decks, players, variant, seed, record=True)
    assert g.to_dict() == h.to_dict()
    bot = RandomBot(bot_seed)
    while not g.over and g.turn <= TURN_CAP:
        a = bot.choose(g)
        g.push(a)
        h.push(a)
        assert g.to_dict() == h.to_dict()
    assert h.over == g.over


def test_every_quiet_task_is_a_task():
    import engine.hooks as hooks
    assert hooks.QUIET and hooks.QUIET <= set(hooks.OPS)


@settings(max_examples=scaled(60))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_same_seed_and_answers_replay_exactly(seed, table, decks, bot_seed):
    variant, players = table
    g = Game.new(decks, players, variant, seed)
    answers = play(g, RandomBot(bot_seed))
    h = Game.new(decks, players, variant, seed)
    for a in answers:
        h.push(a)
    assert h.to_dict() == g.to_dict()


def _illegal_answers(g: Game) -> list:
    pr = g.prompt
    playable = {o[1] for o in pr.options if isinstance(o, tuple) and len(o) == 2}
    not_held = [c for c in range(g.db.n) if c not in playable]
    out = [("play", not_held[0]), ("bogus",), "play", ("choose", (10**6,))]
    if pr.kind == "choose":
        out.append(("choose", tuple(pr.options) + tuple(pr.options[:1])))  # a repeat
        if pr.max < len(pr.options):
            out.append(("choose", tuple(pr.options[:pr.max + 1])))
        if pr.min > 0:
            out.append(("choose", ()))
            out.append(("pass",))
    else:
        if ("end",) not in pr.options:
            out.append(("end",))
        out.append(("choose", ()))
    return out


@settings(max_examples=scaled(40))
@given(seed=st.integers(0, 2**40), table=TABLES, decks=DECKS, bot_seed=st.integers(0, 2**20))
def test_illegal_answers_change_nothing(seed, table, decks, bot_seed):
    variant, players = table
    g = Game.new(decks, players, variant, seed)
    bot = RandomBot(bot_seed)
    while not g.over and g.turn <= 60:
        before = g.to_dict()
        for bad in _illegal_answers(g):
            with pytest.raises(IllegalAnswer) as e:
                g.push(bad)
            assert str(e.value)
            assert g.to_dict() == before
        g.push(bot.choose(g))


def test_short_fuzz_run():
    """CI's short fuzz run: every deck set and 1-6 players, legal and illegal answers."""
    from solo.tools.fuzz import main
    assert main(["--games", str(scaled(240))]) == 0
