"""The engine's RNG and the first deals of known seeds are pinned (golden)."""
from __future__ import annotations

import pytest

from engine import rng as R
from engine.game import Game
from engine.sim import deal_fingerprint


@pytest.mark.pin
def test_rng_stream_is_pinned():
    s = R.seed_state(12345)
    out = []
    for _ in range(3):
        s, x = R.next_u64(s)
        out.append(x)
    assert out == GOLDEN_STREAM


def test_below_is_in_range_and_covers():
    s = R.seed_state(1)
    seen = set()
    for _ in range(2000):
        s, x = R.below(s, 7)
        assert 0 <= x < 7
        seen.add(x)
    assert seen == set(range(7))


def names(g, ids):
    return [g.name(c) for c in ids]


@pytest.mark.pin
def test_first_deals_are_pinned():
    g = Game.new(("fluxx5",), 2, "standard", 0)
    assert [names(g, h) for h in g.hands] == [
        ["First Play Random", "Zap a Card!", "Rock-Paper-Scissors Showdown", "The Brain"],
        ["Cookies", "No-Hand Bonus", "Draw 3"]]
    assert names(g, reversed(g.draw[-3:])) == ["Turn It Up!", "Day Dreams", "Hand Limit 1"]
    g = Game.new(("fluxx5", "creeper-pack"), 4, "standard", 1)
    assert [names(g, h) for h in g.hands] == [
        ["No Limits", "Party Bonus", "Discard and Draw", "Toast"],
        ["Chocolate Cookies", "Rocket Science", "The Eye of the Beholder"],
        ["Trash Something", "The Party", "The Toaster"],
        ["Peace (No War)", "Goal Mill", "Trash a Keeper"]]
    g = Game.new(("fluxx5",), 1, "solo", 42)
    assert names(g, g.hands[0]) == ["The Toaster", "Squishy Chocolate", "Time", "Day Dreams"]
    assert len(g.draw) == 59 and len(g.rules_deck) == 27
    g = Game.new(("fluxx5", "creeper-pack"), 1, "solo", 7)
    assert names(g, g.hands[0]) == ["Trash a Keeper", "Trash a New Rule", "Bed Time", "Great Theme Song"]


def test_fingerprint_depends_on_seed_only():
    a = deal_fingerprint(("fluxx5",), 1, "solo", 5)
    assert a == deal_fingerprint(("fluxx5",), 1, "solo", 5)
    assert a != deal_fingerprint(("fluxx5",), 1, "solo", 6)


GOLDEN_STREAM = [2612050741975422283, 17349013794948950567, 868804260845201399]


@pytest.mark.pin
def test_below_and_shuffle_are_pinned():
    """Same seed, same numbers on every machine: below() over several ranges
    (1 and 0 take no number from the stream) and one shuffle."""
    s = R.seed_state(99)
    out = []
    for n in (0, 1, 2, 3, 10, 1000, 2**63 + 5):
        s, x = R.below(s, n)
        out.append(x)
    assert out == [0, 0, 1, 1, 1, 835, 5363591236059140826] and s == 11529961250189641151
    items = list(range(10))
    assert R.shuffle(R.seed_state(5), items) == 18363101746562255470
    assert items == [3, 1, 0, 5, 4, 9, 6, 7, 2, 8]


@pytest.mark.pin
def test_deal_fingerprints_are_pinned():
    assert deal_fingerprint(("fluxx5",), 1, "solo", 5) == \
        "862cdb32ccb8db99c466dc0c1953a3aa795a00f727f01ed6332bdd22b721da27"
    assert deal_fingerprint(("fluxx5", "creeper-pack"), 3, "standard", 5) == \
        "4df24a4af89e3e5330d837e0c235dae0e75e11266ad04d8eaa99311a61570a03"


def _state_giving(x: int) -> int:
    """The generator state whose next output is x (SplitMix64's mix undone)."""
    def unshift(z, k):
        out = z
        for _ in range(64 // k + 1):
            out = z ^ (out >> k)
        return out
    mod = 1 << 64
    z = unshift(x, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, mod) % mod, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, mod) % mod, 30)
    return (z - 0x9E3779B97F4A7C15) % mod


def test_below_rejects_exactly_the_biased_tail():
    """Rejection sampling: an output at or above the largest multiple of n
    that fits in 64 bits is thrown away and the next one is used; one just
    below it is kept. (Too rare to meet by chance, so the states are built.)"""
    for n in (3, 5, 6, 7, 10, 52):
        limit = (1 << 64) - ((1 << 64) % n)
        s = _state_giving(limit - 1)
        assert R.next_u64(s)[1] == limit - 1
        assert R.below(s, n) == (R.next_u64(s)[0], (limit - 1) % n)
        s = _state_giving(limit)
        s2, _ = R.next_u64(s)
        s3, y = R.next_u64(s2)
        assert R.below(s, n) == (s3, y % n)  # the tail value is skipped
        assert R.below(_state_giving((1 << 64) - 1), n)[0] != R.next_u64(_state_giving((1 << 64) - 1))[0]


def test_below_rejects_the_biased_tail_of_a_large_range_too():
    """Past the table of limits (n >= 512) the limit is worked out: the
    largest multiple of n that fits in 64 bits. (States built, as above.)"""
    for n in (513, 10**6 + 3, 2**63 + 5):
        limit = (1 << 64) - ((1 << 64) % n)
        s = _state_giving(limit - 1)
        assert R.below(s, n) == (R.next_u64(s)[0], (limit - 1) % n)
        s = _state_giving(limit)
        s2, y = R.next_u64(s)
        while y >= limit:  # the tail value, and any after it in the tail, skipped
            s2, y = R.next_u64(s2)
        assert R.below(s, n) == (s2, y % n) and R.below(s, n)[0] != R.next_u64(s)[0]


