"""The effect library's passive effects: what a New Rule does merely by
being in play, and what a Keeper or Creeper does by sitting on a table.

Each passive effect is one ``Passive`` (the core's hook class, in
``engine.game``) entered in ``PASSIVE`` under its effect name; the core
asks the cards in play through those hooks and names no effect. A new
passive New Rule or standing Creeper is one entry here plus its deck data
(and its name and parameters in ``engine.effect_specs``).
"""
from __future__ import annotations

from .cards import KEEPER
from .events import Kind
from .game import Game
from .hooks import Passive, install
from .prompts import Chosen
from .zones import give_to_table, others


def _unique_extreme(g: Game, p: int, most: bool) -> bool:
    """p alone has the most Keepers (``most``) or alone the fewest: every
    other seat has strictly fewer (or strictly more)."""
    keeper = g.pidx.is_keeper.__getitem__
    tables = g.tables
    mine = sum(map(keeper, tables[p]))  # keeper_count, for every seat
    for q in range(len(tables)):
        if q != p:
            n = sum(map(keeper, tables[q]))
            if (n >= mine) if most else (n <= mine):
                return False
    return True


# ---------------------------------------------------------------- numerals, draws, plays
class Inflation(Passive):
    rule_id = "rule.inflation"
    numeral = 1


class PartyBonus(Passive):
    """+draw and +play while its Keeper (the Party) is on any table."""
    rule_id = "rule.party-bonus"
    def draw_bonus(self, g: Game, p: int, r: int) -> int:
        return g.num(r, "draw") if g._has_anywhere(g.db.cards[r].params["keeper"]) else 0

    def play_bonus(self, g: Game, p: int, r: int) -> int:
        return g.num(r, "play") if g._has_anywhere(g.db.cards[r].params["keeper"]) else 0


class PoorBonus(Passive):
    """The one player with the fewest Keepers draws more."""
    rule_id = "rule.poor-bonus"
    needs_others = True
    def draw_bonus(self, g: Game, p: int, r: int) -> int:
        return g.num(r, "n") if g.nplayers > 1 and _unique_extreme(g, p, most=False) else 0


class RichBonus(Passive):
    """The one player with the most Keepers plays more."""
    rule_id = "rule.rich-bonus"
    needs_others = True
    def play_bonus(self, g: Game, p: int, r: int) -> int:
        return g.num(r, "n") if g.nplayers > 1 and _unique_extreme(g, p, most=True) else 0


class PlayN(Passive):
    """Play N cards a turn."""
    by_numeral = True

    def plays_left(self, g: Game, p: int, r: int, bonus: int) -> int:
        n: int = g.db.cards[r].params["n"] + g.pidx.view(g.rules).plus + bonus
        return max(0, min(n - g.played, len(g.hands[p])))

    def play_number(self, g: Game, r: int) -> int:
        return g.num(r, "n")


class PlayAll(Passive):
    def plays_left(self, g: Game, p: int, r: int, bonus: int) -> int:
        return len(g.hands[p])


class PlayAllBut(Passive):
    """Play all but N; began the turn empty-handed and drew no more than N:
    one more card, as part of the draw."""
    rule_id = "rule.play-all-but-1"
    def plays_left(self, g: Game, p: int, r: int, bonus: int) -> int:
        hand = len(g.hands[p])
        keep = g.num(r, "n") - bonus
        return hand if keep <= 0 else max(0, hand - keep)

    def draw_adjust(self, g: Game, p: int, r: int, n: int) -> int:
        if g.hand_at_start == 0 and n <= g.num(r, "n"):
            return n + 1
        return n


class FirstPlayRandom(Passive):
    random_first = True
    rule_id = "rule.first-play-random"

    def idle_why(self, g: Game, r: int) -> str:
        if g.rule_view().play_max == 1:
            return "the Play rule allows 1 card a turn, and the card does nothing then"
        return ""


class DoubleAgenda(Passive):
    goal_room = 2

    def on_leave(self, g: Game, r: int, by: int) -> None:
        """Gone with two Goals out: the player whose card sent it away chooses which Goal stays."""
        if len(g.goals) > 1:
            g.stack.append(("goal_trim", by, r))


class NoHandBonus(Passive):
    def on_turn_start(self, g: Game, p: int, c: int) -> None:
        if not g.hands[p]:
            g.draw_cards(p, g.num_told(c, "n"), rule="rule.no-hand-bonus")


# ---------------------------------------------------------------- who may win
class SilverLining(Passive):
    """No Creeper stops a win."""
    rule_id = "rule.silver-lining"
    def excuses(self, g: Game, r: int, c: int) -> bool:
        return True


