"""The bots: what the greedy bot considers, and that the search bot plays
on copies whose hidden cards are shuffled anew (it must not peek), within
its budget of rollouts, time and turns."""
from __future__ import annotations

import time

import pytest

from engine import bots
from engine.bots import FlatSearch, GreedyBot, RandomBot, SearchBot, keep_value, make_bot, rollout_answer
from engine.game import Game
from engine.prompts import Prompt


def test_greedy_candidates_for_one_card_questions():
    g = Game.new(("fluxx5",), 1, "solo", 1)
    bot = GreedyBot(1)
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 0, 1, domain="cards")
    assert bot.candidates(g) == [("choose", (3,)), ("choose", (5,)), ("choose", (7,)), ("choose", ())]
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 1, 1, domain="cards")
    assert bot.candidates(g) == [("choose", (3,)), ("choose", (5,)), ("choose", (7,))]
    g.prompt = Prompt("choose", 0, "test", [3, 5, 7], 2, 2, domain="cards")
    assert sorted(bot.candidates(g)) == [("choose", (3, 5)), ("choose", (3, 7)), ("choose", (5, 7))]
    many = list(range(9))
    g.prompt = Prompt("choose", 0, "test", many, 3, 3, domain="cards")
    assert len(g.prompt.legal_answers()) == 84
    assert len(bot.candidates(g)) == GreedyBot.max_candidates  # a sample, not all 84


def test_greedy_breaks_ties_at_random_and_takes_a_lone_best():
    g = Game.new(("fluxx5",), 1, "solo", 1)
    picks = {GreedyBot(s).choose(g) for s in range(12)}
    assert picks <= set(g.prompt.options)
    bot = GreedyBot(1)
    only = g.prompt.options[0]
    g.prompt.options = [only]
    assert bot.choose(g) == only


def _solo_midgame() -> Game:
    g = Game.new(("fluxx5",), 1, "solo", 5)
    b = GreedyBot(5)
    for _ in range(6):
        g.push(b.choose(g))
    while len(b.candidates(g)) < 2:
        g.push(b.choose(g))
    return g


def test_determinize_solo_shuffles_the_piles_only():
    g = _solo_midgame()
    h = SearchBot(2, ms=None).determinize(g, 0)
    assert sorted(h.draw) == sorted(g.draw) and h.draw != g.draw
    assert sorted(h.rules_deck) == sorted(g.rules_deck) and h.rules_deck != g.rules_deck
    assert (h.hands, h.tables, h.rules, h.goals, h.discard) == (g.hands, g.tables, g.rules, g.goals, g.discard)
    assert h.rng != g.rng  # the copy's own dice are the bot's, not the real game's


def test_determinize_standard_hides_the_other_hands_and_the_draw():
    g = Game.new(("fluxx5",), 3, "standard", 8)
    b = GreedyBot(8)
    while g.prompt.player != 1 or g.prompt.kind != "turn":
        g.push(b.choose(g))
    h = SearchBot(4, ms=None).determinize(g, 1)
    assert h.hands[1] == g.hands[1]
    assert [len(x) for x in h.hands] == [len(x) for x in g.hands]
    hidden = lambda game: sorted(game.hands[0] + game.hands[2] + game.draw)  # noqa: E731
    assert hidden(h) == hidden(g)
    assert h.hands[0] != g.hands[0] or h.hands[2] != g.hands[2]
    assert h.draw != g.draw and len(h.draw) == len(g.draw)


