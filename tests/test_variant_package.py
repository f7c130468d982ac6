"""A variant is one package (issue 40, item 2): the registry finds installed
variants through entry points and others by module name, on demand; a third
variant written only in tests/variants/turn_limit is played from the command
line (sim, scenario, a run file, verify) with no line about it elsewhere; a
game's result is a typed Outcome."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.game import Game
from engine.registry import ENV, GROUP, VariantError, get_variant, load_variant_module, variant_names
from engine.variants import Outcome

from .helpers import run_cli
from .variants.turn_limit import TURN_LIMIT, TurnLimit

ROOT = Path(__file__).resolve().parents[1]
OWN = ROOT / "tests" / "variants" / "turn_limit"
NAME = TurnLimit.name


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, in a fresh process, from the project's folder."""
    e = {k: v for k, v in os.environ.items() if k != ENV}
    e.update(env or {})
    exe = Path(sys.executable).with_name("solo-fluxx")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, cwd=ROOT, env=e)


def _finish(g: Game, seed: int) -> Game:
    bot = RandomBot(seed)
    while not g.over:
        g.push(bot.choose(g))
    return g


@pytest.mark.exists_for("the installed metadata (pyproject's entry point): no mutant of the source changes it")
def test_the_installed_variant_is_found_by_its_entry_point():
    from importlib.metadata import entry_points
    assert {ep.name: ep.value for ep in entry_points(group=GROUP)}.get("solo") == "solo.variant:variant"
    assert type(get_variant("solo")).__name__ == "SoloVariant"


def test_the_tests_variant_is_loaded_by_name_and_listed():
    assert os.environ[ENV] == "tests.variants.turn_limit"  # conftest names it, as a user would
    assert NAME in variant_names() and isinstance(get_variant(NAME), TurnLimit)
    assert load_variant_module("tests.variants.turn_limit:TurnLimit").name == NAME  # a class is made a variant


@pytest.mark.parametrize("spec,words", [
    ("tests.variants.nope", "cannot be imported (No module named 'tests.variants.nope')"),
    ("tests.helpers", "has no 'variant': a variant module defines `variant`, a Variant"),
    ("tests.helpers:run_cli", "is not a Variant (it is function)"),
    (":variant", "no module named"),
])
def test_a_variant_module_that_does_not_load_is_one_sentence(spec, words):
    with pytest.raises(VariantError) as e:
        load_variant_module(spec)
    assert words in str(e.value)


def test_an_unknown_variant_names_the_known_ones_and_the_way_to_add_one():
    with pytest.raises(VariantError) as e:
        get_variant("nope")
    assert str(e.value) == (f"unknown variant 'nope' (known: solo, standard, {NAME}; install its package, "
                            f"or name its module in {ENV})")


def test_the_scenario_runner_runs_a_solo_scenario_with_nothing_else_imported():
    """No test setup hides it: a bare process that imports only the runner
    runs a Solo scenario; Solo is loaded when the scenario asks for it."""
    probe = ("import glob, sys\nfrom scenarios.runner import run_paths\nassert 'solo' not in sys.modules\n"
             "print(run_paths(sorted(glob.glob('tests/scenarios/solo-*.toml')), echo=lambda s: None))\n"
             "print('solo' in sys.modules)\n")
    e = {k: v for k, v in os.environ.items() if k != ENV}
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, cwd=ROOT, env=e)
    assert r.returncode == 0, r.stderr
    passed, failed = eval(r.stdout.splitlines()[0])
    assert passed >= 20 and failed == 0 and r.stdout.splitlines()[1] == "True"


