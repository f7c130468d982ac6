"""Shared helpers for the tests: random play and the engine's invariants."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from engine.game import Game


def all_zones(g: Game) -> list[int]:
    from engine.statecheck import all_cards
    return all_cards(g)


def play_through_store(store, g: Game, bot_seed: int, slot: str = "solo", assisted_at: int | None = None,
                       bot: str = "greedy") -> list:
    """Play ``g`` to its end through the store, saving after every answer as
    the app does (marked assisted after answer ``assisted_at``); the answers."""
    from engine.bots import make_bot
    from engine.runfile import answer_to_json
    b = make_bot(bot, bot_seed)
    answers: list = []
    while not g.over:
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
        store.save(g, answers, assisted=len(answers) == assisted_at, slot=slot)
    return answers


def expected_cards(g: Game) -> Counter:
    return Counter(g.variant.in_game(g))


def check_invariants(g: Game) -> None:
    """The invariants every reachable state keeps (issue 2, item 6)."""
    got = Counter(all_zones(g))
    want = expected_cards(g)
    assert got == want, f"cards lost {want - got} or duplicated {got - want}"
    assert (g.prompt is not None) != g.over, "exactly one of 'a question is pending' and 'the game is over'"
    for cr, k in g.attached.items():
        assert any(cr in t and k in t for t in g.tables), "an attachment spans two tables"
    check_voyager_invariants(g)
    if g.prompt is not None and g.prompt.kind == "turn" and g.prompt.ask == "play":
        a = g.active
        for q in range(g.nplayers):
            if q != a:
                assert not g.over_limit(q), f"p{q} is over a limit while p{a} is asked to play"
    check_prompt(g)
    check_goal_cache(g)
    check_rule_view(g)
    d = g.to_dict()
    d2 = json.loads(json.dumps(d))
    assert d2 == d, "to_dict() is not plain JSON data (tuples or number keys left in it)"
    assert list(d["attached"]) == sorted(d["attached"], key=int), "attachments are not written in card order"
    # every reachable state passes the saved-state check (no false refusal): the
    # fields every 4th decision, and each answer tried out every 32nd (the costly part)
    back = Game.from_dict(d2, check="full" if g.decisions % 32 == 0 else "fields" if g.decisions % 4 == 0 else "none")
    assert back.to_dict() == d, "the state does not round-trip through JSON"
    # and the restored game is the same game, field by field, types included
    # (a Creeper's key back as a number, stack tasks back as tuples)
    from engine.game import STATE
    from engine.positions import key_of
    for f, shape in STATE:
        if shape == "positions":  # positions in play, keys once written (engine.draws)
            assert [key_of(x) for x in getattr(back, f)] == [key_of(x) for x in getattr(g, f)], \
                f"'{f}' differs after a JSON round trip"
            continue
        assert getattr(back, f) == getattr(g, f), f"'{f}' differs after a JSON round trip"


def check_goal_cache(g: Game) -> None:
    """The Goal check's cache is never stale: when the table is the one a check
    found no winner on, a check from scratch finds no winner either."""
    from engine.goals import goal_winners
    from engine.variants import goal_inputs, same_goal_inputs
    if g._no_winner_at is not None:
        assert same_goal_inputs(g, g._no_winner_at) == (g._no_winner_at == goal_inputs(g)), \
            "the in-place comparison of the Goal check's inputs disagrees with a fresh copy"
    if g._no_winner_at is not None and g._no_winner_at == goal_inputs(g) and not g.over:
        won = {p for goal in g.goals for p in goal_winners(g, goal)}
        assert len(won) != 1, f"the cached Goal check missed p{won} winning"


def check_rule_view(g: Game) -> None:
    """The shared RuleView of the rules in play (worked out once per set of
    rules) says what the rules in play, looked at afresh, say."""
    from engine.effect_specs import SLOT_DRAW, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT, SLOT_PLAY
    v = g.rule_view()
    cards = g.db.cards

    def slot(name):
        return next((r for r in g.rules if cards[r].slot == name), -1)

    plus = sum(g.passive[r].numeral for r in g.rules)
    assert (v.draw_card, v.play_card, v.hand_card, v.keeper_card) == tuple(
        slot(s) for s in (SLOT_DRAW, SLOT_PLAY, SLOT_HAND_LIMIT, SLOT_KEEPER_LIMIT)), "stale slot rules"
    assert v.plus == plus == g.inflation(), "stale Inflation"
    assert v.draw_base == (cards[v.draw_card].params["n"] if v.draw_card >= 0 else 1) + plus
    assert v.hand_max == (cards[v.hand_card].params["n"] + plus if v.hand_card >= 0 else -1)
    assert v.keeper_max == (cards[v.keeper_card].params["n"] + plus if v.keeper_card >= 0 else -1)
    assert sorted(v.draw_bonus) == sorted(r for r in g.rules if r in g.pidx.draw)
    assert sorted(v.play_bonus) == sorted(r for r in g.rules if r in g.pidx.play)
    assert v.goal_room == max([1] + [g.passive[r].goal_room for r in g.rules])
    assert v.random_first == any(g.passive[r].random_first for r in g.rules)
    from engine.hooks import FREE_RULES
    assert v.free == any(cards[r].effect in FREE_RULES for r in g.rules)
    # the plays by the numeral, where the Play rule counts them so, as the Play rule works them out
    if v.play_max >= 0 and not v.play_bonus:
        assert max(0, min(v.play_max - g.played, len(g.hands[g.active]))) == g._plays_left(g.active, v)
    assert v.play_max == (1 + plus if v.play_card < 0 else
                          cards[v.play_card].params["n"] + plus if g.passive[v.play_card].by_numeral else -1)
    # the draw owed, worked out term by term for the tutor, adds up to the cached sum
    assert g.draw_quantity(g.active).value == sum(n for _, n in g.draw_quantity(g.active).terms) == g.draw_required(g.active)


def check_voyager_invariants(g: Game) -> None:
    """Surprise chains and attachments (issue 7)."""
    from engine.attachments import targets
    from engine.cards import KEEPER
    cards = g.db.cards
    pr = g.prompt
    if g.chain:
        assert pr is not None and pr.ask == "surprise", "a chain is open but nobody is asked to answer it"
    if pr is not None and pr.ask == "surprise":
        assert g.chain and pr.player != g.chain[-1][1], "a Surprise window for the player of the top card"
    for cr, k in g.attached.items():
        assert cards[cr].attaching and cards[k].kind == KEEPER, "only an attaching Creeper sits on a Keeper"
        if cards[cr].effect == "malfunction":
            assert cards[k].equipment, "a Malfunction on a Keeper that is not Equipment"
    if pr is not None and pr.ask != "attach":
        for cr in g.db.attaching:
            for p, t in enumerate(g.tables):
                if cr in t and cr not in g.attached:
                    assert not targets(g, p, cr), f"{cards[cr].name} waits though p{p} has a Keeper for it"


def scaled(n: int) -> int:
    """How many examples or games a test of ``n`` runs: all of them in a full
    run (CI); a quarter in the fast inner loop (``pytest -m "not slow"``);
    an eighth under mutation testing, where each mutant's run must be short.
    Never fewer than 4, so every deck set and table size is still played."""
    from . import conftest
    if conftest.PROFILE == "mutation":
        return max(4, n // 8)
    return max(4, n // 4) if conftest.FAST else n


def table(text: str):
    """The Game a scenario written inline (TOML, the scenario format) lays
    out, ready for its first answer."""
    import tomllib

    from scenarios.runner import Scenario, build_table
    return build_table(Scenario.model_validate(tomllib.loads('name = "inline"\n' + text)))


def first_choice(g: Game):
    """The test player's policy as keys give it: the first move, the first
    option (the first ``min`` options when several are asked for)."""
    pr = g.prompt
    if pr.kind == "turn":
        return pr.options[0]
    only = pr.legal_answers(limit=2)
    if len(only) == 1:
        return only[0]
    if pr.max <= 1:
        return ("choose", (pr.options[0],))
    return ("choose", tuple(pr.options[:pr.min]))


def play(g: Game, name: str) -> list:
    """Play the named card from the hand of the player asked; the events."""
    return g.push(("play", g.db.find(name)))


def choose(g: Game, *names: str) -> list:
    """Answer a card question with the named cards; the events."""
    return g.push(("choose", tuple(g.db.find(n) for n in names)))


def run_cli(*args: str):
    """Run the command line in this process (so that mutation testing reaches
    it): an object with returncode, stdout and stderr, like subprocess.run."""
    import io
    from contextlib import redirect_stderr, redirect_stdout
    from types import SimpleNamespace

    from solo.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


from engine.effect_specs import ASKS  # noqa: E402  (the questions' words live in the engine)


def check_prompt(g: Game) -> None:
    """The question being asked is well formed: a known word, options of the
    right kind, sensible bounds, a reason in words, a seat that exists."""
    pr = g.prompt
    if pr is None:
        return
    assert ASKS.get(pr.ask) == pr.domain, f"question '{pr.ask}' with {pr.domain} options"
    assert 0 <= pr.player < g.nplayers
    assert isinstance(pr.reason, str) and len(pr.reason) > 5, f"'{pr.ask}' gives no reason: {pr.reason!r}"
    assert pr.options, f"'{pr.ask}' has no options"
    assert -1 <= pr.card < g.db.n
    # every question but the turn's own and the two-Goals choice comes from a card, and names it
    # (the app shows it beside the question; the tutor explains it)
    if pr.ask not in ("play", "goal_discard"):
        assert pr.card >= 0, f"'{pr.ask}' does not name the card that asks"
    if pr.kind == "turn":
        assert pr.ask in ("play", "play_temp")
        for o in pr.options:
            assert o[0] in ("play", "free", "end", "random") and (len(o) == 1 or 0 <= o[1] < g.db.n), o
        return
    assert pr.kind == "choose" and 0 <= pr.min <= pr.max and pr.min <= len(pr.options), (pr.ask, pr.min, pr.max)
    assert pr.then and isinstance(pr.then[0], str)
    if pr.domain == "cards":
        assert all(isinstance(o, int) and 0 <= o < g.db.n for o in pr.options)
    elif pr.domain == "players":
        assert all(isinstance(o, int) and 0 <= o < g.nplayers for o in pr.options)
    else:
        assert all(isinstance(o, str) and o for o in pr.options)


# Events about the game as a whole (a turn, a pile, a hand swap); every other
# event is about one card and names it, for the tutor and the table.
EVENTS_WITHOUT_A_CARD = frozenset({"extra_turn_first", "game_over", "no_cards", "reshuffle", "rotate", "solo_setup",
                                   "trade", "turn_end", "turn_start", "draw_phase", "play_phase", "catch_up",
                                   "plays_left"})


def check_events(g: Game, events) -> None:
    """Every event names a kind the tutor explains and a rule it has an entry
    for, seats and cards that exist, and no empty value in its data."""
    from engine.rule_ids import RULES
    from tutor.explain import EXPLAINED_KINDS
    for e in events:
        assert e.kind in EXPLAINED_KINDS, f"event kind {e.kind!r}"
        assert e.rule in RULES, f"rule id {e.rule!r} on {e.kind}"
        assert -1 <= e.player < g.nplayers and -1 <= e.card < g.db.n and -1 <= e.cause < g.db.n, e
        if e.kind not in EVENTS_WITHOUT_A_CARD:
            assert e.card >= 0, f"a '{e.kind}' event names no card"
        if e.kind not in ("game_over", "reshuffle", "tie"):  # a stalemate has no winner; a pile no owner
            assert e.player >= 0, f"a '{e.kind}' event names no player"
        must, may = EVENT_DATA.get(e.kind, ((), ()))
        missing = set(must) - set(e.data)
        assert not missing, f"a '{e.kind}' event lacks {sorted(missing)}"
        extra = set(e.data) - set(must) - set(may)
        assert not extra, f"a '{e.kind}' event carries unknown {sorted(extra)}"
        for k, v in e.data.items():
            assert v is not None, f"{e.kind} carries {k}=None"
            assert DATA_CHECKS[k](g, v), f"{e.kind} carries {k}={v!r}"
        if e.kind == "rule":
            assert ("spot" in e.data) == (e.rule == "solo.spot"), e
        # the tutor's arithmetic adds up
        if e.kind == "draw_phase":
            assert sum(t[1] for t in e.data["terms"]) == e.data["n"], e
        if e.kind == "catch_up":
            assert sum(t[1] for t in e.data["terms"]) - e.data["drawn"] == e.data["owed"], e



# What each kind of event carries besides its player and card: (always, sometimes).
EVENT_DATA = {
    "attach": (("keeper",), ()), "earned": (("n",), ()), "swap": (("left", "played", "rule_card"), ("terms", "allowed", "hand", "kept")), "random_play": ((), ("terms",)), "detach": (("keeper",), ()),
    "canceled": (("by",), ()), "discard_table": (("by",), ("limit", "n", "goal", "limit_card", "along", "target", "keeper", "alone")), "give": (("by",), ()),
    "discard": ((), ("random",)), "empty_trash": (("count",), ()), "reshuffle": (("count",), ()),
    "limit_discard": (("limit", "n", "limit_card"), ()), "move": (("frm",), ("by",)), "nothing": ((), ("why",)),
    "play": (("src",), ("left", "played", "rule_card", "free", "allowed", "hand", "terms", "kept")), "inflated": (("param", "printed", "total"), ()), "plays_left": (("left", "played", "rule_card"), ("free", "allowed", "hand", "terms", "kept")), "potato": (("frm",), ()), "redirect": (("frm",), ()), "take": (("frm",), ()),
    "rps": (("mine", "theirs", "score", "frm", "wins"), ()), "rule": ((), ("spot",)), "score": (("score",), ()),
    "surprise": (("target",), ()), "surprise_done": (("canceled",), ()),
    "take_hand": (("frm", "count"), ()), "to_hand": ((), ("frm", "pile")), "from_discard": ((), ("rules_pile",)),
    "turn_start": (("turn", "extra"), ()), "rotate": (("direction",), ()), "trade": (("frm",), ()),
    "solo_setup": (("set_aside",), ()), "game_over": ((), ("score", "winner", "goal", "deck", "instead", "turns", "rounds", "loop_card", "turn", "rivals", "most")),
    "draw_phase": (("n", "terms"), ()), "catch_up": (("owed", "drawn", "terms", "resumed", "piles"), ()),
    "play_phase": (("n", "terms", "hand"), ()), "turn_end": (("played",), ("empty", "chose", "rule_card", "allowed", "gone", "terms", "kept")),
    "goal_discarded": ((), ("replaced_by", "chooser")), "rule_discarded": ((), ("replaced_by", "spot")), "goal": ((), ("joined", "beside")),
    "bonus": (("n", "to"), ()), "blocked": (("stopper",), ("keeper", "stand_in", "also")), "tie": (("players",), ()),
    "excused": (("creeper", "goal"), ()), "short": (("has", "needs", "printed"), ()),
}


def _seat(g, v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < g.nplayers


def _card(g, v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < g.db.n


def _count(g, v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


DATA_CHECKS = {
    "instead": lambda g, v: isinstance(v, list) and bool(v) and all(
        isinstance(x, list) and len(x) == 2 and all(_card(g, y) for y in x) and x[0] != x[1] for x in v),
    "by": _seat, "frm": _seat, "keeper": _card, "target": _card, "along": _card,
    "limit_card": lambda g, v: v == -1 or _card(g, v), "count": _count, "set_aside": _count,
    "score": lambda g, v: _count(g, v) or (isinstance(v, list) and len(v) == 2 and all(_count(g, x) for x in v)),
    "turn": lambda g, v: _count(g, v) and v >= 1, "winner": lambda g, v: v == -1 or _seat(g, v),
    "canceled": lambda g, v: isinstance(v, bool), "random": lambda g, v: v is True,
    "extra": lambda g, v: isinstance(v, bool),
    "limit": lambda g, v: v in ("hand", "keeper"),
    "src": lambda g, v: v in (0, 1, 2) and not isinstance(v, bool), "why": lambda g, v: isinstance(v, str) and bool(v),
    "mine": lambda g, v: v in ("rock", "paper", "scissors"), "theirs": lambda g, v: v in ("rock", "paper", "scissors"),
    "spot": lambda g, v: v in ("draw", "play", "limit", "other"),
    "direction": lambda g, v: v in ("next", "previous"), "pile": lambda g, v: v in ("discard", "draw"),
    "n": lambda g, v: isinstance(v, int) and not isinstance(v, bool), "owed": lambda g, v: _count(g, v) and v > 0, "drawn": _count, "hand": _count, "played": _count,
    "alone": lambda g, v: v is True,
    "most": lambda g, v: isinstance(v, list) and len(v) == 2 and all(_count(g, x) for x in v) and v[0] >= v[1],
    "also": lambda g, v: isinstance(v, list) and bool(v) and all(_card(g, x) for x in v),
    "rivals": lambda g, v: isinstance(v, list) and bool(v) and all(isinstance(x, list) and len(x) == 2 and 0 <= x[0] < g.nplayers
                                                                 and _card(g, x[1]) for x in v),
    "kept": lambda g, v: isinstance(v, list) and len(v) > 1 and all(isinstance(t, list) and len(t) == 2 and _card(g, t[0])
                                                            and isinstance(t[1], int) for t in v),
    "terms": lambda g, v: isinstance(v, list) and bool(v) and all(
        isinstance(t, list) and len(t) == 2 and (t[0] == -1 or _card(g, t[0])) and isinstance(t[1], int) for t in v),
    "empty": lambda g, v: v is True, "chose": lambda g, v: v is True, "deck": lambda g, v: v in ("Main", "Rules"), "rounds": lambda g, v: isinstance(v, int) and v > 0,
    "turns": lambda g, v: isinstance(v, list) and len(v) == 2 and all(isinstance(t, int) and 0 < t <= g.turn for t in v),
    "goal": lambda g, v: v == -1 or (_card(g, v) and g.db.cards[v].kind == 1), "replaced_by": _card,
    "chooser": _seat, "left": _count, "free": lambda g, v: isinstance(v, bool), "has": _count, "needs": lambda g, v: _count(g, v) and v >= 2, "wins": lambda g, v: _count(g, v) and v >= 1, "rules_pile": lambda g, v: v is True, "joined": lambda g, v: isinstance(v, bool),
    "to": lambda g, v: v in ("draw", "play"), "stopper": _card, "stand_in": _card, "loop_card": _card, "creeper": _card, "rule_card": lambda g, v: v == -1 or _card(g, v), "gone": lambda g, v: v == -1 or _card(g, v),
    "allowed": lambda g, v: isinstance(v, int) and v >= -1,
    "resumed": lambda g, v: isinstance(v, bool), "piles": _count, "beside": lambda g, v: isinstance(v, list) and all(_card(g, x) for x in v), "printed": _count, "total": _count,
    "param": lambda g, v: isinstance(v, str) and bool(v),
    "players": lambda g, v: isinstance(v, list) and len(v) >= 2 and all(_seat(g, q) for q in v),
}


def check_chains(log) -> None:
    """Every Surprise chain in a game's log settled as the rules say: from
    the top down, the last card or power played stands, the one under it is
    canceled, the one under that stands, and so on. Each entry of a chain
    is logged as a 'surprise' event aimed at the entry below it; each
    Surprise (not a power) is reported 'surprise_done' when the chain settles."""
    chain: list[int] = []
    settling = False
    for e in log:
        if e.kind == "surprise":
            if settling or not chain or e.data["target"] != chain[-1]:
                chain, settling = [], False  # a new chain on a new play
            chain.append(e.card)
        elif e.kind == "surprise_done":
            settling = True
            assert e.card in chain, f"{e.card} settled but was never played into the chain"
            depth = len(chain) - 1 - chain.index(e.card)
            assert e.data["canceled"] == (depth % 2 == 1), f"depth {depth} of {chain} settled as {e.data}"


def make_app(store, **kw):
    """The app on a given store, with animations off (for Pilot)."""
    from solo.app import SoloFluxxApp
    app = SoloFluxxApp(store, **kw)
    app.animation_level = "none"
    return app


def break_sim_games(monkeypatch, seeds, error: Exception, play=None) -> None:
    """Make the sim's games of these seeds raise ``error``; the others are
    played by ``play`` (default: the real play_game)."""
    from engine import sim
    play = play or sim.play_game

    def breaking(decks, players, variant, seed, bot, **kw):
        if seed in seeds:
            raise error
        return play(decks, players, variant, seed, bot, **kw)
    monkeypatch.setattr(sim, "play_game", breaking)


def screen_lines(app) -> list[str]:
    """The text on the terminal now, line by line (what a player sees)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def boxes(screen):
    """The table's rows of boxes (their regions: ``.region_of(key)``)."""
    from solo.app.widgets import BoxRows
    return screen.query_one("#boxes", BoxRows)


