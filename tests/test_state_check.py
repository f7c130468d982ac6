"""A saved state is checked before it is played on (issue 16): a garbled
state is refused with one sentence naming what is wrong, or it plays on
with every invariant holding. Never a crash later, on the next move."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.cards import KEEPER
from engine.game import Game
from engine.statecheck import BadState

from .helpers import check_invariants, scaled

TABLES = [(("fluxx5",), 1, "solo"), (("fluxx5", "creeper-pack"), 1, "solo"), (("fluxx5", "creeper-pack"), 3, "standard"),
          (("voyager",), 4, "standard")]

junk = st.one_of(st.integers(-3, 3), st.integers(-2**70, 2**70), st.text(max_size=5), st.booleans(), st.none(),
                 st.lists(st.integers(-2, 400), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                 st.floats(allow_nan=False))


def a_state(table: int, seed: int, steps: int) -> dict:
    decks, players, variant = TABLES[table]
    g = Game.new(decks, players, variant, seed)
    bot = make_bot("random", seed)
    for _ in range(steps):
        if g.over:
            break
        g.push(bot.choose(g))
    return json.loads(json.dumps(g.to_dict()))


def paths(v, here=()):
    """Every place in a JSON value: (path, value)."""
    yield here, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from paths(x, here + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from paths(x, here + (i,))


def put(d, path, value):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


def drop(d, path):
    for k in path[:-1]:
        d = d[k]
    if isinstance(d, dict):
        del d[path[-1]]
    else:
        d.pop(path[-1])


def plays_on(d: dict, seed: int) -> None:
    """Either refused with a sentence, or played on with every invariant holding."""
    try:
        g = Game.from_dict(d)
    except BadState as e:
        assert str(e) and "\n" not in str(e)
        return
    check_invariants(g)
    bot = make_bot("random", seed)
    for _ in range(100):  # (issue 38: every loaded garbled state plays on 100 steps with every invariant)
        if g.over:
            break
        g.push(bot.choose(g))
        check_invariants(g)


@settings(max_examples=scaled(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.integers(0, len(TABLES) - 1), seed=st.integers(0, 10**6), steps=st.integers(0, 60),
       where=st.integers(0, 10**9), how=st.sampled_from(["replace", "drop", "move", "swap"]), value=junk,
       other=st.integers(0, 10**9))
@example(table=0, seed=7, steps=19, where=122, how="replace", value=[], other=0)  # a task named by a list
@example(table=0, seed=5382, steps=10, where=533858, how="move", value=None, other=250)  # two Draw rules
@example(table=0, seed=15, steps=15, where=46625, how="replace", value="0", other=0)  # a question named "0"
def test_a_garbled_state_is_refused_or_plays_on_soundly(table, seed, steps, where, how, value, other):
    d = a_state(table, seed, steps)
    places = [p for p, _ in paths(d) if p]
    path = places[where % len(places)]
    if how == "replace":
        put(d, path, value)
    elif how == "drop":
        drop(d, path)
    else:  # a card to another place (move), or two cards trading places (swap): the counts still add up
        cards = [p for p, v in paths(d) if p and p[0] in ("draw", "discard", "hands", "tables", "rules", "goals",
                                                            "scored", "rules_deck", "rules_discard", "temp")
                 and isinstance(v, int) and not isinstance(v, bool) and (p[0] != "temp" or p[2] == 2)]
        lists = [p for p, v in paths(d) if p and isinstance(v, list) and p[0] in ("draw", "discard", "hands",
                                                                                  "tables", "rules", "goals")
                 and all(isinstance(x, int) for x in v)]
        if not cards or not lists:
            return
        a = cards[where % len(cards)]
        if how == "swap":
            b = cards[other % len(cards)]
            va, vb = copy.deepcopy(d), None
            x = va
            for k in a:
                x = x[k]
            y = va
            for k in b:
                y = y[k]
            vb = y
            put(va, a, vb)
            put(va, b, x)
            d = va
        else:
            x = d
            for k in a:
                x = x[k]
            drop(d, a)
            target = lists[other % len(lists)]
            t = d
            for k in target:
                t = t[k]
            if isinstance(t, list):
                t.append(x)
    plays_on(d, seed)


@pytest.mark.parametrize("change, says", [
    (lambda d: d["hands"][0].__setitem__(0, 4000), "'hands[0]' is not a list of card ids"),
    (lambda d: d["hands"][0].append(d["draw"][-1]), "the cards do not add up (in two places"),
    (lambda d: d["draw"].pop(), "the cards do not add up (missing"),
    (lambda d: d.__setitem__("seed", "7"), "'seed' is not a whole number"),
    (lambda d: d.__setitem__("phase", "lunch"), "'phase' is not one of"),
    (lambda d: d.__setitem__("stack", [["fly_away", 1]]), "'stack[0]' is not a task the engine knows"),
    (lambda d: d.__setitem__("prompt", None), "a question must be pending exactly when the game is not over"),
    (lambda d: d.__setitem__("decks", ["fluxx5", "fluxx5"]), "'decks' names a deck twice"),
    (lambda d: d.__setitem__("nplayers", 9), "the saved game cannot be set up"),
    (lambda d: d.pop("rng"), "the field 'rng' is missing"),
    (lambda d: d["prompt"]["options"].append(["play", d["draw"][0]]), "the pending turn question ('play') is not"),
    # issue 38: a phase the loop would stall in, a stale Surprise chain, nesting past any real state's
    (lambda d: d.__setitem__("phase", "end"), "in the 'end' phase nothing pending carries the turn on"),
    (lambda d: d.__setitem__("phase", "setup"), "'phase' 'setup' is not one a game that asks a question can be in"),
    (lambda d: d.__setitem__("phase", "over"), "'phase' is 'over' exactly when the game is over"),
    (lambda d: d["stack"].append(["begin_play"]), "a 'begin_play' task is pending in the 'play' phase"),
    (lambda d: d.__setitem__("chain", [[d["draw"][0], 0, "play", 0, 0]]),
     "'chain' (the cards fought over by Surprises) does not match"),
    (lambda d: d["stack"].insert(0, ["draw_phase", [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]),
     "'stack[0]' holds a value that is not plain data"),
    (lambda d: d["stack"].insert(0, ["draw_phase", nest(5000)]), "'stack[0]' holds a value that is not plain data"),
    (lambda d: d["prompt"].__setitem__("options", d["prompt"]["options"] + d["prompt"]["options"][:1]),
     "'prompt.options' offers an option twice"),
    (lambda d: d["prompt"]["options"].append(["play", "Milk"]), "'prompt.options' are not moves"),
    (lambda d: d.__setitem__("hands", {"0": []}), "'hands' is not one list of cards per player"),
    (lambda d: d.__setitem__("attached", [1, 2]), "'attached' is not a map of Creeper to Keeper"),
])
def test_each_kind_of_damage_gets_its_sentence(change, says):
    d = a_state(0, 3, 4)
    change(d)
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value).startswith(says) or says in str(e.value)


def nest(depth: int) -> list:
    """A list nested ``depth`` deep, built without recursion."""
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


def a_question(domain: str) -> dict:
    """A state asking a question of ``domain`` options, from random games."""
    for table in range(len(TABLES)):
        decks, players, variant = TABLES[table]
        for seed in range(200):
            g = Game.new(decks, players, variant, seed)
            bot = make_bot("random", seed)
            while not g.over:
                if g.prompt.domain == domain and g.prompt.kind == "choose":
                    return json.loads(json.dumps(g.to_dict()))
                g.push(bot.choose(g))
    raise AssertionError(f"no {domain} question in 200 games of each table")


@pytest.mark.parametrize("domain, bad, says", [("cards", 10_000, "'prompt.options' are not card ids"),
                                               ("words", 5, "'prompt.options' are not words"),
                                               ("players", "p1", "'prompt.options' are not seats"),
                                               ("players", 7, "'prompt.options' are not seats")])
def test_a_question_offers_options_of_its_own_kind(domain, bad, says):
    d = a_question(domain)
    Game.from_dict(copy.deepcopy(d))  # as it was: sound
    d["prompt"]["options"][0] = bad
    with pytest.raises(BadState, match=says):
        Game.from_dict(d)


@pytest.mark.parametrize("damage", [lambda d: [d], lambda d: "a state", lambda d: {**d, "decks": 5},
                                    lambda d: {**d, "stack": nest(100_000)}, lambda d: {**d, "prompt": [1, 2]},
                                    lambda d: {**d, "temp": [[0, 1, {"a": 1}, 1, "play"]]},
                                    lambda d: {**d, "chain": [[1, 0, "play", nest(50_000), 0]]}])
def test_a_state_of_any_shape_gets_a_sentence_never_a_crash(damage):
    d = damage(a_state(0, 3, 4))
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) and "\n" not in str(e.value)


def test_a_card_of_the_wrong_kind_on_the_table_is_refused():
    d = a_state(0, 3, 0)
    g = Game.from_dict(d)
    goal = next(c for c in d["draw"] if g.db.cards[c].kind == 1)
    d["draw"].remove(goal)
    d["tables"][0].append(goal)
    with pytest.raises(BadState, match="not a Keeper or Creeper"):
        Game.from_dict(d)


def test_a_good_state_passes_and_is_the_same_game():
    d = a_state(2, 5, 30)
    assert Game.from_dict(d).to_dict() == d


def test_a_surprise_chain_on_a_play_names_the_card_being_played():
    """An open chain of Surprises fights over a card being played: a saved
    chain whose played card sits elsewhere (here, in the discard pile) is
    refused, even with every card still counted once."""
    for seed in range(100):
        g = Game.new(("voyager",), 3, "standard", seed)
        bot = make_bot("random", seed)
        while not g.over and not (g.chain and g.chain[0][2] == "play"):
            g.push(bot.choose(g))
        if not g.over:
            break
    d = json.loads(json.dumps(g.to_dict()))
    Game.from_dict(copy.deepcopy(d))  # as it was: sound
    card = d["chain"][0][0]
    d["playing"].remove(card)
    d["discard"].append(card)
    with pytest.raises(BadState, match="'chain' names a card that is not in the being-played area"):
        Game.from_dict(d)


def _set(key, value):
    return lambda d: d["prompt"].__setitem__(key, value)


# (the question to damage, the damage, the sentence: {n} the card count, {last} the last seat)
PROMPT_DAMAGE = [
    ("moves", lambda d: d.__setitem__("prompt", ["turn"]), "'prompt' is not a question"),
    ("moves", lambda d: d["prompt"].pop("reason"), "'prompt' has no 'reason'"),
    ("moves", _set("kind", "ask"), "'prompt.kind' is not turn or choose"),
    ("moves", _set("player", 1), "'prompt.player' is not a seat from 0 to {last}"),  # one seat: 1 is past it
    ("moves", _set("player", "0"), "'prompt.player' is not a seat from 0 to {last}"),
    ("moves", _set("ask", ""), "'prompt' ask, reason and domain are not text"),
    ("moves", _set("ask", "fly"), "'prompt.ask' 'fly' is not a question the engine asks with 'moves' options"),
    ("moves", _set("reason", " abcde "), "'prompt.reason' is not a reason in words"),
    ("moves", _set("options", "play"), "'prompt.options' is not a list of plain values"),
    ("moves", _set("options", [1.5]), "'prompt.options' is not a list of plain values"),
    ("moves", _set("min", 2), "'prompt' min and max are not 0 <= min <= max"),
    ("moves", _set("min", "1"), "'prompt' min and max are not 0 <= min <= max"),
    ("moves", _set("options", []), "'prompt' is a turn question with no options"),
    ("moves", _set("card", -2), "'prompt.card' is not a card id or -1"),
    ("moves", _set("card", "{n}"), "'prompt.card' is not a card id or -1"),
    ("moves", lambda d: d["prompt"].__setitem__("card", len(d["cards"])), "'prompt.card' is not a card id or -1"),
    ("moves", lambda d: d["prompt"]["options"].append(["play", len(d["cards"])]),
     "'prompt.options' are not moves (play or free with a card id, end, random)"),
    ("cards", lambda d: d["prompt"].update(min=3, max=3), "'prompt' asks for more choices than it offers"),
    ("cards", lambda d: d["prompt"]["options"].append(len(d["cards"])), "'prompt.options' are not card ids"),
    ("cards", _set("then", ["fly_away"]), "'prompt.then' is not a task the engine knows"),
    ("players", lambda d: d["prompt"]["options"].append(d["nplayers"]), "'prompt.options' are not seats from 0 to {last}"),
]


@pytest.mark.parametrize("domain, damage, says", PROMPT_DAMAGE)
def test_each_fault_of_the_pending_question_gets_its_sentence(domain, damage, says):
    d = a_state(0, 3, 0) if domain == "moves" else a_question(domain)
    Game.from_dict(copy.deepcopy(d))  # as it was: sound
    damage(d)
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == says.format(n=len(d["cards"]), last=d["nplayers"] - 1)


def test_a_reason_of_six_letters_is_a_reason():
    """(Six letters pass as words; the question is then refused only for not
    being the one this table asks.)"""
    d = a_state(0, 3, 0)
    d["prompt"]["reason"] = " abcdef "
    with pytest.raises(BadState, match=r"^the pending turn question \('play'\) is not the one this table asks"):
        Game.from_dict(d)


@pytest.mark.parametrize("task, says", [
    ([], "'stack[0]' is not a task the engine knows"),
    (5, "'stack[0]' is not a task the engine knows"),
    ("draw_phase", "'stack[0]' is not a task the engine knows"),
    (["ask_hand_limit", 0, "rule.hand-limit", 7], "'stack[0]' gives 'ask_hand_limit' 3 arguments; it takes 2 to 2"),
    (["ask_hand_limit", 0], "'stack[0]' gives 'ask_hand_limit' 1 arguments; it takes 2 to 2"),
])
def test_a_pending_task_of_the_wrong_shape_gets_its_sentence(task, says):
    d = a_state(0, 3, 0)
    d["stack"].insert(0, task)
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == says


@pytest.mark.parametrize("damage, says", [
    (lambda d: d.pop("turn"), "the field 'turn' is missing"),
    (lambda d: d.__setitem__("draw", 5), "'draw' is not a list of card ids (0 to {last_card})"),
    (lambda d: d.__setitem__("active", 1), "'active' is not a seat from 0 to 0"),  # Solo's one seat is 0
    (lambda d: d.__setitem__("active", "0"), "'active' is not a seat from 0 to 0"),
    (lambda d: d.__setitem__("rng", -1), "'rng' is not a 64-bit generator state"),
    (lambda d: d.__setitem__("rng", 2**64), "'rng' is not a 64-bit generator state"),
    (lambda d: d.__setitem__("rng", "5"), "'rng' is not a 64-bit generator state"),
    (lambda d: d.__setitem__("stale", "x"), "'stale' is not a whole number of 0 or more"),
    (lambda d: d.__setitem__("stale", -1), "'stale' is not a whole number of 0 or more"),
    (lambda d: d.__setitem__("end", 5), "'end' is not the id of the rule that ended the game (text, or empty)"),
    (lambda d: d.__setitem__("end", "x" * 65), "'end' is not the id of the rule that ended the game (text, or empty)"),
    # the edges that hold, and the fields an older save may not have (their defaults)
    (lambda d: d.__setitem__("rng", 0), None),
    (lambda d: d.__setitem__("rng", 2**64 - 1), None),
    (lambda d: d.__setitem__("end", "x" * 64), None),
    (lambda d: [d.pop(f) for f in ("stale", "end", "chain", "seen", "seen_play", "seen_free")], None),
])
def test_each_fault_of_a_saved_states_fields_gets_its_sentence(damage, says):
    d = a_state(0, 3, 0)
    damage(d)
    assert refusal(d) == (says and says.format(last_card=len(d["cards"]) - 1))


def refusal(d: dict) -> str | None:
    """The sentence a load of ``d`` refuses it with, or None when it loads."""
    try:
        Game.from_dict(d)
    except BadState as e:
        return str(e)
    return None


def a_surprise_window() -> dict:
    """A game of four with a Surprise window open on a play that a Surprise
    already answers (a chain of two), from random Voyager games."""
    return _voyager(lambda g: g.prompt.then and g.prompt.then[0] == "ans_window" and len(g.chain) >= 2,
                    players=4, games=300)


def _no_chain(d):
    d["chain"] = []
    d["stack"] = [t for t in d["stack"] if t[0] != "settle_chain"]


def _second_link(kind=None, card=None):
    def damage(d):
        if kind is not None:
            d["chain"][1][2] = kind
        if card is not None:
            d["playing"].remove(d["chain"][1][0])
            d["discard"].append(d["chain"][1][0])
    return damage


@pytest.mark.parametrize("damage, says", [
    (_no_chain, "a Surprise window is open with no chain of cards to answer"),
    (_second_link(kind="play"), "'chain' is not a play (or an attempt to steal) with Surprises on it"),
    (_second_link(card=True), "'chain' names a card that is not in the being-played area"),
])
def test_a_surprise_window_whose_chain_does_not_fit_gets_its_sentence(damage, says):
    d = a_surprise_window()
    Game.from_dict(copy.deepcopy(d))  # as it was: sound
    damage(d)
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == says


def test_two_chains_settling_at_once_are_refused():
    d = a_state(0, 3, 0)
    d["stack"] += [["settle_chain"], ["settle_chain"]]
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == ("'chain' (the cards fought over by Surprises) does not match the pending tasks: a chain "
                            "is open exactly while one 'settle_chain' task waits")


def test_a_turn_question_with_a_task_still_pending_is_not_the_tables():
    """The turn's question is asked only when nothing is left to do: a
    saved one with a task still waiting under it is refused."""
    d = a_state(0, 3, 0)
    d["stack"].insert(0, ["temp_done"])
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == "the pending turn question ('play') is not one this table asks"


def test_a_question_whose_answer_fails_on_the_table_is_refused_at_load():
    """A stale option (a card the question says is in play, now in the draw
    pile) is found when the load tries the answers, not on the player's move."""
    d = a_question("cards")
    d["prompt"]["options"][0] = d["draw"][0]
    with pytest.raises(BadState) as e:
        Game.from_dict(d)
    assert str(e.value) == (f"the pending question ('{d['prompt']['ask']}') does not fit the table: answering it "
                            "fails (ValueError)")


