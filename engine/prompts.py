"""Prompts (the questions the engine asks) and answers.

The engine runs until someone must decide, then exposes one ``Prompt``.
Answers are small tuples:

- on a ``turn`` prompt, one of its options: ``("play", card)``,
  ``("free", card)``, ``("end",)`` or ``("random",)`` (First Play Random);
- on a ``choose`` prompt, ``("choose", values)`` where ``values`` is a
  tuple of option values (card ids, seat numbers or words, by ``domain``);
- ``("pass",)`` declines an optional choice (a ``choose`` whose minimum is 0).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

# An answer: one of the tuple shapes above. ``engine.answers`` is the one
# codec that turns them into labels and JSON and back.
Answer = tuple[Any, ...]
# What a continuation receives from a choose answer: the values chosen (card
# ids, seat numbers or words, by the prompt's domain).
Chosen = tuple[Any, ...]


def same_move(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Two answers are the same move, as the engine takes them: a choice is a
    set (the order values are written in does not matter), and passing is
    choosing nothing. The one equality of answers (lessons match a wrong
    move by it, the coached game's review a better one)."""
    if tuple(a[:1]) == ("pass",):
        a = ("choose", ())
    if tuple(b[:1]) == ("pass",):
        b = ("choose", ())
    if a[0] != b[0]:
        return False
    if a[0] == "choose":
        return set(a[1]) == set(b[1])
    return tuple(a) == tuple(b)


class IllegalAnswer(ValueError):
    """An answer the rules do not allow; the game state is left untouched."""




SHAPE = "an answer is a tuple such as ('play', card) or ('choose', (values...))"


def odd_type(answer: Any) -> str:
    """Why an answer is not made of the exact types the engine takes, or ''
    if it is: a tuple or list whose first item is a word (``str``) and whose
    other items are whole numbers (``int``), words, or a tuple or list of
    them. Exact types: ``True``, ``45.0``, ``Decimal(45)`` and
    ``Fraction(45)`` compare equal to 1 and 45 but are no card, seat or
    word, and an answer made of them is refused before anything moves. The
    refusal names the type, never the value (a value's text can be huge)."""
    t = type(answer)
    if (t is not tuple and t is not list) or not answer:
        return SHAPE
    if type(answer[0]) is not str:
        return "an answer starts with its kind, a word such as 'play' or 'choose'"
    for x in answer[1:]:
        tx = type(x)
        if tx is int or tx is str:
            continue
        if tx is tuple or tx is list:
            for v in x:
                tv = type(v)
                if tv is not int and tv is not str:
                    return (f"a value of type {tv.__name__} is not one of the options "
                            f"(they are whole numbers (int) or words (str))")
            continue
        return (f"a value of type {tx.__name__} is not a card, seat or word "
                f"(give a whole number (int) or a word (str))")
    return ""


class Prompt:
    __slots__ = ("kind", "player", "ask", "domain", "options", "min", "max", "card", "reason", "then")

    def __init__(self, kind: str, player: int, ask: str, options: list[Any], mn: int = 1, mx: int = 1,
                 card: int = -1, reason: str = "", then: tuple[Any, ...] | None = None, domain: str = "cards"):
        self.kind = kind          # "turn" or "choose"
        self.player = player      # the seat that decides
        self.ask = ask            # what is asked, a stable word ("play", "discard_hand", ...)
        self.domain = domain      # what the option values are: "cards", "players", "words", "moves"
        self.options = options
        self.min = mn
        self.max = mx
        self.card = card          # the card that asks, or -1
        self.reason = reason      # why, in words
        self.then = then          # the engine's continuation: (op, *args)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "ask": self.ask, "domain": self.domain,
                "options": [list(o) if isinstance(o, tuple) else o for o in self.options],
                "min": self.min, "max": self.max, "card": self.card, "reason": self.reason,
                "then": list(self.then) if self.then is not None else None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Prompt:
        opts = [tuple(o) if isinstance(o, list) else o for o in d["options"]]
        then = tuple(d["then"]) if d["then"] is not None else None
        return cls(d["kind"], d["player"], d["ask"], opts, d["min"], d["max"], d["card"],
                   d["reason"], then, d["domain"])

    def legal_answers(self, limit: int = 5000) -> list[Answer]:
        """Every legal answer (choose prompts: every allowed subset, up to ``limit``)."""
        if self.kind == "turn":
            return list(self.options)
        out: list[Answer] = []
        for k in range(self.min, min(self.max, len(self.options)) + 1):
            for combo in combinations(self.options, k):
                out.append(("choose", combo))
                if len(out) >= limit:
                    return out
        return out

    def check(self, answer: Any, name: Callable[[int], str] | None = None) -> Answer:
        """Validate an answer; return it in normal form or raise IllegalAnswer.
        ``name`` turns a card id into its name for the refusal's words."""
        if not isinstance(answer, (tuple, list)) or not answer:
            raise IllegalAnswer(SHAPE)
        kind = answer[0]
        if self.kind == "turn":
            a = answer if type(answer) is tuple else tuple(answer)
            if a in self.options:
                return a
            if kind == "play":
                raise IllegalAnswer("that card is not one you can play now")
            if kind == "free":
                raise IllegalAnswer("that free action cannot be used now")
            if kind == "end":
                raise IllegalAnswer("you cannot end your turn while you still have plays to make")
            if kind == "random":
                raise IllegalAnswer("no random play is due now")
            raise IllegalAnswer(f"this is your turn to play; '{kind}' is not an answer to it")
        if kind == "choose" and len(answer) == 2 and type(answer[1]) is tuple:
            # the usual answer (a bot's, or the app's): distinct options, as many
            # as asked; anything else takes the checks below, which say what is wrong
            vals = answer[1]
            opts = self.options
            for v in vals:
                t = type(v)
                if (t is not int and t is not str) or v not in opts:
                    break
            else:
                if self.min <= len(vals) <= self.max and len(set(vals)) == len(vals):
                    return answer if type(answer) is tuple else ("choose", vals)
        if kind == "pass":
            if self.min > 0:
                raise IllegalAnswer("this choice is not optional")
            return ("choose", ())
        if kind != "choose" or len(answer) != 2:
            raise IllegalAnswer(f"the engine is asking '{self.ask}'; answer with ('choose', (values...))")
        vals = answer[1]
        if not isinstance(vals, (tuple, list)):
            raise IllegalAnswer("choose takes a list of values")
        vals = tuple(vals)
        for v in vals:  # options are numbers or words: a list, a map or true/false names none of them
            if not isinstance(v, (int, str)) or isinstance(v, bool):
                raise IllegalAnswer(f"'{v!r}' is not one of the options (they are numbers or words)")
        if len(set(vals)) != len(vals):
            raise IllegalAnswer("the same option is named twice")
        for v in vals:
            if v not in self.options:
                shown = (name(v) if name is not None and self.domain == "cards" and type(v) is int else
                         f"p{v}" if self.domain == "players" and type(v) is int else v)  # as labels name seats
                raise IllegalAnswer(f"'{shown}' is not one of the options")
        if len(vals) < self.min or len(vals) > self.max:
            if self.min == self.max:
                raise IllegalAnswer(f"choose exactly {self.min}, not {len(vals)}")
            raise IllegalAnswer(f"choose between {self.min} and {self.max}, not {len(vals)}")
        return ("choose", vals)
