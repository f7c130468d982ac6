"""Run the catalogue of semantic mutants.

    .venv/bin/python -m tests.mutants [--jobs N] [--only AREA] [--id ID ...] [--json FILE]
    .venv/bin/python -m tests.mutants --idle FILE
    .venv/bin/python -m tests.mutants --tests-from NODES [--id ID ...] --json FILE

Each mutant (``tests/mutants/patches/ID.patch``: a header of ``id``,
``area`` and ``mistake`` lines, and perhaps an ``also`` line, then the
patch) is applied to a scratch worktree of the commit checked out (``git
worktree add``: one a job, made clean again after each mutant, so that no
mutant sees another's patch or files), and its
area's tests run there (and the test node ids of its ``also`` line: tests
outside the area's files that this mistake breaks, run with this mutant
alone, so that each test of the fast loop is run under a mistake it
catches without running a whole file under every mutant of an area) with
the project imported from that worktree (its
folder first on ``PYTHONPATH``, never the editable install of this
checkout), all of them (no stop at the first failure), the failures
recorded (JUnit XML). A patch is applied by its anchor (``anchor.py``: the
text it changes, found in the function its ``@@`` line names, its line
numbers only a hint), so code that moves keeps its mutants; ``--port``
rewrites the patches with fresh line numbers. A patch whose own text is
gone from the code is reported by name and counts against the catalogue
(that mutant is ported by hand). A mutant
killed only by tests marked ``pin`` (golden text, pinned numbers: they fail
because the game changed, not because a rule is checked) is a survivor.

After a run of the whole catalogue (and with ``--idle`` on a saved record)
it lists the fast loop's test functions that failed under no mutant and
carry no ``exists_for("why")`` marker: tests that, as far as the catalogue
can tell, check nothing. ``--tests-from`` runs the mutants against the
node ids of a file instead of their areas' tests: it finds, for a test that
kills nothing, the mistakes it does catch (to name it on their ``also``
lines).
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tests.mutants import anchor

ROOT = Path(__file__).resolve().parents[2]
PATCHES = Path(__file__).resolve().parent / "patches"

def tests_of(name: str, *tests: str) -> list[str]:
    """Node ids of single tests of ``tests/test_NAME.py`` (a small area's)."""
    return [f"tests/test_{name}.py::{t}" for t in tests]


# Each area's tests: the files that check its rules (the fast loop's, plus the
# app's Pilot tests for the app's areas). A mutant runs these, all of them.
# A file stays in an area while some mutant of the area fails one of its tests
# (a run's record shows it): a file that never does only costs the 20 minutes.
AREAS: dict[str, list[str]] = {
    "standard": ["tests/test_game_core.py", "tests/test_effects_details.py", "tests/test_scenarios.py",
                 "tests/test_events.py", "tests/test_rules_properties.py", "tests/test_tutor_truth.py",
                 "tests/test_numbers_and_ends.py", "tests/test_stateful.py"],
    "solo": ["tests/test_scenarios.py", "tests/test_properties.py", "tests/test_tutor_truth.py", "tests/test_daily.py",
             "tests/test_numbers_and_ends.py"],
    "surprises": ["tests/test_voyager.py", "tests/test_scenarios.py", "tests/test_refusals.py"],
    "determinism": ["tests/test_rng_and_deal.py", "tests/test_sim.py"],
    "runfiles": ["tests/test_answers_and_runs.py", "tests/test_cli_contract.py", "tests/test_claims_and_causes.py",
                 "tests/test_data_files_trust.py",
                 # of the app's file, only its run-file test (the rest are Pilot tests of the app's area)
                 "tests/test_bots_app.py::test_a_game_against_bots_exports_verifies_and_replays_with_its_seats"],
    "store": ["tests/test_store.py", "tests/test_store_trust.py", "tests/test_daily.py", "tests/test_rows_bounded.py",
              "tests/test_save_states.py", "tests/test_app_trust.py", "tests/test_app.py::test_history_json",
              "tests/test_newcomer.py::test_stats_keep_practice_and_the_coached_game_apart",
              "tests/test_newcomer.py::test_history_shows_run_ids_and_marks_practice"],
    "tutor": ["tests/test_tutor.py", "tests/test_tutor_truth.py", "tests/test_bot_lines.py",
              "tests/test_claims_and_causes.py", "tests/test_near_misses.py", "tests/test_numbers_and_ends.py"],
    "lessons": ["tests/test_lessons.py"],
    # the numbers in force with their terms (issue 63): the engine's Quantity, prompts, spots, the changes told
    "numbers": ["tests/test_numbers_in_force.py", "tests/test_scenarios.py", "tests/test_tutor_truth.py"],
    # the typed events, their sink and the narration's folds (issue 63, items 1-2)
    "events": ["tests/test_events.py", "tests/test_events_unchanged.py", "tests/test_tutor_truth.py",
               "tests/test_scenarios.py", "tests/test_tutor_seen.py", "tests/test_tutor.py"],
    "app": ["tests/test_app.py", "tests/test_app_keys.py", "tests/test_bots_app.py"],
    # this round's sizes and rendering: the table at every size, the key bar, lines that are never markup, help
    "sizes": ["tests/test_table.py", "tests/test_keybar.py", "tests/test_screen.py"],
    "cli": ["tests/test_cli_contract.py", "tests/test_data_files_trust.py", "tests/test_reliability3.py",
            "tests/test_rows_bounded.py", "tests/test_cluster.py", "tests/test_newcomer.py::test_learn_45_on_the_command_line_opens_the_app_on_the_coached_game",
            "tests/test_newcomer.py::test_an_abandoned_run_is_not_exported_and_a_finished_one_verifies"],
    "search": ["tests/test_bots.py", "tests/test_hints.py", "tests/test_hint_facts.py", "tests/test_hint_positions.py",
               "tests/test_no_giveaways.py",
               "tests/test_numbers_and_ends.py"],
    "draws": ["tests/test_draws.py", "tests/test_numbers_and_ends.py"],
    "door": ["tests/test_reliability3.py", "tests/test_engine_api.py", "tests/test_state_check.py",
             "tests/test_answers_and_runs.py"],
    "text": ["tests/test_textplay.py"],
    "layers": ["tests/test_architecture.py", "tests/test_import_tables.py"],
    "bots": ["tests/test_seats.py", "tests/test_ladder.py", "tests/test_rps_fair.py", "tests/test_bots.py"],
    # the engine's machinery (the task loop, the passive index, defaults, the door's answers)
    "core": ["tests/test_game_core.py", "tests/test_engine_api.py", "tests/test_import_tables.py",
             "tests/test_properties.py"],
    "ids": ["tests/test_card_ids.py"],  # no card id means "no card": card 0 is a card
    "decks": ["tests/test_decks.py", "tests/test_cards.py"],
    "scenarios": ["tests/test_scenario_runner.py"],
    "reference": ["tests/test_reference.py", "tests/test_reference_facts.py", "tests/test_search.py"],
    # Small areas: a few tests each, for mistakes whose tests would cost a whole file's run under every mutant
    # of a larger area (the app's Pilot tests above all)
    "contract": ["tests/test_cli_contract.py"],  # the parser, its help and usage lines, the printouts
    "start": tests_of("app", "test_an_app_that_ends_before_its_first_frame_leaves_the_collector_on",
                      "test_the_collector_paused_for_the_start_is_back_on_after_the_first_frame"),
    # the menu, the new-game dialog, stats, keys, the lessons' start
    "screens": tests_of("app", "test_new_game_against_bots_asks_seats_strength_and_decks",
                        "test_new_game_against_bots_with_a_strength_for_each_bot", "test_stats_screen",
                        "test_tab_to_the_tutor_panel_and_ask_why", "test_number_keys_and_vim_keys")
    + tests_of("lessons", "test_learn_n_opens_that_lesson", "test_the_first_start_offers_the_lessons_once"),
    "lessondata": ["tests/test_lessons.py"],  # the lesson files, the coach and the review (not the app: MARKS)
    # dailies and practice, the coached game, the palette, scroll cues
    "newcomer": tests_of("newcomer", "test_learn_45_opens_the_coached_game_the_list_shows_as_45",
                         "test_a_second_daily_says_it_is_practice_before_it_starts_and_the_banner_says_so",
                         "test_the_first_daily_of_a_date_starts_at_once_and_says_daily",
                         "test_the_command_palette_lists_the_games_commands_as_soon_as_it_opens",
                         "test_a_long_choice_list_says_how_many_more_lines_there_are"),
    "storage": ["tests/test_store.py", "tests/test_store_trust.py"],  # the save file itself: its checks and upgrades
    # data files' bounds
    "trust": tests_of("data_files_trust", "test_visible_shows_every_control_character",
                      "test_toml_that_would_explode_the_parser_is_refused",
                      "test_a_scenario_name_cannot_drive_the_terminal", "test_every_malformed_choice_is_an_illegal_answer"),
    # what a seat is told of cards it cannot see
    "viewer": tests_of("bots_app", "test_the_explainer_without_a_viewer_tells_every_card",
                       "test_every_event_of_random_games_is_told_to_a_viewer_without_a_hidden_name",
                       "test_a_bot_taking_from_your_hand_is_told_by_name",
                       "test_the_tutor_never_names_a_card_that_goes_unseen_into_a_bots_hand"),
    # a game against bots in the app: keys, pace, recap, seats, the worker, the end
    "botsapp": tests_of("bots_app", "test_your_keys_never_play_a_bots_move",
                        "test_space_skips_the_pause_and_b_sets_the_pace",
                        "test_your_turn_starts_with_what_each_bot_played_since_your_last",
                        "test_the_menu_resumes_the_game_against_bots_beside_the_solo_game",
                        "test_a_game_against_bots_whose_seats_cannot_be_read_goes_on_with_greedy_bots",
                        "test_a_lost_worker_process_does_not_stop_the_search_bot", "test_you_can_win_on_a_bots_turn",
                        "test_a_hand_limit_a_bot_plays_is_yours_to_meet_at_once"),
    "brief": tests_of("bot_lines", "test_over_whole_games_each_bot_move_is_one_line_and_nothing_is_lost"),
    "effects": ["tests/test_effects_details.py", "tests/test_events.py"],  # one card's details, events' causes
    "tutorpins": ["tests/test_tutor_pins.py"],  # the tutor's words for single events, by their meaning
    "answers": ["tests/test_answers_and_runs.py"],  # the door's answers and the run files' refusals
    "variants": tests_of("variant_seam", "test_register_variant_is_the_door",
                         "test_the_test_variant_is_registered_by_name")
    + tests_of("variant_package", "test_the_tests_variant_is_loaded_by_name_and_listed",
               "test_a_variant_module_that_does_not_load_is_one_sentence",
               "test_an_unknown_variant_names_the_known_ones_and_the_way_to_add_one",
               "test_every_variant_reports_a_typed_outcome"),
    # the table's boxes, sizes and mouse
    # solo-fluxx serve: the messages it lets through and its tab limit, in a real browser (slow: MARKS)
    "web": ["tests/test_web.py"],
    # its checks without a server (hosts, origins, the token, the messages, the rate, the log's flood guard) ...
    "webchecks": ["tests/test_web_limits.py"],
    # ... and in a real server, tried as an attacker would (raw websockets, chromium; slow: MARKS)
    "websec": ["tests/test_web_security.py"],
    "table": tests_of("table", "test_a_box_edge_carries_its_label_as_a_border_title_does",
                      "test_a_tall_terminal_shows_the_rule_texts_from_the_first_frame",
                      "test_each_box_has_its_place_and_the_colours_follow_the_theme",
                      "test_the_table_is_drawn_for_each_new_size_once"),
}

# the areas whose tests take longest go first, so that two jobs end together
SLOWEST_FIRST = ["app", "tutor", "cli", "sizes", "solo", "door", "runfiles", "lessons", "standard", "surprises", "store",
                 "search", "draws", "core"]


# the tests an area runs besides the fast loop: the app's short Pilot tests (marked ``pilot``: one key
# or screen each; the whole games through the app are left to the full run)
MARKS = {"app": "not slow or pilot", "sizes": "not slow or pilot", "lessondata": "not slow and not app", "web": "slow",
         "websec": "slow"}


@dataclass
class Mutant:
    id: str
    area: str
    mistake: str
    path: Path
    also: list[str] = field(default_factory=list)  # test node ids run besides the area's
    verdict: str = ""                     # killed, survived, pin only, does not apply, error
    failed: list[str] = field(default_factory=list)
    seconds: float = 0.0


def catalogue() -> list[Mutant]:
    out = []
    for p in sorted(PATCHES.glob("*.patch")):
        head: dict[str, str] = {}
        for line in p.read_text().splitlines():
            if line.startswith("diff --git"):
                break
            if ":" in line:
                k, v = line.split(":", 1)
                head[k.strip()] = v.strip()
        if head.get("area") not in AREAS:
            raise SystemExit(f"{p.name}: its area {head.get('area')!r} is not one of {', '.join(AREAS)}")
        out.append(Mutant(head.get("id", p.stem), head["area"], head.get("mistake", ""), p,
                          head.get("also", "").split()))
    return out


def pins(worktree: Path) -> set[str]:
    """The test ids marked ``pin`` (collected in the worktree)."""
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "pin", "-p", "no:cacheprovider"],
                       cwd=worktree, capture_output=True, text=True, env=_env(worktree), timeout=300)
    return {ln.strip() for ln in r.stdout.splitlines() if "::" in ln}


