"""``engine.bots.gives_win``, ``keep_from_giving`` and ``safe_first`` as decision rules,
on scripted trees of questions: a tree node is what the table shows after
an answer (over and who won, the next question and whose, whether a hidden
card was drawn or a random pick made). The bots' play against real decks
is in test_bots.py; here each clause of the rule is met on its own."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from engine import bots
from engine.bots import GreedyBot, blind_throw, gives_win, keep_from_giving, safe_first


@dataclass
class Node:
    winner: int | None = None  # set: the game is over, this seat won (-1: nobody)
    player: int = 0  # whose question this is (when not over)
    kind: str = "choose"
    answers: dict[Any, Node] = field(default_factory=dict)
    drew: bool = False  # reaching this node drew a card from the pile
    rolled: bool = False  # ... made a random pick
    rule_drawn: bool = False  # ... drew from the Solo rules deck


class Q:
    def __init__(self, node: Node):
        self.player, self.kind, self._node = node.player, node.kind, node

    def legal_answers(self, limit: int = 200) -> list[Any]:
        return list(self._node.answers)[:limit]


class Table:
    """The few things gives_win reads of a Game, following a Node tree."""
    nplayers = 2

    def __init__(self, node: Node, draw: int = 20, rng: int = 7, rules_deck: int = 5):
        self.node = node
        self.draw, self.rng, self.rules_deck = [0] * draw, rng, [0] * rules_deck

    @property
    def over(self) -> bool:
        return self.node.winner is not None

    @property
    def winner(self) -> int:
        return -1 if self.node.winner is None else self.node.winner

    @property
    def prompt(self) -> Q | None:
        return None if self.over else Q(self.node)

    def copy(self) -> Table:
        return Table(self.node, len(self.draw), self.rng, len(self.rules_deck))

    def push(self, a: Any) -> None:
        self.node = self.node.answers[a]
        self.draw = self.draw[1:] if self.node.drew else self.draw
        self.rng = self.rng + 1 if self.node.rolled else self.rng
        self.rules_deck = self.rules_deck[1:] if self.node.rule_drawn else self.rules_deck


def won_by(seat: int, **how: bool) -> Node:
    return Node(winner=seat, **how)


def asks(player: int, *outcomes: Node, kind: str = "choose") -> Node:
    return Node(player=player, kind=kind, answers={i: n for i, n in enumerate(outcomes)})


def root(**answers: Node) -> Table:
    return Table(Node(player=1, kind="turn", answers=answers))


def test_an_answer_that_ends_the_game_for_another_seat_gives_it_away():
    t = root(a=won_by(0), b=won_by(1), c=won_by(-1), d=asks(0, won_by(0)))
    assert gives_win(t, "a", 1)  # seat 0 wins: any seat but p counts, seat 0 too
    assert not gives_win(t, "b", 1)  # p's own win
    assert not gives_win(t, "c", 1)  # over with no winner
    assert gives_win(t, "b", 0)


def test_a_win_that_a_hidden_card_or_a_random_pick_brings_is_not_certain():
    t = root(drawn=won_by(0, drew=True), rolled=won_by(0, rolled=True), ruled=won_by(0, rule_drawn=True))
    for a in ("drawn", "rolled", "ruled"):
        assert not gives_win(t, a, 1), a


def test_a_question_of_ps_own_gives_it_away_only_if_every_answer_does():
    t = root(all=asks(1, won_by(0), won_by(0)), some=asks(1, won_by(0), won_by(1)), none=asks(1))
    assert gives_win(t, "all", 1)
    assert not gives_win(t, "some", 1)
    assert not gives_win(t, "none", 1)  # a question with no answer: nothing is certain


def test_another_seats_question_or_ps_next_turn_is_not_followed():
    t = root(theirs=asks(0, won_by(0), won_by(0)), turn=asks(1, won_by(0), kind="turn"))
    assert not gives_win(t, "theirs", 1)  # what they answer is theirs to choose
    assert not gives_win(t, "turn", 1)  # p's turn question: p has other moves


def test_questions_are_followed_depth_deep():
    two = root(a=asks(1, asks(1, won_by(0))))  # the win comes after two more of p's answers
    three = root(a=asks(1, asks(1, asks(1, won_by(0)))))
    assert gives_win(two, "a", 1) and not gives_win(three, "a", 1)
    assert gives_win(three, "a", 1, depth=3)
    assert not gives_win(two, "a", 1, depth=1) and gives_win(root(a=asks(1, won_by(0))), "a", 1, depth=1)
    assert not gives_win(root(a=asks(1, won_by(0))), "a", 1, depth=0)


def test_forty_ways_on_are_too_many_to_be_sure_of():
    assert gives_win(root(a=asks(1, *[won_by(0)] * 39)), "a", 1)
    assert not gives_win(root(a=asks(1, *[won_by(0)] * 40)), "a", 1)
    assert not gives_win(root(a=asks(1, *[won_by(0)] * 41)), "a", 1)
    assert not gives_win(root(a=asks(1, *[won_by(1)] * 40)), "a", 1)


class Asked(Table):
    """A table whose own question (the one being answered) offers every answer of the root."""

    def __init__(self, node: Node, order: list[str]):
        super().__init__(node)
        self._order = order

    @property
    def prompt(self) -> Q | None:  # the root's question, its answers in the order given
        q = Q(self.node)
        q.legal_answers = lambda limit=200: self._order[:limit]  # type: ignore[method-assign]
        return q


def test_answers_that_give_it_away_go_last_unless_all_do():
    t = root(win0=won_by(0), win0b=won_by(0), safe=won_by(1), safe2=asks(0))
    assert keep_from_giving(t, 1, ["safe", "win0"]) == ["safe", "win0"]
    assert keep_from_giving(t, 1, ["win0", "win0b", "safe", "safe2"]) == ["safe", "win0", "win0b", "safe2"]
    assert keep_from_giving(t, 1, ["win0", "safe2"]) == ["safe2", "win0"]


def test_when_every_ranked_answer_gives_it_away_another_legal_one_goes_first():
    node = Node(player=1, kind="choose", answers={"win0": won_by(0), "win0b": won_by(0), "safe": won_by(1),
                                                  "late": won_by(1)})
    t = Asked(node, ["win0", "win0b", "safe", "late"])
    assert keep_from_giving(t, 1, ["win0", "win0b"]) == ["safe", "win0", "win0b"]
    t = Asked(node, ["win0", "win0b", "safe"])
    assert keep_from_giving(t, 1, ["win0"]) == ["safe", "win0"]  # win0b, not ranked, gives it away too: passed over
    t = Asked(node, ["win0", "win0b"])
    assert keep_from_giving(t, 1, ["win0b", "win0"]) == ["win0b", "win0"]  # none other: the bot's own order


def test_solo_has_no_other_seat_to_give_it_to():
    t = root(win0=won_by(0), safe=won_by(1))
    t.nplayers = 1
    assert keep_from_giving(t, 0, ["win0", "safe"]) == ["win0", "safe"]


def test_only_the_first_two_hundred_legal_answers_are_looked_through():
    """A cap on the cost of the search for a safe answer."""
    answers = {f"w{i}": won_by(0) for i in range(200)} | {"safe": won_by(1)}
    t = Asked(Node(player=1, answers=answers), list(answers))
    assert keep_from_giving(t, 1, ["w0"]) == ["w0"]
    answers = {f"w{i}": won_by(0) for i in range(199)} | {"safe": won_by(1)}
    t = Asked(Node(player=1, answers=answers), list(answers))
    assert keep_from_giving(t, 1, ["w0"]) == ["safe", "w0"]


def test_a_search_ranking_puts_a_safe_answer_first_with_its_own_value():
    t = root(win0=won_by(0), safe=won_by(1), other=won_by(1))
    ranked = [("win0", 5.0), ("safe", 3.0), ("other", 1.0)]
    assert safe_first(t, 1, ranked) == [("safe", 3.0), ("win0", 5.0), ("other", 1.0)]
    assert safe_first(t, 1, ranked[1:]) == ranked[1:]
    assert safe_first(t, 1, []) == []
    t.nplayers = 1
    assert safe_first(t, 0, ranked) == ranked


def test_a_safe_answer_from_outside_the_ranking_comes_with_its_worst_value():
    node = Node(player=1, answers={"win0": won_by(0), "win0b": won_by(0), "safe": won_by(1)})
    t = Asked(node, ["win0", "win0b", "safe"])
    assert safe_first(t, 1, [("win0", 4.0), ("win0b", 2.5)]) == [("safe", 2.5), ("win0", 4.0), ("win0b", 2.5)]


def _rps(rng: int, decisions: int, player: int) -> SimpleNamespace:
    return SimpleNamespace(rng=rng, decisions=decisions,
                           prompt=SimpleNamespace(ask="rps", player=player, options=["rock", "paper", "scissors"]))


def test_a_blind_throw_is_read_from_the_generator_and_the_seat():
    """The look-ahead bots' Rock-Paper-Scissors throw: the same on every
    machine for the same state (pinned: bot games are replayed and
    compared), drawn without advancing the generator, and different for
    the two seats of one state as often as chance says."""
    got = [blind_throw(_rps(rng, dec, seat))[1][0]
           for rng, dec, seat in [(1, 0, 0), (1, 0, 1), (2**63 + 5, 7, 0), (2**63 + 5, 7, 1), (123456789, 41, 2),
                                  (0, 0, 0)]]
    assert got == ["scissors", "paper", "paper", "rock", "rock", "scissors"]
    g = _rps(99, 3, 0)
    assert blind_throw(g) == blind_throw(g) and g.rng == 99
    for seat in (0, 1):
        throws = [blind_throw(_rps(rng * 7919, 5, seat))[1][0] for rng in range(300)]
        assert all(60 <= throws.count(t) <= 140 for t in ("rock", "paper", "scissors")), (seat, throws)
    differ = sum(blind_throw(_rps(rng * 7919, 5, 0)) != blind_throw(_rps(rng * 7919, 5, 1)) for rng in range(300))
    assert 150 <= differ <= 250


def test_only_rock_paper_scissors_is_thrown_blind():
    g = _rps(1, 0, 0)
    g.prompt.ask = "discard"
    assert blind_throw(g) is None
    g.prompt = None
    assert blind_throw(g) is None


class TurnQ(Q):
    """A turn question: its options are the node's answers (moves)."""
    ask = "play"

    def __init__(self, node: Node):
        super().__init__(node)
        self.options = list(node.answers)


