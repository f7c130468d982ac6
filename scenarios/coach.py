"""A lesson as the learner goes through it (the app's lesson screen and the
tests drive this; it knows nothing of Textual).

A lesson's steps are of two kinds:

- **scripted** steps (the scenario format's move keys): somebody else's move
  (an opponent, or the table moving on); the coach plays them by itself and
  the tutor tells them;
- **objective** steps (``objective``, ``goal``, ``line``): the learner's.
  Any legal answer is played on the real table. The step is passed the
  moment the table matches its ``goal``; it fails when the learner's turn
  ends, the game ends, or the step's ``max_moves`` are used without reaching
  it, and then the table goes back to where the step began and the learner
  tries again. A tempting move the lesson names under ``wrong`` is not made:
  it is played out on a copy (with what follows it) and the learner sees
  what it leads to.

Stars: one for reaching every objective, one for doing it without a hint
(or being shown the line), one for doing it in the fewest answers (the
sum of the steps' ``par``, by default the length of their lines). A failed
attempt is taken back whole, its answers with the table: the third star
judges the attempts that reached the objectives (the failures are counted
apart, and the end of the lesson says how many).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.game import Event, Game
from engine.prompts import Answer

from .lessons import Lesson, same_answer
from .runner import Step, Wrong, build_table, check_expect, settle_windows, step_answer


def others_play(g: Game, learner: int, seed: int) -> list[Event]:
    """While another seat is asked during a learner's objective, that seat
    answers by itself (the greedy bot, seeded by the lesson: the same moves
    every time); their events, for the tutor to tell."""
    from engine.bots import GreedyBot
    events: list[Event] = []
    bot = GreedyBot(seed)
    while g.prompt is not None and g.prompt.player != learner and not g.over:
        events += g.push(bot.choose(g))
    return events


@dataclass
class Outcome:
    """What one answer led to: ``kind`` is "going" (played, the objective
    not reached yet), "done" (reached: the next step begins), "failed" (not
    reached in time: the table went back), "wrong" (a named wrong move,
    played out on a copy only) or "finished" (the lesson is over)."""
    kind: str
    events: list[Event] = field(default_factory=list)  # on the table (or on the copy, for "wrong")
    said: list[str] = field(default_factory=list)      # the tutor's own words about it


class Coach:
    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.sc = lesson.scenario
        self.g: Game = build_table(self.sc)
        self.i = 0                 # the step now
        self.moves = 0             # the learner's answers that count (a failed attempt's are taken back with it)
        self.hints = 0             # hints asked for, and lines shown
        self.failures = 0          # attempts that went back
        self.wrongs = 0            # named wrong moves played out
        self.step_moves = 0        # answers in the current attempt
        self.told: list[Event] = []  # scripted moves played since the last look (for the tutor)
        self._start: Game | None = None
        self._turn = 0
        self._enter()

    # ------------------------------------------------------------ reading
    @property
    def steps(self) -> list[Step]:
        return self.sc.step

    @property
    def step(self) -> Step | None:
        return self.steps[self.i] if self.i < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None or self.g.over and not self._objective_open()

    def objective(self) -> str:
        st = self.step
        return st.objective if st is not None else ""

    def par(self) -> int:
        return sum(st.par or len(st.line) for st in self.steps if st.objective)

    def stars(self) -> int:
        """Stars earned so far (0 until the lesson is finished)."""
        if not self.finished or self.step is not None:
            return 0
        return 1 + (self.hints == 0) + (self.moves <= self.par())

    def learner(self) -> int:
        st = self.step
        return st.player if st is not None else 0

    # ------------------------------------------------------------ moving on
    def _objective_open(self) -> bool:
        st = self.step
        return st is not None and bool(st.objective)

    def _enter(self) -> None:
        """Play the scripted steps up to the next objective step (or the end),
        then remember the table the objective step starts from."""
        while self.step is not None and not self.step.objective:
            st = self.step
            if self.g.over:
                break
            self.told += settle_windows(self.g, st)
            self.told += self.g.push(step_answer(self.g, st, self.i))
            self.i += 1
        if self.step is not None:
            self.told += others_play(self.g, self.step.player, self.sc.seed)  # whatever others owe first
            self.told += settle_windows(self.g, self.step.line[0])
            self._start = self.g.copy(record=True)
            self._turn = self.g.turn
            self.step_moves = 0

    def resume(self, step: int) -> None:
        """Go to step ``step`` by the lesson's own lines (a lesson is a
        scripted table, so its lines rebuild it exactly); nothing is counted."""
        while self.step is not None and self.i < step:
            for a in self.line_answers():
                self.g.push(a)
            self.i += 1
            self._enter()
        self.told = []

    def take_told(self) -> list[Event]:
        out, self.told = self.told, []
        return out

    def answer(self, a: Any) -> Outcome:
        """The learner answers the question now asked."""
        st = self.step
        if st is None:
            return Outcome("finished", said=["The lesson is over."])
        for w in st.wrong:
            if w.at != self.step_moves:
                continue
            try:
                want = step_answer(self.g, w, self.i)
            except Exception:  # the wrong move is not one of this question's answers
                continue
            if same_answer(tuple(a), want):
                return self._play_out(w, want)
        events = self.g.push(a)   # IllegalAnswer goes to the caller: nothing changed
        self.moves += 1
        self.step_moves += 1
        assert st.goal is not None
        if check_expect(self.g, st.goal, "") and not self._failed(st):  # the others' turns, if the step spans them
            events += others_play(self.g, st.player, self.sc.seed)
        if not check_expect(self.g, st.goal, ""):
            self.i += 1
            self._enter()
            kind = "finished" if self.step is None else "done"
            return Outcome(kind, events, [f"Objective reached: {st.objective}"])
        reason = self._failed(st)
        if reason:  # the attempt is taken back whole: the table, and its answers from the count
            self.failures += 1
            self.g = self._start.copy(record=True) if self._start is not None else self.g
            self.moves -= self.step_moves
            self.step_moves = 0
            return Outcome("failed", events, [f"{reason} The table is back as it was: try again. "
                                              f"{st.hint}".strip()])
        return Outcome("going", events)

    def _failed(self, st: Step) -> str:
        if self.g.over:
            return "The game ended before the objective was reached."
        if st.max_moves and self.step_moves >= st.max_moves:
            return f"That is {st.max_moves} answer(s) and the objective is not reached."
        if self.g.turn - self._turn >= st.turns:
            return ("The turn ended before the objective was reached." if st.turns == 1 else
                    f"{st.turns} turns have passed and the objective is not reached.")
        return ""

    def _play_out(self, w: Wrong, want: Answer) -> Outcome:
        """A named wrong move, on a copy: the move and what follows it."""
        self.wrongs += 1
        h = self.g.copy(record=True)
        events = h.push(want)
        for m in w.then:
            if h.over or h.prompt is None:
                break
            events += settle_windows(h, m)
            try:
                events += h.push(step_answer(h, m, self.i))
            except Exception:  # what follows stops where the copy's table allows no more
                break
        return Outcome("wrong", events, [f"If you did that: {w.why} (Not played: try another way.)"])

    # ------------------------------------------------------------ help
    def hint(self) -> str:
        st = self.step
        if st is None:
            return ""
        self.hints += 1
        return st.hint or st.objective

    def show_line(self) -> str:
        """The intended line's next answer, in the format's words (costs the no-hint star)."""
        st = self.step
        if st is None:
            return ""
        self.hints += 1
        m = st.line[min(self.step_moves, len(st.line) - 1)]
        for key in ("play", "free", "surprise"):
            if getattr(m, key) is not None:
                return f"{key} {getattr(m, key)}"
        if m.choose is not None:
            return "choose " + ", ".join(m.choose)
        return "end the turn" if m.end_turn else "pass"

    def line_answers(self, alt: bool = False) -> list[Any]:
        """The current step's intended (or alternative) line as answers, worked
        out one at a time against a copy (for the tests and for "show me")."""
        st = self.step
        assert st is not None
        h = self.g.copy()
        out = []
        for m in (st.alt if alt else st.line):
            settle_windows(h, m)
            a = step_answer(h, m, self.i)
            out.append(a)
            h.push(a)
        return out