def zone_text(app, where) -> str:
    """The text a widget or a box shows on screen (its region of the
    terminal: a widget's, or a ``Region``), joined into one line with single
    spaces (so a name wrapped in a box reads whole)."""
    r = getattr(where, "region", where)
    lines = screen_lines(app)[r.y:r.y + r.height]
    inner = [ln[r.x:r.x + r.width].strip("│╭╮╰╯─ ") for ln in lines]
    return " ".join(" ".join(x.split()) for x in inner if x)


async def until(pilot, cond, seconds: float = 60.0) -> None:
    """Let the app run until ``cond()`` holds (a hint from its worker process)."""
    import time
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("the app did not get there in time")
        await pilot.pause(0.05)


async def first_choice_keys(pilot, dialog) -> None:
    """Answer a question's dialog from the keyboard with its first choice:
    mark the first options a pick-many dialog needs, then Enter."""
    from solo.app.dialogs import PickManyDialog
    if isinstance(dialog, PickManyDialog):
        for _ in range(dialog.pr.min):
            await pilot.press("space", "down")
    await pilot.press("enter")


def modules_loaded_by(code: str, wanted: str) -> list[str]:
    """In a fresh interpreter, run ``code`` and return the sorted names of
    the modules it left loaded among ``wanted`` (a Python expression that
    is a predicate on a module name, ``m``)."""
    import subprocess
    import sys
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if {wanted})))"
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    names: list[str] = json.loads(r.stdout)
    return names


def run_probe(code: str) -> Any:
    """Run ``code`` in a fresh interpreter and return the JSON it prints last."""
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def store_a_finished_run(seed: int = 1) -> None:
    """A Solo game played to its end by the random bot and filed in the
    history of the store in SOLO_FLUXX_HOME (run 1 of a new store): a run
    that export and verify accept."""
    from engine.bots import make_bot
    from engine.runfile import answer_to_json
    from solo.store import Store
    s = Store()
    g = Game.new(("fluxx5",), 1, "solo", seed)
    s.claim("solo")
    s.start(g)
    b = make_bot("random", seed)
    answers = []
    while not g.over:
        a = b.choose(g)
        answers.append(answer_to_json(g, a))
        g.push(a)
    s.save(g, answers)
    s.close()


def game_screen(app, g, info):
    """A game screen as the app makes one: with the link the app gives it (the
    preferences as saved, the slot's save, the hint worker)."""
    from solo.app.screens import GameScreen
    return GameScreen(g, [], info, app.link_for(info))


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting for its parent to read its end does not)."""
    from pathlib import Path
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"
