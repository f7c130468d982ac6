"""Keeper powers and Creeper riddances: free actions on your own turn.

A power uses no play (FAQ). A Keeper must be on your table to lend you its
power, and an Equipment Keeper with a Malfunction attached has none. Each
power here can be used once per turn unless its cost (discarding the card)
already limits it. The Admiral's out-of-turn cancel lives with the Surprise
windows (``engine.surprises``); the Holodeck's copy with the Goals.
"""
from __future__ import annotations

from typing import Any

from .attachments import detach
from .cards import KEEPER
from .events import Kind
from .game import Game
from .hooks import PASSIVE, install
from .prompts import Chosen, Prompt
from .surprises import attempt_steal
from .zones import all_creepers, keepers_of, others

POWER = "keeper.power"


# Kathryn Janeway: once a turn, take a Crew Member from another player
def _steal_targets(g: Game, p: int, c: int) -> list[int]:
    tag = g.db.cards[c].params["tag"]
    cards = g.db.cards
    return [x for q in others(g, p) for x in keepers_of(g, q) if tag in cards[x].icons or tag in cards[x].tags]


def _can_steal_tagged(g: Game, p: int, c: int) -> bool:
    return c not in g.used and g.powered(c) and bool(_steal_targets(g, p, c))


def _use_steal_tagged(g: Game, p: int, c: int) -> None:
    g.used.append(c)
    g.ask(p, "steal", _steal_targets(g, p, c), card=c, reason=f"{g.name(c)}: choose a Crew Member to take",
          then=("ans_power_steal", p, c))


def op_ans_power_steal(g: Game, p: int, c: int, chosen: Chosen) -> None:
    attempt_steal(g, p, chosen[0], c, POWER)


# B'Elanna Torres: once a turn, detach a Malfunction from one of your Keepers and discard it
def _malfunctions(g: Game, p: int) -> list[int]:
    """p's Malfunctions attached to a Keeper: one still waiting for Equipment
    is attached to nothing, so there is nothing to detach (the FAQ: the
    Engineer detaches it and the Keeper is left good as new)."""
    cards, att = g.db.cards, g.attached
    # a Malfunction is the Creeper whose passive switches its Keeper's power off (engine/modifiers.py)
    return [cr for cr in g.tables[p] if cr in att and _switches_off(cards[cr].effect)]


def _switches_off(effect: str) -> bool:
    own = PASSIVE.get(effect)
    return own is not None and own.power_off


def _can_repair(g: Game, p: int, c: int) -> bool:
    return c not in g.used and g.powered(c) and bool(_malfunctions(g, p))


def _use_repair(g: Game, p: int, c: int) -> None:
    g.used.append(c)
    opts = _malfunctions(g, p)
    kinds = " or ".join(sorted({g.name(x) for x in opts}))  # (the attached cards that switch a power off)
    g.ask(p, "repair", opts, card=c, reason=f"{g.name(c)}: choose a {kinds} to fix",
          then=("ans_repair", p))


def op_ans_repair(g: Game, p: int, chosen: Chosen) -> None:
    cr = chosen[0]
    detach(g, cr, "keeper.repair", p)
    g.discard_from_table(cr, "keeper.repair", p)


# Phaser: once a turn, discard a Creeper in play (with the Keeper it is attached to)
def _shoot_targets(g: Game, p: int, c: int) -> list[int]:
    return [cr for cr in all_creepers(g) if g.attached.get(cr) != c]


def _can_shoot(g: Game, p: int, c: int) -> bool:
    return c not in g.used and g.powered(c) and bool(_shoot_targets(g, p, c))


def _use_shoot(g: Game, p: int, c: int) -> None:
    g.used.append(c)
    g.ask(p, "shoot", _shoot_targets(g, p, c), card=c, reason=f"{g.name(c)}: choose a Creeper to discard",
          then=("ans_shoot", p))


