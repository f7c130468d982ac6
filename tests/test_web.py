"""solo-fluxx serve, in a real browser: Debian's chromium driven by
Playwright (issue 41). The page draws the terminal on a canvas: what it
shows is read from the frames the browser itself receives on its websocket
(solo.tools.browser)."""
from __future__ import annotations

import json
import time

import pytest

from solo.tools.browser import (
    TABLE_WORDS,
    Served,
    Tab,
    app_processes,
    game_in_progress,
    launch,
    processes,
    resident_mb,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p)  # (no chromium: an error that says how to install it, never a skip)
        yield b
        b.close()


def _wait(check, timeout=15.0, what="it", tab=None):
    """Wait for check() to be true; with a tab, its page's events go on
    arriving meanwhile (Playwright's sync API takes them in only while it waits)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        if tab is not None:
            tab.page.wait_for_timeout(50)
        else:
            time.sleep(0.05)
    raise AssertionError(f"{what} did not happen in {timeout} s")


def test_a_browser_plays_reloads_and_leaves_no_process(tmp_path, browser):
    """The page loads and the Solo table appears (a game in progress: straight
    to it); the key 1 typed in the browser plays the first card; a reload
    resumes the same game (the old tab's process lets go of the slot, the new
    one waits for it: no 'open in another window'); a second tab on that
    game sees the notice; a tab over --max-tabs gets one sentence; the hint
    worker stays under 150 MB; closing a tab ends its processes, and
    stopping the server ends every one."""
    from solo.store import DB_NAME, Store
    home = tmp_path / "home"
    game_in_progress(home, 7)
    server = Served(home, max_tabs=2)
    assert "http://127.0.0.1:" in server.banner and "Ctrl+C" in server.banner
    try:
        tab = Tab(browser, server.url)
        took = tab.wait_for(*TABLE_WORDS)
        print(f"page to table: {took:.2f} s")
        store = Store(home / DB_NAME, reading=True)

        def answers():
            return json.loads(store.db.execute("SELECT answers FROM games WHERE slot='solo'").fetchone()[0])
        assert answers() == []
        tab.press("1")
        played = _wait(answers, what="the play's save")  # through the browser, the app and the save
        assert len(played) == 1

        (app, _group), = app_processes(server.proc.pid).items()
        tab.press("i")  # a hint: first a nudge,
        tab.wait_for("again for a move")
        tab.press("i")  # then a move, searched by its worker, which starts in the app's process group
        worker = _wait(lambda: [pid for pid in app_processes(server.proc.pid).get(app, [])
                                if "spawn_main" in processes().get(pid, (0, 0, ""))[2]],
                       what="the hint worker's start")[0]  # (not the resource tracker beside it)
        tab.forget()
        _wait(lambda: "Hint: " in tab.text() and "thinking" not in tab.screen.text(), timeout=60,
              what="the hint's move", tab=tab)  # the worker has loaded the engine and searched
        print(f"hint worker: {resident_mb(worker):.0f} MB resident")
        assert resident_mb(worker) < 150, f"the hint worker holds {resident_mb(worker):.0f} MB"

        tab.reload()
        tab.wait_for(*TABLE_WORDS)
        assert "open in another" not in tab.text()
        (new_app, _), = _wait(lambda: len(a := app_processes(server.proc.pid)) == 1 and a.items(),
                              what="the old tab's process's end")
        assert new_app != app
        assert answers() == played  # the same game, where it was

        second = Tab(browser, server.url)
        second.wait_for("open in another Solo Fluxx window")
        third = Tab(browser, server.url)
        third.wait_for("2 tabs are playing already")
        assert len(app_processes(server.proc.pid)) == 2

        second.page.close()
        _wait(lambda: len(app_processes(server.proc.pid)) == 1, what="the closed tab's process's end")
        third.page.close()
    finally:
        code = server.stop()
    assert code == 0
    assert not app_processes(server.proc.pid)
    left = [pid for pid, (_pp, group, _c) in processes().items() if group in (app, new_app)]
    assert not left, f"processes left behind: {left}"
    log = server.log_text()
    assert "Traceback" not in log and "a tab closed" in log


def test_only_the_pages_messages_reach_an_app(tmp_path):
    """A message the terminal page never sends (here one that would write a
    file, and one that is not even JSON) is dropped and the log says so; the
    page's own (resize, ping) still work on the same connection."""
    import asyncio

    import aiohttp
    token = "a-token-for-this-test-0123456789"
    server = Served(tmp_path, 4, None, "--public", env={"SOLO_FLUXX_TOKEN": token})  # (on 127.0.0.1 still)

    async def talk():
        async with aiohttp.ClientSession() as s, s.ws_connect(server.url + f"ws?width=80&height=24&token={token}",
                                                              origin=server.origin) as ws:
            await ws.send_str(json.dumps(["deliver_file_start", {"path": "/etc/passwd"}]))
            await ws.send_str("not json at all")
            await ws.send_bytes(b"\x00\x01")
            await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
            await ws.send_str(json.dumps(["ping", "42"]))
            while True:
                m = await asyncio.wait_for(ws.receive(), 20)
                if m.type == aiohttp.WSMsgType.TEXT and json.loads(m.data) == ["pong", "42"]:
                    return True
    try:
        assert asyncio.run(talk())
        _wait(lambda: server.log_text().count("dropped a") >= 3, what="the log's three lines")
    finally:
        assert server.stop() == 0
    log = server.log_text()
    assert "never sends: [\"deliver_file_start\"" in log and "not JSON: not json at all" in log
    assert "dropped a BINARY message" in log and "Traceback" not in log
    assert "Warning: --public: anyone who can reach this address and has its token plays with the data folder" in log
    assert token not in log  # the token is never written to the log
    assert not app_processes(server.proc.pid)


def test_the_page_to_table_time_is_measured(tmp_path):
    """``python -m solo.tools.bench --web-loads N`` (issue 41's number, under
    2 s): warm loads, each a new tab to the table drawn; here two, as a check
    that the measure runs (the figure itself is the benchmark's)."""
    from solo.tools.browser import warm_loads
    times = warm_loads(2, tmp_path)
    assert len(times) == 2 and all(0 < t < 30 for t in times)
