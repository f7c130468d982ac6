"""Reliability, third round (issue 38): what a hostile tester found, each
with its test. An app command with no terminal says so and ends at once
(before, it waited for keys that never came, using most of a core); the
answer door refuses every odd type without changing the state."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

from solo import cli


@pytest.mark.parametrize("args", [[], ["play"], ["play", "--variant", "standard"], ["daily"], ["learn"],
                                  ["learn", "1"]], ids=lambda a: " ".join(a) or "(none)")
def test_an_app_command_with_no_terminal_says_so_and_ends_at_once(tmp_path, args):
    env = {**os.environ, "SOLO_FLUXX_HOME": str(tmp_path / "home")}
    env.pop("TEXTUAL_DRIVER", None)
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "solo.cli", *args], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=60, env=env)
    took = time.perf_counter() - t
    assert r.returncode == 1, (r.returncode, r.stderr)
    err = r.stderr.strip()
    assert err == cli.NO_TERMINAL and "\n" not in err and "solo-fluxx text" in err
    assert r.stdout == ""
    assert took < 30  # it ends at once (a start of the interpreter, not a wait)


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        if self.closed:  # as a real stream does
            raise ValueError("I/O operation on closed file")
        return self.tty


def test_a_terminal_needs_keys_in_and_a_screen_out_unless_a_driver_is_named():
    yes, no = _Stream(True), _Stream(False)
    assert cli.has_terminal(yes, yes, {})
    assert not cli.has_terminal(no, yes, {})   # solo-fluxx < file
    assert not cli.has_terminal(yes, no, {})   # solo-fluxx 2> file: Textual draws on standard error
    assert not cli.has_terminal(None, yes, {})  # no standard input at all
    closed = _Stream(True)
    closed.close()
    assert not cli.has_terminal(closed, yes, {})
    # a browser server (issue 41) runs the app through pipes with Textual's web driver
    assert cli.has_terminal(no, no, {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"})


def test_commands_that_print_need_no_terminal(tmp_path):
    env = {**os.environ, "SOLO_FLUXX_HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "solo.cli", "learn", "--list"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0 and r.stdout.strip().startswith("1.")


# ---------------------------------------------------------------- the answer door
# Every kind of question the engine asks, from random games of every table;
# then answers of odd types made from a legal one. Written against push()'s
# public contract (IllegalAnswer, the state as it was, still loadable), so
# it holds whatever the answers' own type becomes.
import collections  # noqa: E402
import enum  # noqa: E402
import json  # noqa: E402
from decimal import Decimal  # noqa: E402
from fractions import Fraction  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import solo as _solo  # noqa: E402,F401  (registers the solo variant)
from engine.bots import RandomBot  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.prompts import IllegalAnswer  # noqa: E402

TABLES = [(("fluxx5",), 1, "solo"), (("fluxx5", "creeper-pack"), 1, "solo"), (("fluxx5",), 2, "standard"),
          (("fluxx5", "creeper-pack"), 4, "standard"), (("voyager",), 3, "standard"), (("voyager",), 1, "solo")]


def _positions() -> list[Game]:
    """Positions of random games, one of each question kind (ask and
    domain) per table and seed, at most: a few hundred."""
    out, seen = [], set()
    for t, (decks, n, variant) in enumerate(TABLES):
        for seed in range(6):
            g = Game.new(decks, n, variant, 1000 * t + seed, record=False)
            bot = RandomBot(seed)
            while not g.over and g.decisions < 400:
                pr = g.prompt
                key = (t, seed, pr.kind, pr.ask, pr.domain, pr.min, pr.max)
                if key not in seen:
                    seen.add(key)
                    out.append(g.copy(record=False))
                g.push(bot.random_answer(g))
    return out


POSITIONS = _positions()


class Int(int):
    pass


class Word(str):
    pass


class Seat(enum.IntEnum):
    ZERO = 0
    ONE = 1


Pair = collections.namedtuple("Pair", "kind value")


def odd_values(v):
    """Values that compare equal to (or stand for) v but are not of v's exact type."""
    if type(v) is int:
        out = [float(v), Decimal(v), Fraction(v), complex(v), Int(v), str(v), [v], (v,), None]
        if v in (0, 1):
            out += [bool(v), Seat(v)]
        return out
    return [Word(v), v.encode(), bytearray(v.encode()), [v], None, 0]