def _move(src: str, name: str, dst: str):
    """Move the named card from one pile of a state to another."""
    def damage(d):
        c = d["cards"].index(name)
        d[src].remove(c)
        d[dst].append(c)
    return damage


@pytest.mark.parametrize("damage, says", [
    (lambda d: d.__setitem__("winner", 1), "'winner' is not a seat from 0 to 0"),
    (lambda d: d.__setitem__("used", 5), "'used' is not a list of card ids (0 to 98)"),
    (lambda d: d.__setitem__("seen", [-1]), "'seen' is not a list of position keys (whole numbers from 0 to 2^48-1)"),
    (lambda d: d.__setitem__("seen_play", [2**48]),
     "'seen_play' is not a list of position keys (whole numbers from 0 to 2^48-1)"),
    (lambda d: d.__setitem__("seen_free", ["1"]),
     "'seen_free' is not a list of position keys (whole numbers from 0 to 2^48-1)"),
    (lambda d: d.__setitem__("temp", [[1, -1, [], 0, "play"]]),
     "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"),
    (lambda d: d.__setitem__("temp", [[0, -1, [], 0]]), "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"),
    (lambda d: d.__setitem__("temp", [[0, 99, [], 0, "play"]]),
     "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"),
    (lambda d: d.__setitem__("temp", [[0, -1, [], -1, "play"]]),
     "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"),
    (lambda d: d.__setitem__("temp", [[0, -1, 5, 0, "play"]]), "'temp[0] cards' is not a list of card ids (0 to 98)"),
    (lambda d: d["draw"].remove(d["cards"].index("Peace")), "the cards do not add up (missing: Peace)"),
    (lambda d: d["hands"][0].append(d["cards"].index("Peace")), "the cards do not add up (in two places: Peace)"),
    (_move("draw", "Peace", "goals"), "'goals' holds a card that is not one of the Goals"),
    (_move("draw", "Time", "scored"), "'scored' holds a card that is not one of the Goals"),
    (_move("draw", "Milk & Cookies", "rules_deck"), "'rules_deck' holds a card that is not one of the Rules"),
    (lambda d: [_move("rules_deck", n, "rules")(d) for n in ("Play 4", "Play All")],
     "'rules' holds two New Rules of one kind (Play 4 and Play All); a new rule of a kind replaces the old one"),
    (lambda d: _move("draw", "Milk & Cookies", "hands")(d) or d["tables"][0].append(d["hands"].pop()),
     "'tables[0]' holds a card that is not a Keeper or Creeper"),
    (lambda d: d.__setitem__("attached", {"x": 1}), "'attached' is not a map of Creeper to Keeper"),
    (lambda d: d.__setitem__("attached", {"5": "7"}), "'attached' is not a map of Creeper to Keeper"),
    (lambda d: d.__setitem__("attached", {"5": 7}),
     "'attached' joins cards that are not an attaching Creeper and a Keeper on one table"),
    (lambda d: d.__setitem__("chain", [[0, 1, "play", 0, 0]]), "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"),
    (lambda d: d.__setitem__("chain", [[99, 0, "play", 0, 0]]), "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"),
    (lambda d: d.__setitem__("chain", [["0", 0, "play", 0, 0]]), "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"),
    (lambda d: d.__setitem__("chain", [[0, 0, "play", 0, 0.5]]), "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"),
    (lambda d: d.__setitem__("chain", [[0, 0, "play", 0.5, 0]]), "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"),
    (lambda d: d.__setitem__("chain", "x"), "'chain' is not a list of Surprise links"),
    (lambda d: d.__setitem__("stack", "x"), "'stack' is not a list of tasks"),
    (lambda d: d.__setitem__("temp", "x"), "'temp' is not a list of temporary hands"),
    (lambda d: d.__setitem__("temp", [["0", -1, [], 0, "play"]]),
     "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"),
    (_move("draw", "Peace", "rules"), "'rules' holds a card that is not one of the Rules"),
    (_move("draw", "Peace", "rules_discard"), "'rules_discard' holds a card that is not one of the Rules"),
    (lambda d: d["draw"].append(_set_aside(d)), "the cards do not add up (not in this game: {set_aside})"),
    # the edges that hold
    (lambda d: d.__setitem__("seen", [0, 2**48 - 1]), None),
])
def test_each_fault_of_a_saved_states_piles_and_links_gets_its_sentence(damage, says):
    d = a_state(0, 3, 0)
    damage(d)
    assert refusal(d) == (says and says.format(set_aside=d["cards"][d["draw"][-1]]))


