"""The command-line contract of ../shared/CLI.md, checked in-process
(``solo.cli.main``) so that mutation testing reaches the command line.

Every option CLI.md lists either works here or is named in ``NOT_YET``
with the issue that builds it; every JSON key it lists is present; every
argument rule has a refusal (exit 2, one sentence on stderr, no
traceback); every other failure exits 1 with one sentence.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo import cli
from solo.variant.daily import daily_seed

ROOT = Path(__file__).resolve().parents[1]
SIM_KEYS = {"variant", "players", "decks", "bot", "games", "seconds", "games_per_second", "decisions",
            "decisions_per_second", "mean_score", "scores", "wins", "mean_turns", "errors",
            "first_deal_sha256"}
RUN_KEYS = {"format", "engine", "variant", "decks", "players", "seed", "answers"}

# Parts of CLI.md that later issues build, with their contract tests.
NOT_YET: dict[tuple[str, str], str] = {}  # (serve's options: issue 41, tested below and in tests/test_web.py)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *args: str, code: int = 2) -> str:
    got, out, err = run(capsys, *args)
    assert got == code, (args, got, out, err)
    assert "Traceback" not in out + err
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, (args, err)
    return lines[0]


# ------------------------------------------------------------ the listed options
def _cli_md() -> str:
    """The repo's copy of ../shared/CLI.md (tests/test_shared_copies.py keeps it current)."""
    return (ROOT / "tests" / "data" / "shared" / "CLI.md").read_text()


def listed_options() -> set[tuple[str, str]]:
    """(subcommand, option) for every `solo-fluxx ...` usage CLI.md shows."""
    text = _cli_md()
    out: set[tuple[str, str]] = set()
    usages = re.findall(r"`solo-fluxx ([^`]*)`", text)
    block = re.search(r"solo-fluxx sim (\[.*?)\n\n", text, re.S)
    usages.append("sim " + block.group(1))
    for u in usages:
        words = u.split()
        sub = words[0] if words and not words[0].startswith("-") and words[0] not in ("[N]",) else ""
        if sub == "deck":
            sub = "deck " + words[1]
        if sub.startswith("[") or sub.isupper():
            sub = ""
        opts = re.findall(r"--[a-z-]+", u)
        if not opts:
            out.add((sub, ""))
        for o in opts:
            out.add((sub, o))
    return out


def test_every_listed_option_is_accepted_or_named_as_not_yet_built():
    parser = cli.build_parser()
    subs = parser._subparsers._group_actions[0].choices
    missing = []
    for sub, opt in sorted(listed_options()):
        if (sub, opt) in NOT_YET:
            continue
        if sub == "":
            assert opt in ("", "--version") or opt in parser._option_string_actions, opt
            continue
        first, *rest = sub.split()
        if first not in subs:
            missing.append((sub, opt))
            continue
        sp = subs[first]
        if rest:
            sp = sp._subparsers._group_actions[0].choices[rest[0]]
        if opt and opt not in sp._option_string_actions:
            missing.append((sub, opt))
    assert not missing, f"CLI.md lists options that neither work nor are planned: {missing}"
    # and the plan is honest: what NOT_YET names is really not there yet
    for (sub, opt) in NOT_YET:
        if sub in subs and opt:
            assert opt not in subs[sub]._option_string_actions, f"{sub} {opt} exists now: test it and drop it from NOT_YET"


@pytest.mark.parametrize("sub", ["play", "text", "learn", "daily", "history", "sim", "scenario", "deck",
                                 "replay", "rules", "verify", "export", "serve"])