def odd_containers(values: tuple):
    return [set(values), frozenset(values), collections.deque(values), dict.fromkeys(values),
            iter(values), range(len(values)), str(values)]


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_door_refuses_every_odd_type_and_changes_nothing(data):
    g = data.draw(st.sampled_from(POSITIONS)).copy(record=False)
    legal = g.prompt.legal_answers(limit=30)
    a = data.draw(st.sampled_from(legal))
    ways = ["kind", "whole"]
    if len(a) > 1:
        ways.append("item")
        if isinstance(a[1], tuple):
            ways.append("values")
            if a[1]:
                ways.append("value")
    way = data.draw(st.sampled_from(ways))
    if way == "kind":
        bad = (data.draw(st.sampled_from([Word(a[0]), a[0].encode(), None, 0])),) + tuple(a[1:])
    elif way == "whole":
        bad = data.draw(st.sampled_from([dict(enumerate(a)), set(a) if all(isinstance(x, (int, str)) for x in a)
                                         else frozenset(), Pair(*a) if len(a) == 2 else Word(a[0]),
                                         collections.deque(a), iter(a), json.dumps(a), None, 7, 7.0]))
    elif way == "item":
        odd = data.draw(st.sampled_from(odd_values(a[1]) if not isinstance(a[1], tuple) else [None, 1.5, b"x"]))
        bad = (a[0], odd) + tuple(a[2:])
    elif way == "values":
        bad = (a[0], data.draw(st.sampled_from(odd_containers(a[1]))))
    else:
        i = data.draw(st.integers(0, len(a[1]) - 1))
        odd = data.draw(st.sampled_from(odd_values(a[1][i])))
        bad = (a[0], a[1][:i] + (odd,) + a[1][i + 1:])
    before = g.to_dict()
    try:
        g.push(bad)
    except IllegalAnswer as e:
        assert str(e) and "\n" not in str(e)
    else:
        raise AssertionError(f"the door took {bad!r} (a {way} of odd type) for {a!r}")
    assert g.to_dict() == before  # nothing moved
    again = Game.from_dict(g.to_dict())  # and the state still loads
    assert again.prompt.to_dict() == g.prompt.to_dict()
    g.push(a)  # and the legal answer it was made from still works


@pytest.mark.exists_for("a check of the tests' own positions (they cover every kind of question), not of the project's code")
def test_the_positions_cover_every_kind_of_question():
    kinds = {(g.prompt.kind, g.prompt.domain) for g in POSITIONS}
    assert {("turn", "moves"), ("choose", "cards"), ("choose", "players"), ("choose", "words")} <= kinds
    assert any(g.prompt.ask == "surprise" for g in POSITIONS)


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_home_folder_setting_is_refused_in_a_sentence(monkeypatch, capsys, value):
    monkeypatch.setenv("SOLO_FLUXX_HOME", value)
    for args in (["history"], ["export", "1", "x.json"], ["learn", "--list"]):
        assert cli.main(args) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith("solo-fluxx: SOLO_FLUXX_HOME is set but empty") and "\n" not in err, err
        assert "unset it" in err and "Traceback" not in err


# ---------------------------------------------------------------- writing run files
from engine.datafile import DataFileError, write_text  # noqa: E402

from .helpers import run_cli  # noqa: E402


def _one_run(tmp_path, monkeypatch):
    from .helpers import store_a_finished_run
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    store_a_finished_run(1)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_never_written_to_force_or_not(tmp_path, monkeypatch):
    """Before, export --force onto a FIFO (and sim --save-runs --force onto
    one) hung until something read the FIFO."""
    _one_run(tmp_path, monkeypatch)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for force in ([], ["--force"]):
        r = run_cli("export", "1", fifo, *force)
        assert r.returncode == 1 and "is a pipe, not a file" in r.stderr, r.stderr
    runs = tmp_path / "runs"
    runs.mkdir()
    os.mkfifo(runs / "run-solo-3.json")
    for force in ([], ["--force"]):
        r = run_cli("sim", "--games", "1", "--seed", "3", "--save-runs", runs, *force)
        assert r.returncode == 1 and "is not a file" in r.stderr, r.stderr
    with pytest.raises(DataFileError, match="is a pipe"):
        write_text(fifo, "x", True, "a run file")
    with pytest.raises(DataFileError, match="is a folder"):
        write_text(runs, "x", True, "a run file")


