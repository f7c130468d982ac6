"""The strength ladder (issue 37, deliverable 5): seats, intervals, ratings,
and a small ladder that checks the order random < greedy < search. The
full ladder (1,000 and 200 games a pair) is in the README and
solo/tools/ladder.json; the small one is a fixed sample of the same games (the
games are deterministic), checked for its order, not for significance."""
from __future__ import annotations

import json

import pytest

from solo.tools.ladder import (
    ANCHOR,
    LADDER_FILE,
    elo_gap,
    fit_ratings,
    play_pair_game,
    ratings,
    run_ladder,
    seats_for,
    wilson,
)


def test_seats_alternate_and_who_starts_is_rotated_evenly():
    assert seats_for("random", "greedy", 0) == ["random", "greedy", "random", "greedy"]
    assert seats_for("random", "greedy", 1) == ["greedy", "random", "greedy", "random"]
    starts = [seats_for("a", "b", k)[0] for k in range(100)]
    assert starts.count("a") == starts.count("b") == 50


def test_wilson_interval_and_rating_gaps():
    lo, hi = wilson(80, 100)
    assert 0.71 < lo < 0.72 and 0.86 < hi < 0.87  # the textbook values for 80 of 100
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(1, 2)  # a tiny sample: the z-squared terms widen it well past the plain normal interval
    assert 0.094 < lo < 0.095 and 0.905 < hi < 0.906
    assert wilson(0, 10)[0] == 0.0 and 0.277 < wilson(0, 10)[1] < 0.278
    assert elo_gap(0.5) == 0.0 and round(elo_gap(0.76)) == 200 and elo_gap(1.0) == elo_gap(0.995)


def test_ratings_fit_consistent_pairs_exactly():
    p = lambda gap: 1 / (1 + 10 ** (-gap / 400))  # noqa: E731
    pairs = {("greedy", "random"): p(250), ("search", "random"): p(330), ("search", "greedy"): p(80)}
    r = fit_ratings(pairs, ["random", "greedy", "search"])
    assert r == {"random": ANCHOR, "greedy": ANCHOR + 250, "search": ANCHOR + 330}
    # pairs that disagree by 20 points: least squares shares the error out (2g - s = 150, 2s - g = 430)
    pairs[("search", "greedy")] = p(100)
    assert fit_ratings(pairs, ["random", "greedy", "search"]) == {"random": ANCHOR, "greedy": 1243, "search": 1337}


def test_a_game_of_the_pair_is_the_same_every_time():
    assert play_pair_game(("random", "greedy", 3, ("fluxx5",))) == play_pair_game(("random", "greedy", 3, ("fluxx5",)))


@pytest.mark.slow
def test_a_small_ladder_orders_random_greedy_search():
    low = run_ladder(200, 0, ("fluxx5",), bots=("random", "greedy"))
    pair = low["pairs"]["greedy vs random"]
    assert pair["games"] == 200 and pair["ci95"][0] > 0.5, pair  # greedy wins well over half, interval and all
    assert low["ratings"]["greedy"] > low["ratings"]["random"] == ANCHOR
    # the search bot at its default budget: 24 games (16 won by search), two processes
    high = run_ladder(0, 24, ("fluxx5",), jobs=2, bots=("greedy", "search"))
    top = high["pairs"]["search vs greedy"]
    assert top["games"] == 24 and top["win_rate"] > 0.5, top
    assert high["ratings"]["search"] > high["ratings"]["greedy"]


def test_new_game_shows_each_bots_rating_when_measured():
    from solo.store.seats import STRENGTH_WORDS, strength_words
    words, rated = strength_words(), ratings()
    shipped = json.loads(LADDER_FILE.read_text())["ratings"]  # the ladder ships its ratings: all three shown
    assert rated == {k: int(v) for k, v in shipped.items()} and set(rated) == set(STRENGTH_WORDS)
    assert words["search"].endswith(f", rated {int(shipped['search'])}")
    for k, w in STRENGTH_WORDS.items():
        assert words[k] == (f"{w}, rated {rated[k]}" if k in rated else w)


def _fake_games(monkeypatch):
    """play_pair_game replaced by a fixed pattern of A's shares (won, lost,
    drawn, won, won, ...), recording every game it was asked for."""
    import solo.tools.ladder as ladder
    asked = []
    pattern = (1.0, 0.0, 0.5, 1.0, 1.0)

    def fake(work):
        asked.append(work)
        return work[2], pattern[work[2] % len(pattern)]
    monkeypatch.setattr(ladder, "play_pair_game", fake)
    return asked


