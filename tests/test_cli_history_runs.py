"""replay, export, verify and history on runs of the history, in process:
games against bots told by their seats' names, a win by seat 0 told as a
win (seat 0 is a seat, not "nobody"), a damaged record refused in one
sentence that names the command and the run, the exported file's form, and
verify's sentence for each way a recorded result can be wrong."""
from __future__ import annotations

import json
import sqlite3

import pytest

from engine.answers import to_json
from engine.bots import answer_for
from engine.game import Game
from solo import cli
from solo.store import Store

from .helpers import first_choice

# two short games of you (the first option, always) against a random bot
YOU_WIN = 9     # seed: seat 0 wins, in 17 answers
BOT_WINS = 10   # seed: seat 1 wins, in 15 answers
SEATS = ["human", "random"]


def file_game(store: Store, seed: int, seats=SEATS) -> tuple[int, Game]:
    """A game against bots saved answer by answer as the app saves it; its id."""
    g = Game.new(("fluxx5",), len(seats), "standard", seed)
    store.start(g, slot="standard", extra={"seats": seats})
    done = []
    while not g.over:
        p = g.prompt.player
        a = first_choice(g) if seats[p] == "human" else answer_for(g, seats[p])
        done.append(to_json(g, a))
        g.push(a)
        store.save(g, done, slot="standard")
    return store.runs()[-1]["id"], g


@pytest.fixture
def home(monkeypatch, tmp_path):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def filed(home):
    s = Store()
    mine, g0 = file_game(s, YOU_WIN)
    theirs, g1 = file_game(s, BOT_WINS)
    s.close()
    assert (g0.winner, g1.winner) == (0, 1)
    return mine, theirs


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_of_a_history_run_names_the_winning_seat(capsys, filed):
    mine, theirs = filed
    code, out, _ = run(capsys, "replay", "--run", mine)
    assert code == 0 and out.splitlines()[-1] == "result: winner p0 (You)"
    code, out, _ = run(capsys, "replay", "--run", theirs)
    assert code == 0 and out.splitlines()[-1] == "result: winner p1 (Ada (random))"


def test_replay_explain_tells_the_seats_by_name(capsys, filed):
    mine, _ = filed
    code, out, _ = run(capsys, "replay", "--run", mine, "--explain")
    assert code == 0 and "Ada " in out and "Player 2" not in out
    assert out.splitlines()[-1] == "result: winner p0 (You)"


def test_replay_json_says_seat_0_won(capsys, filed):
    mine, theirs = filed
    for rid, seat in ((mine, 0), (theirs, 1)):
        code, out, _ = run(capsys, "replay", "--run", rid, "--json")
        rows = [json.loads(ln) for ln in out.splitlines()]
        over = [e for r in rows for e in r["events"] if e["event"] == "game_over"]
        assert code == 0 and len(over) == 1 and (over[0]["winner"], over[0]["end"]) == (seat, "win.goal")
        code, out, _ = run(capsys, "replay", "--run", rid, "--json", "--explain")
        over = [r for r in map(json.loads, out.splitlines()) if r.get("event") == "game_over"]
        assert code == 0 and len(over) == 1 and (over[0]["winner"], over[0]["end"]) == (seat, "win.goal")


def test_a_missing_run_is_named_by_the_command(capsys, home):
    for cmd, extra in (("replay", ["--run", "99"]), ("export", ["99", str(home.parent / "x.json")])):
        code, out, err = run(capsys, cmd, *extra)
        assert code == 1 and err.strip() == (f"solo-fluxx {cmd}: there is no run 99 in the history "
                                              "(solo-fluxx history lists them)")


def damage(home, rid: int, change) -> None:
    """Rewrite the stored record of run ``rid`` (the history's JSON) with ``change``."""
    db = sqlite3.connect(home / "solo-fluxx.sqlite3")
    (text,) = db.execute("SELECT run FROM runs WHERE id=?", (rid,)).fetchone()
    data = json.loads(text)
    change(data)
    db.execute("UPDATE runs SET run=? WHERE id=?", (json.dumps(data), rid))
    db.commit()
    db.close()


def test_a_damaged_record_is_one_sentence_naming_the_run(capsys, home, filed):
    mine, _ = filed
    damage(home, mine, lambda d: d["answers"].__setitem__(2, ["play", "No Such Card"]))
    code, out, err = run(capsys, "replay", "--run", mine)
    assert code == 1 and err.startswith(f"solo-fluxx replay: run {mine}: step 3: ") and len(err.splitlines()) == 1
    code, out, err = run(capsys, "export", mine, str(home.parent / "x.json"))
    assert code == 1 and err.startswith(f"solo-fluxx export: run {mine} does not verify, so it is not exported: "
                                        "step 3: ")
    assert not (home.parent / "x.json").exists()
    damage(home, mine, lambda d: d.__setitem__("answers", [17]))  # an answer that is not one at all
    for argv in (["replay", "--run", mine], ["export", mine, str(home.parent / "x.json")]):
        code, out, err = run(capsys, *argv)
        assert code == 1 and f"run {mine}: at 'answers.0'" in err and "None" not in err, err


def test_export_writes_an_indented_file_and_will_not_overwrite(capsys, home, filed):
    mine, _ = filed
    f = home.parent / "run.json"
    code, out, err = run(capsys, "export", mine, f)
    text = f.read_text()
    assert code == 0 and text == json.dumps(json.loads(text), indent=1) + "\n"
    code, out, err = run(capsys, "export", mine, f)
    assert code == 1 and f"{f} already exists; give --force" in err
    code, out, err = run(capsys, "export", mine, home)  # a folder: the sentence says what was being written
    assert code == 1 and err.strip().endswith("give another name for the run file")


