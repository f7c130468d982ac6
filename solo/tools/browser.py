"""A served Solo Fluxx driven from a real browser (Debian's chromium, through
Playwright's Python API): what the browser test and ``solo.tools.bench
--web-loads`` share. Only tests and the benchmark import this; Playwright is
a test dependency, not the web extra's.

The page draws the terminal on a canvas, so its text is read from what the
browser itself receives: the app's output frames on the page's own
websocket, with the terminal's control sequences taken out.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

CONTROL = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[@-Z\\-_=>]")
# what only the Solo table shows (its Hand and Keepers boxes' titles)
TABLE_WORDS = ("Hand (", "Keepers and Creepers")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        raise RuntimeError("chromium is not installed (Debian's package chromium: apt-get install chromium; "
                           ".ci/run installs it)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Served:
    """``solo-fluxx serve`` in a process of its own, on a free port."""

    def __init__(self, home: Path, max_tabs: int = 4, log: Path | None = None, *more: str,
                 env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.log = log or home / "serve.log"
        env = dict(os.environ, SOLO_FLUXX_HOME=str(home), **(env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "solo.cli", "serve", "--port", str(self.port), "--max-tabs", str(max_tabs), *more],
            env=env, stdout=subprocess.PIPE, stderr=self.log.open("wb"), text=True)
        assert self.proc.stdout is not None
        self.banner = self.proc.stdout.readline()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"  # what this server's own page sends as its Origin
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # listening once a connection is taken
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.banner!r}; its log: {self.log.read_text()[-2000:]}")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> int:
        """Ctrl+C, as a player stops it; the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def processes() -> dict[int, tuple[int, int, str]]:
    """Every process: pid -> (parent pid, process group, command line)."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        out[int(d)] = (int(fields[1]), int(fields[2]), cmd)
    return out


def app_processes(server_pid: int) -> dict[int, list[int]]:
    """The server's app processes, each with the processes of its group (the
    app's own process group: it and its hint worker)."""
    procs = processes()
    apps = [pid for pid, (ppid, _g, _c) in procs.items() if ppid == server_pid]
    return {a: sorted(pid for pid, (_p, group, _c) in procs.items() if group == a) for a in apps}


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


TOKEN = re.compile(r"\x1b\[([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[@-Z\\-_=>]"
                   r"|([^\x1b]+)")


class Screen:
    """The terminal's cells as the app's output leaves them: enough of a
    terminal for Textual's output (cursor moves, erasing, text; colours and
    modes are skipped)."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.resize(width, height)

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0

    def feed(self, text: str) -> None:
        for m in TOKEN.finditer(text):
            params, final, plain = m.group(1), m.group(2), m.group(3)
            if plain is not None:
                self._write(plain)
            elif final is not None:
                self._csi(params, final)

    def _csi(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # a mode (mouse, cursor, screen): nothing on the screen
        nums = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params else []
        first = nums[0] if nums else 0
        if final in "Hf":
            self.y = max(0, min((first or 1) - 1, self.height - 1))
            self.x = max(0, min(((nums[1] if len(nums) > 1 else 0) or 1) - 1, self.width - 1))
        elif final == "J" and first == 2:
            self.rows = [[" "] * self.width for _ in range(self.height)]
        elif final == "K":
            row = self.rows[self.y]
            lo, hi = {0: (self.x, self.width), 1: (0, self.x + 1)}.get(first, (0, self.width))
            row[lo:hi] = [" "] * (hi - lo)
        elif final == "A":
            self.y = max(0, self.y - (first or 1))
        elif final == "B":
            self.y = min(self.height - 1, self.y + (first or 1))
        elif final == "C":
            self.x = min(self.width - 1, self.x + (first or 1))
        elif final == "D":
            self.x = max(0, self.x - (first or 1))
        elif final == "G":
            self.x = max(0, min((first or 1) - 1, self.width - 1))

    def _write(self, text: str) -> None:
        for ch in text:
            if ch == "\n":
                self.y = min(self.height - 1, self.y + 1)
            elif ch == "\r":
                self.x = 0
            elif ch >= " ":
                if self.x < self.width:
                    self.rows[self.y][self.x] = ch
                self.x += 1

    def text(self) -> str:
        return "\n".join("".join(r).rstrip() for r in self.rows)


class Tab:
    """A browser tab on the server: its terminal's screen, from the frames
    the page's websocket receives (and the sizes the page sends)."""

    def __init__(self, browser: Any, url: str, width: int = 1280, height: int = 800) -> None:
        import codecs
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.screen = Screen()
        self.received: list[str] = []  # everything shown since the last forget(), screens apart
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.page.on("websocket", self._socket)
        self.opened = time.monotonic()
        self.page.goto(url)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, payload: Any) -> None:
        if isinstance(payload, bytes):
            text = self.decode(payload)
            self.screen.feed(text)
            self.received.append(text)

    def _sent(self, payload: Any) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            import json
            size = json.loads(payload)[1]
            self.screen.resize(int(size["width"]), int(size["height"]))

    def text(self) -> str:
        """The screen now, and whatever was written since the last ``forget``
        (a line that scrolled by in between is still found)."""
        return self.screen.text() + "\n" + CONTROL.sub(b"", "".join(self.received).encode()).decode()

    def wait_for(self, *words: str, timeout: float = 30.0) -> float:
        """Wait until the terminal has shown every word (since the last
        ``forget``); the seconds since the tab opened."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if all(w in text for w in words):
                return time.monotonic() - self.opened
            if time.monotonic() > deadline:
                raise AssertionError(f"the tab never showed {words!r}; it showed: {text[-1500:]!r}")
            self.page.wait_for_timeout(25)  # (the sync API takes in the page's events only while it waits)

    def forget(self) -> None:
        self.received.clear()

    def press(self, key: str) -> None:
        """A key typed into the page's terminal (its input has the focus, as
        after a player's first click, without clicking anything in it)."""
        self.page.focus("textarea.xterm-helper-textarea")
        self.page.keyboard.press(key)

    def reload(self) -> None:
        self.received.clear()
        self.screen.resize(self.screen.width, self.screen.height)
        self.opened = time.monotonic()
        self.page.reload()


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)


def game_in_progress(home: Path, seed: int) -> None:
    """A Solo game saved in the data folder, not held by any process: the
    app started there goes straight to its table."""
    from engine.game import Game
    from solo.store import DB_NAME, Store
    home.mkdir(parents=True, exist_ok=True)
    store = Store(home / DB_NAME)
    store.start(Game.new(("fluxx5",), 1, "solo", seed))
    store.release_all()
    store.db.close()


def warm_loads(n: int, home: Path) -> list[float]:
    """Seconds from opening the page to the Solo table drawn, ``n`` times in a
    new tab each (the first load, which warms the app's files, not counted)."""
    from playwright.sync_api import sync_playwright
    game_in_progress(home, 7)
    server = Served(home)
    times = []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for i in range(n + 1):
                tab = Tab(browser, server.url)
                took = tab.wait_for(*TABLE_WORDS)
                if i:
                    times.append(took)
                tab.page.close()
                deadline = time.monotonic() + 10  # the next tab finds the slot free
                while app_processes(server.proc.pid) and time.monotonic() < deadline:
                    time.sleep(0.05)
            browser.close()
    finally:
        server.stop()
    return times
