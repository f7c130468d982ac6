"""Text on screen that cannot be misread as markup.

Everything the app writes from the game (card names, deck names, the
tutor's sentences, a lesson's words, an engine refusal) is data: a card
named ``[b]Odd[/]`` shows those brackets. Textual's markup has no escape
that survives every string (a name ending in a backslash swallows the next
tag), so the app never glues such text into markup. It builds
:class:`~textual.content.Content` from (text, style) parts instead, and a
line of the tutor panel is a :class:`Line`: a ``str`` holding the line's
plain text (what a test, a search or a save reads) that also carries its
looks.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.content import Content

Part = tuple[str, str]  # (text, style): a style is one of Textual's style strings ("b", "dim", "red", ...)

# the looks a saved line may carry: a save is data, so a style read back from it is one of these or none
STYLES = frozenset({"", "b", "dim", "red", "b reverse", "i"})


def styled(*parts: str | Part | Content) -> Content:
    """Content from plain strings, (text, style) pairs and Content, in order;
    no string is read as markup."""
    out: list[Content] = []
    for p in parts:
        if isinstance(p, Content):
            out.append(p)
        elif isinstance(p, str):
            out.append(Content(p))
        else:
            out.append(Content.styled(p[0], p[1]) if p[1] else Content(p[0]))
    return Content("").join(out)


def join(items: Iterable[Content | str], sep: str = ", ") -> Content:
    return Content(sep).join(Content(i) if isinstance(i, str) else i for i in items)


class Line(str):
    """One line of the tutor panel: the ``str`` is its plain text; ``parts``
    are its (text, style) pieces; ``kind`` says what it is ("" a told or
    noted line, "more" the rule text under a told line, "would" a line of a
    lesson's play-out of a tempting move)."""

    parts: tuple[Part, ...]
    kind: str

    def __new__(cls, *parts: str | Part, kind: str = "") -> Line:
        ps = tuple((p, "") if isinstance(p, str) else (str(p[0]), str(p[1])) for p in parts)
        self = super().__new__(cls, "".join(t for t, _ in ps))
        self.parts = ps
        self.kind = kind
        return self

    @property
    def content(self) -> Content:
        return styled(*self.parts)

    def restyled(self, style: str, kind: str) -> Line:
        """The same words with ``style`` under every part (a play-out line is dimmed)."""
        return Line(*((t, f"{s} {style}".strip()) for t, s in self.parts), kind=kind)

    def to_json(self) -> dict[str, Any]:
        return {"parts": [list(p) for p in self.parts], "kind": self.kind}

    @classmethod
    def from_json(cls, value: Any) -> Line:
        """A line as saved; anything else (an older save's markup, a damaged
        value) comes back as the plain text it holds, never as markup."""
        if isinstance(value, dict) and isinstance(value.get("parts"), list):
            parts: list[Part] = []
            for p in value["parts"]:
                if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], str):
                    parts.append((p[0], p[1] if p[1] in STYLES else ""))
            kind = value.get("kind")
            return cls(*parts, kind=kind if kind in ("", "more", "would") else "")
        if isinstance(value, str):  # saved before lines had parts: markup of our own, read once, safely
            try:
                return cls(Content.from_markup(value).plain)
            except Exception:  # not markup after all: the text as it is
                return cls(value)
        return cls(str(value))


def line(*parts: str | Part, kind: str = "") -> Line:
    return Line(*parts, kind=kind)


def told(text: str, names: Iterable[tuple[int, int]] = ()) -> Line:
    """A tutor's sentence as a line of the panel, each card name in it shown
    as a name (bold), so "Draw 3, Play 2 of Them" is never read as a list."""
    parts: list[str | Part] = []
    at = 0
    for a, b in names:
        if a > at:
            parts.append(text[at:a])
        parts.append((text[a:b], "b"))
        at = b
    if at < len(text) or not parts:
        parts.append(text[at:])
    return Line(*parts)

