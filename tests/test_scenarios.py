"""Every rules scenario in tests/scenarios/ (and the shared examples) passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import get_variant, variant_names
from scenarios.runner import load_scenario, run_paths, run_scenario

from .helpers import all_zones, check_goal_cache, check_prompt, check_rule_view, check_voyager_invariants


def invariants():
    """The invariants of every reachable state, for a scenario's table: the
    cards it laid out are all still somewhere, once each (a scenario leaves
    the rest of the deck out of the game), one of "a question is pending"
    and "the game is over", attachments within a table, a well-formed
    question, the rules' numbers as worked out afresh, and a state that
    round-trips through JSON."""
    import json
    from collections import Counter

    from engine.game import Game
    laid_out: list[Counter] = []

    def check(g) -> None:
        got = Counter(all_zones(g))
        if not laid_out:
            laid_out.append(got)
        assert got == laid_out[0], f"cards lost {laid_out[0] - got} or duplicated {got - laid_out[0]}"
        assert (g.prompt is not None) != g.over, "exactly one of 'a question is pending' and 'the game is over'"
        for cr, k in g.attached.items():
            assert any(cr in t and k in t for t in g.tables), "an attachment spans two tables"
        check_voyager_invariants(g)
        check_prompt(g)
        check_goal_cache(g)
        check_rule_view(g)
        d = g.to_dict()
        assert Game.from_dict(json.loads(json.dumps(d)), check="none").to_dict() == d, "the state does not round-trip"
    return check

HERE = Path(__file__).parent / "scenarios"
EXAMPLES = HERE / "shared-examples"  # our copy of ../shared/scenarios/examples (tests/test_shared_copies.py)
FILES = sorted(HERE.rglob("*.toml"))
# every registered variant's own scenarios, beside its package (as OpenSpiel's tests go over every game)
OWN = [(name, f) for name in variant_names() if getattr(get_variant(name), "scenarios", None)
       for f in sorted(get_variant(name).scenarios.rglob("*.toml"))]


@pytest.mark.exists_for("a guard that the scenario folders are found: a wrong path would pass by running no scenario")
def test_there_are_scenarios():
    assert len(FILES) >= 110


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(HERE).with_suffix("")) for f in FILES])
def test_scenario(path):
    sc = load_scenario(path)
    assert sc.source, f"{path.name} names no source"
    # and after each decision, the invariants of every reachable state (no card lost or duplicated, ...)
    assert run_scenario(sc, check=invariants()) == []


@pytest.mark.parametrize("name,path", OWN, ids=[f"{n}/{f.stem}" for n, f in OWN])
def test_a_variants_own_scenario(name, path):
    sc = load_scenario(path)
    assert sc.variant == name and sc.source, f"{path.name}: a {name} scenario names its variant and a source"
    assert run_scenario(sc, check=invariants()) == []


def test_every_variant_but_the_engines_own_brings_scenarios():
    assert {n for n, _ in OWN} >= {"test-turn-limit"}


def test_shared_examples_pass():
    lines = []
    passed, failed = run_paths([str(EXAMPLES)], echo=lines.append)
    assert failed == 0, "\n".join(lines)
    assert passed >= 13
    assert lines[-1] == f"{passed} passed, 0 failed"


def test_broken_scenarios_fail_with_a_sentence(tmp_path):
    cases = {
        "bad-toml.toml": "name = \n",
        "unknown-key.toml": 'name = "x"\nsource = "y"\nbogus = 1\n',
        "unknown-card.toml": 'name = "x"\n[setup]\nhands = [["Not A Card"], []]\n',
        "twice.toml": 'name = "x"\n[setup]\nhands = [["Milk"], ["Milk"]]\n',
        "wrong-player.toml": 'name = "x"\n[setup]\nhands = [["Milk"], []]\n[[step]]\nplayer = 1\nplay = "Milk"\n',
        "two-kinds.toml": 'name = "x"\n[[step]]\nplayer = 0\nplay = "Milk"\nend_turn = true\n',
    }
    for fname, text in cases.items():
        (tmp_path / fname).write_text(text)
    lines = []
    passed, failed = run_paths([str(tmp_path)], echo=lines.append)
    assert (passed, failed) == (0, len(cases))
    joined = "\n".join(lines)
    assert "Traceback" not in joined
    assert "not valid TOML" in joined
    assert "unknown key" in joined
    assert "no card named 'Not A Card'" in joined
    assert "already placed" in joined
    assert "waiting for p0" in joined
    assert "exactly one of" in joined
