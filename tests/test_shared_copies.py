"""The repo's copies of ../shared (tests/data/shared/README.md names each
source) are current: the tests read the copies, so a clone with no ../shared
beside it tests the same facts, the same contract and the same examples
(issue 62: 6 tests failed in such a clone)."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
# (our copy, its source under ../shared, the files' pattern)
COPIES = [
    ("tests/data/shared/decks", "decks", "*.md"),
    ("tests/data/shared/seeds", "seeds", "*.txt"),
    ("tests/data/shared", ".", "CLI.md"),
    ("tests/scenarios/shared-examples", "scenarios/examples", "*.toml"),
]


@pytest.mark.exists_for("the repo's copies of ../shared are current: it fails when a shared file changes, not the code")
@pytest.mark.parametrize("ours,theirs,pattern", COPIES, ids=[c[1] for c in COPIES])
def test_each_copy_of_shared_is_here_and_current(ours, theirs, pattern):
    mine = {p.name: p.read_bytes() for p in (ROOT / ours).glob(pattern)}
    assert mine, f"{ours} holds no {pattern}: copy ../shared/{theirs}/{pattern} there"
    source = SHARED / theirs
    if not source.is_dir():  # a clone alone: the copies are what the tests read, and they are here
        return
    given = {p.name: p.read_bytes() for p in source.glob(pattern)}
    assert mine == given, f"copy ../shared/{theirs}/{pattern} into {ours}/ again: the shared files changed"