@pytest.mark.parametrize("cls", [FlatSearch, SearchBot])
def test_search_keeps_its_rollout_and_time_budgets(monkeypatch, cls):
    g = _solo_midgame()
    calls = []
    real = cls.determinize
    rollouts = []
    real_rollout = cls.rollout

    def counted(self, game, p):
        calls.append(1)
        return real(self, game, p)

    def counted_rollout(self, h, p):
        rollouts.append(1)
        return real_rollout(self, h, p)
    monkeypatch.setattr(cls, "determinize", counted)
    monkeypatch.setattr(cls, "rollout", counted_rollout)
    k = len(cls(1).greedy.candidates(g))
    cls(1, rollouts=5, ms=None, horizon=3).choose(g)
    if cls is FlatSearch:
        assert len(calls) == 5 and len(rollouts) == 5 * k  # every candidate in every future
    else:  # the same budget in all, shared by halving: never more, and not much less
        assert 5 * k // 2 <= len(rollouts) <= 5 * k
    calls.clear()
    clock = iter(range(10**6))  # every reading is one second later
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(clock))
    a = cls(1, rollouts=50, ms=1500.0, horizon=3).choose(g)
    assert len(calls) == 2  # the deadline (1.5 s) passes after the second rollout
    assert a in g.prompt.legal_answers()  # out of time, it still answers
    calls.clear()
    clock = iter([0.0, 2.0])  # the deadline is 2.0; a reading of exactly 2.0 is not past it
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(clock, 9.0))
    cls(1, rollouts=50, ms=2000.0, horizon=3).choose(g)
    assert len(calls) == 2
    monkeypatch.setattr(bots.time, "perf_counter", time.perf_counter)


def _question_with_answers(n: int) -> Game:
    """A Solo game at a question with at least n answers."""
    for seed in range(40):
        g = Game.new(("fluxx5",), 1, "solo", seed)
        b = GreedyBot(seed)
        while not g.over:
            if g.prompt.kind == "turn" and len(g.prompt.options) >= n:
                return g
            g.push(b.choose(g))
    raise AssertionError(f"no question with {n} answers in 40 games")


