"""The table's parts, one widget each: each shows its zone of the game, drawn
from the state (a standard game shows its draw pile and no Solo spots)."""
from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from engine.game import Game
from solo.app.widgets import GoalsArea, HandRow, InPlay, Piles, RuleSpots, TablePart, TurnBanner

pytestmark = pytest.mark.app


class Parts(App):
    def compose(self) -> ComposeResult:
        yield TurnBanner()
        yield Piles()
        yield RuleSpots()
        yield GoalsArea()
        yield InPlay()
        yield HandRow()


def shown(app: App, g: Game, info: dict) -> dict[str, str]:
    out = {}
    for part in app.query(TablePart):
        part.show(g, info)
        out[type(part).__name__] = str(part.render())
    return out


async def test_each_part_shows_its_zone_of_a_solo_game():
    g = Game.new(("fluxx5",), 1, "solo", 7)
    app = Parts()
    async with app.run_test(size=(80, 24)):
        t = shown(app, g, {"daily": "2026-11-30", "assisted": True})
        assert "daily 2026-11-30" in t["TurnBanner"] and f"Turn {g.turn}" in t["TurnBanner"]
        assert f"plays left {g.plays_left(0)}" in t["TurnBanner"] and "assisted" in t["TurnBanner"]
        assert f"Rules deck {len(g.rules_deck)}" in t["Piles"] and f"Main deck {len(g.draw)}" in t["Piles"]
        assert "Draw spot: empty" in t["RuleSpots"] and "Other spot: empty" in t["RuleSpots"]
        assert "Basic Rules: draw 1, play 1" in t["RuleSpots"]
        assert "Scored Goals (0): none yet" in t["GoalsArea"]
        assert t["HandRow"].startswith(f"Hand ({len(g.hands[0])})")
        for c in g.hands[0]:
            assert g.name(c) in t["HandRow"]
        # a rule in its spot, a Goal, a Keeper: each part follows the state
        inflation, goal, keeper = (g.db.find(n) for n in ("Inflation", "Milk & Cookies", "Milk"))
        g.rules.append(inflation)
        g.goals.append(goal)
        g.tables[0].append(keeper)
        g.scored.append(g.db.find("Time is Money"))
        t = shown(app, g, {})
        assert f"seed {g.seed}" in t["TurnBanner"] and "assisted" not in t["TurnBanner"]
        assert "Other spot: " in t["RuleSpots"] and "Inflation" in t["RuleSpots"].split("Other spot: ")[1]
        assert "Basic Rules: draw 2, play 2" in t["RuleSpots"]
        assert "Milk & Cookies" in t["GoalsArea"] and "Scored Goals (1): Time is Money" in t["GoalsArea"]
        assert "Milk" in t["InPlay"] and "Player 1" not in t["InPlay"]


async def test_a_standard_game_shows_its_draw_pile_and_every_seat():
    g = Game.new(("fluxx5",), 3, "standard", 2)
    app = Parts()
    async with app.run_test(size=(80, 24)):
        t = shown(app, g, {})
        assert f"Draw pile {len(g.draw)}" in t["Piles"] and "Rules deck" not in t["Piles"]
        assert "Player 1: " in t["InPlay"] and f"({len(g.hands[2])} in hand)" in t["InPlay"]
