"""A plain text way to play Solo Fluxx, one numbered question at a time.

This is the stop-gap front end until the Textual app lands: it shows the
table, lists the legal answers, and reads a number.
"""
from __future__ import annotations

import sys
import time
from typing import TextIO

from engine.answers import option_label
from engine.events import Event
from engine.game import Game
from engine.prompts import IllegalAnswer
from tutor.explain import Explainer


def describe(g: Game) -> str:
    n = g.name
    spots = g.variant.spots(g) or {}
    lines = [
        f"Turn {g.turn}  score {len(g.scored)}  Main deck {len(g.draw)}  Rules deck {len(g.rules_deck)}",
        "Rules: " + ", ".join(f"{k}={n(v) if v >= 0 else '-'}" for k, v in spots.items()),
        "Goal(s): " + (", ".join(n(c) for c in g.goals) or "none"),
        "Scored: " + (", ".join(n(c) for c in g.scored) or "none"),
        "Table: " + (", ".join(n(c) + "".join(" + " + n(cr) for cr, k in g.attached.items() if k == c)
                               for c in g.tables[0] if c not in g.attached) or "nothing"),
        "Hand: " + (", ".join(n(c) for c in g.hands[0]) or "empty"),
    ]
    return "\n".join(lines)


label = option_label  # the one answer codec's label of an option


def play_text(decks: list[str], seed: int | None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    inp = inp or sys.stdin
    out = out or sys.stdout
    if seed is None:
        seed = int(time.time())
    g = Game.new(tuple(decks), 1, "solo", seed)
    print(f"Solo Fluxx, seed {seed}, decks {','.join(decks)}. Answer with numbers; i for a hint; q quits.",
          file=out)
    tutor = Explainer("brief")

    def narrate(events: list[Event]) -> None:
        """The tutor's line for each thing that happened (a burst is one line)."""
        for t in tutor.explain_all(g, events):
            if t.head and t.x.event not in ("action_done", "turn_start"):
                print(f"  * {t.x.quoted()}", file=out)  # a card's name in quotes: never read as a list

    narrate(g.log or [])
    while not g.over:
        pr = g.prompt
        assert pr is not None  # a game that goes on asks
        print("\n" + describe(g), file=out)
        print(f"-- {pr.reason}", file=out)
        opts = pr.options
        for i, o in enumerate(opts, 1):
            print(f"  {i}. {label(g, o)}", file=out)
        if pr.kind == "choose" and pr.max > 1:
            print(f"  (choose {pr.min}-{pr.max}: numbers separated by spaces)", file=out)
        line = inp.readline()
        if not line or line.strip().lower() == "q":
            print("Bye.", file=out)
            return 0
        if line.strip().lower() == "i":  # a hint: the search's move, and why it beats the runner-up
            from tutor.hints import hint_text, nudge

            from .hinting import search_hint
            found = search_hint(g, g.decisions)
            print(f"  {nudge(g)}", file=out)
            print(f"  {hint_text(g, found.ranked, found.futures, found.tried, found.cut)}", file=out)
            continue
        try:
            picks = [int(x) - 1 for x in line.split()]
            if any(i < 0 or i >= len(opts) for i in picks):
                raise ValueError
        except ValueError:
            print("Please answer with the numbers shown.", file=out)
            continue
        try:
            if pr.kind == "turn":
                if len(picks) != 1:
                    print("Pick one.", file=out)
                    continue
                narrate(g.push(opts[picks[0]]))
            else:
                narrate(g.push(("choose", tuple(opts[i] for i in picks))))
        except IllegalAnswer as e:
            print(f"Not allowed: {e}", file=out)
    print(f"\nGame over. Score: {len(g.scored)} ({', '.join(g.name(c) for c in g.scored) or 'no Goals'})", file=out)
    return 0
