"""Text mode (`solo-fluxx text`): a whole seeded game from typed numbers,
the table it shows, and what it says to input it cannot use."""
from __future__ import annotations

import io
import re

from engine.game import Game
from solo.app.textplay import describe, label, play_text

from .helpers import table


class Typist(io.TextIOBase):
    """Types the first legal answer to whatever text mode last asked:
    "1" for a move, the first m numbers for a choice of m (some scripted
    lines first)."""

    def __init__(self, out: io.StringIO, script=()):
        self.out = out
        self.script = list(script)
        self.lines = 0

    def readline(self, size=-1) -> str:
        self.lines += 1
        if self.script:
            return self.script.pop(0)
        asked = self.out.getvalue().rsplit("-- ", 1)[-1]
        m = re.search(r"\(choose (\d+)-(\d+)", asked)
        if m:
            return " ".join(str(i) for i in range(1, int(m.group(1)) + 1)) + "\n"
        return "1\n"


def first_answers_game(seed: int) -> Game:
    """The same policy as the typist, straight on the engine."""
    g = Game.new(("fluxx5",), 1, "solo", seed)
    while not g.over:
        pr = g.prompt
        if pr.kind == "turn":
            g.push(pr.options[0])
        else:
            g.push(("choose", tuple(pr.options[:max(pr.min, 1) if pr.max <= 1 else pr.min])))
    return g


def test_a_whole_game_in_text_mode_is_the_engines_game():
    out = io.StringIO()
    assert play_text(["fluxx5"], 11, inp=Typist(out), out=out) == 0
    text = out.getvalue()
    g = first_answers_game(11)
    assert text.startswith("Solo Fluxx, seed 11, decks fluxx5. Answer with numbers; i for a hint; q quits.")
    scored = ", ".join(g.name(c) for c in g.scored) or "no Goals"
    assert text.rstrip().endswith(f"Game over. Score: {len(g.scored)} ({scored})")
    assert f"Turn {g.turn - 1}" in text or f"Turn {g.turn}" in text


def test_bad_input_is_answered_and_asked_again():
    out = io.StringIO()
    typist = Typist(out, script=["x\n", "0\n", "99\n", "1 2\n", "q\n"])
    assert play_text(["fluxx5"], 3, inp=typist, out=out) == 0
    text = out.getvalue()
    assert text.count("Please answer with the numbers shown.") == 3
    assert text.count("Pick one.") == 1
    assert text.rstrip().endswith("Bye.")
    assert text.count("-- ") == 5  # asked again after each of the four bad lines


def test_end_of_input_quits_cleanly():
    out = io.StringIO()
    assert play_text(["fluxx5"], 3, inp=io.StringIO(""), out=out) == 0
    assert out.getvalue().rstrip().endswith("Bye.")


def simplify_table() -> Game:
    return table("""
variant = "solo"
[setup]
drawn = 2
played = 1
spots = { play = "Play 3", limit = "Hand Limit 2", other = "Inflation" }
hands = [["Let's Simplify"]]
draw_pile = ["Love", "Peace", "Sleep", "Time", "Dreams"]
rules_deck = ["Draw 2", "Play 2"]
""")


def test_the_table_as_text():
    g = simplify_table()
    assert [label(g, o) for o in g.prompt.options] == ["play Let's Simplify"]
    desc = describe(g).splitlines()
    assert desc[0] == "Turn 1  score 0  Main deck 5  Rules deck 2"
    assert desc[1] == "Rules: draw=-, play=Play 3, limit=Hand Limit 2, other=Inflation"
    assert desc[2:] == ["Goal(s): none", "Scored: none", "Table: nothing", "Hand: Let's Simplify"]


def test_an_illegal_choice_shows_the_engines_reason(monkeypatch):
    import solo.app.textplay as T
    g = simplify_table()

    class Shim:
        @staticmethod
        def new(*a, **kw):
            return g
    monkeypatch.setattr(T, "Game", Shim)
    out = io.StringIO()
    typist = Typist(out, script=["1\n", "1 2 3\n", "1 3\n", "q\n"])
    assert play_text(["fluxx5"], 5, inp=typist, out=out) == 0
    text = out.getvalue()
    assert "(choose 0-2: numbers separated by spaces)" in text
    assert "Not allowed: choose between 0 and 2, not 3" in text
    assert {g.name(c) for c in g.rules_discard} == {"Play 3", "Inflation"}


def test_labels_of_every_kind_of_option():
    g = table("""
variant = "solo"
[setup]
drawn = 1
spots = { other = "Recycling" }
hands = [["Milk"]]
tables = [["Bread", "Cookies"]]
goals = ["Time is Money"]
scored = ["Milk & Cookies"]
draw_pile = ["Love", "Peace", "Sleep", "Time", "Dreams"]
rules_deck = ["Draw 2", "Play 2"]
""")
    assert [label(g, o) for o in g.prompt.options] == ["play Milk", "free Recycling"]
    assert label(g, ("end",)) == "end the turn"
    assert label(g, ("random",)) == "play a random card"  # (named with First Play Random when it is in play)
    d = describe(g)
    assert "Goal(s): Time is Money" in d and "Scored: Milk & Cookies" in d
    assert "Table: Bread, Cookies" in d and "Hand: Milk" in d
    g.push(("free", g.db.find("Recycling")))
    assert g.prompt.kind == "choose"
    assert [label(g, o) for o in g.prompt.options] == ["Bread", "Cookies"]