def _shuffled_by_below(state: int, items: list) -> int:
    """The shuffle as its definition reads: below(i + 1) for i from the top down."""
    for i in range(len(items) - 1, 0, -1):
        state, j = R.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_draws_as_below_does_rejections_and_long_lists_included():
    """The shuffle's own copy of the arithmetic makes the same draws as
    below(): when its first draw falls in the biased tail (built), and for a
    list longer than the table of limits."""
    for n in (10, 52, 511, 512, 600):
        for s in (_state_giving((1 << 64) - 1), _state_giving((1 << 64) - ((1 << 64) % n)), R.seed_state(n)):
            a, b = list(range(n)), list(range(n))
            assert R.shuffle(s, a) == _shuffled_by_below(s, b)
            assert a == b
    assert R.shuffle(0, []) == 0 and R.shuffle(0, [7]) == 0  # nothing to place: no draw


def test_outputs_side_by_side_are_the_outputs_one_at_a_time():
    """``outputs`` (the mix worked out for many states at once, in lanes of
    one long integer) gives what ``next_u64`` gives call by call: for one
    output and many, from states that wrap past 2**64 and states whose
    outputs are all ones or zero in their top bits."""
    mask = (1 << 64) - 1
    starts = [0, 1, mask, mask - R.GAMMA + 1, R.seed_state(3), _state_giving(mask), _state_giving(0),
              _state_giving(1 << 63)]
    for s in starts:
        for k in (1, 2, 7, 64, 200):
            want, st = [], s
            for _ in range(k):
                st, z = R.next_u64(st)
                want.append(z)
            assert list(R.outputs(s, k)) == want
            assert (s + k * R.GAMMA) & mask == st  # the state after them, as the docstring says


def test_a_draw_rejected_midway_through_a_shuffle_shifts_the_rest_by_one():
    """A rejected draw in the middle of a shuffle (built: the state is set so
    that the m-th draw falls in the biased tail) is skipped, and every
    later card takes the next draw, exactly as below() would have it."""
    mask = (1 << 64) - 1
    for size in (20, 80):
        for m in (1, 5, size - 3):  # (never where n is a power of 2: its draws have no tail)
            n = size - m  # the cards not yet placed when the m-th draw (from 0) is made
            limit = (1 << 64) - ((1 << 64) % n)
            s = (_state_giving(limit) - m * R.GAMMA) & mask
            assert R.outputs(s, m + 1)[m] == limit  # built as meant: that draw is in the tail
            a, b = list(range(size)), list(range(size))
            assert R.shuffle(s, a) == _shuffled_by_below(s, b)
            assert a == b


def test_solo_splits_a_card_set_into_its_two_decks_once():
    """Solo's Main and Rules decks before the shuffle: every card but the
    set-aside ones, New Rules apart, worked out once per card set (and
    afresh for a card set that is not the one remembered under its id);
    with them, the spot of each card's slot, which places a New Rule."""
    from engine.cards import RULE, card_db
    from solo import variant as sv
    sv._FACTS.clear()
    db = card_db(("fluxx5",))
    main, rules = sv._decks(db)
    assert rules and all(db.cards[c].kind == RULE for c in rules)
    assert main and all(db.cards[c].kind != RULE for c in main)
    assert sorted(main + rules) == [c.id for c in db.cards if c.id not in db.set_aside]
    again = sv._decks(db)
    assert again[0] is main and again[1] is rules  # remembered, not worked out again
    spots = sv._facts(db)[3]
    assert [spots[c] for c in rules] == [sv.spot_of(db.cards[c].slot) for c in rules]
    assert {spots[c] for c in rules} == set(sv.SPOTS)
    sv._FACTS[id(db)] = (object(), (), (), [])  # another card set once lived at this id
    assert sv._decks(db) == (main, rules)


def test_outputs_read_the_lanes_in_any_byte_order(monkeypatch):
    """A big-endian machine reads the array's items the other way round:
    ``outputs`` swaps them back, so the draws are the same everywhere
    (shown here by making the bytes arrive swapped, as they would there)."""
    want = list(R.outputs(R.seed_state(11), 9))
    real = R.array

    def swapped(code, data):  # what a big-endian machine's array would hold
        a = real(code, data)
        a.byteswap()
        return a
    monkeypatch.setattr(R, "array", swapped)
    monkeypatch.setattr(R, "_BIG_ENDIAN", True)
    assert list(R.outputs(R.seed_state(11), 9)) == want


def test_two_cards_are_shuffled_and_the_limits_are_the_largest_multiples():
    """The shortest shuffle that draws (two cards) draws as below() does;
    and each rejection limit, in the table made at import and past it, is
    the largest multiple of n that fits in 64 bits."""
    for size in (2, 3):
        for s in (R.seed_state(1), R.seed_state(2), R.seed_state(5)):
            a, b = list(range(size)), list(range(size))
            assert R.shuffle(s, a) == _shuffled_by_below(s, b) != s
            assert a == b
    assert {tuple(x) for x in (_shuffled(s, 2) for s in range(40))} == {(0, 1), (1, 0)}
    for n in (2, 3, 7, 511, 512, 513, 10**6 + 3, 2**63 + 5):
        want = (2**64 // n) * n
        assert R.limit_past_table(n) == want
        if n < R.SMALL:
            assert R.LIMITS[n] == want
    assert R.LIMITS == [0, 0] + [R.limit_past_table(n) for n in range(2, R.SMALL)]


def _shuffled(seed: int, size: int) -> list:
    items = list(range(size))
    R.shuffle(R.seed_state(seed), items)
    return items
