"""``solo-fluxx serve``: the app in a browser, through ``textual-serve``
(the Textual project's own server; the optional extra ``web``).

Each browser tab is one app process (``python -m solo.cli``, Textual's web
driver), on the same data folder as the terminal app, so the save slots'
locks hold between tabs as between terminals. What this adds to
``textual-serve``:

- at most ``max_tabs`` app processes at once; a tab over that gets one
  sentence in its terminal and no process;
- only the messages the terminal page sends (keys and mouse as ``stdin``,
  ``resize``, ``ping``, ``blur``, ``focus``) reach an app; any other is
  dropped and the server's log says so;
- each app runs in a process group of its own (its hint worker with it),
  ended when its tab closes or the server stops: asked to quit, then
  killed if it has not within ``QUIT_WAIT`` seconds;
- the page's addresses come from the request (a ``--public`` server is
  reached under another name than the one it was bound to);
- an app started by the server waits for a slot's lock on its first
  resume (``SOLO_FLUXX_SLOT_WAIT``): a reloaded tab's new process resumes
  the game its old process is just letting go of.

Nothing here runs unless ``serve`` is asked for: the terminal app never
imports it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import signal
import socket
import sys
from pathlib import Path

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

log = logging.getLogger("solo-fluxx.serve")

# what the terminal page of textual-serve sends: key presses and mouse events
# (as terminal input), its size, keep-alive pings, and the window's focus
PAGE_MESSAGES = frozenset(("stdin", "resize", "ping", "blur", "focus"))
QUIT_WAIT = 5.0        # seconds an app has to quit once asked, before it is killed
SLOT_WAIT = "5"        # seconds a served app waits for a slot's lock on its first resume


def too_many_tabs(max_tabs: int) -> str:
    return (f"Solo Fluxx: {max_tabs} tab{'s are' if max_tabs != 1 else ' is'} playing already, the most this "
            f"server runs at once (solo-fluxx serve --max-tabs). Close one, then reload this page.")


class ServedApp(AppService):
    """One tab's app: started in a process group of its own (the app and its
    hint worker), stopped for good (asked to quit, then killed)."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        env = self._build_environment(width=width, height=height)
        env["SOLO_FLUXX_SLOT_WAIT"] = SLOT_WAIT
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def end(self) -> None:
        """Ask the app to quit; kill its process group if it has not quit in time."""
        process = self._process
        try:
            await asyncio.wait_for(self.stop(), QUIT_WAIT)
        except (TimeoutError, OSError, RuntimeError):
            pass
        if process is None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the group: the hint worker too, if it outlived the app
        except (ProcessLookupError, PermissionError):
            pass
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), QUIT_WAIT)
            except TimeoutError:
                log.warning("the app process %s did not end", process.pid)


class SoloServer(Server):
    """textual-serve's server with the limits above."""

    def __init__(self, host: str, port: int, max_tabs: int) -> None:
        command = f"{shlex.quote(sys.executable)} -m solo.cli"
        super().__init__(command, host=host, port=port, title="Solo Fluxx",
                         templates_path=Path(__file__).with_name("page"))
        self.max_tabs = max_tabs
        self.apps: set[ServedApp] = set()

    def initialize_logging(self) -> None:
        logging.basicConfig(level="INFO", format="solo-fluxx serve: %(message)s", stream=sys.stderr)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.on_shutdown.append(self._end_all)
        return app

    async def on_startup(self, app: web.Application) -> None:
        pass  # serve() says where to go before the server starts

    async def _end_all(self, app: web.Application) -> None:
        await asyncio.gather(*(a.end() for a in list(self.apps)))

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, its addresses taken from the request (the host and port
        the browser used)."""
        import aiohttp_jinja2
        origin = f"{request.scheme}://{request.host}"
        ws = ("wss" if request.scheme == "https" else "ws") + origin[origin.index(":"):]
        try:
            font_size = int(request.query.get("fontsize", "16"))
        except ValueError:
            font_size = 16
        context = {"font_size": max(6, min(font_size, 48)), "app_websocket_url": f"{ws}/ws",
                   "config": {"static": {"url": f"{origin}/static/"}}, "application": {"name": self.title}}
        return aiohttp_jinja2.render_template("index.html", request, context)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                log.warning("dropped a %s message from a tab (the page sends text only)", message.type.name)
                continue
            try:
                envelope = json.loads(message.data)
                kind = envelope[0] if isinstance(envelope, list) and envelope else None
            except ValueError:
                kind = None
            if not isinstance(kind, str) or kind not in PAGE_MESSAGES:
                log.warning("dropped a message from a tab that the terminal page never sends: %.80s", message.data)
                continue
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                w, h = data.get("width"), data.get("height")
                if isinstance(w, int) and isinstance(h, int) and 1 <= w <= 1000 and 1 <= h <= 1000:
                    await app_service.set_terminal_size(w, h)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if len(self.apps) >= self.max_tabs:
            log.warning("a tab over the limit of %d was turned away", self.max_tabs)
            await websocket.send_bytes(("\r\n  " + too_many_tabs(self.max_tabs) + "\r\n").encode())
            async for _message in websocket:  # kept open (the sentence stays in view) until the tab goes
                pass
            return websocket

        def size(name: str, default: int) -> int:
            try:
                return max(1, min(int(request.query.get(name, default)), 1000))
            except ValueError:
                return default
        async def close() -> None:
            await websocket.close()
        served = ServedApp(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=close, download_manager=self.download_manager)
        self.apps.add(served)
        try:
            await served.start(size("width", 80), size("height", 24))
            log.info("a tab opened: app process %s (%d playing)", served.pid, len(self.apps))
            await self._process_messages(websocket, served)
        except asyncio.CancelledError:
            pass
        finally:
            await served.end()
            self.apps.discard(served)
            log.info("a tab closed: app process %s ended (%d playing)", served.pid, len(self.apps))
            if not websocket.closed:
                await websocket.close()
        return websocket


class ServeError(Exception):
    """A server that cannot start: one sentence."""


def check_address(host: str, port: int) -> None:
    """Bind the address once, to say in a sentence why the server could not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ServeError(f"solo-fluxx serve: the host '{host}' is not a name or address this machine can "
                         "look up; give an address of this machine, such as 127.0.0.1") from None
    family, kind, proto, _name, addr = infos[0]
    s = socket.socket(family, kind, proto)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(addr)
    except OSError as e:
        import errno
        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"solo-fluxx serve: port {port} on {host} is in use (another server?); "
                             "choose another with --port") from None
        if e.errno == errno.EACCES:
            raise ServeError(f"solo-fluxx serve: port {port} needs privileges this user lacks (ports below "
                             "1024 do); choose one from 1024 up with --port") from None
        raise ServeError(f"solo-fluxx serve: cannot listen on {host} port {port} ({e.strerror or e}); "
                         "give an address of this machine with --host") from None
    finally:
        s.close()


def serve(host: str, port: int, max_tabs: int, public: bool) -> int:
    """Run the server until Ctrl+C (or SIGTERM); every app process it started ends with it."""
    check_address(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"Solo Fluxx is served at http://{shown}:{port}/ : open that address in a browser "
          f"(each tab plays on its own; at most {max_tabs} at once). Ctrl+C stops the server.", flush=True)
    if public:
        from solo.store import data_dir
        print(f"Warning: --public: anyone who can reach this address plays with the data folder {data_dir()} "
              "(its saves, history and settings), with no password.", file=sys.stderr, flush=True)
    SoloServer(host, port, max_tabs).serve()
    return 0
