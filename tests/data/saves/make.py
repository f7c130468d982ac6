"""tests/data/saves/make.py OUT: run inside a checkout of the commit that introduced a
schema (``PYTHONPATH=. python make.py schema-N.sqlite3``) to write that schema's fixture:
a save database with a Solo game in progress (and, where the schema has slots, a standard
game against bots in progress) and one finished Solo game (tests/test_old_saves.py)."""
import inspect
import json
import sys
from pathlib import Path

import solo  # noqa: F401  (the old code registers Solo on import)
from engine.bots import RandomBot
from engine.game import Game

try:
    from engine.runfile import answer_to_json
except ImportError:
    from engine.answers import to_json as answer_to_json
from solo.store import Store

out = Path(sys.argv[1])
s = Store(out)
slots = "slot" in inspect.signature(s.save).parameters

def play(slot, g, n, **kw):
    if hasattr(s, "claim"):
        s.claim(slot)
    if slots:
        s.start(g, slot=slot, **kw)
    else:
        s.start(g)
    bot = RandomBot(11)
    answers = []
    while not g.over and (n is None or len(answers) < n):
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        if slots:
            s.save(g, answers, assisted=False, slot=slot)
        else:
            s.save(g, answers, assisted=False)
    return g, answers

play("solo", Game.new(("fluxx5",), 1, "solo", 4), None)           # finished: a history row
g, answers = play("solo", Game.new(("fluxx5",), 1, "solo", 5), 12)  # in progress
made = {"solo": {"seed": 5, "answers": len(answers), "turn": g.turn}}
if slots and "standard" in getattr(sys.modules["solo.store"], "SLOTS", ()):
    g2, a2 = play("standard", Game.new(("fluxx5",), 3, "standard", 6), 9,
                  extra={"seats": ["human", "greedy", "random"]})
    made["standard"] = {"seed": 6, "answers": len(a2), "turn": g2.turn}
s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
s.db.close()
print(json.dumps(made))
