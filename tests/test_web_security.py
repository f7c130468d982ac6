"""solo-fluxx serve tried as an attacker would, on this machine only (issue
62): a raw websocket client (aiohttp) and headless chromium against a real
server process. A foreign Origin or Host, a missing token under --public,
an oversized, malformed or flooding tab: each refused with a log line,
never a traceback and never an app process. A killed server leaves no app
or hint worker behind (by PID); a second tab is told at once that the game
is open elsewhere, while a reload of the same tab waits for its old process.

The checks' own logic (the Host and Origin sets, the token, the message
reader, the rate, the log's flood guard) is tested without a server in
test_web_limits.py; here each is shown working in the server."""
from __future__ import annotations

import asyncio
import codecs
import json
import os
import signal
import subprocess
import sys
import time

import aiohttp
import pytest

from solo.tools.browser import (
    CONTROL,
    Screen,
    Served,
    app_processes,
    chromium_path,
    free_port,
    game_in_progress,
    processes,
    resident_mb,
)

from .helpers import running

pytestmark = pytest.mark.slow

TOKEN = "a-token-only-this-test-knows-0123"


def _wait(check, timeout=15.0, what="it"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen in {timeout} s")


class Client:
    """A raw websocket to the server, as any program (or page) could open one."""

    def __init__(self, server: Served, origin: str | None = "", host: str | None = None, path: str = "ws",
                 query: str = "width=80&height=24", cookies: dict[str, str] | None = None) -> None:
        self.server = server
        self.url = server.url + path + ("?" + query if query else "")
        self.origin = server.origin if origin == "" else origin
        self.headers = {"Host": host} if host else {}
        self.cookies = cookies or {}
        self.screen = Screen()
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.shown: list[str] = []

    async def __aenter__(self):
        self.session = aiohttp.ClientSession(cookies=self.cookies)
        headers = dict(self.headers)
        if self.origin is not None:
            headers["Origin"] = self.origin
        try:
            self.ws = await self.session.ws_connect(self.url, headers=headers, max_msg_size=0)
        except BaseException:
            await self.session.close()
            raise
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()
        await self.session.close()

    async def read_until(self, *words: str, timeout: float = 20.0) -> float:
        """Take the app's frames until its screen shows every word; the seconds it took."""
        start = time.monotonic()
        while True:
            text = self.screen.text() + CONTROL.sub(b"", "".join(self.shown).encode()).decode()
            if all(w in text for w in words):
                return time.monotonic() - start
            left = timeout - (time.monotonic() - start)
            if left <= 0:
                raise AssertionError(f"never shown {words!r}: {text[-1200:]!r}")
            m = await asyncio.wait_for(self.ws.receive(), left)
            if m.type == aiohttp.WSMsgType.BINARY:
                chunk = self.decode(m.data)
                self.screen.feed(chunk)
                self.shown.append(chunk)
            elif m.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                raise AssertionError(f"closed before {words!r} was shown: {self.screen.text()[-800:]!r}")

    async def send(self, kind: str, data=None) -> None:
        await self.ws.send_str(json.dumps([kind] if data is None else [kind, data]))

    async def pong(self, stamp: str = "7", timeout: float = 20.0) -> bool:
        """A ping answered: the connection still works."""
        await self.send("ping", stamp)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = await asyncio.wait_for(self.ws.receive(), deadline - time.monotonic())
            if m.type == aiohttp.WSMsgType.TEXT and json.loads(m.data) == ["pong", stamp]:
                return True
            if m.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return False
        return False

    async def closed(self, timeout: float = 20.0) -> int | None:
        """Wait for the server to close this socket; its close code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = await asyncio.wait_for(self.ws.receive(), deadline - time.monotonic())
            if m.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return self.ws.close_code
        raise AssertionError("the server never closed the socket")


async def _refused(client: Client) -> int:
    """The HTTP status a websocket handshake was refused with."""
    try:
        async with client:
            pass
    except aiohttp.WSServerHandshakeError as e:
        return e.status
    raise AssertionError("the websocket was accepted")


async def _get(url: str, headers: dict[str, str] | None = None, **kw) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession(**kw) as s, s.get(url, headers=headers or {}, allow_redirects=False) as r:
        return r.status, dict(r.headers), await r.text()


@pytest.fixture
def server(tmp_path):
    served = Served(tmp_path, 2)
    yield served
    served.stop()


def test_a_foreign_origin_or_none_is_refused_before_any_app_starts(server):
    """The websocket is what plays: an Origin that is not this server's own
    page (another site, another loopback address, another port, https, no
    Origin at all) is refused with 403 and a log line, and no app starts;
    the server's own Origin, under any of its loopback names, plays."""
    port = server.port
    for origin in ("http://evil.example", f"http://127.0.0.2:{port}", f"http://127.0.0.1:{port + 1}",
                   f"https://127.0.0.1:{port}", "null", f"http://127.0.0.1:{port}.evil.example", None):
        assert asyncio.run(_refused(Client(server, origin=origin))) == 403, origin
    assert not app_processes(server.proc.pid)
    log = server.log_text()
    assert "refused a websocket from the origin http://evil.example" in log

    async def plays(origin: str) -> bool:
        async with Client(server, origin=origin) as c:
            return await c.pong()
    assert asyncio.run(plays(f"http://localhost:{port}"))
    assert asyncio.run(plays(f"http://127.0.0.1:{port}"))
    time.sleep(1.2)
    log = server.log_text()
    assert "Traceback" not in log
    # seven refusals in a second: the flood guard shows the first and counts the rest on one line
    assert log.count("serve: refused a websocket") == 1 and "(and 6 more like it in the last 1 s" in log


def test_a_foreign_host_is_refused_and_the_page_is_built_from_the_checked_host(server):
    """DNS rebinding: a name pointed at 127.0.0.1 reaches the server with
    that name as its Host. Any Host but the server's own names at its port
    (its port included: a name at another port is another origin) gets 421
    on every route and on the websocket; the page's addresses come from the
    Host checked."""
    port = server.port
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}",
                 f"localhost:{port}0", f"127.0.0.1:{port}@evil.example"):
        for path in ("", "static/js/textual.js", "solo.js"):
            status, _h, _t = asyncio.run(_get(server.url + path, {"Host": host}))
            assert status == 421, (host, path, status)
        assert asyncio.run(_refused(Client(server, host=host, origin=f"http://{host}"))) == 421, host
        assert asyncio.run(_get(server.url + "?token=anything", {"Host": host}))[0] == 421, host
    assert not app_processes(server.proc.pid)
    assert "refused a request for /: Host evil.example is not this server's name (421)" in server.log_text()
    status, _h, page = asyncio.run(_get(server.url, {"Host": f"localhost:{port}"}))
    assert status == 200
    assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in page
    assert f"http://localhost:{port}/static/js/textual.js" in page and "127.0.0.1" not in page