class BakedPotato(Passive):
    """Its potato (the Radioactive Potato) does not stop its holder's win,
    and stops everyone else's while it is in play."""
    rule_id = "rule.baked-potato"
    def excuses(self, g: Game, r: int, c: int) -> bool:
        potato: int = g.db.cards[r].params["potato"]
        return c == potato

    def blocks(self, g: Game, r: int, goal: int, p: int) -> bool:
        potato = g.db.cards[r].params["potato"]
        return g._has_anywhere(potato) and potato not in g.tables[p]


class HoloCopy(Passive):
    """The Holodeck counts as one Keeper a Goal names that is in play in
    front of someone else, while its power is on."""
    def stands_in(self, g: Game, p: int, c: int, k: int) -> bool:
        return (g.db.cards[k].kind == KEEPER and g.powered(c) and g._has_anywhere(k)
                and k not in g.tables[p])


# ---------------------------------------------------------------- standing Creepers
class Malfunction(Passive):
    """Attached to an Equipment Keeper only, it switches that Keeper's power off."""
    power_off = True

    def attaches_to(self, g: Game, k: int) -> bool:
        return g.db.cards[k].equipment


class Death(Passive):
    """At the start of its holder's turn: discard another card of your table."""
    def on_turn_start(self, g: Game, p: int, c: int) -> None:
        g.stack.append(("ask_death", p, c))


def op_ask_death(g: Game, p: int, death: int = -1) -> None:
    if death < 0:  # a task saved before the card was named in it
        death = next((c for c in g.tables[p] if g.db.cards[c].effect == "death"), -1)
    others = [c for c in g.tables[p] if c != death]
    if death in g.tables[p] and others:
        g.ask(p, "death_discard", others, card=death,
              reason=f"{g.name(death)}: discard one of your other Keepers or Creepers",
              then=("ans_death", p))


def op_ans_death(g: Game, p: int, chosen: Chosen) -> None:
    for c in chosen:
        g.discard_from_table(c, "creeper.death", p)


def _can_death(g: Game, p: int, c: int) -> bool:
    """Death's free action: alone on your table, it may discard itself."""
    return g.tables[p] == [c]


def _use_death(g: Game, p: int, c: int) -> None:
    g.discard_from_table(c, "creeper.death", p, alone=True)  # (the free action, not the turn's start)


class RadioactivePotato(Passive):
    """Whenever the Goal changes it moves to the player on its holder's right."""
    def on_goals_changed(self, g: Game, p: int, c: int) -> None:
        if g.nplayers < 2:  # alone: nobody to pass it to, so it stays (told, for it is a reading)
            if g.variant.alone_rule:
                g.ev(Kind.NOTHING, g.variant.alone_rule, p, c,
                     why="the Goal changed, but alone there is nobody to pass it to, so it stays with you")
            return
        q = (p - 1) % g.nplayers
        g.move_to_table(c, q)
        g.ev(Kind.POTATO, "creeper.potato", q, c, frm=p)


class War(Passive):
    """Whoever has War and Peace must give Peace away (the standard game's
    standing obligations ask for it before the active player goes on)."""
    def settle(self, g: Game, p: int, c: int) -> bool:
        if g.db.cards[c].params["peace"] in g.tables[p]:
            g.stack.append(("ask_war", p, c))
            return True
        return False


# War's question: who gets Peace (its passive, War, queues it; see above)
def op_ask_war(g: Game, p: int, war: int) -> None:
    """Queued by the standard game's settle() only when p has both War and
    Peace, and run at once: no need to look again."""
    peace = g.db.cards[war].params["peace"]
    g.ask(p, "player", others(g, p), card=war, domain="players",
          reason=f"{g.name(war)}: you must give {g.name(peace)} to another player", then=("ans_war", p, peace))


def op_ans_war(g: Game, p: int, peace: int, chosen: Chosen) -> None:
    give_to_table(g, peace, chosen[0], "creeper.war", p)


install(globals(), passives={
    "inflation": Inflation(), "party_bonus": PartyBonus(), "poor_bonus": PoorBonus(),
    "rich_bonus": RichBonus(), "play_rule": PlayN(), "play_all": PlayAll(), "play_all_but": PlayAllBut(),
    "first_play_random": FirstPlayRandom(), "double_agenda": DoubleAgenda(), "no_hand_bonus": NoHandBonus(),
    "silver_lining": SilverLining(), "baked_potato": BakedPotato(), "holo_copy": HoloCopy(),
    "malfunction": Malfunction(), "death": Death(), "radioactive_potato": RadioactivePotato(), "war": War(),
}, free_table={"death": _can_death}, free_use={"death": _use_death})
