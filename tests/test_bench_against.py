"""``python -m solo.tools.bench --against DIR``: this checkout measured beside
another, process by process in the same hour (the speed-ups a drifting
shared machine cannot move)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solo.tools.bench import NotComparable, _side_figures, compare_with, cpu_runs

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solo.tools.bench", *args], cwd=cwd, capture_output=True, text=True)


def test_a_checkout_against_itself_gives_every_figure_both_sides_and_their_ratio():
    c = compare_with(ROOT, rounds=1, frames=1, quick=True)
    names = [name for name, _ in cpu_runs(20)]
    assert [r["figure"] for r in c["cpu"]] == names  # every figure, in the benchmark's order
    for r in c["cpu"]:
        assert r["theirs_s"] > 0 and r["ours_s"] > 0
        assert r["speed_up"] == round(r["theirs_s"] / r["ours_s"], 2)
        if " games" in r["figure"]:  # games per CPU-second from the count in the figure's name
            games = int(r["figure"].rsplit(", ", 1)[1].split()[0])
            assert r["ours_games_per_cpu_s"] == round(games / r["ours_s"], 1)
            assert r["theirs_games_per_cpu_s"] == round(games / r["theirs_s"], 1)
        else:
            assert "ours_games_per_cpu_s" not in r
    f = c["first_frame_ms"]
    if f["ours"] is not None:  # a pseudo-terminal could be had: both sides started, and the floor
        assert f["theirs"] > 0 and f["floor"] > 0 and f["starts_per_side"] == 1
        assert f["speed_up"] == round(f["theirs"] / f["ours"], 2)
    k = c["key_to_table_ms"]  # key press to table, one process per side and size, both timed
    assert list(k) == ["80x24", "160x50"]
    for size in k.values():
        assert len(size["theirs"]) == len(size["ours"]) == 1 and size["ours"][0] > 0 and size["theirs"][0] > 0
        assert size["median_ours"] == size["ours"][0]


def test_the_quick_cpu_figures_are_the_full_ones_scaled_down():
    full, quick = [n for n, _ in cpu_runs(1)], [n for n, _ in cpu_runs(20)]
    assert full[1] == "solo, random bot, 2000 games" and quick[1] == "solo, random bot, 100 games"
    assert full[6] == "solo, search bot (4 rollouts), 40 decisions" and quick[6].endswith(" 2 decisions")
    assert full[-1] == "standard 4p fluxx5+creeper-pack, random bot, log kept, 200 games"
    assert quick[-1].endswith("log kept, 10 games")
    r = bench("--cpu", "1", "--quick")
    assert r.returncode == 0, r.stderr
    assert list(json.loads(r.stdout.splitlines()[-1])) == quick


def test_against_a_folder_that_holds_no_checkout_is_one_sentence(tmp_path):
    r = bench("--against", str(tmp_path / "nowhere"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--against" in r.stderr and "no Solo Fluxx checkout there" in r.stderr and "git worktree add" in r.stderr


def test_a_checkout_whose_benchmark_gives_no_figures_is_named_with_why(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "__init__.py").write_text("")
    (tmp_path / "solo" / "bench.py").write_text("import sys\nprint('an older benchmark')\nsys.exit('no --cpu here')\n")
    with pytest.raises(NotComparable, match="no --cpu here"):
        _side_figures(tmp_path, quick=True)
    r = bench("--against", str(tmp_path), "--quick")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert str(tmp_path) in r.stderr and "gave no figures" in r.stderr and "no --cpu here" in r.stderr


def test_a_checkout_that_times_other_figures_is_refused_not_compared_empty(tmp_path, monkeypatch):
    """An older benchmark with other figure names (or one that ignored --quick)
    shares no row with this one: a sentence, not an empty table."""
    import solo.tools.bench as bench_module
    monkeypatch.setattr(bench_module, "_side_figures",
                        lambda root, quick: {"a figure of another version": 1.0} if root == tmp_path
                        else {"solo, random bot, 100 games": 0.1})
    monkeypatch.setattr(bench_module, "first_frame_in_a_terminal", lambda **kw: None)
    with pytest.raises(NotComparable, match="times none of the figures"):
        compare_with(tmp_path, rounds=1, frames=1, quick=True)
