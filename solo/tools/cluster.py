"""Sims past one machine: ``solo-fluxx sim --cluster ADDRESS`` plays the
games on an existing Dask cluster (the optional extra ``.[cluster]``).

Why Dask (``distributed``) and not Ray: a sim is a plain map of a pure
Python function over shares of seeds, each result a small dict; Dask's
scheduler, workers and client are pure Python wheels (about 15 MB with what
they need, where Ray is a 60+ MB compiled wheel per platform and Python
version), a worker is ``dask worker tcp://HOST:8786`` on any machine with
the project installed, and a local cluster starts in a second or two, so
the test of it runs in CI on every change. Ray's actor model, object store
and GPU scheduling are what this work does not need.

The games are the same as with ``--jobs``: each share of seeds is played by
``engine.sim._play_seeds`` on a worker (the same function the process pool
runs) and the results are taken back in seed order, so the summary (but
its timing keys), the run files and ``first_deal_sha256`` are identical.
The CPU time a worker spends is measured there and added to the summary's
``cpu_seconds``.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

EXTRA = 'the cluster extra is not installed: pip install -e ".[cluster]" (Dask distributed)'


class ClusterUnavailable(Exception):
    """The extra is missing or the cluster cannot be reached: one sentence."""


HELLO_MOST = 1 << 20  # the largest first message a Dask scheduler's greeting could be (it is some 60 bytes)


def probe(address: str, seconds: float = 5.0) -> None:
    """Make sure a Dask scheduler is what listens at a ``tcp://`` address,
    within ``seconds`` to connect and ``seconds`` to hear from it: a
    scheduler greets a new connection at once, with its message's length
    first (8 bytes, little-endian). Anything else (an HTTP server, which
    waits for a request for ever; a server sending bytes that are not
    Dask's, which once made the client ask for gigabytes) is one sentence,
    before Dask's own client is let near it. Other schemes (tls://,
    inproc://) are left to the client."""
    import socket
    import struct
    scheme, sep, rest = address.partition("://")
    if sep and scheme != "tcp":
        return
    target = rest if sep else address
    host, _, port_text = target.rpartition(":")
    host = host.strip("[]")
    if not host or not port_text.isdigit():
        raise ClusterUnavailable(f"{address} is not an address of the form tcp://HOST:PORT")
    try:
        with socket.create_connection((host, int(port_text)), timeout=seconds) as conn:
            conn.settimeout(seconds)
            head = b""
            while len(head) < 8:
                chunk = conn.recv(8 - len(head))
                if not chunk:
                    raise ClusterUnavailable(f"the server at {address} closed the connection without a word: "
                                             "it is not a Dask scheduler")
                head += chunk
    except TimeoutError:
        raise ClusterUnavailable(f"no Dask scheduler answered at {address} within {seconds:g} s (something "
                                 "listens there but says nothing, as a web server does); give the scheduler's "
                                 "address (dask scheduler prints it)") from None
    except OSError as e:
        raise ClusterUnavailable(f"no Dask scheduler answered at {address} ({type(e).__name__}: {e}); "
                                 "start one (dask scheduler) and its workers, or give its address as "
                                 "tcp://HOST:PORT") from None
    (length,) = struct.unpack("<Q", head)
    if not 0 < length <= HELLO_MOST:
        raise ClusterUnavailable(f"the server at {address} does not speak Dask's protocol (its first message "
                                 "is not a scheduler's greeting); give the scheduler's address")


def _timed_share(args: tuple[Any, ...]) -> tuple[list[tuple[int, dict[str, Any] | None, str]], float]:
    """A worker's share, and the CPU seconds the worker spent on it."""
    from engine.sim import _play_seeds
    t = time.process_time()
    out = _play_seeds(args)
    return out, time.process_time() - t


class ClusterSource:
    """Where ``run_sim`` takes its results from: the games played on the Dask
    cluster at ``address``, in seed order, with ``progress(done, total)``
    told as shares come back, and the workers' CPU time in
    ``cpu_seconds``."""

    def __init__(self, address: str, progress: Callable[[int, int, int], None] | None = None,
                 timeout: float = 10.0):
        try:
            from distributed import Client
        except ImportError as e:
            raise ClusterUnavailable(EXTRA) from e
        probe(address, min(timeout, 5.0))
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as e:
            raise ClusterUnavailable(f"no Dask scheduler answered at {address} ({type(e).__name__}: {e}); "
                                     "start one (dask scheduler) and its workers, or give its address as "
                                     "tcp://HOST:PORT") from e
        except Exception as e:  # a server that greets as Dask does and then says what Dask cannot read
            raise ClusterUnavailable(f"the server at {address} did not answer as a Dask scheduler does "
                                     f"({type(e).__name__}); give the scheduler's address") from e
        self.address = address
        self.progress = progress
        self.cpu_seconds = 0.0

    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def __call__(self, decks: tuple[str, ...] | list[str], players: int, variant: str, seeds: range, bot: str,
                 keep: bool) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
        workers = self.workers()
        size = max(1, min(64, len(seeds) // (workers * 8)))
        shares = [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]
        flying: deque[Any] = deque()
        done = 0
        last = 0.0
        try:
            for share in shares:
                flying.append(self.client.submit(_timed_share, (tuple(decks), players, variant, share, bot, keep),
                                                  pure=False))
                if len(flying) >= workers * 4:
                    out, cpu = flying.popleft().result()
                    self.cpu_seconds += cpu
                    done += len(out)
                    last = self._tell(done, len(seeds), workers, last)
                    yield from out
            while flying:
                out, cpu = flying.popleft().result()
                self.cpu_seconds += cpu
                done += len(out)
                last = self._tell(done, len(seeds), workers, last)
                yield from out
        finally:
            for f in flying:
                f.cancel()

    def _tell(self, done: int, total: int, workers: int, last: float) -> float:
        now = time.monotonic()
        if self.progress is not None and (done == total or now - last >= 1.0):
            self.progress(done, total, workers)
            return now
        return last

    def close(self) -> None:
        self.client.close()  # type: ignore[no-untyped-call]
