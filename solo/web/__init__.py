"""``solo-fluxx serve``: the app in a browser, through ``textual-serve``
(the Textual project's own server; the optional extra ``web``).

Each browser tab is one app process (``python -m solo.cli``, Textual's web
driver), on the same data folder as the terminal app, so the save slots'
locks hold between tabs as between terminals. What this adds to
``textual-serve`` (issues 41 and 62):

- who may talk to it (``guard.py``): every request's Host is one of the
  server's own names, a websocket's Origin is ``http://`` and one of them,
  and a ``--public`` server asks for its token; anything else is refused
  (421 for a Host, 403 for an Origin or a missing token) with one log line
  and no app process;
- every response carries a Content-Security-Policy (the page's own scripts
  and websocket, never framed), ``nosniff`` and ``no-referrer``; the static
  files are served without directory listings;
- how much a tab may send (``limits.py``): a message of at most 64 KiB, a
  burst of 1,000 and 200 a second, only the kinds the terminal page sends,
  each well formed; what is dropped is logged in one line, never a
  traceback, and a flood of one error in one line a second with a count;
- at most ``max_tabs`` app processes at once; a tab over that gets one
  sentence in its terminal, then its socket is closed;
- each app runs in a session of its own (its hint worker with it), ended
  when its tab closes or the server stops: asked to quit, then killed if
  it has not within ``QUIT_WAIT`` seconds; and each app watches the server
  (``SOLO_FLUXX_PARENT``: engine/lifeline.py), so that a server killed
  with SIGKILL leaves none behind;
- the page keeps a tab id (in the tab's ``sessionStorage``) in its
  websocket's address: only a tab coming back under the same id (a reload)
  has its app wait for the slot its old process is letting go of
  (``SOLO_FLUXX_SLOT_WAIT``); a second tab is told at once that the game is
  open in another window.

Nothing here runs unless ``serve`` is asked for: the terminal app never
imports it.
"""
from __future__ import annotations

import asyncio
import logging
import os
import re
import shlex
import signal
import socket
import sys
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .guard import (
    MIN_TOKEN_CHARS,
    TOKEN_COOKIE,
    TOKEN_ENV,
    TOKEN_QUERY,
    Gate,
    HostError,
    accepted_hosts,
    new_token,
    security_headers,
)
from .limits import MAX_MESSAGE, Bucket, Dropped, QuietLog, _shown, read_message

log = logging.getLogger("solo-fluxx.serve")

QUIT_WAIT = 5.0        # seconds an app has to quit once asked, before it is killed
SLOT_WAIT = "5"        # seconds a reloaded tab's app waits for a slot's lock on its first resume
TAB_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")  # what the page's tab id looks like (solo.js: 32 hex digits)
TABS_REMEMBERED = 1024  # tab ids kept, to know a reload when it comes back
PAGE = Path(__file__).with_name("page")


def too_many_tabs(max_tabs: int) -> str:
    return (f"Solo Fluxx: {max_tabs} tab{'s are' if max_tabs != 1 else ' is'} playing already, the most this "
            f"server runs at once (solo-fluxx serve --max-tabs). Close one, then reload this page.")