def _set_aside(d) -> int:
    """The first card of the deck that this Solo game set aside (in no pile)."""
    placed = {c for f in ("draw", "discard", "rules", "goals", "scored", "rules_deck", "rules_discard", "playing")
              for c in d[f]} | {c for h in d["hands"] + d["tables"] for c in h}
    return min(c for c in range(len(d["cards"])) if c not in placed)


@pytest.mark.parametrize("damage, says", [
    (lambda d: [d], "the saved state is not a map of fields"),
    (lambda d: {**d, "decks": []}, "'decks' is not a list of deck ids"),
    (lambda d: {**d, "decks": "fluxx5"}, "'decks' is not a list of deck ids"),
    (lambda d: {**d, "decks": ["fluxx5", 5]}, "'decks' is not a list of deck ids"),
    (lambda d: {**d, "nplayers": "1"}, "'nplayers' is not a whole number"),
])
def test_each_fault_of_a_saved_states_header_gets_its_sentence(damage, says):
    with pytest.raises(BadState) as e:
        Game.from_dict(damage(a_state(0, 3, 0)))
    assert str(e.value) == says


def test_the_largest_seed_is_a_seed():
    from engine.statecheck import MAX_SEED
    d = a_state(0, 3, 0)
    d["seed"] = MAX_SEED
    assert Game.from_dict(d).seed == MAX_SEED


