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
    assert not (tmp_path / "home").exists()  # nothing was made for a game that could not start


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
