"""Every number in force as a value with its terms (issue 63): the engine's
``Quantity`` equals the number the engine acts on, prompts say the number in
force and why, and the screen's spots and banner show the number in force,
not the card's printed one."""
from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.effect_specs import SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT
from engine.game import Game
from solo.app.widgets import in_force
from solo.store.info import GameInfo

from .helpers import game_screen, make_app, screen_lines, table

TABLES = [(("fluxx5",), 2, "standard"), (("fluxx5", "creeper-pack"), 3, "standard"), (("voyager",), 4, "standard"),
          (("fluxx5",), 1, "solo"), (("fluxx5", "creeper-pack"), 1, "solo"), (("voyager",), 1, "solo")]


@pytest.mark.parametrize("decks, players, variant", TABLES, ids=[f"{v}-{'+'.join(d)}-{p}p" for d, p, v in TABLES])
def test_each_quantity_is_the_number_the_engine_acts_on_and_its_terms_add_up(decks, players, variant):
    """Over random games, after every answer: the draw, the plays, the two
    limits and what Play All But leaves are the engine's own numbers, and
    their terms add up to them (a limit or a hand-counted Play rule: -1)."""
    seen = {"inflation": 0, "bonus": 0}
    for seed in range(12):
        g = Game.new(decks, players, variant, seed, record=False)
        bot = make_bot("random", seed)
        while not g.over:
            g.push(bot.choose(g))
            if g.over:
                break
            p = g.active
            d = g.draw_quantity(p)
            assert d.value == g.draw_required(p) == sum(n for _, n in d.terms), (seed, d)
            q = g.play_quantity(p)
            assert q.value == g.plays_allowed(p, g.rule_view()), (seed, q)
            if q.value >= 0:
                assert q.value == sum(n for _, n in q.terms)
            hl, kl = g.limits()
            for slot, want in ((SLOT_HAND_LIMIT, hl), (SLOT_KEEPER_LIMIT, kl)):
                lq = g.limit_quantity(slot)
                assert lq.value == want and (want < 0 or want == sum(n for _, n in lq.terms)), (seed, slot, lq)
            seen["inflation"] += any(g.name(c) == "Inflation" for c, _ in d.terms)
            seen["bonus"] += any("Bonus" in g.name(c) for c, _ in d.terms[1:] + q.terms[1:] if c >= 0)
    if "fluxx5" in decks:
        assert seen["inflation"] and seen["bonus"], seen  # the games reached what the test is about


INFLATED = """
[setup]
rules = ["{limit}", "Inflation", "Recycling"]
drawn = 2
played = 1
hands = [["Milk", "Bread"], ["Cookies", "Sleep", "Time", "Love", "Dreams"]]
tables = [["Toast", "Music"], ["The Sun", "The Moon", "The Eye", "Money"]]
draw_pile = ["Peace", "Television", "The Brain", "Chocolate", "The Rocket", "The Toaster"]
"""


def test_each_prompt_under_inflation_says_the_number_in_force_and_why_and_does_it():
    """Hand Limit 0 under Inflation asks to keep 1 (0 + 1 Inflation) and the
    discard leaves 1; Keeper Limit 2 asks to keep 3 and leaves 3; Recycling
    offers to draw 4 (3 + 1 Inflation) and draws 4."""
    g = table(INFLATED.replace("{limit}", "Hand Limit 0"))  # Player 1 holds 5: over the limit, asked at once
    pr = g.prompt
    assert pr is not None and pr.player == 1 and "keep 1 (0 + 1 Inflation), discard 4 card(s)" in pr.reason, pr
    assert g.name(pr.card) == "Hand Limit 0" and pr.min == pr.max == 4
    g = table(INFLATED.replace("{limit}", "Hand Limit 1").replace('"Inflation", ', ""))
    assert g.prompt is not None and "keep 1, discard 4 card(s)" in g.prompt.reason  # no Inflation: no sum
    g = table(INFLATED.replace("{limit}", "Keeper Limit 2"))
    pr = g.prompt
    assert pr is not None and pr.player == 1 and "keep 3 (2 + 1 Inflation), discard 1 Keeper(s)" in pr.reason, pr
    g.push(("choose", (pr.options[0],)))
    assert g.keeper_count(1) == 3
    g = table(INFLATED.replace("{limit}", "Play 3"))
    g.push(("free", g.db.find("Recycling")))
    pr = g.prompt
    assert pr is not None and pr.reason == "discard one of your Keepers to draw 4 (3 + 1 Inflation)", pr
    before = len(g.hands[0])
    g.push(("choose", (pr.options[0],)))
    assert len(g.hands[0]) == before + 4