def _env(worktree: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(worktree)}
    # bytecode is written: a worktree serves mutant after mutant, and only the files a patch touched are
    # compiled again (their cached bytecode is removed with the patch: Worktree.reset)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["SOLO_FLUXX_HOME"] = str(worktree / ".mutant-home")
    # the tests' mutation profile (tests/conftest.py): an eighth of the random games, no shrinking, and a
    # time limit a test (a mutant that makes the engine loop fails its test instead of hanging the run)
    env["HYPOTHESIS_PROFILE"] = "mutation"
    env["MUTANT_UNDER_TEST"] = "catalogue"
    env["MUTANT_TEST_SECONDS"] = "60"
    return env


class Worktree:
    """A scratch worktree of the commit under test, used by one job for
    mutant after mutant: each mutant's patch is applied to the clean tree and
    taken away after its tests (every tracked file back, every file the tests
    wrote removed: the data folder, Hypothesis's examples), so no mutant sees
    another's. Only Python's bytecode caches stay, but never for a file a
    patch touched. (A worktree a mutant costs its checkout and compiling every
    module afresh: some 15% of the catalogue's time.)"""

    def __init__(self, base: str):
        self.scratch = Path(tempfile.mkdtemp(prefix="mutants-"))
        self.tree = self.scratch / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(self.tree), base], cwd=ROOT, check=True,
                       capture_output=True, timeout=120)
        shared = ROOT.parent / "shared"  # the read-only shared folder the tests read, beside every checkout
        if shared.exists():
            (self.scratch / "shared").symlink_to(shared)

    def git(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", *args], cwd=self.tree, capture_output=True, text=True, timeout=120)

    def reset(self) -> None:
        for name in self.git("diff", "--name-only").stdout.split():
            f = self.tree / name
            for cached in (f.parent / "__pycache__").glob(f"{f.stem}.*.pyc"):
                cached.unlink()
        self.git("reset", "--hard", "-q")
        self.git("clean", "-fdxq", "-e", "__pycache__")

    def close(self) -> None:
        subprocess.run(["git", "worktree", "remove", "--force", str(self.tree)], cwd=ROOT, capture_output=True)
        shutil.rmtree(self.scratch, ignore_errors=True)


def run_one(m: Mutant, pinned: set[str], wt: Worktree, everything: bool = False,
            tests: list[str] | None = None) -> Mutant:
    start = time.monotonic()
    tree = wt.tree
    xml = wt.scratch / "junit.xml"
    try:
        xml.unlink(missing_ok=True)
        try:  # by its anchor: the text it changes, in its function (line numbers are only a hint)
            anchor.apply(m.path, tree)
        except anchor.DoesNotApply as e:
            m.verdict, m.failed = "does not apply", [str(e)]
            return m
        # the snapshot and xdist plugins cost a start-up each (half a second) and no area's tests use them
        lean = [] if everything or m.area in MARKS else ["-p", "no:textual-snapshot", "-p", "no:xdist"]
        # an also test the area runs already (itself, or its whole file) is run once
        also = [t for t in m.also if t not in AREAS[m.area] and t.split("::")[0] not in AREAS[m.area]]
        chosen = ["tests"] if everything else tests if tests is not None else [*AREAS[m.area], *also]
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *lean, "-m", MARKS.get(m.area, "not slow"),
               f"--junitxml={xml}", *chosen]
        try:
            subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=_env(tree), timeout=900)
        except subprocess.TimeoutExpired:
            m.verdict, m.failed = "killed", ["(the tests timed out: a hang counts as caught)"]
            return m
        failed = []
        if xml.exists():
            for case in ET.parse(xml).getroot().iter("testcase"):
                if case.find("failure") is not None or case.find("error") is not None:
                    failed.append(_node(tree, case.get("classname", ""), case.get("name", "")))
        m.failed = failed
        real = [t for t in failed if t not in pinned]
        m.verdict = "killed" if real else "pin only" if failed else "survived"
        return m
    except Exception as e:  # the runner's own trouble, told per mutant
        m.verdict, m.failed = "error", [f"{type(e).__name__}: {e}"]
        return m
    finally:
        m.seconds = round(time.monotonic() - start, 1)
        wt.reset()


