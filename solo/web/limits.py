"""What ``solo-fluxx serve`` takes from a tab, and how much of it.

The terminal page of textual-serve sends a few small kinds of message:
key presses and mouse events as terminal input (``stdin``), its size
(``resize``), keep-alive pings, and the window's focus. ``read_message``
turns one websocket text frame into one of those, or into the reason it is
dropped (never an exception: bad JSON, nesting past any the page sends, a
lone surrogate, a wrong type, an unknown kind, a size out of range).
``Bucket`` bounds how many a tab sends (a burst, then a steady rate); a
frame over ``MAX_MESSAGE`` never reaches this module (aiohttp refuses it
before it is read whole). ``QuietLog`` keeps a flood of one error to one
line a second, with a count.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 64 * 1024    # bytes in one websocket message: a key, a paste or a resize is far smaller
BURST = 1000               # messages a tab may send at once (a paste, a flurry of mouse moves) ...
RATE = 200.0               # ... and each second after that
MAX_SIDE = 1000            # the largest terminal side a resize may ask for (textual-serve's page fits the window)
PAGE_MESSAGES = frozenset(("stdin", "resize", "ping", "blur", "focus"))


@dataclass(frozen=True)
class Message:
    """A message the page sends, checked: its kind and its payload (the
    terminal input as bytes, a size as (width, height), a ping's text)."""

    kind: str
    data: Any = None


@dataclass(frozen=True)
class Dropped:
    """A message that reaches no app, and why: ``kind`` groups the log's
    lines (one line each kind, and floods of one kind are counted)."""

    kind: str
    why: str


def read_message(text: str) -> Message | Dropped:
    """One text frame from a tab, as the message it is or the reason it is dropped."""
    if len(text) > MAX_MESSAGE:  # (aiohttp refuses a larger frame first; a caller without it is held here too)
        return Dropped("size", f"a message of {len(text):,} characters, over the {MAX_MESSAGE:,} a tab may send")
    try:
        envelope = json.loads(text)
    except RecursionError:
        return Dropped("nesting", "a message nested deeper than any the page sends")
    except ValueError:
        return Dropped("json", f"a message that is not JSON: {_shown(text)}")
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str) or len(envelope) > 2:
        return Dropped("shape", f"a message that is not [kind, data]: {_shown(text)}")
    kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
    if kind not in PAGE_MESSAGES:
        return Dropped("kind", f"a message the terminal page never sends: {_shown(text)}")
    if kind == "stdin":
        if not isinstance(data, str):
            return Dropped("stdin type", "terminal input that is not text")
        try:
            return Message("stdin", data.encode("utf-8"))
        except UnicodeEncodeError:
            return Dropped("surrogate", "terminal input that is not UTF-8 text (a lone surrogate)")
    if kind == "resize":
        w, h = (data.get("width"), data.get("height")) if isinstance(data, dict) else (None, None)
        if type(w) is not int or type(h) is not int or not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
            return Dropped("resize", f"a resize to {_shown(json.dumps(data, ensure_ascii=True))} "
                                     f"(a size is two whole numbers from 1 to {MAX_SIDE})")
        return Message("resize", (w, h))
    if kind == "ping":
        if not isinstance(data, str) or len(data) > 64:
            return Dropped("ping", "a ping whose stamp is not a short text")
        return Message("ping", data)
    return Message(kind)  # blur, focus


def _shown(text: str, most: int = 80) -> str:
    """A message's start as a log shows it: one line, escaped, cut."""
    cut = text[:most].encode("unicode_escape", "backslashreplace").decode("ascii")
    return cut + ("…" if len(text) > most else "")


class Bucket:
    """A tab's allowance of messages: ``burst`` at once, refilled at ``rate``
    a second (a token bucket). ``take`` is False for a message over it."""

    def __init__(self, burst: int = BURST, rate: float = RATE, clock: Any = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.left = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.left = min(float(self.burst), self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left >= 1.0:
            self.left -= 1.0
            return True
        return False


class QuietLog(logging.Filter):
    """A handler's filter: a warning or error repeated within ``every`` seconds (the same
    logger and the same message before its arguments, or the same
    ``quiet_key`` given as the record's extra) is held back and counted, and
    ``every`` seconds after the first one held, one line says how many were
    and what the last said; a repeated OSError's traceback (a flood of
    connections past the descriptors) is cut to its one line. A flood of
    one error costs two lines a second, whatever its size."""

    def __init__(self, every: float = 1.0, clock: Any = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self.last: dict[tuple[str, str], float] = {}
        self.held: dict[tuple[str, str], tuple[int, logging.LogRecord]] = {}
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = getattr(record, "quiet_key", record.msg)  # a line's kind (extra={"quiet_key": ...})
        if kind is None or record.levelno < logging.WARNING:  # a line that counts a flood itself; news, not errors
            return True
        key = (record.name, str(kind))
        now = self.clock()
        with self.lock:
            if now - self.last.get(key, -self.every - 1.0) < self.every:
                count, _ = self.held.get(key, (0, record))
                if not count:
                    timer = threading.Timer(self.every, self._count, (key,))
                    timer.daemon = True
                    timer.start()
                self.held[key] = (count + 1, record)
                return False
            self.last[key] = now
            if len(self.last) > 512:  # many kinds of line: forget the oldest
                for old in list(self.last)[:256]:
                    self.last.pop(old, None)
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, OSError):
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = None
            record.exc_info = None
            record.exc_text = None  # (the formatter's cached traceback text, read by logging)
        return True

    def count_all(self) -> None:
        """Say now what is held (the server is stopping: its timers would not)."""
        for key in list(self.held):
            self._count(key)

    def _count(self, key: tuple[str, str]) -> None:
        """The line that says how many were held since the last one shown."""
        with self.lock:
            count, record = self.held.pop(key, (0, None))
        if record is not None and count:
            logging.getLogger(record.name).log(
                record.levelno, "(and %d more like it in the last %g s, the last: %s)", count, self.every,
                record.getMessage(), extra={"quiet_key": None})