SPOTS = """
variant = "solo"
[setup]
drawn = 4
played = 1
spots = {{ draw = "Draw 3", play = "{play}", limit = "{limit}", other = "{other}" }}
hands = [["Milk", "Cookies", "Bread", "Sleep"]]
tables = [[{table}]]
draw_pile = ["Love", "Peace", "Time", "Dreams", "Toast", "Music"]
rules_deck = ["Draw 2", "Play 3"]
"""


def spot_words(g: Game, room: int) -> dict[str, str]:
    return {s: in_force(g, s, c, room) for s, c in g.variant.spots(g).items() if c >= 0}


def test_a_spot_shows_the_number_in_force_with_its_terms_and_nothing_when_it_is_the_printed_one():
    g = table(SPOTS.format(play="Play 2", limit="Hand Limit 0", other="Inflation", table=""))
    assert spot_words(g, 40) == {"draw": "3 + 1 Inflation = 4", "play": "2 + 1 Inflation = 3",
                                 "limit": "0 → 1 with Inflation", "other": ""}
    assert spot_words(g, 11) == {"draw": "now 4 (3+1)", "play": "now 3 (2+1)", "limit": "now 1 (0+1)", "other": ""}
    g = table(SPOTS.format(play="Play 2", limit="Keeper Limit 2", other="Party Bonus", table='"The Party"'))
    assert spot_words(g, 40) == {"draw": "3 + 1 Party Bonus = 4", "play": "2 + 1 Party Bonus = 3", "limit": "",
                                 "other": ""}
    g = table(SPOTS.format(play="Play All But 1", limit="Keeper Limit 2", other="Inflation", table=""))
    assert spot_words(g, 40)["play"] == "all but 2 (1 + 1 Inflation)"
    assert spot_words(g, 40)["limit"] == "2 → 3 with Inflation"


async def shown(store, g: Game, size: tuple[int, int]) -> str:
    """The whole terminal, as the game screen (and any dialog over it) first shows ``g``."""
    app = make_app(store)
    async with app.run_test(size=size) as pilot:
        app.push_screen(game_screen(app, g, GameInfo(seed=0)))
        await pilot.pause()
        return "\n".join(screen_lines(app))


@pytest.mark.app
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_spots_and_banner_agree_with_the_dialog_under_inflation_and_a_bonus(store, size):
    """Under Inflation the Draw spot, the Play spot, the Limit spot and the
    banner show the numbers in force (4 to draw, 3 plays, a Hand Limit of
    1), and the hand-limit dialog at the turn's end asks for the same limit;
    under Party Bonus the Play spot says 3, as the banner does."""
    wide = size[0] >= 120
    g = table(SPOTS.format(play="Play 2", limit="Hand Limit 0", other="Inflation", table=""))
    text = await shown(store, g, size)
    assert "draw 4 (4 drawn)" in text and "play 3 (2 left)" in text, text
    for want in (("3 + 1 Inflation = 4", "2 + 1 Inflation = 3", "0 → 1 with Inflation") if wide else
                 ("now 4 (3+1)", "now 3 (2+1)", "now 1 (0+1)")):
        assert want in text, (want, text)
    assert "Hand Limit 1" not in text  # never a limit the card does not print, unexplained
    for card in ("Milk", "Cookies"):  # the last two plays: the turn ends, and the Hand Limit of 1 applies
        g.push(("play", g.db.find(card)))
    assert g.prompt is not None and g.prompt.ask == "discard_hand" and g.prompt.min == 1  # 2 in hand, keep 1
    text = await shown(store, g, size)
    assert "keep 1 (0 + 1 Inflation)," in text and "discard 1 card(s)" in text, text  # (the dialog may wrap)
    # names that take both lines of a compact box: the number in force on its bottom border instead
    g = table(SPOTS.format(play="Play All But 1", limit="Keeper Limit 2", other="Inflation", table=""))
    text = await shown(store, g, size)
    for want in (("all but 2 (1 + 1 Inflation)", "2 → 3 with Inflation") if wide else ("─ all but 2 ─", "─ now 3 ─")):
        assert want in text, (want, text)
    g = table(SPOTS.format(play="Play 2", limit="Keeper Limit 2", other="Party Bonus", table='"The Party"'))
    text = await shown(store, g, size)
    assert "draw 4 (4 drawn)" in text and "play 3 (2 left)" in text, text
    assert ("2 + 1 Party Bonus = 3" if wide else "now 3 (2+1)") in text, text