def test_a_link_is_replaced_only_with_force_and_never_written_through(tmp_path, monkeypatch):
    """A link in a run file's place (even a link to nothing) is a name
    taken: refused without --force; with it, the link itself is replaced by
    the file, and what it pointed to (outside the folder) is never written."""
    _one_run(tmp_path, monkeypatch)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "victim.json"
    target.write_text("keep me")
    nowhere = outside / "nothing-here.json"
    folder = tmp_path / "out"
    folder.mkdir()
    for i, to in enumerate((target, nowhere)):
        link = folder / f"run{i}.json"
        link.symlink_to(to)
        r = run_cli("export", "1", link)
        assert r.returncode == 1 and "is a link" in r.stderr and "--force" in r.stderr, r.stderr
        assert link.is_symlink()
        r = run_cli("export", "1", link, "--force")
        assert r.returncode == 0, r.stderr
        assert not link.is_symlink() and json.loads(link.read_text())["seed"] == 1
    assert target.read_text() == "keep me" and not nowhere.exists()
    runs = tmp_path / "runs"
    runs.mkdir()
    (runs / "run-solo-3.json").symlink_to(nowhere)
    r = run_cli("sim", "--games", "1", "--seed", "3", "--save-runs", runs)
    assert r.returncode == 1 and "already exist" in r.stderr
    assert run_cli("sim", "--games", "1", "--seed", "3", "--save-runs", runs, "--force").returncode == 0
    assert not (runs / "run-solo-3.json").is_symlink() and not nowhere.exists()


def test_a_file_name_with_a_newline_cannot_forge_an_output_line(tmp_path, monkeypatch):
    _one_run(tmp_path, monkeypatch)
    name = tmp_path / "a\nsolo-fluxx: verified (score 99).json"
    r = run_cli("export", "1", name)
    assert r.returncode == 0 and r.stdout.count("\n") == 1 and "\\n" in r.stdout, r.stdout
    assert name.exists()


def test_an_ascii_only_terminal_gets_ascii_and_never_an_error(tmp_path, monkeypatch):
    """Before, a character the terminal's encoding lacked (the lesson stars)
    ended in "unexpected UnicodeEncodeError"."""
    from scenarios.lessons import lessons
    from solo.store import Store
    home = tmp_path / "home"
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(home))
    s = Store()
    s.lesson_done(lessons()[0].id, 2)
    s.close()
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
    r = subprocess.run([sys.executable, "-m", "solo.cli", "learn", "--list"], capture_output=True, env=env,
                       timeout=60)
    assert r.returncode == 0 and r.stderr == b"", r.stderr
    first = r.stdout.decode("ascii").splitlines()[0]
    assert "**." in first  # two stars of three, in ASCII


@pytest.mark.parametrize("body,words", [
    ('{"format": 1, "seed": ' + "9" * 100_000 + "}", "thousands of digits long"),
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    ('{"format": 1, "engine": "0.2.0", "variant": "solo", "decks": ["fluxx5"], "players": 1, "seed": 1, '
     '"answers": [["play", "\\ud800"]], "score": 0}', "is not legal here"),
], ids=["a million-digit number", "deep nesting", "a lone surrogate"])
def test_odd_run_files_get_a_sentence_not_unexpected(tmp_path, body, words):
    f = tmp_path / "odd.json"
    f.write_text(body)
    for cmd in ("verify", "replay"):
        r = run_cli(cmd, f)
        said = r.stdout + r.stderr  # (verify says its verdict on standard output, as CLI.md asks)
        assert r.returncode == 1 and words in said and "unexpected" not in said, said
        assert said.count("\n") == 1