def test_the_ladder_counts_each_pair_from_the_stronger_sides_view(monkeypatch):
    """Each pair is kept as "B vs A" (the later bot of ORDER first): B's
    wins are A's losses, a draw is half to each, and the interval and the
    ratings are worked out from B's share."""
    asked = _fake_games(monkeypatch)
    said = []
    res = run_ladder(5, 3, ("fluxx5", "creeper"), bots=("random", "greedy", "search"), progress=said.append)
    # every pair, its own number of games, seeds 0..n-1, the decks as a tuple
    assert asked == ([("random", "greedy", k, ("fluxx5", "creeper")) for k in range(5)]
                     + [("random", "search", k, ("fluxx5", "creeper")) for k in range(3)]
                     + [("greedy", "search", k, ("fluxx5", "creeper")) for k in range(3)])
    five = res["pairs"]["greedy vs random"]  # A (random) won games 0, 3, 4, drew game 2, lost game 1
    lo, hi = wilson(3.5, 5)
    assert five == {"games": 5, "wins": 1, "losses": 3, "draws": 1, "win_rate": 0.3,
                    "ci95": [round(1 - hi, 3), round(1 - lo, 3)]}
    three = res["pairs"]["search vs random"]  # A won game 0, lost 1, drew 2
    lo, hi = wilson(1.5, 3)
    assert three == {"games": 3, "wins": 1, "losses": 1, "draws": 1, "win_rate": 0.5,
                     "ci95": [round(1 - hi, 3), round(1 - lo, 3)]}
    assert res["pairs"]["search vs greedy"] == three
    assert list(res["pairs"]) == ["greedy vs random", "search vs random", "search vs greedy"]
    expected = fit_ratings({("greedy", "random"): 0.3, ("search", "random"): 0.5, ("search", "greedy"): 0.5},
                           ["random", "greedy", "search"])
    assert res["ratings"] == expected and expected["random"] == ANCHOR and expected["greedy"] < ANCHOR
    assert res["decks"] == ["fluxx5", "creeper"]
    assert res["seats"] == "A B A B, who starts rotated evenly"
    assert isinstance(res["seconds"], float) and 0 <= res["seconds"] < 60
    assert said == [f"{name}: {res['pairs'][name]}" for name in res["pairs"]]


def test_the_ladder_in_processes_plays_the_same_games():
    """--jobs N plays each pair's games in N processes: the same games, so
    the same counts, as in one."""
    one = run_ladder(3, 0, ("fluxx5",), jobs=1, bots=("random", "random"))
    two = run_ladder(3, 0, ("fluxx5",), jobs=2, bots=("random", "random"))
    assert one["pairs"] == two["pairs"] and one["pairs"]["random vs random"]["games"] == 3
    assert [play_pair_game(("random", "random", k, ("fluxx5",)))[1] for k in range(3)].count(0.5) \
        == one["pairs"]["random vs random"]["draws"]


def test_the_ladders_command_line(monkeypatch, tmp_path, capsys):
    import solo.tools.ladder as ladder
    calls = []

    def fake(games, search_games, decks, jobs, progress=None):
        calls.append((games, search_games, decks, jobs))
        progress("greedy vs random: done")
        return {"ratings": {"random": 1000}, "n": [1, 2]}
    monkeypatch.setattr(ladder, "run_ladder", fake)
    monkeypatch.setattr(ladder, "LADDER_FILE", tmp_path / "ladder.json")
    assert ladder.main([]) == 0
    out, err = capsys.readouterr()
    assert calls[-1] == (1000, 200, ("fluxx5",), 1)
    assert out == json.dumps({"ratings": {"random": 1000}, "n": [1, 2]}, indent=1) + "\n"
    assert err == "greedy vs random: done\n"
    assert not (tmp_path / "ladder.json").exists()  # written only with --write
    assert ladder.main(["--games", "7", "--search-games", "2", "--decks", "fluxx5,creeper", "--jobs", "3",
                        "--write", "--json"]) == 0
    out, err = capsys.readouterr()
    assert calls[-1] == (7, 2, ("fluxx5", "creeper"), 3)
    assert out == json.dumps({"ratings": {"random": 1000}, "n": [1, 2]}) + "\n"
    assert (tmp_path / "ladder.json").read_text() == json.dumps({"ratings": {"random": 1000}, "n": [1, 2]},
                                                                indent=1) + "\n"
    with pytest.raises(SystemExit):
        ladder.main(["--help"])
    out, _err = capsys.readouterr()
    assert out.startswith("usage: python -m solo.tools.ladder")
    # the description is the docstring's first paragraph, not its usage line
    assert "The bots' strength ladder:" in out and "python -m solo.tools.ladder [--games" not in out


