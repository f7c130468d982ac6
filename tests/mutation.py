"""The mutation kill rate, from the results of a mutmut run (README,
"Mutation testing").

    .venv/bin/python -m tests.mutation            # the rates, by part and file
    .venv/bin/python -m tests.mutation survivors  # every survivor with its diff
    .venv/bin/python -m tests.mutation survivors engine.goals   # those of one module
    .venv/bin/python -m tests.mutation classes    # the survivors by kind, with why they live
    .venv/bin/mutmut run $(.venv/bin/python -m tests.mutation names)   # run the survivors again

How the rate is counted:

* killed (a test failed, or the mutant timed out or crashed the run) over
  killed + survived + no tests + suspicious (a mutant no test reaches, or
  one whose run was merely slow, counts as a survivor);
* left out, and counted apart: mutants that only change the words of a
  message (a string literal with a space in it, changed in case or wrapped
  in "XX": what a sentence says is pinned where it matters, by the tutor
  and CLI tests, not letter by letter), and the equivalent mutants listed
  in ``tests/mutation-equivalent.txt``, one a line with its reason;
* not yet run ("not checked") is reported, never counted.
"""
from __future__ import annotations

import io
import sys
import tokenize
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "tests" / "mutation-equivalent.txt"
CORE = ("engine/", "solo/variant/__init__.py", "solo/variant/goals.py")  # the rules: held to 90% (solo/variant/goals.py came out of engine/goals.py)

KILLED = {"killed", "timeout", "segfault", "caught by type check"}


def equivalents() -> dict[str, str]:
    out = {}
    for line in EQUIVALENT.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, why = line.partition("#")
        if not why.strip():
            raise SystemExit(f"{EQUIVALENT.name}: '{name.strip()}' needs a one-line reason after '#'")
        out[name.strip()] = why.strip()
    return out


