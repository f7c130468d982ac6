"""A process that ends with the one that started it, however that one ends.

A served app (solo-fluxx serve) runs in a session of its own, so that a
tab's app and its hint worker can be ended together; the price is that the
server's own end, if it is killed with SIGKILL, reaches neither. So each
watches its parent: a thread looks every quarter second whether the
process's parent is still the one it started under, and when it is not,
asks the process to leave (the app quits as Ctrl+Q does: every answer is
saved already) and ends it for good a little later if it has not. (Linux's
parent-death signal is not used: it fires when the *thread* that started
the child ends, which need not be the parent's end.)
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

LOOK_EVERY = 0.25  # seconds between looks at the parent
GRACE = 2.0        # seconds the process has to leave once asked, before it is ended


def follow_parent(parent: int, leave: Callable[[], object] | None = None, grace: float = GRACE) -> threading.Thread:
    """Watch ``parent``; when it is gone, call ``leave`` (from the watching
    thread), then end this process after ``grace`` seconds. Without
    ``leave``, end at once. Returns the watching thread (a daemon)."""

    def gone() -> None:
        if leave is not None:
            try:
                leave()
            except Exception:  # the process is ending: nothing is left to tell
                pass
            time.sleep(grace)
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(LOOK_EVERY)
        gone()

    thread = threading.Thread(target=watch, name="lifeline", daemon=True)
    thread.start()
    return thread


def parent_from_env(text: str | None) -> int | None:
    """SOLO_FLUXX_PARENT's process id: a whole number above 1, else None."""
    if text is None or not text.strip().isdigit():
        return None
    pid = int(text)
    return pid if pid > 1 else None


def follow_input(fd: int, leave: Callable[[], object], every: float = LOOK_EVERY) -> threading.Thread | None:
    """Watch standard input's descriptor for its far end hanging up (a closed
    terminal window or a pipe whose writer ended: POLLHUP, POLLERR or
    POLLNVAL), without reading from it; then call ``leave`` once (from the
    watching thread). Textual's input thread reads an ended input as
    nothing, and would read it again ten thousand times a second for ever.
    None where the platform has no poll()."""
    import select
    if not hasattr(select, "poll"):
        return None
    poller = select.poll()
    poller.register(fd, select.POLLHUP | select.POLLERR | select.POLLNVAL)  # (no POLLIN: the keys are Textual's)
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL

    def watch() -> None:
        while True:
            try:
                events = poller.poll(int(every * 1000))
            except OSError:
                events = [(fd, select.POLLERR)]
            if any(mask & gone for _fd, mask in events):
                leave()
                return

    thread = threading.Thread(target=watch, name="input-watch", daemon=True)
    thread.start()
    return thread
