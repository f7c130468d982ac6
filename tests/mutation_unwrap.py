"""Faster mutmut runs: the trampolines of the functions not under test are
taken out in the child process that tests one mutant.

mutmut 3 routes every call of every function it mutated through a
trampoline, which reads the active mutant's name from the environment on
each call and then calls either the original function or the mutant. The
engine's hot paths are small functions called millions of times in a
test of random games, so the trampolines make the mutmut-mapped tests about
1.8 times slower than the same tests on the plain code (measured on the two
costliest, 20.1 s against 11.2 s).

mutmut forks one child per mutant, and in that child the active mutant
never changes. So before the child's test session starts,
``unwrap(active)`` puts back the original function in place of every
trampoline whose function is not the mutated one: in module namespaces
(the tests' own imports included) and in class namespaces. The one
function under test keeps its trampoline, and so does any trampoline held
elsewhere (a hook registry, a dispatch table): those still route as mutmut
routes them, only more slowly. What runs is the same code either way;
only the path to it is shorter.

Not in a normal test run (no ``MUTANT_UNDER_TEST``), nor while mutmut maps
tests to functions (``stats``: the trampolines record the calls), nor for
its forced-fail check. ``SOLO_FLUXX_KEEP_TRAMPOLINES=1`` keeps them all,
to compare the two ways on the same mutants (README, "Mutation testing").
"""
from __future__ import annotations

import os
import sys
import types
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
KEEP = "SOLO_FLUXX_KEEP_TRAMPOLINES"


def _mutants_of(value: object) -> dict[str, object] | None:
    """The mutants dict behind a mutmut trampoline wrapper, or None when
    ``value`` is not one (a plain function, a class, anything else)."""
    if not isinstance(value, types.FunctionType) or value.__code__.co_name != "_trampoline_wrapper":
        return None
    for cell in value.__closure__ or ():
        inner = cell.cell_contents
        if isinstance(inner, types.FunctionType) and inner.__code__.co_name == "trampoline":
            for inner_cell in inner.__closure__ or ():
                held = inner_cell.cell_contents
                if isinstance(held, dict) and "_mutmut_orig" in held:
                    return held
    return None


def _plain(value: object, module: str, mutant: str) -> object | None:
    """The original function to put in ``value``'s place, or None to keep it."""
    mutants = _mutants_of(value)
    if mutants is None:
        return None
    original = getattr(value, "__wrapped__", None)
    if original is None or (mutant in mutants and getattr(original, "__module__", None) == module):
        return None
    return original


def _unwrap_namespace(owner: object, namespace: dict[str, object], module: str, mutant: str) -> int:
    done = 0
    for name, value in list(namespace.items()):
        plain = _plain(value, module, mutant)
        if plain is None:
            continue
        try:
            setattr(owner, name, plain)
        except (AttributeError, TypeError):  # a namespace that refuses (an Enum member, a frozen slot)
            continue
        done += 1
    return done


def unwrap(active: str, root: Path = _ROOT) -> int:
    """Take out the trampolines that cannot lead to ``active`` (a mutant's
    full name, ``engine.numbers.x_num__mutmut_3``) in the modules loaded
    from files under ``root``; returns how many."""
    if "__mutmut_" not in active or os.environ.get(KEEP):
        # only a mutant's own name: never in mutmut's parent process, whose
        # children must still find every trampoline
        return 0
    module, _, mutant = active.rpartition(".")
    done = 0
    for mod in list(sys.modules.values()):
        path = getattr(mod, "__file__", None)
        if not path or not Path(path).resolve().is_relative_to(root):
            continue
        namespace = vars(mod)
        done += _unwrap_namespace(mod, namespace, module, mutant)
        for value in list(namespace.values()):
            if isinstance(value, type) and value.__module__ == mod.__name__:
                done += _unwrap_namespace(value, dict(vars(value)), module, mutant)
    return done
