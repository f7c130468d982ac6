"""Draws: how a standard game that could go on forever ends.

The rulebook's game ends only when someone meets a Goal, and some tables
never let anybody (both piles empty and every seat passing the same cards
around, or a Creeper discarded and drawn back each turn). Rules of the
project's, read at the start of every turn (and as a free action is used),
end such a game drawn:

* **Repetition** (as chess's threefold rule): the same position (every
  table and hand, the rules, the Goals, the piles, whose turn and any extra
  turn owed; not the generator's state or the count of decisions) at the
  start of a turn for the third time.
* **No progress**: NO_PROGRESS_ROUNDS full rounds of turns in a row, each
  starting with Keepers, Creepers, rules and Goals in play as they have
  already stood at the start of an earlier turn: nothing new has entered
  play, only hands and piles have moved (a reshuffle can keep a hopeless
  game from repeating exactly).
* **Repetition within a turn**: a free action used, or a card played
  late in a long turn, from the same position (and the same counts of the
  turn) for the third time in one turn: the turn can only go round, as a
  Death discarded and drawn straight back from empty piles
  (``loops_in_turn``).
* **The longest game**: a game still going after LONGEST_ROUNDS full
  rounds (a seat holding every card and shuffling its table through new
  arrangements, a Creeper drawn back each turn, while the others have
  nothing: new states, and never a winner).

Positions are remembered as ``engine.positions`` keeps them: in play, the
positions themselves; in a save, 48-bit keys, so a saved game carries
them and a replay ends where the game did.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .positions import held, key_of, times

if TYPE_CHECKING:
    from .game import Game

# full rounds with nothing new in play before the game is drawn (see the README's
# "Games that always end": no random-bot game later won came near it)
NO_PROGRESS_ROUNDS = 10
# full rounds after which a game still going is drawn: the last word, for a table
# that keeps finding new states and never a winner (no game of 7,000 random-bot and
# 2,100 greedy games won came near it: the longest, 257 rounds, Voyager at 2 seats)
LONGEST_ROUNDS = 300


def in_play(g: Game) -> tuple[object, ...]:
    """What is in play: each seat's Keepers and Creepers (with what is attached
    to what), the New Rules and the Goals; the order they came in aside."""
    return (tuple(tuple(sorted(t)) for t in g.tables), tuple(sorted(g.attached.items())),
            tuple(sorted(g.rules)), tuple(sorted(g.goals)), tuple(g.scored))


def position(g: Game, play: tuple[object, ...]) -> tuple[object, ...]:
    """The position at a turn's start: what is in play, every hand, the piles
    (the draw pile in its order: it is what comes next), whose turn it is
    and any extra turn owed."""
    return (play, tuple(tuple(sorted(h)) for h in g.hands), tuple(g.draw), tuple(sorted(g.discard)),
            tuple(g.rules_deck), tuple(sorted(g.rules_discard)), g.active, g.extra, g.in_extra)


# cards played in one turn before a play is watched for a loop (a free action always is;
# the watch costs a position key a play, so short turns skip it): the most any turn of
# thousands of random and greedy games played was 33; a loop of plays (Jackpot! drawing
# Distress Call drawing Jackpot! from empty piles under Play All) runs past it at once.
# Only a position come back a third time ends the game: a long turn that is no loop never does.
LOOP_WATCH = 40


def loops_in_turn(g: Game, c: int) -> bool:
    """Read as a free action is used, or a card played once LOOP_WATCH have
    been this turn: the position (and the turn's counts: cards drawn, plays
    left, free actions used) is one it was in twice before this turn as a
    free action was used or a card played: the turn can only go round (a
    Death discarded and drawn straight back from empty piles, again and
    again). The game is then drawn; True when it was."""
    key = held((position(g, in_play(g)), g.drawn, g.plays_left(g.active), tuple(g.used), c))
    if times(g.seen_free, key) >= 2:
        g.end_game(-1, "game.repetition-in-turn", loop_card=c, turn=g.turn)
        return True
    g.seen_free.append(key)
    return False


def ends_drawn(g: Game) -> bool:
    """Read at a turn's start (before it is counted): end the game drawn when
    a draw rule says so. True when it did."""
    if not any(g.hands) and not g.variant.can_draw(g):
        return False  # nothing in any hand and nothing to draw: the stalemate (engine.turn) tells it better
    if g.turn >= LONGEST_ROUNDS * g.nplayers:
        g.end_game(-1, "game.long", rounds=LONGEST_ROUNDS)
        return True
    play = in_play(g)
    key = held(position(g, play))
    seen = g.seen
    if times(seen, key) >= 2:
        old = key_of(key) if type(seen[0]) is int else None
        turns = [i + 1 for i, k in enumerate(seen) if k == key or k == old]
        g.end_game(-1, "game.repetition", turns=turns)
        return True
    seen.append(key)
    pk = held(play)
    if times(g.seen_play, pk):  # this turn starts with what is in play as an earlier turn started
        g.stale += 1
        if g.stale >= NO_PROGRESS_ROUNDS * g.nplayers:
            g.end_game(-1, "game.no-progress", rounds=NO_PROGRESS_ROUNDS)
            return True
    else:  # something new is in play: progress
        g.seen_play.append(pk)
        g.stale = 0
    return False