def op_ans_shoot(g: Game, p: int, chosen: Chosen) -> None:
    g.discard_from_table(chosen[0], "keeper.phaser", p)


# Timeship Aeon: discard it to take another turn after this one
def _can_aeon(g: Game, p: int, c: int) -> bool:
    return g.powered(c) and not g.in_extra and not g.extra


def _use_aeon(g: Game, p: int, c: int) -> None:
    g.discard_from_table(c, POWER, p)
    g.extra = True
    g.ev(Kind.EXTRA_TURN, "action.take-another-turn", p, c)


# Species 8472, Krenim Timeship: discard one of your Keepers to discard this Creeper
def _can_riddance(g: Game, p: int, c: int) -> bool:
    cards = g.db.cards
    return any(cards[x].kind == KEEPER and x not in g.unit_of(c) for x in g.tables[p])


def _use_riddance(g: Game, p: int, c: int) -> None:
    cards = g.db.cards
    opts = [x for x in g.tables[p] if cards[x].kind == KEEPER and x not in g.unit_of(c)]
    g.ask(p, "discard_keepers", opts, card=c, reason=f"discard one of your Keepers to be rid of {g.name(c)}",
          then=("ans_riddance", p, c))


def op_ans_riddance(g: Game, p: int, c: int, chosen: Chosen) -> None:
    g.discard_from_table(chosen[0], "creeper.riddance", p, target=c)  # the Keeper paid, and for which Creeper
    if c in g.tables[p]:
        g.discard_from_table(c, "creeper.riddance", p, keeper=chosen[0])


def _a(name: str) -> str:
    """A card's name with its article in a sentence: "a Malfunction", "The Borg"."""
    return name if name.startswith("The ") else ("an " if name[:1] in "AEIOU" else "a ") + name


FREE_TABLE_HERE = {"steal_tagged_keeper": _can_steal_tagged, "repair_malfunction": _can_repair,
                   "shoot_creeper": _can_shoot, "extra_turn_discard": _can_aeon,
                   "discard_with_keeper": _can_riddance}
FREE_USE_HERE = {"steal_tagged_keeper": _use_steal_tagged, "repair_malfunction": _use_repair,
                 "shoot_creeper": _use_shoot, "extra_turn_discard": _use_aeon,
                 "discard_with_keeper": _use_riddance}



def free_refusal(g: Game, p: int, c: int) -> str:
    """Why card c's free action cannot be used by p now (for a clear error)."""
    if not isinstance(c, int) or not 0 <= c < g.db.n:
        return "there is no such card"
    name = g.name(c)
    if p != g.active:
        return "free actions are only for the player whose turn it is"
    if g.temp:
        return "free actions wait until the temporary hand is done (project reading)"
    if c in g.tables[p] and not g.powered(c):
        off = next((cr for cr, k in g.attached.items() if k == c and cr in g.pidx.power_off), -1)
        what = _a(g.name(off)) if off >= 0 else "a card that switches its power off"
        return f"{name} has {what} attached: its power is off until someone repairs it"
    if c in g.used:
        return f"{name} has already been used this turn"
    if c not in g.tables[p] and c not in g.rules:
        return f"{name} is not in play in front of you"
    if g.db.cards[c].effect == "discard_with_keeper":
        return f"to be rid of {name} you must discard another Keeper of yours, and you have none to spare"
    return f"{name} has nothing to do now"




def refuse_free(g: Game, pr: Prompt, answer: Any) -> str:
    """The answer door's check: a free action the turn prompt does not offer
    is refused with the reason, not just "not one of the options"."""
    if (pr.kind == "turn" and isinstance(answer, (tuple, list)) and len(answer) == 2
            and answer[0] == "free" and tuple(answer) not in pr.options):
        return free_refusal(g, pr.player, answer[1])
    return ""


install(globals(), free_table=FREE_TABLE_HERE, free_use=FREE_USE_HERE, refusals={"free": refuse_free})
