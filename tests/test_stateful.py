"""A hypothesis state machine drives the engine with legal and illegal answers,
checking the invariants after every step, for every deck set, variant and
player count."""
from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.game import Game
from engine.prompts import IllegalAnswer

from .helpers import check_invariants, scaled


class EngineMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32), players=st.integers(1, 6),
                decks=st.sampled_from([("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)]))
    def start(self, seed, players, decks):
        self.g = Game.new(decks, players, "solo" if players == 1 else "standard", seed)

    @precondition(lambda self: not self.g.over and self.g.turn < 150)
    @rule(pick=st.integers(0, 10**6), size=st.integers(0, 10**6))
    def legal(self, pick, size):
        pr = self.g.prompt
        if pr.kind == "turn":
            self.g.push(pr.options[pick % len(pr.options)])
            return
        hi = min(pr.max, len(pr.options))
        k = pr.min + size % (hi - pr.min + 1)
        opts = list(pr.options)
        chosen = tuple(opts.pop((pick + i) % len(opts)) for i in range(k))
        self.g.push(("choose", chosen))

    @precondition(lambda self: not self.g.over)
    @rule(bad=st.sampled_from([("play", -1), ("free", 10**5), ("choose", ("nonsense",)), ("end", 1),
                                ("surprise", 0), (), "x"]))
    def illegal(self, bad):
        before = self.g.to_dict()
        try:
            self.g.push(bad)
        except IllegalAnswer:
            pass
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert self.g.to_dict() == before

    @rule()
    def reload_from_json(self):
        """Carry on from the state's own JSON (as a resumed save does)."""
        import json
        d = self.g.to_dict()
        self.g = Game.from_dict(json.loads(json.dumps(d)))
        assert self.g.to_dict() == d

    @invariant()
    def invariants(self):
        if hasattr(self, "g"):
            check_invariants(self.g)


EngineMachine.TestCase.settings = settings(max_examples=scaled(30), stateful_step_count=50)
TestEngineMachine = EngineMachine.TestCase
