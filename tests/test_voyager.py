"""The Star Trek: Voyager deck (issue 7): random complete games for 2-6
players and Solo Fluxx keep every invariant, and the deck's own mechanics
(Surprise chains, attachments, Keeper powers) really happen in them."""
from __future__ import annotations

from collections import Counter

import pytest

import solo  # noqa: F401
from engine.bots import RandomBot
from engine.cards import SURPRISE
from engine.deckfile import load_deck
from engine.game import Game
from engine.prompts import IllegalAnswer

from .helpers import check_chains, check_events, check_invariants, run_cli, scaled

SEED_SOLO_LIST = ["Creeper Reassignment", "Time Vortex", "Everybody Gets 1", "Steal Something",
                  "Exchange Keepers", "Mix It All Up", "Random Tax", "Trade Hands"]


def play_out(g: Game, bot_seed: int, cap: int = 150, each=None) -> Counter:
    bot = RandomBot(bot_seed)
    kinds: Counter = Counter()
    log = []
    while not g.over and g.turn <= cap:
        events = g.push(bot.choose(g))
        check_events(g, events)
        log += events
        for e in events:
            kinds[e[0]] += 1
            if e[0] == "free_action":
                kinds["power:" + g.db.cards[e[3]].effect] += 1
        if each:
            each(g)
    check_chains(log)
    return kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_voyager_games_keep_every_invariant(players):
    seen: Counter = Counter()
    for seed in range(12):
        g = Game.new(("voyager",), players, "standard", 1000 * players + seed)
        seen += play_out(g, seed, each=check_invariants)
        assert g.over or g.turn > 150
    # the mechanics the deck exists for did happen
    for kind in ("surprise", "surprise_done", "attach"):
        assert seen[kind] > 0, kind


def test_many_voyager_games_exercise_every_mechanic():
    seen: Counter = Counter()
    over = 0
    n = scaled(300)
    for seed in range(n):
        players = 2 + seed % 5
        g = Game.new(("voyager",), players, "standard", seed, record=True)
        seen += play_out(g, seed)
        over += g.over
    assert over >= n * 14 // 15
    for kind in ("surprise", "canceled", "redirect", "attach", "detach", "surprise_done"):
        assert seen[kind] > 0, kind
    for power in ("steal_tagged_keeper", "repair_malfunction", "shoot_creeper", "extra_turn_discard",
                  "discard_with_keeper"):
        assert seen["power:" + power] > 0, power


def test_voyager_solo_sets_aside_the_seed_list():
    deck = load_deck("voyager")
    surprises = [c.name for c in deck.cards if c.type == "surprise"]
    assert len(surprises) == 5
    assert sorted(deck.solo_set_aside) == sorted(SEED_SOLO_LIST + surprises)
    for seed in range(20):
        g = Game.new(("voyager",), 1, "solo", seed)
        in_game = g.draw + g.rules_deck + g.hands[0] + g.tables[0] + g.discard + g.rules
        assert not set(in_game) & g.db.set_aside
        assert all(g.db.cards[c].kind != SURPRISE for c in in_game)
        play_out(g, seed, cap=200, each=check_invariants)
        assert g.over


def test_every_voyager_card_says_how_sure_we_are():
    deck = load_deck("voyager")
    conf = Counter(c.confidence for c in deck.cards)
    assert set(conf) == {"verified", "likely", "reconstructed"}
    assert all(c.source for c in deck.cards)
    r = run_cli("deck", "show", "voyager")
    assert r.returncode == 0
    for c in deck.cards:
        line = next(x for x in r.stdout.splitlines() if f" {c.name}:" in x or f" {c.name} <" in x)
        assert f"[{c.confidence}: {c.source}]" in line


def test_a_surprise_outside_a_window_is_refused_with_a_reason():
    g = Game.new(("voyager",), 3, "standard", 5)
    s = next(c for c in range(g.db.n) if g.db.cards[c].kind == SURPRISE)
    before = g.to_dict()
    with pytest.raises(IllegalAnswer) as e:
        g.push(("surprise", 1, s))
    assert str(e.value).startswith("Belay That! is not in your hand")  # p1 holds no Surprise
    assert g.to_dict() == before
    with pytest.raises(IllegalAnswer):
        g.push(("surprise", 9, s))
    with pytest.raises(IllegalAnswer):
        g.push(("surprise", "x"))


def test_mixing_voyager_with_fluxx5_is_refused_with_a_sentence():
    r = run_cli("sim", "--decks", "fluxx5,voyager", "--games", "1")
    assert r.returncode == 2
    assert "cannot be played together" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("variant,players", [("standard", 3), ("solo", 1)])
def test_search_bot_keeps_what_time_portal_shows(variant, players):
    """The draw pile Time Portal lets you search is seen: the search bot's
    reshuffled copies must keep it, or its answer would name a card elsewhere."""
    from engine.bots import SearchBot
    g = Game.blank(("voyager",), players, variant, 3)
    db = g.db
    tp = db.find("Time Portal")
    pool = [c for c in range(db.n) if c != tp and db.cards[c].type not in ("rule", "creeper", "surprise")]
    g.hands[0] = [tp]
    for q in range(1, players):
        g.hands[q] = pool[20 * q:20 * q + 20]  # big hidden hands: a reshuffle would move seen cards into them
    g.draw = pool[:20]
    g.begin("play")
    g.push(("play", tp))
    g.push(("choose", ("draw",)))
    assert g.prompt.ask == "search"
    bot = SearchBot(1, rollouts=3, ms=None, horizon=30)
    a = bot.choose(g)
    g.push(a)
    assert a[1][0] in g.hands[0] and a[1][0] not in g.draw


@pytest.mark.parametrize("pile", ["draw", "discard"])
def test_time_portal_shuffles_the_draw_pile_it_searched_and_only_that(pile):
    """Time Portal searches the draw pile or the discard pile: a searched draw
    pile is shuffled after (its order was seen); the discard pile is open, and
    taking from it leaves the draw pile and the generator as they were."""
    g = Game.blank(("voyager",), 3, "standard", 3)
    db = g.db
    tp = db.find("Time Portal")
    pool = [c for c in range(db.n) if c != tp and db.cards[c].type not in ("rule", "creeper", "surprise")]
    g.hands[0] = [tp]
    g.draw = pool[:20]
    g.discard = pool[20:25]
    g.begin("play")
    g.push(("play", tp))
    g.push(("choose", (pile,)))
    assert g.prompt.ask == "search"
    before, rng = list(g.draw), g.rng
    pick = g.prompt.options[0]
    g.push(("choose", (pick,)))
    assert pick in g.hands[0]
    rest = [x for x in before if x != pick]
    # the next player's turn has drawn one card from the top (the end) since
    if pile == "draw":
        assert set(g.draw) < set(rest) and len(g.draw) == len(rest) - 1
        assert g.draw != rest[:-1] and g.rng != rng
    else:
        assert g.draw == before[:-1] and g.rng == rng
