"""The hint positions (issue 64): tables a hint is checked on, in the
scenario format with its ``hint_best`` and ``hint_names`` keys
(``tests/hints/``). ``python -m tests.hint_positions record N`` writes up to
N positions taken from recorded games (greedy seats playing seeded games;
a position is kept where a fact decides a move: a Goal scored or won now,
the game ending, a turn-ending free action, a Creeper in the way, ...).
Each position's acceptable moves are confirmed by a search at ten times the
hint's budget: the answers whose mean result is not below the best's by
more than two standard errors, and every answer that scores or wins now
with no fact against it (the project's reading: a Goal scored now is
certain). ``hint_names`` is the deciding fact of the hint's move, checked
by the reader of the file before it is kept.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine.bots import ROLLOUTS, GreedyBot, SearchBot
from engine.game import Game
from tutor.facts import facts_of, is_decisive
from tutor.hints import answer_words, clearly_better, reason

HERE = Path(__file__).resolve().parent / "hints"
CONFIRM = 10 * ROLLOUTS  # the confirming search's budget: ten times the hint's


def _q(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _list(g: Game, cards: list[int]) -> str:
    return "[" + ", ".join(_q(g.name(c)) for c in cards) + "]"


def expressible(g: Game) -> bool:
    """A position the scenario format lays out exactly: the active seat asked
    for a play, nothing pending, no temporary hand, no free action used, no
    extra turn."""
    pr = g.prompt
    return (pr is not None and pr.kind == "turn" and pr.ask == "play" and pr.player == g.active and not g.stack
            and not g.temp and not g.chain and not g.used and not g.extra and not g.in_extra and not g.playing
            and ("random",) not in pr.options)


def to_toml(g: Game, name: str, source: str, best: list[Any], names: list[str],
            each: list[list[str]] | None = None) -> str:
    out = [f"name = {_q(name)}", f"source = {_q(source)}",
           f"decks = [{', '.join(_q(d) for d in g.decks)}]", f"variant = {_q(g.variant_name)}",
           f"players = {g.nplayers}", f"hint_names = [{', '.join(_q(n) for n in names)}]", "", "[setup]", 'phase = "play"', f"active = {g.active}",
           f"drawn = {g.drawn}", f"played = {g.played}",
           f"draw_pile = {_list(g, g.draw[::-1])}", f"discard = {_list(g, g.discard[::-1])}",
           f"hands = [{', '.join(_list(g, h) for h in g.hands)}]",
           f"tables = [{', '.join(_list(g, t) for t in g.tables)}]", f"goals = {_list(g, g.goals)}"]
    if g.variant.spot_names:
        spots = g.variant.spots(g)  # type: ignore[attr-defined]
        out += [f"rules_deck = {_list(g, g.rules_deck[::-1])}", f"rules_discard = {_list(g, g.rules_discard[::-1])}",
                f"scored = {_list(g, g.scored)}"]
        out.append("spots = { " + ", ".join(f"{k} = {_q(g.name(v))}" for k, v in spots.items() if v >= 0) + " }")
    else:
        out.append(f"rules = {_list(g, g.rules)}")
    if g.attached:
        out.append("attached = { " + ", ".join(f"{_q(g.name(c))} = {_q(g.name(k))}" for c, k in g.attached.items())
                   + " }")
    out.append("")
    for i, a in enumerate(best):
        key = "play" if a[0] == "play" else "free"
        out += ["[[hint_best]]", f"{key} = {_q(g.name(a[1]))}", f"player = {g.active}"]
        if each and each[i]:
            out.append(f"names = [{', '.join(_q(n) for n in each[i])}]")
        out.append("")
    return "\n".join(out)


def confirm(g: Game) -> list[Any]:
    """The acceptable moves: a search at ten times the hint's budget; those
    not clearly worse than its best, and every move that scores now."""
    bot = SearchBot(7, rollouts=CONFIRM, ms=None)
    bot.report = []
    ranked = bot.rank(g)
    tried = bot.report or []
    best = tried[0] if tried else None
    ok = [ranked[0][0]]
    for t in tried[1:]:
        if best is not None and len(t.outcomes) >= 20 and not clearly_better(best, t):
            ok.append(t.answer)
    decisive = [o for o in (g.prompt.options if g.prompt is not None else [])
                if o[0] in ("play", "free") and is_decisive(facts_of(g, o, seed=g.decisions))]
    if decisive:  # the project's reading: a Goal scored (or a game won) now is the move, unless the
        # confirming search finds its favourite clearly better than every such move
        by = {t.answer: t for t in tried}
        top = by.get(ranked[0][0])
        beaten = top is not None and all(o in by and len(by[o].outcomes) >= 20 and clearly_better(top, by[o])
                                         for o in decisive)
        return ([ranked[0][0]] if beaten else []) + [o for o in decisive if o != ranked[0][0] or not beaten]
    return ok


# the facts a recorded position is kept for: those that decide a move (a Goal near, a count
# Goal's numbers alone do not)
DECIDING = ("scores", "wins", "loses", "ends", "completes", "blocked", "turn_ends", "turn_ends_limit", "clock")


def laid_out(path: Path) -> Game:
    from scenarios.runner import _Table, load_scenario
    return _Table(load_scenario(path)).build()


def record(n: int) -> int:
    """Write up to n positions from recorded games; returns how many. Each
    is laid out from its file and checked there (the same moves offered as
    in the game), and its acceptable moves are confirmed on that table."""
    HERE.mkdir(exist_ok=True)
    tables = [(("fluxx5",), 1, "solo"), (("fluxx5", "creeper-pack"), 1, "solo"), (("voyager",), 1, "solo"),
              (("fluxx5",), 2, "standard"), (("fluxx5", "creeper-pack"), 3, "standard"), (("voyager",), 4, "standard"),
              (("fluxx5",), 3, "standard")]
    kept = 0
    seen_kinds: dict[str, int] = {}
    for seed in range(9100, 9600):
        decks, players, variant = tables[seed % len(tables)]
        g = Game.new(decks, players, variant, seed, record=False)
        bot = GreedyBot(seed)
        steps = 0
        while not g.over and steps < 400 and kept < n:
            steps += 1
            if expressible(g) and len(g.prompt.options) >= 3:
                facts = {o: facts_of(g, o, seed=g.decisions) for o in g.prompt.options}
                kinds = {f.kind for fs in facts.values() for f in fs if f.kind in DECIDING}
                if any(seen_kinds.get(k, 0) < 4 for k in kinds):
                    path = HERE / f"rec-{variant}-{seed}-{g.decisions}.toml"
                    path.write_text(to_toml(g, "a position", "", [], []))
                    h = laid_out(path)
                    assert h.prompt is not None and sorted(h.prompt.options) == sorted(g.prompt.options), path
                    best = confirm(h)
                    each = [[f.text for f in facts_of(h, a, seed=h.decisions) if f.kind in DECIDING][:1]
                            for a in best]
                    first = facts_of(h, best[0], seed=h.decisions)
                    chosen = [f for f in first if f.kind in DECIDING]
                    if chosen and len(best) <= 3 and seen_kinds.get(chosen[0].kind, 0) < 4:
                        kind = chosen[0].kind
                        seen_kinds[kind] = seen_kinds.get(kind, 0) + 1
                        name = (f"{variant} {players}p {'+'.join(decks)} seed {seed} decision {g.decisions}: "
                                f"{answer_words(h, best[0])}: {reason(h, best[0])}")
                        src = (f"recorded: {variant}, {players} seat(s), {'+'.join(decks)}, seed {seed}, greedy "
                               f"seats, decision {g.decisions}; the moves confirmed by a search of {CONFIRM} "
                               f"rollouts on this table")
                        path.write_text(to_toml(g, name, src, best, [], each))
                        kept += 1
                        print(path.name, "|", name, file=sys.stderr)
                        break  # one position a game
                    path.unlink()
            g.push(bot.choose(g))
        if kept >= n:
            break
    return kept


def confirm_file(path: Path) -> str:
    """A position written by hand (its table, no ``[[hint_best]]`` yet): the
    acceptable moves confirmed on its table, each with its deciding fact,
    appended to the file. Returns what was added, to read."""
    h = laid_out(path)
    best = confirm(h)
    add = []
    for a in best:
        names = [f.text for f in facts_of(h, a, seed=h.decisions) if f.kind in DECIDING][:1]
        key = "play" if a[0] == "play" else "free"
        add += ["", "[[hint_best]]", f"{key} = {_q(h.name(a[1]))}", f"player = {h.active}"]
        if names:
            add.append(f"names = [{', '.join(_q(n) for n in names)}]")
    text = "\n".join(add) + "\n"
    path.write_text(path.read_text().rstrip("\n") + "\n" + text)
    return text


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "record":
        print(record(int(sys.argv[2])), "positions written to", HERE)
    elif len(sys.argv) >= 3 and sys.argv[1] == "confirm":
        for f in sys.argv[2:]:
            print(f, confirm_file(Path(f)))
    else:
        print("usage: python -m tests.hint_positions record N | confirm FILE...", file=sys.stderr)
        sys.exit(2)