def test_a_state_read_without_checks_is_taken_as_it_is():
    """check="none" is for a state this engine has just written (the app's
    hint worker, the property tests): nothing is checked, so even a damaged
    one is read; "fields" and "full" refuse it."""
    d = a_state(0, 3, 0)
    d["stale"] = -1
    assert Game.from_dict(copy.deepcopy(d), check="none").stale == -1
    for check in ("fields", "full"):
        with pytest.raises(BadState, match="'stale' is not a whole number of 0 or more"):
            Game.from_dict(copy.deepcopy(d), check=check)


def test_plain_data_is_nested_at_most_sixteen_lists_deep_and_holds_no_map():
    from engine.statecheck import MAX_NESTING, _json
    assert MAX_NESTING == 16
    assert _json(nest(15)) and not _json(nest(16))  # (nest(k): k + 1 lists, one in another)
    assert _json([1, "a", None, True, [2, [3]]])
    assert not _json([{"x": 1}, 1]) and not _json([1, {"x": 1}]) and not _json([1.5])


def test_the_header_names_each_of_its_faults():
    d = a_state(0, 3, 0)
    assert refusal({**d, "variant_name": 5}) == "'variant_name' is not text"
    assert refusal({**d, "decks": ["fluxx5", "fluxx5"]}) == "'decks' names a deck twice"
    assert refusal({k: v for k, v in d.items() if k != "prompt"}) == "the field 'prompt' is missing"
    assert refusal({k: v for k, v in d.items() if k != "attached"}) == "the field 'attached' is missing"
    assert refusal({**d, "extra": 1}) == "'extra' is not true or false"
    assert refusal({**d, "checks": None}) == "'checks' is not true or false"