# ------------------------------------------------------------ verify's sentences
def forged(capsys, home, filed, **change) -> str:
    mine, theirs = filed
    f = home.parent / "run.json"
    f.unlink(missing_ok=True)
    assert run(capsys, "export", change.pop("rid", mine), f)[0] == 0
    data = json.loads(f.read_text())
    data.update(change)
    f.write_text(json.dumps(data))
    code, out, err = run(capsys, "verify", f)
    assert code == 1 and not err
    return out.strip().removeprefix(f"solo-fluxx verify: {f}: ")


def test_verify_says_which_winner_was_recorded_and_which_replayed(capsys, home, filed):
    assert forged(capsys, home, filed, winner=None) == "the recorded winner is no winner (a draw), the replay's is p0"
    assert forged(capsys, home, filed, winner=1) == "the recorded winner is p1, the replay's is p0"
    assert forged(capsys, home, filed, rid=filed[1], winner=0) == "the recorded winner is p0, the replay's is p1"


def test_verify_of_an_older_engines_run_keeps_the_reason(capsys, home, filed):
    said = forged(capsys, home, filed, winner=1, engine="0.1.0")
    assert said.startswith("the recorded winner is p1, the replay's is p0 (the run was recorded by engine 0.1.0 "
                           "and this is engine ")


def test_check_run_gives_nothing_else_with_its_reason(home, filed):
    from engine.runfile import run_from_data
    data = Store(reading=True).run_file(filed[0])
    why, shown, g = cli.check_run(run_from_data(dict(data, winner=1), "x"))
    assert why and (shown, g) == ("", None)
    why, shown, g = cli.check_run(run_from_data(data, "x"))
    assert why == "" and shown.startswith("winner p0") and g.over


# ------------------------------------------------------------ history
def test_history_names_each_runs_mode_in_id_order(capsys, home):
    s = Store()
    file_game(s, BOT_WINS)
    g = Game.new(("fluxx5",), 1, "solo", 3)
    s.start(g)
    s.save(g, [])
    day = "2026-02-03"
    for seed in (5, 6):  # the date's first attempt is scored; the next is practice
        g = Game.new(("fluxx5",), 1, "solo", seed)
        s.start(g, daily=day)
        s.save(g, [])
    s.start(Game.new(("fluxx5",), 1, "solo", 8))
    s.close()
    code, out, _ = run(capsys, "history")
    rows = out.splitlines()[1:]
    assert code == 0 and [int(r.split()[0]) for r in rows] == [1, 2, 3, 4]
    assert "against bots" in rows[0] and "free play" in rows[1] and "free play" not in rows[0]
    assert f"daily {day} " in rows[2] and "practice" not in rows[2]
    assert f"daily {day} (practice)" in rows[3]


def test_a_run_whose_history_row_is_damaged_still_exports_from_its_record(capsys, home, filed):
    """The history cannot show the row (its decks column is damaged), but the
    run's record is whole: export takes it as the finished game it records."""
    mine, _ = filed
    db = sqlite3.connect(home / "solo-fluxx.sqlite3")
    db.execute("UPDATE runs SET decks='not a list' WHERE id=?", (mine,))
    db.commit()
    db.close()
    ro = Store(reading=True)
    assert mine not in [r["id"] for r in ro.runs()] and "decks" in ro.unreadable[mine]
    ro.close()
    f = home.parent / "run.json"
    code, out, err = run(capsys, "export", mine, f)
    assert code == 0 and not err and run(capsys, "verify", f)[0] == 0


def test_replay_of_an_unfinished_run_says_it_stops_before_the_end(capsys, home):
    s = Store()
    g = Game.new(("fluxx5",), 2, "standard", BOT_WINS)
    s.start(g, slot="standard", extra={"seats": SEATS})
    done = []
    for _ in range(4):
        a = first_choice(g) if g.prompt.player == 0 else answer_for(g, "random")
        done.append(to_json(g, a))
        g.push(a)
    s.save(g, done, slot="standard")
    s.start(Game.new(("fluxx5",), 2, "standard", 1), slot="standard", extra={"seats": SEATS})  # abandons it
    s.close()
    code, out, _ = run(capsys, "replay", "--run", 1)
    assert code == 0 and out.splitlines()[-1] == "result: no winner (the run stops before the game ends)"
    code, out, err = run(capsys, "export", 1, home.parent / "x.json")
    assert code == 1 and err.strip() == ("solo-fluxx export: run 1 was abandoned before the game ended, so it "
                                         "has no result to verify; solo-fluxx replay --run 1 shows it step by step")


def test_replay_of_a_run_file_without_seats_names_the_seat_only(capsys, tmp_path):
    assert run(capsys, "sim", "--variant", "standard", "--players", "3", "--games", "1", "--seed", "9",
               "--save-runs", tmp_path)[0] == 0
    f = tmp_path / "run-standard-9.json"
    winner = json.loads(f.read_text())["winner"]
    code, out, _ = run(capsys, "replay", f)
    assert code == 0 and out.splitlines()[-1] == f"result: winner p{winner}"


def test_history_lists_runs_in_id_order_past_five_digits(capsys, home):
    """The ids are right-aligned in five columns: a sixth digit does not
    put run 100000 before run 99999."""
    s = Store()
    for seed in (1, 2, 3):
        s.start(Game.new(("fluxx5",), 1, "solo", seed))
    s.db.execute("UPDATE runs SET id = 100000 WHERE id = 1")
    s.db.execute("UPDATE runs SET id = 99999 WHERE id = 2")
    s.close()
    code, out, _ = run(capsys, "history")
    assert code == 0 and [int(r.split()[0]) for r in out.splitlines()[1:]] == [99999, 100000]
