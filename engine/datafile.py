"""Reading data files (decks, scenarios, run files) safely: a size cap checked
before reading, UTF-8 text, and one sentence for every way it can go wrong.
Only TOML and JSON parsers ever see the text: loading never runs code."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any


class DataFileError(Exception):
    pass


# C0 controls, DEL and C1 controls: never sent raw to a terminal
_CONTROLS = {i: f"\\x{i:02x}" for i in [*range(0x20), *range(0x7F, 0xA0)]}
_CONTROLS.update({0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x1B: "\\e"})


_LINES = {k: v for k, v in _CONTROLS.items() if k not in (0x0A, 0x09)}


def visible_lines(text: str) -> str:
    """Like ``visible``, but newlines and tabs stay (for whole output lines)."""
    return text.translate(_LINES)


def visible(text: str) -> str:
    """``text`` with terminal control characters made visible (ESC as \\e,
    a newline as \\n, others as \\xNN), for echoing file contents safely."""
    return text.translate(_CONTROLS)


def not_a_file(mode: int) -> str:
    """What a path that is not a regular file is, in the words of a refusal
    (reading and writing say the same)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something other than a file"


def read_text(path: str | Path, max_bytes: int, what: str) -> str:
    """The file's text. Only a regular file is read (a FIFO or a device is
    refused at once, never waited on), and never more than ``max_bytes``
    plus one byte, whatever the file claims its size is."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        try:  # a socket cannot be opened at all: say what it is, as for a pipe or a device
            mode = os.stat(p).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise DataFileError(f"it is {not_a_file(mode)}, not a file; give the path of {what}") from None
        raise DataFileError(f"cannot read the file ({e.strerror or e}); check the path") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataFileError(f"it is {not_a_file(st.st_mode)}, not a file; give the path of {what}")
        if st.st_size > max_bytes:
            raise DataFileError(f"the file is {st.st_size} bytes; {what} may be at most {max_bytes} bytes")
        chunks, got = [], 0
        while got <= max_bytes:
            b = os.read(fd, min(1 << 20, max_bytes + 1 - got))
            if not b:
                break
            chunks.append(b)
            got += len(b)
        if got > max_bytes:
            raise DataFileError(f"the file is more than {max_bytes} bytes; {what} may be at most {max_bytes} bytes")
        data = b"".join(chunks)
    except OSError as e:
        raise DataFileError(f"cannot read the file ({e.strerror or e}); check the path") from None
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFileError("the file is not UTF-8 text; save it as UTF-8") from None


MAX_TOML_LINE = 4000   # characters on one line
MAX_TOML_DOTS = 24     # dots on one line outside strings (dotted keys, numbers)
MAX_TOML_DEPTH = 24    # arrays and inline tables inside one another


def toml_loads(text: str, what: str) -> dict[str, Any]:
    """Parse TOML after bounding what makes a parser's cost explode: long
    lines, long dotted keys, deep nesting. Raises DataFileError (a bound) or
    tomllib.TOMLDecodeError (the syntax)."""
    import tomllib
    _toml_bounds(text, what)
    return tomllib.loads(text)


def _toml_bounds(text: str, what: str) -> None:
    line, col, dots, depth = 1, 0, 0, 0
    quote = ""  # the open string's delimiter: ", ', \"\"\" or \'\'\'
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, col, dots = line + 1, 0, 0
            if quote in ('"', "'"):
                quote = ""  # a one-line string does not go on (the parser says so)
            i += 1
            continue
        col += 1
        if col > MAX_TOML_LINE:
            raise DataFileError(f"line {line} is longer than {MAX_TOML_LINE} characters; {what} keeps lines "
                                "shorter (split the text)")
        if quote:
            if ch == "\\" and quote[0] == '"':
                i += 2
                col += 1
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
            i += 1
            continue
        if ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote)
            continue
        if ch == ".":
            dots += 1
            if dots > MAX_TOML_DOTS:
                raise DataFileError(f"line {line} has more than {MAX_TOML_DOTS} dots in its keys; {what} does "
                                    "not nest keys that deep")
        elif ch in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                raise DataFileError(f"line {line} nests arrays or tables more than {MAX_TOML_DEPTH} deep; "
                                    f"{what} does not nest that deep")
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1


def write_text(path: str | Path, text: str, force: bool, what: str) -> None:
    """Write a data file (a run file) without surprises: a name that is
    taken (a file, or a link, even one to nothing) is only replaced with
    ``force``; a pipe (FIFO), a device, a socket or a folder is never written
    to (a pipe would hang the write until something read it); and the file is written
    beside its place and then moved there, so a link in its place is
    replaced by the file, never written through (``force`` never writes
    outside the folder named). ``DataFileError`` says what went wrong."""
    p = Path(path)
    shown = visible(str(p))
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise DataFileError(f"cannot write {shown}: {e.strerror or e}") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            if not force:
                target = "to nothing" if not p.exists() else "to another file"
                raise DataFileError(f"{shown} is a link {target}; give --force to replace the link with "
                                    f"{what} (its target is left alone), or another name")
        elif not stat.S_ISREG(st.st_mode):
            raise DataFileError(f"{shown} is {not_a_file(st.st_mode)}, not a file; give another name for {what}")
        elif not force:
            raise DataFileError(f"{shown} already exists; give --force to overwrite it, or another name")
    folder = p.parent
    tmp = folder / f".{p.name}.{os.getpid()}.tmp"
    try:
        # O_EXCL: a name already there (even a link, to anything) makes the open fail; a link is never followed
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        os.replace(tmp, p)  # the name now holds the file (a link there is replaced, not followed)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise DataFileError(f"cannot write {shown}: {e.strerror or e}") from None
