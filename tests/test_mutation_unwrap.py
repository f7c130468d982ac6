"""tests/mutation_unwrap.py: in a mutmut child, the trampolines of the
functions not under test are taken out, and the one under test keeps its
own, so the same code runs by a shorter path."""
from __future__ import annotations

import importlib
import sys
import textwrap

import pytest

from tests.mutation_unwrap import KEEP, unwrap

# a module as mutmut writes it: each function behind a trampoline, its mutants beside it
MUTATED = '''
from mutmut.mutation.trampoline import wrap_in_trampoline as _mutmut_mutated

mutants_x_double__mutmut = {}
mutants_x_triple__mutmut = {}
mutants_xǁBoxǁsize__mutmut = {}


@_mutmut_mutated(mutants_x_double__mutmut)
def double(n):
    return n * 2


def x_double__mutmut_orig(n):
    return n * 2


def x_double__mutmut_1(n):
    return n * 3


mutants_x_double__mutmut["_mutmut_orig"] = x_double__mutmut_orig
mutants_x_double__mutmut["x_double__mutmut_1"] = x_double__mutmut_1


@_mutmut_mutated(mutants_x_triple__mutmut)
def triple(n):
    return n * 3


def x_triple__mutmut_orig(n):
    return n * 3


def x_triple__mutmut_1(n):
    return n * 4


mutants_x_triple__mutmut["_mutmut_orig"] = x_triple__mutmut_orig
mutants_x_triple__mutmut["x_triple__mutmut_1"] = x_triple__mutmut_1


class Box:
    @_mutmut_mutated(mutants_xǁBoxǁsize__mutmut)
    def size(self):
        return double(5)

    def xǁBoxǁsize__mutmut_orig(self):
        return double(5)

    def xǁBoxǁsize__mutmut_1(self):
        return double(6)


mutants_xǁBoxǁsize__mutmut["_mutmut_orig"] = Box.xǁBoxǁsize__mutmut_orig
mutants_xǁBoxǁsize__mutmut["xǁBoxǁsize__mutmut_1"] = Box.xǁBoxǁsize__mutmut_1
HANDLERS = {"double": double}  # held elsewhere: keeps its trampoline, which still routes
'''


@pytest.fixture
def mutated(tmp_path, monkeypatch):
    pytest.importorskip("mutmut")
    (tmp_path / "unwrap_sample.py").write_text(textwrap.dedent(MUTATED), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(KEEP, raising=False)
    sys.modules.pop("unwrap_sample", None)
    module = importlib.import_module("unwrap_sample")
    yield module, tmp_path
    sys.modules.pop("unwrap_sample", None)


def _is_trampoline(f) -> bool:
    return f.__code__.co_name == "_trampoline_wrapper"


def test_the_functions_not_under_test_lose_their_trampolines_and_the_mutant_still_runs(mutated, monkeypatch):
    m, root = mutated
    monkeypatch.setenv("MUTANT_UNDER_TEST", "unwrap_sample.x_double__mutmut_1")
    assert m.double(2) == 6 and m.Box().size() == 15  # the trampolines route to the mutant
    assert unwrap("unwrap_sample.x_double__mutmut_1", root) == 2  # triple, and Box.size
    assert _is_trampoline(m.double)  # the function under test keeps its trampoline
    assert not _is_trampoline(m.triple) and not _is_trampoline(vars(m.Box)["size"])
    assert m.double(2) == 6 and m.triple(2) == 6 and m.Box().size() == 15  # the same results
    assert m.HANDLERS["double"](2) == 6


def test_a_method_under_test_keeps_its_trampoline(mutated, monkeypatch):
    m, root = mutated
    monkeypatch.setenv("MUTANT_UNDER_TEST", "unwrap_sample.xǁBoxǁsize__mutmut_1")
    assert unwrap("unwrap_sample.xǁBoxǁsize__mutmut_1", root) == 2  # double and triple
    assert _is_trampoline(vars(m.Box)["size"]) and not _is_trampoline(m.double)
    assert m.Box().size() == 12 and m.double(2) == 4  # the mutant of size, the original double


def test_the_same_name_in_another_module_is_not_the_one_under_test(mutated, monkeypatch):
    m, root = mutated
    monkeypatch.setenv("MUTANT_UNDER_TEST", "elsewhere.x_double__mutmut_1")
    assert unwrap("elsewhere.x_double__mutmut_1", root) == 3
    assert m.double(2) == 4


@pytest.mark.parametrize("active", ["", "stats", "fail", "list_all_tests", "mutant_generation"])
def test_nothing_is_unwrapped_outside_a_mutants_child(mutated, active):
    """mutmut's parent process (stats, the clean run, the forced fail) must keep
    every trampoline: its children inherit them."""
    m, root = mutated
    assert unwrap(active, root) == 0
    assert _is_trampoline(m.triple)


def test_keep_leaves_every_trampoline(mutated, monkeypatch):
    m, root = mutated
    monkeypatch.setenv(KEEP, "1")
    assert unwrap("unwrap_sample.x_double__mutmut_1", root) == 0
    assert _is_trampoline(m.triple)


def test_modules_outside_the_root_are_left_alone(mutated, tmp_path_factory):
    m, _root = mutated
    assert unwrap("unwrap_sample.x_double__mutmut_1", tmp_path_factory.mktemp("other")) == 0
    assert _is_trampoline(m.triple)