def test_an_attached_creeper_is_written_with_its_keeper():
    g = table("""
decks = ["voyager"]
variant = "solo"
[setup]
drawn = 1
hands = [["Coffee"]]
tables = [["Kes", "The Borg"]]
attached = { "The Borg" = "Kes" }
draw_pile = ["Tuvok", "Neelix", "Chakotay"]
rules_deck = ["Draw 2", "Play 2"]
""")
    assert "Table: Kes + The Borg" in describe(g)


def test_the_first_screens_word_for_word():
    out = io.StringIO()
    play_text(["fluxx5"], 11, inp=io.StringIO("5\n1\n"), out=out)
    screen1 = ("Turn 1  score 0  Main deck 59  Rules deck 27\n"
               "Rules: draw=-, play=-, limit=-, other=-\n"
               "Goal(s): none\nScored: none\nTable: nothing\n"
               "Hand: Peace, Music, Rules Reset, Great Theme Song\n"
               "-- 1 play(s) left\n"
               "  1. play Peace\n  2. play Music\n  3. play Rules Reset\n  4. play Great Theme Song\n")
    told1 = ("  * Solo setup: 9 cards set aside; the New Rules form the Rules deck.\n"
             "  * You were dealt 3 cards in the opening deal: \"Peace\", \"Music\", \"Rules Reset\".\n"
             "  * You draw 1: 1 under the Basic Rules.\n"
             "  * You drew \"Great Theme Song\" for the turn's draw.\n"
             "  * You play 1 card this turn: 1 under the Basic Rules.\n")
    told2 = ("  * You played \"Peace\".\n"
             "  * \"Peace\" is now on the table in front of you.\n"
             "  * You have no plays left (1 played this turn, and the Basic Rules allow 1): the turn ends, "
             "and limits apply now.\n"
             "  * Between turns, \"First Play Random\" was flipped from the Rules deck into its spot.\n"
             "  * \"First Play Random\" now holds the other spot.\n"
             "  * You draw 1: 1 under the Basic Rules.\n"
             "  * You drew \"Turn It Up!\" for the turn's draw.\n"
             "  * You play 1 card this turn: 1 under the Basic Rules.\n"
             "  * \"First Play Random\" has no effect here: the Play rule allows 1 card a turn, and the card "
             "does nothing then.\n")
    # the tutor narrates what happened before each question
    assert out.getvalue() == (
        "Solo Fluxx, seed 11, decks fluxx5. Answer with numbers; i for a hint; q quits.\n" + told1 + "\n"
        + screen1 + "Please answer with the numbers shown.\n\n" + screen1 + told2 + "\n"
        "Turn 2  score 0  Main deck 58  Rules deck 26\n"
        "Rules: draw=-, play=-, limit=-, other=First Play Random\n"
        "Goal(s): none\nScored: none\nTable: Peace\n"
        "Hand: Music, Rules Reset, Great Theme Song, Turn It Up!\n"
        "-- 1 play(s) left\n"
        "  1. play Music\n  2. play Rules Reset\n  3. play Great Theme Song\n  4. play Turn It Up!\n"
        "Bye.\n")


def test_without_a_seed_the_clock_gives_one(monkeypatch):
    import solo.app.textplay as tp
    monkeypatch.setattr(tp.time, "time", lambda: 1234.9)
    out = io.StringIO()
    play_text(["fluxx5"], None, inp=io.StringIO("q\n"), out=out)
    assert out.getvalue().startswith("Solo Fluxx, seed 1234, decks fluxx5.")


def test_player_and_word_options_are_labelled():
    g = table('players = 3\n[setup]\nhands = [["Trade Hands", "Rotate Hands"], ["Milk"], ["Bread"]]\n'
              'rules = ["Play 2"]\ndraw_pile = ["Love", "Money", "Peace"]\n')
    g.push(("play", g.db.find("Trade Hands")))
    assert g.prompt.domain == "players"
    assert [label(g, o) for o in g.prompt.options] == ["p1", "p2"]
    g = table('players = 3\n[setup]\nhands = [["Rotate Hands"], ["Milk"], ["Bread"]]\n'
              'draw_pile = ["Love", "Money", "Peace"]\n')
    g.push(("play", g.db.find("Rotate Hands")))
    assert g.prompt.domain == "words"
    assert [label(g, o) for o in g.prompt.options] == ["next", "previous"]


def test_attached_creepers_ride_with_their_keeper_and_an_empty_hand_says_so():
    g = table('variant = "solo"\ndecks = ["voyager"]\n[setup]\n'
              'tables = [["Phaser", "The Borg", "Kes", "Malfunction"]]\n'
              'attached = { "The Borg" = "Phaser", "Malfunction" = "Phaser" }\n')
    assert describe(g).splitlines()[-2:] == ["Table: Phaser + The Borg + Malfunction, Kes", "Hand: empty"]
