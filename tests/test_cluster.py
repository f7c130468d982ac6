"""sim --cluster (issue 37, deliverable 8): the games played on a Dask
cluster started here on 127.0.0.1 give the same scores, run files and
first_deal_sha256 as --jobs 1; without the extra, one sentence and exit 2."""
from __future__ import annotations

import json
import sys

import pytest

from .helpers import run_cli

TIMING = {"seconds", "games_per_second", "decisions_per_second", "cpu_seconds", "games_per_cpu_second",
          "decisions_per_cpu_second"}


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="the cluster extra (installed by the test extra)")
    cl = distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40)
    try:
        yield cl.scheduler_address
    finally:
        cl.close()


def sim(tmp_path, name: str, *where: str, extra=("--variant", "standard", "--players", "4", "--decks",
                                                    "voyager", "--bot", "greedy", "--games", "40", "--seed", "3")):
    runs = tmp_path / name
    r = run_cli("sim", *extra, "--json", "--save-runs", str(runs), *where)
    assert r.returncode == 0, r.stderr
    files = {p.name: p.read_text() for p in sorted(runs.iterdir())}
    return json.loads(r.stdout), files, r.stderr


@pytest.mark.slow
def test_a_sim_on_a_local_cluster_is_the_sim_of_one_process(cluster, tmp_path):
    at = cluster
    assert at.startswith("tcp://127.0.0.1:")
    one, one_files, _ = sim(tmp_path, "one", "--jobs", "1")
    many, many_files, err = sim(tmp_path, "cluster", "--cluster", at)
    assert {k: v for k, v in one.items() if k not in TIMING} == {k: v for k, v in many.items() if k not in TIMING}
    assert one["first_deal_sha256"] == many["first_deal_sha256"] and one["wins"] == many["wins"]
    assert one_files == many_files and len(one_files) == 40
    assert f"40 of 40 games played on {at} (2 workers)" in err  # progress, on stderr
    assert many["cpu_seconds"] > 0  # the workers' CPU time counts
    # Solo scores too
    solo = ("--variant", "solo", "--bot", "greedy", "--games", "30", "--seed", "100")
    s1, f1, _ = sim(tmp_path, "solo-one", "--jobs", "1", extra=solo)
    s2, f2, _ = sim(tmp_path, "solo-cluster", "--cluster", at, extra=solo)
    assert s1["scores"] == s2["scores"] and s1["mean_score"] == s2["mean_score"] and f1 == f2


def test_without_the_extra_cluster_is_one_sentence_and_exit_2(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    r = run_cli("sim", "--games", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == ('solo-fluxx sim: --cluster tcp://127.0.0.1:8786: the cluster extra is not '
                                'installed: pip install -e ".[cluster]" (Dask distributed)')


@pytest.mark.slow
def test_a_cluster_that_does_not_answer_is_one_sentence(tmp_path):
    pytest.importorskip("distributed")
    r = run_cli("sim", "--games", "2", "--cluster", "tcp://127.0.0.1:9")  # nothing listens on port 9
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("solo-fluxx sim: --cluster tcp://127.0.0.1:9: no Dask scheduler answered at "), r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_jobs_and_cluster_are_one_or_the_other():
    r = run_cli("sim", "--games", "2", "--jobs", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert r.returncode == 2 and "not allowed with argument" in r.stderr
