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
