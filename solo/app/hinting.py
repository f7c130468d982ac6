"""The hint's search (and the search bot's moves), in a worker process, so
that the app never waits on it.

The app sends the game's state (plain JSON data) and gets the ranked
answers back; the table stays live while the search runs. The worker is
started on the first hint (``spawn``: a fresh interpreter, never a fork
of the app's threads) and kept for the next ones.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the pool's module is loaded at the first hint, not before the app's first frame
    from concurrent.futures import Future, ProcessPoolExecutor

    from tutor.hints import Searched


def rank_state(state: dict[str, Any], seed: int, rollouts: int | None = None, **clock: float | None) -> Searched:
    """In the worker: the search bot's ranking of the answers to the state's
    question, how many sampled futures the best answer was tried in, and
    what happened in each candidate's futures (``engine.bots.Tried``: the
    hint's reasons are built on it)."""
    from engine.game import Game
    g = Game.from_dict(state, record=False, check="none")  # the app's own state, just written
    return search_hint(g, seed, rollouts, **clock)


def search_hint(g: Any, seed: int, rollouts: int | None = None, **clock: float | None) -> Searched:
    """The search behind a hint, in this process (text mode, the tests):
    ``tutor.hints.search`` (``ms``: the safety clock, ``SAFETY_MS`` unless given)."""
    from tutor.hints import search
    return search(g, seed, rollouts, **clock)


def bot_state(state: dict[str, Any], name: str) -> Any:
    """In the worker: bot ``name``'s answer to the state's question (seeded
    from the state, a fixed budget: the same answer in the app and anywhere)."""
    from engine.bots import answer_for
    from engine.game import Game
    return answer_for(Game.from_dict(state, record=False, check="none"), name)


def die_with(parent: int) -> None:
    """In a worker process: end when the app's process ends, however it ends
    (a kill -9 leaves no time to shut the pool down, and a worker waiting on
    its queue holds that queue's writing end too, so it would wait for
    ever): engine.lifeline's watch, with nothing to save first."""
    from engine.lifeline import follow_parent
    if os.getppid() != parent:  # the app ended before this worker started
        os._exit(0)
    follow_parent(parent)


class HintWorker:
    """One worker process for hints, started when first asked."""

    def __init__(self) -> None:
        self.pool: ProcessPoolExecutor | None = None

    def submit(self, state: dict[str, Any], seed: int) -> Future[Searched]:
        return self._submit(rank_state, state, seed)

    def submit_bot(self, state: dict[str, Any], name: str) -> Future[Any]:
        """A search bot's answer, worked out beside the table."""
        return self._submit(bot_state, state, name)

    def _submit(self, fn: Any, *args: Any) -> Future[Any]:
        import sys
        # the pool's helper processes start here and inherit the real stderr (Textual
        # puts a stand-in without a file descriptor there while it draws)
        shown = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        try:
            if self.pool is None:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor
                self.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=die_with, initargs=(os.getpid(),))
            return self.pool.submit(fn, *args)
        finally:
            sys.stdout, sys.stderr = shown

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