class TurnTable(Table):
    @property
    def prompt(self) -> Q | None:
        if self.over:
            return None
        return TurnQ(self.node) if self.node.kind == "turn" else Q(self.node)


def _valued(monkeypatch, values: dict[str, float]):
    """The greedy bot's table evaluation, scripted: each node a value for
    seat 1 (any other seat asked about is a mistake of the bot's)."""
    def evaluate(h, p):
        assert p == 1, p
        return values[h.node.name]
    monkeypatch.setattr(bots, "evaluate", evaluate)


def named(name: str, node: Node) -> Node:
    node.name = name  # type: ignore[attr-defined]
    return node


def test_greedy_takes_the_best_safe_answer_when_its_favourite_gives_the_game_away(monkeypatch):
    """The favourite (10) leads to a question of its own whose every answer
    makes seat 0 win: the bot takes the best-valued of the rest (7), not
    the first nor the last, with ending the turn counted half a point down."""
    _valued(monkeypatch, {"trap": 10.0, "low": 5.0, "good": 7.0, "end": 7.4, "mid": 6.0})
    node = Node(player=1, kind="turn", answers={
        ("play", 1): named("trap", asks(1, won_by(0), won_by(0))),
        ("play", 2): named("low", asks(0)),
        ("play", 3): named("good", asks(0)),
        ("end",): named("end", asks(0)),
        ("play", 4): named("mid", asks(0)),
    })
    assert GreedyBot(1).choose(TurnTable(node)) == ("play", 3)


def test_greedy_keeps_a_favourite_that_gives_nothing_away(monkeypatch):
    _valued(monkeypatch, {"best": 10.0, "low": 5.0})
    node = Node(player=1, kind="turn", answers={("play", 2): named("low", asks(0)),
                                                  ("play", 1): named("best", asks(1, won_by(0), won_by(1)))})
    assert GreedyBot(1).choose(TurnTable(node)) == ("play", 1)


def test_ending_the_turn_is_counted_half_a_point_down(monkeypatch):
    _valued(monkeypatch, {"end": 8.0, "play": 7.2})
    node = Node(player=1, kind="turn", answers={("play", 1): named("play", asks(0)), ("end",): named("end", asks(0))})
    assert GreedyBot(1).choose(TurnTable(node)) == ("end",)
    _valued(monkeypatch, {"end": 8.0, "play": 7.6})
    assert GreedyBot(1).choose(TurnTable(node)) == ("play", 1)
