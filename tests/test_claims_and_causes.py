"""Classes the mutant catalogue found unpinned (issue 39, item 3), each held
by a test of the rule rather than a pinned number: the card that ends a
turn is named, exactly, by the turn's end (mutant T2 put a seat's number
there); and verify refuses every claim of a run file that is wrong (mutant
R3 dropped the decks from the daily claim)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.game import Game

from .helpers import run_cli

ENDS_TURN = {"time_portal", "get_on_with_it", "swap_plays_for_draws"}  # the cards that end a turn early


def test_a_turn_ended_by_a_card_names_that_card_and_it_was_just_used():
    seen = 0
    for decks, n in ((("fluxx5", "creeper-pack"), 3), (("voyager",), 3), (("voyager",), 4), (("fluxx5",), 2)):
        for seed in range(40):
            g = Game.new(decks, n, "standard", seed)
            bot = make_bot("random", seed)
            used: list[int] = []  # the cards played or used this turn
            while not g.over:
                for e in g.push(bot.choose(g)):
                    if e.kind in ("play", "free_action"):
                        used.append(e.card)
                    elif e.kind == "turn_end":
                        if e.card >= 0:  # ended by a card: that card, which ends turns, used this turn
                            assert g.db.cards[e.card].effect in ENDS_TURN, (g.db.cards[e.card].name, e.data)
                            assert e.card in used, (g.db.cards[e.card].name, [g.name(c) for c in used])
                            seen += 1
                        used = []
    assert seen >= 20, seen


ROOT = Path(__file__).resolve().parents[1]


def saved_runs(tmp_path: Path, *args: str) -> Path:
    folder = tmp_path / "runs"
    r = subprocess.run([sys.executable, "-m", "solo.cli", "sim", "--games", "1", "--save-runs", str(folder), *args],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    (run,) = folder.glob("*.json")
    return run


def refused(tmp_path: Path, data: dict, words: str) -> None:
    f = tmp_path / "claim.json"
    f.write_text(json.dumps(data))
    r = run_cli("verify", f)
    said = r.stdout + r.stderr
    assert r.returncode == 1 and words in said, said


@pytest.fixture(scope="module")
def daily_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One daily run saved by ``sim`` (made once: each claim test changes a copy of its data)."""
    return saved_runs(tmp_path_factory.mktemp("daily"), "--daily", "2026-11-30")


def test_a_daily_run_as_saved_is_verified(daily_run):
    assert run_cli("verify", daily_run).returncode == 0


@pytest.mark.parametrize("claim, change, words", [
    ("decks", {"decks": ["fluxx5", "creeper-pack"]}, "which is Solo Fluxx with fluxx5"),
    ("variant", {"variant": "standard", "players": 2}, "which is Solo Fluxx with fluxx5"),
    ("players", {"players": 2}, "which is Solo Fluxx with fluxx5"),
    ("seed", {"seed": 12345}, "whose seed is"),
    ("daily date", {"daily": "2026-11-29"}, "whose seed is"),
    ("daily, no date", {"daily": "someday"}, "at 'daily'"),
    ("daily, no such day", {"daily": "2026-02-30"}, "which is not a date"),
    ("score", "score+1", "the recorded score is"),
    ("turns", "turns+1", "the recorded turns are"),
    ("answers cut short", "answers-1", "the run ends before the game does"),
])
def test_every_wrong_claim_of_a_daily_run_is_refused(tmp_path, daily_run, claim, change, words):
    data = json.loads(daily_run.read_text())
    if change == "score+1":
        data["score"] += 1
    elif change == "turns+1":
        data["turns"] += 1
    elif change == "answers-1":
        data["answers"] = data["answers"][:-1]
    else:
        data.update(change)
    refused(tmp_path, data, words)


def a_game_against_bots(seed: int = 5) -> dict:
    """A run file of a game against bots as the app writes one: seat 0 a
    player (here the random bot stands in), the others greedy bots, seats named."""
    from engine.bots import answer_for
    from engine.runfile import ENGINE_VERSION, RUN_FORMAT, answer_to_json
    seats = ["human", "greedy", "greedy"]
    g = Game.new(("fluxx5",), 3, "standard", seed)
    me = make_bot("random", seed)
    answers = []
    while not g.over:
        a = me.choose(g) if g.prompt.player == 0 else answer_for(g, seats[g.prompt.player])
        answers.append(answer_to_json(g, a))
        g.push(a)
    return {"format": RUN_FORMAT, "engine": ENGINE_VERSION, "variant": "standard", "decks": ["fluxx5"], "players": 3,
            "seed": seed, "answers": answers, "turns": g.turn, "winner": g.winner if g.winner >= 0 else None,
            "end": g.end, "seats": seats}


@pytest.mark.parametrize("claim", ["seats", "a bot's answer", "winner", "end", "seed"])
def test_every_wrong_claim_of_a_game_against_bots_is_refused(tmp_path, claim):
    from engine.runfile import answer_from_json, answer_to_json
    data = a_game_against_bots()
    f = tmp_path / "good.json"
    f.write_text(json.dumps(data))
    ok = run_cli("verify", f)
    assert ok.returncode == 0 and "bot answers are the bots' own" in ok.stdout, ok.stdout + ok.stderr
    if claim == "seats":  # another bot said to have sat there: the answers are not that bot's
        data["seats"] = ["human", "random", "random"]
        refused(tmp_path, data, "is the random bot, which answers")
    elif claim == "a bot's answer":  # one bot answer swapped for another legal one, the game played on from it
        from engine.bots import answer_for
        g = Game.new(("fluxx5",), 3, "standard", data["seed"])
        answers = []
        for j in data["answers"]:
            a = answer_from_json(g, j)
            others = [b for b in g.prompt.legal_answers(limit=20) if b != a]
            if g.prompt.player != 0 and others:
                a = others[0]
                break
            answers.append(j)
            g.push(a)
        me = make_bot("random", 1)
        while True:
            answers.append(answer_to_json(g, a))
            g.push(a)
            if g.over:
                break
            a = me.choose(g) if g.prompt.player == 0 else answer_for(g, data["seats"][g.prompt.player])
        data.update(answers=answers, turns=g.turn, winner=g.winner if g.winner >= 0 else None, end=g.end)
        refused(tmp_path, data, "is the greedy bot, which answers")
    elif claim == "winner":
        data["winner"] = 2 if data["winner"] != 2 else 1
        refused(tmp_path, data, "the recorded winner is")
    elif claim == "end":
        data["end"] = "game.repetition" if data["end"] != "game.repetition" else "win.goal"
        refused(tmp_path, data, "")
    else:
        data["seed"] += 1
        refused(tmp_path, data, "")
