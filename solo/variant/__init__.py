"""Solo Fluxx as an engine variant.

Follows the Solo Fluxx overview in the Voyager rulebook and the project's
readings in DESIGN.md: the deck's solo list is set aside; New Rules form
the Rules deck, everything else the Main deck, each with its own discard
pile; four spots (Draw, Play, one Limit, one Other) each hold one New Rule;
a Rules card is flipped after every turn; a met Goal is scored and the
cards it names are discarded; the game ends the moment either deck runs out.

The package is the whole variant: the rules (``rules``: the ids its events
cite), the tutor's words for them (``explain``), its Goals (``goals``) and the
daily deal (``daily``). Loading it (the registry does, through the entry point)
registers the first two.
"""
from __future__ import annotations

from typing import Any

from engine import rng as R
from engine.cards import CREEPER, RULE, CardDB
from engine.game import Game
from engine.goals import count_blocked, meets, short_by_inflation, stoppers, why_blocked
from engine.hooks import install
from engine.registry import register_variant
from engine.variants import NearMiss, Outcome, Variant

from . import explain as _explain  # noqa: F401  (the tutor's sentences for Solo's events)
from . import rules as _rules  # noqa: F401  (Solo's rule ids, with the engine and the tutor)
from .events import SoloKind
from .goals import choice_cards, fixed_cards, meets_alone

SPOTS = ("draw", "play", "limit", "other")


def spot_of(slot: str | None) -> str | None:
    return "limit" if slot in ("hand_limit", "keeper_limit") else slot


# each card set's facts for Solo, worked out once, by id(db): its two decks
# in card order, before the shuffle (Main, Rules), and the spot of each
# card's slot (a New Rule's)
_FACTS: dict[int, tuple[object, tuple[int, ...], tuple[int, ...], list[str | None]]] = {}


def _facts(db: CardDB) -> tuple[object, tuple[int, ...], tuple[int, ...], list[str | None]]:
    hit = _FACTS.get(id(db))
    if hit is None or hit[0] is not db:
        cards = db.cards
        keep = [c.id for c in cards if c.id not in db.set_aside]
        hit = _FACTS[id(db)] = (db, tuple(c for c in keep if cards[c].kind != RULE),
                                tuple(c for c in keep if cards[c].kind == RULE),
                                [spot_of(c.slot) for c in cards])
    return hit


def _decks(db: CardDB) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hit = _facts(db)
    return hit[1], hit[2]


_NEAR: dict[int, tuple[tuple[tuple[int, int], ...], frozenset[int]]] = {}


def _near_facts(db: CardDB) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """By card set, what the near-miss check looks for: (War, its Peace)
    pairs (none without the Creeper Pack) and the Creepers."""
    facts = _NEAR.get(id(db))
    if facts is None:
        facts = _NEAR[id(db)] = (tuple((c.id, c.params["peace"]) for c in db.cards if c.effect == "war"),
                                 frozenset(c.id for c in db.cards if c.kind == CREEPER))
    return facts


