"""The draw rules (engine.draws): every standard game ends, by a win or by a
told draw, and the draw is a result of its own everywhere a result goes."""
from __future__ import annotations

import json

import pytest

from engine import draws, positions
from engine.answers import replay as replay_answers
from engine.game import Game
from engine.runfile import replay, run_from_data
from engine.sim import play_game, run_sim

DRAWN = (("voyager",), 4, "standard", 59, "greedy")  # greedy bots go round: drawn by repetition at turn 46


def test_a_position_back_a_third_time_ends_the_game_drawn_and_the_tutor_says_why():
    from tutor.explain import Explainer
    res = play_game(*DRAWN, keep_answers=True)
    assert res["over"] and res["winner"] == -1 and res["turns"] == 46
    run = res["run"]
    assert run["winner"] is None and run["end"] == "game.repetition"
    g = replay(run_from_data(run, "a sim run"), record=True)
    over = [e for e in g.log if e.kind == "game_over"]
    assert [(e.rule, e.player) for e in over] == [("game.repetition", -1)]
    a, b = over[0].data["turns"]
    assert a < b < 46
    # the position is the same at those turns' starts: the keys kept turn by turn (one a turn,
    # from turn 1; the game ended as turn 47 began) at the turns named are the key of the position it ended in
    now = positions.key(draws.position(g, draws.in_play(g)))
    keys = g.to_dict()["seen"]
    assert len(keys) == 46 and keys[a - 1] == keys[b - 1] == now and keys.count(now) == 2
    line = Explainer("brief").explain(g, over[0]).text
    assert "drawn" in line and f"turns {a} and {b}" in line and "project's reading" in line


def test_the_position_leaves_out_the_generator_and_the_decision_count():
    g = Game.new(("fluxx5",), 3, "standard", 5, record=False)
    play = draws.in_play(g)
    key = positions.key(draws.position(g, play))
    g.rng ^= 12345
    g.decisions += 7
    assert positions.key(draws.position(g, draws.in_play(g))) == key
    g.hands[0].reverse()  # a hand is a set of cards: its order is no part of the position
    assert positions.key(draws.position(g, draws.in_play(g))) == key
    g.draw.reverse()  # the draw pile's order is what comes next: it is
    assert positions.key(draws.position(g, draws.in_play(g))) != key


def test_rounds_with_nothing_new_in_play_end_the_game_drawn():
    """No progress: a turn starts with what is in play as the last turn start
    had it, NO_PROGRESS_ROUNDS full rounds in a row."""
    g = Game.new(("fluxx5",), 2, "standard", 8)
    while g.prompt.kind != "turn" or g.prompt.player != g.active:
        g.push(g.legal_answers()[0])
    cap = draws.NO_PROGRESS_ROUNDS * g.nplayers
    g.seen_play = [positions.key(draws.in_play(g))]
    g.stale = cap - 1
    g.stack.append(("start_turn",))
    g.prompt = None
    g._run()
    assert g.over and g.winner == -1 and g.end == "game.no-progress"
    assert g.log[-1].kind == "game_over" and g.log[-1].data["rounds"] == draws.NO_PROGRESS_ROUNDS


def test_something_new_in_play_starts_the_count_again():
    g = Game.new(("fluxx5",), 2, "standard", 8, record=False)
    g.seen_play = [12345]  # another table than this one
    g.stale = 17
    assert not draws.ends_drawn(g)
    assert g.stale == 0 and [positions.key_of(x) for x in g.seen_play] == [12345, positions.key(draws.in_play(g))]


def test_a_game_still_going_after_the_longest_game_is_drawn():
    """The longest game: a game still going when LONGEST_ROUNDS full rounds
    have been played is drawn at the next turn's start, told."""
    g = Game.new(("fluxx5",), 2, "standard", 8)
    while g.prompt.kind != "turn" or g.prompt.player != g.active:
        g.push(g.legal_answers()[0])
    g.turn = draws.LONGEST_ROUNDS * g.nplayers
    g.stack.append(("start_turn",))
    g.prompt = None
    g._run()
    assert g.over and g.winner == -1 and g.end == "game.long"
    assert g.log[-1].kind == "game_over" and g.log[-1].data["rounds"] == draws.LONGEST_ROUNDS


@pytest.mark.slow
def test_the_games_that_ran_into_the_old_guard_end_by_the_rules():
    """Voyager, four greedy seats: seeds 240 and 660 ran past 400 turns (the
    sim's old cap) with a seat holding every card and a Malfunction coming
    straight back each turn while the others had nothing; let run, one is
    won at turn 1015 and the other comes round a third time at turn 1012."""
    won = play_game(("voyager",), 4, "standard", 240, "greedy")
    assert won["over"] and won["winner"] == 0 and won["end"] == "win.goal" and won["turns"] == 1015
    drawn = play_game(("voyager",), 4, "standard", 660, "greedy")
    assert drawn["over"] and drawn["winner"] == -1 and drawn["end"] == "game.repetition"


