"""Rules the catalogue found held only by pinned numbers (issue 39, item 3):
the tutor's draw terms add up to the cards the turn draws (mutant T1 dropped
the bonus terms: only a golden text noticed), and a Solo game ends the
moment the Main deck runs out (mutant S3, the bulk-draw path skipping that
check, still shows only in a pinned par: these random games do not reach
that path with the last cards)."""
from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.game import Game


@pytest.mark.parametrize("decks, players, variant", [(("fluxx5",), 3, "standard"), (("fluxx5", "creeper-pack"), 1, "solo"),
                                                     (("voyager",), 4, "standard")])
def test_the_draw_terms_add_up_to_the_turns_draw(decks, players, variant):
    bonus = 0
    for seed in range(60):
        g = Game.new(decks, players, variant, seed)
        bot = make_bot("random", seed)
        while not g.over:
            for e in g.push(bot.choose(g)):
                if e.kind == "draw_phase":
                    terms = e.data["terms"]
                    assert sum(n for _c, n in terms) == e.data["n"], (seed, terms, e.data["n"])
                    bonus += any(c >= 0 and g.db.cards[c].kind == 2 and "Bonus" in g.name(c) and n
                                 for c, n in terms[1:])
    # (Fluxx 5.0's bonuses come up in these games; Voyager's one bonus, for an empty hand, rarely does)
    assert bonus or "fluxx5" not in decks, "no bonus New Rule gave a draw in these games: the test shows nothing"


def test_a_solo_game_ends_the_moment_the_main_deck_runs_out():
    ended = 0
    for decks in (("fluxx5",), ("fluxx5", "creeper-pack"), ("voyager",)):
        for seed in range(60):
            g = Game.new(decks, 1, "solo", seed)
            bot = make_bot("random", seed)
            while not g.over:
                g.push(bot.choose(g))
                assert g.draw or g.over, (decks, seed, g.turn)
            ended += g.end == "solo.end"
    assert ended >= 60, ended


def test_a_card_that_names_another_player_never_offers_yourself():
    """Trade Hands, Use What You Take, Rock-Paper-Scissors Showdown and War
    are played against another player: the question never offers the asker
    (mutant E10 offered Trade Hands with yourself; nothing noticed)."""
    against = {"Trade Hands", "Use What You Take", "Rock-Paper-Scissors Showdown", "War"}
    seen: set[str] = set()
    for decks, n in ((("fluxx5",), 3), (("fluxx5", "creeper-pack"), 4), (("voyager",), 3)):
        for seed in range(80):
            g = Game.new(decks, n, "standard", seed, record=False)
            bot = make_bot("random", seed)
            while not g.over:
                pr = g.prompt
                if pr.domain == "players" and pr.card >= 0 and g.name(pr.card) in against:
                    assert pr.player not in pr.options, (g.name(pr.card), pr.player, pr.options)
                    seen.add(g.name(pr.card))
                g.push(bot.choose(g))
    assert seen == against, seen


def test_exchange_keepers_offers_only_other_players_keepers_to_take():
    """Exchange Keepers swaps one of yours for one of another player's: its
    second question never offers your own (mutant E9 did; nothing noticed)."""
    asked = 0
    for decks, n in ((("fluxx5",), 3), (("voyager",), 3), (("fluxx5", "creeper-pack"), 4)):
        for seed in range(80):
            g = Game.new(decks, n, "standard", seed, record=False)
            bot = make_bot("random", seed)
            while not g.over:
                pr = g.prompt
                if pr.ask == "exchange_theirs":
                    assert not set(pr.options) & set(g.tables[pr.player]), (seed, pr.options)
                    asked += 1
                g.push(bot.choose(g))
    assert asked >= 10, asked


def test_the_longest_game_is_counted_in_full_rounds_of_every_seat():
    """300 full rounds: at four seats that is 1,200 turns, not 300 (mutant G4
    counted turns; the sims' games all end long before either)."""
    from engine.draws import LONGEST_ROUNDS, ends_drawn
    g = Game.new(("fluxx5",), 4, "standard", 3)
    g.turn = LONGEST_ROUNDS * 4 - 1
    assert not ends_drawn(g) or g.end != "game.long"
    g = Game.new(("fluxx5",), 4, "standard", 3)
    g.turn = LONGEST_ROUNDS * 4
    assert ends_drawn(g) and g.end == "game.long"


def test_the_give_away_guard_never_counts_the_bots_own_win_as_given_away():
    """An answer that makes the bot itself win is no give-away (mutant H2
    counted any win; the bots then shied away from their own wins)."""
    from engine.bots import gives_win
    found = 0
    for seed in range(60):
        g = Game.new(("fluxx5",), 3, "standard", seed, record=False)
        bot = make_bot("random", seed)
        while not g.over:
            p = g.prompt.player
            for a in g.prompt.legal_answers(limit=30):
                h = g.copy()
                h.push(a)
                if h.over and h.winner == p:
                    assert not gives_win(g, a, p)
                    found += 1
            g.push(bot.choose(g))
    assert found >= 10, found

