"""engine/hooks.py: one registration call puts a mechanism's tasks, Actions
and table entries into the core's registries; a Passive that declares
nothing is neutral in every hook."""
from __future__ import annotations

import pytest

from engine import hooks
from engine.game import Game

TABLES = ("OPS", "ACTIONS", "PASSIVE", "FREE_RULES", "FREE_TABLE", "FREE_USE", "ANSWER_FILTERS", "REFUSALS",
          "AFTER_TASK", "QUIET", "HAND_ONLY", "HAND_ONLY_NO_CREEPERS", "SELF_FINISHING", "TURN")


@pytest.fixture
def empty(monkeypatch):
    """Every registry empty, for this test only (the real ones come back after)."""
    for name in TABLES:
        monkeypatch.setattr(hooks, name, type(getattr(hooks, name))())


def test_install_registers_a_mechanism_under_each_tables_name(empty):
    def op_shuffle(g, t):
        return None

    def act_peek(g, p, c):
        return None

    def helper():
        return None
    passive, turn = hooks.Passive(), hooks.Turn()
    rule_free, table_free, use_free = (lambda g, p, c: True), (lambda g, p, c: False), (lambda g, p, c: None)
    filt, refuse = (lambda g, a: a), (lambda g, q, a: "no")
    after = ((lambda db: True, lambda g: False),)
    hooks.install({"op_shuffle": op_shuffle, "act_peek": act_peek, "helper": helper, "op_not_callable": 3},
                  passives={"inflation": passive}, free_rules={"r": rule_free}, free_table={"t": table_free},
                  free_use={"u": use_free}, answer_filters={"f": filt}, refusals={"x": refuse}, after_task=after,
                  quiet=("q",), hand_only=("h",), hand_only_no_creepers=("hc",), self_finishing=("s",), turn=turn)
    assert hooks.OPS == {"shuffle": op_shuffle} and hooks.ACTIONS == {"peek": act_peek}
    assert hooks.PASSIVE == {"inflation": passive} and hooks.FREE_RULES == {"r": rule_free}
    assert hooks.FREE_TABLE == {"t": table_free} and hooks.FREE_USE == {"u": use_free}
    assert hooks.ANSWER_FILTERS == {"f": filt} and hooks.REFUSALS == {"x": refuse}
    assert hooks.AFTER_TASK == list(after) and hooks.QUIET == {"q"} and hooks.HAND_ONLY == {"h"}
    assert hooks.HAND_ONLY_NO_CREEPERS == {"hc"} and hooks.SELF_FINISHING == {"s"} and hooks.TURN == [turn]
    # a second mechanism adds to the tables; with no turn of its own the installed one stays
    hooks.install({"act_draw": act_peek}, passives={"other": passive})
    assert hooks.ACTIONS == {"peek": act_peek, "draw": act_peek} and set(hooks.PASSIVE) == {"inflation", "other"}
    assert hooks.TURN == [turn] and hooks.FREE_RULES == {"r": rule_free}


def test_a_passive_that_declares_nothing_is_neutral():
    g = Game.new(("fluxx5",), 2, "standard", 1)
    n = hooks.NEUTRAL
    c = g.hands[0][0]
    assert (n.draw_bonus(g, 0, c), n.play_bonus(g, 0, c), n.play_number(g, c), n.draw_adjust(g, 0, c, 4)) == (0, 0, 0, 4)
    assert (n.excuses(g, c, c), n.blocks(g, c, c, 0), n.stands_in(g, 0, c, c), n.settle(g, 0, c)) == (False,) * 4
    assert n.attaches_to(g, c) is True and n.idle_why(g, c) == ""
    assert (n.numeral, n.goal_room, n.random_first, n.power_off, n.needs_others, n.by_numeral) == (0, 1, False, False,
                                                                                                 False, False)
    with pytest.raises(NotImplementedError) as e:
        n.plays_left(g, 0, c, 0)
    assert str(e.value) == f"{g.name(c)} is in the Play slot but is no Play rule"