def test_the_third_variant_plays_from_the_command_line(tmp_path):
    env = {ENV: "tests.variants.turn_limit"}
    r = _cli("scenario", str(OWN / "scenarios"), env=env)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "1 passed, 0 failed", r.stdout + r.stderr
    runs = tmp_path / "runs"
    r = _cli("sim", "--variant", NAME, "--players", "3", "--games", "12", "--save-runs", str(runs), "--json",
             "--jobs", "1", env=env)
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert (res["variant"], res["players"], res["games"], res["errors"]) == (NAME, 3, 12, 0)
    files = sorted(runs.glob("*.json"))
    assert len(files) == 12
    for f in files[:4]:
        run = json.loads(f.read_text())
        assert run["variant"] == NAME and run["players"] == 3
        r = _cli("verify", str(f), env=env)
        assert r.returncode == 0 and "verified (" in r.stdout, r.stdout + r.stderr
        g = Game.new(tuple(run["decks"]), 3, NAME, run["seed"])
        from engine.runfile import load_run, replay
        g = replay(load_run(f), record=False)
        assert r.stdout.strip().endswith(f"verified ({g.variant.outcome(g).words()})")
    # a changed result is caught, and without the variant named the run is refused in a sentence
    run = json.loads(files[0].read_text())
    run["winner"] = 2 if run.get("winner") != 2 else 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(run))
    r = _cli("verify", str(bad), env=env)
    assert r.returncode == 1 and "the recorded winner is" in r.stdout
    r = _cli("verify", str(files[0]))
    assert r.returncode == 1 and f"unknown variant '{NAME}'" in r.stderr and ENV in r.stderr


