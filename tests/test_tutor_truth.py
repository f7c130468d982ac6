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


COMBO_TABLES = TABLES + [(("fluxx5", "creeper-pack"), 1, "solo"), (("fluxx5", "creeper-pack"), 4, "standard"),
                         (("voyager",), 4, "standard"), (("voyager",), 2, "standard")]


def _count_blocked_now(g) -> set[tuple[int, int]]:
    """(seat, Goal) pairs where a count Goal is met but something stops the win (or the scoring)."""
    from engine.goals import count_blocked, why_blocked
    if g.over:
        return set()
    out = set()
    for goal in g.goals:
        if g.db.goal_defs[goal].most_of:
            for p in count_blocked(g, goal):
                if why_blocked(g, goal, p)[0] >= 0:
                    out.add((p, goal))
    return out


def check_combinations(g, events, told, blocked_before) -> set[tuple[int, int]]:
    """What can be checked of one answer's lines mechanically (see the test)."""
    names = {c.name for c in g.db.cards}
    heads = [t for t in told if t.head]
    kinds_after = [e.kind for e in events]
    for i, (e, t) in enumerate(zip(events, told, strict=True)):
        x = t.x
        assert "(1 cards)" not in x.text and " 1 cards" not in x.text, x.text
        for a, b in x.names:  # a marked name is a card's name ...
            assert x.text[a:b] in names, (x.text, x.text[a:b])
        if e.card >= 0 and g.name(e.card) in x.text:  # ... and the event's own card is marked as one
            assert any(x.text[a:b] == g.name(e.card) for a, b in x.names), x.text
        if "no plays left" in x.text and e.kind != "turn_end" and not {"turn_end", "turn_start"} & set(
                kinds_after[i + 1:]):  # never said while the turn goes on with plays to make
            pr = g.prompt
            assert not (pr is not None and pr.kind == "turn" and pr.player == e.player
                        and any(o[0] == "play" for o in pr.options)), x.text
        if e.kind == "turn_end" and t.head:  # every turn's end names its cause
            d = e.data
            if e.card >= 0:
                assert g.name(e.card) in x.text, x.text
            elif d.get("empty"):
                assert "no cards left" in x.text, x.text
            elif d.get("chose"):
                assert "ended the turn" in x.text, x.text
            else:
                rule = "the Basic Rules" if d["rule_card"] < 0 else g.name(d["rule_card"])
                assert rule in x.text and ("allow" in x.text or "leave" in x.text), x.text
                if d.get("gone", -1) >= 0:
                    assert g.name(d["gone"]) in x.text and ("left play" in x.text or "replaced" in x.text), x.text
        if e.data.get("limit") and "along" not in e.data and t.head:  # a limit discard names its card and numbers
            lc, n = e.data["limit_card"], e.data["n"]
            assert g.name(lc) in x.text and f"Limit of {n}" in x.text, x.text
            printed = g.db.cards[lc].params["n"]
            if printed != n:
                assert "Inflation" in x.text and f"{printed} printed" in x.text and f"{n} with Inflation" in x.text
    now = _count_blocked_now(g)
    said = {(e.player, e.card) for e in events if e.kind == "blocked"}
    for pair in now - blocked_before:  # a count Goal met but stopped is told when it starts ...
        assert pair in said, (pair, [t.x.text for t in heads])
    for pair in now & blocked_before:  # ... and once
        assert pair not in said, pair
    return now


@pytest.mark.parametrize("table", COMBO_TABLES, ids=lambda t: f"{t[2]}-{'+'.join(t[0])}-{t[1]}p")
def test_the_tutor_tells_combinations_right(table):
    """Over random games of every table, after every answer: no "no plays
    left" while the turn goes on with plays; every turn end names its cause
    (the card, the empty hand, the choice, or the Play rule, and a Play rule
    that left this turn); every limit discard names the limit card and, under
    Inflation, both numbers; a count Goal met but blocked is told once, when
    it starts; no "(1 cards)"; every card name is marked as a name."""
    decks, players, variant = table
    for seed in range(6 if conftest.FAST else scaled(300)):
        g = Game.new(decks, players, variant, seed)
        ex = Explainer("full")
        bots = [RandomBot(seed * 7 + q) for q in range(players)]
        blocked = _count_blocked_now(g)
        while not g.over and g.turn < 300:
            events = g.push(bots[g.prompt.player].choose(g))
            blocked = check_combinations(g, events, ex.explain_all(g, events), blocked)


def test_play_all_under_inflation_plays_the_hand_with_no_inflation_term():
    """Inflation adds 1 to every numeral on a New Rule; Play All has none
    (it plays the whole hand), so the plays are the hand, with no "+ 1
    Inflation" in the sum the tutor shows, while the draw (a numeral) does
    get its 1."""
    from .helpers import table
    g = table("""
decks = ["fluxx5"]
players = 2
[setup]
phase = "turn_start"
rules = ["Play All", "Inflation"]
hands = [["Bread", "Sleep", "Love"], ["Milk"]]
draw_pile = ["Chocolate", "Dreams", "Money", "Peace", "Time"]
""")
    play_all, inflation = g.db.find("Play All"), g.db.find("Inflation")
    ev = {e.kind: e for e in g.log}
    assert ev["draw_phase"].data["terms"] == [[-1, 1], [inflation, 1]]
    assert ev["play_phase"].data["terms"] == [[play_all, 0]] and ev["play_phase"].data["n"] == 5
    said = Explainer().explain(g, ev["play_phase"]).text
    assert said == "Player 0 plays 5 cards this turn: Play All."


@pytest.mark.parametrize("variant, players, decks", [("solo", 1, ("fluxx5",)),
                                                     ("standard", 3, ("fluxx5", "creeper-pack"))])
def test_told_events_are_numbered_by_group_and_each_head_keeps_its_own_more(variant, players, decks):
    """The tutor's told sequence for each answer of random games: groups
    numbered 1, 2, 3, ... in order, one head each, first (the plays left after a
    counted play are the one row told on an earlier line: the play's); a head whose line
    is a summary (a burst, a Discard and Draw, a Goal met) keeps the detail
    of the event it stands for; every other line is the event's own."""
    from engine.bots import RandomBot
    from tutor.explain import Explainer
    ex = Explainer("full")
    summaries = 0
    for seed in range(6):
        g = Game.new(decks, players, variant, seed)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        while not g.over:
            events = g.push(bots[g.prompt.player].choose(g))
            told = ex.explain_all(g, events)
            assert len(told) == len(events)
            assert [t.group for t in told if t.head] == list(range(1, 1 + sum(t.head for t in told)))
            last = 0  # the group of the last row not folded into an earlier line
            for k, (e, t) in enumerate(zip(events, told, strict=True)):
                own = ex.explain(g, e)
                if e.kind == "plays_left" and not t.head:  # told on the line of the counted play it follows
                    play = next(i for i in range(k) if told[i].group == t.group and told[i].head)
                    assert events[play].kind == "play" and events[play].player == e.player
                    assert f"{e.data['left']} play" in told[play].x.text or "no plays left" in told[play].x.text
                    continue
                assert t.head == (k == 0 or last != t.group)
                assert t.group == (last + (1 if t.head else 0) if k else 1)
                last = t.group
                assert t.x.more == own.more, (e, t.x, own)
                if t.x.text != own.text:
                    assert t.head
                    summaries += 1
    assert summaries > 0