def test_a_stale_count_only_grows_on_states_already_seen():
    g = Game.new(("fluxx5",), 2, "standard", 8, record=False)
    here = positions.key(draws.in_play(g))
    g.seen_play = [111, here, 222]  # this table stood at an earlier turn's start
    g.stale = 5
    assert not draws.ends_drawn(g)
    assert g.stale == 6 and g.seen_play == [111, here, 222]


def test_a_drawn_game_round_trips_through_json_with_its_count():
    res = play_game(*DRAWN, keep_answers=True)
    run = run_from_data(res["run"], "a sim run")
    half = run.model_copy(update={"answers": run.answers[:len(run.answers) // 2]})
    g = replay(half, record=False)
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back.to_dict() == g.to_dict() and back.stale == g.stale


def test_a_game_loaded_with_keys_ends_where_the_game_played_straight_did():
    """A loaded save holds keys, not positions (engine.draws): the turns
    after it look positions up by key, and the repetition is found at the
    same turn, naming the same turns, as in the game played without a stop."""
    res = play_game(*DRAWN, keep_answers=True)
    run = run_from_data(res["run"], "a sim run")
    straight = replay(run, record=True)
    for cut in (len(run.answers) // 3, len(run.answers) // 2, len(run.answers) - 2):
        g = replay(run.model_copy(update={"answers": run.answers[:cut]}), record=False)
        back = Game.from_dict(json.loads(json.dumps(g.to_dict())), record=True)
        assert all(type(k) is int for k in back.seen)
        replay_answers(back, run.answers[cut:])
        assert back.over and back.end == "game.repetition" and back.turn == straight.turn
        assert back.log[-1].data["turns"] == straight.log[-1].data["turns"]
        assert back.to_dict() == straight.to_dict()


def test_sim_counts_draws_under_none_and_its_guard_as_an_error(monkeypatch):
    import engine.sim as sim
    out = run_sim(("voyager",), 4, "standard", 3, 59, "greedy")
    assert out["errors"] == 0 and out["wins"].get("none", 0) >= 1
    monkeypatch.setattr(sim, "TURN_CAP", 5)  # a guard no game may reach: reaching it is an error
    errs: list[str] = []
    out = run_sim(("fluxx5",), 2, "standard", 2, 1, "random", err=errs.append)
    assert out["errors"] == 2 and all("guard" in e for e in errs)


def test_a_drawn_game_is_a_result_of_its_own_in_the_history_and_the_stats(tmp_path):
    from solo.store import Store
    from solo.store.seats import run_result
    res = play_game(*DRAWN, keep_answers=True)
    g = replay(run_from_data(res["run"], "a sim run"), record=False)
    s = Store(tmp_path / "s.sqlite3")
    seats = ["human", "greedy", "greedy", "greedy"]
    s._archive((59, json.dumps(["voyager"]), None, "2026-12-02T10:00:00", json.dumps(res["run"]["answers"]), 0),
               None, g.turn, "finished", "standard", 4, seats, ending=g.end)
    [r] = s.runs()
    assert r["winner"] is None and r["ending"] == "game.repetition"
    assert run_result(r).startswith("drawn")
    st = s.bot_stats()
    assert (st["played"], st["won"], st["drawn"]) == (1, 0, 1)
    # the same game saved answer by answer, as the app files it: the ending goes into the history too
    from engine.answers import from_json
    t = Store(tmp_path / "t.sqlite3")
    h = Game.new(*DRAWN[:4])
    t.start(h, slot="standard", extra={"seats": seats})
    answers: list = []
    for j in res["run"]["answers"]:
        h.push(from_json(h, j))
        answers.append(j)
        t.save(h, answers, slot="standard")
    [r] = t.runs()
    assert h.over and r["winner"] is None and r["ending"] == "game.repetition" and run_result(r).startswith("drawn")


def test_verify_and_replay_json_tell_a_draw(tmp_path, capsys):
    from solo.cli import main
    res = play_game(*DRAWN, keep_answers=True)
    f = tmp_path / "drawn.json"
    f.write_text(json.dumps(res["run"]))
    assert main(["verify", str(f)]) == 0
    assert "a draw, game.repetition" in capsys.readouterr().out
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(dict(res["run"], winner=0)))
    assert main(["verify", str(forged)]) == 1
    assert capsys.readouterr().out.strip().endswith(
        ": the recorded winner is p0, the replay's is no winner (game.repetition)")
    assert main(["replay", str(f), "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    over = [e for r in rows for e in r["events"] if e["event"] == "game_over"]
    assert over == [{"event": "game_over", "rule": "game.repetition", "player": -1, "card": None,
                     "winner": None, "end": "game.repetition"}]
    assert main(["replay", str(f), "--explain", "--json"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    last = [r for r in rows if r.get("event") == "game_over"]
    assert last and last[0]["winner"] is None and last[0]["end"] == "game.repetition"


def test_a_free_action_going_round_within_a_turn_ends_the_game_drawn():
    """The tracker's loop: both piles empty and Death the only card on the
    table; discarding it (its own free action) draws it straight back, so
    the turn comes back to the same position; the third time the game is
    drawn, told with the card (before, a greedy bot did it forever and sim
    hit its guard: Fluxx 5.0 with the Creeper Pack, four greedy seats, seed
    444 and nine more of the first 1,400 seeds)."""
    from tutor.explain import Explainer
    res = play_game(("fluxx5", "creeper-pack"), 4, "standard", 444, "greedy", keep_answers=True)
    assert res["over"] and res["winner"] == -1 and res["end"] == "game.repetition-in-turn", res
    g = replay(run_from_data(res["run"], "a sim run"))
    last = g.log[-1]
    assert last.kind == "game_over" and g.name(last.data["loop_card"]) == "Death"
    assert Explainer().explain(g, last).text.startswith(
        "The game is drawn: Death was played or used from the same position a third time this turn")
    # the position is counted within the turn only (the list starts afresh each turn)
    keys = g.to_dict()["seen_free"]
    assert len(keys) == 3 and keys[-1] == keys[-2] != keys[0]


def test_plays_going_round_within_a_turn_end_the_game_drawn():
    """Voyager under Play All with both piles empty: Jackpot! draws the
    Distress Call just discarded, Distress Call draws the Jackpot! back,
    and the turn never ends (seeds 2544 and 4886 of four greedy seats ran
    into sim's guard this way). Past LOOP_WATCH plays in a turn every play
    is watched: the third time a play is made from the same position, the
    game is drawn."""
    from .helpers import table
    g = table("""
decks = ["voyager"]
players = 2
[setup]
rules = ["Play All"]
hands = [["Jackpot!", "Distress Call"], ["Coffee"]]
tables = [["Holodeck"], []]
""")
    g.played = draws.LOOP_WATCH  # a long turn already
    jackpot, call = g.db.find("Jackpot!"), g.db.find("Distress Call")
    for c in (jackpot, call, jackpot, call, jackpot):
        g.push(("play", c))
        assert not g.over
    g.push(("play", call))  # Distress Call from the same position a third time
    assert g.over and g.winner == -1 and g.end == "game.repetition-in-turn"
    assert g.log[-1].data["loop_card"] == call and g.turn == 1


def test_the_in_turn_loop_key_counts_the_free_actions_used():
    """A position met again within a turn is the same only when the same free
    actions are used up too: with one more used, less can still be done, so
    the turn is not going round. Three times at one position with the used
    list growing is no loop; three times with it unchanged is."""
    from .helpers import table
    g = table("""
decks = ["fluxx5"]
players = 2
[setup]
hands = [["Cookies"], ["Milk"]]
tables = [["Bread"], []]
""")
    c = g.db.find("Cookies")
    g.used = []
    assert not draws.loops_in_turn(g, c)
    g.used = [g.db.find("Recycling")]
    assert not draws.loops_in_turn(g, c)
    g.used = [g.db.find("Recycling"), g.db.find("Swap Plays for Draws")]
    assert not draws.loops_in_turn(g, c) and not g.over  # three positions, each with its own free actions used
    assert not draws.loops_in_turn(g, c)                 # the last one a second time
    assert draws.loops_in_turn(g, c) and g.over and g.end == "game.repetition-in-turn"  # and a third


def test_a_position_is_found_again_only_when_equal_and_by_key_after_a_load():
    """engine.positions: the hash is a quick filter only (two positions with
    one hash are two positions); a loaded save's keys are matched by key."""
    a, b = (1, (2, 3)), (1, (2, 4))
    assert positions.times([(7, a), (7, a)], (7, a)) == 2
    assert positions.times([(7, a), (7, a)], (7, b)) == 0  # the same hash, not the same position
    here = positions.held(a)
    loaded = [positions.key(a), 99, positions.key(b)]
    assert positions.times(loaded + [here], here) == 2  # once as a key, once as itself
    assert positions.times([here], here) == 1 and positions.times([99], here) == 0
    assert [positions.key_of(x) for x in loaded + [here]] == loaded + [positions.key(a)]
