"""tests/mutation.py's ledger: the results of a mutation run carried from one
machine's mutants/ to another's through a file in git, restored only where
the mutated function is unchanged."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import mutation


def _meta(root: Path, path: str, hashes: dict[str, str], codes: dict[str, int | None]) -> Path:
    meta = root / "mutants" / f"{path}.meta"
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": hashes,
                                "type_check_error_by_key": {}, "durations_by_key": {},
                                "estimated_durations_by_key": {}}))
    return meta


def _codes(meta: Path) -> dict[str, int | None]:
    return json.loads(meta.read_text())["exit_code_by_key"]


HASHES = {"x_double": "aaaaaaaaaaaa", "xǁBoxǁsize": "bbbbbbbbbbbb"}
RUN = {"engine.box.x_double__mutmut_1": 1, "engine.box.x_double__mutmut_2": 0,
       "engine.box.x_double__mutmut_3": None,
       "engine.box.xǁBoxǁsize__mutmut_1": 36, "engine.box.xǁBoxǁsize__mutmut_2": 33}


def test_results_go_to_a_new_machine_through_the_ledger(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    ledger = tmp_path / "results.txt"
    _meta(old, "engine/box.py", HASHES, RUN)
    assert mutation.save_ledger(old, ledger) == (4, 5)
    text = ledger.read_text()
    assert "engine/box.py\n  x_double aaaaaaaaaaaa 1,0,.\n  xǁBoxǁsize bbbbbbbbbbbb 36,33\n" in text
    fresh = _meta(new, "engine/box.py", HASHES, dict.fromkeys(RUN))
    assert mutation.restore_ledger(new, ledger) == (4, 0)
    assert _codes(fresh) == RUN
    # restoring again changes nothing, and a result the new machine has is kept
    assert mutation.restore_ledger(new, ledger) == (0, 0)


def test_a_changed_function_runs_again(tmp_path: Path) -> None:
    ledger = tmp_path / "results.txt"
    _meta(tmp_path / "old", "engine/box.py", HASHES, RUN)
    mutation.save_ledger(tmp_path / "old", ledger)
    fresh = _meta(tmp_path / "new", "engine/box.py", {**HASHES, "x_double": "cccccccccccc"}, dict.fromkeys(RUN))
    assert mutation.restore_ledger(tmp_path / "new", ledger) == (2, 2)
    got = _codes(fresh)
    assert got["engine.box.x_double__mutmut_1"] is None and got["engine.box.x_double__mutmut_2"] is None
    assert got["engine.box.xǁBoxǁsize__mutmut_1"] == 36


def test_saving_keeps_what_this_machine_did_not_run(tmp_path: Path) -> None:
    """A machine that ran only some mutants (and was not restored) must not
    wipe the ledger's other results for the same, unchanged functions."""
    ledger = tmp_path / "results.txt"
    _meta(tmp_path / "old", "engine/box.py", HASHES, RUN)
    mutation.save_ledger(tmp_path / "old", ledger)
    partial = dict.fromkeys(RUN)
    partial["engine.box.x_double__mutmut_3"] = 1
    _meta(tmp_path / "new", "engine/box.py", HASHES, partial)
    assert mutation.save_ledger(tmp_path / "new", ledger) == (5, 5)
    assert "  x_double aaaaaaaaaaaa 1,0,1\n" in ledger.read_text()


def test_a_ledger_of_another_mutmut_is_refused(tmp_path: Path) -> None:
    ledger = tmp_path / "results.txt"
    _meta(tmp_path / "old", "engine/box.py", HASHES, RUN)
    mutation.save_ledger(tmp_path / "old", ledger)
    ledger.write_text(ledger.read_text().replace(f"# mutmut {mutation._mutmut_version()}:", "# mutmut 2.0.0:"))
    with pytest.raises(SystemExit, match="written by mutmut 2.0.0"):
        mutation.restore_ledger(tmp_path / "old", ledger)


def test_a_broken_line_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="line 3: expected '  function hash code,code,...'"):
        mutation.read_ledger("# mutmut 3.8.1: x\nengine/box.py\n  x_double aaaaaaaaaaaa\n")


def test_the_ledger_in_git_reads() -> None:
    """The committed ledger parses, and every result in it is an exit code
    mutmut gives a status."""
    from mutmut.stats import status_by_exit_code
    version, files = mutation.read_ledger(mutation.LEDGER.read_text())
    assert version == mutation._mutmut_version()
    codes = {c for funcs in files.values() for _h, cs in funcs.values() for c in cs if c is not None}
    assert all(status_by_exit_code[c] != "suspicious" or c == 35 for c in codes)


def test_function_source_finds_a_function_and_a_method_by_mutant_name() -> None:
    text = "def double(x):\n    return 2 * x  # twice\n\nclass Box:\n    def size(self):\n        return 1\n"
    assert "Mult" in mutation._function_source(text, "engine.box.x_double__mutmut_4")
    assert "Return" in mutation._function_source(text, "engine.box.xǁBoxǁsize__mutmut_1")
    assert mutation._function_source(text, "engine.box.x_triple__mutmut_1") is None
    assert mutation._function_source(text, "engine.box.xǁCrateǁsize__mutmut_1") is None
    moved = text.replace("  # twice", "").replace("def double", "\n\ndef double")
    assert mutation._function_source(moved, "engine.box.x_double__mutmut_4") == \
        mutation._function_source(text, "engine.box.x_double__mutmut_4")  # comments and lines do not count


@pytest.mark.slow  # a git blame and a git show per changed function: seconds
@pytest.mark.skipif(not (mutation.ROOT / ".git").exists(), reason="needs the project's git history")
def test_every_named_equivalent_was_named_for_its_function_as_it_is() -> None:
    """mutmut numbers a function's mutants in order: a function changed after
    one of its mutants was named equivalent may give that number to another
    mutant. Each such name is looked at again (its line rewritten) or taken out."""
    assert mutation.stale_equivalents() == []
