"""The hostile sweep (tests/hostile_sweep.py) through the real command line:
every case handled, none failed (issue 38's table by class)."""
from __future__ import annotations

import pytest

from .hostile_sweep import CASES, run_case


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[f"{c.klass}: {c.name}" for c in CASES])
def test_each_hostile_case_is_handled(case):
    verdict, seen = run_case(case)
    assert verdict == "handled", seen
