"""The tables the engine fills while its modules are imported (task
handlers, Actions, effect specs, variants), built again inside a test, so
that a bug in how they are filled fails here and not only as a confusing
error far away."""
from __future__ import annotations

import runpy

import engine.effect_specs as specs
from engine import variants
from engine.hooks import ACTIONS, OPS, register


def test_register_takes_only_the_functions_with_the_prefix_and_drops_it():
    def op_alpha():
        return 1

    def act_beta():
        return 2

    table: dict = {"kept": "as it was"}
    register(table, {"op_alpha": op_alpha, "act_beta": act_beta, "op_gamma": 3, "opx": op_alpha}, "op_")
    assert table == {"kept": "as it was", "alpha": op_alpha}


def test_the_engine_tables_hold_the_rules_functions_under_their_short_names():
    assert OPS["start_turn"].__name__.endswith("op_start_turn")
    assert OPS["settle_chain"].__name__.endswith("op_settle_chain")
    assert ACTIONS["trade_hands"].__name__.endswith("act_trade_hands")
    assert not any(k.startswith(("op_", "act_")) for k in list(OPS) + list(ACTIONS))


def test_the_effect_specs_build_again_the_same():
    again = runpy.run_path(specs.__file__)["EFFECTS"]
    assert again == specs.EFFECTS
    types, params = specs.EFFECTS["party_bonus"]
    assert types == frozenset({"rule"})
    assert params == {"draw": specs.INT, "play": specs.INT, "keeper": specs.CARD}


def test_a_registered_variant_is_found_by_name_and_listed():
    class Mini(variants.Variant):
        name = "mini-test"

    saved = dict(variants._VARIANTS)
    try:
        variants.register_variant(Mini())
        assert isinstance(variants.get_variant("mini-test"), Mini)
        assert "mini-test" in variants.variant_names()
    finally:
        variants._VARIANTS.clear()
        variants._VARIANTS.update(saved)
    assert "mini-test" not in variants.variant_names()
