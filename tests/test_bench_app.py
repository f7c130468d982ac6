"""The benchmark's app figures are real measurements: never zero, never a
harness cost subtracted into noise."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.app, pytest.mark.slow]


def test_the_app_figures_are_measured():
    from solo.bench import app_timings
    t = app_timings(5)
    assert t["presses"] == 5
    assert 0 < t["key_to_table_ms_median"] <= t["key_to_table_ms_max"]
    assert t["first_frame_headless_ms"] > 0
    assert t["first_frame_terminal_ms"] is None or t["first_frame_terminal_ms"] > t["first_frame_headless_ms"] / 10
