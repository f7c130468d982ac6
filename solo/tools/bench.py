"""The project's benchmark: ``python -m solo.tools.bench [--quick]``.

Prints, in one run: games per second with the random bot (solo, standard
2-player fluxx5, standard 4-player), wall and per CPU-second, mean turns and
decisions per game, decisions per second and CPU µs per decision, the
speed-up of ``sim --jobs`` on every core (with its results checked equal), the search bot's time per decision at its default
budget, the peak memory of 1,000- and 10,000-game sims (it must stay
flat), the largest serialised state seen, and the mean solo score of the
random, greedy and search bots over the same seeds (``--no-strength``
skips that table). ``--curve N`` prints the search bot's strength against
its time per decision instead: mean solo score over seeds 0..N-1 and CPU ms
per decision at several budgets, with the frozen par bot (v1) beside it.
"""
from __future__ import annotations

import argparse
import json
import re
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.bots import SearchBot
from engine.game import Game
from engine.sim import run_sim


def speed(variant: str, players: int, games: int, decks: tuple[str, ...] = ("fluxx5",)) -> dict[str, Any]:
    """One process: wall and CPU rates (this machine is shared: CPU time is the steadier)."""
    r = run_sim(tuple(decks), players, variant, games, 0, "random")
    return {"games_per_second": r["games_per_second"], "games_per_cpu_second": r["games_per_cpu_second"],
            "decisions_per_second": r["decisions_per_second"],
            "decisions_per_cpu_second": r["decisions_per_cpu_second"],
            "cpu_us_per_decision": round(1e6 * r["cpu_seconds"] / max(1, r["decisions"]), 2),
            "mean_turns": r["mean_turns"], "decisions_per_game": round(r["decisions"] / games, 1),
            "errors": r["errors"]}


def jobs_speedup(games: int) -> dict[str, Any]:
    """``sim --jobs`` on every core against one process: the wall-time speed-up,
    and whether the results are the same (they must be)."""
    from engine.sim import TIMING_KEYS, default_jobs
    n = default_jobs()
    one = run_sim(("fluxx5",), 1, "solo", games, 0, "random", jobs=1)
    many = run_sim(("fluxx5",), 1, "solo", games, 0, "random", jobs=n)
    same = {k: v for k, v in one.items() if k not in TIMING_KEYS} == \
        {k: v for k, v in many.items() if k not in TIMING_KEYS}
    return {"cores": n, "seconds_1": one["seconds"], f"seconds_{n}": many["seconds"],
            "speedup": round(one["seconds"] / many["seconds"], 2) if many["seconds"] else None, "same_results": same}


def peak_memory(games: int) -> float:
    tracemalloc.start()
    run_sim(("fluxx5",), 1, "solo", games, 0, "random")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 1e6, 2)


def largest_state(games: int) -> int:
    """The largest JSON state met along random games (solo and 4-player)."""
    from engine.bots import RandomBot
    worst = 0
    for variant, players in (("solo", 1), ("standard", 4)):
        for s in range(games):
            g = Game.new(("fluxx5", "creeper-pack"), players, variant, s, record=False)
            bot = RandomBot(s)
            while not g.over and g.turn <= 200:
                g.push(bot.choose(g))
                if g.decisions % 10 == 0:
                    worst = max(worst, len(json.dumps(g.to_dict(), separators=(",", ":"))))
    return worst


def search_time(decisions: int) -> float:
    """Mean milliseconds per decision of the search bot at its default budget."""
    bot = SearchBot(1)
    spent = 0.0
    n = 0
    s = 0
    while n < decisions:
        g = Game.new(("fluxx5",), 1, "solo", 1000 + s, record=False)
        s += 1
        while not g.over and n < decisions:
            if len(bot.greedy.candidates(g)) > 1:
                t = time.perf_counter()
                a = bot.choose(g)
                spent += time.perf_counter() - t
                n += 1
            else:
                a = bot.greedy.candidates(g)[0]
            g.push(a)
    return round(1000 * spent / n, 1)


# The floor of a first frame on this machine: a Textual app that draws one
# line (the words the app's first frame is known by), started the same way.
FLOOR_APP = """
from textual.app import App
from textual.widgets import Static
class Floor(App):
    def compose(self):
        yield Static("Keepers and Creepers")
Floor().run()
"""


# Key press to table in the checkout first on sys.path, for ``--against``: the
# measurement of ``app_timings`` written against only what every version of
# the app since issue 17 has (``SoloFluxxApp(store, new=...)``, ``GameScreen``,
# its ``g`` and ``answer``), so a checkout from before ``--app-size`` is timed
# by the same lines as this one. argv: WIDTHxHEIGHT PRESSES; prints the median in ms.
KEY_TO_TABLE_APP = """
import asyncio, gc, sys, tempfile, time
from pathlib import Path
from solo.app import SoloFluxxApp
from solo.app.screens import GameScreen
from solo.store import Store
size = tuple(int(x) for x in sys.argv[1].split("x"))
presses = int(sys.argv[2])
async def run():
    with tempfile.TemporaryDirectory() as d:
        gc.disable()  # as the command line starts the app; the app sets the collector after its start
        app = SoloFluxxApp(Store(Path(d) / "bench.sqlite3"), new=(7, ["fluxx5", "creeper-pack"]))
        app.animation_level = "none"
        times = []
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for _ in range(presses * 4):
                scr = app.screen
                if not isinstance(scr, GameScreen) or scr.g.over or len(times) >= presses:
                    break
                g = scr.g
                if g.prompt is None or g.prompt.kind != "turn":
                    await pilot.press("enter" if g.prompt is None or g.prompt.max <= 1 else "escape")
                    await pilot.pause()
                    continue
                t = time.perf_counter_ns()
                scr.answer(g.prompt.options[0])
                if isinstance(app.screen, GameScreen):
                    app.screen.refresh(layout=True, repaint=False)
                    app.screen._compositor.reflow(app.screen, app.screen.size)
                    app.screen._compositor.render_strips()
                times.append(time.perf_counter_ns() - t)
                await pilot.pause()
        times.sort()
        print(times[len(times) // 2] / 1e6 if times else "none")
asyncio.run(run())
"""