@pytest.mark.parametrize("decks", [("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)], ids="+".join)
def test_every_number_a_spot_shows_is_the_number_in_force_over_random_solo_games(decks):
    """(issue 63, item 6d) After every answer of random Solo games, each spot
    that shows a number in force shows the engine's own number (the draw, the
    plays, the Hand or Keeper Limit), at every width the table gives it."""
    import re
    shown = 0
    for seed in range(25):
        g = Game.new(decks, 1, "solo", seed, record=False)
        bot = make_bot("random", seed)
        while not g.over:
            g.push(bot.choose(g))
            if g.over:
                break
            for spot, c in g.variant.spots(g).items():
                if c < 0:
                    continue
                slot = g.db.cards[c].slot
                want = {"draw": g.draw_required(0), "play": g.plays_allowed(0, g.rule_view()),
                        "limit": g.hand_limit() if slot == SLOT_HAND_LIMIT else g.keeper_limit()}.get(spot)
                for room in (10, 11, 14, 40):
                    text = in_force(g, spot, c, room)
                    if not text:
                        continue
                    shown += 1
                    m = re.search(r"(?:= |now |→ |all but )(\d+)", text)
                    assert m, text
                    n = int(m.group(1))
                    if text.startswith("all but"):  # Play All But N: what it leaves in hand
                        assert n == g.kept_quantity(0).value, (seed, text)
                    else:
                        assert n == want, (seed, spot, text, want)
    if "fluxx5" in decks:
        assert shown, "no spot showed a number in force in these games: the test shows nothing"


@pytest.mark.parametrize("goal, zone, printed", [("5 Keepers", "tables", 5), ("10 Cards in Hand", "hands", 10)])
def test_a_count_goals_threshold_is_a_quantity_the_goal_checks_agree_with(goal, zone, printed):
    """A count Goal's threshold in force (``Game.goal_quantity``): the printed
    number and each Inflation. The engine's own check wins with exactly that
    many and not one fewer (Inflation: "any other card with a numeral on it
    is one more"). (The tutor's "short" line reads its two numbers from it.)"""
    from engine.cards import KEEPER, card_db
    from engine.goals import goal_winners
    db = card_db(("fluxx5",))
    keepers = [c.name for c in db.cards if c.kind == KEEPER][:11]
    for rules, need in (([], printed), (["Inflation"], printed + 1)):
        for have in (need - 1, need):
            cards = keepers[:have]
            setup = (f'goals = ["{goal}"]\nrules = {rules!r}\n'.replace("'", '"') +
                     (f"tables = [{cards!r}, []]\n" if zone == "tables" else f"hands = [{cards!r}, []]\n").replace("'", '"'))
            g = table("[setup]\n" + setup)
            gid = g.db.find(goal)
            q = g.goal_quantity(gid)
            assert q.value == need and q.terms[0] == (gid, printed) and sum(n for _, n in q.terms) == need
            assert (goal_winners(g, gid) == [0]) == (have >= need), (goal, rules, have)
    g = table('[setup]\ngoals = ["Milk & Cookies"]\n')
    assert g.goal_quantity(g.db.find("Milk & Cookies")) == (0, ())  # a Goal that counts nothing