def halving_schedule(k: int, per_candidate: int) -> list[int]:
    """What each of k candidates gets under successive halving, worked out
    by hand: ceil(log2 k) rounds; each round splits the budget
    (per_candidate * k) / rounds among the candidates still in; the better
    half goes on."""
    rounds = max(1, (k - 1).bit_length())
    budget = per_candidate * k
    got = [0] * k
    alive = k
    for r in range(rounds):
        for i in range(alive):
            got[i] += max(1, budget // (alive * rounds))
        if r < rounds - 1:
            alive = (alive + 1) // 2
    return sorted(got)


@pytest.mark.parametrize("k", [2, 4, 5])
def test_halving_gives_the_finalists_the_most_rollouts(monkeypatch, k):
    """k candidates, 6 rollouts each on average: the candidates that last
    longest get the most rollouts, the ranking puts them first, the budget
    is kept, and the answer is the ranking's head."""
    g = _question_with_answers(k)
    answers = g.prompt.legal_answers()[:k]
    bot = SearchBot(3, rollouts=6, ms=None, horizon=2)
    monkeypatch.setattr(bot.greedy, "candidates", lambda game: list(answers))
    ranked = bot.rank(g)
    tried = dict(bot.tried)
    assert sorted(tried.values()) == halving_schedule(k, 6)
    assert sum(tried.values()) <= 6 * k
    assert [tried[a] for a, _ in ranked] == sorted(tried.values(), reverse=True)
    top = [m for a, m in ranked if tried[a] == max(tried.values())]
    assert top == sorted(top, reverse=True)  # the finalists by their mean
    assert sorted(a for a, _ in ranked) == sorted(answers)
    again = SearchBot(3, rollouts=6, ms=None, horizon=2)  # the same seed: the same search
    monkeypatch.setattr(again.greedy, "candidates", lambda game: list(answers))
    assert again.choose(g) == ranked[0][0]


@pytest.mark.exists_for("a self-test of the by-hand schedule the search tests compare with, not of the project's code")
def test_halving_schedule_by_hand():
    assert halving_schedule(8, 6) == [2, 2, 2, 2, 6, 6, 14, 14]
    assert halving_schedule(2, 6) == [6, 6]


def test_the_search_is_the_same_on_every_run_without_a_clock():
    g = _solo_midgame()
    assert SearchBot(9, rollouts=4).rank(g) == SearchBot(9, rollouts=4).rank(g)
    assert SearchBot(9).ms is None  # the sims' search has no clock: the same answers on every machine


def test_the_rollout_policy_lets_go_of_what_no_goal_needs():
    """A Hand Limit discard in a rollout: the Keepers the Goal in play needs
    are kept, other cards go."""
    g = Game.new(("fluxx5",), 1, "solo", 4)
    db = g.db
    goal = next(c.id for c in db.cards if c.kind == bots.GOAL and len(db.goal_defs[c.id].required) == 2)
    a, b = db.goal_defs[goal].required
    other = next(c.id for c in db.cards if c.kind == bots.KEEPER and c.id not in (a, b))
    g.goals = [goal]
    need = {a, b}
    assert keep_value(g, 0, a, need) > keep_value(g, 0, other, need)
    g.prompt = Prompt("choose", 0, "discard_hand", [a, other, b], 1, 1, domain="cards")
    for s in range(8):
        assert rollout_answer(g, SearchBot(s)) == ("choose", (other,))


def _turn_with(g: Game, goals: list[str], table: list[str], hand: list[str]) -> Game:
    """Seat 0 asked to play one card of ``hand``, with those Goals in play and that table."""
    f = g.db.find
    g.goals = [f(n) for n in goals]
    g.tables[0] = [f(n) for n in table]
    g.hands[0] = [f(n) for n in hand]
    g.prompt = Prompt("turn", 0, "play", [("play", c) for c in g.hands[0]], 1, 1, domain="moves")
    return g


def _rollout_plays(g: Game, policy) -> set[str]:
    return {g.db.name(policy(g, g.prompt, SearchBot(s))[1]) for s in range(12)}


def test_the_v4_rollout_plays_a_keeper_a_goal_in_hand_needs():
    """The search bot v4's rollouts: a Keeper that a Goal in the hand needs
    (Sleep, for Bed Time) is played before a Keeper nothing asks for (Money);
    v2 and v3 could not tell them apart."""
    g = _turn_with(Game.new(("fluxx5",), 1, "solo", 4), ["Milk & Cookies"], [], ["Bed Time", "Sleep", "Money"])
    assert _rollout_plays(g, bots.rollout_play) == {"Sleep"}
    assert _rollout_plays(g, bots.rollout_play_v2) == {"Sleep", "Money"}


def test_the_v4_rollout_keeps_a_goal_that_would_replace_a_nearer_one():
    """With half of Milk & Cookies out, a Goal of which nothing is out (Night
    & Day) waits behind an Action (v2 played the Goal first); with The Sun
    out, Night & Day is as far along and still waits; with The Sun out and
    nothing of the Goal in play, Night & Day gets further and is played; a
    Goal met at once always comes first."""
    def plays(goals, table, policy=bots.rollout_play):
        g = _turn_with(Game.new(("fluxx5",), 1, "solo", 4), goals, table, ["Night & Day", "Trash a New Rule"])
        return _rollout_plays(g, policy)
    assert plays(["Milk & Cookies"], ["Milk"]) == {"Trash a New Rule"}
    assert plays(["Milk & Cookies"], ["Milk"], bots.rollout_play_v2) == {"Trash a New Rule"}  # (5 against 8)
    assert plays(["Milk & Cookies"], ["Milk", "The Sun"]) == {"Trash a New Rule"}
    assert plays(["Milk & Cookies"], ["Milk", "The Sun"], bots.rollout_play_v2) == {"Night & Day"}
    assert plays(["Milk & Cookies"], ["The Sun"]) == {"Night & Day"}
    assert plays(["Milk & Cookies"], ["Milk", "The Sun", "The Moon"]) == {"Night & Day"}


def test_the_older_searches_keep_their_rollouts(monkeypatch):
    """v2 and v3 (kept for the side by side) roll out with the old policy at
    their 60 rollouts; v4, the search bot, with the new one at 50."""
    from engine.bots import SearchBotV2, SearchBotV3
    assert SearchBot(1).rollouts == 50 and SearchBotV3(1).rollouts == SearchBotV2(1).rollouts == 60
    used = []

    class Asked(Exception):
        pass

    def spy(name):
        def policy(g, bot):
            used.append(name)
            raise Asked
        return policy
    monkeypatch.setattr(bots, "rollout_answer", spy("v4"))
    monkeypatch.setattr(bots, "rollout_answer_v2", spy("v2"))
    g = _turn_with(Game.new(("fluxx5",), 1, "solo", 4), ["Milk & Cookies"], [], ["Bed Time", "Sleep", "Money"])
    for cls in (SearchBot, SearchBotV3, SearchBotV2):
        with pytest.raises(Asked):
            cls(1, ms=None).rollout(g.copy(), 0)
    assert used == ["v4", "v2", "v2"]


def test_a_rollout_stops_at_the_horizon():
    g = Game.new(("fluxx5",), 1, "solo", 2)
    bot = SearchBot(1, ms=None, horizon=2)
    h = g.copy()
    start = h.turn
    bot.rollout(h, 0)
    assert h.turn == start + 2 and not h.over


def test_an_unknown_bot_is_refused_with_the_list():
    with pytest.raises(ValueError) as e:
        make_bot("chess")
    assert str(e.value) == f"unknown bot 'chess' (the bots are: {', '.join(bots.BOTS)})"
    assert isinstance(make_bot("greedy", 3), GreedyBot) and isinstance(make_bot("search"), SearchBot)


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_a_seat_bot_answers_from_the_state_alone(name):
    """answer_for: the same answer for the game and for its saved copy (a
    resumed game, another machine), the game itself untouched, and other
    answers at other moments (the seed moves with the decisions)."""
    from engine.bots import answer_for, state_seed
    g = Game.new(("voyager",), 4, "standard", 21)
    seen = set()
    for _ in range(30 if name != "search" else 4):
        before = g.to_dict()
        a = answer_for(g, name)
        assert g.to_dict() == before, "asking a bot changed the game"
        assert answer_for(Game.from_dict(before), name) == a
        assert a in g.prompt.legal_answers() or g.prompt.kind == "turn" and a in g.prompt.options
        seen.add(state_seed(g))
        g.push(a)
        if g.over:
            break
    assert len(seen) > 1


def test_the_search_bot_never_looks_at_your_hand():
    """The search bot's answer does not depend on what the human holds: any
    other cards in your hand (and the draw pile) give it the same answer,
    since its copies reshuffle what it cannot see."""
    from engine.bots import answer_for
    g = Game.new(("fluxx5",), 3, "standard", 4)
    while g.prompt.player != 1:
        g.push(g.prompt.options[0] if g.prompt.kind == "turn" else g.prompt.legal_answers(limit=1)[0])
    a = answer_for(g, "search")
    h = g.copy()
    # swap your hand with cards of the draw pile: what the bot cannot see changes
    k = len(h.hands[0])
    h.hands[0], h.draw[-k:] = list(h.draw[-k:]), list(h.hands[0])
    assert answer_for(h, "search") == a


def test_a_bot_asked_when_nothing_is_asked_says_so():
    g = Game.new(("fluxx5",), 1, "solo", 2)
    g.prompt = None  # a finished game asks nothing; so does this one
    for bot in (RandomBot(1), make_bot("random", 2)):
        with pytest.raises(ValueError, match="a bot was asked to answer, but the game asks nothing"):
            bot.choose(g)


def test_a_bots_picks_are_its_generators_draws_worked_out_ahead():
    """``Bot.pick`` takes its outputs from a store worked out many at a time:
    the numbers and the state after each pick are ``R.below``'s, past the end
    of one store, for ranges of every size, after the state is set from
    outside (a search resets its dice) and through a rejected draw (built)."""
    from engine import rng as R
    from tests.test_rng_and_deal import _state_giving
    assert RandomBot().rng == RandomBot(0).rng == R.seed_state(0x5EED)  # seed 0 by default
    b = RandomBot(7)
    state = b.rng
    # more picks than one store holds; 2**63 + 5 rejects about half its draws
    sizes = [2, 3, 5, 52, 511, 512, 10**6 + 3, 2**63 + 5, 1, 0] * 12
    for n in sizes:
        want_state, want = R.below(state, n) if n > 1 else (state, 0)
        assert b.pick(n) == want and b.rng == want_state
        state = want_state
    b.rng = state = R.seed_state(99)  # set from outside: the store is thrown away
    for n in (6, 6, 6):
        state, want = R.below(state, n)
        assert b.pick(n) == want and b.rng == state
    limit = (1 << 64) - ((1 << 64) % 6)
    b.rng = s = (_state_giving(limit) - 2 * R.GAMMA) & ((1 << 64) - 1)  # its third draw is in the tail
    for _ in range(4):
        s, want = R.below(s, 6)
        assert b.pick(6) == want and b.rng == s
    assert b.rng == (_state_giving(limit) + 3 * R.GAMMA) & ((1 << 64) - 1)  # one draw more than picks
    for n in (513, 10**6 + 3):  # past the table of limits: the limit worked out (a built rejection)
        limit = (1 << 64) - ((1 << 64) % n)
        for first in (limit - 1, limit):
            b.rng = s = _state_giving(first)
            s, want = R.below(s, n)
            assert b.pick(n) == want and b.rng == s


def test_a_random_answer_never_asks_for_more_options_than_there_are():
    """A choose prompt may allow more than it offers (up to 5 of 2 cards):
    the random bot's count is capped by the options, and its answers are
    ones the prompt accepts."""
    pr = Prompt("choose", 0, "discard_hand", [3, 4], 0, 5, then=("x",))
    g = Game.blank(("fluxx5",), 1, "solo")
    g.prompt = pr
    sizes = set()
    for seed in range(40):
        a = RandomBot(seed).random_answer(g)
        assert pr.check(a) == a
        sizes.add(len(a[1]))
    assert sizes == {0, 1, 2}


def test_the_search_bot_v3_searches_the_best_answers_one_ahead():
    """With more answers than it searches (a big hand), the search bot (v3)
    takes the best by the table evaluation one answer ahead, in that order
    (ties as the candidates come); v2 took the greedy favourite and a random
    sample. With few answers both search them all."""
    import solo  # noqa: F401  (the solo variant)
    from engine.bots import SearchBot, SearchBotV2, asked, evaluate
    from engine.game import Game
    seen_big = 0
    for seed in range(40):
        g = Game.new(("fluxx5",), 1, "solo", seed, record=False)
        bot, old = SearchBot(seed, rollouts=1, ms=None), SearchBotV2(seed, rollouts=1, ms=None)
        for _ in range(60):
            if g.over:
                break
            cands = bot.greedy.candidates(g)  # (a large choice's candidates are a random sample: fixed here)
            bot.greedy.candidates = old.greedy.candidates = lambda g, fixed=tuple(cands): list(fixed)
            got = bot.searched(g)
            if len(cands) <= bot.max_candidates:
                assert got == cands == old.searched(g)
            else:
                seen_big += 1
                p = asked(g).player
                value = {}
                for a in cands:
                    h = g.copy()
                    h.push(a)
                    value[a] = evaluate(h, p)
                assert len(got) == bot.max_candidates  # (a large choice's random sample may hold an answer twice, as in v2)
                assert [value[a] for a in got] == sorted((value[a] for a in got), reverse=True)
                worst_in = min(value[a] for a in got)
                assert all(value[a] <= worst_in for a in cands if a not in got)
            g.push(cands[0])
            del bot.greedy.candidates, old.greedy.candidates
    assert seen_big >= 5


def test_the_search_halving_keeps_the_better_half():
    """Successive halving: after each round the better half of the candidates
    (by mean rollout result) goes on. With rollouts cut to one turn, the one
    play that wins at once (Cookies beside the Milk) is the best candidate in
    every round: it lasts to the end, gets the most rollouts and comes first;
    each candidate dropped early has a mean no better than one kept."""
    from .helpers import table
    g = table("""
decks = ["fluxx5"]
players = 2
[setup]
goals = ["Milk & Cookies"]
hands = [["Bread", "Sleep", "Love", "Peace", "Time", "Cookies", "Music"], ["The Rocket"]]
tables = [["Milk"], []]
draw_pile = ["Chocolate", "Dreams", "Money", "The Sun", "The Moon", "Television"]
""")
    b = SearchBot(3, rollouts=8, ms=None, horizon=1)
    ranked = b.rank(g)
    cookies = ("play", g.db.find("Cookies"))
    assert ranked[0][0] == cookies
    counts = dict(b.tried)
    assert counts[cookies] == max(counts.values()) > min(counts.values())
    means = dict(ranked)
    kept = [a for a, n in counts.items() if n == counts[cookies]]
    dropped = [a for a in counts if a not in kept]
    assert dropped and max(means[a] for a in dropped) <= min(means[a] for a in kept)