def _tokens(line: str) -> list[tuple[int, str]]:
    """The tokens of one source line (a line cut out of a longer statement
    may end in an error: the tokens before it are kept)."""
    out: list[tuple[int, str]] = []
    skip = (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    try:
        for t in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if t.type not in skip:
                out.append((t.type, t.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def is_message_mutant(diff: str) -> bool:
    """The mutant changes only the words of a message string."""
    minus = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    if len(minus) != 1 or len(plus) != 1:
        return False
    a, b = _tokens(minus[0]), _tokens(plus[0])
    if not a or len(a) != len(b):
        return False
    changed = [(x, y) for x, y in zip(a, b, strict=False) if x != y]
    return bool(changed) and all(x[0] == y[0] == tokenize.STRING and " " in x[1] for x, y in changed)


def load():
    """[(mutant name, source path, status, diff)] for every mutant of the last run."""
    import difflib
    import os

    import libcst as cst
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import read_mutant_function, read_original_function
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.file_utils import walk_mutatable_files
    os.chdir(ROOT)
    rows = []
    for path in walk_mutatable_files():
        m = SourceFileMutationData(path=path)
        m.load()
        if not m.exit_code_by_key:
            continue
        module = cst.parse_module((ROOT / "mutants" / path).read_text())
        for name, code in m.exit_code_by_key.items():
            status = status_by_exit_code[code]
            diff = ""
            if status in ("survived", "no tests", "suspicious"):
                orig, mut = read_original_function(module, name), read_mutant_function(module, name)
                a = cst.Module([orig]).code.strip().split("\n")
                b = cst.Module([mut]).code.strip().split("\n")
                diff = "\n".join(difflib.unified_diff(a, b, str(path), str(path), lineterm=""))
            rows.append((name, str(path), status, diff))
    return rows


def report(rows) -> dict:
    eq = equivalents()
    by_file: dict[str, Counter] = defaultdict(Counter)
    for name, path, status, diff in rows:
        if name in eq:
            kind = "equivalent"
        elif status in KILLED:
            kind = "killed"
        elif status in ("survived", "no tests", "suspicious"):
            kind = "message" if is_message_mutant(diff) else "survived"
        elif status == "not checked":
            kind = "not run"
        else:
            kind = status
        by_file[path][kind] += 1
    return by_file


def rate(c: Counter) -> float:
    n = c["killed"] + c["survived"]
    return 100.0 * c["killed"] / n if n else 100.0


# The counting survivors fall into a few kinds; each kind says why its
# mutants live (the note of issue 12 and the README quote these).
CLASSES = [
    ("event data", "what an event or a question carries (a card, a seat, a rule id, bounds) on a path "
                   "no checked game reaches", lambda path, a, b: ".ev(" in a or ".ask(" in a or "Prompt(" in a),
    ("card 0", "tells card 0 from 'none' (-1); the card-0 test covers the cards its scenarios are about, "
               "not this one", lambda path, a, b: (">= 0" in a and ("> 0" in b or ">= 1" in b))
               or ("< 0" in a and "< 1" in b)),
    ("sentinel", "'none' made another negative number: every caller tests the sign only",
     lambda path, a, b: "-1" in a and "-2" in b),
    ("search bot", "the search bot's budget, sampling and tie-breaks: how well it plays, not a rule",
     lambda path, a, b: path == "engine/bots.py"),
    ("scenario runner", "the runner's own corners (it now sits above the engine, in scenarios/)",
     lambda path, a, b: path in ("engine/scenario.py", "scenarios/runner.py")),
    ("command line", "argument corners of solo-fluxx the contract tests do not reach",
     lambda path, a, b: path == "solo/cli/__init__.py"),
    ("other", "behaviour no test pins yet", lambda path, a, b: True),
]


def classify(path: str, diff: str) -> str:
    minus = " ".join(ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---"))
    plus = " ".join(ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++"))
    for name, _why, test in CLASSES:
        if test(path, minus, plus):
            return name
    return "other"


def main(argv: list[str]) -> int:
    rows = load()
    if argv[:1] == ["classes"]:  # the counting survivors by kind, with why they live
        eq = equivalents()
        kinds: dict[str, list[str]] = defaultdict(list)
        for name, path, status, diff in rows:
            if status in ("survived", "no tests", "suspicious") and name not in eq and not is_message_mutant(diff):
                kinds[classify(path, diff)].append(name)
        for kind, why, _test in CLASSES:
            print(f"{kind}: {len(kinds[kind])} ({why})")
            if kind == "other" or "-v" in argv:
                for n in kinds[kind]:
                    print(f"    {n}")
        return 0
    if argv[:1] == ["names"]:  # the survivors that count, for `mutmut run $(...)` after adding tests
        eq = equivalents()
        want = argv[1] if len(argv) > 1 else ""
        print(" ".join(name for name, path, status, diff in rows
                       if status in ("survived", "no tests", "suspicious") and name.startswith(want)
                       and name not in eq and not is_message_mutant(diff)))
        return 0
    if argv[:1] == ["survivors"]:
        eq = equivalents()
        want = argv[1] if len(argv) > 1 else ""
        for name, _path, status, diff in rows:
            if status in ("survived", "no tests") and name.startswith(want) and name not in eq \
                    and not is_message_mutant(diff):
                print(f"## {name} ({status})\n{diff}\n")
        return 0
    by_file = report(rows)
    total, core = Counter(), Counter()
    print(f"{'file':28} {'killed':>7} {'survived':>8} {'message':>7} {'equiv':>5} {'not run':>7} {'rate':>7}")
    for path in sorted(by_file):
        c = by_file[path]
        total += c
        if path.startswith(CORE):
            core += c
        print(f"{path:28} {c['killed']:7} {c['survived']:8} {c['message']:7} {c['equivalent']:5} "
              f"{c['not run']:7} {rate(c):6.1f}%")
    print(f"{'engine/ + solo/variant/__init__.py':28} {core['killed']:7} {core['survived']:8} {core['message']:7} "
          f"{core['equivalent']:5} {core['not run']:7} {rate(core):6.1f}%")
    print(f"{'everything mutated':28} {total['killed']:7} {total['survived']:8} {total['message']:7} "
          f"{total['equivalent']:5} {total['not run']:7} {rate(total):6.1f}%")
    with_messages = Counter(total)
    with_messages["survived"] += with_messages["message"]
    print(f"(counting message-word mutants as survivors: {rate(with_messages):.1f}% overall)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