class ServedApp(AppService):
    """One tab's app: started in a session of its own (the app and its hint
    worker), told the server's process id to watch, stopped for good (asked
    to quit, then killed)."""

    slot_wait = "0"  # SOLO_FLUXX_SLOT_WAIT for this app: a reload's waits for its old process

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        env = self._build_environment(width=width, height=height)
        env["SOLO_FLUXX_SLOT_WAIT"] = self.slot_wait
        env["SOLO_FLUXX_PARENT"] = str(os.getpid())  # the app ends when this server does, however it ends
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


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class SoloServer(Server):
    """textual-serve's server with the checks and limits above."""

    def __init__(self, host: str, port: int, max_tabs: int, gate: Gate | None = None) -> None:
        command = f"{shlex.quote(sys.executable)} -m solo.cli"
        super().__init__(command, host=host, port=port, title="Solo Fluxx", templates_path=PAGE)
        self.max_tabs = max_tabs
        self.gate = gate or Gate(accepted_hosts(host, port, public=False))
        self.apps: set[ServedApp] = set()
        self.tabs: OrderedDict[str, None] = OrderedDict()  # the tab ids seen, oldest first
        self.quiet = QuietLog()  # the log's flood guard

    def initialize_logging(self) -> None:
        logging.basicConfig(level="INFO", format="solo-fluxx serve: %(message)s", stream=sys.stderr)
        for handler in logging.getLogger().handlers:
            handler.addFilter(self.quiet)

    def serve(self, debug: bool = False) -> None:
        """Run until SIGINT, SIGTERM or SIGHUP (each ends every app first).
        No access log: a request line could carry the token. (``debug``:
        textual-serve's own signature; Textual's devtools are not served.)"""
        del debug
        self.initialize_logging()
        more_descriptors()
        loop = asyncio.new_event_loop()
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(sig, self.request_exit)
        try:
            web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                        print=lambda *_: None, access_log=None)
        finally:
            self.quiet.count_all()

    async def _make_app(self) -> web.Application:
        import aiohttp_jinja2
        import jinja2
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/solo.js", self.handle_script),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/ws/{tab}", self.handle_websocket),
            web.static("/static", self.statics_path, show_index=False, follow_symlinks=False, name="static"),
        ])
        app.on_response_prepare.append(self._headers)
        app.on_shutdown.append(self._end_all)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Host, Origin and token, before any route (guard.py says why)."""
        gate = self.gate
        host = request.headers.get("Host")
        if not gate.host_ok(host):
            log.warning("refused a request for %s: Host %s is not this server's name (421)",
                        _shown(request.path), _shown(host or "(none)"))
            return web.Response(status=421, text="Solo Fluxx: this server does not answer to that name.\n")
        origin = request.headers.get("Origin")
        socket_asked = request.path == "/ws" or request.path.startswith("/ws/")
        if (socket_asked or origin is not None) and not gate.origin_ok(origin):
            log.warning("refused a %s from the origin %s: only this server's own pages may connect (403)",
                        "websocket" if socket_asked else f"request for {_shown(request.path)}",
                        _shown(origin or "(none)"))
            return web.Response(status=403, text="Solo Fluxx: only this server's own page may connect.\n")
        if gate.token is not None:
            given = request.query.get(TOKEN_QUERY)
            if given is not None and gate.token_ok(given):
                if request.path == "/":  # the printed address: the token goes into a cookie and out of the address
                    rest = {k: v for k, v in request.query.items() if k != TOKEN_QUERY}
                    response = web.Response(status=303, headers={"Location": str(request.url.with_query(rest).relative())})
                    response.set_cookie(TOKEN_COOKIE, gate.token, httponly=True, samesite="Strict", path="/")
                    return response
            elif not gate.token_ok(request.cookies.get(TOKEN_COOKIE)):
                log.warning("refused a request for %s without this server's token (403)", _shown(request.path))
                return web.Response(status=403, text="Solo Fluxx: open the address solo-fluxx serve printed, "
                                                     "with its token (?token=...).\n")
        return await handler(request)

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        host = request.headers.get("Host")
        response.headers.update(security_headers(host if self.gate.host_ok(host) and host else "127.0.0.1"))

    async def on_startup(self, app: web.Application) -> None:
        pass  # serve() says where to go before the server starts

    async def _end_all(self, app: web.Application) -> None:
        await asyncio.gather(*(a.end() for a in list(self.apps)))

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, its addresses built from the checked Host."""
        import aiohttp_jinja2
        host = request.headers["Host"]  # (checked by _guard)
        try:
            font_size = int(request.query.get("fontsize", "16"))
        except ValueError:
            font_size = 16
        context = {"font_size": max(6, min(font_size, 48)), "app_websocket_url": f"ws://{host}/ws",
                   "script_url": f"http://{host}/solo.js",
                   "config": {"static": {"url": f"http://{host}/static/"}}, "application": {"name": self.title}}
        response = aiohttp_jinja2.render_template("index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_script(self, request: web.Request) -> web.Response:
        """The page's own script (the tab id, the notices): a file, since
        the Content-Security-Policy runs no inline script."""
        return web.Response(body=(PAGE / "solo.js").read_bytes(), content_type="text/javascript", charset="utf-8")

    def _tab_seen(self, tab: str | None) -> bool:
        """Whether this tab id came before (a reload); remembers it."""
        if tab is None or not TAB_ID.fullmatch(tab):
            return False
        seen = tab in self.tabs
        self.tabs[tab] = None
        self.tabs.move_to_end(tab)
        while len(self.tabs) > TABS_REMEMBERED:
            self.tabs.popitem(last=False)
        return seen

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        bucket = Bucket()
        over = [0]  # messages dropped over the rate since the last line that counted them
        loop = asyncio.get_running_loop()

        def count() -> None:
            if over[0]:
                log.warning("dropped %d messages from a tab over its %d a second", over[0], int(bucket.rate),
                            extra={"quiet_key": None})
                over[0] = 0
        async for message in websocket:
            if message.type == WSMsgType.ERROR:  # over MAX_MESSAGE, or text that is not UTF-8: aiohttp closes it
                log.warning("closed a tab's connection: it sent %s", _frame_error(websocket.exception()))
                break
            if message.type != WSMsgType.TEXT:
                log.warning("dropped a %s message from a tab (the page sends text only)", message.type.name)
                continue
            if not bucket.take():
                if not over[0]:  # the first of a flood: counted in a line a second from now
                    loop.call_later(1.0, count)
                over[0] += 1
                continue
            got = read_message(message.data)
            if isinstance(got, Dropped):
                log.warning("dropped %s", got.why, extra={"quiet_key": "dropped " + got.kind})
            elif got.kind == "stdin":
                await app_service.send_bytes(got.data)
            elif got.kind == "resize":
                await app_service.set_terminal_size(*got.data)
            elif got.kind == "ping":
                await websocket.send_json(["pong", got.data])
            elif got.kind == "blur":
                await app_service.blur()
            elif got.kind == "focus":
                await app_service.focus()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        if len(self.apps) >= self.max_tabs:
            log.warning("a tab over the limit of %d was turned away", self.max_tabs)
            await websocket.send_bytes(("\r\n  " + too_many_tabs(self.max_tabs) + "\r\n").encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"too many tabs")
            return websocket
        reload = self._tab_seen(request.match_info.get("tab"))

        def size(name: str, default: int) -> int:
            try:
                return max(1, min(int(request.query.get(name, default)), 1000))
            except ValueError:
                return default
        async def close() -> None:
            await websocket.close()
        served = ServedApp(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=close, download_manager=self.download_manager)
        served.slot_wait = SLOT_WAIT if reload else "0"
        self.apps.add(served)
        try:
            await served.start(size("width", 80), size("height", 24))
            log.info("a tab opened%s: app process %s (%d playing)", " again" if reload else "", served.pid,
                     len(self.apps))
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


def _frame_error(error: BaseException | None) -> str:
    """What aiohttp refused, in words: a message too large, or not UTF-8."""
    code = getattr(error, "code", None)
    if code == WSCloseCode.MESSAGE_TOO_BIG:
        return f"a message over {MAX_MESSAGE:,} bytes"
    if code == WSCloseCode.INVALID_TEXT:
        return "text that is not UTF-8"
    return f"a frame the websocket refused ({_shown(str(error))})"


def more_descriptors() -> None:
    """Raise this process's open-file limit to its hard limit: each tab holds
    a socket and three pipes, and a flood of connections should meet the
    tab limit before the descriptors run out."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ImportError, ValueError, OSError):
        pass


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


def gate_for(host: str, port: int, public: bool, allow: Sequence[str] = ()) -> Gate:
    """The server's accepted Hosts and, under ``--public``, its token (from
    SOLO_FLUXX_TOKEN, or new)."""
    try:
        hosts = accepted_hosts(host, port, public, allow)
    except HostError as e:
        raise ServeError(f"solo-fluxx serve: {e}") from None
    if allow and not public:
        raise ServeError("solo-fluxx serve: --allow-host is for a --public server (on this machine only, the "
                         "names 127.0.0.1, localhost and [::1] are accepted already)")
    token = None
    if public:
        token = os.environ.get(TOKEN_ENV) or new_token()
        if len(token) < MIN_TOKEN_CHARS or not re.fullmatch(r"[A-Za-z0-9._~-]+", token):
            raise ServeError(f"solo-fluxx serve: {TOKEN_ENV} must be at least {MIN_TOKEN_CHARS} characters of letters, digits "
                             "and - _ . ~ (or leave it unset for a new random token)")
    return Gate(hosts, token)


def serve(host: str, port: int, max_tabs: int, public: bool, allow: Sequence[str] = ()) -> int:
    """Run the server until Ctrl+C (or SIGTERM, SIGHUP); every app process it started ends with it."""
    gate = gate_for(host, port, public, allow)
    check_address(host, port)
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/" + (f"?{TOKEN_QUERY}={gate.token}" if gate.token else "")
    print(f"Solo Fluxx is served at {address} : open that address in a browser "
          f"(each tab plays on its own; at most {max_tabs} at once). Ctrl+C stops the server.", flush=True)
    if public:
        from solo.store import data_dir
        names = ", ".join(sorted(h for h in gate.hosts if not h.startswith(("127.", "localhost", "[::1]"))))
        print(f"Warning: --public: anyone who can reach this address and has its token plays with the data "
              f"folder {data_dir()} (its saves, history and settings). Names accepted besides this machine's "
              f"loopback: {names or 'none'} (add one with --allow-host NAME[:PORT]).", file=sys.stderr, flush=True)
    SoloServer(host, port, max_tabs, gate).serve()
    return 0
