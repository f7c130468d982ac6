"""A scripted player for the kill test: resumes (or starts) the saved game and
answers with a seeded bot, saving after every answer exactly as the app does,
and prints 'saved N' once each save has committed."""
from __future__ import annotations

import sys

import solo  # noqa: F401
from engine.bots import RandomBot
from engine.game import Game
from engine.runfile import answer_to_json
from solo.store import Store


def main() -> None:
    path, seed = sys.argv[1], int(sys.argv[2])
    store = Store(path)
    saved = store.load()
    if saved is None:
        g = Game.new(("fluxx5", "creeper-pack"), 1, "solo", seed)
        store.start(g)
        answers: list = []
    else:
        g, answers, _ = saved
    bot = RandomBot(seed + len(answers))
    while True:
        if g.over:
            g = Game.new(("fluxx5", "creeper-pack"), 1, "solo", seed + len(answers))
            store.start(g)
            answers = []
        a = bot.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        store.save(g, answers)
        print(f"saved {len(answers)} {int(g.over)}", flush=True)


if __name__ == "__main__":
    main()