def test_a_temporary_hand_names_its_card_or_none():
    """A temporary hand's card is a card id, or -1 for none (never -2)."""
    d = a_state(0, 3, 0)
    d["temp"] = [[0, -2, [], 0, "play"]]
    assert refusal(d) == "'temp[0]' is not a temporary hand [seat, card, cards, plays, kind]"


def test_a_surprise_link_that_is_not_a_list_is_named():
    d = a_state(0, 3, 0)
    d["chain"] = [5]
    assert refusal(d) == "'chain[0]' is not a Surprise link [card, seat, kind, arg, via]"


def test_a_window_task_with_no_chain_is_refused():
    d = a_state(0, 3, 0)
    d["stack"].insert(0, ["window", 0])
    assert refusal(d) == "a Surprise window is open with no chain of cards to answer"


def test_a_choose_question_must_lead_somewhere():
    d = a_question("cards")
    d["prompt"]["then"] = None
    assert refusal(d) == "'prompt' is a choose question with nothing to do with the answer"


def _voyager(want, players: int = 2, games: int = 200) -> dict:
    """The first state of random Voyager games that ``want`` takes."""
    for seed in range(games):
        g = Game.new(("voyager",), players, "standard", seed)
        bot = make_bot("random", seed)
        while not g.over:
            if want(g):
                return json.loads(json.dumps(g.to_dict()))
            g.push(bot.choose(g))
    raise AssertionError(f"no such state in {games} Voyager games of {players}")


