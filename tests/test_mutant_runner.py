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