def test_every_response_carries_the_security_headers_and_no_folder_is_listed(server):
    for path in ("", "solo.js", "static/js/textual.js", "static/css/xterm.css", "nothing-here"):
        _s, headers, _t = asyncio.run(_get(server.url + path))
        csp = headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "default-src 'none'" in csp, path
        assert f"connect-src 'self' ws://127.0.0.1:{server.port}" in csp
        assert headers.get("X-Content-Type-Options") == "nosniff" and headers.get("Referrer-Policy") == "no-referrer"
        assert headers.get("X-Frame-Options") == "DENY"
    status, _h, page = asyncio.run(_get(server.url))
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "onclick" not in page and "<script>" not in page  # no inline script: the policy would block it
    for folder in ("static/", "static/js/", "static/css", "static/js/../"):
        status, _h, text = asyncio.run(_get(server.url + folder))
        assert status in (403, 404) and "textual.js" not in text, folder


def test_public_asks_for_its_token_in_constant_time_and_never_logs_it(tmp_path):
    """--public prints an address with a token; without it (or with a wrong
    one, a prefix of it, or it with more after) every route and the
    websocket are refused with 403; with it, the page answers with a cookie
    (HttpOnly, SameSite=Strict) and a redirect that takes the token out of
    the address; the cookie then opens the page and the websocket. The
    token appears in no log line."""
    server = Served(tmp_path, 2, None, "--public", env={"SOLO_FLUXX_TOKEN": TOKEN})
    try:
        assert f"?token={TOKEN}" in server.banner
        for given in ("", "?token=", f"?token={TOKEN[:-1]}", f"?token={TOKEN}x", f"?token={TOKEN[1:]}",
                      "?token=" + "x" * len(TOKEN)):
            for path in ("", "solo.js", "static/js/textual.js"):
                status, _h, _t = asyncio.run(_get(server.url + path + given))
                assert status == 403, (given, path)
            assert asyncio.run(_refused(Client(server, query="width=80&height=24" + given.replace("?", "&")))) == 403
        assert asyncio.run(_refused(Client(server, cookies={"solo_fluxx_token": TOKEN[:-1]}))) == 403
        assert not app_processes(server.proc.pid)

        status, headers, _t = asyncio.run(_get(server.url + f"?token={TOKEN}&fontsize=12"))
        assert status == 303 and headers["Location"] == "/?fontsize=12"
        cookie = headers["Set-Cookie"]
        assert f"solo_fluxx_token={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        status, _h, page = asyncio.run(_get(server.url, cookies={"solo_fluxx_token": TOKEN}))
        assert status == 200 and TOKEN not in page

        async def plays() -> bool:
            async with Client(server, cookies={"solo_fluxx_token": TOKEN}) as c:
                return await c.pong()
        assert asyncio.run(plays())
    finally:
        server.stop()
    log = server.log_text()
    assert "without this server's token (403)" in log and TOKEN not in log and TOKEN[:-1] not in log


