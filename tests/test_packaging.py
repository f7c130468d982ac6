"""What a plain `pip install .` (not the editable install of the README)
carries: every package and subpackage the app imports, and every data file
it reads. A subpackage left out installs an app that cannot start."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from .conftest import IN_MUTANTS

# the mutation tester's copy of the project keeps its notes beside each source file
pytestmark = [pytest.mark.skipif(IN_MUTANTS, reason="mutmut's copy of the project is no install source"),
              pytest.mark.exists_for("what a plain install carries: a wrong pyproject fails it, no mistake in the code can")]

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("engine", "decks", "tutor", "scenarios", "solo")


def setuptools_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def packages_on_disk() -> set[str]:
    return {".".join(p.parent.relative_to(ROOT).parts) for top in TOPS for p in (ROOT / top).rglob("__init__.py")
            if "__pycache__" not in p.parts}


def test_every_package_and_subpackage_is_installed():
    include = setuptools_config()["packages"]["find"]["include"]
    on_disk = packages_on_disk()
    assert {"solo.app", "solo.app.screens"} <= on_disk
    left_out = sorted(p for p in on_disk if not any(fnmatch.fnmatchcase(p, pat) for pat in include))
    assert not left_out, f"packages a plain install leaves out: {left_out}"


def test_every_data_file_of_a_package_is_installed():
    data = setuptools_config()["package-data"]
    missing = []
    for pkg in packages_on_disk():
        folder = ROOT.joinpath(*pkg.split("."))
        patterns = data.get(pkg, [])
        for f in folder.rglob("*"):
            rel = f.relative_to(folder)
            if (not f.is_file() or f.suffix in (".py", ".pyc") or "__pycache__" in rel.parts
                    or (len(rel.parts) > 1 and (folder / rel.parts[0] / "__init__.py").exists())):
                continue  # code, or a file of a subpackage (checked under that package)
            if not any(fnmatch.fnmatchcase(rel.as_posix(), pat) for pat in patterns):
                missing.append(f"{pkg}: {rel.as_posix()}")
    assert not missing, f"data files a plain install leaves out: {missing}"
