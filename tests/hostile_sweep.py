"""A hostile tester's sweep through the real command line (issue 38): every
kind of bad input the round's attack used, each run as a player would run
it (a subprocess, no terminal), classed as handled (the exit code the
contract gives, one or two sentences, no traceback, no "unexpected", no
hang) or failed. ``python -m tests.hostile_sweep`` prints the table by
class; ``tests/test_hostile_sweep.py`` holds every row to "handled"."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOOD_RUN = {"format": 1, "engine": "0.2.0", "variant": "solo", "decks": ["fluxx5"], "players": 1, "seed": 1,
            "answers": [], "score": 0}


class Case:
    def __init__(self, klass: str, name: str, args: list[str], make: Callable[[Path], None] | None = None,
                 codes: tuple[int, ...] = (1, 2), env: dict[str, str] | None = None) -> None:
        self.klass, self.name, self.args, self.make, self.codes, self.env = klass, name, args, make, codes, env or {}


def write(name: str, data: bytes | str) -> Callable[[Path], None]:
    def make(d: Path) -> None:
        p = d / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
    return make


def fifo(name: str) -> Callable[[Path], None]:
    return lambda d: os.mkfifo(d / name)


def link(name: str, to: str) -> Callable[[Path], None]:
    return lambda d: (d / name).symlink_to(d / to if not to.startswith("/") else to)


def home_with(change: str | None = None, big: int = 0) -> Callable[[Path], None]:
    """A data folder with five finished runs, then an SQL change to its save."""
    def make(d: Path) -> None:
        code = (f"import os, sys; sys.path.insert(0, {str(ROOT)!r}); "
                f"os.environ['SOLO_FLUXX_HOME'] = {str(d / 'home')!r}\n"
                "from tests.helpers import store_a_finished_run\n"
                "for s in range(1, 6): store_a_finished_run(s)\n")
        subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
        if change:
            c = sqlite3.connect(d / "home" / "solo-fluxx.sqlite3")
            c.execute(change, ("[" * 100_000 + "]" * 100_000,) if "?" in change and not big else
                      ('["' + "x" * big + '"]',) if "?" in change else ())
            c.commit()
            c.close()
    return make


def run_file(**over) -> str:
    return json.dumps({**GOOD_RUN, **over})


CASES = [
    # the command line's own arguments
    Case("arguments", "sim --games -5", ["sim", "--games", "-5"], codes=(2,)),
    Case("arguments", "sim --games 10**12", ["sim", "--games", "1000000000000"], codes=(2,)),
    Case("arguments", "sim --seed of 5000 digits", ["sim", "--games", "1", "--seed", "9" * 5000], codes=(2,)),
    Case("arguments", "sim --decks nonsense", ["sim", "--decks", "nope"], codes=(2,)),
    Case("arguments", "sim --decks with an escape", ["sim", "--decks", "a\x1b[31mred"], codes=(2,)),
    Case("arguments", "sim --jobs 0", ["sim", "--jobs", "0"], codes=(2,)),
    Case("arguments", "daily --date 2026-13-45", ["daily", "--date", "2026-13-45"], codes=(2,)),
    Case("arguments", "learn 0", ["learn", "0"], codes=(2,)),
    Case("arguments", "learn 10**30", ["learn", "1" + "0" * 30], codes=(2,)),
    Case("arguments", "export -1", ["export", "-1", "x.json"], codes=(2,)),
    Case("arguments", "replay with no run", ["replay"], codes=(2,)),
    Case("arguments", "rules of an unknown id", ["rules", "no.such.rule"], codes=(1, 2)),
    Case("arguments", "an unknown command", ["fly"], codes=(2,)),
    # run files (verify and replay read them)
    Case("run files", "garbage bytes", ["verify", "r.json"], write("r.json", b"\x00\xff\xfe garbage")),
    Case("run files", "empty", ["verify", "r.json"], write("r.json", b"")),
    Case("run files", "not UTF-8", ["replay", "r.json"], write("r.json", b'{"a": "\xff"}')),
    Case("run files", "a lone surrogate", ["verify", "r.json"],
         write("r.json", run_file(answers=[["play", "\ud800"]]))),
    Case("run files", "a million-digit seed", ["verify", "r.json"],
         write("r.json", run_file()[:-1] + ', "x": ' + "9" * 1_000_000 + "}")),
    Case("run files", "nested 100,000 deep", ["replay", "r.json"], write("r.json", "[" * 100_000 + "]" * 100_000)),
    Case("run files", "a seed of the wrong type", ["verify", "r.json"], write("r.json", run_file(seed="one"))),
    Case("run files", "answers of the wrong type", ["verify", "r.json"], write("r.json", run_file(answers={"a": 1}))),
    Case("run files", "an answer of odd types", ["verify", "r.json"],
         write("r.json", run_file(answers=[["play", 45.0]]))),
    Case("run files", "a format from the future", ["verify", "r.json"], write("r.json", run_file(format=99))),
    Case("run files", "a FIFO", ["verify", "r.json"], fifo("r.json")),
    Case("run files", "a device", ["verify", "/dev/zero"]),
    Case("run files", "a folder", ["replay", "."]),
    Case("run files", "a link loop", ["verify", "a.json"], lambda d: (link("a.json", "b.json")(d),
                                                                      link("b.json", "a.json")(d))),
    Case("run files", "50 MB", ["verify", "r.json"], write("r.json", " " * 50_000_000)),
    # deck and scenario files
    Case("data files", "deck: garbage", ["deck", "check", "d.toml"], write("d.toml", b"\xff\x00 = = =")),
    Case("data files", "deck: a TOML bomb of dotted keys", ["deck", "check", "d.toml"],
         write("d.toml", "a" + ".a" * 20_000 + " = 1\n")),
    Case("data files", "deck: nested arrays", ["deck", "check", "d.toml"], write("d.toml", "x = " + "[" * 5000)),
    Case("data files", "deck: a FIFO", ["deck", "check", "d.toml"], fifo("d.toml")),
    Case("data files", "scenario: garbage", ["scenario", "s.toml"], write("s.toml", b"\x00\x01\x02"), codes=(1,)),
    Case("data files", "scenario: a FIFO", ["scenario", "s.toml"], fifo("s.toml"), codes=(1,)),
    # what is written
    Case("writes", "export onto a FIFO", ["export", "1", "out.json", "--force"],
         lambda d: (home_with()(d), fifo("out.json")(d))),
    Case("writes", "export onto a link to nothing", ["export", "1", "out.json"],
         lambda d: (home_with()(d), link("out.json", "/nonexistent/x.json")(d))),
    Case("writes", "export onto a folder", ["export", "1", "."], home_with()),
    Case("writes", "export to a name with a newline", ["export", "1", "a\nverified.json"], home_with(),
         codes=(0,)),
    Case("writes", "sim --save-runs onto a FIFO", ["sim", "--games", "1", "--seed", "3", "--save-runs", "runs",
                                                   "--force"],
         lambda d: ((d / "runs").mkdir(), fifo("runs/run-solo-3.json")(d))),
    Case("writes", "sim --save-runs is a file", ["sim", "--games", "1", "--save-runs", "f"], write("f", "x")),
    # the environment
    Case("environment", "an empty SOLO_FLUXX_HOME", ["history"], env={"SOLO_FLUXX_HOME": ""}),
    Case("environment", "SOLO_FLUXX_HOME is a file", ["history"], write("home", "x"),
         env={"SOLO_FLUXX_HOME": "{d}/home"}),
    Case("environment", "the app with no terminal", []),
    Case("environment", "play with no terminal", ["play", "--seed", "3"]),
    Case("environment", "an ASCII-only terminal", ["rules", "--search", "why can't I win"], codes=(0,),
         env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"}),
    # saves
    Case("saves", "a history row's decks nested 100,000 deep", ["history"],
         lambda d: (home_with("UPDATE runs SET decks=? WHERE id=2")(d)), codes=(0,)),
    Case("saves", "a history row of 60 MB", ["history"], home_with("UPDATE runs SET run=? WHERE id=3", 60_000_000),
         codes=(0,)),
    Case("saves", "export of a row that does not verify", ["export", "2", "out.json"],
         home_with("UPDATE runs SET run=json_set(run, '$.score', 99) WHERE id=2")),
    Case("saves", "a header from a newer SQLite", ["history"],
         lambda d: (home_with()(d), _poke(d / "home" / "solo-fluxx.sqlite3", 18, 3))),
    Case("saves", "a planted trigger", ["history"],
         home_with("CREATE TRIGGER t AFTER INSERT ON runs BEGIN DELETE FROM runs; END"), codes=(0,)),
    Case("saves", "a view where a table goes", ["history"],
         lambda d: (home_with()(d), _sql(d, "ALTER TABLE par RENAME TO p2; CREATE VIEW par AS SELECT * FROM p2")),
         codes=(0,)),
    Case("saves", "the schema row missing", ["history"], home_with("DELETE FROM meta WHERE key='schema'"),
         codes=(0,)),
    Case("saves", "not a database", ["history"],
         lambda d: ((d / "home").mkdir(), write("home/solo-fluxx.sqlite3", b"hello" * 100)(d)), codes=(0,)),
]


def _poke(path: Path, at: int, value: int) -> None:
    b = bytearray(path.read_bytes())
    b[at] = value
    path.write_bytes(bytes(b))


def _sql(d: Path, script: str) -> None:
    c = sqlite3.connect(d / "home" / "solo-fluxx.sqlite3")
    c.executescript(script)
    c.close()


def run_case(c: Case, timeout: float = 60.0) -> tuple[str, str]:
    """(handled or failed, what was seen)."""
    with tempfile.TemporaryDirectory() as t:
        d = Path(t)
        if c.make:
            c.make(d)
        env = {**os.environ, "SOLO_FLUXX_HOME": str(d / "home"), "PYTHONPATH": str(ROOT)}
        env.pop("TEXTUAL_DRIVER", None)
        env.update({k: v.replace("{d}", str(d)) for k, v in c.env.items()})
        start = time.monotonic()
        try:
            r = subprocess.run([sys.executable, "-m", "solo.cli", *c.args], cwd=d, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return "failed", f"no answer in {timeout:g} s (a hang)"
        took = time.monotonic() - start
        err = r.stderr.decode("utf-8", "replace").strip()
        out = r.stdout.decode("utf-8", "replace").strip()
        said = err or out
        if "Traceback" in err or "unexpected" in err:
            return "failed", said[-200:]
        if r.returncode not in c.codes:
            return "failed", f"exit {r.returncode} (expected {c.codes}): {said[-200:]}"
        if r.returncode and (not said or len(err.splitlines()) > 2):
            return "failed", f"exit {r.returncode} with {len(err.splitlines())} lines on stderr"
        return "handled", f"exit {r.returncode} in {took:.1f} s: {said.splitlines()[-1][:150] if said else ''}"


def sweep(echo: Callable[[str], None] = print) -> dict[str, list[int]]:
    """Every case run; returns per class [tried, handled, failed] and prints each row."""
    table: dict[str, list[int]] = {}
    for c in CASES:
        verdict, seen = run_case(c)
        row = table.setdefault(c.klass, [0, 0, 0])
        row[0] += 1
        row[1 if verdict == "handled" else 2] += 1
        echo(f"{verdict:8} {c.klass:12} {c.name}: {seen}")
    return table


if __name__ == "__main__":
    result = sweep()
    print("\n| class | tried | handled | failed |\n|---|---|---|---|")
    for k, (tried, ok, bad) in result.items():
        print(f"| {k} | {tried} | {ok} | {bad} |")
    total = [sum(v[i] for v in result.values()) for i in range(3)]
    print(f"| all | {total[0]} | {total[1]} | {total[2]} |")
