"""sim --cluster (issue 37, deliverable 8): the games played on a Dask
cluster started here on 127.0.0.1 give the same scores, run files and
first_deal_sha256 as --jobs 1; without the extra, one sentence and exit 2."""
from __future__ import annotations

import json
import sys
import time

import pytest

from .helpers import run_cli

TIMING = {"seconds", "games_per_second", "decisions_per_second", "cpu_seconds", "games_per_cpu_second",
          "decisions_per_cpu_second"}


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="the cluster extra (installed by the test extra)")
    cl = distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40)
    try:
        yield cl.scheduler_address
    finally:
        cl.close()


def sim(tmp_path, name: str, *where: str, extra=("--variant", "standard", "--players", "4", "--decks",
                                                    "voyager", "--bot", "greedy", "--games", "40", "--seed", "3")):
    runs = tmp_path / name
    r = run_cli("sim", *extra, "--json", "--save-runs", str(runs), *where)
    assert r.returncode == 0, r.stderr
    files = {p.name: p.read_text() for p in sorted(runs.iterdir())}
    return json.loads(r.stdout), files, r.stderr


@pytest.mark.slow
def test_a_sim_on_a_local_cluster_is_the_sim_of_one_process(cluster, tmp_path):
    at = cluster
    assert at.startswith("tcp://127.0.0.1:")
    one, one_files, _ = sim(tmp_path, "one", "--jobs", "1")
    many, many_files, err = sim(tmp_path, "cluster", "--cluster", at)
    assert {k: v for k, v in one.items() if k not in TIMING} == {k: v for k, v in many.items() if k not in TIMING}
    assert one["first_deal_sha256"] == many["first_deal_sha256"] and one["wins"] == many["wins"]
    assert one_files == many_files and len(one_files) == 40
    assert f"40 of 40 games played on {at} (2 workers)" in err  # progress, on stderr
    assert many["cpu_seconds"] > 0  # the workers' CPU time counts
    # Solo scores too
    solo = ("--variant", "solo", "--bot", "greedy", "--games", "30", "--seed", "100")
    s1, f1, _ = sim(tmp_path, "solo-one", "--jobs", "1", extra=solo)
    s2, f2, _ = sim(tmp_path, "solo-cluster", "--cluster", at, extra=solo)
    assert s1["scores"] == s2["scores"] and s1["mean_score"] == s2["mean_score"] and f1 == f2