# ---------------------------------------------------------------- locks, workers, a full disk, a size limit
def test_a_lock_file_is_never_followed_through_a_link(tmp_path):
    from solo.store import Store, StoreError
    outside = tmp_path / "outside"
    outside.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    s = Store(home / "save.sqlite3")
    (home / "save.sqlite3.solo.lock").symlink_to(outside / "victim")
    with pytest.raises(StoreError, match="is a link") as e:
        s.claim("solo")
    assert "remove the link" in str(e.value)
    assert not (outside / "victim").exists()  # nothing was made at the link's end
    assert s.claim("daily")  # the other slots are not touched
    s.close()


KILLED = """
import os, sys, time
from solo.app.hinting import HintWorker, rank_state
import solo
from engine.game import Game
w = HintWorker()
f = w.submit(Game.new(("fluxx5",), 1, "solo", 3).to_dict(), 1)
f.result(timeout=120)
print(*[p.pid for p in w.pool._processes.values()], flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_the_hint_worker_ends_when_the_app_is_killed(tmp_path):
    """Before, after a kill -9 of the app its worker process waited on its
    queue until the terminal closed."""
    import signal
    root = str(__import__("pathlib").Path(__file__).resolve().parents[1])
    p = subprocess.Popen([sys.executable, "-c", KILLED], stdout=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": root})
    try:
        worker = int(p.stdout.readline().split()[0])
        os.kill(worker, 0)  # alive while the app is
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            try:  # (a zombie reaped by init counts as ended)
                with open(f"/proc/{worker}/stat") as f:
                    if f.read().split(") ")[1].startswith("Z"):
                        break
            except OSError:
                break
            time.sleep(0.2)
        else:
            os.kill(worker, signal.SIGKILL)
            raise AssertionError("the worker outlived the killed app by 15 s")
    finally:
        if p.poll() is None:
            p.kill()


def test_a_full_disk_and_a_size_limit_each_get_their_own_sentence(tmp_path, monkeypatch):
    import sqlite3

    from solo import store as S
    path = tmp_path / "save.sqlite3"
    path.write_bytes(b"x" * 1000)
    err = sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(S, "_size_limit", lambda: None)
    monkeypatch.setattr(S, "_disk_full", lambda p: True)
    full = str(S.store_error(path, err))
    assert "is full; free some space" in full and "Try again" not in full and "size limit" not in full
    monkeypatch.setattr(S, "_disk_full", lambda p: False)
    monkeypatch.setattr(S, "_size_limit", lambda: 4096)
    limit = str(S.store_error(path, err))
    assert "file size limit (4,096 bytes, ulimit -f)" in limit and "is full" not in limit
    monkeypatch.setattr(S, "_size_limit", lambda: None)
    other = str(S.store_error(path, err))  # neither: the disk failed, for a reason of its own
    assert "could not be used (disk I/O error); it was left as it is" in other


SIZE_LIMITED = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))
import solo
from engine.game import Game
from solo.store import Store, StoreError
s = Store(Path(sys.argv[1]))
g = Game.new(("fluxx5",), 1, "solo", 3)
s.claim("solo")
s.start(g)
try:
    for i in range(200):
        s.save(g, [], extra={"pad": "x" * 50_000, "i": i})
    print("no limit met")
except StoreError as e:
    print(e)
"""


@pytest.mark.skipif(not hasattr(__import__("os"), "fork") or sys.platform != "linux", reason="ulimit -f: Linux")
def test_a_real_size_limit_is_told_as_one(tmp_path):
    r = subprocess.run([sys.executable, "-c", SIZE_LIMITED, str(tmp_path / "save.sqlite3")], capture_output=True,
                       text=True, timeout=120)
    assert "file size limit (200,000 bytes, ulimit -f)" in r.stdout, (r.stdout, r.stderr[-500:])


def test_the_screen_checked_is_standard_error_where_textual_draws(monkeypatch):
    """Textual draws on standard error: a terminal on standard output alone
    is no screen for the app (mutant N1 looked at standard output)."""
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr(sys, "__stdout__", _Stream(True))
    monkeypatch.setattr(sys, "__stderr__", _Stream(False))
    assert not cli.has_terminal(_Stream(True))
    monkeypatch.setattr(sys, "__stdout__", _Stream(False))
    monkeypatch.setattr(sys, "__stderr__", _Stream(True))
    assert cli.has_terminal(_Stream(True))
