"""Every change is an event with a known rule id and its cause."""
from __future__ import annotations

import dataclasses
import json

import pytest

from engine.bots import RandomBot
from engine.events import PAYLOADS, Kind, Payload
from engine.game import Game
from engine.rule_ids import RULES


def test_every_event_names_a_known_rule():
    kinds = set()
    for variant, players, decks in (("solo", 1, ("fluxx5", "creeper-pack")), ("standard", 3, ("fluxx5", "creeper-pack"))):
        for seed in range(40):
            g = Game.new(decks, players, variant, seed)
            events = list(g.log)
            bot = RandomBot(seed)
            while not g.over and g.turn < 150:
                events += g.push(bot.choose(g))
            for e in events:
                assert e.rule in RULES, e
                assert type(e.data) is PAYLOADS[e.kind], e  # the kind's own payload type
                kinds.add(e.kind)
    assert {"deal", "draw", "play", "turn_start", "turn_end", "keeper", "rule", "goal", "game_over"} <= kinds


def test_cause_is_the_card_being_played():
    g = Game.blank(("fluxx5",), 2)
    db = g.db
    g.hands[0] = [db.find("Jackpot!")]
    g.draw = [db.find(n) for n in ("Love", "Peace", "Milk", "Cookies")]
    g.phase, g.drawn, g.turn = "play", 1, 1
    g.begin("play")
    events = g.push(("play", db.find("Jackpot!")))
    draws = [e for e in events if e.kind == "draw" and e.rule == "action.effect"]
    assert len(draws) == 3 and all(e.cause == db.find("Jackpot!") for e in draws)


def _logged_games(tables, seeds):
    for variant, players, decks in tables:
        for seed in seeds:
            g = Game.new(decks, players, variant, seed)
            answers = [list(g.log)]
            bot = RandomBot(seed)
            while not g.over and g.turn < 150:
                answers.append(g.push(bot.choose(g)))
            yield g, answers


TABLES = (("solo", 1, ("fluxx5", "creeper-pack")), ("standard", 3, ("fluxx5", "creeper-pack")),
          ("standard", 2, ("voyager",)), ("solo", 1, ("voyager",)))