def test_public_with_allow_host_accepts_that_host_and_its_origin(tmp_path):
    """--allow-host NAME[:PORT] adds a name the browser may use (a proxy's
    or a tunnel's), its Origin with it; a name not given is still refused,
    and the loopback names still work."""
    port = free_port()
    server = Served(tmp_path, 2, None, "--public", "--allow-host", "fluxx.test", "--allow-host", "tunnel.test:9443",
                    env={"SOLO_FLUXX_TOKEN": TOKEN})
    try:
        cookie = {"solo_fluxx_token": TOKEN}
        host = f"fluxx.test:{server.port}"

        async def plays(host: str) -> bool:
            async with Client(server, host=host, origin=f"http://{host}", cookies=cookie) as c:
                return await c.pong()
        assert asyncio.run(plays(host)) and asyncio.run(plays("tunnel.test:9443"))
        status, _h, page = asyncio.run(_get(server.url, {"Host": host}, cookies=cookie))
        assert status == 200 and f"ws://{host}/ws" in page
        assert asyncio.run(_get(server.url, {"Host": f"other.test:{server.port}"}, cookies=cookie))[0] == 421
        assert asyncio.run(_get(server.url, {"Host": f"fluxx.test:{port}"}, cookies=cookie))[0] == 421
        assert asyncio.run(_refused(Client(server, host=host, origin="http://other.test", cookies=cookie))) == 403
    finally:
        server.stop()


