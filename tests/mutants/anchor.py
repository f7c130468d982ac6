"""Patches anchored to their function and text, not to line numbers
(issue 63, item 0).

A catalogue patch is a unified diff, but its line numbers are only a hint
here: each hunk is found by the text it changes (its ``-`` lines with the
context around them), inside the function its ``@@`` line names when the
text occurs more than once. When the context around a change has moved
on (a refactor edited a neighbouring line), the context is trimmed from
the outside a line at a time, never the changed lines themselves, and the
narrowest match must still be unique. So code that moves, grows above a
function or renames a neighbour keeps its mutants applying; a change to
the very text a mutant alters makes it stop applying, and the runner says
so (that mutant needs a person).

``python -m tests.mutants --port`` rewrites each patch from its anchored
application (fresh line numbers and context, for ``git apply`` and for
readers); the runner itself applies by anchor.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$")


@dataclass
class Hunk:
    start: int                 # the old file's first line of the hunk (1-based), a hint only
    where: str                 # the text after the second @@: the enclosing line git names, often a def
    lines: list[str] = field(default_factory=list)   # each with its ' ', '-' or '+' mark

    def old(self) -> list[str]:
        return [ln[1:] for ln in self.lines if ln[:1] in (" ", "-")]

    def new(self) -> list[str]:
        return [ln[1:] for ln in self.lines if ln[:1] in (" ", "+")]

    def scope(self) -> str:
        """The def or class the change is in: the nearest one in the hunk's
        context above its first change, else the line git named after @@."""
        for ln in reversed(self.lines[:next(i for i, x in enumerate(self.lines) if x[:1] != " ")]):
            if (key := _key(ln[1:])):
                return key
        return _key(self.where)


@dataclass
class FilePatch:
    path: str
    hunks: list[Hunk] = field(default_factory=list)


class DoesNotApply(Exception):
    """A hunk whose text is not in the file, or is there more than once with nothing to choose by."""


def parse(text: str) -> list[FilePatch]:
    """The files and hunks of a patch (its header lines before ``diff --git`` are skipped)."""
    files: list[FilePatch] = []
    hunk: Hunk | None = None
    for line in text.splitlines():
        if line.startswith("diff --git "):
            files.append(FilePatch(line.split(" b/", 1)[1]))
            hunk = None
        elif not files:
            continue
        elif line.startswith(("--- ", "+++ ", "index ", "new file", "deleted file", "similarity", "rename ")):
            if line.startswith(("new file", "deleted file", "rename ")):
                raise DoesNotApply(f"{files[-1].path}: a patch that adds, removes or renames a file is not anchored")
        elif (m := HUNK.match(line)):
            hunk = Hunk(int(m.group(1)), m.group(2).strip())
            files[-1].hunks.append(hunk)
        elif hunk is not None and line[:1] in (" ", "-", "+"):
            hunk.lines.append(line)
        elif hunk is not None and line == "":
            hunk.lines.append(" ")  # a blank context line whose space an editor took away
        # "\ No newline at end of file" and anything else: nothing to apply
    return files


def _matches(lines: list[str], block: list[str], lo: int) -> list[int]:
    n = len(block)
    if n == 0:
        return []
    first = block[0]
    return [i for i in range(lo, len(lines) - n + 1) if lines[i] == first and lines[i:i + n] == block]


def _heads(lines: list[str], at: int) -> list[str]:
    """The lines above ``at`` that could be the text git puts after @@: the
    nearest unindented line (git's default), and each def or class that
    encloses ``at`` (by indentation, innermost first)."""
    out: list[str] = []
    indent = len(lines[at]) - len(lines[at].lstrip()) if at < len(lines) and lines[at].strip() else 10**6
    for i in range(at - 1, -1, -1):
        ln = lines[i]
        if not ln.strip():
            continue
        lead = len(ln) - len(ln.lstrip())
        s = ln.strip()
        if lead < indent:  # an enclosing block (a sibling def at the same depth encloses nothing)
            indent = lead
            if _key(s):
                out.append(s)
        if lead == 0 and (ln[:1].isalpha() or ln[:1] in "_$"):
            out.append(s)
            break
    return out


DEF = re.compile(r"^\s*(?:async\s+)?(def|class)\s+(\w+)")


def _key(line: str) -> str:
    """``def name`` or ``class name`` for a line that starts one (a changed signature keeps its key)."""
    m = DEF.match(line)
    return f"{m.group(1)} {m.group(2)}" if m else ""


def _inside(lines: list[str], at: int, scope: str) -> bool:
    return any(_key(head) == scope for head in _heads(lines, at))


def _choose(lines: list[str], found: list[int], h: Hunk, trimmed: bool) -> list[int]:
    """The matches to take: those inside the hunk's function, when any is
    (and only those when its context was trimmed, so a bare line never lands
    in another function); else all of them. One means found."""
    scope = h.scope()
    if DEF.match(scope):  # a def or class; a data file's line (TOML, a table) is no scope: uniqueness decides
        inside = [i for i in found if _inside(lines, i, scope)]
        if inside or trimmed:
            return inside
    return found


def locate(lines: list[str], h: Hunk, lo: int = 0) -> tuple[int, int, int]:
    """Where hunk ``h`` applies in ``lines`` at or after ``lo``: (first line,
    context lines trimmed from the top, from the bottom)."""
    marks = [ln[:1] for ln in h.lines]
    changed = [i for i, m in enumerate(marks) if m != " "]
    if not changed:
        raise DoesNotApply("a hunk that changes nothing")
    top_ctx, bottom_ctx = changed[0], len(marks) - 1 - changed[-1]
    ambiguous = False
    for trim in range(max(top_ctx, bottom_ctx) + 1):
        a, b = min(trim, top_ctx), min(trim, bottom_ctx)
        sub = Hunk(h.start, h.where, h.lines[a:len(h.lines) - b])
        block = sub.old()
        if not block:  # a pure insertion with all its context trimmed has nothing to find
            break
        found = _matches(lines, block, lo)
        if not found:
            continue
        chosen = _choose(lines, found, h, trim > 0)
        if len(chosen) == 1:
            return chosen[0], a, b
        if len(chosen) > 1:
            ambiguous = True
            break  # a narrower block only matches in more places
    where = f" (in {h.where})" if h.where else ""
    raise DoesNotApply(f"the text of the hunk at line {h.start}{where} is "
                       + ("in several places and the function does not tell them apart" if ambiguous
                          else "not in the file (the code it mutates changed: port this mutant by hand)"))


def apply_text(text: str, fp: FilePatch) -> str:
    """``text`` with every hunk of ``fp`` applied by its anchor."""
    lines = text.split("\n")
    lo = 0
    for h in fp.hunks:
        try:
            at, a, b = locate(lines, h, lo)
        except DoesNotApply:
            if lo == 0:
                raise
            at, a, b = locate(lines, h, 0)  # hunks out of order in a hand-made patch
        sub = Hunk(h.start, h.where, h.lines[a:len(h.lines) - b])
        old, new = sub.old(), sub.new()
        lines[at:at + len(old)] = new
        lo = at + len(new)
    return "\n".join(lines)


def apply(patch: Path, tree: Path) -> None:
    """Apply ``patch`` to the files under ``tree``; :class:`DoesNotApply`
    (naming the file) when a hunk cannot be placed, and then no file is written."""
    out: dict[Path, str] = {}
    for fp in parse(patch.read_text()):
        target = tree / fp.path
        if not target.is_file():
            raise DoesNotApply(f"{fp.path}: no such file")
        try:
            out[target] = apply_text(out.get(target) or target.read_text(), fp)
        except DoesNotApply as e:
            raise DoesNotApply(f"{fp.path}: {e}") from None
    for target, text in out.items():
        target.write_text(text)


def header(patch_text: str) -> str:
    """The catalogue's lines above the diff (id, area, mistake, source, also)."""
    head = patch_text.split("diff --git ", 1)[0]
    return head