def _borg_waits_by(d: dict, keepers: int) -> dict:
    """``d`` with The Borg (in the draw pile) moved onto a table holding
    ``keepers`` Keepers, not attached: a standing rule left undone."""
    g = Game.from_dict(copy.deepcopy(d))
    borg = g.db.names.index("The Borg")
    p = next(p for p, t in enumerate(g.tables) if sum(g.db.cards[c].kind == KEEPER for c in t) == keepers)
    d["draw"].remove(borg)
    d["tables"][p].append(borg)
    return d


def _keepers_somewhere(n: int):
    def want(g) -> bool:
        borg = g.db.names.index("The Borg")
        return (g.prompt.kind == "choose" and g.prompt.ask != "attach" and borg in g.draw
                and any(sum(g.db.cards[c].kind == KEEPER for c in t) == n for t in g.tables))
    return want


def test_a_pending_attach_question_is_the_standing_rules_own():
    """Saved while The Borg asks which Keeper it attaches to: the standing
    rule, run again on the table, asks that same question, so it loads."""
    d = _voyager(lambda g: g.prompt.ask == "attach")
    g = Game.from_dict(d)
    assert g.prompt.ask == "attach" and g.db.cards[g.prompt.card].name in ("The Borg", "Malfunction")


@pytest.mark.parametrize("keepers", [1, 2])
def test_a_creeper_left_waiting_by_a_keeper_is_refused(keepers):
    """An attaching Creeper on a table with a Keeper for it would attach
    (at once with one, by asking with two) before any other question: a
    state whose question comes first does not fit its table."""
    d = _voyager(_keepers_somewhere(keepers))
    Game.from_dict(copy.deepcopy(d))  # as it was: sound
    d = _borg_waits_by(d, keepers)
    assert refusal(d) == (f"a standing rule would act before the pending question ('{d['prompt']['ask']}'): "
                          "the question does not fit the table")


