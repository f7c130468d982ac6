"""The mutation sample's arithmetic (tests/mutation.py: a seeded sample of
the mutants not yet run estimates each package's full kill rate)."""
from __future__ import annotations

import pytest

from tests import mutation

DIFF = "--- a\n+++ b\n-    x = a < b\n+    x = a <= b"
WORDS = '--- a\n+++ b\n-    say("the card is gone")\n+    say("XXthe card is goneXX")'


def rows():
    out = []
    for i in range(6):
        out.append((f"engine.game.x_f__mutmut_{i}", "engine/game.py", "killed", ""))
    for i in range(6, 8):
        out.append((f"engine.game.x_f__mutmut_{i}", "engine/game.py", "survived", DIFF))
    out.append(("engine.game.x_f__mutmut_8", "engine/game.py", "survived", WORDS))  # a message's words
    for i in range(20):
        out.append((f"engine.turn.x_g__mutmut_{i}", "engine/turn.py", "not checked", DIFF))
    out.append(("engine.turn.x_g__mutmut_99", "engine/turn.py", "not checked", WORDS))
    for i in range(4):
        out.append((f"tutor.lines.x_h__mutmut_{i}", "tutor/lines.py", "killed", ""))
    for i in range(4, 14):
        out.append((f"tutor.lines.x_h__mutmut_{i}", "tutor/lines.py", "not checked", DIFF))
    return out


def test_the_sample_is_drawn_from_the_counting_mutants_not_run_and_keeps_the_counts():
    text = mutation.draw_sample(rows(), 7, {"engine": 5, "tutor": 30})
    lines = text.splitlines()
    assert "counts engine 6 2 20" in lines  # the message mutants are left out of both counts
    assert "counts tutor 4 0 10" in lines
    names = mutation._names(text)
    engine = [n for n in names if n.startswith("engine.")]
    assert len(engine) == 5 and len(set(engine)) == 5
    assert all(n.startswith("engine.turn.x_g__mutmut_") and not n.endswith("_99") for n in engine)
    assert sum(n.startswith("tutor.") for n in names) == 10  # no more than there are
    assert mutation.draw_sample(rows(), 7, {"engine": 5, "tutor": 30}) == text  # seeded
    assert mutation.draw_sample(rows(), 8, {"engine": 5, "tutor": 30}) != text


def test_the_estimate_adds_the_sample_rate_times_the_mutants_not_run():
    text = mutation.draw_sample(rows(), 7, {"engine": 5, "tutor": 30})
    names = mutation._names(text)
    engine = [n for n in names if n.startswith("engine.")]
    result = {n: "killed" for n in names}
    result[engine[0]] = "survived"  # 4 of the engine's 5 killed
    result[engine[1]] = "not checked"  # and one not run yet: 3 of 4
    after = [(name, path, result.get(name, status), diff) for name, path, status, diff in rows()]
    got = {r[0]: r for r in mutation.estimate(after, text)}
    pkg, k0, s0, npend, n, k, est, lo, hi = got["engine"]
    assert (k0, s0, npend, n, k) == (6, 2, 20, 4, 3)
    assert est == pytest.approx((6 + 0.75 * 20) / 28)
    assert lo < est < hi and hi <= 1
    assert got["tutor"][6] == pytest.approx(1.0)  # all ten run and killed
    everything = got["everything"]
    assert everything[6] == pytest.approx((6 + 15 + 4 + 10) / (28 + 14))
    assert everything[7] < everything[6] < everything[8]


def test_the_wilson_interval_holds_its_rate():
    lo, hi = mutation._wilson(90, 100)
    assert 0.82 < lo < 0.9 < hi < 0.95
    assert mutation._wilson(0, 0) == (0.0, 1.0)