def test_the_ladder_hands_each_pair_to_a_pool_of_jobs_processes(monkeypatch):
    """With --jobs above 1 each pair's games go to a process pool of that
    many workers, in chunks of an eighth of a worker's share (at least one);
    the clock is read around the whole ladder."""
    import concurrent.futures
    import types

    import solo.tools.ladder as ladder
    _fake_games(monkeypatch)
    pools = []

    class Pool:
        def __init__(self, max_workers=None):
            pools.append([max_workers])

        def __enter__(self):
            return self

        def __exit__(self, *_exc):
            return False

        def map(self, fn, work, chunksize=1):
            pools[-1].append(chunksize)
            return [fn(w) for w in work]
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    clock = iter([100.0, 112.345, 0.0, 0.0])
    monkeypatch.setattr(ladder, "time", types.SimpleNamespace(perf_counter=lambda: next(clock)))
    res = run_ladder(17, 32, ("fluxx5",), jobs=2, bots=("random", "greedy", "search"))
    assert pools == [[2, 1], [2, 2], [2, 2]]  # 17 // 16 and 32 // 16 games a chunk
    # A won 11.5 of the 17 games of the first pair: B's rate to three places
    assert res["pairs"]["greedy vs random"]["win_rate"] == 0.324
    assert res["seconds"] == 12.3
    pools.clear()
    run_ladder(17, 0, ("fluxx5",), jobs=1, bots=("random", "greedy"))
    assert pools == []  # one job: no pool


def test_the_ladders_options_say_what_they_do(capsys):
    import re

    import solo.tools.ladder as ladder
    with pytest.raises(SystemExit):
        ladder.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for words in ("games for each pair without the search bot", "games for each pair with the search bot",
                  "comma-separated deck ids (default: fluxx5)", "write the ratings to ladder.json"):
        assert words in out
    assert re.search(r"--jobs JOBS processes\b", out)


def test_the_first_games_of_random_against_greedy_are_pinned():
    """The games are deterministic (seed k, bot seeds 7k + seat): the first
    sixteen results of random against greedy, as the ladder counts them."""
    got = [play_pair_game(("random", "greedy", k, ("fluxx5",))) for k in range(16)]
    assert got == [(k, 1.0 if k in (4, 5, 13, 14) else 0.0) for k in range(16)]


def test_a_pair_game_scores_the_winning_seats_side_with_no_clock(monkeypatch):
    """Each seat's bot (here one whose answer turns with the count of
    decisions, so that Rock-Paper-Scissors ends) has its clock taken away; the share is 1 when a seat of A's wins, 0 when B's does,
    whichever seat that is, seat 0 included."""
    from engine.game import Game
    made = []

    class First:
        def __init__(self, name, seed):
            self.name, self.seed, self.ms = name, seed, 250
            made.append(self)

        def choose(self, g):
            assert self.ms is None  # a fixed budget: the same games on every machine
            return turning(g)

    def turning(g):
        some = g.prompt.legal_answers(limit=3)
        return some[g.decisions % len(some)]
    monkeypatch.setattr("solo.tools.ladder.make_bot", First)
    seen = set()
    for k in range(12):
        made.clear()
        share = play_pair_game(("a", "b", k, ("fluxx5",)))
        assert [(b.name, b.seed) for b in made] == [(n, 7 * k + s) for s, n in enumerate(seats_for("a", "b", k))]
        g = Game.new(("fluxx5",), 4, "standard", k, record=False)
        while not g.over:
            g.push(turning(g))
        side = seats_for("a", "b", k)[g.winner] if g.winner >= 0 else None
        assert share == (k, {"a": 1.0, "b": 0.0, None: 0.5}[side])
        seen.add(g.winner)
    assert 0 in seen and len(seen) >= 3, seen  # seat 0 among the winners, and both sides


def test_a_perfect_record_keeps_its_interval_inside_0_and_1():
    """At n wins of n the formula's upper end comes out a hair over 1 in
    floating point for many n: the interval is clamped to [0, 1]."""
    for n in range(1, 300):
        lo, hi = wilson(n, n)
        assert 0.0 <= lo <= hi <= 1.0, n
        lo, hi = wilson(0, n)
        assert 0.0 <= lo <= hi <= 1.0, n


def test_ratings_fit_a_chain_of_pairs_with_some_pairs_missing():
    """Only neighbours met (a-b, b-c, c-d): the gaps add up along the chain."""
    p = lambda gap: 1 / (1 + 10 ** (-gap / 400))  # noqa: E731
    pairs = {("b", "a"): p(100), ("c", "b"): p(50), ("d", "c"): p(30)}
    assert fit_ratings(pairs, ["a", "b", "c", "d"]) == {"a": ANCHOR, "b": ANCHOR + 100, "c": ANCHOR + 150,
                                                         "d": ANCHOR + 180}