class SoloVariant(Variant):
    name = "solo"
    title = "Solo Fluxx"
    layout = "spots"
    scores = True
    min_players = 1
    max_players = 1
    spot_names = SPOTS
    alone_rule = "solo.no-opponent"
    draws = False  # the Rules deck runs out: a Solo game always ends

    def setup(self, g: Game) -> None:
        main, rules = _decks(g.db)
        g.draw = list(main)
        g.rules_deck = list(rules)
        g.rng = R.shuffle(g.rng, g.draw)
        g.rng = R.shuffle(g.rng, g.rules_deck)
        g.ev(SoloKind.SOLO_SETUP, "solo.setup", 0, set_aside=len(g.db.set_aside))

    def place_rule(self, g: Game, p: int, c: int) -> None:
        spots = _facts(g.db)[3]
        spot = spots[c]
        for r in list(g.rules):
            if spots[r] == spot:
                g.remove_rule(r, p, "solo.spot", replaced_by=c, spot=spot)
        g.rules.append(c)
        g.sink.rule(p, c, "solo.spot", spot)

    def check_goals(self, g: Game) -> bool:
        """Score every Goal met (True: something scored, the table changed)."""
        # in a card set where no card counts as or stands in for another, a Goal
        # that names a card not on the table is not met: when every Goal out does,
        # nothing can be scored (most checks end here); else each gets the full check
        if g.pidx.plain_goals:
            t = g.tables[0]
            defs = g.db.goal_defs
            for goal in g.goals:
                for r in defs[goal].required:
                    if r not in t:
                        break
                else:
                    break  # this one may be met
            else:
                return False
        # a score discards cards, which can leave a Goal checked before it met
        # (The Brain (No TV) once Television goes): check again until none scores
        scored = False
        scoring = True
        while scoring:
            scoring = False
            for goal in list(g.goals):
                if goal in g.goals and meets_alone(g, goal):
                    scoring = scored = True
                    fixed = fixed_cards(g, goal)
                    pool, k = choice_cards(g, goal)
                    pool = [c for c in pool if c not in fixed]
                    g.goals.remove(goal)
                    g.scored.append(goal)
                    g.ev(SoloKind.SCORE, "solo.score", 0, goal, score=len(g.scored))
                    for c in fixed:
                        if c in g.tables[0]:
                            g.discard_from_table(c, "solo.score", 0, goal=goal)
                    if k and len(pool) > k:
                        g.ask(0, "score_discard", pool, k, k, card=goal,
                              reason=f"choose the {k} card(s) the Goal takes with it",
                              then=("ans_score_discard", goal))
                        return True
                    for c in pool[:k]:
                        if c in g.tables[0]:
                            g.discard_from_table(c, "solo.score", 0, goal=goal)
        return scored

    def near_misses(self, g: Game) -> list[NearMiss]:
        """For the tutor: the Goal is met but a Creeper (or the Baked Potato)
        stops the scoring."""
        out: list[NearMiss] = []
        wars, creepers = _near_facts(g.db)
        table = g.tables[0]
        for war, peace in wars:  # both stay: War gives Peace to another player, and there is none
            if war in table and peace in table:
                out.append(("nothing", "solo.no-opponent", 0, war,
                            {"why": "War and Peace are both on your table, and War would give Peace to another "
                                    "player; alone there is none, so both stay"}))
        infl = g.inflation()
        # a Goal met but stopped needs something to stop it: a Creeper on the table or a rule that blocks
        stoppable = (bool(creepers) and not creepers.isdisjoint(table)) or (
            bool(g.pidx.blocks) and not g.pidx.blocks.isdisjoint(g.rules))
        for goal in g.goals:
            short = short_by_inflation(g, goal, 0) if infl else None
            if short:
                out.append(("short", "rule.inflation", 0, goal,
                            {"has": short[0], "needs": short[1], "printed": short[1] - infl}))
            if not stoppable:
                continue
            met = count_blocked(g, goal) == [0] if g.db.goal_defs[goal].most_of else meets(g, goal, 0)
            if met:
                c, rid = why_blocked(g, goal, 0)
                if c >= 0:
                    also = [x for x in stoppers(g, goal, 0) if x != c]  # every Creeper that would stop it
                    out.append(("blocked", "solo.score" if rid == "win.creeper-blocks" else rid, 0, goal,
                                {"stopper": c, "also": also} if also else {"stopper": c}))
        return out

    settles = False  # settle below never queues anything: the engine need not ask it

    def settle(self, g: Game, limits: tuple[int, int] | None = None) -> bool:
        return False

    def between_turns(self, g: Game) -> None:
        if g.extra:
            g.ev(SoloKind.EXTRA_TURN_FIRST, "solo.extra-turn", 0)
            return
        if not g.rules_deck:
            g.end_game(-1, "solo.end", deck="Rules")
            return
        c = g.rules_deck.pop()
        g.ev(SoloKind.FLIP, "solo.flip", 0, c)
        self.place_rule(g, 0, c)
        if not g.rules_deck:
            g.end_game(-1, "solo.end", deck="Rules")
            return
        g.stack.append(("comply", 0, "solo.limit"))

    def discard_piles(self, g: Game) -> list[list[int]]:
        return [g.discard, g.rules_discard]

    def outcome(self, g: Game) -> Outcome:
        return Outcome(g.end or None, None, len(g.scored), None)

    def in_game(self, g: Game) -> list[int]:
        """The cards set aside before the deal are not in the game."""
        return sorted(set(range(g.db.n)) - g.db.set_aside)

    def returns(self, g: Game, p: int) -> float:
        return 1000.0 * len(g.scored)

    def banked(self, g: Game, p: int) -> float:
        return 1000.0 * len(g.scored)

    def discard_pile(self, g: Game, c: int) -> list[int]:
        return g.rules_discard if g.db.cards[c].kind == RULE else g.discard

    def can_draw(self, g: Game) -> bool:
        return bool(g.draw)

    def refill(self, g: Game) -> bool:
        return False

    def pile_emptied(self, g: Game) -> None:
        g.end_game(-1, "solo.end", deck="Main")

    def spots(self, g: Game) -> dict[str, int]:
        """The New Rule in each spot (-1 if empty)."""
        out = {s: -1 for s in SPOTS}
        for r in g.rules:
            spot = spot_of(g.db.cards[r].slot)
            if spot is not None:  # (every New Rule has a slot)
                out[spot] = r
        return out




def op_ans_score_discard(g: Game, *goal_and_chosen: Any) -> None:
    """The player chose the cards a scored Goal takes with it (a save made
    before the Goal rode along has only the choice: the Goal is then -1)."""
    goal = goal_and_chosen[0] if len(goal_and_chosen) == 2 else -1
    for c in goal_and_chosen[-1]:
        g.discard_from_table(c, "solo.score", 0, goal=goal)


install(globals())
# The registry finds Solo through the entry point solo_fluxx.variants (pyproject.toml) in a
# process that has not imported it (a bare scenario run: tests/test_variant_package.py); a
# process that has (the app, the command line) finds it registered here, and skips the look
# through every installed distribution's metadata (10-25 ms at each start, measured)
variant = SoloVariant()
register_variant(variant)
