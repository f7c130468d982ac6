"""Data files you can trust (issue 16): only regular files are read, never
more than their cap; TOML is bounded before it is parsed; what a file says
is echoed with control characters made visible; verify checks every claim
of a run; the command line refuses what would lose or garble data."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.datafile import DataFileError, read_text, visible
from engine.game import Game
from engine.prompts import IllegalAnswer
from engine.runfile import ENGINE_VERSION

from .helpers import run_cli

ESC = "\x1b"


@pytest.fixture
def alarm():
    """Fail (not hang) if a read waits on a pipe."""
    def hung(*_):
        raise AssertionError("the command waited on a pipe")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def run_file(tmp_path: Path, name: str = "run.json", **change) -> Path:
    """A real finished solo run (sim --save-runs), changed as asked."""
    folder = tmp_path / "runs"
    if not folder.exists():
        assert run_cli("sim", "--games", "1", "--seed", "5", "--save-runs", folder).returncode == 0
    data = json.loads((folder / "run-solo-5.json").read_text())
    data.update(change)
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


# ------------------------------------------------------------------ only regular files, never past the cap
def test_a_fifo_is_refused_at_once_everywhere(tmp_path, alarm):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for args in (["verify", fifo], ["replay", fifo], ["deck", "check", fifo], ["scenario", fifo]):
        r = run_cli(*args)
        out = r.stdout + r.stderr
        assert r.returncode == 1 and "it is a pipe, not a file" in out, (args, out)
        assert "Traceback" not in out


def test_a_device_is_refused_not_read(alarm):
    for args in (["verify", "/dev/zero"], ["deck", "check", "/dev/zero"], ["scenario", "/dev/null"]):
        r = run_cli(*args)
        out = r.stdout + r.stderr
        assert r.returncode == 1 and "it is a device, not a file" in out, (args, out)


def test_a_folder_is_refused(tmp_path):
    r = run_cli("verify", tmp_path)
    assert r.returncode == 1 and "it is a folder, not a file" in r.stderr


def test_reading_stops_at_the_cap_whatever_the_size_says():
    # /proc files claim a size of 0 and hold more: the cap is held by reading, not by stat
    assert Path("/proc/self/maps").stat().st_size == 0
    with pytest.raises(DataFileError, match="more than 64 bytes"):
        read_text("/proc/self/maps", 64, "a run file")
    assert len(read_text("/proc/self/maps", 10**6, "a run file")) > 64


# ------------------------------------------------------------------ TOML bounded before parsing
BOMB = textwrap.dedent("""
    import sys, time, tracemalloc
    sys.path.insert(0, sys.argv[1])
    from engine.deckfile import check_file
    from scenarios.runner import run_paths
    tracemalloc.start()
    t = time.perf_counter()
    problems = check_file(sys.argv[2])
    lines = []
    run_paths([sys.argv[2]], echo=lines.append)
    secs = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    print(round(secs, 3), peak // 2**20)
    print(problems[0])
    print(lines[0])
""")
# (the peak is what the check itself allocates, traced: a process's maxrss is
# not used, since Linux carries it over from the forking parent, here pytest)


BOMBS = [
    ("a." * 20000 + "a = 1\n", "dots in its keys"),                     # 40 KB: 1.6 GB and 5 s unguarded
    ("x = " + "[" * 20000 + "]" * 20000 + "\n", "nests arrays or tables"),  # a RecursionError unguarded
    ("x = '" + "y" * 40000 + "'\n", "longer than 4000 characters"),
]


@pytest.mark.parametrize("text, says", BOMBS)
def test_toml_that_would_explode_the_parser_is_refused(tmp_path, text, says):
    from engine.deckfile import check_file
    f = tmp_path / "bomb.toml"
    f.write_text(text)
    assert says in check_file(f)[0]


@pytest.mark.slow  # a process of its own, to measure its memory
@pytest.mark.parametrize("text, says", BOMBS)
def test_toml_that_would_explode_the_parser_is_refused_cheaply(tmp_path, text, says):
    f = tmp_path / "bomb.toml"
    f.write_text(text)
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, "-c", BOMB, str(root), str(f)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    secs, mb = r.stdout.splitlines()[0].split()
    assert float(secs) < 1.0 and int(mb) < 20  # memory: what the check allocates stays small
    assert says in r.stdout.splitlines()[1] and says in r.stdout.splitlines()[2]


def test_the_bounds_leave_real_files_alone():
    from engine.deckfile import check_file
    from scenarios.runner import run_paths
    root = Path(__file__).resolve().parents[1]
    for deck in sorted((root / "decks").glob("*.toml")):
        assert check_file(deck) == [], deck
    lines: list[str] = []
    passed, failed = run_paths([str(root / "tests" / "scenarios"), str(root / "scenarios" / "lessons_data")],
                               echo=lines.append)
    assert failed == 0 and passed > 100


# ------------------------------------------------------------------ control characters made visible
def test_visible_shows_every_control_character():
    assert visible("a\x1b[2Jb\x07\x9bc\nd\te\x7f") == "a\\e[2Jb\\x07\\x9bc\\nd\\te\\x7f"
    assert visible("Milk · Cookies ✓") == "Milk · Cookies ✓"


def test_a_deck_file_cannot_drive_the_terminal(tmp_path):
    f = tmp_path / "deck.toml"
    # TOML refuses a raw ESC, but its escapes make one: \u001b inside a string
    f.write_text('id = "x"\nname = "Evil\\u001b[2J"\n[[cards]]\nname = "Milk\\u001b]0;owned"\ntype = "Nonsense"\n')
    r = run_cli("deck", "check", f)
    assert r.returncode == 1 and ESC not in r.stdout + r.stderr
    assert "\\e" in r.stdout


def test_a_scenario_name_cannot_drive_the_terminal(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(f'name = "bad{ESC}[31m"\nnot_a_key = 1\n')
    r = run_cli("scenario", f)
    assert r.returncode == 1 and ESC not in r.stdout + r.stderr
    # a scenario that loads (TOML takes ESC only escaped, as \\u001b) and fails: its FAIL line names it, with
    # the name's control characters shown
    f.write_text('name = "bad\\u001b[31m"\nsource = "test"\nvariant = "solo"\n[setup]\ndrawn = 1\n'
                 'hands = [["Cookies"]]\ndraw_pile = ["Bread", "Money"]\nrules_deck = ["Draw 2", "Play 2"]\n'
                 '[[step]]\nplayer = 0\nplay = "Cookies"\n[expect]\nscore = 5\n')
    r = run_cli("scenario", f)
    assert r.returncode == 1 and ESC not in r.stdout + r.stderr
    assert "FAIL" in r.stdout and "bad\\e[31m" in r.stdout, r.stdout


def test_a_run_file_answer_cannot_drive_the_terminal(tmp_path):
    p = run_file(tmp_path, answers=[["play", f"Milk{ESC}[2J"]])
    for cmd in ("verify", "replay"):
        r = run_cli(cmd, p)
        out = r.stdout + r.stderr
        assert r.returncode == 1 and ESC not in out and ("\\e[2J" in out or "\\u001b[2J" in out)


# ------------------------------------------------------------------ verify checks every claim
def test_a_real_daily_run_verifies(tmp_path):
    folder = tmp_path / "d"
    assert run_cli("sim", "--daily", "2026-11-30", "--games", "1", "--save-runs", folder).returncode == 0
    (f,) = folder.glob("*.json")
    assert json.loads(f.read_text())["daily"] == "2026-11-30"
    r = run_cli("verify", f)
    assert r.returncode == 0 and "verified" in r.stdout


def test_a_forged_daily_claim_is_refused(tmp_path):
    p = run_file(tmp_path, daily="2026-11-30")  # seed 5's game, claimed as the daily
    r = run_cli("verify", p)
    assert r.returncode == 1
    assert "claims the daily of 2026-11-30, whose seed is" in r.stdout and "but its seed is 5" in r.stdout


def test_a_daily_date_that_is_no_date_is_refused(tmp_path):
    for bad in ("2026-02-30", "tomorrow"):
        r = run_cli("verify", run_file(tmp_path, daily=bad))
        assert r.returncode == 1 and "daily" in r.stdout + r.stderr and "Traceback" not in r.stdout + r.stderr


def test_recorded_turns_must_match(tmp_path):
    good = json.loads(run_file(tmp_path).read_text())
    r = run_cli("verify", run_file(tmp_path, "t.json", turns=good["turns"] + 1))
    assert r.returncode == 1 and f"the recorded turns are {good['turns'] + 1}, the replay takes {good['turns']}" in r.stdout


def test_another_engine_version_is_reported(tmp_path):
    r = run_cli("verify", run_file(tmp_path, engine="0.0.9"))
    assert r.returncode == 0
    assert f"recorded by engine 0.0.9; replayed on engine {ENGINE_VERSION}" in r.stdout and "verified" in r.stdout


@pytest.mark.parametrize("change, says", [
    ({"seed": -1}, "at 'seed'"), ({"seed": 2**64}, "at 'seed'"), ({"decks": ["fluxx5", "fluxx5"]}, "named twice"),
    ({"turns": -3}, "at 'turns'"),
])
def test_run_files_out_of_range_are_refused(tmp_path, change, says):
    r = run_cli("verify", run_file(tmp_path, **change))
    assert r.returncode == 1 and says in r.stdout + r.stderr


# ------------------------------------------------------------------ the command line
def test_duplicated_decks_are_refused():
    r = run_cli("sim", "--decks", "fluxx5,fluxx5", "--games", "1")
    assert r.returncode == 2 and "the deck 'fluxx5' is named twice" in r.stderr


def test_an_empty_save_runs_folder_is_refused():
    r = run_cli("sim", "--games", "1", "--save-runs", "")
    assert r.returncode == 2 and "give a folder name" in r.stderr


def test_run_files_are_not_overwritten_without_force(tmp_path):
    folder = tmp_path / "runs"
    assert run_cli("sim", "--games", "2", "--seed", "3", "--save-runs", folder).returncode == 0
    kept = folder / "run-solo-3.json"
    kept.write_text("my notes")
    r = run_cli("sim", "--games", "2", "--seed", "3", "--save-runs", folder)
    assert r.returncode == 1 and "already exist" in r.stderr and "--force" in r.stderr
    assert "run-solo-3.json and 1 more already exist(s)" in r.stderr  # both names are taken
    r = run_cli("sim", "--games", "1", "--seed", "4", "--save-runs", folder)
    assert r.returncode == 1 and "run-solo-4.json already exist(s)" in r.stderr  # one: no "and 0 more"
    assert kept.read_text() == "my notes"
    assert run_cli("sim", "--games", "2", "--seed", "3", "--save-runs", folder, "--force").returncode == 0
    assert json.loads(kept.read_text())["seed"] == 3


def test_export_does_not_overwrite_without_force(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    from .helpers import store_a_finished_run
    store_a_finished_run(1)
    out = tmp_path / "mine.json"
    out.write_text("keep me")
    r = run_cli("export", "1", out)
    assert r.returncode == 1 and "already exists" in r.stderr and out.read_text() == "keep me"
    assert run_cli("export", "1", out, "--force").returncode == 0 and json.loads(out.read_text())["seed"] == 1


def test_games_above_the_limit_names_the_limit():
    r = run_cli("sim", "--games", "2000000000")
    assert r.returncode == 2 and "from 1 to 1000000000" in r.stderr


# ------------------------------------------------------------------ the engine's door
@pytest.mark.parametrize("answer", [("choose", ([1],)), ("choose", ({"a": 1},)), ("choose", (True,)),
                                    ("choose", (None,)), ("choose", (1.0,))])
def test_every_malformed_choice_is_an_illegal_answer(answer):
    from engine.bots import make_bot
    g = Game.new(("fluxx5", "creeper-pack"), 3, "standard", 0)
    bot = make_bot("random", 0)
    while g.prompt.kind != "choose":
        g.push(bot.choose(g))
    before = g.to_dict()
    with pytest.raises(IllegalAnswer):
        g.push(answer)
    assert g.to_dict() == before
    # options 0 and 1, as card ids often are: true and false name neither (Python's True == 1 must not pass)
    from engine.prompts import Prompt
    with pytest.raises(IllegalAnswer):
        Prompt("choose", 0, "discard", [0, 1, 2], 1, 1).check(answer)


# The TOML bounds at their edges: (text, the line an error names, or None for no error).
# Strings and comments hide brackets and dots; a one-line string ends at its line's end.
_B25, _B24 = "[" * 25, "[" * 24
TOML_EDGES = [
    ("x" * 4000, None), ("x" * 4001, "line 1 is longer"),               # the line cap, counted from the first character
    ("x" * 4000 + "\n" + "x" * 4000, None),                               # each line counted afresh
    ("a = 1\nb = 2\n" + "x" * 4001, "line 3 is longer"),                 # the line named
    ('"' + "\\n" * 1999 + '"', None), ('"' + "\\n" * 1999 + 'x"', "line 1 is longer"),  # an escape is two characters
    ("a." * 24, None), ("a." * 25, "line 1 has more than 24 dots"),
    ("a." * 20 + "\n" + "a." * 24, None),                                 # dots counted per line
    (_B24, None), (_B25, "line 1 nests"), ("a = 1\n\n" + _B25, "line 3 nests"),
    ("[" * 20 + "]" * 20 + _B24, None), ("]]]" + _B24, None),             # closing never goes below the top
    (_B24 + "]" + "[[", "line 1 nests"), (_B24 + "X[", "line 1 nests"),  # one closing bracket closes one
    ("X" * 30, None), ("X = " + _B25, "line 1 nests"), ("{" * 25, "line 1 nests"), ("{" * 24 + "}" + "{", None),
    ('"' + _B25 + '"', None), ("'" + "a." * 30 + "'", None),             # inside strings
    ('"\\"' + _B25 + '"', None),                                         # an escaped quote does not end a string
    ("'\\'" + _B25, "line 1 nests"),                                     # a literal string has no escapes
    ('"a\\n"' + _B25, "line 1 nests"),                                   # the escape skips one character only
    ('a = """x\n' + _B25 + '\n"""', None), ("a = '''x\n" + _B25 + "\n'''", None),  # multi-line strings go on
    ('"""x"""\n' + _B25, "line 2 nests"), ('""""x""""\n' + _B25, "line 2 nests"),
    ('a = "x\n' + _B25, "line 2 nests"), ("a = 'x\n" + _B25, "line 2 nests"),  # a one-line string ends at the line
    ("x\n\"" + _B25 + '"', None),                                         # a string opening a line
    ("# " + _B25 + "\n" + _B24, None), ("a = 1 # " + _B25, None),          # comments, with or without a line end
    ("# c\n" + _B25, "line 2 nests"), ("# c\n" + "x" * 4001, "line 2 is longer"),  # the rest is still read
    ("# c\n" + _B25 + "\nz = 1\n", "line 2 nests"),                     # from the comment's own line end
]


@pytest.mark.parametrize("text, says", TOML_EDGES)
def test_toml_bounds_at_their_edges(text, says):
    from engine.datafile import _toml_bounds
    if says is None:
        _toml_bounds(text, "a deck file")
    else:
        with pytest.raises(DataFileError) as e:
            _toml_bounds(text, "a deck file")
        assert str(e.value).startswith(says), (str(e.value), says)


def test_toml_bounds_say_what_the_file_keeps_to():
    from engine.datafile import toml_loads
    for text, sentence in (
            ("x" * 4001, "line 1 is longer than 4000 characters; a run file keeps lines shorter (split the text)"),
            ("a." * 25, "line 1 has more than 24 dots in its keys; a run file does not nest keys that deep"),
            ("x = " + "[" * 25, "line 1 nests arrays or tables more than 24 deep; a run file does not nest that deep")):
        with pytest.raises(DataFileError) as e:
            toml_loads(text, "a run file")
        assert str(e.value) == sentence
    assert toml_loads('a = [[1, "]"], {b = 2}]\nc."d.e" = 3 # [[[\n', "a run file") == {
        "a": [[1, "]"], {"b": 2}], "c": {"d.e": 3}}