def test_allow_host_without_public_and_a_short_token_are_one_sentence(tmp_path):
    env = dict(os.environ, SOLO_FLUXX_HOME=str(tmp_path))
    run = [sys.executable, "-m", "solo.cli", "serve", "--port", str(free_port())]
    out = subprocess.run(run + ["--allow-host", "fluxx.test"], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "--allow-host is for a --public server" in out.stderr and "Traceback" not in out.stderr
    out = subprocess.run(run + ["--public"], env=dict(env, SOLO_FLUXX_TOKEN="short"), capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0 and "SOLO_FLUXX_TOKEN must be at least 22 characters" in out.stderr
    out = subprocess.run(run + ["--public", "--allow-host", "[nonsense]"], env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode != 0 and "is not an IPv6 address" in out.stderr and "Traceback" not in out.stderr


def test_an_oversized_message_closes_its_tab_and_the_app_stays_small(tmp_path):
    """A message over 64 KiB (here 1 MB: 4 MB once grew the app to 1.2 GB)
    is refused by the server before it is read whole: its connection is
    closed with 1009 (message too big), one log line says why, and the
    app's memory stays under 150 MB; a message just under the cap is taken."""
    game_in_progress(tmp_path, 7)
    server = Served(tmp_path, 2)
    try:
        async def flood() -> tuple[int | None, float, float]:
            async with Client(server) as c:
                await c.read_until("Hand (")
                (app, _g), = app_processes(server.proc.pid).items()
                await c.send("stdin", "x" * (60 * 1024))  # just under: taken (keys the table ignores)
                assert await c.pong(timeout=60)
                try:
                    await c.ws.send_str(json.dumps(["stdin", "x" * (1024 * 1024)]))  # (under aiohttp's own 4 MB)
                except (ConnectionError, aiohttp.ClientConnectionResetError):
                    pass  # the server closed the socket while the message was still on its way
                code = await c.closed()
                return code, resident_mb(app) if running(app) else 0.0, resident_mb(server.proc.pid)
        code, app_mb, server_mb = asyncio.run(flood())
        print(f"after a refused 1 MB message: app {app_mb:.0f} MB, server {server_mb:.0f} MB")
        assert code in (1009, 1006)  # 1009 read, or the socket cut while the client was still sending
        assert app_mb < 150 and server_mb < 150
        _wait(lambda: "a message over 65,536 bytes" in server.log_text(), what="the log line")
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()


def test_malformed_messages_are_dropped_with_a_line_each_and_the_tab_plays_on(server):
    """Bad JSON, nesting deeper than the page's, a lone surrogate, wrong
    types, unknown kinds, resizes to 0x0 and 100000x100000: each dropped
    with one log line (never a traceback), and the same connection still
    answers a ping. Text that is not UTF-8 closes the connection (aiohttp
    refuses the frame), with a line too."""
    async def talk() -> tuple[bool, int | None]:
        async with Client(server) as c:
            for bad in ('{"not": "a list"}', "[]", "[1, 2]", '["stdin", 5]', '["stdin", "\\ud800"]',
                        "[" * 30_000 + "]" * 30_000, '["resize", {"width": 0, "height": 0}]',
                        '["resize", {"width": 100000, "height": 100000}]', '["resize", {"width": true, "height": 9}]',
                        '["resize", [80, 24]]', '["ping", {"a": 1}]', '["deliver_file_start", "x"]', "nonsense",
                        '["stdin", "a", "b"]'):
                await c.ws.send_str(bad)
            alive = await c.pong()
            await c.ws.send_frame(b'["stdin", "\xff"]', aiohttp.WSMsgType.TEXT)
            return alive, await c.closed()
    alive, code = asyncio.run(talk())
    assert alive and code == 1007
    time.sleep(1.3)  # the flood guard's count of the held lines
    log = server.log_text()
    for said in ("that is not [kind, data]", "terminal input that is not text", "a lone surrogate",
                 "nested deeper than any the page sends", "a resize to {\"width\": 0, \"height\": 0}",
                 "more like it in the last 1 s, the last: dropped a resize to [80, 24]", "a ping whose stamp is not a short text",
                 "a message the terminal page never sends", "a message that is not JSON: nonsense",
                 "text that is not UTF-8"):
        assert said in log, said
    assert "Traceback" not in log and "Error" not in log


def test_a_flood_of_messages_is_cut_to_the_rate_with_one_line_a_second(server):
    """5,000 messages at once from one tab: the first 1,000 (the burst) and
    what the rate refills reach the app, the rest are dropped, and the log
    says so in a line a second, not a line a message; the tab plays on."""
    async def flood() -> bool:
        async with Client(server) as c:
            for _ in range(5000):
                await c.send("focus")
            await asyncio.sleep(1.2)
            return await c.pong()
    assert asyncio.run(flood())
    log = server.log_text()
    lines = [ln for ln in log.splitlines() if "messages from a tab over its 200 a second" in ln]
    assert 1 <= len(lines) <= 3, lines
    assert sum(int(ln.split("dropped ")[1].split()[0]) for ln in lines) >= 3000


def test_tabs_over_the_limit_are_told_and_closed_and_hold_no_socket(tmp_path):
    """--max-tabs 1: the second tab reads the sentence and its socket is
    closed by the server; 200 more do the same, and the server holds no
    more sockets than before them (nor any app but the first)."""
    server = Served(tmp_path, 1)

    def sockets() -> int:
        return sum(1 for fd in os.listdir(f"/proc/{server.proc.pid}/fd")
                   if os.readlink(f"/proc/{server.proc.pid}/fd/{fd}").startswith("socket:"))
    try:
        async def tabs() -> tuple[int, int]:
            async with Client(server) as first:
                assert await first.pong()
                before = sockets()
                async with Client(server) as c:
                    await c.read_until("1 tab is playing already")
                    assert await c.closed() == 1013

                async def one() -> None:
                    async with Client(server) as c:
                        await c.closed()
                for _ in range(4):
                    await asyncio.gather(*(one() for _ in range(50)))
                await asyncio.sleep(0.5)
                return before, sockets()
        before, after = asyncio.run(tabs())
        print(f"sockets held by the server: {before} with one tab, {after} after 200 refused tabs")
        assert after <= before
        _wait(lambda: not app_processes(server.proc.pid), what="the first tab's app's end")
    finally:
        server.stop()
    log = server.log_text()
    assert log.count("was turned away") <= 10 and "more like it" in log and "Traceback" not in log


def test_a_second_tab_is_told_at_once_and_a_reload_waits_for_its_old_process(tmp_path):
    """The page sends its tab id in the websocket's path: a second tab (a new
    id) is told in under a second that the game is open in another window;
    the first tab coming back under its own id (a reload) waits for its old
    process to let go and gets the table."""
    game_in_progress(tmp_path, 7)
    server = Served(tmp_path, 3)
    first, second = "a" * 32, "b" * 32
    try:
        async def tabs() -> float:
            async with Client(server, path=f"ws/{first}") as a:
                await a.read_until("Hand (")
                async with Client(server, path=f"ws/{second}") as b:
                    took = await b.read_until("open in another Solo Fluxx window")
            async with Client(server, path=f"ws/{first}") as again:  # the reload: its old app is still ending
                await again.read_until("Hand (")
                assert "open in another" not in again.screen.text()
            return took
        took = asyncio.run(tabs())
        print(f"the second tab told in {took:.2f} s")
        assert took < 1.0
    finally:
        server.stop()
    assert "a tab opened again" in server.log_text()


def test_a_killed_server_leaves_no_app_or_hint_worker_and_frees_the_slot(tmp_path):
    """SIGKILL of the server: the app (in a session of its own) and its hint
    worker see their parent gone and end within 5 s, by PID; the slot's lock
    is then free for the terminal app. SIGHUP ends the server as SIGTERM
    does, its apps with it."""
    from solo.store import DB_NAME, Store
    game_in_progress(tmp_path, 7)
    server = Served(tmp_path, 2)

    async def open_tab_with_a_hint() -> list[int]:
        c = Client(server)
        await c.__aenter__()
        await c.read_until("Hand (")
        await c.send("stdin", "i")
        await c.read_until("again for a move")
        await c.send("stdin", "i")
        (app, group), = _wait(lambda: (a := app_processes(server.proc.pid)) and all(len(g) >= 2 for g in a.values())
                              and a.items(), what="the hint worker's start")
        await c.read_until("Hint: ", timeout=60)  # the search done: the app idle (an idle app once outlived
        await asyncio.sleep(1.0)                   # a killed server for minutes; a busy one died on its output)
        return group
    pids = asyncio.run(open_tab_with_a_hint())
    assert len(pids) >= 2 and all(running(p) for p in pids)
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()
    start = time.monotonic()
    _wait(lambda: not any(running(p) for p in pids), timeout=5.0, what="the app's and the worker's end")
    print(f"app and hint worker gone {time.monotonic() - start:.2f} s after the server's SIGKILL")
    store = Store(tmp_path / DB_NAME)
    assert store.claim("solo")  # the terminal app resumes the game at once
    store.release_all()

    server = Served(tmp_path, 2)
    try:
        async def open_tab() -> None:
            async with Client(server) as c:
                await c.read_until("Hand (")
                (app, _g), = app_processes(server.proc.pid).items()
                server.proc.send_signal(signal.SIGHUP)
                server.proc.wait(20)
                assert server.proc.returncode == 0
                _wait(lambda: not running(app), timeout=5.0, what="the app's end after SIGHUP")
        asyncio.run(open_tab())
    finally:
        server.stop()
    assert not [p for p, (pp, _g, cmd) in processes().items() if pp == server.proc.pid]


def test_a_page_from_another_loopback_origin_cannot_connect(tmp_path):
    """In a real browser: a page served from 127.0.0.2 (another origin on
    this machine) tries to open the server's websocket and to load its page
    in a frame; the socket is refused (no app starts) and the frame is not
    shown. The server's own page, opened at 390x844 (a phone held upright),
    says in the page how to reach 80x24."""
    from playwright.sync_api import sync_playwright
    chromium_path()  # no chromium: a sentence saying how to install it, never a skip
    game_in_progress(tmp_path / "home", 7)
    server = Served(tmp_path / "home", 2)
    attacker = tmp_path / "evil"
    attacker.mkdir()
    (attacker / "index.html").write_text(f"""<!DOCTYPE html><html><body>
<iframe id="f" src="{server.url}"></iframe>
<script>
var ws = new WebSocket("ws://127.0.0.1:{server.port}/ws?width=80&height=24");
ws.onopen = function () {{ ws.send(JSON.stringify(["stdin", "1"])); document.title = "opened"; }};
ws.onerror = function () {{ document.title = "refused"; }};
</script></body></html>""")
    evil_port = free_port()
    evil = subprocess.Popen([sys.executable, "-m", "http.server", str(evil_port), "--bind", "127.0.0.2"],
                            cwd=attacker, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as p:
            from solo.tools.browser import launch
            browser = launch(p)
            page = browser.new_page()
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                try:
                    page.goto(f"http://127.0.0.2:{evil_port}/")
                    break
                except Exception:
                    time.sleep(0.2)
            page.wait_for_function("document.title !== ''", timeout=15000)
            assert page.title() == "refused"
            frame = page.frame_locator("#f")
            assert frame.locator("#terminal").count() == 0  # frame-ancestors 'none': nothing drawn inside
            assert not app_processes(server.proc.pid)

            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(server.url)
            phone.wait_for_function("document.body.classList.contains('-small')", timeout=15000)
            text = phone.inner_text("#small")
            assert "needs 80×24" in text and "Turn the phone sideways" in text and "font size" in text
            wide = browser.new_page(viewport={"width": 1280, "height": 800})
            wide.goto(server.url)
            wide.wait_for_timeout(500)
            assert not wide.evaluate("document.body.classList.contains('-small')")
            browser.close()
    finally:
        evil.terminate()
        evil.wait()
        server.stop()
    log = server.log_text()
    assert f"refused a websocket from the origin http://127.0.0.2:{evil_port}" in log
    assert "Traceback" not in log