def test_a_payload_is_frozen_and_its_fields_are_typed_names():
    """A payload cannot be changed once made, and a field it does not have is
    refused when it is made (a typo in a mechanism fails at once, in any test with a log)."""
    from engine.events import PlaysLeft, TurnStart, payload
    p = TurnStart(turn=3, extra=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.turn = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        payload(Kind.TURN_START, {"turn": 3, "extra": False, "turns": 4})
    # a field that does not apply is None, and reads as absent
    q = PlaysLeft(left=1, played=1, rule_card=-1)
    assert "terms" not in q and q.get("terms", "absent") == "absent" and dict(q.items()) == {
        "left": 1, "played": 1, "rule_card": -1}
    assert q == {"left": 1, "played": 1, "rule_card": -1} and q != {"left": 1} and q.values() == [1, 1, -1]


def test_no_event_is_edited_after_it_is_emitted():
    """Each answer's events, copied deep as they were emitted (the recorder
    snapshots each one as it is appended), are the same when the answer is
    told: nothing reaches back into the log (a play's plays left are their own event)."""
    from engine.tell import Recorder

    class Watching(Recorder):
        __slots__ = ("emitted",)

        def ev(self, kind, rule, player=-1, card=-1, **data):
            super().ev(kind, rule, player, card, **data)
            self.emitted.append(repr(self.events[-1]))

        def answer(self):
            super().answer()
            self.emitted = []

    n = 0
    for variant, players, decks in TABLES:
        for seed in range(8):
            g = Game.new(decks, players, variant, seed)
            w = Watching(g)
            w.emitted = []
            g.sink, g.ev = w, w.ev
            bot = RandomBot(seed)
            while not g.over and g.turn < 150:
                events = g.push(bot.choose(g))
                assert [repr(e) for e in events] == w.emitted
                n += len(events)
    assert n > 5000


def test_the_kind_strings_are_the_ones_the_json_contract_prints():
    """``replay --explain --json`` prints each event's kind (../shared/CLI.md):
    the enum's values are the strings, and they print as the strings."""
    assert {k.value for k in Kind} <= set(PAYLOADS)
    assert json.dumps({"event": Kind.TURN_END}) == '{"event": "turn_end"}' and f"{Kind.PLAY}" == "play"
    assert Kind.PLAYS_LEFT == "plays_left"
    seen = set()
    for _, answers in _logged_games(TABLES, range(10)):
        for events in answers:
            seen |= {e.kind for e in events}
    assert all(isinstance(k, str) and k in PAYLOADS for k in seen)
    assert len(seen) >= 35, sorted(seen)


def test_every_payload_type_names_its_fields_and_card_fields_are_card_ids():
    """Each payload type's fields are typed; every field that names a card is a CardId
    (the tutor names it without a list of keys)."""
    from engine.events import card_fields
    for kind, cls in PAYLOADS.items():
        assert issubclass(cls, Payload) and dataclasses.is_dataclass(cls), kind
        hints = {f.name: str(f.type) for f in dataclasses.fields(cls)}
        assert set(cls.names) == set(hints), kind
        for name in card_fields(cls):
            assert "CardId" in hints[name], (kind, name)
    from engine.events import DiscardTable, GameOver, TurnEnd
    assert card_fields(DiscardTable) == ("goal", "limit_card", "along", "target", "keeper")
    assert card_fields(TurnEnd) == ("rule_card", "gone") and "loop_card" in card_fields(GameOver)


def test_the_game_keeps_no_field_for_the_tutor_and_a_game_without_a_log_tells_nothing():
    """The tutor's memory (the counted play waiting for its plays left, the
    draw last told, the Play rule that left, the free action at work, the
    near misses told) is the recorder's, beside the log: a Game has no field
    of it, and a game that keeps no log has the no-op sink all game long."""
    from engine.tell import NOBODY, Recorder
    for gone in ("_near", "_tell_left", "_tell_at", "_told_draw", "_play_gone", "_acting"):
        assert gone not in Game.__slots__
    g = Game.new(("fluxx5", "creeper-pack"), 3, "standard", 4, record=False)
    bot = RandomBot(4)
    while not g.over and g.turn < 100:
        assert g.push(bot.choose(g)) == [] and g.sink is NOBODY and g.log is None
        assert g.copy().sink is NOBODY
    logged = Game.new(("fluxx5",), 2, "standard", 4)
    assert isinstance(logged.sink, Recorder) and logged.log
    c = logged.copy(record=True)
    assert isinstance(c.sink, Recorder) and c.sink is not logged.sink and c.sink.g is c and c.log == []


def test_the_no_op_sink_does_nothing_at_all():
    """Every method of the no-op sink is a docstring and nothing else (or
    hands back what it was given to keep): no fact is gathered for nobody."""
    import ast
    from pathlib import Path

    import engine.tell
    tree = ast.parse(Path(engine.tell.__file__).read_text())
    sink = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Sink")
    methods = [n for n in sink.body if isinstance(n, ast.FunctionDef)]
    assert len(methods) >= 18
    for m in methods:
        body = [s for s in m.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        assert body == [] or (len(body) == 1 and isinstance(body[0], ast.Return)
                              and isinstance(body[0].value, ast.Name)), m.name


def test_no_mechanism_asks_whether_anybody_listens():
    """The ``if g.log is not None`` branches are gone: a mechanism tells its
    sink, which drops or records (engine/tell.py)."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    for folder in ("engine", "solo/variant"):
        for path in (root / folder).glob("*.py"):
            text = path.read_text()
            assert not re.search(r"\.log is (not )?None|if \w+\.log\b", text), path.name


def test_a_formatter_is_registered_for_its_kinds_payload_only():
    """A formatter names the payload type it reads; registering it for a
    kind that carries another is refused (and mypy checks the function's
    own annotation against the type named)."""
    from engine.events import Rps, TurnEnd
    from tutor.explain import FORMATTERS, formats
    with pytest.raises(TypeError):
        formats(Rps, Kind.TAKE)(lambda g, e, d, f: None)  # (take carries From)
    with pytest.raises(ValueError):
        formats(TurnEnd, Kind.TURN_END)(lambda g, e, d, f: None)
    assert FORMATTERS[Kind.TURN_END].__name__ == "_turn_end"


def test_no_template_types_a_card_name():
    """The tutor's templates say {name}, {its} (the card the event's rule
    stands for), {stopper}, ...: never the name of a card of a shipped deck."""
    import re

    import solo.variant  # noqa: F401  (its templates are registered with the tutor's)
    from engine.cards import card_db
    from tutor.explain import BURSTS, TEMPLATES, UNSEEN, UNSEEN_BURSTS
    names = set()
    for decks in (("fluxx5", "creeper-pack"), ("voyager",)):
        names |= set(card_db(decks).names)
    assert len(names) > 150
    for table in (TEMPLATES, BURSTS, UNSEEN, UNSEEN_BURSTS):
        for key, text in table.items():
            typed = [n for n in names if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text)]
            assert not typed, (key, typed)