def test_the_third_variant_is_refused_at_the_wrong_seats_and_a_broken_name_is_a_sentence():
    r = run_cli("sim", "--variant", NAME, "--players", "5", "--games", "1")
    assert r.returncode == 2 and r.stderr.strip() == f"solo-fluxx sim: the {NAME} game takes 2 to 4 players, not 5"
    r = _cli("sim", "--games", "1", env={ENV: "tests.variants.nope"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"solo-fluxx: {ENV} names 'tests.variants.nope', which cannot be imported")


def test_no_line_outside_its_folder_names_the_third_variant():
    names = ("turn_limit", "turn-limit", TURN_LIMIT)
    for part in ("engine", "solo", "tutor", "scenarios", "decks"):
        for f in (ROOT / part).rglob("*.py"):
            text = f.read_text()
            assert not any(n in text for n in names if n != "turn_limit" or "tests.variants" not in text), f
    assert "turn_limit" not in (ROOT / "pyproject.toml").read_text()


@pytest.mark.parametrize("variant,players", [("standard", 3), ("solo", 1), (NAME, 2)])
def test_every_variant_reports_a_typed_outcome(variant, players):
    for seed in range(6):
        g = _finish(Game.new(("fluxx5",), players, variant, seed), seed)
        o = g.variant.outcome(g)
        assert isinstance(o, Outcome) and o.termination == g.end
        if get_variant(variant).scores:
            assert (o.score, o.winner, o.draw_reason) == (len(g.scored), None, None)
            assert o.words() == f"score {len(g.scored)}" and o.fields() == {"score": len(g.scored), "winner": None}
        elif g.winner >= 0:
            assert (o.winner, o.score, o.draw_reason) == (g.winner, None, None) and o.words() == f"winner p{g.winner}"
            assert o.fields() == {"score": None, "winner": g.winner, "end": g.end}
        else:
            assert (o.winner, o.draw_reason) == (None, g.end) and o.words() == f"a draw, {g.end}"
            assert o.fields() == {"score": None, "winner": -1, "end": g.end}
    going = Game.new(("fluxx5",), players, variant, 1)
    assert going.variant.outcome(going).termination is None


@pytest.mark.app
@pytest.mark.exists_for("the third variant through the app (issue 40's one-package test): the catalogue's slot and seat mutants are caught by the Solo and standard games' own tests first")
async def test_the_app_plays_the_third_variant_in_a_slot_of_its_own(tmp_path):
    """`play --variant NAME` of a variant with seats: the app deals that
    variant against bots, in the slot named as the variant (it abandons no
    Solo or standard game), the menu offers to resume it by its title, and
    its end goes to the history under its name."""
    from solo.app.screens import EndScreen, GameScreen, MenuScreen
    from solo.store import Store, is_slot, slot_words
    from solo.store.seats import new_seats

    from .helpers import first_choice_keys, make_app, screen_lines, until
    assert is_slot(NAME) and slot_words(NAME) == f"the {TurnLimit.title} game"
    store = Store(tmp_path / "s.sqlite3")
    store.set_pref("bot_pace", "instant")
    store.set_pref("lessons_offered", True)
    app = make_app(store, new=(5, ["fluxx5"]), seats=new_seats(2, "greedy"), variant=NAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.g.variant_name == NAME and scr.slot == NAME
        assert scr.g.nplayers == 3 and scr.seats == ["human", "greedy", "greedy"]
        assert sorted(store.in_progress()) == [NAME]
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen.query_one("#menu")
        ids = [o.id for o in menu.options]
        line = str(menu.options[ids.index(f"resume:{NAME}")].prompt)
        assert line.startswith(f"Resume {TurnLimit.title}, you and 2 greedy bots (turn "), line
        assert "Resume" in "\n".join(screen_lines(app))
        menu.highlighted = ids.index(f"resume:{NAME}")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        scr = app.screen
        assert scr.g.variant_name == NAME and scr.slot == NAME
        for _ in range(3000):  # your answers by the keyboard (the first option), the bots' at once
            if isinstance(app.screen, EndScreen):
                break
            s = app.screen
            if isinstance(s, GameScreen) and s.g.prompt is not None and s.yours(s.g.prompt):
                await pilot.press("1")
            elif hasattr(s, "pr"):  # a question's dialog
                await first_choice_keys(pilot, s)
            await pilot.pause(0.01)
        assert isinstance(app.screen, EndScreen), "the turn-limited game did not end"
        g = app.screen.g
        assert g.over and g.turn <= TurnLimit.last_turn + 3
    runs = store.runs(finished_only=True)
    assert [r["variant"] for r in runs] == [NAME] and runs[0]["players"] == 3
    assert NAME not in store.in_progress()


@pytest.mark.exists_for("play --variant's seat check for a variant of the tests' own, in a subprocess; the standard game's seat mutants are caught by the command-line contract's tests")
def test_play_takes_the_third_variants_seats_and_refuses_a_wrong_count():
    """play --variant checks the seats against the variant's own (2 to 4 here)."""
    r = _cli("play", "--variant", NAME, "--players", "5", env={ENV: "tests.variants.turn_limit"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{TurnLimit.title} takes 2 to 4 players (you and 1 to 3 bots), not 5" in r.stderr


class _Shaped:
    """A Variant by its shape (a name and a setup), as the registry tells one."""

    def __init__(self, name: str = "alpha"):
        self.name = name

    def setup(self, *args):
        return None


class _ShapedClass(_Shaped):
    name = "beta"

    def __init__(self):
        pass


class _EntryPoint:
    def __init__(self, name, value, obj=None, fails=None):
        self.name, self.value, self.obj, self.fails, self.loaded = name, value, obj, fails, 0

    def load(self):
        self.loaded += 1
        if self.fails:
            raise self.fails
        return self.obj


def _installed(monkeypatch, *eps, reads: list[str] | None = None):
    """The registry with nothing read yet but the standard game, over these
    entry points (``reads``: a list each reading of them is noted in)."""
    import importlib.metadata

    from engine import registry
    monkeypatch.setattr(registry, "VARIANTS", {"standard": registry.VARIANTS["standard"]})
    monkeypatch.setattr(registry, "_installed_read", False)

    def entry_points(group):
        assert group == "solo_fluxx.variants"
        if reads is not None:
            reads.append(group)
        return list(eps)
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return registry


def test_installed_variants_are_read_from_their_entry_points(monkeypatch):
    std = _EntryPoint("standard", "x:y", obj=None)  # already there: not loaded again
    alpha = _EntryPoint("alpha", "pkg.alpha:variant", obj=_Shaped("alpha"))
    beta = _EntryPoint("beta", "pkg.beta:Beta", obj=_ShapedClass)  # a class: one is made
    registry = _installed(monkeypatch, std, alpha, beta)
    registry._read_installed("beta")  # only the one asked for
    assert (std.loaded, alpha.loaded, beta.loaded) == (0, 0, 1) and registry._installed_read is False
    assert isinstance(registry.VARIANTS["beta"], _ShapedClass) and "alpha" not in registry.VARIANTS
    registry._read_installed()
    assert (std.loaded, alpha.loaded, beta.loaded) == (0, 1, 1) and registry._installed_read is True
    assert registry.VARIANTS["alpha"] is alpha.obj and sorted(registry.VARIANTS) == ["alpha", "beta", "standard"]


def test_the_list_of_variants_reads_the_installed_ones_first(monkeypatch):
    registry = _installed(monkeypatch, _EntryPoint("alpha", "pkg.alpha:variant", obj=_Shaped("alpha")))
    assert "alpha" in registry.variant_names() and registry._installed_read is True


def test_a_variant_asked_for_is_read_from_its_own_entry_point_once_and_only_then(monkeypatch):
    alpha = _EntryPoint("alpha", "pkg.alpha:variant", obj=_Shaped("alpha"))
    gamma = _EntryPoint("gamma", "pkg.gamma:variant", obj=_Shaped("gamma"))
    read: list[str] = []
    registry = _installed(monkeypatch, alpha, gamma, reads=read)
    assert registry.get_variant("gamma") is gamma.obj  # not registered yet: read from its entry point
    assert (alpha.loaded, gamma.loaded, len(read)) == (0, 1, 1)  # that one only
    assert registry.get_variant("gamma") is gamma.obj and registry.get_variant("standard") is registry.VARIANTS[
        "standard"]
    assert (gamma.loaded, len(read)) == (1, 1)  # registered: the entry points are not read again


@pytest.mark.parametrize("ep, words", [
    (_EntryPoint("gamma", "pkg.gamma:variant", fails=ImportError("no module named pkg")),
     "the installed variant 'gamma' (pkg.gamma:variant) failed to load (ImportError: no module named pkg); "
     "reinstall it"),
    (_EntryPoint("delta", "pkg:delta", obj=_Shaped("other")),
     "the installed variant 'delta' (pkg:delta) is a variant named 'other'; the entry point's name must match"),
    (_EntryPoint("eps", "pkg:eps", obj=5),
     "the installed variant 'eps' (pkg:eps) is not a Variant (it is int); point it at a Variant subclass or "
     "instance"),
])
def test_an_installed_variant_that_does_not_load_is_one_sentence(monkeypatch, ep, words):
    registry = _installed(monkeypatch, ep)
    with pytest.raises(VariantError) as e:
        registry._read_installed()
    assert str(e.value) == words and ep.name not in registry.VARIANTS


@pytest.mark.parametrize("obj, kind", [
    (type("NoSetup", (), {"name": "x"}), "type"),     # a class without setup: not made, refused
    (type("Named", (), {"name": 3, "setup": lambda self: None})(), "Named"),  # a name that is not a string
    (type("Unset", (), {"name": "x", "setup": None})(), "Unset"),             # a setup that cannot be called
    (type("NoSetupThing", (), {"name": "x"})(), "NoSetupThing"),              # no setup at all
])
def test_only_a_named_thing_that_sets_up_is_a_variant(obj, kind):
    from engine.registry import _as_variant
    with pytest.raises(VariantError) as e:
        _as_variant(obj, "here")
    assert str(e.value) == f"here is not a Variant (it is {kind}); point it at a Variant subclass or instance"
    assert _as_variant(_ShapedClass, "here").name == "beta" and isinstance(_as_variant(_ShapedClass, "x"), _ShapedClass)


def test_a_variant_module_in_the_current_folder_is_found_as_python_m_would(monkeypatch, tmp_path):
    """Not on the Python path, but in the current folder: imported from
    there, and the path is left as it was. A module that fails on its own
    import, or misses a module it needs, is one sentence, never retried."""
    import sys
    mod = f"variant_here_{os.getpid()}"
    (tmp_path / f"{mod}.py").write_text("from tests.test_variant_package import _Shaped\nvariant = _Shaped('here')\n")
    (tmp_path / f"{mod}_bad.py").write_text("raise ValueError('broken on purpose')\n")
    (tmp_path / f"{mod}_dep.py").write_text("import no_such_dependency_at_all\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path), ".")])
    from engine import registry
    monkeypatch.setattr(registry, "VARIANTS", dict(registry.VARIANTS))
    before = list(sys.path)
    assert load_variant_module(mod).name == "here" and registry.VARIANTS["here"].name == "here"
    assert sys.path == before
    with pytest.raises(VariantError) as e:
        load_variant_module(f"{mod}_bad")
    assert str(e.value) == f"the variant module '{mod}_bad' failed to import (ValueError: broken on purpose)"
    with pytest.raises(VariantError) as e:
        load_variant_module(f"{mod}_dep", "SOLO_FLUXX_VARIANTS names it, which")
    assert str(e.value) == ("SOLO_FLUXX_VARIANTS names it, which cannot be imported (No module named "
                            "'no_such_dependency_at_all'); check the name and the Python path")
    with pytest.raises(VariantError) as e:
        load_variant_module("nowhere_at_all_x")
    assert str(e.value) == ("the variant module 'nowhere_at_all_x' cannot be imported (No module named "
                            "'nowhere_at_all_x'); check the name and the Python path")
    assert sys.path == before
    monkeypatch.setattr(sys, "path", [*before, str(tmp_path)])  # the folder already on the path: no retry
    with pytest.raises(VariantError, match="cannot be imported"):
        load_variant_module("nowhere_at_all_y")
    assert sys.path == [*before, str(tmp_path)]
    for m in (mod, f"{mod}_bad", f"{mod}_dep"):
        sys.modules.pop(m, None)


def test_the_named_variants_are_read_once_for_each_value(monkeypatch):
    from engine import registry
    loaded = []
    monkeypatch.setattr(registry, "load_variant_module", lambda spec, where: loaded.append((spec, where)))
    monkeypatch.setattr(registry, "_named_read", None)
    monkeypatch.setenv(ENV, "a.b, ,  c:d")
    registry._read_named()
    assert loaded == [("a.b", f"{ENV} names 'a.b', which"), ("  c:d", f"{ENV} names 'c:d', which")]
    registry._read_named()  # the same value: not read again
    assert len(loaded) == 2 and registry._named_read == "a.b, ,  c:d"
    monkeypatch.delenv(ENV)
    registry._read_named()  # none named
    assert len(loaded) == 2 and registry._named_read == ""


def test_a_variant_module_on_the_path_that_fails_is_one_sentence_and_the_path_is_kept(monkeypatch, tmp_path):
    """Importable at once (its folder is on the path): its own error is told
    as such; a ModuleNotFoundError of its own with no module name is told,
    not retried; and the path keeps its order even when the current folder
    is on it first."""
    import sys
    mod = f"variant_on_path_{os.getpid()}"
    (tmp_path / f"{mod}_bad.py").write_text("raise ValueError('broken on purpose')\n")
    (tmp_path / f"{mod}_anon.py").write_text("raise ModuleNotFoundError('a module it wanted is gone')\n")
    monkeypatch.chdir(tmp_path)
    path = [str(tmp_path), *[p for p in sys.path if p not in ("", str(tmp_path), ".")]]
    monkeypatch.setattr(sys, "path", list(path))
    with pytest.raises(VariantError) as e:
        load_variant_module(f"{mod}_bad")
    assert str(e.value) == f"the variant module '{mod}_bad' failed to import (ValueError: broken on purpose)"
    with pytest.raises(VariantError) as e:
        load_variant_module(f"{mod}_anon")
    assert str(e.value) == (f"the variant module '{mod}_anon' cannot be imported (a module it wanted is gone); "
                            "check the name and the Python path")
    with pytest.raises(VariantError, match="cannot be imported"):
        load_variant_module("nowhere_at_all_z")
    assert sys.path == path
    with pytest.raises(VariantError) as e:
        load_variant_module("tests.helpers:run_cli")
    assert str(e.value) == ("the variant module 'tests.helpers:run_cli' is not a Variant (it is function); "
                            "point it at a Variant subclass or instance")
    for m in (f"{mod}_bad", f"{mod}_anon"):
        sys.modules.pop(m, None)
