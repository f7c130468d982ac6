"""The registry of variants: which games the engine can set up, by name.

A variant is one package. It is found in one of two ways, and only when it
is first asked for (no variant registers itself by being imported):

- **installed**: a distribution names it under the entry-point group
  ``solo_fluxx.variants`` (``name = "package.module:object"``); Solo Fluxx
  is found this way (see ``pyproject.toml``);
- **named**: the environment variable ``SOLO_FLUXX_VARIANTS`` lists modules
  (comma-separated, ``module`` or ``module:object``; the object defaults to
  ``variant``), or a caller calls ``load_variant_module``. This is how the
  tests load theirs (``tests.variants.turn_limit``).

The object is a ``Variant`` (an instance, or a class the registry makes
one of). The standard game is the engine's own and is always there
(``engine/__init__`` imports ``engine.variants``). A name
that cannot be loaded gives one sentence (``VariantError``), never a
traceback.
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .variants import Variant

GROUP = "solo_fluxx.variants"
ENV = "SOLO_FLUXX_VARIANTS"

VARIANTS: dict[str, Variant] = {}   # variant name -> Variant
_installed_read = False
_named_read: str | None = None       # the value of ENV last read


class VariantError(ValueError):
    """A variant that is unknown or cannot be loaded, in one sentence."""


def register_variant(v: Variant) -> None:
    VARIANTS[v.name] = v


def _as_variant(obj: Any, where: str) -> Variant:
    # told by what it has, not by its class: the registry sits below engine.variants
    if isinstance(obj, type) and callable(getattr(obj, "setup", None)):
        obj = obj()
    if isinstance(obj, type) or not isinstance(getattr(obj, "name", None), str) or not callable(
            getattr(obj, "setup", None)):
        raise VariantError(f"{where} is not a Variant (it is {type(obj).__name__}); point it at a Variant "
                           "subclass or instance")
    v: Variant = obj
    return v


def load_variant_module(spec: str, where: str | None = None) -> Variant:
    """Import ``module`` or ``module:object`` (object: ``variant``) and
    register the Variant it holds. A module not on the Python path is also
    looked for in the current folder, as ``python -m`` would."""
    where = where or f"the variant module '{spec}'"
    module, _, attr = spec.strip().partition(":")
    if not module:
        raise VariantError(f"{where}: no module named; give a module such as tests.variants.turn_limit")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        here = os.getcwd()
        if e.name is None or not module.startswith(e.name) or here in sys.path:
            raise VariantError(f"{where} cannot be imported ({e}); check the name and the Python path") from None
        sys.path.append(here)
        try:
            mod = importlib.import_module(module)
        except ImportError as e2:
            raise VariantError(f"{where} cannot be imported ({e2}); check the name and the Python path") from None
        except Exception as e2:  # found in the current folder, and its own import fails: said, as below
            raise VariantError(f"{where} failed to import ({type(e2).__name__}: {e2})") from None
        finally:
            sys.path.remove(here)
    except Exception as e:  # the module's own error: said, not raised through
        raise VariantError(f"{where} failed to import ({type(e).__name__}: {e})") from None
    name = attr or "variant"
    if not hasattr(mod, name):
        raise VariantError(f"{where} has no '{name}': a variant module defines `variant`, a Variant")
    v = _as_variant(getattr(mod, name), where)
    register_variant(v)
    return v


def _read_installed(only: str | None = None) -> None:
    """The installed variants' entry points (``only``: the one of that name)."""
    global _installed_read
    from importlib.metadata import entry_points
    for ep in entry_points(group=GROUP):
        if (only is not None and ep.name != only) or ep.name in VARIANTS:
            continue
        where = f"the installed variant '{ep.name}' ({ep.value})"
        try:
            obj = ep.load()
        except Exception as e:
            raise VariantError(f"{where} failed to load ({type(e).__name__}: {e}); reinstall it") from None
        v = _as_variant(obj, where)
        if v.name != ep.name:
            raise VariantError(f"{where} is a variant named '{v.name}'; the entry point's name must match")
        register_variant(v)
    if only is None:
        _installed_read = True


def _read_named() -> None:
    global _named_read
    value = os.environ.get(ENV, "")
    if value == _named_read:
        return
    _named_read = value
    for spec in value.split(","):
        if spec.strip():
            load_variant_module(spec, f"{ENV} names '{spec.strip()}', which")


def get_variant(name: str) -> Variant:
    v = VARIANTS.get(name)
    if v is None:
        _read_installed(name)
        _read_named()
        v = VARIANTS.get(name)
    if v is None:
        known = ", ".join(variant_names()) or "none"
        raise VariantError(f"unknown variant '{name}' (known: {known}; install its package, or name its module "
                           f"in {ENV})")
    return v


def variant_names() -> list[str]:
    """Every variant there is: the registered, the installed and the named."""
    if not _installed_read:
        _read_installed()
    _read_named()
    return sorted(VARIANTS)
