"""The engine's layers point one way: no import in ``engine/`` goes round
in a circle (function-level imports included; an ``if TYPE_CHECKING:``
block does not run, so it does not count)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def _imports(path: Path) -> set[str]:
    """The engine modules a file imports, at any depth of its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.level == 1:
                out.update(a.name for a in node.names)
            elif node.level == 0 and node.module and node.module.split(".")[0] == "engine":
                parts = node.module.split(".")
                out.update([parts[1]] if len(parts) > 1 else [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "engine" and len(parts) > 1:
                    out.add(parts[1])
    return out


def import_graph() -> dict[str, set[str]]:
    mods = {p.stem: p for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    return {m: _imports(p) & set(mods) - {m} for m, p in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (as a list of modules, first = last), or []."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        state[m] = 2
        path.pop()
        return []

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return []


def test_no_import_circle_in_the_engine():
    cycle = find_cycle(import_graph())
    assert cycle == [], "import circle: " + " -> ".join(cycle)


DATA_LAYER = {"rng", "cards", "prompts", "effect_specs", "datafile", "statecheck", "registry"}
# the core's own parts: the hook tables, the small named records, the events and their sink,
# the derived numbers, moving cards, the draw rules' memory of positions
CORE_PARTS = {"hooks", "records", "events", "tell", "numbers", "moves", "positions"}


def test_the_core_imports_nothing_above_the_data_layer():
    g = import_graph()
    assert g["game"] <= DATA_LAYER | CORE_PARTS
    assert g["hooks"] == set() and g["records"] == set() and g["numbers"] <= DATA_LAYER | {"hooks"}
    assert g["moves"] <= DATA_LAYER | {"events"}
    # the events are plain data; their sink knows the events and the card data, nothing of the game's mechanisms
    assert g["events"] == set() and g["tell"] <= DATA_LAYER | {"events"}
    # the saved-state check reads the game it is given, never imports it
    assert g["statecheck"] <= DATA_LAYER and g["datafile"] == set()
    assert g["positions"] == set()  # plain values: the state writes its lists without the draw rules


@pytest.mark.exists_for("a self-test of the cycle finder the layer tests rely on, not of the project's code")
def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []
    g = import_graph()
    assert "game" in g["turn"] and "surprises" in g["effects"]  # the walk sees real imports


# The effect library (what cards do) and the deck schema may name effects;
# nothing else in the engine does: the core asks the cards through hooks.
EFFECT_LIBRARY = {"effect_specs", "effects", "modifiers", "powers", "attachments", "deckfile"}


def effect_literals() -> list[str]:
    from engine.effect_specs import EFFECTS
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.stem in EFFECT_LIBRARY:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in EFFECTS:
                out.append(f"{path.name}:{node.lineno} '{node.value}'")
    return out


def test_no_effect_name_outside_the_effect_library():
    assert effect_literals() == []


# The core and the mechanisms every variant shares name no variant: what
# differs between variants goes through the Variant hooks (engine/variants.py).
CORE = ("game", "turn", "goals", "effects", "modifiers", "surprises", "attachments", "powers", "bots", "zones")
VARIANT_WORDS = ("solo",)


def variant_mentions(paths=None) -> list[str]:
    out = []
    for path in paths if paths is not None else [ENGINE / f"{stem}.py" for stem in CORE]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            words = []
            if isinstance(node, ast.Name):
                words.append(node.id)
            elif isinstance(node, ast.Attribute):
                words.append(node.attr)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                words.append(node.name)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                words.append(node.value)
            for w in words:
                if any(v in w.lower() for v in VARIANT_WORDS):
                    out.append(f"{path.name}:{node.lineno} {w!r}")
    return out


def test_no_variant_named_in_the_core():
    assert variant_mentions() == []


def test_the_tutor_names_no_variant_and_solo_registers_its_own_words():
    """Solo's sentences, rule ids and readings live in solo/ and are
    registered with the tutor; the tutor's own modules name no variant."""
    from solo.variant import explain as solo_explain
    from solo.variant import rules as solo_rules
    from tutor.explain import EXPLAINED_KINDS, TEMPLATES, template_for
    from tutor.reference import REFERENCE

    assert variant_mentions(sorted((ENGINE.parent / "tutor").glob("*.py"))) == []
    for key, text in solo_explain.TEMPLATES.items():
        assert TEMPLATES[key] == text and (key if isinstance(key, str) else key[0]) in EXPLAINED_KINDS
    assert set(solo_rules.RULES) | set(solo_rules.READINGS) <= set(REFERENCE)
    assert REFERENCE["solo.flip"].kind == "solo" and REFERENCE["solo.extra-turn"].kind == "reading"
    assert REFERENCE["reading.solo-war"].kind == "reading"
    # a registered sentence is found like the tutor's own: a Solo score and a Solo end
    from engine.events import event
    assert template_for(event("score", "solo.score", 0, 3, score=2)) == solo_explain.TEMPLATES["score"]
    assert template_for(event("game_over", "solo.end", -1, -1, score=4)) == \
        solo_explain.TEMPLATES[("game_over", "+score")]
    # registering never silently replaces a sentence or a rule another part owns
    from tutor.explain import register_templates
    from tutor.reference import register_readings, register_rules
    with pytest.raises(ValueError, match="already has a sentence"):
        register_templates({"score": "Something else."})
    with pytest.raises(ValueError, match="other words"):
        register_rules({"solo.flip": ("Flip", "Somewhere", "Other words.")}, kind="solo")
    with pytest.raises(ValueError, match="other words"):
        register_readings({"reading.solo-war": ("War", "Other words.")})
    register_templates({"score": solo_explain.TEMPLATES["score"]})  # the same words again: a no-op


# The packages, lowest first: each imports only packages before it.
LAYERS = ["engine", "tutor", "scenarios", "solo"]


def package_imports(pkg: str) -> set[str]:
    root = ENGINE.parent / pkg
    out: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                out.update(a.name.split(".")[0] for a in node.names)
    return out & set(LAYERS) - {pkg}


@pytest.mark.parametrize("pkg", LAYERS)
def test_packages_import_only_the_layers_below(pkg):
    below = set(LAYERS[:LAYERS.index(pkg)])
    assert package_imports(pkg) <= below, f"{pkg} imports {sorted(package_imports(pkg) - below)}"


HOOK_TABLES = ("OPS", "ACTIONS", "SELF_FINISHING", "FREE_RULES", "FREE_TABLE", "FREE_USE", "QUIET", "HAND_ONLY",
               "HAND_ONLY_NO_CREEPERS", "ANSWER_FILTERS", "REFUSALS", "AFTER_TASK", "PASSIVE")


def test_every_mechanism_registers_one_way_once():
    """One registration style (issue 40, item 1): a mechanism module ends with
    one ``install(globals(), ...)``; only engine/hooks.py writes the tables."""
    import re
    writes = re.compile(rf"\b({'|'.join(HOOK_TABLES)})(\.(update|add|append|extend)\(|\[[^\]]*\]\s*=[^=])")
    root = Path(__file__).resolve().parents[1]
    mechanisms = [root / "engine" / f"{m}.py" for m in ("turn", "effects", "modifiers", "powers", "surprises",
                                                         "attachments")] + [root / "solo" / "variant" / "__init__.py"]
    for f in list((root / "engine").glob("*.py")) + [root / "solo" / "variant" / "__init__.py"]:
        if f.name == "hooks.py":
            continue
        text = f.read_text()
        assert not writes.search(text), f"{f.name} writes a hook table itself: {writes.search(text).group(0)}"
        assert text.count("install(globals()") == (1 if f in mechanisms else 0), f.name


def test_death_and_war_each_live_in_one_place():
    """Each card's behaviour in one module: Death (its turn-start discard and its
    free action) and War (the passive that notices Peace, and the question who
    gets it) were each split over the effect library's two files."""
    from engine import effects, modifiers
    from engine.hooks import FREE_TABLE, FREE_USE, OPS, PASSIVE
    assert {FREE_TABLE["death"].__module__, FREE_USE["death"].__module__, OPS["ask_death"].__module__,
            OPS["ans_death"].__module__, type(PASSIVE["death"]).__module__} == {modifiers.__name__}
    assert {OPS["ask_war"].__module__, OPS["ans_war"].__module__, type(PASSIVE["war"]).__module__} == \
        {modifiers.__name__}
    text = Path(effects.__file__).read_text().lower()
    assert "death" not in text and "war" not in text.replace("award", "").replace("toward", "").replace("forward", "")


def test_each_effect_is_named_in_one_module_of_the_library():
    """Each card's behaviour in one place: an effect's name appears in one
    module of the effect library (besides the specs and the deck schema that
    declare every name). Malfunction's rule of where it attaches was in
    attachments.py and B'Elanna Torres's repair named it in powers.py; both
    now ask its passive (attaches_to, power_off)."""
    from engine.effect_specs import EFFECTS
    homes: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.stem in ("effect_specs", "deckfile"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in EFFECTS:
                homes.setdefault(node.value, set()).add(path.stem)
    assert {k: sorted(v) for k, v in homes.items() if len(v) > 1} == {}
    assert homes["malfunction"] == {"modifiers"}


# ---------------------------------------------------------------- no card's name in the engine's words
# (issue 63, item 7) A prompt or reason names its cards from the card (``g.name``) and says its numbers
# from their Quantity: a card's name typed into the engine's text would go wrong for a renamed card, a
# deck of another language or a number Inflation changed. Allowed: the rules reference's sources and
# titles (rule_ids.py), the release notes (version.py), docstrings, and the few below, each with why.
NAME_LITERALS_ALLOWED = {
    ("answers.py", "Milk"): "an example of an answer's shape in a refusal of a malformed answer",
    ("surprises.py", "Trade Hands"): "the FAQ question a refusal cites",
}


def _string_literals(path: Path):
    """The string constants of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            yield n.lineno, n.value


def test_no_card_name_is_typed_into_the_engines_words():
    from engine.cards import card_db
    names = set()
    for decks in (("fluxx5", "creeper-pack"), ("voyager",)):
        names |= {c.name for c in card_db(decks).cards}
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in ("rule_ids.py", "version.py"):
            continue
        for line, text in _string_literals(path):
            for name in names:
                if name in text and (path.name, name) not in NAME_LITERALS_ALLOWED:
                    found.append(f"engine/{path.name}:{line} says {name!r}: {text[:70]!r}")
    assert not found, "card names typed into the engine's words (build them from the card):\n" + "\n".join(found)


def test_the_name_scan_finds_a_name_typed_into_a_reason(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('"""Doc naming Inflation."""\nx = f"War: give {y} away"\n')
    assert [t for _, t in _string_literals(p)] == ["War: give ", " away"]