def test_every_subcommand_answers_help(capsys, sub):
    with pytest.raises(SystemExit) as e:
        cli.main([sub, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: solo-fluxx {sub}")


def test_every_command_and_option_says_what_it_does_in_help(capsys):
    import argparse
    parser = cli.build_parser()
    assert parser.description == "Solo Fluxx: the solitaire Fluxx, on a complete rules engine."
    seen = []

    def walk(p, path):
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                # a command added without help has no entry here at all
                assert [c.dest for c in a._choices_actions] == list(a.choices), f"a command of {path} has no help"
                for choice in a._choices_actions:
                    assert choice.help, f"'{' '.join(path + [choice.dest])}' has no help"
                for name, sp in a.choices.items():
                    assert isinstance(sp, cli.Parser)  # so its errors are one sentence, exit 2
                    walk(sp, path + [name])
            elif not isinstance(a, argparse._HelpAction):
                assert a.help, f"'{' '.join(path)} {a.option_strings or a.dest}' has no help"
                seen.append((" ".join(path), a.option_strings[0] if a.option_strings else a.dest))
    walk(parser, [])
    assert len(seen) == 45  # with play --variant, --players, --bot, sim --force, sim --jobs, --cluster, export --force, learn N, --list, --json, and serve --host, --port, --max-tabs, --public, --allow-host
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "Solo Fluxx: the solitaire Fluxx, on a complete rules engine." in out
    for name, text in [("play", "start a new game in the app"), ("sim", "play complete games with bots")]:
        assert name in out and text in out


def test_the_parser_of_one_command_parses_helps_and_refuses_as_the_whole_one(capsys):
    """A start builds only the parser of the command it names (cli.COMMANDS):
    for each command, the same parse, the same help and the same refusal."""
    import argparse
    full = cli.build_parser()
    subs = full._subparsers._group_actions[0].choices
    assert list(subs) == list(cli.COMMANDS)
    samples = {"play": [["play"], ["play", "--seed", "7", "--variant", "standard", "--players", "3", "--bot", "search"]],
               "sim": [["sim", "--games", "3", "--daily", "2026-01-02", "--jobs", "1"]],
               "deck": [["deck", "show", "fluxx5", "--json"], ["deck", "check", "x.toml"]],
               "replay": [["replay", "--run", "3", "--explain"]], "export": [["export", "2", "f.json", "--force"]]}
    for name in cli.COMMANDS:
        one = cli.build_parser(name)
        mine = one._subparsers._group_actions[0].choices
        assert list(mine) == [name]
        assert mine[name].format_help() == subs[name].format_help()
        for argv in samples.get(name, [[name, "x"] if name in ("scenario", "verify") else [name]]):
            assert vars(one.parse_args(argv)) == vars(full.parse_args(argv)), argv
        for bad in ([name, "--no-such-option"], [name, "--seed", "nope"], [name, "--json", "--json=1"]):
            said = []
            for p in (one, full):  # a refusal: the same sentence
                with pytest.raises(cli.UsageError) as e:
                    p.parse_args(bad)
                said.append(str(e.value))
            assert said[0] == said[1], bad
    assert cli.main(["play", "--players", "0"]) == 2 and "--players" in capsys.readouterr().err
    assert isinstance(full._subparsers._group_actions[0], argparse._SubParsersAction)


def test_every_command_parses_to_its_documented_defaults():
    p = cli.build_parser()
    fluxx5 = ["fluxx5"]
    assert vars(p.parse_args(["play"])) == {"cmd": "play", "seed": None, "decks": fluxx5, "variant": "solo",
                                            "players": None, "bot": None}
    assert vars(p.parse_args(["text"])) == {"cmd": "text", "seed": None, "decks": fluxx5}
    assert vars(p.parse_args(["learn"])) == {"cmd": "learn", "n": None, "list": False, "json": False}
    assert vars(p.parse_args(["daily"])) == {"cmd": "daily", "date": None}
    assert vars(p.parse_args(["history"])) == {"cmd": "history", "json": False}
    assert vars(p.parse_args(["sim"])) == {
        "cmd": "sim", "variant": "solo", "players": None, "decks": fluxx5, "games": 100, "seed": 0, "daily": None,
        "bot": "random", "jobs": None, "cluster": None, "save_runs": None, "force": False, "json": False}
    assert vars(p.parse_args(["replay", "r"])) == {"cmd": "replay", "run": "r", "explain": False, "json": False,
                                                    "run_id": None}
    assert vars(p.parse_args(["verify", "r"])) == {"cmd": "verify", "run": "r"}
    assert vars(p.parse_args(["scenario", "a", "b"])) == {"cmd": "scenario", "paths": ["a", "b"]}
    assert vars(p.parse_args(["rules"])) == {"cmd": "rules", "id": None, "json": False, "search": None}
    assert vars(p.parse_args(["deck", "check", "f"])) == {"cmd": "deck", "deck_cmd": "check", "file": "f"}
    assert vars(p.parse_args(["deck", "show", "d"])) == {"cmd": "deck", "deck_cmd": "show", "id": "d", "json": False}
    full = p.parse_args(["play", "--seed", "12", "--decks", "fluxx5, creeper-pack"])
    assert (full.seed, full.decks) == (12, ["fluxx5", "creeper-pack"])
    full = p.parse_args(["text", "--seed", "0", "--decks", "voyager"])
    assert (full.seed, full.decks) == (0, ["voyager"])
    assert p.parse_args(["daily", "--date", "2026-02-03"]).date == "2026-02-03"
    assert p.parse_args(["sim", "--games", "1000000000"]).games == 10**9
    with pytest.raises(cli.UsageError) as e:
        p.parse_args(["sim", "--games", "1000000001"])
    assert "1000000001 is out of range; it must be from 1 to 1000000000" in str(e.value)
    with pytest.raises(cli.UsageError) as e:
        p.parse_args(["sim", "--players", "0"])
    assert "0 is out of range; it must be from 1 to 1000000000" in str(e.value)


# ------------------------------------------------------------ sim
def test_sim_json_is_one_document_with_every_listed_key(capsys):
    code, out, err = run(capsys, "sim", "--games", "6", "--seed", "3", "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert SIM_KEYS <= set(d)
    assert d["variant"] == "solo" and d["players"] == 1 and d["decks"] == ["fluxx5"] and d["bot"] == "random"
    assert d["games"] == 6 and sum(d["scores"].values()) == 6 and d["wins"] == {}
    assert d["errors"] == 0 and d["decisions"] > 6 * 10 and d["mean_turns"] > 5
    assert d["mean_score"] == round(sum(int(k) * v for k, v in d["scores"].items()) / 6, 3)
    assert "daily" not in d


def test_sim_seed_is_the_first_games_seed(capsys, tmp_path):
    code, out, _ = run(capsys, "sim", "--games", "3", "--seed", "40", "--save-runs", str(tmp_path), "--json")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run-solo-40.json", "run-solo-41.json", "run-solo-42.json"]
    one = json.loads(run(capsys, "sim", "--games", "1", "--seed", "41", "--json")[1])
    assert one["first_deal_sha256"] != json.loads(out)["first_deal_sha256"]
    runs = [json.loads(p.read_text()) for p in sorted(tmp_path.iterdir())]
    assert [r["seed"] for r in runs] == [40, 41, 42]
    for r in runs:
        assert RUN_KEYS <= set(r) and "score" in r and "winner" not in r and "daily" not in r
        assert r["variant"] == "solo" and r["players"] == 1 and r["decks"] == ["fluxx5"]


def test_sim_daily_plays_that_dates_deal_and_says_so(capsys, tmp_path):
    code, out, _ = run(capsys, "sim", "--daily", "2026-11-29", "--games", "1", "--bot", "greedy",
                       "--save-runs", str(tmp_path), "--json")
    assert code == 0
    d = json.loads(out)
    assert d["daily"] == "2026-11-29"
    seeded = json.loads(run(capsys, "sim", "--seed", str(daily_seed("2026-11-29")), "--games", "1",
                            "--bot", "greedy", "--json")[1])
    assert d["first_deal_sha256"] == seeded["first_deal_sha256"]
    assert d["mean_score"] == seeded["mean_score"]
    (f,) = tmp_path.iterdir()
    r = json.loads(f.read_text())
    assert r["daily"] == "2026-11-29" and r["seed"] == daily_seed("2026-11-29")


def test_sim_standard_counts_wins_by_seat(capsys, tmp_path):
    code, out, _ = run(capsys, "sim", "--variant", "standard", "--players", "3", "--games", "5",
                       "--decks", "fluxx5,creeper-pack", "--bot", "greedy", "--save-runs", str(tmp_path), "--json")
    assert code == 0
    d = json.loads(out)
    assert d["variant"] == "standard" and d["players"] == 3 and d["decks"] == ["fluxx5", "creeper-pack"]
    assert d["bot"] == "greedy" and d["mean_score"] is None and d["scores"] == {}
    assert sum(d["wins"].values()) == 5 and set(d["wins"]) <= {"0", "1", "2", "none"}
    for f in tmp_path.iterdir():
        r = json.loads(f.read_text())
        assert RUN_KEYS <= set(r) and "winner" in r and "score" not in r and r["players"] == 3
        assert d["wins"].get(str(r["winner"]) if r["winner"] >= 0 else "none", 0) >= 1
    code, out, _ = run(capsys, "sim", "--variant", "standard", "--games", "2", "--json")
    assert json.loads(out)["players"] == 2  # the standard game's default table


def test_sim_counts_a_game_without_a_winner_under_none(capsys):
    """CLI.md: ``wins`` counts a game that ended without a winner under
    "none", never under a seat. Voyager, four greedy seats, seed 59: one of
    the three games is drawn."""
    code, out, _ = run(capsys, "sim", "--variant", "standard", "--players", "4", "--games", "3", "--seed", "59",
                       "--decks", "voyager", "--bot", "greedy", "--json")
    assert code == 0
    wins = json.loads(out)["wins"]
    assert wins.get("none", 0) >= 1 and sum(wins.values()) == 3
    assert set(wins) <= {"0", "1", "2", "3", "none"}


def test_sim_without_json_prints_every_key_on_its_own_line(capsys):
    code, out, _ = run(capsys, "sim", "--games", "2")
    assert code == 0
    keys = [ln.split()[0] for ln in out.splitlines()]
    assert SIM_KEYS <= set(keys) and len(keys) == len(out.splitlines())



# ------------------------------------------------------------ refusals: exit 2, one sentence
@pytest.mark.parametrize("args,words", [
    (["sim", "--games", "0"], "out of range"),
    (["sim", "--games", "x"], "not a whole number"),
    (["sim", "--games", str(10**9 + 1)], "out of range"),
    (["sim", "--seed", "x"], "not a whole number"),
    (["sim", "--seed", "-1"], "a seed is a whole number from 0 to 2^63-1"),
    (["sim", "--seed", str(2**63)], "a seed is a whole number from 0 to 2^63-1"),
    (["sim", "--decks", ""], "at least one deck"),
    (["sim", "--decks", ","], "at least one deck"),
    (["sim", "--decks", "nope"], "there is no deck 'nope'"),
    (["sim", "--decks", "voyager,fluxx5"], "cannot be played together"),
    (["sim", "--bot", "wizard"], "invalid choice"),
    (["sim", "--variant", "chess"], "invalid choice"),
    (["sim", "--variant", "solo", "--players", "3"], "Solo Fluxx has 1 player"),
    (["sim", "--players", "2"], "Solo Fluxx has 1 player"),
    (["sim", "--variant", "standard", "--players", "7"], "2 to 6 players, not 7"),
    (["sim", "--variant", "standard", "--players", "1"], "2 to 6 players, not 1"),
    (["sim", "--players", "0"], "out of range"),
    (["sim", "--daily", "2026-13-01"], "not a date of the form YYYY-MM-DD"),
    (["sim", "--daily", "2026-11-29", "--seed", "3"], "not allowed with argument"),
    (["daily", "--date", "yesterday"], "not a date of the form YYYY-MM-DD"),
    (["play", "--seed", "-5"], "a seed is a whole number"),
    (["play", "--decks", "nope"], "there is no deck 'nope'"),
    (["play", "--players", "3"], "--players and --bot are for a game against bots"),
    (["play", "--bot", "greedy"], "--players and --bot are for a game against bots"),
    (["play", "--variant", "standard", "--players", "7"], "2 to 6 players (you and 1 to 5 bots), not 7"),
    (["play", "--variant", "standard", "--players", "1"], "2 to 6 players (you and 1 to 5 bots), not 1"),
    (["play", "--variant", "standard", "--bot", "genius"], "invalid choice: 'genius'"),
    (["play", "--variant", "duel"], "unknown variant 'duel' (known: "),
    (["text", "--decks", "voyager,creeper-pack"], "cannot be played together"),
    (["frobnicate"], "invalid choice"),
    (["deck"], "say 'check FILE' or 'show ID'"),
    (["deck", "check"], "the following arguments are required: FILE"),
    (["scenario"], "the following arguments are required: PATH"),
    (["replay"], "give a run file or --run ID (not both)"),
    (["verify"], "the following arguments are required: RUN"),
    (["history", "--bogus"], "unrecognized arguments"),
])
def test_bad_arguments_exit_2_with_one_sentence(capsys, args, words):
    line = refused(capsys, *args)
    assert words in line, line
    assert line.startswith("solo-fluxx")


def test_sim_solo_with_one_player_is_fine(capsys):
    code, out, _ = run(capsys, "sim", "--players", "1", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["players"] == 1


# ------------------------------------------------------------ other failures: exit 1, one sentence
def test_failures_exit_1_with_one_sentence(capsys, tmp_path):
    missing = tmp_path / "missing.json"
    assert str(missing) in refused(capsys, "verify", str(missing), code=1)
    assert str(missing) in refused(capsys, "replay", str(missing), code=1)
    assert "there is no rule 'nope'" in refused(capsys, "rules", "nope", code=1)
    assert "did you mean solo.score" in refused(capsys, "rules", "score", code=1)
    assert "nope" in refused(capsys, "deck", "show", "nope", code=1)


# ------------------------------------------------------------ rules, deck, scenario
def test_rules_lists_every_entry_and_one_as_json(capsys):
    from tutor.reference import REFERENCE
    code, out, _ = run(capsys, "rules", "--json")
    entries = json.loads(out)
    assert code == 0 and [e["id"] for e in entries] == list(REFERENCE)
    for e in entries:
        assert {"id", "title", "text", "source", "kind"} <= set(e)
    code, out, _ = run(capsys, "rules", "solo.score", "--json")
    one = json.loads(out)
    assert one["id"] == "solo.score" and one["source"] == REFERENCE["solo.score"].source
    code, out, _ = run(capsys, "rules", "solo.score")
    assert out.splitlines()[0].startswith("solo.score  ") and REFERENCE["solo.score"].source in out
    code, out, _ = run(capsys, "rules")
    assert code == 0 and len(out.splitlines()) == 2 * len(REFERENCE)


def test_deck_show_and_check(capsys, tmp_path):
    code, out, _ = run(capsys, "deck", "show", "fluxx5", "--json")
    d = json.loads(out)
    assert code == 0 and d["id"] == "fluxx5" and len(d["cards"]) == 99
    code, out, _ = run(capsys, "deck", "show", "voyager")
    assert code == 0 and out.splitlines()[0].startswith("Star Trek")
    assert "Set aside for Solo Fluxx:" in out and "Confidence: 10 verified, 49 likely, 33 reconstructed" in out
    assert "<icons: crew>" in out and "cancels out of turn:" in out
    code, out, _ = run(capsys, "deck", "check", str(ROOT / "decks" / "fluxx5.toml"))
    assert code == 0 and out.strip().endswith(": ok")
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "x"\nname = "X"\n[[card]]\ntype = "keeper"\n')
    code, out, _ = run(capsys, "deck", "check", str(bad))
    assert code == 1 and out.strip().splitlines()[-1].endswith("problem(s) found")


def test_scenario_command_exit_codes(capsys, tmp_path):
    code, out, _ = run(capsys, "scenario", str(ROOT / "tests" / "scenarios" / "creeper-blocks-win.toml"))
    assert code == 0 and out.strip().splitlines()[-1] == "1 passed, 0 failed"
    code, out, _ = run(capsys, "scenario", str(tmp_path / "missing.toml"))
    assert code == 1 and out.strip().splitlines()[-1] == "0 passed, 1 failed"


# ------------------------------------------------------------ run files: replay and verify
@pytest.fixture
def runs(capsys, tmp_path):
    assert run(capsys, "sim", "--games", "2", "--seed", "5", "--save-runs", str(tmp_path))[0] == 0
    assert run(capsys, "sim", "--variant", "standard", "--players", "3", "--games", "1", "--seed", "9",
               "--save-runs", str(tmp_path))[0] == 0
    return tmp_path


def test_verify_confirms_and_names_the_first_difference(capsys, runs):
    solo_run = runs / "run-solo-5.json"
    code, out, _ = run(capsys, "verify", str(solo_run))
    data = json.loads(solo_run.read_text())
    assert code == 0 and out.strip() == f"{solo_run}: verified (score {data['score']})"
    std = runs / "run-standard-9.json"
    code, out, _ = run(capsys, "verify", str(std))
    assert code == 0 and f"winner p{json.loads(std.read_text())['winner']}" in out
    forged = dict(data, score=data["score"] + 1)
    solo_run.write_text(json.dumps(forged))
    code, out, _ = run(capsys, "verify", str(solo_run))
    assert code == 1 and f"the recorded score is {data['score'] + 1}" in out
    short = dict(data, answers=data["answers"][:3])
    solo_run.write_text(json.dumps(short))
    code, out, _ = run(capsys, "verify", str(solo_run))
    assert code == 1 and "step 4: the run ends before the game does" in out
    longer = dict(data, answers=data["answers"] + [["end"]])
    solo_run.write_text(json.dumps(longer))
    code, out, _ = run(capsys, "verify", str(solo_run))
    assert code == 1 and f"step {len(longer['answers'])}: the game was already over" in out


def test_replay_prints_the_moves_and_the_result(capsys, runs):
    f = runs / "run-solo-6.json"
    data = json.loads(f.read_text())
    code, out, _ = run(capsys, "replay", str(f))
    lines = out.strip().splitlines()
    assert code == 0 and lines[-1] == f"result: score {data['score']}"
    assert lines[0].split(".")[0].strip() == "1" and len(lines) == len(data["answers"]) + 1
    assert lines[0].split(". ", 1)[1] == " ".join(data["answers"][0])
    code, out, _ = run(capsys, "replay", str(runs / "run-standard-9.json"))
    assert out.strip().splitlines()[-1].startswith("result: winner p")


def test_replay_json_has_one_line_per_step(capsys, runs):
    f = runs / "run-solo-5.json"
    data = json.loads(f.read_text())
    code, out, _ = run(capsys, "replay", str(f), "--json")
    lines = [json.loads(ln) for ln in out.strip().splitlines()]
    assert code == 0 and len(lines) == len(data["answers"]) + 1
    assert lines[0]["step"] == 0 and lines[0]["answer"] is None
    assert [ln["answer"] for ln in lines[1:]] == data["answers"]
    for ln in lines:
        for e in ln["events"]:
            assert {"event", "rule", "player", "card"} <= set(e)


def test_replay_explain_json_lines_carry_event_text_and_rule(capsys, runs):
    from tutor.reference import REFERENCE
    f = runs / "run-solo-5.json"
    code, out, _ = run(capsys, "replay", str(f), "--explain", "--json")
    lines = [json.loads(ln) for ln in out.strip().splitlines()]
    assert code == 0 and len(lines) > 20
    for ln in lines:
        assert {"event", "text", "rule", "step"} <= set(ln)
        assert ln["rule"] in REFERENCE and ln["text"]
    assert lines[0]["event"] == "solo_setup"
    # the game-over line is not yet always last (issue 14 orders it after the event that ended the game)
    assert [ln["event"] for ln in lines].count("game_over") == 1
    code, out, _ = run(capsys, "replay", str(f), "--explain")
    assert code == 0 and "Solo setup:" in out.splitlines()[0] and "answer:" in out


# ------------------------------------------------------------ the commands that open the app
class FakeApp:
    failure: str | None = None
    return_code = 0

    def __init__(self, calls, **kw):
        self.kw = kw
        calls.append(kw)

    def run(self):
        pass


@pytest.fixture
def app_calls(monkeypatch):
    calls: list[dict] = []
    monkeypatch.setattr(cli, "_app", lambda **kw: FakeApp(calls, **kw))
    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # as in a terminal (tests/test_reliability3.py: without)
    return calls


def test_app_commands_pass_their_arguments(capsys, app_calls):
    assert cli.main(["play", "--seed", "7", "--decks", "fluxx5,creeper-pack"]) == 0
    assert cli.main(["play"]) == 0
    assert cli.main(["daily", "--date", "2026-11-29"]) == 0
    assert cli.main(["learn"]) == 0
    assert cli.main([]) == 0
    assert cli.main(["play", "--variant", "standard", "--players", "4", "--bot", "search", "--seed", "3",
                     "--decks", "voyager"]) == 0
    assert cli.main(["play", "--variant", "standard"]) == 0  # 4 seats, greedy bots
    assert app_calls == [{"new": (7, ["fluxx5", "creeper-pack"])}, {"new": (None, ["fluxx5"])},
                         {"daily": "2026-11-29"}, {"learn": True}, {},
                         {"new": (3, ["voyager"]), "seats": ["human", "search", "search", "search"]},
                         {"new": (None, ["fluxx5"]), "seats": ["human", "greedy", "greedy", "greedy"]}]


def test_daily_without_a_date_is_today(capsys, app_calls):
    from solo.variant.daily import today
    assert cli.main(["daily"]) == 0
    assert app_calls == [{"daily": today()}]


# ------------------------------------------------------------ history
def test_history_lists_runs_with_the_listed_fields(capsys, tmp_path, monkeypatch):
    from engine.game import Game
    from solo.store import Store
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    code, out, _ = run(capsys, "history")
    assert code == 0 and out.strip() == "No runs yet."
    s = Store()
    g = Game.new(("fluxx5",), 1, "solo", 12)
    s.start(g, daily="2026-11-29")
    s.save(g, [], assisted=True)
    g2 = Game.new(("fluxx5",), 1, "solo", 13)
    s.start(g2)  # the first game is abandoned
    s.close()
    code, out, _ = run(capsys, "history", "--json")
    d = json.loads(out)
    assert code == 0 and set(d) == {"runs", "best", "mean", "stats", "set_aside"} and d["set_aside"] == []
    (r,) = d["runs"]
    assert {"id", "started", "finished", "seed", "decks", "score", "daily", "assisted", "status"} <= set(r)
    assert (r["seed"], r["decks"], r["daily"], r["assisted"], r["status"]) == (12, ["fluxx5"], "2026-11-29",
                                                                               True, "abandoned")
    code, out, _ = run(capsys, "history")
    head, line = out.strip().splitlines()
    assert head.split()[:2] == ["run", "when"] and line.split()[0].isdigit()  # the run's ID first
    assert "seed           12" in line and "daily 2026-11-29" in line and "assisted" in line
    assert line.rstrip().endswith("abandoned")


# ------------------------------------------------------------ exact outputs
def test_seed_bounds_are_inclusive(capsys):
    assert run(capsys, "sim", "--games", "1", "--seed", "0", "--json")[0] == 0
    code, out, _ = run(capsys, "sim", "--games", "1", "--seed", str(2**63 - 1), "--json")
    assert code == 0 and json.loads(out)["games"] == 1


def test_deck_check_names_the_file_on_every_problem_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "x"\nname = "X"\n[[cards]]\ntype = "wizard"\nname = "A"\n[[cards]]\ntype = "keeper"\n')
    code, out, _ = run(capsys, "deck", "check", str(bad))
    lines = out.strip().splitlines()
    assert code == 1 and len(lines) >= 3
    assert all(ln.startswith(f"{bad}: ") for ln in lines[:-1])
    assert lines[-1] == f"{len(lines) - 1} problem(s) found"


def test_deck_show_lines(capsys):
    code, out, _ = run(capsys, "deck", "show", "fluxx5", "--json")
    assert "null" not in out  # fields a card does not have are left out
    code, out, _ = run(capsys, "deck", "show", "fluxx5")
    lines = out.splitlines()
    assert lines[0] == "Fluxx 5.0 (fluxx5), 99 cards"
    milk = next(ln for ln in lines if " Milk:" in ln)
    assert milk == "  keeper   Milk: A Keeper. Put it on the table in front of you."
    assert not any("Confidence:" in ln for ln in lines)
    assert lines[-1].startswith("Set aside for Solo Fluxx: ")
    code, out, _ = run(capsys, "deck", "show", "voyager")
    kes = next(ln for ln in out.splitlines() if ln.startswith("  keeper   Kes "))
    assert kes.startswith("  keeper   Kes <icons: crew>: ") and "  [" in kes and kes.endswith("]")


def test_replay_json_events_are_the_engines(capsys, runs):
    from engine.game import Game
    from engine.runfile import answer_from_json
    f = runs / "run-solo-5.json"
    data = json.loads(f.read_text())
    code, out, _ = run(capsys, "replay", str(f), "--json")
    lines = [json.loads(ln) for ln in out.strip().splitlines()]
    g = Game.new(("fluxx5",), 1, "solo", 5)

    def shown(events):
        return [{"event": e.kind, "rule": e.rule, "player": e.player,
                 "card": g.name(e.card) if e.card >= 0 else None} for e in events]
    assert lines[0] == {"step": 0, "answer": None, "events": shown(g.log)}
    for i, j in enumerate(data["answers"]):
        events = g.push(answer_from_json(g, j))
        assert lines[i + 1] == {"step": i + 1, "answer": j, "events": shown(events)}
    assert any(e["card"] is None for ln in lines for e in ln["events"])


def test_replay_explain_text_and_json_steps(capsys, runs):
    """Each answer is printed, numbered from 1, before the events it caused;
    JSON lines carry the step, the question, the answer and the burst group."""
    from engine.game import Game
    from engine.runfile import answer_from_json
    from tutor.explain import Explainer
    f = runs / "run-solo-5.json"
    data = json.loads(f.read_text())
    code, out, _ = run(capsys, "replay", str(f), "--explain", "--json")
    lines = [json.loads(ln) for ln in out.strip().splitlines()]
    g = Game.new(("fluxx5",), 1, "solo", 5)
    ex = Explainer("brief")

    def rows(step, question, answer, events):
        return [{"step": step, "question": question, "answer": answer, "group": t.group,
                 "group_head": t.head, **t.x.to_dict()} for t in ex.explain_all(g, events)]
    want = rows(0, None, None, g.log)
    for i, j in enumerate(data["answers"]):
        asked = g.prompt.ask
        want += rows(i + 1, asked, j, g.push(answer_from_json(g, j)))
    assert lines == want
    assert lines[-1]["event"] == "game_over"  # the game-over line comes last
    # a burst (the deal) shares one group; its first line holds the summary
    deal = [r for r in lines if r["event"] == "deal"]
    assert len({r["group"] for r in deal}) == 1 and deal[0]["group_head"] and deal[0]["text"].startswith(
        "You were dealt 3 cards in the opening deal: ")
    code, out, _ = run(capsys, "replay", str(f), "--explain")
    text = out.splitlines()

    def quoted(row) -> str:  # the text as printed: each card name (the JSON's spans) in quotes
        t, out_, at = row["text"], [], 0
        for a, b in row["names"]:
            out_ += [t[at:a], '"', t[a:b], '"']
            at = b
        return "".join(out_) + t[at:]
    assert all(r["text"][a:b] and a < b for r in want for a, b in r["names"])  # the spans hold names
    assert text[0] == "      " + quoted(want[0])
    assert text[1] == f"        [{want[0]['rule']}] {want[0]['more']}"
    first = text.index(f"   1. answer: {' '.join(data['answers'][0])}")
    step1 = [r for r in want if r["step"] == 1 and r["group_head"]]
    assert text[first + 1] == "      " + quoted(step1[0])  # the answer, then what it caused
    assert f"   2. answer: {' '.join(data['answers'][1])}" in text
    no_more = next(w for w in want if not w["more"] and w["group_head"])
    i = text.index("      " + quoted(no_more))
    assert not text[i + 1].startswith("        [")


def test_replay_of_a_broken_run_says_where(capsys, tmp_path, runs):
    data = json.loads((runs / "run-solo-5.json").read_text())
    data["answers"][1] = ["play", "Not A Card"]
    f = tmp_path / "broken.json"
    f.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(f))
    assert code == 1
    assert err.strip() == (f"solo-fluxx replay: {f}: step 2: the answer [\"play\", \"Not A Card\"] is not legal "
                           "here: 'play' needs the name of a card of these decks")


def test_rules_lines_and_hints(capsys):
    from tutor.reference import REFERENCE
    code, out, _ = run(capsys, "rules")
    lines = out.splitlines()
    e = REFERENCE["turn.draw"]
    i = lines.index(f"turn.draw  {e.title}  [{e.kind}; {e.source}]")
    assert lines[i + 1] == f"    {e.text}"
    line = refused(capsys, "rules", "zzz", code=1)
    assert line == "solo-fluxx rules: there is no rule 'zzz' (run 'solo-fluxx rules' for the list)"



def test_rules_search_finds_cards_and_topics(capsys):
    code, out, _ = run(capsys, "rules", "--search", "trash a keeper")
    assert code == 0 and "cards.fluxx5.trash-a-keeper" in out and "cards.voyager.trash-a-keeper" in out
    code, out, _ = run(capsys, "rules", "--search", "discarding")
    assert code == 0 and "topic.discarding" in out
    code, out, _ = run(capsys, "rules", "--search", "Double Agenda", "--json")
    rows = json.loads(out)
    assert {"rule.double-agenda", "rule.double-agenda-leaves"} <= {r["id"] for r in rows}
    said = refused(capsys, "rules", "--search", "zzz", code=1)  # no hit: says so, and offers the closest
    assert "no entry answers 'zzz'. The closest: " in said and said.count("(") >= 3
    code, out, _ = run(capsys, "rules", "--search", "why can't I win")  # a question, ranked: best first
    assert code == 0 and out.split()[0] in ("win.creeper-blocks", "win.goal", "win.tie")

def test_verify_refuses_a_run_that_stops_before_the_game_ends_even_at_the_old_caps(capsys, tmp_path):
    """Every game ends by the rules now (a win, a deck run out, a told draw):
    a run cut short, even at the sim's old turn cap, is no result."""
    from engine import sim
    res = sim.play_game(["fluxx5"], 1, "solo", 3, "random", keep_answers=True, turn_cap=3)
    assert not res["over"] and res["turns"] == 4
    f = tmp_path / "capped.json"
    f.write_text(json.dumps(res["run"]))
    assert run(capsys, "verify", str(f))[:2] == (
        1, f"solo-fluxx verify: {f}: step {len(res['run']['answers']) + 1}: the run ends before the game does\n")
    old = dict(res["run"], engine="0.1.0")
    f.write_text(json.dumps(old))
    code, out, _ = run(capsys, "verify", str(f))
    assert code == 1 and "recorded by engine 0.1.0 and this is engine 0.2.0" in out


def test_sim_reports_a_game_that_breaks_on_stderr_and_goes_on(capsys, monkeypatch):
    from .helpers import break_sim_games
    break_sim_games(monkeypatch, {8}, RuntimeError("boom"))
    code, out, err = run(capsys, "sim", "--games", "3", "--seed", "7", "--json")
    assert code == 0 and json.loads(out)["errors"] == 1 and json.loads(out)["games"] == 3
    assert err == "seed 8: RuntimeError: boom\n"


def test_sim_standard_takes_six_players(capsys):
    code, out, _ = run(capsys, "sim", "--variant", "standard", "--players", "6", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["players"] == 6


def test_every_usage_line(capsys):
    import argparse
    usages = []

    def walk(p):
        usages.append(" ".join(p.format_usage().split()))
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                for sp in a.choices.values():
                    walk(sp)
    walk(cli.build_parser())
    assert usages == [
        "usage: solo-fluxx [-h] [--version] {play,text,learn,daily,history,sim,scenario,deck,replay,rules,export,verify,serve} ...",
        ("usage: solo-fluxx play [-h] [--seed SEED] [--decks DECKS] [--variant NAME] "
         "[--players PLAYERS] [--bot {greedy,random,search}]"),
        "usage: solo-fluxx text [-h] [--seed SEED] [--decks DECKS]",
        "usage: solo-fluxx learn [-h] [--list] [--json] [N]",
        "usage: solo-fluxx daily [-h] [--date DATE]",
        "usage: solo-fluxx history [-h] [--json]",
        # sim takes every variant the registry has: here also the tests' own, loaded by name (conftest)
        "usage: solo-fluxx sim [-h] [--variant {solo,standard,test-turn-limit}] [--players PLAYERS] [--decks DECKS] [--games GAMES] "
        "[--seed SEED | --daily DAILY] [--bot {greedy,random,search}] [--jobs N | --cluster ADDRESS] [--save-runs DIR] "
        "[--force] [--json]",
        "usage: solo-fluxx scenario [-h] PATH [PATH ...]",
        "usage: solo-fluxx deck [-h] {check,show} ...",
        "usage: solo-fluxx deck check [-h] FILE",
        "usage: solo-fluxx deck show [-h] [--json] ID",
        "usage: solo-fluxx replay [-h] [--run ID] [--explain] [--json] [RUN]",
        "usage: solo-fluxx rules [-h] [--json] [--search TEXT] [ID]",
        "usage: solo-fluxx export [-h] [--force] ID FILE",
        "usage: solo-fluxx verify [-h] RUN",
        "usage: solo-fluxx serve [-h] [--host HOST] [--port PORT] [--max-tabs MAX_TABS] [--public] [--allow-host NAME[:PORT]]",
    ]


def test_the_app_is_built_with_the_arguments_and_the_players_store(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    app = cli._app(new=(5, ["fluxx5"]), daily="2026-11-30", learn=True)
    assert (app.new, app.daily, app.learn) == ((5, ["fluxx5"]), "2026-11-30", True)
    assert app.store.path.parent == tmp_path
    app.store.close()
    plain = cli._app()
    assert (plain.new, plain.daily, plain.learn) == (None, None, False)
    plain.store.close()


def test_text_command_plays_in_the_terminal(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert cli.main(["text", "--seed", "11", "--decks", "fluxx5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Solo Fluxx, seed 11, decks fluxx5.") and out.rstrip().endswith("Bye.")


def test_version_export_and_replay_of_a_history_run(capsys, tmp_path, monkeypatch):
    """--version names the engine version; a finished run of the history
    exports to a run file that verify accepts, and replays by its id."""
    from engine.bots import make_bot
    from engine.game import Game
    from engine.runfile import ENGINE_VERSION, answer_to_json
    from solo.store import Store
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0 and f"(engine {ENGINE_VERSION})" in capsys.readouterr().out
    assert "there is no run 1 in the history" in refused(capsys, "export", "1", str(tmp_path / "x.json"), code=1)
    assert "there is no run 1 in the history" in refused(capsys, "replay", "--run", "1", code=1)
    assert "give a run file or --run ID" in refused(capsys, "replay")
    assert "is not a whole number" in refused(capsys, "export", "one", "x.json")
    st = Store()
    g = Game.new(("fluxx5",), 1, "solo", 4)
    bot, answers = make_bot("greedy", 4), []
    st.start(g)
    while not g.over:
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        st.save(g, answers)
    st.close()
    out_file = tmp_path / "run1.json"
    code, out, _ = run(capsys, "export", "1", str(out_file))
    assert code == 0 and out_file.exists()
    code, out, _ = run(capsys, "verify", str(out_file))
    assert code == 0 and f"verified (score {len(g.scored)})" in out
    code, out, _ = run(capsys, "replay", "--run", "1")
    assert code == 0 and out.strip().endswith(f"result: score {len(g.scored)}")
    code, out, _ = run(capsys, "replay", str(out_file))
    assert code == 0 and out.strip().endswith(f"result: score {len(g.scored)}")


def test_sim_jobs_gives_the_same_games_in_less_time(tmp_path):
    from .helpers import run_cli
    """sim --jobs N (CLI.md): the summary but its timing keys, the run files
    and first_deal_sha256 are the same as with --jobs 1; CPU counts the workers."""
    from engine.sim import TIMING_KEYS
    out = {}
    for jobs in (1, 2, 3):
        r = run_cli("sim", "--games", "40", "--seed", "11", "--jobs", jobs, "--json",
                    "--save-runs", tmp_path / f"j{jobs}")
        assert r.returncode == 0, r.stderr
        out[jobs] = json.loads(r.stdout)
        assert out[jobs]["cpu_seconds"] > 0 and out[jobs]["games_per_cpu_second"] > 0
    same = [{k: v for k, v in o.items() if k not in TIMING_KEYS} for o in out.values()]
    assert same[0] == same[1] == same[2]
    names = sorted(p.name for p in (tmp_path / "j1").iterdir())
    assert len(names) == 40
    for jobs in (2, 3):
        assert sorted(p.name for p in (tmp_path / f"j{jobs}").iterdir()) == names
        for n in names:
            assert (tmp_path / f"j{jobs}" / n).read_bytes() == (tmp_path / "j1" / n).read_bytes()
    r = run_cli("sim", "--games", "10", "--variant", "standard", "--players", "4", "--jobs", "2", "--json")
    r1 = run_cli("sim", "--games", "10", "--variant", "standard", "--players", "4", "--jobs", "1", "--json")
    a, b = json.loads(r.stdout), json.loads(r1.stdout)
    assert {k: v for k, v in a.items() if k not in TIMING_KEYS} == {k: v for k, v in b.items() if k not in TIMING_KEYS}
    assert run_cli("sim", "--jobs", "0").returncode == 2


def test_sim_jobs_reports_errors_by_seed_in_order(monkeypatch):
    from engine import sim
    real = sim.play_game

    def broken(decks, players, variant, seed, bot, **kw):
        if seed in (3, 5):
            raise RuntimeError(f"boom {seed}")
        return real(decks, players, variant, seed, bot, **kw)
    monkeypatch.setattr(sim, "play_game", broken)
    msgs: list[str] = []
    res = sim.run_sim(["fluxx5"], 1, "solo", 8, 0, "random", err=msgs.append, jobs=2)
    assert res["errors"] == 2 and msgs == ["seed 3: RuntimeError: boom 3", "seed 5: RuntimeError: boom 5"]


def test_serve_says_in_a_sentence_what_stops_it(tmp_path, monkeypatch):
    """solo-fluxx serve's bad input (issue 41): a port in use, a host that
    cannot be bound, another host without --public, a port out of range, and
    the web extra missing: one sentence each, exit 1 or 2, no traceback."""
    import socket
    import sys

    from .helpers import run_cli
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = run_cli("serve", "--port", str(port))
    assert r.returncode == 1 and f"port {port} on 127.0.0.1 is in use" in r.stderr and "--port" in r.stderr
    r = run_cli("serve", "--host", "192.0.2.1", "--public", "--port", "8123")  # TEST-NET-1: no address of ours
    assert r.returncode == 1 and "cannot listen on 192.0.2.1 port 8123" in r.stderr
    r = run_cli("serve", "--host", "no-such-host.invalid", "--public")
    assert r.returncode == 1 and "'no-such-host.invalid' is not a name or address" in r.stderr
    with socket.socket() as busy:  # (a busy port: were the check missing, the server would not stay up)
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        r = run_cli("serve", "--host", "0.0.0.0", "--port", str(busy.getsockname()[1]))
    assert r.returncode == 2 and "add --public to mean it" in r.stderr
    r = run_cli("serve", "--port", "70000")
    assert r.returncode == 2 and "a port is a whole number from 1 to 65535" in r.stderr
    import solo
    for name in [m for m in sys.modules if m.split(".")[0] == "textual_serve"] + ["textual_serve"]:
        monkeypatch.setitem(sys.modules, name, None)  # the extra not installed
    monkeypatch.delitem(sys.modules, "solo.web", raising=False)
    monkeypatch.delattr(solo, "web", raising=False)
    with socket.socket() as busy:  # (were the extra found after all, the busy port ends it at once)
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        r = run_cli("serve", "--port", str(busy.getsockname()[1]))
    assert r.returncode == 2 and "pip install -e '.[web]'" in r.stderr and "textual_serve is missing" in r.stderr
    for out in (r.stdout, r.stderr):
        assert "Traceback" not in out


@pytest.mark.parametrize("parse, good, bad", [(cli._port, (1, 8000, 65535), (0, 65536, -1)),
                                              (cli._tabs, (1, 4, 64), (0, 65)),
                                              (cli._jobs, (1, 256), (0, 257))])
def test_whole_number_options_take_their_bounds_and_refuse_past_them(parse, good, bad):
    import argparse
    for v in good:
        assert parse(str(v)) == v
    for v in bad:
        with pytest.raises(argparse.ArgumentTypeError, match=f"^{v} is out of range; "):
            parse(str(v))
    with pytest.raises(argparse.ArgumentTypeError, match="'two' is not a whole number"):
        parse("two")


@pytest.mark.parametrize("host", ["localhost", "LocalHost", " localhost ", "::1"])
def test_serve_takes_this_machines_own_names_without_public(host):
    """Only another machine's reach needs --public: localhost and ::1 are this
    machine's own, in any case and with spaces around (met on a busy port, so
    that the command ends at once)."""
    import socket

    from .helpers import run_cli
    family = socket.AF_INET6 if host == "::1" else socket.AF_INET
    try:
        busy = socket.socket(family)
        busy.bind(("::1" if host == "::1" else "127.0.0.1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    with busy:
        busy.listen()
        r = run_cli("serve", "--host", host, "--port", str(busy.getsockname()[1]))
    assert "add --public" not in r.stderr
    assert r.returncode == 1 and "is in use" in r.stderr


def test_sim_refuses_save_runs_that_is_a_file(capsys, tmp_path):
    f = tmp_path / "runs"
    f.write_text("x")
    code, out, err = run(capsys, "sim", "--games", "1", "--save-runs", str(f))
    assert (code, out) == (1, "")
    assert err == f"solo-fluxx sim: --save-runs {f} is a file, not a folder\n"
    assert f.read_text() == "x"


def test_sim_says_so_when_a_run_files_place_changes_under_it(capsys, monkeypatch):
    """(Checked before the games begin; a place that changes during them
    is refused by the writer, in a sentence, and sim ends with 1.)"""
    import engine.sim
    from engine.datafile import DataFileError

    def moved(*_args, **_kw):
        raise DataFileError("runs/run-solo-0.json is now a folder")
    monkeypatch.setattr(engine.sim, "run_sim", moved)
    code, out, err = run(capsys, "sim", "--games", "1")
    assert (code, out, err) == (1, "", "solo-fluxx sim: runs/run-solo-0.json is now a folder\n")


def test_sim_plays_in_the_processes_asked_for_and_else_on_every_core(capsys, monkeypatch):
    import engine.sim
    real, asked = engine.sim.run_sim, []

    def spy(*args, **kw):
        asked.append(kw["jobs"])
        return real(*args, **kw)
    monkeypatch.setattr(engine.sim, "run_sim", spy)
    assert run(capsys, "sim", "--games", "2", "--jobs", "3", "--json")[0] == 0
    assert run(capsys, "sim", "--games", "2", "--json")[0] == 0
    assert asked == [3, engine.sim.default_jobs()]
