"""The browser server's checks without a server (solo/web/guard.py and
limits.py, and the app's lifeline): which Hosts and Origins are accepted,
the token's comparison, each kind of message the reader takes or drops, the
rate, the log's flood guard. tests/test_web_security.py shows each working
in a real server; these are the fast loop's (issue 62)."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("aiohttp")  # (the web extra is in the test extras: never skipped in CI)

from engine.lifeline import parent_from_env  # noqa: E402
from solo.web.guard import Gate, HostError, accepted_hosts, content_policy, host_port, new_token  # noqa: E402
from solo.web.limits import MAX_MESSAGE, Bucket, Dropped, Message, QuietLog, read_message  # noqa: E402


def test_loopback_accepts_exactly_the_three_names_at_the_port():
    hosts = accepted_hosts("127.0.0.1", 8000, public=False)
    assert hosts == {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"}
    gate = Gate(hosts)
    assert gate.host_ok("LocalHost:8000") and gate.host_ok("[::1]:8000")
    for bad in (None, "", "127.0.0.1", "127.0.0.1:8001", "127.0.0.1:80000", "evil.example:8000", "localhost",
                "127.0.0.1:8000.evil", " 127.0.0.1:8000", "127.0.0.2:8000"):
        assert not gate.host_ok(bad), bad


def test_allow_host_is_only_for_public_and_adds_its_name_at_its_port():
    assert accepted_hosts("127.0.0.1", 8000, False, ["fluxx.test"]) == accepted_hosts("127.0.0.1", 8000, False)
    hosts = accepted_hosts("0.0.0.0", 8000, True, ["Fluxx.Test", "tunnel.test:443", "[2001:db8::1]", "2001:db8::2"])
    assert {"fluxx.test:8000", "tunnel.test:443", "[2001:db8::1]:8000", "[2001:db8::2]:8000"} <= hosts
    assert "0.0.0.0:8000" not in hosts  # every address is no name a browser uses
    assert accepted_hosts("192.0.2.7", 8000, True) >= {"192.0.2.7:8000"}
    assert "fluxx.test" in accepted_hosts("127.0.0.1", 80, True, ["fluxx.test"])  # port 80 is left out of Host


@pytest.mark.parametrize("bad,said", [("", "takes a host name"), ("[::1", "in brackets"), ("[zz]", "not an IPv6"),
                                      ("a.test:0", "1 to 65535"), ("a.test:x", "1 to 65535"),
                                      ("a.test/path", "give a host name"), ("user@a.test", "give a host name"),
                                      ("[::1]x", "only :PORT")])
def test_a_bad_allow_host_is_one_sentence(bad, said):
    with pytest.raises(HostError, match=said.replace("(", r"\(")):
        host_port(bad, 8000)


def test_origin_must_be_http_and_an_accepted_host():
    gate = Gate(accepted_hosts("127.0.0.1", 8000, False))
    assert gate.origin_ok("http://127.0.0.1:8000") and gate.origin_ok("http://localhost:8000")
    for bad in (None, "null", "https://127.0.0.1:8000", "http://127.0.0.1", "http://127.0.0.1:8001",
                "http://evil.example", "http://127.0.0.1:8000/", "ws://127.0.0.1:8000"):
        assert not gate.origin_ok(bad), bad


def test_the_token_is_compared_whole():
    token = new_token()
    assert len(token) >= 32  # 192 bits in base64
    gate = Gate(frozenset(), token)
    assert gate.token_ok(token)
    for bad in (None, "", token[:-1], token + "x", token[1:], token.upper() if token != token.upper() else "x",
                "\udcff" + token[1:]):
        assert not gate.token_ok(bad), bad
    assert Gate(frozenset()).token_ok(None)  # no token needed on loopback
    assert new_token() != token


def test_the_content_policy_allows_only_the_servers_own_script_and_socket():
    csp = content_policy("localhost:8000")
    assert "script-src 'self';" in csp and "'unsafe-eval'" not in csp and "connect-src 'self' ws://localhost:8000;" in csp
    assert "frame-ancestors 'none'" in csp and csp.startswith("default-src 'none'")


@pytest.mark.parametrize("text,kind,data", [
    ('["stdin", "1"]', "stdin", b"1"), ('["stdin", "\\u00e9"]', "stdin", "é".encode()),
    ('["resize", {"width": 80, "height": 24}]', "resize", (80, 24)),
    ('["resize", {"width": 1000, "height": 1}]', "resize", (1000, 1)),
    ('["ping", "1700000000000"]', "ping", "1700000000000"), ('["focus"]', "focus", None), ('["blur"]', "blur", None)])
def test_the_pages_own_messages_are_read(text, kind, data):
    assert read_message(text) == Message(kind, data)


@pytest.mark.parametrize("text,kind", [
    ("nope", "json"), ("[" * 30_000 + "]" * 30_000, "nesting"), ("{}", "shape"), ("[]", "shape"), ("[1]", "shape"),
    ('["stdin", "a", "b"]', "shape"), ('["deliver_file_start", "x"]', "kind"), ('["stdin", 1]', "stdin type"),
    ('["stdin", "\\ud800"]', "surrogate"), ('["resize", {"width": 0, "height": 0}]', "resize"),
    ('["resize", {"width": 100000, "height": 100000}]', "resize"), ('["resize", {"width": 1001, "height": 24}]', "resize"),
    ('["resize", {"width": true, "height": 24}]', "resize"), ('["resize", {"width": 80.0, "height": 24}]', "resize"),
    ('["resize", [80, 24]]', "resize"), ('["resize"]', "resize"), ('["ping", 5]', "ping"), ('["ping", "' + "1" * 65 + '"]', "ping"),
    ('["stdin", "' + "x" * MAX_MESSAGE + '"]', "size")], ids=lambda v: v if len(v) < 40 else f"{len(v)} characters")
def test_every_malformed_message_is_dropped_with_its_reason(text, kind):
    got = read_message(text)
    assert isinstance(got, Dropped) and got.kind == kind, got
    assert "\n" not in got.why and len(got.why) < 200  # one line in the log


def test_the_dropped_message_is_shown_escaped_and_cut():
    got = read_message('["evil", "\\u001b[2J' + "x" * 500 + '"]')
    assert isinstance(got, Dropped) and "\x1b" not in got.why and got.why.endswith("…") and len(got.why) < 200


def test_the_bucket_lets_a_burst_through_then_the_rate():
    now = [0.0]
    bucket = Bucket(burst=1000, rate=200.0, clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(1500)) == 1000  # the burst, at once
    now[0] += 0.5
    assert sum(bucket.take() for _ in range(500)) == 100  # half a second at 200 a second
    now[0] += 60.0
    assert sum(bucket.take() for _ in range(5000)) == 1000  # refilled to the burst, never beyond


def test_a_paste_and_mouse_moves_stay_under_the_rate():
    """What a player sends: 60 mouse moves a second for 30 s, and a burst of 500 keys once."""
    now = [0.0]
    bucket = Bucket(clock=lambda: now[0])
    assert all(bucket.take() for _ in range(500))
    for _ in range(30 * 60):
        now[0] += 1 / 60
        assert bucket.take()


def _records(every: float) -> tuple[logging.Logger, list[str], QuietLog]:
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage() + (" +traceback" if record.exc_info else ""))
    name = f"quiet-test-{time.monotonic_ns()}"
    logger = logging.getLogger(name)
    logger.propagate = False
    handler = Keep()
    quiet = QuietLog(every=every)
    handler.addFilter(quiet)
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return logger, lines, quiet


def test_a_flood_of_one_warning_is_one_line_and_a_count():
    logger, lines, _quiet = _records(0.3)
    for i in range(5000):
        logger.warning("refused a request for %s", f"/{i}")
    logger.warning("another kind of line")
    for _ in range(3):
        logger.info("a tab opened")  # news, not errors: never held
    time.sleep(0.6)
    assert lines[:2] == ["refused a request for /0", "another kind of line"]
    assert lines[2:5] == ["a tab opened"] * 3
    assert lines[5:] == ["(and 4999 more like it in the last 0.3 s, the last: refused a request for /4999)"]
    logger.warning("refused a request for %s", "/later")  # a new window: shown again
    assert lines[-1] == "refused a request for /later"


def test_quiet_keys_group_lines_and_none_is_never_held():
    logger, lines, quiet = _records(5.0)
    logger.warning("dropped %s", "a", extra={"quiet_key": "json"})
    logger.warning("dropped %s", "b", extra={"quiet_key": "resize"})
    logger.warning("dropped %s", "c", extra={"quiet_key": "resize"})
    logger.warning("counted %d", 7, extra={"quiet_key": None})
    logger.warning("counted %d", 8, extra={"quiet_key": None})
    assert lines == ["dropped a", "dropped b", "counted 7", "counted 8"]
    quiet.count_all()  # the server stopping: what is held is said at once
    assert lines[-1] == "(and 1 more like it in the last 5 s, the last: dropped c)"


def test_a_repeated_oserror_loses_its_traceback():
    logger, lines, _ = _records(5.0)
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        logger.error("socket.accept() out of system resource", exc_info=True)
    assert lines == ["socket.accept() out of system resource (OSError: [Errno 24] Too many open files)"]


def test_the_parent_pid_is_read_strictly():
    assert parent_from_env("1234") == 1234
    for bad in (None, "", "1", "0", "-5", "12a", "1e3"):
        assert parent_from_env(bad) is None


def test_a_follower_ends_when_its_parent_is_killed(tmp_path):
    """The lifeline in a real pair of processes: a middle process starts a
    child that follows it, then is killed with SIGKILL; the child is gone
    within a second and a half (it looks every quarter second)."""
    script = tmp_path / "pair.py"
    script.write_text(
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', "
        "'import os, sys, time; sys.path.insert(0, sys.argv[1]); from engine.lifeline import follow_parent; "
        "follow_parent(os.getppid()); print(os.getpid(), flush=True); time.sleep(60)', sys.argv[1]], "
        "stdout=subprocess.PIPE, start_new_session=True)\n"
        "print(child.stdout.readline().decode().strip(), flush=True)\n"
        "time.sleep(60)\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    middle = subprocess.Popen([sys.executable, str(script), root], stdout=subprocess.PIPE, text=True)
    try:
        child = int(middle.stdout.readline())
        os.kill(child, 0)
        middle.kill()
        middle.wait()
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            try:
                stat = open(f"/proc/{child}/stat").read()
            except OSError:
                break
            if stat[stat.rindex(")") + 2] == "Z":
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the child outlived its parent by 1.5 s")
    finally:
        middle.kill()


def test_messages_the_page_sends_are_valid_json_for_the_reader():
    """The page's own messages as textual.js builds them (JSON.stringify of a list)."""
    for kind, data in (("stdin", "\x1b[A"), ("resize", {"width": 132, "height": 43}), ("ping", "1"), ("blur", None)):
        text = json.dumps([kind] if data is None else [kind, data])
        assert isinstance(read_message(text), Message)
