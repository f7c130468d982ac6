"""One lesson: the table with narration."""
from __future__ import annotations

from textual.binding import Binding

from engine.game import Game

from ..cardtext import option
from ..dialogs import dialog_for
from .game import GameScreen


class LessonScreen(GameScreen):
    """A lesson: the learner makes every move; a wrong move gets a hint, then the answer."""
    AUTO_SINGLE = False  # a lesson's steps name every answer

    def __init__(self, lesson, step: int = 0):
        from scenarios.runner import build_table
        g = build_table(lesson.scenario)
        super().__init__(g, [], {"seed": lesson.scenario.seed, "lesson": lesson.id, "slot": "lesson"})
        self.lesson = lesson
        self.i = 0
        self.misses = 0
        self.explainer.level = "full"
        self.saving = False  # this window holds the lesson slot (another window may have it)
        self.resume_at = step

    def replay_to(self, step: int) -> None:
        """Resume: play the lesson's own answers up to ``step`` (a lesson is a
        scripted table, so its steps rebuild it exactly)."""
        from scenarios.runner import settle_windows, step_answer
        while self.i < min(step, len(self.steps)) and not self.g.over:
            settle_windows(self.g, self.steps[self.i])
            self.g.push(step_answer(self.g, self.steps[self.i], self.i))
            self.i += 1

    def keep(self) -> None:
        """Save the lesson's place in its slot (when this window holds it)."""
        if self.saving:
            self.app.store.save(self.g, [], slot="lesson", extra={"lesson": self.lesson.id, "step": self.i})

    @property
    def steps(self):
        return self.lesson.scenario.step

    def on_mount(self) -> None:
        sc = self.lesson.scenario
        store = self.app.store
        self.saving = store.claim("lesson")
        if self.resume_at:
            self.replay_to(self.resume_at)
            self.note(f"[b]{self.lesson.title}[/]: resumed at step {self.i + 1} of {len(self.steps)}.")
        else:
            self.note(f"[b]{self.lesson.title}[/]: {sc.intro}")
            if self.saving:
                store.start(self.g, slot="lesson", extra={"lesson": self.lesson.id, "step": 0})
        if not self.saving:
            self.note("This lesson is open in another window: your progress here is not saved.")
        if self.i < len(self.steps):
            self.note(f"[b]Tutor:[/] {self.steps[self.i].say}")
        self.advance()

    def advance(self) -> None:
        if self.i < len(self.steps) and not self.g.over:
            from scenarios.runner import settle_windows
            passed = settle_windows(self.g, self.steps[self.i])  # Surprise windows the lesson does not use
            if passed:
                self.tell(passed)
        self.draw()
        if self.i >= len(self.steps) or self.g.over:
            self.finish()
            return
        if self.g.prompt is not None and self.g.prompt.kind == "choose":
            self.app.push_screen(dialog_for(self.g), self.answer)

    def finish(self) -> None:
        if self.info.get("done"):
            return
        self.info["done"] = True
        self.app.store.lesson_done(self.lesson.id)
        if self.saving:
            self.app.store.clear("lesson")
        self.note(f"[b]Done![/] {self.lesson.scenario.outro}  (Esc: back to the lessons)")
        self.draw()

    def answer(self, a) -> None:
        from scenarios.lessons import same_answer
        from scenarios.runner import step_answer
        if a is None or self.i >= len(self.steps):
            return
        st = self.steps[self.i]
        want = step_answer(self.g, st, self.i)
        if not same_answer(a, want):
            self.misses += 1
            if self.misses == 1:
                self.note(f"[b]Tutor:[/] not quite. {st.hint or st.say}")
            else:
                self.note(f"[b]Tutor:[/] the move here is: {option_text(self.g, want)}")
            self.advance()
            return
        events = self.g.push(want)
        self.misses = 0
        self.i += 1
        self.keep()
        self.tell(events)
        if self.i < len(self.steps) and self.steps[self.i].say:
            self.note(f"[b]Tutor:[/] {self.steps[self.i].say}")
        self.advance()

    def action_undo(self) -> None:
        self.note("Lessons have no undo: a wrong move is simply not made.")

    def action_hint(self) -> None:
        if self.i < len(self.steps):
            self.note(f"[b]Tutor:[/] {self.steps[self.i].hint or self.steps[self.i].say}")
            self.draw()

    BINDINGS = [b for b in GameScreen.BINDINGS if b.key not in ("escape", "q")] + [
        Binding("escape", "app.pop_screen", "Lessons", id="back")]


def option_text(g: Game, a) -> str:
    if a[0] == "choose":
        return "choose " + ", ".join(option(g, v) for v in a[1])
    return option(g, a)