def _node(tree: Path, classname: str, name: str) -> str:
    """A JUnit test case's pytest node id: ``tests.test_x`` is the file, and
    ``tests.test_x.TestY`` a class in it (``tests/test_x.py::TestY::name``).
    A file that could not be collected comes with no class name and the
    file's dotted name as its name: it is recorded as the file itself."""
    if not classname:
        return name.replace(".", "/") + ".py" if name else "(a failure pytest gave no name)"
    parts = classname.split(".")
    for k in range(len(parts), 0, -1):
        if (tree / Path(*parts[:k])).with_suffix(".py").is_file():
            return "::".join(["/".join(parts[:k]) + ".py", *parts[k:], name])
    return f"{classname.replace('.', '/')}.py::{name}"


def idle_tests(records: list[dict]) -> dict[str, list[str]]:
    """The check of deliverable 4: the test functions of the fast loop that
    no mutant of ``records`` made fail and that carry no ``exists_for``
    marker (the reason a test is kept though no catalogue mutant is meant to
    fail it), by file. A parametrized test counts once, by its function."""
    def function(node: str) -> str:
        return node.split("[", 1)[0]
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                        "-m", "not slow and not exists_for"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    wanted = {function(ln.strip()) for ln in r.stdout.splitlines() if "::" in ln}
    killing = {function(t) for m in records if m.get("verdict") in ("killed", "pin only") for t in m["failed"]}
    out: dict[str, list[str]] = {}
    for t in sorted(wanted - killing):
        f, name = t.split("::", 1)
        out.setdefault(f, []).append(name)
    return out