def _attached(d: dict) -> tuple[Game, int, int]:
    g = Game.from_dict(copy.deepcopy(d))
    (cr, k), = g.attached.items()
    return g, cr, k


@pytest.mark.parametrize("how", ["to itself", "keeper in the draw pile", "keeper on another table"])
def test_an_attachment_holds_a_creeper_and_a_keeper_on_one_table(how):
    d = _voyager(lambda g: len(g.attached) == 1 and g.prompt.kind == "choose")
    g, cr, k = _attached(d)
    owner = next(p for p, t in enumerate(d["tables"]) if cr in t)
    if how == "to itself":
        d["attached"] = {str(cr): cr}
    elif how == "keeper in the draw pile":
        d["tables"][owner].remove(k)
        d["draw"].append(k)
    else:
        d["tables"][owner].remove(k)
        d["tables"][1 - owner].append(k)
    assert refusal(d) == "'attached' joins cards that are not an attaching Creeper and a Keeper on one table"


@pytest.mark.parametrize("where", ["hand", "temp"])
def test_a_creeper_held_in_a_hand_is_refused(where):
    """A Creeper drawn goes straight onto the table (Voyager rulebook, Creepers):
    no move of the game leaves one in a hand, and a save that does is refused."""
    d = a_state(2, 3, 0)
    creeper = next(c for c in d["draw"] if d["cards"][c] in ("War", "Taxes", "Death", "Radioactive Potato"))
    d["draw"].remove(creeper)
    if where == "hand":
        d["hands"][1].append(creeper)
        says = "'hands[1]' holds a Creeper; a Creeper is never held in a hand (it goes onto the table)"
    else:
        d["temp"] = [[0, -1, [creeper], 0, "play"]]
        says = "'temp[0]' holds a Creeper; a Creeper is never held in a hand (it goes onto the table)"
    assert refusal(d) == says
