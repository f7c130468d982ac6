"""The mutant catalogue's runner reads pytest's JUnit report: each failure
must be recorded under the node id a person would type, whatever kind of
failure it is (a function, a method of a class, a file that did not
collect). A failure it cannot name must never stop the catalogue."""
from pathlib import Path

import pytest

from tests.mutants.__main__ import _node

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_junit_cases_are_read_as_node_ids() -> None:
    assert _node(ROOT, "tests.test_store", "test_the_store_makes_its_folder") == \
        "tests/test_store.py::test_the_store_makes_its_folder"
    # a method of a class: the class is part of the node id, not of the path
    assert _node(ROOT, "tests.test_properties.TestGames", "runTest") == "tests/test_properties.py::TestGames::runTest"
    # a parametrized case keeps its brackets
    assert _node(ROOT, "tests.test_rows_bounded", "test_x[deep]") == "tests/test_rows_bounded.py::test_x[deep]"
    # a file that could not be collected has no class name and its dotted name as the name (the CI of stop 48
    # broke here: the runner raised, and a killed mutant was reported as one that did not run)
    assert _node(ROOT, "", "tests.test_store_trust") == "tests/test_store_trust.py"
    assert _node(ROOT, "", "") == "(a failure pytest gave no name)"


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_a_worktree_is_clean_again_after_each_mutant(tmp_path):
    """A job's worktree serves mutant after mutant: after one, every tracked
    file is back, every file its tests wrote is gone, and the bytecode of a
    file its patch touched is gone with it (the rest stays, to be reused)."""
    import subprocess

    from tests.mutants.__main__ import Worktree
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    if not head:
        pytest.skip("not a git checkout")
    wt = Worktree(head)
    try:
        target = wt.tree / "engine" / "rng.py"
        other = wt.tree / "engine" / "cards.py"
        original = target.read_text()
        for f in (target, other):
            cache = f.parent / "__pycache__"
            cache.mkdir(exist_ok=True)
            (cache / f"{f.stem}.cpython-311.pyc").write_bytes(b"compiled")
        target.write_text(original + "\nMUTATED = True\n")
        (wt.tree / ".mutant-home").mkdir()
        (wt.tree / ".mutant-home" / "save.sqlite3").write_bytes(b"a store")
        (wt.tree / "decks" / "written-by-a-test.toml").write_text("x")
        wt.reset()
        assert target.read_text() == original
        assert not (wt.tree / ".mutant-home").exists() and not (wt.tree / "decks" / "written-by-a-test.toml").exists()
        assert not list((target.parent / "__pycache__").glob("rng.*.pyc"))  # the patched file's bytecode is gone
        assert list((other.parent / "__pycache__").glob("cards.*.pyc"))  # the rest stays
        assert wt.git("status", "--porcelain").stdout == ""
    finally:
        wt.close()
    assert not wt.tree.exists()


PATCHES = ROOT / "tests" / "mutants" / "patches"


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_every_catalogue_patch_applies_by_its_anchor_to_the_code_checked_out() -> None:
    """The fast loop's early warning (the catalogue's own run fails later, in
    CI's last step): each patch's text is found in its file and changes it."""
    from tests.mutants.anchor import DoesNotApply, apply_text, parse
    broken = []
    for p in sorted(PATCHES.glob("*.patch")):
        try:
            for fp in parse(p.read_text()):
                text = (ROOT / fp.path).read_text()
                assert apply_text(text, fp) != text, p.name
        except DoesNotApply as e:
            broken.append(f"{p.name}: {e}")
    assert not broken, "port these mutants (python -m tests.mutants --port, then by hand):\n" + "\n".join(broken)


SOURCE = '''\
import os


def first(xs):
    total = 0
    for x in xs:
        total += x
    return total


def second(xs):
    total = 0
    for x in xs:
        total += x
    return total
'''

PATCH = '''\
id: T1
area: core
mistake: the second sum skips its first item

diff --git a/m.py b/m.py
--- a/m.py
+++ b/m.py
@@ -12,4 +12,4 @@ def first(xs):
 def second(xs):
     total = 0
-    for x in xs:
+    for x in xs[1:]:
         total += x
'''


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_an_anchored_patch_follows_its_function_when_code_moves_and_its_context_changes() -> None:
    from tests.mutants.anchor import apply_text, parse
    (fp,) = parse(PATCH)
    assert "xs[1:]" in apply_text(SOURCE, fp).split("def second")[1]
    # forty lines above, and the line before the change renamed: still the second function, never the first
    moved = "# a header\n" * 40 + SOURCE.replace("def second(xs):\n    total = 0", "def second(xs):\n    acc = 0")
    out = apply_text(moved, fp)
    assert out.split("def second")[1].count("xs[1:]") == 1 and "xs[1:]" not in out.split("def second")[0]
    # the two functions swapped: the line numbers point at the first, the anchor finds the second
    a, b = SOURCE.split("\n\n\ndef second")
    swapped = "def second" + b + "\n\n" + a
    out = apply_text(swapped, fp)
    assert "xs[1:]" in out.split("def first")[0] and "xs[1:]" not in out.split("def first")[1]


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_an_anchored_patch_whose_text_is_gone_or_ambiguous_does_not_apply() -> None:
    from tests.mutants.anchor import DoesNotApply, apply_text, parse
    (fp,) = parse(PATCH)
    with pytest.raises(DoesNotApply, match="not in the file"):
        apply_text(SOURCE.replace("for x in xs:", "for x in list(xs):"), fp)
    # the context trimmed down to the bare changed line: it must then be inside the function the hunk names
    renamed = SOURCE.replace("def second", "def third").replace("    total = 0\n    for", "    t = 0\n    for")
    with pytest.raises(DoesNotApply):
        apply_text(renamed, fp)


@pytest.mark.exists_for("a self-test of the catalogue's runner, not of the project's code")
def test_every_catalogue_patch_survives_code_moving_down_and_its_outer_context_edited() -> None:
    """A refactor's usual traces around a mutant: thirty lines added above
    it, the first line of each hunk's context edited. Every patch still
    applies, and changes the same lines it changes today."""
    from tests.mutants.anchor import apply_text, locate, parse
    moved = []
    for p in sorted(PATCHES.glob("*.patch")):
        for fp in parse(p.read_text()):
            lines = (ROOT / fp.path).read_text().split("\n")
            want = apply_text("\n".join(lines), fp).split("\n")
            edited = {locate(lines, h)[0] for h in fp.hunks if h.lines[0][:1] == " " and h.lines[0][1:].strip()}
            text = "# above\n" * 30 + "\n".join(ln + "  # edited" if i in edited else ln for i, ln in enumerate(lines))
            got = apply_text(text, fp).split("\n")[30:]
            if len(got) != len(want) or any(g not in (w, w + "  # edited") for g, w in zip(got, want, strict=True)):
                moved.append(p.name)
    assert not moved, f"these patches lose their place when code moves: {', '.join(moved)}"
