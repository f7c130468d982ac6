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
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as e:
            raise ClusterUnavailable(f"no Dask scheduler answered at {address} ({type(e).__name__}: {e}); "
                                     "start one (dask scheduler) and its workers, or give its address as "
                                     "tcp://HOST:PORT") from e
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