def test_a_package_run_whole_is_counted_as_it_stands():
    text = mutation.draw_sample(rows(), 7, {"engine": 5})  # tutor not sampled: it is run whole
    after = [(name, path, "killed" if name.startswith("tutor.") and name.endswith(("_4", "_5")) else status, diff)
             for name, path, status, diff in rows()]
    got = {r[0]: r for r in mutation.estimate(after, text)}
    pkg, k0, s0, npend, n, k, est, lo, hi = got["tutor"]
    assert (k0, s0, npend, n) == (6, 0, 8, 0)
    assert est == 1.0 and lo == pytest.approx(6 / 14) and hi == 1.0  # 8 still to run: bounds, not a guess


def test_a_sample_grown_begins_with_the_first_and_refuses_when_other_mutants_ran():
    first = mutation.draw_sample(rows(), 7, {"engine": 5, "tutor": 3})
    drawn = set(mutation._names(first))
    after = [(name, path, "killed" if name in drawn else status, diff) for name, path, status, diff in rows()]
    grown = mutation.grow_sample(after, first, {"engine": 12, "tutor": 6})
    assert grown.startswith(first.split("engine.", 1)[0])  # the same counts
    names = mutation._names(grown)
    old = mutation._names(first)
    assert [n for n in names if n.startswith("engine.")][:5] == [n for n in old if n.startswith("engine.")]
    assert [n for n in names if n.startswith("tutor.")][:3] == [n for n in old if n.startswith("tutor.")]
    assert len(names) == 18 and len(set(names)) == 18
    assert "round engine=5 solo=0 tutor=3 scenarios=0" in grown
    assert "round engine=12 solo=0 tutor=6 scenarios=0" in grown
    assert mutation.grow_sample(after, first, {"engine": 12, "tutor": 6}) == grown  # seeded
    again = mutation.grow_sample(after, grown, {"engine": 15})  # a third round keeps the second's sizes
    assert mutation._names(again)[:12] == names[:12] and len(mutation._names(again)) == 21
    with pytest.raises(SystemExit, match="not those its seed"):
        mutation.grow_sample(after, first.replace("sample 7 ", "sample 9 "), {"engine": 12})
    other = next(n for n, _p, s, _d in after if s == "not checked" and n.startswith("engine.") and n not in drawn)
    ran_more = [(n, p, "killed" if n == other else s, d) for n, p, s, d in after]
    with pytest.raises(SystemExit, match="something else ran since"):
        mutation.grow_sample(ran_more, first, {"engine": 12})
    only_engine = mutation.draw_sample(rows(), 7, {"engine": 5})
    taken = set(mutation._names(only_engine))
    tutor_run = [(n, p, "killed" if n in taken or n.startswith("tutor.") else s, d) for n, p, s, d in rows()]
    grown = mutation.grow_sample(tutor_run, only_engine, {"engine": 12})  # tutor, not sampled, ran whole since
    assert mutation._names(grown)[:5] == mutation._names(only_engine) and len(mutation._names(grown)) == 12


def test_the_survivors_list_names_each_counting_survivor_with_its_kind(tmp_path, monkeypatch):
    monkeypatch.setattr(mutation, "SURVIVORS", tmp_path / "mutation-survivors.txt")
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    extra = [("engine.turn.x_g__mutmut_50", "engine/turn.py", "no tests", "--- a\n+++ b\n-    x = -1\n+    x = -2")]
    assert mutation.write_survivors(rows() + extra) == 3  # two survivors and one no test reaches; no message
    lines = (tmp_path / "mutation-survivors.txt").read_text().splitlines()
    assert lines[1].endswith(": 14 of the 45 mutants have a") and lines[2].startswith("# result; the 31 not run yet")
    body = [ln for ln in lines if not ln.startswith("#")]
    assert body == ["engine.game.x_f__mutmut_6  # other: behaviour no test pins yet",
                    "engine.game.x_f__mutmut_7  # other: behaviour no test pins yet",
                    "engine.turn.x_g__mutmut_50  # sentinel: 'none' made another negative number: every caller "
                    "tests the sign only (no test reaches it under mutmut)"]
