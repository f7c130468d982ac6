"""The mutation kill rate, from the results of a mutmut run (README,
"Mutation testing").

    .venv/bin/python -m tests.mutation            # the rates, by part and file
    .venv/bin/python -m tests.mutation survivors  # every survivor with its diff
    .venv/bin/python -m tests.mutation survivors engine.goals   # those of one module
    .venv/bin/python -m tests.mutation classes    # the survivors by kind, with why they live
    .venv/bin/mutmut run $(.venv/bin/python -m tests.mutation names)   # run the survivors again
    .venv/bin/python -m tests.mutation generate && .venv/bin/python -m tests.mutation restore   # a new machine
    .venv/bin/mutmut run --max-children 2 $(.venv/bin/python -m tests.mutation pending)   # go on with a full run
    .venv/bin/python -m tests.mutation save       # the results into tests/mutation-results.txt, for git
    .venv/bin/python -m tests.mutation stale-equivalents   # named equivalents whose function changed since

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


def load(diff_for=("survived", "no tests", "suspicious")):
    """[(mutant name, source path, status, diff)] for every mutant of the last run
    (the diff only for the statuses in ``diff_for``)."""
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
            if status in diff_for:
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


# A full run of every mutant can take longer than this machine has (the
# mutants still to run are the slow ones: mutmut runs the cheap ones first).
# A seeded uniform sample of the mutants not yet run, drawn per package,
# estimates each package's full rate: killed so far plus the sample's rate
# times the mutants not run, over all the counted mutants. The sample file
# keeps the counts as they were when it was drawn, so the estimate can be
# worked out again from the file and the results.
SAMPLE = ROOT / "tests" / "mutation-sample.txt"
SURVIVORS = ROOT / "tests" / "mutation-survivors.txt"
PACKAGES = ("engine", "solo", "tutor", "scenarios")


def _package(name: str) -> str:
    return name.split(".", 1)[0]


def _population(rows) -> tuple[dict[str, Counter], dict[str, list[str]]]:
    """Per package: the counted results so far, and the counting mutants not run."""
    eq = equivalents()
    done: dict[str, Counter] = defaultdict(Counter)
    pending: dict[str, list[str]] = defaultdict(list)
    for name, _path, status, diff in rows:
        if name in eq:
            continue
        pkg = _package(name)
        if status == "not checked":
            if not is_message_mutant(diff):
                pending[pkg].append(name)
        elif status in KILLED:
            done[pkg]["killed"] += 1
        elif status in ("survived", "no tests", "suspicious") and not is_message_mutant(diff):
            done[pkg]["survived"] += 1
    return done, pending


def _sample_text(seed: int, counts: dict[str, tuple[int, int, int]], pending: dict[str, list[str]],
                 rounds: list[dict[str, int]]) -> str:
    """Round r draws, with ``random.Random(seed + r)``, each package's mutants
    up to its size that round from those the rounds before did not draw: a
    uniform sample of the grown size (the first round's one generator runs
    through the packages in order, as the first draws were made)."""
    import random
    out = [f"# A seeded sample of the mutants not yet run (python -m tests.mutation sample {seed} ...).",
           "# counts: package killed-so-far survived-so-far not-run (at the draw; message-word and",
           "# named-equivalent mutants left out); round: the sizes drawn up to it; then the names."]
    for pkg in PACKAGES:
        out.append(f"counts {pkg} {counts[pkg][0]} {counts[pkg][1]} {counts[pkg][2]}")
    drawn: dict[str, list[str]] = {pkg: [] for pkg in PACKAGES}
    for r, sizes in enumerate(rounds):
        rng = random.Random(seed + r)
        for pkg in PACKAGES:
            have = set(drawn[pkg])
            rest = [n for n in sorted(pending[pkg]) if n not in have]
            drawn[pkg].extend(rng.sample(rest, max(0, min(sizes.get(pkg, 0) - len(have), len(rest)))))
        out.append("round " + " ".join(f"{pkg}={sizes.get(pkg, 0)}" for pkg in PACKAGES))
    for pkg in PACKAGES:
        out.extend(drawn[pkg])
    return "\n".join(out) + "\n"


def draw_sample(rows, seed: int, sizes: dict[str, int]) -> str:
    """The text of a sample file: per package, the counts at the draw and
    ``sizes[package]`` mutants drawn uniformly (seeded) from those not run
    whose result would count (not a message's words, not named equivalent)."""
    done, pending = _population(rows)
    counts = {pkg: (done[pkg]["killed"], done[pkg]["survived"], len(pending[pkg])) for pkg in PACKAGES}
    return _sample_text(seed, counts, pending, [sizes])


def _read_sample(text: str) -> tuple[dict[str, tuple[int, int, int]], list[dict[str, int]], list[str]]:
    counts: dict[str, tuple[int, int, int]] = {}
    rounds: list[dict[str, int]] = []
    names: list[str] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("counts "):
            _, pkg, k, s, p = line.split()
            counts[pkg] = (int(k), int(s), int(p))
        elif line.startswith("round "):
            rounds.append({k: int(v) for k, v in (w.split("=") for w in line.split()[1:])})
        else:
            names.append(line.strip())
    if not rounds:  # a file of one draw, written before rounds were kept
        rounds = [{pkg: sum(1 for n in names if _package(n) == pkg) for pkg in PACKAGES}]
    return counts, rounds, names


def grow_sample(rows, text: str, sizes: dict[str, int]) -> str:
    """The sample of ``text`` grown to ``sizes`` by a new round: drawn from
    the same mutants (those not run at the first draw are those still not
    run and the sampled ones, when nothing else ran since)."""
    seed = int(text.split("tests.mutation sample ", 1)[1].split()[0])
    counts, rounds, had = _read_sample(text)
    _done, pending = _population(rows)
    for pkg in PACKAGES:
        if not any(r.get(pkg, 0) for r in rounds):  # not sampled (run whole): nothing to draw from
            continue
        pending[pkg] = sorted(set(pending[pkg]) | {n for n in had if _package(n) == pkg})
        if len(pending[pkg]) != counts[pkg][2]:
            raise SystemExit(f"{SAMPLE.name}: {pkg} had {counts[pkg][2]} mutants not run at the draw, "
                             f"{len(pending[pkg])} now with the sample: something else ran since; draw anew")
    if _names(_sample_text(seed, counts, pending, rounds)) != had:
        raise SystemExit(f"{SAMPLE.name}: its names are not those its seed and rounds draw; draw anew")
    return _sample_text(seed, counts, pending, [*rounds, {**rounds[-1], **sizes}])


def _names(text: str) -> list[str]:
    return _read_sample(text)[2]


def _wilson(k: int, n: int) -> tuple[float, float]:
    """The sample rate's 95% interval: the ladder's Wilson interval."""
    from solo.tools.ladder import wilson
    return wilson(k, n)


def estimate(rows, text: str) -> list[tuple[str, int, int, int, int, int, float, float, float]]:
    """Per package (and overall): (package, killed before the draw, survived
    before the draw, not run at the draw, sampled with a result, of them
    killed, estimate, low, high): the full run's rate as the sample estimates
    it, with a 95% interval. A package none of which was sampled is counted
    as it stands now; if some of it is still to run, its bounds are what
    they would be if all of that survived or all were killed."""
    counts, _rounds, names = _read_sample(text)
    status = {name: st for name, _path, st, _diff in rows}
    eq = equivalents()
    now: dict[str, Counter] = defaultdict(Counter)
    for name, _path, st, diff in rows:
        if name in eq or (st in ("survived", "no tests", "suspicious", "not checked") and is_message_mutant(diff)):
            continue
        now[_package(name)]["killed" if st in KILLED else "not run" if st == "not checked" else "survived"] += 1
    out = []
    tot_k = tot_n = tot_var = 0.0
    for pkg, (k0, s0, npend) in counts.items():
        got = [n for n in names if _package(n) == pkg and status.get(n, "not checked") != "not checked"]
        if not any(_package(n) == pkg for n in names):  # run whole
            c = now[pkg]
            k0, s0, npend = c["killed"], c["survived"], c["not run"]
            total = k0 + s0 + npend
            est = k0 / (k0 + s0) if k0 + s0 else 1.0
            lo, hi = (k0 / total, (k0 + npend) / total) if total else (1.0, 1.0)
            out.append((pkg, k0, s0, npend, 0, 0, est, lo, hi))
            tot_k += k0 + est * npend
            tot_n += total
            continue
        k = sum(1 for n in got if status[n] in KILLED)
        n = len(got)
        total = k0 + s0 + npend
        p = k / n if n else 0.0
        plo, phi = _wilson(k, n)
        out.append((pkg, k0, s0, npend, n, k, (k0 + p * npend) / total, (k0 + plo * npend) / total,
                    (k0 + phi * npend) / total))
        tot_k += k0 + p * npend
        tot_n += total
        if n:
            tot_var += (npend ** 2) * p * (1 - p) / n
    if tot_n:
        est = tot_k / tot_n
        half = 1.96 * (tot_var ** 0.5) / tot_n
        out.append(("everything", sum(r[1] for r in out), sum(r[2] for r in out), sum(r[3] for r in out),
                    sum(r[4] for r in out), sum(r[5] for r in out), est, est - half, est + half))
    return out


def write_survivors(rows) -> int:
    """Write tests/mutation-survivors.txt: each counting survivor of the
    results as they stand, with its kind and why that kind lives."""
    import datetime
    import subprocess
    eq = equivalents()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    ran = sum(1 for r in rows if r[2] != "not checked")
    out = [f"# The mutants that survived mutmut's runs, written {datetime.date.today()} at commit {commit}",
           f"# by `python -m tests.mutation write-survivors`: {ran:,} of the {len(rows):,} mutants have a",
           f"# result; the {len(rows) - ran:,} not run yet are not listed (README, \"Mutation testing\").",
           "# Each with the kind it falls in and why that kind lives; message-word mutants and the",
           "# named equivalents are left out."]
    for name, path, status, diff in sorted(rows, key=lambda r: (r[1], r[0])):
        if status in ("survived", "no tests", "suspicious") and name not in eq and not is_message_mutant(diff):
            kind = classify(path, diff)
            why = next(w for k, w, _t in CLASSES if k == kind)
            note = " (no test reaches it under mutmut)" if status == "no tests" else ""
            out.append(f"{name}  # {kind}: {why}{note}")
    SURVIVORS.write_text("\n".join(out) + "\n")
    return len(out) - 5


def _recorded() -> dict[str, int]:
    """Every mutant with a result, by name: mutmut's recorded exit code."""
    import json
    out: dict[str, int] = {}
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            if code is not None:
                out[name] = code
    return out


# mutants/ lives on one machine and is lost with it; a full run takes
# longer than one session. The ledger carries the results between
# machines, in git: per mutated function, the hash mutmut keeps of its
# source and the exit code of each of its mutants in order ("." for not
# run). A result is restored only where the function's hash and its number
# of mutants are the same, under the same mutmut: a changed function runs
# again, as mutmut itself does (tests/mutation-results.txt).
LEDGER = ROOT / "tests" / "mutation-results.txt"


def _mutmut_version() -> str:
    from importlib.metadata import version
    return version("mutmut")


def _read_meta(path: Path) -> dict:
    """A meta file, read again if mutmut was writing it at that moment."""
    import json
    import time
    for _ in range(20):
        try:
            return json.loads(path.read_text())
        except json.JSONDecodeError:
            time.sleep(0.1)
    return json.loads(path.read_text())


def _function_of(key: str) -> tuple[str, int]:
    """(function as in a meta's hashes, mutant number) of a mutant's name."""
    from mutmut.utils.format_utils import mangled_name_from_mutant_name
    number = int(key.rpartition("__mutmut_")[2])
    return mangled_name_from_mutant_name(key).rpartition(".")[2], number


def _meta_table(meta: dict) -> dict[str, tuple[str, list[int | None]]]:
    """{function: (hash, [exit code of mutant 1, 2, ...])} of one meta file."""
    codes: dict[str, dict[int, int | None]] = defaultdict(dict)
    for key, code in meta["exit_code_by_key"].items():
        func, number = _function_of(key)
        codes[func][number] = code
    out = {}
    for func, by_number in codes.items():
        if func in meta["hash_by_function_name"] and sorted(by_number) == list(range(1, len(by_number) + 1)):
            out[func] = (meta["hash_by_function_name"][func], [by_number[i] for i in sorted(by_number)])
    return out


def read_ledger(text: str) -> tuple[str, dict[str, dict[str, tuple[str, list[int | None]]]]]:
    """(mutmut version, {source path: {function: (hash, codes)}}) of a ledger's text."""
    version, files, path = "", {}, ""
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("# mutmut "):
            version = line.split()[2].rstrip(":")
        elif not line.strip() or line.startswith("#"):
            continue
        elif not line.startswith(" "):
            path = line.strip()
            files[path] = {}
        else:
            try:
                func, digest, codes = line.split()
                files[path][func] = (digest, [None if c == "." else int(c) for c in codes.split(",")])
            except (ValueError, KeyError):
                raise SystemExit(f"{LEDGER.name}, line {n}: expected '  function hash code,code,...' "
                                 f"under a source path; write the file again with "
                                 f"`python -m tests.mutation save`") from None
    return version, files


def save_ledger(root: Path = ROOT, ledger: Path = LEDGER) -> tuple[int, int]:
    """Write the ledger from ``root``/mutants, keeping the ledger's result of
    a mutant mutants/ has not run when its function is unchanged. Returns
    (mutants with a result, mutants)."""
    version = _mutmut_version()
    old_version, old = read_ledger(ledger.read_text()) if ledger.is_file() else ("", {})
    if old_version != version:
        old = {}
    out = [f"# mutmut {version}: the results of the mutation run, carried between machines",
           "# (python -m tests.mutation save / restore; README, \"Mutation testing\"). Under each",
           "# source path: function, the hash mutmut keeps of it, each mutant's exit code in order",
           "# (1 killed, 0 survived, 33 no tests, 36/-24/24/152/255 timeout, . not run)."]
    done = total = 0
    for meta_path in sorted((root / "mutants").rglob("*.py.meta")):
        table = _meta_table(_read_meta(meta_path))
        if not table:
            continue
        path = str(meta_path.relative_to(root / "mutants"))[:-len(".meta")]
        out.append(path)
        for func in sorted(table):
            digest, codes = table[func]
            was = old.get(path, {}).get(func)
            if was and was[0] == digest and len(was[1]) == len(codes):
                codes = [c if c is not None else w for c, w in zip(codes, was[1], strict=True)]
            done += sum(c is not None for c in codes)
            total += len(codes)
            out.append(f"  {func} {digest} " + ",".join("." if c is None else str(c) for c in codes))
    ledger.write_text("\n".join(out) + "\n")
    return done, total


def restore_ledger(root: Path = ROOT, ledger: Path = LEDGER) -> tuple[int, int]:
    """Put the ledger's results into ``root``/mutants (made by `mutmut run` or
    `python -m tests.mutation generate`) where a mutant has none and its
    function is unchanged. Returns (restored, left out as changed). Run it
    only while no mutmut run is going."""
    import json
    version, files = read_ledger(ledger.read_text())
    if version != _mutmut_version():
        raise SystemExit(f"{LEDGER.name} was written by mutmut {version}, this is {_mutmut_version()}: "
                         f"its mutants may differ; run afresh")
    restored = stale = 0
    for path, funcs in files.items():
        meta_path = root / "mutants" / f"{path}.meta"
        if not meta_path.is_file():
            stale += sum(1 for f in funcs.values() for c in f[1] if c is not None)
            continue
        meta = _read_meta(meta_path)
        table = _meta_table(meta)
        key_of = {_function_of(k): k for k in meta["exit_code_by_key"]}
        changed = False
        for func, (digest, codes) in funcs.items():
            now = table.get(func)
            if not now or now[0] != digest or len(now[1]) != len(codes):
                stale += sum(c is not None for c in codes)
                continue
            for number, (have, code) in enumerate(zip(now[1], codes, strict=True), 1):
                if have is None and code is not None:
                    meta["exit_code_by_key"][key_of[func, number]] = code
                    restored += 1
                    changed = True
        if changed:
            meta_path.write_text(json.dumps(meta, indent=4))
    return restored, stale


def generate(root: Path = ROOT) -> None:
    """Make mutants/ as `mutmut run` starts by doing, without running anything."""
    import os

    from mutmut.__main__ import create_mutants
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir
    os.chdir(root)
    set_mutant_under_test("mutant_generation")
    (root / "mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    create_mutants(os.cpu_count() or 2)


def recheck(seed: int, n: int, timeout: float = 600.0) -> list[tuple[str, bool, bool, bool, float, float]]:
    """Run again, outside mutmut, ``n`` mutants drawn with ``seed`` from those
    mutmut killed (exit 1) or saw survive (exit 0), each twice: with the
    trampolines taken out (tests/mutation_unwrap.py) and with them all kept.
    Each run is what mutmut's child runs: the mutant's tests as mutmut mapped
    them, fastest first, stopping at the first failure. Returns (name,
    recorded killed, killed unwrapped, killed kept, seconds unwrapped,
    seconds kept) for each."""
    import json
    import os
    import random
    import subprocess
    import time

    from mutmut.utils.format_utils import mangled_name_from_mutant_name
    stats = json.loads((ROOT / "mutants" / "mutmut-stats.json").read_text())
    by_function, seconds = stats["tests_by_mangled_function_name"], stats["duration_by_test"]
    done = {k: v for k, v in _recorded().items() if v in (0, 1)}
    names = random.Random(seed).sample(sorted(done), n)
    from tests.mutation_unwrap import KEEP
    out = []
    for name in names:
        tests = sorted(by_function.get(mangled_name_from_mutant_name(name), ()), key=lambda t: seconds.get(t, 0.0))
        if not tests:
            continue
        killed, took = [], []
        for keep in ("", "1"):
            env = dict(os.environ, MUTANT_UNDER_TEST=name, **{KEEP: keep})
            start = time.perf_counter()
            try:
                code = subprocess.run([sys.executable, "-m", "pytest", "--rootdir=.", "--tb=no", "-x", "-q",
                                       "-p", "no:randomly", "-p", "no:cacheprovider", "-m", "not slow and not app",
                                       *tests], cwd=ROOT / "mutants", env=env, capture_output=True,
                                      timeout=timeout).returncode
            except subprocess.TimeoutExpired:
                code = -1
            took.append(time.perf_counter() - start)
            killed.append(code != 0)
        out.append((name, done[name] != 0, killed[0], killed[1], took[0], took[1]))
    return out


def diffs(prefix: str) -> list[tuple[str, str, str]]:
    """(name, status, diff) of every mutant whose name starts with
    ``prefix`` (a module, or a function: ``engine.numbers.xǁRuleViewǁ__init__``),
    reading only that module's file: quicker than ``load`` for a look at a
    few functions, as when naming equivalents."""
    import difflib
    import json

    import libcst as cst
    from mutmut.mutation.diff_apply import read_mutant_function, read_original_function
    from mutmut.stats import status_by_exit_code
    parts = prefix.split(".")
    for cut in range(len(parts), 0, -1):
        path = Path(*parts[:cut]).with_suffix(".py")
        if not (ROOT / "mutants" / path).is_file():
            path = Path(*parts[:cut], "__init__.py")  # a package's own module
        if (ROOT / "mutants" / path).is_file():
            break
    else:
        raise SystemExit(f"no mutated module in {prefix!r}")
    codes = json.loads((ROOT / "mutants" / f"{path}.meta").read_text())["exit_code_by_key"]
    module = cst.parse_module((ROOT / "mutants" / path).read_text())
    out = []
    for name, code in codes.items():
        if not name.startswith(prefix):
            continue
        a = cst.Module([read_original_function(module, name)]).code.strip().split("\n")
        b = cst.Module([read_mutant_function(module, name)]).code.strip().split("\n")
        diff = "\n".join(ln for ln in difflib.unified_diff(a, b, lineterm="", n=0)
                         if not ln.startswith(("---", "+++", "@@")))
        out.append((name, status_by_exit_code[code], diff))
    return out


def _function_source(text: str, name: str) -> str | None:
    """The parsed source (no comments, no line numbers) of the function a
    mutant name points at (``x_f`` or ``xǁClassǁmethod``), or None."""
    import ast
    fn = name.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]
    cls, want = (fn.split("ǁ")[1], fn.split("ǁ")[2]) if fn.startswith("xǁ") else (None, fn[2:])
    body = ast.parse(text).body
    if cls is not None:
        body = next((n.body for n in body if isinstance(n, ast.ClassDef) and n.name == cls), [])
    for n in body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == want:
            return ast.dump(n)
    return None


def stale_equivalents() -> list[tuple[str, str]]:
    """(commit, name) of each named equivalent whose function changed after
    its line was written: mutmut numbers a function's mutants in order, so
    after a change the number may name another mutant (or none). Each must
    be looked at again (``diffs``) and renamed or taken out."""
    import re
    import subprocess

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)

    blame = git("blame", "--line-porcelain", str(EQUIVALENT.relative_to(ROOT))).stdout
    lines, commit = [], ""
    for line in blame.splitlines():
        if re.match(r"[0-9a-f]{40} ", line):
            commit = line[:40]
        elif line.startswith("\t") and line[1:].strip() and not line[1:].startswith("#"):
            lines.append((commit, line[1:].split()[0]))
    seen: dict[tuple[str, str], bool] = {}
    out = []
    for commit, name in lines:
        module = name.split(".x", 1)[0]
        key = (commit, name.rsplit("__mutmut_", 1)[0])
        if key not in seen and set(commit) == {"0"}:  # written since the last commit: against the code as it is
            seen[key] = True
        if key not in seen:
            then = now = None
            for path in (module.replace(".", "/") + ".py", module.replace(".", "/") + "/__init__.py"):
                if (ROOT / path).is_file():
                    now = _function_source((ROOT / path).read_text(), name)
                    old = git("show", f"{commit}:{path}")
                    then = _function_source(old.stdout, name) if old.returncode == 0 else None
                    break
            seen[key] = now is not None and then == now
        if not seen[key]:
            out.append((commit[:10], name))
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["generate"]:  # mutants/ made, nothing run (then restore, then pending)
        generate()
        return 0
    if argv[:1] == ["save"]:  # tests/mutation-results.txt from mutants/ (and what it held)
        done, total = save_ledger()
        print(f"{LEDGER.relative_to(ROOT)}: {done:,} of {total:,} mutants with a result")
        return 0
    if argv[:1] == ["restore"]:  # tests/mutation-results.txt into mutants/
        restored, stale = restore_ledger()
        print(f"{restored:,} results restored into mutants/; {stale:,} left out (their function changed)")
        return 0
    if argv[:1] == ["stale-equivalents"]:  # named equivalents whose function changed since (renumbered mutants)
        changed = stale_equivalents()
        for commit, name in changed:
            print(commit, name)
        return 1 if changed else 0
    if argv[:1] == ["diffs"]:  # diffs PREFIX: each mutant of one module or function, with its change
        for name, status, diff in diffs(argv[1]):
            print(f"## {name} ({status})\n{diff}")
        return 0
    if argv[:1] == ["recheck"]:  # recheck SEED N: do the trampolines taken out change any result?
        rows = recheck(int(argv[1]), int(argv[2]))
        for name, was, unwrapped, kept, t1, t2 in rows:
            flag = "" if was == unwrapped == kept else "   <- differs"
            print(f"{name:70} recorded {'killed' if was else 'survived':8} unwrapped {unwrapped!s:5} "
                  f"kept {kept!s:5} {t1:6.1f} s {t2:6.1f} s{flag}")
        same = sum(was == unwrapped for _n, was, unwrapped, _k, _a, _b in rows)
        print(f"{same} of {len(rows)} as recorded with the trampolines taken out; "
              f"{sum(r[3] == r[1] for r in rows)} with them kept; "
              f"{sum(r[4] for r in rows):.0f} s against {sum(r[5] for r in rows):.0f} s")
        return 0
    if argv[:1] == ["sample"]:  # sample SEED PACKAGE=N ...: write tests/mutation-sample.txt
        rows = load(diff_for=("survived", "no tests", "suspicious", "not checked"))
        sizes = {k: int(v) for k, v in (a.split("=") for a in argv[2:])}
        SAMPLE.write_text(draw_sample(rows, int(argv[1]), sizes))
        print(" ".join(_names(SAMPLE.read_text())))
        return 0
    if argv[:1] == ["grow"]:  # grow PACKAGE=N ...: the sample of tests/mutation-sample.txt, grown
        rows = load(diff_for=("survived", "no tests", "suspicious", "not checked"))
        sizes = {k: int(v) for k, v in (a.split("=") for a in argv[1:])}
        old = set(_names(SAMPLE.read_text()))
        SAMPLE.write_text(grow_sample(rows, SAMPLE.read_text(), sizes))
        print(" ".join(n for n in _names(SAMPLE.read_text()) if n not in old))
        return 0
    if argv[:1] == ["pending"]:  # the mutants not yet run whose result counts (--words: the message-word ones)
        rows = load(diff_for=("not checked",))
        eq = equivalents()
        words = "--words" in argv
        print(" ".join(name for name, _path, status, diff in rows
                       if status == "not checked" and name not in eq and is_message_mutant(diff) == words))
        return 0
    rows = load()
    if argv[:1] == ["estimate"]:  # the full run's rate per package, from tests/mutation-sample.txt
        print(f"{'package':11} {'killed':>7} {'survived':>8} {'not run':>7} {'sampled':>7} {'s.killed':>8} "
              f"{'estimate':>8}  95% interval")
        for pkg, k0, s0, npend, n, k, est, lo, hi in estimate(rows, SAMPLE.read_text()):
            print(f"{pkg:11} {k0:7} {s0:8} {npend:7} {n:7} {k:8} {100 * est:7.1f}%  "
                  f"{100 * lo:.1f}% - {100 * hi:.1f}%")
        return 0
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
    if argv[:1] == ["write-survivors"]:  # tests/mutation-survivors.txt from the results as they stand
        print(f"{write_survivors(rows)} survivors written to {SURVIVORS.relative_to(ROOT)}")
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
