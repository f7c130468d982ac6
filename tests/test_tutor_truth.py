"""What the tutor says is checked for being right, over random games of
every deck set: the arithmetic of each draw adds up to the cards drawn, a
turn ended by a card never claims the plays ran out, the game-over line is
the last, and the words agree with the player ("your", never "you's")."""
from __future__ import annotations

import pytest

from engine.bots import RandomBot
from engine.game import Game
from tutor.explain import Explainer

from . import conftest
from .helpers import scaled

TABLES = [(("fluxx5",), 1, "solo"), (("fluxx5", "creeper-pack"), 3, "standard"), (("voyager",), 3, "standard"),
          (("voyager",), 1, "solo"), (("fluxx5",), 2, "standard")]


def play_logged(decks, players, variant, seed):
    """Every answer's events, in order, of one random game."""
    g = Game.new(decks, players, variant, seed)
    pushes = [list(g.log)]
    bots = [RandomBot(seed * 10 + q) for q in range(players)]
    while not g.over and g.turn < 300:
        pushes.append(g.push(bots[g.prompt.player].choose(g)))
    return g, pushes


def check_draws(events, i, p, n, rule):
    """The draws that follow a sum at i: n cards for p, unless the piles ran dry or the game ended."""
    got = 0
    for e in events[i + 1:]:
        if e.kind == "bonus" or e.kind == "creeper":
            continue
        if e.kind == "draw" and e.rule == rule and e.player == p:
            got += 1
            continue
        if e.kind in ("no_cards", "game_over", "reshuffle"):
            return
        break
    assert got == n, f"the tutor said {n} cards are drawn ({rule}), but {got} were"


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[2]}-{'+'.join(t[0])}-{t[1]}p")
def test_the_tutor_is_right_over_random_games(table):
    decks, players, variant = table
    # 1,000 games of each table in the full run; a handful in the fast loop
    for seed in range(12 if conftest.FAST else scaled(1000)):
        g, pushes = play_logged(decks, players, variant, seed)
        ex = Explainer("brief")
        for events in pushes:
            for i, e in enumerate(events):
                if e.kind == "draw_phase":
                    check_draws(events, i, e.player, e.data["n"], "turn.draw")
                elif e.kind == "catch_up":
                    check_draws(events, i, e.player, e.data["owed"], "turn.catch-up")
                elif e.kind == "turn_end" and e.card >= 0:
                    text = ex.explain(g, e).text
                    assert g.name(e.card) in text and "no plays left" not in text, text
            for t in ex.explain_all(g, events):
                assert "you's" not in t.x.text.lower() and "You's" not in t.x.text, t.x.text
        if g.over:
            assert pushes[-1][-1].kind == "game_over", pushes[-1][-1]
            said = ex.explain(g, pushes[-1][-1]).text
            if variant == "solo":
                assert f"The {pushes[-1][-1].data['deck']} deck ran out" in said, said
            elif g.winner >= 0:
                assert g.name(pushes[-1][-1].data["goal"]) in said, said
