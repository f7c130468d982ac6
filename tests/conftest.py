"""Test-wide setup: hypothesis profiles, and the CI rule
that no test may skip silently.

Hypothesis profiles (``HYPOTHESIS_PROFILE`` picks one explicitly):

* ``ci``: derandomized (a fixed seed), no example database. Chosen when
  the environment variable ``CI`` is set, so CI runs the same examples on
  every machine and a red run can be repeated.
* ``dev``: the local default; random seeds and the example database, so
  every local run explores new games.
* the fast inner loop (``pytest -m "not slow"``, any profile) plays a
  quarter of the random games; the full run plays them all.
* ``mutation``: derandomized, about an eighth of the examples and
  games, no shrinking (a failing example is enough), and a limit of
  ``MUTANT_TEST_SECONDS`` a test (a mutant that makes the engine loop is
  killed when a test runs past it, not after minutes). Chosen automatically when the tests run inside mutmut's
  ``mutants/`` copy of the project (see README, "Mutation testing").
"""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

from engine.registry import ENV, load_variant_module

# the variants written only in the tests (each a package in tests/variants/: adding one edits
# nothing outside its folder), loaded by name as any uninstalled variant is: named in
# SOLO_FLUXX_VARIANTS (so that the CLI run in a subprocess finds them too) and loaded here
TEST_VARIANTS = tuple(f"tests.variants.{p.name}" for p in sorted((Path(__file__).parent / "variants").iterdir())
                      if (p / "__init__.py").is_file())
os.environ[ENV] = ",".join(TEST_VARIANTS)
for _module in TEST_VARIANTS:
    load_variant_module(_module)

IN_MUTANTS = Path(__file__).resolve().parents[1].name == "mutants"

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# No shrinking under mutation testing: a failing example is all a mutant
# needs, and shrinking one through whole games can take minutes.
settings.register_profile("mutation", derandomize=True, database=None, deadline=None, report_multiple_bugs=False,
                          phases=(Phase.explicit, Phase.reuse, Phase.generate),
                          suppress_health_check=[HealthCheck.too_slow])


def _profile() -> str:
    if os.environ.get("HYPOTHESIS_PROFILE"):
        return os.environ["HYPOTHESIS_PROFILE"]
    if IN_MUTANTS:
        return "mutation"
    return "ci" if os.environ.get("CI") else "dev"


PROFILE = _profile()
FAST = False  # the fast inner loop: set below when slow tests are deselected


def pytest_addoption(parser):
    parser.addoption("--reverse-order", action="store_true", default=False,
                     help="run the collected tests last to first: a fixed order other than the usual, so that a "
                          "test that passes only after (or before) another shows in CI, never on a newcomer's "
                          "machine first (.ci/run runs the app and table tests so; issue 62)")


def pytest_configure(config):
    """``pytest -m "not slow"`` is the fast inner loop (README): the random-game
    tests then play a quarter of their games (``tests.helpers.scaled``)."""
    global FAST
    FAST = "not slow" in " ".join((config.getoption("markexpr") or "").split())


MUTANT_TEST_SECONDS = int(os.environ.get("MUTANT_TEST_SECONDS", "20"))  # the catalogue's runner gives more

class MutantTooSlow(BaseException):
    """Not an Exception: code that carries on past errors (the sim counts a
    broken game and plays the next) must not swallow it."""


