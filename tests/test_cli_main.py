"""``solo.cli.main``'s last lines of defence, in process: each way a
command can end badly (interrupted, output cut off, a store or run file
error, anything else) is one sentence on stderr and its exit status, never
a traceback; a character the terminal cannot show is a '?'; and the
streams are given back as they were. (The commands themselves are in
test_cli_contract.py, run as a user runs them.)"""
from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys

import pytest

from engine.registry import VariantError
from engine.runfile import RunError
from solo import cli
from solo.store import DB_NAME, StoreError


def _raising(exc: BaseException):
    def cmd(_args):
        raise exc
    return cmd


def _run(monkeypatch, capsys, exc: BaseException) -> tuple[int, str, str]:
    monkeypatch.setattr(cli, "cmd_sim", _raising(exc))
    rc = cli.main(["sim", "--games", "1"])
    got = capsys.readouterr()
    return rc, got.out, got.err


@pytest.mark.parametrize("exc, rc, says", [
    (KeyboardInterrupt(), 130, "solo-fluxx: interrupted\n"),
    (cli.UsageError("solo-fluxx sim: that will not do"), 2, "solo-fluxx sim: that will not do\n"),
    (VariantError("variant 'x' did not load"), 2, "solo-fluxx: variant 'x' did not load\n"),
    (cli.NoTerminal("this needs a terminal"), 1, "this needs a terminal\n"),
    (StoreError("the save store is locked"), 1, "solo-fluxx: the save store is locked\n"),
    (RunError("run.json: not a run file"), 1, "solo-fluxx: run.json: not a run file\n"),
    (ValueError("a thing went wrong"), 1, "solo-fluxx: unexpected ValueError: a thing went wrong\n"),
])
def test_each_way_a_command_fails_is_one_sentence_and_its_status(monkeypatch, capsys, exc, rc, says):
    got = _run(monkeypatch, capsys, exc)
    assert got == (rc, "", says)


def test_a_store_database_error_names_the_store(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path))
    rc, out, err = _run(monkeypatch, capsys, sqlite3.DatabaseError("file is not a database"))
    assert rc == 1 and out == ""
    assert err == (f"solo-fluxx: The save database {tmp_path / DB_NAME} could not be used (file is not a "
                   "database); it was left as it is. Try again, or set SOLO_FLUXX_HOME to another folder.\n")


def test_output_cut_off_by_the_reader_ends_quietly(monkeypatch, capsys):
    rc, out, err = _run(monkeypatch, capsys, BrokenPipeError())
    assert (rc, err) == (0, "")


def test_a_reader_that_stops_early_gets_no_error_at_all():
    """``solo-fluxx ... | head`` as a shell runs it: the writer meets a
    closed pipe mid-output and ends with status 0, nothing on stderr, not
    even Python's "Exception ignored" at exit."""
    code = ("import sys\nfrom solo import cli\n"
            "def cmd(_a):\n    for i in range(200000):\n        print('line', i)\n    return 0\n"
            "cli.cmd_sim = cmd\nsys.exit(cli.main(['sim', '--games', '1']))\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=dict(os.environ, PYTHONPATH=os.getcwd()), cwd=os.getcwd())
    assert p.stdout is not None and p.stderr is not None
    assert p.stdout.read(20).startswith(b"line 0\nline 1\n")
    p.stdout.close()
    err = p.stderr.read().decode()
    assert (p.wait(timeout=60), err) == (0, "")


def test_the_streams_are_given_back_and_stderr_shows_controls_visibly(monkeypatch, capsys):
    before = sys.stdout, sys.stderr
    seen = {}

    def cmd(_args):
        seen["out"], seen["err"] = sys.stdout, sys.stderr
        print("a name with \x1b[2J in it", file=sys.stderr)
        print("and \x1b]0;title\x07 here")
        return 3
    monkeypatch.setattr(cli, "cmd_sim", cmd)
    assert cli.main(["sim", "--games", "1"]) == 3
    assert (sys.stdout, sys.stderr) == before
    assert isinstance(seen["out"], cli.Visible) and isinstance(seen["err"], cli.Visible)
    got = capsys.readouterr()
    assert got.err == "a name with \\e[2J in it\n" and got.out == "and \\e]0;title\\x07 here\n"


def test_the_arguments_are_read_from_the_command_line_when_none_are_given(monkeypatch, capsys):
    seen = {}

    def cmd(args):
        seen["games"] = args.games
        return 0
    monkeypatch.setattr(cli, "cmd_sim", cmd)
    monkeypatch.setattr(sys, "argv", ["solo-fluxx", "sim", "--games", "7"])
    assert cli.main() == 0 and seen == {"games": 7}


def test_a_character_the_terminal_cannot_show_is_a_question_mark(monkeypatch):
    raw_out, raw_err = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(raw_out, encoding="ascii", errors="strict", write_through=True)
    err = io.TextIOWrapper(raw_err, encoding="ascii", errors="strict", write_through=True)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)

    def cmd(_args):
        print("Café ♥")
        print("Déjà", file=sys.stderr)
        return 0
    monkeypatch.setattr(cli, "cmd_sim", cmd)
    assert cli.main(["sim", "--games", "1"]) == 0
    assert raw_out.getvalue() == b"Caf? ?\n" and raw_err.getvalue() == b"D?j?\n"
    assert out.errors == "replace" and err.errors == "replace"