def print_idle(records: list[dict]) -> int:
    idle = idle_tests(records)
    n = sum(map(len, idle.values()))
    print(f"\n{n} test function(s) of the fast loop failed under no mutant and carry no exists_for marker:")
    for f, names in idle.items():
        print(f"  {f} ({len(names)}): {', '.join(names)}")
    return n


def port(ms: list[Mutant], base: str) -> int:
    """Rewrite each patch from its anchored application: fresh line numbers
    and context (the catalogue's header lines kept). A patch that no longer
    applies is named and left as it is."""
    wt = Worktree(base)
    changed = broken = 0
    try:
        for m in ms:
            try:
                anchor.apply(m.path, wt.tree)
            except anchor.DoesNotApply as e:
                broken += 1
                print(f"{m.id}: does not apply: {e}")
                continue
            finally:
                diff = wt.git("diff").stdout
                wt.reset()
            text = m.path.read_text()
            fresh = anchor.header(text) + diff
            if fresh != text and diff:
                m.path.write_text(fresh)
                changed += 1
    finally:
        wt.close()
    print(f"{changed} patch(es) rewritten, {len(ms) - changed - broken} already current, {broken} to port by hand")
    return 1 if broken else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.mutants", description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (each in its own worktree)")
    ap.add_argument("--only", choices=sorted(AREAS), help="only the mutants of this area")
    ap.add_argument("--id", nargs="*", default=None, help="only these mutants")
    ap.add_argument("--json", default=None, help="write every mutant's verdict and failed tests to this file")
    ap.add_argument("--all-tests", action="store_true",
                    help="run the whole fast loop for each mutant, not its area's tests (to see what kills it)")
    ap.add_argument("--tests-from", metavar="NODES", default=None,
                    help="run each mutant against the test node ids of this file (one a line), not its area's: "
                         "which mutants catch a test that kills nothing")
    ap.add_argument("--idle", metavar="RECORD", default=None,
                    help="list the fast loop's test functions that failed under no mutant of this record (a --json "
                         "file) and carry no exists_for marker, then stop")
    ap.add_argument("--port", action="store_true",
                    help="rewrite each patch from its anchored application to the code checked out (fresh line "
                         "numbers and context), then stop")
    a = ap.parse_args(argv)
    if a.idle:
        print_idle(json.loads(Path(a.idle).read_text()))
        return 0
    ms = [m for m in catalogue() if (a.only is None or m.area == a.only) and (not a.id or m.id in a.id)]
    if not ms:
        print("no mutant matches", file=sys.stderr)
        return 2
    order = {k: i for i, k in enumerate(SLOWEST_FIRST)}
    run_order = sorted(ms, key=lambda m: order.get(m.area, len(order)))  # reported in the catalogue's order
    base = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    if a.port:
        return port(ms, base)
    pinned = pins(ROOT)
    nodes = None
    if a.tests_from:
        nodes = [ln.strip() for ln in Path(a.tests_from).read_text().splitlines() if ln.strip()]
    t0 = time.monotonic()
    free: queue.Queue[Worktree] = queue.Queue()
    trees = [Worktree(base) for _ in range(max(1, a.jobs))]
    for wt in trees:
        free.put(wt)

    def run(m: Mutant) -> Mutant:
        wt = free.get()
        try:
            return run_one(m, pinned, wt, a.all_tests, nodes)
        finally:
            free.put(wt)
    try:
        with ThreadPoolExecutor(max(1, a.jobs)) as pool:
            for m in pool.map(run, run_order):
                # every failure when looking for what chosen tests catch; the first one otherwise
                shown = (" ".join(m.failed) if nodes is not None else m.failed[0]) if m.failed else ""
                print(f"{m.verdict:15} {m.id:6} {m.area:12} {m.seconds:6.1f} s  {m.mistake}"
                      + (f"  [{len(m.failed)} failed: {shown}]" if m.verdict == "killed" else
                         f"  [{'; '.join(m.failed)}]" if m.failed else ""), flush=True)
    finally:
        for wt in trees:
            wt.close()
    took = time.monotonic() - t0
    killed = sum(m.verdict == "killed" for m in ms)
    by_area: dict[str, list[int]] = {}
    for m in ms:
        row = by_area.setdefault(m.area, [0, 0])
        row[0] += 1
        row[1] += m.verdict == "killed"
    print("\n| area | mutants | killed |\n|---|---|---|")
    for k, (n, kk) in sorted(by_area.items()):
        print(f"| {k} | {n} | {kk} |")
    print(f"\n{killed} of {len(ms)} killed ({100 * killed / len(ms):.0f}%) in {took / 60:.1f} min "
          f"with {a.jobs} job(s); survivors: {', '.join(m.id for m in ms if m.verdict != 'killed') or 'none'}")
    records = [{"id": m.id, "area": m.area, "mistake": m.mistake, "verdict": m.verdict, "failed": m.failed,
                "seconds": m.seconds} for m in ms]
    if a.json:
        Path(a.json).write_text(json.dumps(records, indent=1))
    if a.only is None and not a.id and nodes is None:  # the whole catalogue: which tests killed nothing (listed, not failed on)
        print_idle(records)
    broken = [m.id for m in ms if m.verdict in ("does not apply", "error")]
    if broken:  # a refactor ports its mutants: one that no longer applies fails the catalogue outright
        for m in ms:  # the reasons again at the end, where a cut log still shows them
            if m.verdict in ("does not apply", "error"):
                print(f"  {m.id}: {m.verdict}: {'; '.join(m.failed)}")
        print(f"the catalogue is broken: {', '.join(broken)} did not run (see above); port them to the code")
        return 1
    return 0 if killed / len(ms) >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