def test_without_the_extra_cluster_is_one_sentence_and_exit_2(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    r = run_cli("sim", "--games", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == ('solo-fluxx sim: --cluster tcp://127.0.0.1:8786: the cluster extra is not '
                                'installed: pip install -e ".[cluster]" (Dask distributed)')


@pytest.mark.slow
def test_a_cluster_that_does_not_answer_is_one_sentence(tmp_path):
    pytest.importorskip("distributed")
    r = run_cli("sim", "--games", "2", "--cluster", "tcp://127.0.0.1:9")  # nothing listens on port 9
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("solo-fluxx sim: --cluster tcp://127.0.0.1:9: no Dask scheduler answered at "), r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_jobs_and_cluster_are_one_or_the_other():
    r = run_cli("sim", "--games", "2", "--jobs", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert r.returncode == 2 and "not allowed with argument" in r.stderr


class _Future:
    def __init__(self, log, fn, args):
        self.log, self.fn, self.args, self.cancelled = log, fn, args, False

    def result(self):
        self.log.append(("result", self.args[3][0]))
        return self.fn(self.args)

    def cancel(self):
        self.cancelled = True


class _Client:
    """A Dask client's two calls the source makes, played here in order."""

    def __init__(self, workers: int):
        self.info = {"workers": {f"w{i}": {} for i in range(workers)}}
        self.log: list = []
        self.futures: list[_Future] = []

    def scheduler_info(self):
        return self.info

    def submit(self, fn, args, pure=True):
        assert pure is False  # every share is new work, never a cached result
        self.log.append(("submit", args[3][0]))
        self.futures.append(_Future(self.log, fn, args))
        return self.futures[-1]


def _source(monkeypatch, workers: int, progress=None):
    """A ClusterSource on a fake client whose worker "plays" a share at once,
    each seed's result naming its seed and 0.25 CPU seconds a share."""
    from solo.tools import cluster
    shares = []

    def share(args):
        shares.append(args)
        return [(s, {"seed": s}, "") for s in args[3]], 0.25
    monkeypatch.setattr(cluster, "_timed_share", share)
    src = object.__new__(cluster.ClusterSource)
    src.client, src.address, src.progress, src.cpu_seconds = _Client(workers), "tcp://here:8786", progress, 0.0
    return src, shares


def test_the_cluster_gets_shares_of_seeds_with_a_bounded_number_in_flight(monkeypatch):
    """Shares of an eighth of a worker's part (1 to 64 seeds), at most four
    a worker in flight; the results come back in seed order, the workers'
    CPU seconds added up."""
    src, shares = _source(monkeypatch, workers=1)
    got = list(src(["fluxx5"], 2, "standard", range(100), "greedy", True))
    assert [s for s, _r, _e in got] == list(range(100)) and got[5] == (5, {"seed": 5}, "")
    assert [a[3] for a in shares] == [list(range(i, min(i + 12, 100))) for i in range(0, 100, 12)]
    assert shares[0][:3] == (("fluxx5",), 2, "standard") and shares[0][4:] == ("greedy", True)
    # four in flight: the fifth share waits for the first result, and so on; then the rest drain
    assert src.client.log == [("submit", 0), ("submit", 12), ("submit", 24), ("submit", 36),
                              ("result", 0), ("submit", 48), ("result", 12), ("submit", 60),
                              ("result", 24), ("submit", 72), ("result", 36), ("submit", 84),
                              ("result", 48), ("submit", 96), ("result", 60), ("result", 72),
                              ("result", 84), ("result", 96)]
    assert src.cpu_seconds == 9 * 0.25
    # share sizes at their bounds: 3 workers and 10,000 seeds take 64 at a time; 3 seeds take 1
    src, shares = _source(monkeypatch, workers=3)
    assert len(list(src(["fluxx5"], 2, "solo", range(10_000), "random", False))) == 10_000
    assert {len(a[3]) for a in shares[:-1]} == {64} and sum(len(a[3]) for a in shares) == 10_000
    assert src.client.log[:13] == [("submit", 64 * i) for i in range(12)] + [("result", 0)]  # 3 workers: 12 in flight
    src, shares = _source(monkeypatch, workers=1)
    list(src(["fluxx5"], 2, "solo", range(3), "random", False))
    assert [a[3] for a in shares] == [[0], [1], [2]]


def test_the_cluster_counts_its_workers_and_cancels_what_is_in_flight(monkeypatch):
    src, _shares = _source(monkeypatch, workers=3)
    assert src.workers() == 3
    src.client.info = {}  # no worker has joined yet: one is assumed
    assert src.workers() == 1
    src.client.info = {"workers": {f"w{i}": {} for i in range(2)}}
    results = src(["fluxx5"], 2, "standard", range(200), "greedy", False)
    assert [next(results)[0] for _ in range(3)] == [0, 1, 2]
    results.close()  # the sim stopped early: the shares still in flight are cancelled
    done = {("result", f.args[3][0]) for f in src.client.futures} & set(src.client.log)
    assert len(src.client.futures) == 8 and len(done) == 1
    assert [f.cancelled for f in src.client.futures] == [False] + [True] * 7


def test_the_cluster_tells_its_progress_at_most_once_a_second_and_at_the_end(monkeypatch):
    from solo.tools import cluster
    told = []
    clock = iter([1.5, 2.0, 2.7, 2.8, 3.5, 3.6, 3.75, 3.8, 3.9])
    monkeypatch.setattr(cluster, "time", type("Clock", (), {"monotonic": staticmethod(lambda: next(clock))}))
    src, _shares = _source(monkeypatch, workers=1, progress=lambda *a: told.append(a))
    assert len(list(src(["fluxx5"], 2, "standard", range(9), "greedy", False))) == 9  # 9 shares of 1
    # clock 1.5: told (1.5 s since the start, at 0); 2.0 no; 2.7 told; 2.8 no; 3.5 no (0.8 s); 3.6 no;
    # 3.75 told; 3.8 no; 3.9: the last share, told however soon
    assert told == [(1, 9, 1), (3, 9, 1), (7, 9, 1), (9, 9, 1)]
    src, _shares = _source(monkeypatch, workers=1)  # no one to tell: the last time told stays as it was
    clock = iter([50.0, 60.0])
    assert src._tell(3, 9, 1, 7.5) == 7.5 and src._tell(9, 9, 1, 7.5) == 7.5


def test_a_workers_share_is_the_process_pools_share_with_its_cpu_time(monkeypatch):
    from engine.sim import _play_seeds
    from solo.tools import cluster
    args = (("fluxx5",), 2, "standard", [4, 5], "random", False)
    clock = iter([100.0, 100.75])
    monkeypatch.setattr(cluster, "time", type("Clock", (), {"process_time": staticmethod(lambda: next(clock))}))
    out, cpu = cluster._timed_share(args)
    assert out == _play_seeds(args) and [s for s, _r, _e in out] == [4, 5]
    assert cpu == 0.75


def _server(reply: bytes | None):
    """A server on a free loopback port that sends ``reply`` to each
    connection (None: says nothing, as a web server waiting for its request);
    its address and a stop function."""
    import socket
    import threading
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held = []

    def serve():
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)
            if reply is not None:
                try:
                    conn.sendall(reply)
                except OSError:
                    pass
                if not reply:  # b"": hang up at once
                    conn.close()
    threading.Thread(target=serve, daemon=True).start()

    def close():
        stop.set()
        for c in held:
            c.close()
        listener.close()
    return f"tcp://127.0.0.1:{listener.getsockname()[1]}", close


@pytest.mark.parametrize("reply,said", [
    (None, "says nothing, as a web server does"),                        # an HTTP server: waits for a request
    (b"\xff" * 64, "does not speak Dask's protocol"),                     # garbage: once an OverflowError
    (b"\x00\x00\x00\x00\x00\x00\x00\x80" + b"x" * 56, "does not speak Dask's protocol"),  # a length of exabytes
    (b"HTTP/1.1 400 Bad Request\r\n\r\n", "does not speak Dask's protocol"),
    (b"", "closed the connection without a word")])
def test_a_server_that_is_not_a_scheduler_is_one_sentence_in_seconds(reply, said):
    """``sim --cluster`` pointed at something that is not a Dask scheduler:
    before, an HTTP server hung it for 754 s and a server sending garbage
    ended it with a Dask traceback (OverflowError, MemoryError); now the
    probe says so in one sentence, in at most its 5 s."""
    pytest.importorskip("distributed")
    from solo.tools.cluster import ClusterSource, ClusterUnavailable
    address, close = _server(reply)
    try:
        start = time.monotonic()
        with pytest.raises(ClusterUnavailable, match=said):
            ClusterSource(address, timeout=5.0)
        assert time.monotonic() - start < 8.0
    finally:
        close()


def test_a_cluster_address_that_is_no_address_is_one_sentence():
    from solo.tools.cluster import ClusterUnavailable, probe
    with pytest.raises(ClusterUnavailable, match="tcp://HOST:PORT"):
        probe("tcp://nohostport")
    probe("inproc://somewhere")  # left to Dask's own client
