"""The hint positions (issue 64, ``tests/hints/``): tables in the scenario
format with ``hint_best`` (the answers a search at ten times the hint's
budget confirmed) and the fact each one's line must name. The issue's bar:
at least 38 of 40 get an acceptable move with its fact named; at least 20
of them come from recorded games (``rec-*``, written by
``python -m tests.hint_positions record``)."""
from __future__ import annotations

from pathlib import Path

from scenarios.runner import load_scenario, run_scenario

HINTS = Path(__file__).resolve().parent / "hints"


def test_the_hint_positions_get_an_acceptable_move_with_its_fact_named():
    files = sorted(HINTS.glob("*.toml"))
    recorded = [f for f in files if f.name.startswith("rec-")]
    assert len(files) >= 40 and len(recorded) >= 20, (len(files), len(recorded))
    failed = {}
    for f in files:
        sc = load_scenario(f)
        assert sc.hint_best, f"{f.name}: a hint position names its acceptable moves"
        why = run_scenario(sc)
        if why:
            failed[f.name] = why[0]
    assert len(failed) <= len(files) // 20, failed  # 38 of 40: at most one in twenty may miss
    # the misses are only ever close calls of the search, never a move with a fact against it
    for name, why in failed.items():
        assert "hint: it names" in why or "its line does not say" in why, (name, why)


def test_a_hint_position_that_names_a_wrong_move_or_misses_its_fact_fails_with_a_sentence(tmp_path):
    src = (HINTS / "made-keeper-completes-goal-now.toml").read_text()
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(src.replace('[[hint_best]]\nplay = "Cookies"', '[[hint_best]]\nplay = "Dreams"', 1))
    why = run_scenario(load_scenario(wrong))
    assert why and why[0].startswith("hint: it names play Cookies, not play Dreams:"), why
    missing = tmp_path / "missing.toml"
    missing.write_text(src.replace("\n[setup]", 'hint_names = ["Inflation"]\n\n[setup]', 1))
    why = run_scenario(load_scenario(missing))
    assert why and why[0].startswith("hint: its line does not say 'Inflation':"), why
    # the fact of the answer named is checked too: a phrase its line does not hold fails
    own = tmp_path / "own.toml"
    own.write_text(src.replace('names = ["scores Milk & Cookies now', 'names = ["Inflation", "scores Milk & Cookies now', 1))
    why = run_scenario(load_scenario(own))
    assert why and why[0].startswith("hint: its line does not say 'Inflation':"), why
