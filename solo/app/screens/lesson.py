"""One lesson: the table, the step's objective, and the tutor (see scenarios/coach.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import Mount
from textual.widgets import OptionList, Static

from engine.prompts import IllegalAnswer
from solo.store.info import GameInfo

from .. import messages as m
from ..dialogs import dialog_for
from ..lines import Line, styled
from ..link import GameLink
from ..widgets import BoxRows
from .game import GameScreen

if TYPE_CHECKING:
    from scenarios.lessons import Lesson
    from scenarios.runner import Step


def star_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


class LessonScreen(GameScreen):
    """A lesson: each step states an objective; any legal way of reaching it
    passes. A move that misses it is played out (a named tempting move only
    on a copy of the table; any other until the turn ends) and the table goes
    back to the step's start. Other players' moves are made by the lesson and
    told by the tutor."""
    AUTO_SINGLE = False  # the learner answers every question of a step

    def __init__(self, lesson: Lesson, step: int = 0, link: GameLink | None = None):
        from scenarios.coach import Coach
        self.coach = Coach(lesson)
        super().__init__(self.coach.g, [], GameInfo(lesson.scenario.seed, list(self.coach.g.decks), slot="lesson",
                                                    lesson=lesson.id), link)
        self.lesson = lesson
        if self.g.nplayers > 1:  # the seats named as the table and the tutor name them: You, Ada, Boris...
            from solo.store.seats import seat_names
            from tutor.explain import Explainer
            names = seat_names(["human"] + ["greedy"] * (self.g.nplayers - 1))
            self.info.names = names
            self.explainer = Explainer("full", names=names)
            self.explainer.watch(self.g)
        self.explainer.level = "full"
        self.saving = self.link.holds  # this window holds the lesson slot (another window may have it)
        self.resume_at = step

    @property
    def i(self) -> int:
        return self.coach.i

    @property
    def steps(self) -> list[Step]:
        return self.coach.steps

    def keep(self) -> None:
        """Save the lesson's place in its slot (when this window holds it)."""
        if self.saving and not self.coach.finished:
            self.link.save(self.g, [], False, {"lesson": self.lesson.id, "step": self.coach.i})

    def after_compose(self) -> None:
        """The lesson's panel, between the table's boxes and the hand: the
        step's objective, and the lesson's intro (until the first step is
        done), the tutor's words for the step, or the end. It stays put while
        the tutor's lines scroll."""
        if self.small or self.query("#lesson-panel"):
            return
        self.mount(Static(id="lesson-panel"), after=self.query_one("#boxes"))
        self.show_panel()

    def panel_text(self) -> Content:
        st = self.coach.step
        head = (f"Lesson · {self.lesson.title}", "b")
        if self.coach.finished:
            return styled(head, " · done ", star_text(self.coach.stars()), "\n", self.lesson.scenario.outro,
                          " Esc: back to the lessons.")
        step = f" · step {self.coach.i + 1} of {len(self.steps)}"
        assert st is not None  # a lesson not finished is at a step
        words = self.lesson.scenario.intro if self.coach.i == 0 and self.coach.step_moves == 0 else (st.say or "")
        return styled(head, step, "\n", ("Objective: ", "b"), st.objective, "\n" if words else "", words)

    def panel_rows(self, avail: int) -> int:
        """The panel's lines at the table's width, up to what is free (what it cuts ends with "…")."""
        width = self.query_one("#boxes", BoxRows).width_hint or self.app.size.width
        lines = len(self.panel_text().wrap(max(10, width - 2)))
        return max(1, min(lines, avail))

    def show_panel(self) -> None:
        found = self.query("#lesson-panel")
        if not found:
            return
        panel = found.first(Static)
        boxes = self.query_one("#boxes", BoxRows)
        width = max(10, (boxes.width_hint or self.app.size.width) - 2)
        h = self.app.size.height
        least = sum(lo for lo, _hi, _p in boxes.rows)
        rows = self.panel_rows(avail=h - (1 + least + 1 + 1) - 6)
        lines = self.panel_text().wrap(width)
        if len(lines) > rows:  # cut: the whole text is in the log (l)
            lines = lines[:rows]
            lines[-1] = lines[-1].truncate(max(1, width - 1)) + "…"
        panel.update(Content("\n").join(lines))
        panel.styles.height = rows

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # the game screen's start is not a lesson's: its tutor level, its own start
        self.fit(self.app.size)
        self.on_mount_moves_watch()
        from ..cardtext import PALETTES, use_palette
        palette = self.link.palette
        if palette in PALETTES:
            use_palette(palette)
        sc = self.lesson.scenario
        if self.resume_at:
            self.coach.resume(self.resume_at)
            self.g = self.coach.g
            self.note((self.lesson.title, "b"), f": resumed at step {self.coach.i + 1} of {len(self.steps)}.")
        else:
            self.note((self.lesson.title, "b"), f": {sc.intro}")
        if not self.saving:
            self.note("This lesson is open in another window: your progress here is not saved.")
        self.tell(self.coach.take_told())
        self.announce()
        self.advance()

    def announce(self) -> None:
        """The step's objective, and what the tutor says before it."""
        st = self.coach.step
        if st is None:
            return
        if st.say:
            self.note(("Tutor:", "b"), f" {st.say}")
        self.note(("Objective:", "b"), f" {st.objective}")

    def advance(self) -> None:
        self.g = self.coach.g
        self.draw()
        if self.coach.finished:
            self.finish()
            return
        pr = self.g.prompt
        if pr is not None and pr.kind == "choose":
            self.app.push_screen(dialog_for(self.g), self.answer)

    def draw(self) -> None:
        self.show_panel()
        super().draw()
        if self.coach.finished:  # nothing is offered once the lesson is over
            moves = self.query_one("#moves", OptionList)
            moves.clear_options()
            self.hand_title = f"Lesson complete {star_text(self.coach.stars())} · Esc: the lessons"
            moves.border_title = self.hand_title

    def finish(self) -> None:
        if self.info.done:
            return
        self.info.done = True
        stars = self.coach.stars()
        self.post_message(m.LessonFinished(self.lesson.id, stars, clear=self.saving))
        self.note(("Done!", "b"), f" {self.lesson.scenario.outro}")
        self.note(f"Stars: {star_text(stars)} (reached every objective"
                  + ("; no hint" if self.coach.hints == 0 else "; a hint was used")
                  + (f"; in the fewest answers, {self.coach.par()}" if self.coach.moves <= self.coach.par()
                     else f"; {self.coach.moves} answers, the fewest is {self.coach.par()}")
                  + (f"; {self.coach.failures} attempt{'s' if self.coach.failures != 1 else ''} taken back"
                     if self.coach.failures else "") + ").")
        nxt = self.next_lesson()
        self.note(f"Next: {nxt}. Esc: back to the lessons." if nxt else "That was the last lesson. Esc: back.")
        self.draw()

    def next_lesson(self) -> str:
        from scenarios.lessons import lessons
        ids = [ls.id for ls in lessons()]
        k = ids.index(self.lesson.id) + 1 if self.lesson.id in ids else len(ids)
        return lessons()[k].title if k < len(ids) else ""

    def answer(self, a: Any) -> None:
        if a is None or self.coach.finished:
            return
        try:
            out = self.coach.answer(a)
        except IllegalAnswer as e:
            self.note(("Not allowed:", "red"), f" {e}")
            self.draw()
            return
        if out.kind == "wrong":
            self.note(("Tutor:", "b"), " here is what that would do (on a copy of the table):")
            before = len(self.log_lines)
            self.tell(out.events)
            playout = list(self.log_lines[before:])
            for k in range(before, len(self.log_lines)):  # the copy's lines, marked and dimmed (never glued markup)
                ln = self.log_lines[k]
                self.log_lines[k] = Line(("  (would be) ", "dim"), *ln.restyled("dim", "would").parts, kind="would")
        else:
            self.tell(out.events)
        for s in out.said:
            self.note(("Tutor:", "b"), f" {s}")
        if out.kind == "wrong":  # the play-out in a dialog of its own: whole at any size, then back to the step
            from .modals import PlayoutScreen
            self.draw()
            self.app.push_screen(PlayoutScreen(list(out.said), playout), lambda _closed: self.advance())
            return
        if out.kind in ("done", "finished"):
            self.hint_step = 0
            self.tell(self.coach.take_told())
            self.keep()
            self.announce()
        self.advance()

    def action_undo(self) -> None:
        self.note("Lessons have no undo: a move that misses the objective is played out, then taken back.")

    def action_hint(self) -> None:
        if self.coach.step is None:
            return
        if self.hint_step == 0:
            self.note(("Tutor:", "b"), f" {self.coach.hint()}")
        else:
            self.note(("Tutor:", "b"), f" one way: {self.coach.show_line()}.")
        self.hint_step += 1
        self.draw()

    BINDINGS: ClassVar[list[BindingType]] = [
        *[b for b in GameScreen.BINDINGS if isinstance(b, Binding) and b.key not in ("escape", "q")],
        Binding("escape", "app.pop_screen", "Lessons", id="back")]
