"""Reading data files (decks, scenarios, run files) safely: a size cap checked
before reading, UTF-8 text, and one sentence for every way it can go wrong.
Only TOML and JSON parsers ever see the text: loading never runs code."""
from __future__ import annotations

from pathlib import Path


class DataFileError(Exception):
    pass


def read_text(path: str | Path, max_bytes: int, what: str) -> str:
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise DataFileError(f"the file is {size} bytes; {what} may be at most {max_bytes} bytes")
        return p.read_bytes().decode("utf-8")
    except OSError as e:
        raise DataFileError(f"cannot read the file ({e.strerror or e}); check the path") from None
    except UnicodeDecodeError:
        raise DataFileError("the file is not UTF-8 text; save it as UTF-8") from None
