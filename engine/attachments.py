"""Attaching Creepers, and the Actions that pull units apart.

An attaching Creeper sits on one of its player's Keepers (their choice; a
Malfunction only on an Equipment Keeper). With no such Keeper it waits,
and attaches the moment one arrives. Attached, the two are one unit: they
move, are stolen and are discarded together (``Game.unit_of``), until a
card says the Creeper detaches (Mix It All Up, Creeper Reassignment, an
Engineer's repair, or a Keeper taken into a hand, which spits it out).

``attach_due`` runs after every task of the turn machine (and before the turn prompt), so an attaching
Creeper is never left waiting while a Keeper it could take is on the
table, whatever brought either card there.
"""
from __future__ import annotations

from . import rng as R
from .cards import CREEPER, KEEPER
from .effects import ask_creeper_receiver, ask_creeper_to_move
from .events import Kind
from .game import Game
from .hooks import PASSIVE, install
from .prompts import Chosen
from .zones import EFFECT, give_to_table


def targets(g: Game, p: int, cr: int) -> list[int]:
    """The Keepers of p that Creeper cr could attach to (the card's passive
    says which: a Malfunction only an Equipment Keeper)."""
    cards = g.db.cards
    own = PASSIVE.get(cards[cr].effect)
    keepers = [c for c in g.tables[p] if cards[c].kind == KEEPER]
    return keepers if own is None else [c for c in keepers if own.attaches_to(g, c)]


def attach_due(g: Game) -> bool:
    """Attach every waiting Creeper that now has a Keeper to go to. One
    choice: it attaches at once. More: its player is asked (True)."""
    att = g.attached
    for cr in g.db.attaching:
        if cr in att:
            continue
        for p, t in enumerate(g.tables):
            if cr in t:
                opts = targets(g, p, cr)
                if len(opts) == 1:
                    attach(g, p, cr, opts[0])
                elif opts:
                    g.ask(p, "attach", opts, card=cr, then=("ans_attach", p, cr),
                          reason=f"{g.name(cr)} attaches to one of your Keepers: choose which")
                    return True
                break
    return False


def attach(g: Game, p: int, cr: int, k: int) -> None:
    g.attached[cr] = k
    g.ev(Kind.ATTACH, "creeper.attach", p, cr, keeper=k)


def op_ans_attach(g: Game, p: int, cr: int, chosen: Chosen) -> None:
    if cr in g.tables[p] and cr not in g.attached and chosen[0] in g.tables[p]:
        attach(g, p, cr, chosen[0])


def detach(g: Game, cr: int, rule: str, by: int) -> None:
    k = g.attached.pop(cr, None)
    if k is not None:
        g.ev(Kind.DETACH, rule, by, cr, keeper=k)


def act_mix_it_all_up(g: Game, p: int, c: int) -> None:
    """Gather every Keeper and Creeper in play, shuffle, and deal them out
    one at a time starting with the player of the card; attached Creepers
    come off and attach again to a Keeper of their new owner."""
    cards = g.db.cards
    pool: list[int] = []
    for q in range(g.nplayers):
        keep: list[int] = []
        for x in g.tables[q]:
            (pool if cards[x].kind in (KEEPER, CREEPER) else keep).append(x)
        g.tables[q] = keep
    for cr in list(g.attached):
        detach(g, cr, "action.mix-it-all-up", p)
    g.rng = R.shuffle(g.rng, pool)
    for i, x in enumerate(pool):
        q = (p + i) % g.nplayers
        g.tables[q].append(x)
        g.ev(Kind.DEAL_KEEPER, "action.mix-it-all-up", q, x)


def act_creeper_reassignment(g: Game, p: int, c: int) -> None:
    ask_creeper_to_move(g, p, c, "choose a Creeper to detach and move", ("ans_reassign", p, c))


def op_ans_reassign(g: Game, p: int, c: int, chosen: Chosen) -> None:
    ask_creeper_receiver(g, p, c, chosen[0], ("ans_reassign_to", p, chosen[0]))


def op_ans_reassign_to(g: Game, p: int, x: int, chosen: Chosen) -> None:
    detach(g, x, "action.creeper-reassignment", p)
    give_to_table(g, x, chosen[0], EFFECT, p)


install(globals(), after_task=((lambda db: bool(db.attaching), attach_due),))  # after every task, where a Creeper attaches
