"""Every change is an event with a known rule id and its cause."""
from __future__ import annotations

from engine.bots import RandomBot
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
                assert isinstance(e.data, dict)
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
