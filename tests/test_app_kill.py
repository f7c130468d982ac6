"""Kill the real app (SIGKILL) at random moments while keys are being pressed
in a pseudo-terminal; the next start must find the last answered state
exactly (the saved state equals the replay of the saved answers) and the
run history intact."""
from __future__ import annotations

import fcntl
import os
import pty
import random
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from solo.store import Store, rebuild

ROOT = Path(__file__).resolve().parents[1]


def spawn_app(home: Path, args: list[str]) -> tuple[int, int]:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command line, in a real (pseudo) terminal
        env = dict(os.environ, SOLO_FLUXX_HOME=str(home), TERM="xterm-256color", PYTHONPATH=str(ROOT))
        os.execvpe(sys.executable, [sys.executable, "-m", "solo.cli", *args], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def press_then_kill(home: Path, args: list[str], rnd: random.Random, keys: list[bytes], presses: tuple[int, int],
                    pause: tuple[float, float]) -> None:
    """Start the app, press random keys at random pauses, then SIGKILL it."""
    pid, fd = spawn_app(home, args)
    drain(fd, 2.5)  # start-up
    for _ in range(rnd.randint(*presses)):
        os.write(fd, rnd.choice(keys))
        drain(fd, rnd.uniform(*pause))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)


def drain(fd: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                os.read(fd, 65536)
            except OSError:
                return


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX pseudo-terminal")
def test_kill_the_app_at_random_moments(tmp_path):
    rnd = random.Random(7)
    db = tmp_path / "solo-fluxx.sqlite3"
    answered_max = 0
    seven: list = []      # the answers of the seed-7 game saved so far
    history: list = []    # the run history seen so far
    for i in range(8):
        args = ["play", "--seed", "7"] if i == 0 else []
        press_then_kill(tmp_path, args, rnd, [b"1", b"\r", b" ", b"2"], (3, 12), (0.05, 0.3))
        s = Store(db)
        assert s.notice is None
        saved = s.load()
        runs = s.runs()
        # the history only grows, and a run once written never changes
        assert runs[:len(history)] == history
        history = runs
        if saved is not None:
            g, answers, info = saved
            if info.seed == 7:
                # the same game: every answer saved before is still there, in order
                assert answers[:len(seven)] == seven, "saved answers of the game were lost"
                seven = answers
            else:
                # another game only once the seed-7 game has left the current slot for the history
                assert any(r["seed"] == 7 for r in runs)
            assert rebuild(info.seed, info.decks, answers).to_dict() == g.to_dict()
            answered_max = max(answered_max, len(answers))
        else:
            assert any(r["seed"] == 7 for r in runs) or not seven, "the saved game vanished"
        s.close()
    assert answered_max > 0, "no answer was ever saved: the app did not take the keys"


def bots_answered_as_bots(g0, seats: list[str], answers: list) -> int:
    """Every answer of a bot seat in ``answers`` (from the deal of ``g0``) is
    the one that bot gives from the state there (``verify``'s own check, so
    a resumed game sees the same bot moves). How many bot answers were checked."""
    from engine.runfile import RunFile, check_bots
    run = RunFile(format=1, engine="test", variant=g0.variant_name, decks=list(g0.decks), players=g0.nplayers,
                  seed=g0.seed, answers=answers, seats=seats)
    checked, why = check_bots(run)
    assert why is None, why
    return checked


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX pseudo-terminal")
def test_kill_a_game_against_bots_at_random_moments(tmp_path):
    """The same for a game against three bots: killed while the bots play
    and while you do, it resumes (with no arguments: the game in progress)
    with every saved answer, the state equal to their replay, and every bot
    answer the one its bot gives from the state, across the restarts."""
    from engine.game import Game
    rnd = random.Random(11)
    db = tmp_path / "solo-fluxx.sqlite3"
    kept: list = []
    checked = 0
    for i in range(6):
        args = ["play", "--variant", "standard", "--players", "4", "--bot", "greedy", "--seed", "7"] if i == 0 else []
        press_then_kill(tmp_path, args, rnd, [b"1", b"\r", b"b", b"2", b" "], (3, 10), (0.1, 0.6))
        s = Store(db)
        assert s.notice is None
        assert "solo" not in s.in_progress()
        saved = s.load("standard")
        if saved is None:  # the game ended: it is in the history
            assert any(r["variant"] == "standard" and r["seed"] == 7 for r in s.runs())
            s.close()
            break
        g, answers, info = saved
        assert info.extra == {"seats": ["human", "greedy", "greedy", "greedy"]}
        assert answers[:len(kept)] == kept, "saved answers of the game were lost"
        kept = answers
        assert rebuild(7, info.decks, answers, "standard", 4).to_dict() == g.to_dict()
        checked = bots_answered_as_bots(Game.new(("fluxx5",), 4, "standard", 7), info.extra["seats"], answers)
        s.close()
    assert kept and checked > 0, "no bot move was ever saved"