def key_to_table_in(root: Path, size: tuple[int, int], presses: int) -> float | None:
    """The median key press to table (ms) of the checkout at ``root``, in a
    process of its own (``KEY_TO_TABLE_APP``); None where it gave no figure."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", KEY_TO_TABLE_APP, f"{size[0]}x{size[1]}", str(presses)],
                          cwd=root, env=env, capture_output=True, text=True)
    try:
        return round(float(done.stdout.strip().splitlines()[-1]), 2)
    except (IndexError, ValueError):
        return None


def first_frame_in_a_terminal(timeout: float = 10.0, bytecode: bool = True, floor: bool = False,
                              tree: str | None = None) -> float | None:
    """Milliseconds from starting ``solo-fluxx play --seed 7`` in a real
    pseudo-terminal (80x24) to the table being on it (its Keepers box drawn);
    None where no pseudo-terminal can be had. ``bytecode``: Python keeps its
    compiled modules as it does by default (a player's machine), even where
    PYTHONDONTWRITEBYTECODE is set (this sandbox); False: every module is
    compiled again at each start, the worst case (no compiled module is found,
    in a cache folder of its own, and none is written). ``floor``: the same
    for ``FLOOR_APP`` instead of the app (what Python and Textual take alone).
    ``tree``: the app of the checkout in that folder instead, started as
    ``python -m solo.cli play --seed 7`` there (``--against``)."""
    import fcntl
    import os
    import pty
    import select
    import shutil
    import signal
    import struct
    import sys
    import tempfile
    import termios
    exe = shutil.which("solo-fluxx") or os.path.join(os.path.dirname(sys.executable), "solo-fluxx")
    if not floor and tree is None and not os.path.exists(exe):
        return None
    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, as a player starts it
            os.environ.update({"SOLO_FLUXX_HOME": home, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"})
            if bytecode:
                os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
                os.environ.pop("PYTHONPYCACHEPREFIX", None)
            else:  # the modules compiled beside their sources are not read either (an empty cache folder)
                os.environ.update({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": os.path.join(home, "pyc")})
            if floor:
                os.execv(sys.executable, [sys.executable, "-c", FLOOR_APP])
            if tree is not None:
                os.environ["PYTHONPATH"] = tree
                os.chdir(tree)
                os.execv(sys.executable, [sys.executable, "-m", "solo.cli", "play", "--seed", "7"])
            os.execv(exe, [exe, "play", "--seed", "7"])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        seen = b""
        took = None
        try:
            while time.perf_counter() - t0 < timeout:
                r, _, _ = select.select([fd], [], [], 0.05)
                if r:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        break
                    seen += chunk
                    if b"Keepers and Creepers" in seen.replace(b"\x1b", b""):
                        took = time.perf_counter() - t0
                        break
        finally:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
            os.close(fd)
    return None if took is None else round(took * 1000, 1)


def app_timings(presses: int = 30, frames: int = 5, size: tuple[int, int] = (80, 24)) -> dict[str, Any]:
    """Key press to updated table: the app's own work for one answer on a full
    mid-game table (the answer, the tutor, every zone redrawn, and a full
    render of the screen) at the terminal ``size``, timed in process, and the
    first frame headless (and, with ``frames``, in a real terminal). The app
    is started as the command line starts it (the cycle collector paused
    for the start, then set by the app: ``SoloFluxxApp.start_done``)."""
    import asyncio
    import gc
    import tempfile
    from pathlib import Path

    from solo.app import SoloFluxxApp
    from solo.app.screens import GameScreen
    from solo.store import Store

    async def run() -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            gc.disable()  # as the command line starts the app: the app freezes the start and sets the collector
            app = SoloFluxxApp(Store(Path(d) / "bench.sqlite3"), new=(7, ["fluxx5", "creeper-pack"]))
            app.animation_level = "none"
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                first = time.perf_counter() - t0
                times: list[int] = []
                for _ in range(presses * 4):
                    scr = app.screen
                    if not isinstance(scr, GameScreen) or scr.g.over or len(times) >= presses:
                        break
                    g = scr.g
                    if g.prompt is None or g.prompt.kind != "turn":
                        await pilot.press("enter" if g.prompt is None or g.prompt.max <= 1 else "escape")
                        await pilot.pause()
                        continue
                    t = time.perf_counter_ns()
                    scr.answer(g.prompt.options[0])      # the handler: engine, save, tutor, every zone
                    if isinstance(app.screen, GameScreen):
                        # a layout as the app makes after a key (not a repaint of the screen's own
                        # background, which a key press never asks for: the widgets mark what changed)
                        app.screen.refresh(layout=True, repaint=False)
                        app.screen._compositor.reflow(app.screen, app.screen.size)
                        app.screen._compositor.render_strips()  # a full frame of the table
                    times.append(time.perf_counter_ns() - t)
                    await pilot.pause()
            times.sort()
            med = times[len(times) // 2] / 1e6 if times else None
            return {"first_frame_headless_ms": round(first * 1000, 1),
                    "key_to_table_ms_median": None if med is None else round(med, 2),
                    "key_to_table_ms_max": round(times[-1] / 1e6, 2) if times else None,
                    "presses": len(times)}
    thresholds = gc.get_threshold()
    try:
        out = asyncio.run(run())
    finally:  # the collector as it was (the app set it for its own process)
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.enable()
    out["size"] = f"{size[0]}x{size[1]}"
    if frames:
        out.update(first_frames(frames))
    return out


def bots_timings(bots: int = 5, strength: str = "greedy", presses: int = 30,
                 size: tuple[int, int] = (80, 24)) -> dict[str, Any]:
    """A game against bots at the instant pace: key press to the table
    showing your move (the handler and a full frame, as ``app_timings``),
    and key press to your next question with every bot move between played,
    told and drawn (each bot move gets its frame: the screen refreshes between
    them). Wall-clock milliseconds, headless."""
    import asyncio
    import gc
    import tempfile
    from pathlib import Path

    from solo.app import SoloFluxxApp
    from solo.app.screens import GameScreen
    from solo.store import Store
    from solo.store.seats import new_seats

    async def run() -> dict[str, Any]:
        mine: list[int] = []
        round_trip: list[int] = []
        per_move: list[int] = []
        for seed in range(7, 30):  # games until enough presses
            if len(mine) >= presses:
                break
            await one_game(seed, mine, round_trip, per_move)

        def ms(xs: list[int], q: float) -> float | None:
            xs = sorted(xs)
            return round(xs[min(len(xs) - 1, int(q * len(xs)))] / 1e6, 1) if xs else None
        return {"bots": bots, "strength": strength, "size": f"{size[0]}x{size[1]}",
                "key_to_table_ms_median": ms(mine, 0.5), "key_to_table_ms_max": ms(mine, 1.0),
                "key_to_next_question_ms_median": ms(round_trip, 0.5),
                "key_to_next_question_ms_max": ms(round_trip, 1.0),
                "ms_per_bot_move_median": ms(per_move, 0.5), "presses": len(mine)}

    async def one_game(seed: int, mine: list[int], round_trip: list[int], per_move: list[int]) -> None:
        with tempfile.TemporaryDirectory() as d:
            store = Store(Path(d) / "bench.sqlite3")
            store.set_pref("bot_pace", "instant")
            store.set_pref("lessons_offered", True)
            gc.disable()  # as the command line starts the app (SoloFluxxApp.start_done sets the collector)
            app = SoloFluxxApp(store, new=(seed, ["fluxx5"]), seats=new_seats(bots, strength))
            app.animation_level = "none"
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                for _ in range(presses * 200):
                    scr = app.screen
                    if not isinstance(scr, GameScreen) or scr.g.over or len(mine) >= presses:
                        break
                    g = scr.g
                    if scr.thinking is not None or g.prompt.player != 0:
                        await pilot.pause(0.001)
                        continue
                    if g.prompt.kind != "turn":
                        await pilot.press("enter" if g.prompt.max <= 1 else "escape")
                        await pilot.pause()
                        continue
                    before = len(scr.answers)
                    t = time.perf_counter_ns()
                    scr.answer(g.prompt.options[0])
                    scr.refresh(layout=True, repaint=False)  # as above: a layout, not a repaint of the screen
                    scr._compositor.reflow(scr, scr.size)
                    scr._compositor.render_strips()
                    mine.append(time.perf_counter_ns() - t)
                    while isinstance(app.screen, GameScreen) and not scr.g.over and \
                            (scr.thinking is not None or scr.g.prompt.player != 0):
                        await pilot.pause(0.001)
                    n = len(scr.answers) - before - 1
                    if n > 0:  # the bots had moves to make: a round trip
                        dt = time.perf_counter_ns() - t
                        round_trip.append(dt)
                        per_move.append(dt // n)
            store.close()
    thresholds = gc.get_threshold()
    try:
        return asyncio.run(run())
    finally:  # the collector as it was (the app set it for its own process)
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.enable()


def _median(got: list[float | None] | list[float]) -> float | None:
    """The middle of the figures measured (a start with no terminal gives None, left out)."""
    ms = sorted(x for x in got if x is not None)
    return ms[len(ms) // 2] if ms else None


def first_frames(n: int) -> dict[str, Any]:
    """The median of n first frames in a real terminal, with the bytecode
    cache (after one start that fills it, as the first start after an
    install does) and without it (every module compiled at start); and the
    floor (``FLOOR_APP``), started in turn with the app's starts, so that
    both meet the same load on a shared machine."""
    first_frame_in_a_terminal(bytecode=True)  # fills the cache
    first_frame_in_a_terminal(floor=True)
    app, floor = [], []
    for _ in range(n):
        app.append(first_frame_in_a_terminal(bytecode=True))
        floor.append(first_frame_in_a_terminal(floor=True))
    cold = [first_frame_in_a_terminal(bytecode=False) for _ in range(n)]
    return {"first_frame_terminal_ms": _median(app), "first_frame_terminal_ms_no_bytecode_cache": _median(cold),
            "first_frame_floor_ms": _median(floor)}


def strength(bot: str, seeds: int) -> tuple[float, float]:
    """Mean solo score over seeds 0..seeds-1, played on every core; and the wall seconds."""
    from engine.sim import default_jobs
    t = time.perf_counter()
    r = run_sim(("fluxx5",), 1, "solo", seeds, 0, bot, jobs=default_jobs())
    return r["mean_score"], round(time.perf_counter() - t, 1)


# the search budgets of the strength curve: (bot, rollouts, horizon in turns)
CURVE = (("v1 (par bot)", 12, 400), ("v2", 12, 400), ("v2", 30, 400), ("v2", 12, 6), ("v2", 30, 6),
         ("v2", 50, 6), ("v2", 60, 6), ("v3", 30, 6), ("v3", 60, 6), ("v4", 30, 6), ("v4", 50, 6),
         ("v2", 80, 6))
# the side by side of issue 37: the search as it was (v2 at its 60 rollouts)
# and the search as it is (v4 at its default), game by game on the same seeds
SIDE_BY_SIDE = (("v2", 60, 6), ("v4", 50, 6))


def _curve_game(args: tuple[str, int, int, int]) -> tuple[int, float, int]:
    """One solo game of a search budget: (score, CPU seconds spent searching, searched decisions)."""
    from engine.bots import FlatSearch, SearchBotV2, SearchBotV3
    version, rollouts, horizon, seed = args
    cls = {"v2": SearchBotV2, "v3": SearchBotV3, "v4": SearchBot}.get(version, FlatSearch)
    bot = cls(seed, rollouts=rollouts, ms=None, horizon=horizon)
    g = Game.new(("fluxx5",), 1, "solo", seed, record=False)
    spent, n = 0.0, 0
    while not g.over:
        cands = bot.greedy.candidates(g)
        if len(cands) > 1:
            t = time.process_time()
            a = bot.choose(g)
            spent += time.process_time() - t
            n += 1
        else:
            a = cands[0]
        g.push(a)
    return len(g.scored), spent, n


def curve(seeds: int) -> list[dict[str, Any]]:
    """The search bot's strength against its time: each budget of CURVE over
    the same seeds, on every core (CPU time, so a busy machine skews it less)."""
    from concurrent.futures import ProcessPoolExecutor

    from engine.sim import default_jobs
    rows = []
    scores: dict[tuple[str, int, int], list[int]] = {}
    with ProcessPoolExecutor(default_jobs()) as pool:
        for version, rollouts, horizon in CURVE:
            res = list(pool.map(_curve_game, [(version, rollouts, horizon, s) for s in range(seeds)], chunksize=1))
            spent, n = sum(r[1] for r in res), sum(r[2] for r in res)
            scores[(version, rollouts, horizon)] = [r[0] for r in res]
            rows.append({"bot": version, "rollouts": rollouts, "horizon": horizon, "seeds": seeds,
                         "mean_score": round(sum(r[0] for r in res) / seeds, 3),
                         "cpu_ms_per_decision": round(1000 * spent / max(n, 1), 1)})
            print(json.dumps(rows[-1]), flush=True)
    for a, b in ((("v3", 30, 6), ("v2", 30, 6)), (("v3", 60, 6), ("v2", 60, 6)), (("v4", 30, 6), ("v3", 30, 6)),
                 (("v4", 50, 6), ("v2", 60, 6))):  # the newer search beside an older, seed by seed
        new, old = scores.get(a), scores.get(b)
        if new and old:
            rows.append({"paired": f"{a[0]} at {a[1]} rollouts - {b[0]} at {b[1]}, 6 turns", "seeds": seeds,
                         **paired_difference(new, old)})
            print(json.dumps(rows[-1]), flush=True)
    return rows


def side_by_side(seeds: int, out: str | None = None) -> list[dict[str, Any]]:
    """The search as it was (v2) and as it is (v4), each at its default
    budget, over Solo seeds 0..N-1 in one run: the two bots' games are
    queued alternately (seed by seed) on every core, so a busy spell of the
    machine falls on both. Prints and returns each bot's mean score and CPU
    ms per searched decision, and the paired difference; ``out`` keeps the
    scores seed by seed (JSON)."""
    from concurrent.futures import ProcessPoolExecutor

    from engine.sim import default_jobs
    jobs = [(version, rollouts, horizon, s) for s in range(seeds) for version, rollouts, horizon in SIDE_BY_SIDE]
    with ProcessPoolExecutor(default_jobs()) as pool:
        res = list(pool.map(_curve_game, jobs, chunksize=1))
    rows: list[dict[str, Any]] = []
    scores: dict[str, list[int]] = {}
    for i, (version, rollouts, horizon) in enumerate(SIDE_BY_SIDE):
        mine = res[i::len(SIDE_BY_SIDE)]
        scores[version] = [r[0] for r in mine]
        spent, n = sum(r[1] for r in mine), sum(r[2] for r in mine)
        rows.append({"bot": version, "rollouts": rollouts, "horizon": horizon, "seeds": seeds,
                     "mean_score": round(sum(scores[version]) / seeds, 3),
                     "cpu_ms_per_decision": round(1000 * spent / max(n, 1), 1), "decisions": n})
        print(json.dumps(rows[-1]), flush=True)
    (new, _, _), (old, _, _) = SIDE_BY_SIDE[-1], SIDE_BY_SIDE[0]
    rows.append({"paired": f"{new} - {old}", "seeds": seeds, **paired_difference(scores[new], scores[old])})
    print(json.dumps(rows[-1]), flush=True)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "scores": scores}, f)
    return rows


def web_loads(n: int) -> dict[str, Any]:
    """Issue 41's number: from opening the page of ``solo-fluxx serve`` to the
    Solo table drawn, in headless chromium, ``n`` warm loads (a game in
    progress, the app started once before), each in a new tab; their median."""
    import statistics
    import tempfile

    from solo.tools.browser import warm_loads
    with tempfile.TemporaryDirectory() as home:
        times = warm_loads(n, Path(home))
    row = {"web_loads_s": [round(t, 3) for t in times], "median_s": round(statistics.median(times), 3)}
    print(json.dumps(row), flush=True)
    return row


def history_folder(folder: Path, runs: int) -> Path:
    """A data folder whose history holds ``runs`` finished Solo runs (three
    real games' rows, copied, a daily every seventh, a coached game every
    97th, a game against bots every eleventh), and a Solo game in progress."""
    from engine.answers import to_json
    from engine.bots import RandomBot
    from engine.game import Game
    from solo.store import DB_NAME, Store
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(folder / DB_NAME)
    store.set_pref("lessons_offered", True)
    store.claim("solo")
    for seed in range(3 if runs else 0):
        g = Game.new(("fluxx5",), 1, "solo", seed)
        store.start(g)
        bot, answers = RandomBot(seed), []
        while not g.over:
            a = bot.choose(g)
            answers.append(to_json(g, a))
            g.push(a)
        store.save(g, answers)
    cols = [r[1] for r in store.db.execute("PRAGMA table_info(runs)") if r[1] != "id"]
    with store.db:
        while 0 < store.count_runs() < runs:
            store.db.execute(f"INSERT INTO runs ({', '.join(cols)}) SELECT {', '.join(cols)} FROM runs ORDER BY id "
                             "LIMIT ?", (runs - store.count_runs(),))
        store.db.execute("UPDATE runs SET seed=id, daily=CASE WHEN id % 7 = 0 THEN date('2020-01-01', "
                         "'+' || (id / 7) || ' days') END")
        store.db.execute("UPDATE runs SET run=json_set(run, '$.coached', json('true')) WHERE id % 97 = 0")
        store.db.execute("UPDATE runs SET variant='standard', players=3, winner=id % 3, score=NULL, "
                         "seats='[\"human\", \"greedy\", \"greedy\"]' WHERE id % 11 = 0")
    store.start(Game.new(("fluxx5",), 1, "solo", 99))
    store.close()
    return folder


HISTORY_STEPS = {  # what each figure runs, in a process of its own on the data folder
    "open": "",
    "app start (menu)": "s.has_runs(); s.in_progress()",
    "History screen (its first page)": "s.runs(newest=500); s.count_runs()",
    "Stats": "s.stats()",
    "a game's end": "s.best_and_mean(); s.runs(finished_only=True, daily='2020-03-01'); s.bot_stats()",
}


def history_timings(runs: int, home: Path | None = None) -> dict[str, Any]:
    """Each step of HISTORY_STEPS and ``history --json``, side by side: a data
    folder with no run and one with ``runs``; seconds (best of 3) and peak
    resident memory (MB) of the process that ran it."""
    import os
    import subprocess
    import sys
    import tempfile
    base = Path(home or tempfile.mkdtemp(prefix="solo-fluxx-history-"))
    out: dict[str, Any] = {"runs": runs}
    for label, n in (("empty", 0), (f"{runs} runs", runs)):
        folder = history_folder(base / f"h{n}", n)
        rows: dict[str, Any] = {}
        for name, code in HISTORY_STEPS.items():
            script = ("import resource, sys, time; from pathlib import Path; from solo.store import Store, DB_NAME\n"
                      "t = time.perf_counter(); s = Store(Path(sys.argv[1]) / DB_NAME, reading=True)\n"
                      f"{code}\n"
                      "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")
            tries = []
            for _ in range(3):
                r = subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True,
                                   timeout=300, check=True)
                sec, mb = (float(x) for x in r.stdout.split())
                tries.append((sec, mb))
            sec, mb = min(tries)
            rows[name] = {"seconds": round(sec, 3), "peak_mb": round(mb, 1)}
        times = []
        for _ in range(3):
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "solo.cli", "history", "--json"], capture_output=True,
                               text=True, timeout=300, env={**os.environ, "SOLO_FLUXX_HOME": str(folder)}, check=True)
            times.append(time.perf_counter() - t)
        rows["history --json (whole process)"] = {"seconds": round(min(times), 3)}
        out[label] = rows
    return out


def hint_latency(n: int) -> dict[str, Any]:
    """A hint as the app asks for it, at the default budget: the search
    (``tutor.hints.search``, the safety clock on) and the line with its
    facts (``hint_text``), over n Solo positions (seeds 100.., a few random
    moves in); the median and the slowest, CPU and wall milliseconds, and
    how many searches the safety clock cut."""
    from engine.bots import RandomBot
    from tutor.hints import hint_text, search
    cpu: list[float] = []
    wall: list[float] = []
    cut = 0
    seed = 100
    while len(cpu) < n:
        g = Game.new(("fluxx5",), 1, "solo", seed, record=False)
        bot = RandomBot(seed)
        for _ in range(seed % 7 + 2):
            if g.over:
                break
            g.push(bot.choose(g))
        seed += 1
        if g.over:
            continue
        c0, w0 = time.process_time(), time.perf_counter()
        found = search(g, g.decisions)
        hint_text(g, found.ranked, found.futures, found.tried, found.cut)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        cut += found.cut
    return {"positions": n, "median_cpu_ms": round(_median(cpu) or 0.0, 1), "slowest_cpu_ms": round(max(cpu), 1),
            "median_wall_ms": round(_median(wall) or 0.0, 1), "slowest_wall_ms": round(max(wall), 1),
            "cut_by_the_safety_clock": cut}


def paired_difference(a: list[int], b: list[int]) -> dict[str, Any]:
    """The mean of a - b seed by seed, with its 95% interval (normal, from the
    differences' standard error)."""
    import math
    d = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(d))
    return {"mean_difference": round(m, 3), "ci95": [round(m - half, 3), round(m + half, 3)]}


# The engine's hot paths, in CPU seconds (best of N runs): for comparing two
# versions of the engine on a busy machine, where wall time drifts.
def _calibration() -> None:
    """A plain Python loop that touches none of the project: how fast this
    shared machine runs Python right now (its speed drifts by 10-25% from
    hour to hour, CPU time included), so that figures taken in different
    hours can be compared through it."""
    total = 0
    for i in range(5_000_000):
        total += i


def cpu_runs(scale: int = 1) -> tuple[tuple[str, Callable[[], object]], ...]:
    """The hot paths the CPU figures time, each with its name (the sizes in
    the names; ``scale`` divides them, for a smoke test)."""
    def n(games: int) -> int:
        return max(1, games // scale)
    return (
        ("calibration: a plain Python loop, 5,000,000 additions", _calibration),
        (f"solo, random bot, {n(2000)} games", lambda: run_sim(("fluxx5",), 1, "solo", n(2000), 0, "random")),
        (f"standard 2p fluxx5, random bot, {n(1000)} games",
         lambda: run_sim(("fluxx5",), 2, "standard", n(1000), 0, "random")),
        (f"standard 4p fluxx5+creeper-pack, random bot, {n(500)} games",
         lambda: run_sim(("fluxx5", "creeper-pack"), 4, "standard", n(500), 0, "random")),
        (f"standard 4p voyager, random bot, {n(500)} games",
         lambda: run_sim(("voyager",), 4, "standard", n(500), 0, "random")),
        (f"solo, greedy bot, {n(100)} games", lambda: run_sim(("fluxx5",), 1, "solo", n(100), 0, "greedy")),
        (f"solo, search bot (4 rollouts), {n(40)} decisions", lambda: _search_decisions(n(40))),
        (f"solo, random bot, log kept (as the app and replays), {n(500)} games",
         lambda: _logged_games(("fluxx5",), 1, "solo", n(500))),
        (f"standard 4p fluxx5+creeper-pack, random bot, log kept, {n(200)} games",
         lambda: _logged_games(("fluxx5", "creeper-pack"), 4, "standard", n(200))),
    )


def _logged_games(decks: tuple[str, ...], players: int, variant: str, n: int) -> None:
    """Random games that keep their log, event by event, as the app and replays do."""
    from engine.bots import RandomBot
    for s in range(n):
        g = Game.new(decks, players, variant, s, record=True)
        bot = RandomBot(s)
        while not g.over and g.turn <= 400:
            g.push(bot.choose(g))


def _search_decisions(n: int) -> None:
    bot = SearchBot(1, rollouts=4, ms=None, horizon=20)
    g = Game.new(("fluxx5",), 1, "solo", 3)
    for _ in range(n):
        if g.over:
            g = Game.new(("fluxx5",), 1, "solo", g.seed + 1)
        g.push(bot.choose(g))


def cpu_figures(best_of: int, scale: int = 1) -> dict[str, float]:
    out = {}
    for name, run in cpu_runs(scale):
        times = []
        for _ in range(best_of):
            t = time.process_time()
            run()
            times.append(time.process_time() - t)
        out[name] = round(min(times), 3)
        print(f"{name}: {out[name]} s CPU (best of {best_of})", flush=True)
    return out


class NotComparable(Exception):
    """A checkout whose benchmark gave no CPU figures (the sentence says why)."""


def _bench_module(root: Path) -> str | None:
    """The benchmark's module in the checkout at ``root``: solo/tools/bench.py,
    or solo/bench.py in a checkout from before solo/ had its rooms (issue 40)."""
    for module in ("solo.tools.bench", "solo.bench"):
        if (root / (module.replace(".", "/") + ".py")).is_file():
            return module
    return None


def _side_figures(root: Path, quick: bool) -> dict[str, float]:
    """One process of the CPU figures (``--cpu 1``) of the checkout at ``root``,
    run by this interpreter."""
    import os
    import subprocess
    import sys
    cmd = [sys.executable, "-m", _bench_module(root) or "solo.tools.bench", "--cpu", "1"] + (["--quick"] if quick else [])
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    try:
        got = json.loads(lines[-1]) if lines else None
    except ValueError:
        got = None
    if done.returncode != 0 or not isinstance(got, dict):
        why = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise NotComparable(f"{root}: `python -m solo.tools.bench --cpu 1` there gave no figures (exit {done.returncode}: "
                            f"{why}); compare with a checkout whose benchmark has --cpu")
    return {str(k): float(v) for k, v in got.items()}


# the sizes whose key press to table ``--against`` times side by side
KEY_SIZES = ((80, 24), (160, 50))


def compare_with(tree: Path, rounds: int, frames: int = 5, quick: bool = False) -> dict[str, Any]:
    """This checkout against the one at ``tree``, in the same hour on the same
    interpreter: ``rounds`` rounds, each one process of the CPU figures per
    side and ``frames`` first frames per side with the floor, started in
    turn (which side goes first alternates from round to round; one start
    of each before the first round fills the bytecode caches). The best CPU time of each figure, the median
    first frame, and each speed-up (theirs / ours); and, each round, one
    process per side and size of ``KEY_SIZES`` timing the key press to table
    (``key_to_table_in``). A shared machine's speed
    drifts from hour to hour; the same code measured beside it does not."""
    here = Path(__file__).resolve().parents[2]
    sides = (("theirs", tree), ("ours", here))
    best: dict[str, dict[str, float]] = {"theirs": {}, "ours": {}}
    starts: dict[str, list[float]] = {"theirs": [], "ours": [], "floor": []}
    keys: dict[str, dict[str, list[float]]] = {f"{w}x{h}": {"theirs": [], "ours": []} for w, h in KEY_SIZES}
    for _, root in sides:  # one start each, untimed: compiles and caches what a later start reads
        first_frame_in_a_terminal(tree=str(root))
    first_frame_in_a_terminal(floor=True)
    for k in range(rounds):
        turn = sides if k % 2 == 0 else sides[::-1]  # who goes first alternates: no side always meets a cold start
        for side, root in turn:
            for name, secs in _side_figures(root, quick).items():
                best[side][name] = min(secs, best[side].get(name, secs))
        for _ in range(frames):
            for side, root in turn:
                ms = first_frame_in_a_terminal(tree=str(root))
                if ms is not None:
                    starts[side].append(ms)
            ms = first_frame_in_a_terminal(floor=True)
            if ms is not None:
                starts["floor"].append(ms)
        for w, h in KEY_SIZES:
            for side, root in turn:
                ms = key_to_table_in(root, (w, h), 10 if quick else 30)
                if ms is not None:
                    keys[f"{w}x{h}"][side].append(ms)
    rows = []
    for name in best["ours"]:
        if name not in best["theirs"]:
            continue  # a figure only one side times
        theirs, ours = best["theirs"][name], best["ours"][name]
        row = {"figure": name, "theirs_s": theirs, "ours_s": ours,
               "speed_up": round(theirs / ours, 2) if ours > 0 else None}
        games = re.search(r"(\d+) games", name)
        if games and theirs > 0 and ours > 0:
            row["theirs_games_per_cpu_s"] = round(int(games[1]) / theirs, 1)
            row["ours_games_per_cpu_s"] = round(int(games[1]) / ours, 1)
        rows.append(row)
    if not rows:
        raise NotComparable(f"{tree}: its benchmark times none of the figures this one times (another version of "
                            "--cpu, or --quick given to a benchmark without it)")
    first = {side: _median(ms) for side, ms in starts.items()}
    return {"against": str(tree), "rounds": rounds, "cpu": rows,
            "first_frame_ms": {**first, "speed_up": round(first["theirs"] / first["ours"], 2)
                               if first["theirs"] and first["ours"] else None,
                               "starts_per_side": len(starts["ours"])},
            "key_to_table_ms": {size: {"theirs": sides_ms["theirs"], "ours": sides_ms["ours"],
                                       "median_theirs": _median(sides_ms["theirs"]),
                                       "median_ours": _median(sides_ms["ours"])}
                                for size, sides_ms in keys.items()}}


def _print_comparison(c: dict[str, Any]) -> None:
    print(f"against {c['against']}, {c['rounds']} round(s), best CPU seconds (theirs -> ours, speed-up):")
    for r in c["cpu"]:
        extra = (f"; {r['theirs_games_per_cpu_s']:,} -> {r['ours_games_per_cpu_s']:,} games per CPU-second"
                 if "ours_games_per_cpu_s" in r else "")
        print(f"  {r['figure']}: {r['theirs_s']} -> {r['ours_s']} s ({r['speed_up']}x{extra})")
    f = c["first_frame_ms"]
    print(f"  first frame in a terminal, median of {f['starts_per_side']}: {f['theirs']} -> {f['ours']} ms "
          f"({f['speed_up']}x; the floor, Python and Textual alone: {f['floor']} ms)", flush=True)
    for size, k in c.get("key_to_table_ms", {}).items():
        print(f"  key press to table at {size}, the median of each process's median: {k['median_theirs']} -> "
              f"{k['median_ours']} ms (each process: {k['theirs']} -> {k['ours']})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m solo.tools.bench")
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke test (with --cpu or --against too)")
    ap.add_argument("--cpu", type=int, default=0, metavar="N",
                    help="only the engine's hot paths, in CPU seconds, best of N runs (for comparing versions), after a calibration loop that shows how fast the machine is at the time")
    ap.add_argument("--seeds", type=int, default=None, help="seeds for the strength table (default 500)")
    ap.add_argument("--search-seeds", type=int, default=None,
                    help="seeds for the search bot's score (default: the same as --seeds)")
    ap.add_argument("--no-strength", action="store_true",
                    help="skip the strength table (the bots' mean scores: about 30 minutes on 2 cores in a full run)")
    ap.add_argument("--app-bots", type=int, default=0, metavar="N",
                    help="only the app's key-to-screen times in a game against N greedy bots (1-5)")
    ap.add_argument("--app-size", default=None, metavar="WxH",
                    help="only the app's key-press-to-table time at this terminal size (80x24, 120x40, 160x50)")
    ap.add_argument("--curve", type=int, default=0, metavar="N",
                    help="only the search bot's strength against its time per decision, over seeds 0..N-1")
    ap.add_argument("--side-by-side", type=int, default=0, metavar="N",
                    help="only the search bot as it was (v2) beside it as it is (v4), over seeds 0..N-1")
    ap.add_argument("--web-loads", type=int, default=0, metavar="N",
                    help="only the browser's page-to-table time (solo-fluxx serve, headless chromium), N warm loads")
    ap.add_argument("--history", type=int, default=0, metavar="N",
                    help="a history of N runs against an empty one: the app's start, the History screen, Stats, a "
                    "game's end and history --json, seconds and peak memory (issue 62)")
    ap.add_argument("--hints", type=int, default=0, metavar="N",
                    help="only the hint's latency at the default budget: the median of N Solo positions (the search "
                         "and the line with its facts), CPU and wall milliseconds (issue 64)")
    ap.add_argument("--out", metavar="FILE", default=None,
                    help="with --side-by-side: keep the scores seed by seed in FILE (JSON)")
    ap.add_argument("--against", metavar="DIR", default=None,
                    help="this checkout against the one in DIR (another version, e.g. made by git worktree add), "
                         "alternated process by process in the same hour: the CPU figures' speed-ups (--cpu N: N "
                         "rounds, default 3), the first frame's and the key press to table's at 80x24 and 160x50")
    a = ap.parse_args()
    if a.against is not None:
        tree = Path(a.against).expanduser().resolve()
        if _bench_module(tree) is None or not (tree / "engine").is_dir():
            ap.error(f"--against {a.against}: no Solo Fluxx checkout there (no solo/tools/bench.py and engine/); give the "
                     "folder of another checkout, e.g. one made with `git worktree add DIR COMMIT`")
        try:
            c = compare_with(tree, a.cpu or 3, frames=2 if a.quick else 5, quick=a.quick)
        except NotComparable as e:
            ap.exit(2, f"python -m solo.tools.bench: {e}\n")
        _print_comparison(c)
        print(json.dumps(c))
        return
    if a.history:
        print(json.dumps(history_timings(a.history), indent=1))
        return
    if a.hints:
        print(json.dumps(hint_latency(a.hints)))
        return
    if a.cpu:
        print(json.dumps(cpu_figures(a.cpu, scale=20 if a.quick else 1)))
        return
    if a.curve:
        curve(a.curve)
        return
    if a.side_by_side:
        side_by_side(a.side_by_side, a.out)
        return
    if a.web_loads:
        web_loads(a.web_loads)
        return
    if a.app_bots:
        print(json.dumps(bots_timings(a.app_bots)))
        return
    if a.app_size:
        try:
            w, h = (int(x) for x in a.app_size.lower().split("x"))
        except ValueError:
            ap.error(f"--app-size {a.app_size}: give the size as WIDTHxHEIGHT, e.g. 160x50")
        if not (20 <= w <= 400 and 10 <= h <= 200):
            ap.error(f"--app-size {a.app_size}: a width of 20 to 400 and a height of 10 to 200")
        t = time.process_time()
        _calibration()  # how fast the machine runs Python this minute (0.09-0.11 s in a quiet, fast hour)
        cal = time.process_time() - t
        timed = app_timings(10 if a.quick else 30, frames=0, size=(w, h))
        timed["calibration_s"] = round(cal, 3)
        print(json.dumps(timed))
        return
    q = a.quick
    seeds = a.seeds or (20 if q else 500)
    search_seeds = a.search_seeds or (4 if q else seeds)
    out: dict[str, Any] = {}
    out["solo_random"] = speed("solo", 1, 200 if q else 4000)
    print("solo, random bot:", out["solo_random"], flush=True)
    out["standard2_random"] = speed("standard", 2, 100 if q else 2000)
    print("standard 2p fluxx5, random bot:", out["standard2_random"], flush=True)
    out["standard4_random"] = speed("standard", 4, 100 if q else 1500)
    print("standard 4p fluxx5, random bot:", out["standard4_random"], flush=True)
    out["standard4_voyager_random"] = speed("standard", 4, 100 if q else 1500, ("voyager",))
    print("standard 4p voyager (Surprises, attachments), random bot:", out["standard4_voyager_random"], flush=True)
    out["jobs"] = jobs_speedup(200 if q else 4000)
    print("sim --jobs on every core against one process:", out["jobs"], flush=True)
    out["search_ms_per_decision"] = search_time(10 if q else 60)
    print("search bot, ms per decision at the default budget:", out["search_ms_per_decision"], flush=True)
    out["app"] = app_timings(10 if q else 30)
    print("app (headless, 80x24):", out["app"], flush=True)
    out["app_160x50"] = app_timings(10 if q else 30, frames=0, size=(160, 50))
    print("app (headless, 160x50):", out["app_160x50"], flush=True)
    out["app_5_bots"] = bots_timings(5, presses=10 if q else 30)
    print("app against 5 greedy bots (headless, 80x24, instant pace):", out["app_5_bots"], flush=True)
    small, big = (100, 1000) if q else (1000, 10000)
    out["peak_mb"] = {str(small): peak_memory(small), str(big): peak_memory(big)}
    print(f"peak traced memory of a sim, MB ({small} vs {big} games):", out["peak_mb"], flush=True)
    out["largest_state_bytes"] = largest_state(5 if q else 100)
    print("largest serialised state seen, bytes:", out["largest_state_bytes"], flush=True)
    table = {}
    for bot, n in () if a.no_strength else (("random", seeds), ("greedy", seeds), ("search", search_seeds)):
        mean, secs = strength(bot, n)
        table[bot] = {"seeds": n, "mean_score": mean, "seconds": secs}
        print(f"mean solo score over seeds 0..{n - 1}, {bot}: {mean} ({secs}s)", flush=True)
    out["strength"] = table
    print(json.dumps(out))


if __name__ == "__main__":
    main()