if PROFILE == "mutation" and hasattr(signal, "SIGALRM"):
    @pytest.fixture(autouse=True)
    def _mutant_time_limit():
        """Under mutation testing no test of this subset needs more than a few
        seconds; one that runs past the limit has met a mutant that makes the
        engine loop or crawl, which is a change the tests noticed (killed).
        Not while mutmut maps the tests to the functions they reach (``stats``:
        every call is recorded, so a long test may pass the limit on a slow
        hour with no mutant in play) or runs the tests unmutated."""
        if os.environ.get("MUTANT_UNDER_TEST", "") in ("", "stats", "fail", "list_all_tests"):
            yield
            return
        def too_slow(_signum, _frame):
            raise MutantTooSlow(f"over {MUTANT_TEST_SECONDS} s under mutation testing: the code loops or crawls")
        old = signal.signal(signal.SIGALRM, too_slow)
        signal.alarm(MUTANT_TEST_SECONDS)
        yield
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(autouse=True)
def _card_colours_as_at_start():
    """The card colours are the app's one process-wide setting
    (solo.app.cardtext.COLOUR, the c key): after each test they are the
    default again, as a fresh process starts, so that no test draws in the
    colours another test's keys chose (issue 62: the burst-of-keys test
    pressed c, and the snapshots after it in the same process failed)."""
    yield
    import sys
    cardtext = sys.modules.get("solo.app.cardtext")
    if cardtext is not None:
        cardtext.use_palette("colour-blind safe")


@pytest.fixture
def store(tmp_path):
    """A save store in a fresh folder, past its first start (the lessons
    were offered: tests of the first start make their own store)."""
    from solo.store import Store
    s = Store(tmp_path / "save.sqlite3")
    s.set_pref("lessons_offered", True)
    yield s
    s.close()
settings.load_profile(PROFILE)

# Skips that are allowed on CI, by the exact reason they give. A test may
# skip elsewhere (a POSIX-only test on Windows), but on CI every test runs:
# a skip there is turned into a failure unless its reason is listed here.
CI_SKIP_REASONS: frozenset[str] = frozenset({
    # CI runs as root, where file permissions do not stop writes; SQLite's own
    # read-only open mode covers the read-only case there (test_store_trust.py)
    "root writes through permissions; the simulated test covers it",
})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if os.environ.get("CI") and rep.skipped and not hasattr(rep, "wasxfail"):
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if reason not in CI_SKIP_REASONS:
            rep.outcome = "failed"
            rep.longrepr = (f"{item.nodeid} skipped on CI ({reason!r}); every test must run on CI. "
                            "Make it run, or list a reason that holds on CI in tests/conftest.py")


def pytest_collection_finish():
    """Under mutmut, in the child that tests one mutant: the trampolines of
    every other function are taken out once the tests are collected (see
    tests/mutation_unwrap.py); the same code runs, about twice as fast."""
    if IN_MUTANTS:
        from tests.mutation_unwrap import unwrap
        unwrap(os.environ.get("MUTANT_UNDER_TEST", ""))


if IN_MUTANTS:
    @pytest.fixture(autouse=True)
    def _fresh_engine_caches():
        """Under mutation testing each test starts without the engine's
        worked-out tables (each card set's passive index with its rules' views,
        Solo's deck split and spots, the generator's lane constants, the tutor
        reference's card entries, the state check's task arities): a test that
        reads them then builds them itself, so the mutation tester maps it to
        the code that builds them, and a mutant of that code cannot hide
        behind a table an earlier test built."""
        import engine.numbers as numbers
        from engine import rng, statecheck
        from solo import variant as solo_variant
        from tutor.reference import REFERENCE
        numbers._INDEXES.clear()
        solo_variant._FACTS.clear()
        rng._PACKINGS.clear()
        statecheck._ARITY.clear()
        REFERENCE.forget_cards()
        yield


def pytest_collection_modifyitems(config, items):
    """An ``exists_for`` marker (a test no catalogue mutant is meant to fail,
    tests/mutants) must say why the test is kept, in a sentence. With
    ``--reverse-order`` the tests run last to first."""
    if config.getoption("--reverse-order"):
        items.reverse()
    for item in items:
        for m in item.iter_markers("exists_for"):
            if len(m.args) != 1 or not isinstance(m.args[0], str) or len(m.args[0].split()) < 3:
                raise pytest.UsageError(f"{item.nodeid}: exists_for needs the reason the test is kept, as a "
                                        "sentence: @pytest.mark.exists_for(\"a start-up smoke test ...\")")
