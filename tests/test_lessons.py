"""Lessons: each runs through the engine, and each can be completed in the app."""
from __future__ import annotations

import pytest

from engine.game import Game
from scenarios.lessons import lessons
from scenarios.runner import run_scenario, step_answer
from solo.app import SoloFluxxApp
from solo.app.screens import LessonScreen, LessonsScreen
from solo.store import Store

LESSONS = lessons()


def test_there_are_twelve_lessons_with_narration():
    assert len(LESSONS) >= 12
    for ls in LESSONS:
        sc = ls.scenario
        assert sc.intro and sc.outro and sc.source and ls.title
        assert all(st.say and st.hint for st in sc.step)


@pytest.mark.parametrize("lesson", LESSONS, ids=[ls.id for ls in LESSONS])
def test_lesson_steps_run_through_the_engine(lesson):
    assert run_scenario(lesson.scenario) == []


@pytest.mark.slow
@pytest.mark.app
@pytest.mark.parametrize("lesson", LESSONS, ids=[ls.id for ls in LESSONS])
async def test_lesson_can_be_completed_in_the_app(tmp_path, lesson):
    store = Store(tmp_path / "s.sqlite3")
    app = SoloFluxxApp(store, learn=True)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonsScreen)
        app.push_screen(LessonScreen(lesson))
        await pilot.pause()
        scr = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        # a wrong move first: the hint, then the answer; the table does not change
        g = scr.g
        before = g.to_dict()
        wrong = ("end",)
        scr.answer(wrong)
        scr.answer(wrong)
        await pilot.pause()
        assert g.to_dict() == before
        assert any("not quite" in ln for ln in scr.log_lines)
        assert any("the move here is" in ln for ln in scr.log_lines)
        while scr.i < len(scr.steps):
            scr.answer(step_answer(scr.g, scr.steps[scr.i], scr.i))
            await pilot.pause()
        assert scr.info.get("done")
    assert lesson.id in store.lessons_done()


@pytest.mark.app
async def test_first_lesson_from_the_keyboard(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    app = SoloFluxxApp(store, learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")          # lesson 1
        await pilot.pause()
        await pilot.press("2")              # wrong: Cookies
        await pilot.press("1")              # right: Milk
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, LessonScreen) and scr.info.get("done")
        assert any("not quite" in ln for ln in scr.log_lines)


def test_lessons_load_in_order_with_titles():
    from scenarios.lessons import LESSONS_DIR, Lesson
    got = lessons()  # loaded here, not at import: mutation testing sees it
    assert [ls.id for ls in got] == sorted(p.stem for p in LESSONS_DIR.glob("*.toml"))
    assert len(got) == 14 and got[0].id == "01-first-turn" and isinstance(got[0], Lesson)
    assert all(ls.title == (ls.scenario.title or ls.scenario.name) and ls.title for ls in got)
    from scenarios.runner import Scenario
    bare = Lesson("x", Scenario(name="only a name"))
    assert bare.title == "only a name"


def test_same_answer_treats_a_choice_as_a_set():
    from scenarios.lessons import same_answer
    assert same_answer(("choose", (1, 2)), ("choose", (2, 1)))
    assert not same_answer(("choose", (1, 2)), ("choose", (1, 3)))
    assert not same_answer(("choose", (1,)), ("play", 1))
    assert same_answer(("play", 4), ["play", 4])
    assert not same_answer(("play", 4), ("play", 5))
    assert same_answer(("end",), ("end",)) and not same_answer(("end",), ("random",))


async def test_a_lesson_in_progress_is_resumed_at_its_step(tmp_path):
    """The lesson slot (issue 16): a lesson keeps its place across a restart, in
    a slot of its own that never touches the Solo game or the history."""
    import json

    from scenarios.runner import step_answer
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    solo_game = Game.new(("fluxx5",), 1, "solo", 4)
    store.start(solo_game)
    store.release_all()
    store.close()
    lesson_no = next(n for n, ls in enumerate(lessons()) if len(ls.scenario.step) >= 3)
    app = SoloFluxxApp(Store(path), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(lesson_no):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        scr = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        for _ in range(2):
            scr.answer(step_answer(scr.g, scr.steps[scr.i], scr.i))
            await pilot.pause()
        state, step = json.dumps(scr.g.to_dict()), scr.i
        assert step == 2 and app.store.notes("lesson") == {"lesson": scr.lesson.id, "step": 2}
    app = SoloFluxxApp(Store(path), learn=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "(in progress: step 3)" in str(app.screen.query_one("#menu").get_option_at_index(lesson_no).prompt)
        for _ in range(lesson_no):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        scr = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        assert scr.i == step and json.dumps(scr.g.to_dict()) == state
        assert any("resumed at step 3" in ln for ln in scr.log_lines)
        assert app.store.runs() == [] and app.store.load("solo")[0].to_dict() == solo_game.to_dict()
