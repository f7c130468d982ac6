"""Kill the saving process (SIGKILL) at random moments, many times: the next
start must resume the last answered state exactly, with the history intact."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solo.store import Store, rebuild

DRIVER = Path(__file__).with_name("kill_driver.py")


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_kill_at_random_moments(tmp_path):
    db = tmp_path / "save.sqlite3"
    rnd = random.Random(20261129)
    kills = 0
    finished_before = 0
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    for i in range(25):
        p = subprocess.Popen([sys.executable, str(DRIVER), str(db), str(1000 + i)],
                             stdout=subprocess.PIPE, text=True, env=env)
        time.sleep(rnd.uniform(0.3, 0.9))
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate()
        kills += 1
        lines = [ln for ln in out.splitlines() if ln.startswith("saved")]
        s = Store(db)
        assert s.notice is None
        saved = s.load()
        runs = s.runs()
        # the history only grows: nothing finished is ever lost
        assert len(runs) >= finished_before
        finished_before = len(runs)
        if lines:
            last_n, last_over = map(int, lines[-1].split()[1:])
            if last_over:
                # the acknowledged game is in the history; at most one answer of the next game is saved
                assert runs and runs[-1]["status"] == "finished"
                assert saved is None or len(saved[1]) <= 1
            elif saved is None:
                # the one answer after the last acknowledged one finished the game and
                # committed before the kill: the game is in the history with every answer
                assert runs and runs[-1]["status"] == "finished", "an acknowledged game in progress was lost"
                assert len(s.run_file(runs[-1]["id"])["answers"]) == last_n + 1
            else:
                # every acknowledged answer is there; one more may have committed before the kill
                assert len(saved[1]) in (last_n, last_n + 1), (len(saved[1]), last_n)
        if saved is not None:
            g, answers, info = saved
            # the saved state is exactly the replay of the saved answers
            assert rebuild(info.seed, info.decks, answers).to_dict() == g.to_dict()
        s.close()
    assert kills == 25
