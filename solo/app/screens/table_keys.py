"""What the game screen's keys (and clicks) do: answer, move the cursor,
undo, the card's text, help, colours, end the turn, the tutor's level, why,
hints, the log, the piles, the whole table, the menu and history."""
from __future__ import annotations

from collections.abc import Callable

from textual.events import Click
from textual.widgets import OptionList

from engine.game import Game

from .. import messages as m
from ..widgets import BoxRows
from .table_base import TableBase


class TableKeys(TableBase):
    """The keys of the table (a part of the game screen)."""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "log":  # Enter on a tutor line: why?
            self.why(int(event.option.id or 0))
            return
        pr = self.g.prompt
        if not self.yours(pr):
            return
        moves = event.option_list
        if not 0 <= event.option_index < min(len(pr.options), moves.option_count) \
                or moves.get_option_at_index(event.option_index) is not event.option:
            return  # chosen on the hand as it was for an earlier question (keys faster than the table is drawn)
        self.answer(pr.options[event.option_index])

    def action_quick(self, n: int) -> None:
        pr = self.g.prompt
        if self.yours(pr) and n <= len(pr.options):
            self.answer(pr.options[n - 1])

    def action_cursor(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        if step > 0:
            moves.action_cursor_down()
        else:
            moves.action_cursor_up()

    def undo_point(self) -> int | None:
        """Where undo goes back to: before your last answer that was a real
        choice (an answer the app gave for you, when there was one choice
        only, and the bots' answers after yours are taken back with it).
        None when the answers do not replay to this game on this engine (a
        game begun on an earlier engine): there is nothing to go back along."""
        from engine.answers import ReplayError
        from engine.answers import replay as replay_answers
        from solo.store import position_differs
        g = Game.new(tuple(self.g.decks), self.g.nplayers, self.g.variant_name, self.g.seed, record=False)
        point = 0

        def mine(g: Game) -> bool:
            pr = g.prompt
            return pr is not None and pr.player == self.me and len(pr.legal_answers(limit=2)) > 1
        chose = [mine(g)]
        try:
            replay_answers(g, self.answers, lambda i, a, ev, h: chose.append(mine(h)))
        except (ReplayError, ValueError, KeyError, TypeError):
            return None
        if position_differs(g.to_dict(), self.g.to_dict()):
            return None
        for i in range(len(self.answers)):
            if chose[i]:
                point = i
        return point

    def action_undo(self) -> None:
        from solo.store import rebuild
        if not self.answers:
            return
        point = self.undo_point()
        if point is None:  # never a crash, never a silent other game: the sentence says why, the game plays on
            from solo.store import recorded_engine, replay_check
            self.note(replay_check(self.g, self.answers, recorded_engine(self.info.extra))
                      + " Undo cannot take an answer back in it.")
            return
        self.thinking = None
        self.skipping = False
        self.away = []  # the bots' plays taken back with your move are not recapped
        self.forget_from(point)
        del self.answers[point:]
        self.g = rebuild(self.g.seed, self.g.decks, self.answers, self.g.variant_name, self.g.nplayers)
        self.explainer.watch(self.g)
        self.info.assisted = True
        self.info.assists.append("undo")
        self.link.save(self.g, self.answers, True, None)
        self.note("Undone: this run is now marked assisted.")
        self.advance()

    def forget_from(self, point: int) -> None:
        """Take the lines told since answer ``point`` out of the log: what an
        undone answer drew or flipped is secret again (the next draw, the next
        Rules card). A resumed game knows no marks for its earlier answers:
        then the whole log goes."""
        mark = self.marks[point] if point < len(self.marks) else None
        cut, turn_from = mark if mark is not None else (0, 0)
        del self.log_lines[cut:]
        del self.log_rules[cut:]
        self.log_full = {i: v for i, v in self.log_full.items() if i < cut}
        self.turn_from = min(turn_from, len(self.log_lines))
        del self.marks[point:]
        self.last_rule = next((r for r in reversed(self.log_rules) if r), None)
        self.leads = {}
        for log in self.query(OptionList):
            log._solo_shown = []  # type: ignore[attr-defined]  # the panels are filled anew

    def action_detail(self) -> None:
        moves = self.query_one("#moves", OptionList)
        pr = self.g.prompt
        idx = moves.highlighted
        if not self.yours(pr) or idx is None:
            return
        o = pr.options[idx]
        if len(o) == 2:
            from .modals import CardScreen  # the small screens load when first opened
            self.app.push_screen(CardScreen(self.g, o[1]))

    def action_help(self) -> None:
        from .modals import HelpScreen  # the small screens load when first opened
        self.app.push_screen(HelpScreen(self))

    def action_palette(self) -> None:
        from ..cardtext import COLOUR, PALETTES, use_palette
        now = next(n for n, p in PALETTES.items() if p == COLOUR)
        names = list(PALETTES)
        nxt = names[(names.index(now) + 1) % len(names)]
        use_palette(nxt)
        self.post_message(m.SetPref("palette", nxt))
        self.note(f"Card colours: {nxt}")
        self.draw()

    def action_end_turn(self) -> None:
        """End the turn when the rules allow it; otherwise the tutor says why not."""
        from tutor.explain import FORBIDDEN
        pr = self.g.prompt
        if self.yours(pr) and ("end",) in pr.options:
            self.answer(("end",))
            return
        if pr is not None and self.is_bot(pr.player):
            self.note(f"It is {self.seat_name(pr.player)}'s move, not yours: space plays the bots' moves "
                      "at once until you are asked.")
        else:
            self.note(("Tutor:", "b"), f" {FORBIDDEN['end']}")
        self.draw()

    def action_discard(self) -> None:
        """There is no discarding at will: the tutor explains."""
        from tutor.explain import FORBIDDEN
        self.note(("Tutor:", "b"), f" {FORBIDDEN['discard']}")
        self.draw()

    def action_tutor_level(self) -> None:
        from tutor.explain import LEVELS
        lv = LEVELS[(LEVELS.index(self.explainer.level) + 1) % len(LEVELS)]
        self.explainer.level = lv
        if not isinstance(self.info.lesson, str):  # a lesson's own level is not the player's preference
            self.post_message(m.SetPref("tutor", lv))
        self.note(f"Tutor: {lv}")
        self.draw()

    def action_why(self) -> None:
        log = self.query_one("#log", OptionList)
        if self.focused is log and log.highlighted is not None:
            self.why(int(log.get_option_at_index(log.highlighted).id or 0))
        elif self.last_rule:
            last = max((i for i, r in enumerate(self.log_rules) if r), default=-1)
            if last in self.log_full:  # the last line is a bot move in one line: all it stands for
                self.why(last)
                return
            from .modals import RuleScreen  # the small screens load when first opened
            self.app.push_screen(RuleScreen(self.last_rule))

    def why(self, line: int) -> None:
        """Open the rule entry behind a line of the tutor panel; on a bot move
        told in one line, every sentence it stands for with its rule."""
        if line in self.log_full:
            from .modals import MoveScreen
            self.app.push_screen(MoveScreen(str(self.log_lines[line]), self.log_full[line].full))
            return
        rule = next((r for r in reversed(self.log_rules[:line + 1]) if r), None)
        if rule:
            from .modals import RuleScreen  # the small screens load when first opened
            self.app.push_screen(RuleScreen(rule))

    def action_hint(self) -> None:
        """A hint ladder: first a nudge (free: it names no move), then the
        search bot's suggestion with its reason and the runner-up (the run is
        then marked assisted)."""
        g = self.g
        pr = g.prompt
        if not self.yours(pr):
            return
        if self.hint_step == 0:
            self.hint_step = 1
            from tutor.hints import nudge
            self.note(f"{nudge(g)} Press i again for a move.")
        else:
            self.ask_hint(g, self.note_hint)
        self.draw()

    def note_hint(self, text: str) -> None:
        self.note(text)
        self.draw()

    def ask_hint(self, g: Game, show: Callable[[str], object]) -> None:
        """The search bot's suggestion for the question now asked, in words,
        given to ``show`` when the worker process has it (the table stays
        live meanwhile); asking for one marks the run assisted."""
        self.info.assisted = True
        self.info.assists.append("hint")
        self.link.save(g, self.answers, True, None)
        show("Hint: thinking (the search runs beside the table; keep looking around)...")
        # the coroutine is made when the worker starts (a function, not a coroutine object): a worker replaced
        # before it started (keys faster than the table) leaves no coroutine never awaited behind
        asked_at = g.decisions

        async def hint() -> None:
            await self._hint(g, asked_at, show)
        self.run_worker(hint, group="hint", exclusive=True)  # type: ignore[arg-type]  # (Textual types a function worker's result as Never)

    async def _hint(self, g: Game, asked_at: int, show: Callable[[str], object]) -> None:
        import asyncio

        from tutor.hints import hint_text
        future = self.link.hints.submit(g.to_dict(), g.decisions)
        found = await asyncio.wrap_future(future)
        if self.g is not g or g.decisions != asked_at:
            return  # the game has moved on: that hint answers a question no longer asked
        show(hint_text(g, found.ranked, found.futures, found.tried, found.cut) + " (run marked assisted)")

    def action_toggle_log(self) -> None:
        """Between what just happened (since the last turn ended) and the whole log."""
        self.full_log = not self.full_log
        self.draw()

    def action_piles(self) -> None:
        """Browse the Scored Goals and the discard piles."""
        from .modals import PilesScreen  # the small screens load when first opened
        self.app.push_screen(PilesScreen(self.g))

    def action_open_table(self, at: str | None = None) -> None:
        """Every zone of the table whole, in a dialog that scrolls (o, or a click on a box)."""
        from .modals import TableScreen
        boxes = self.query_one("#boxes", BoxRows)
        self.app.push_screen(TableScreen(self.g, boxes.panes(), self.info, at))

    def on_click(self, event: Click) -> None:
        if self.small:
            return
        boxes = self.query_one("#boxes", BoxRows)
        if event.widget is boxes:
            pane = boxes.pane_at(event.x, event.y)
            if pane is not None:
                self.action_open_table(pane.key)

    def action_menu(self) -> None:
        """To the menu; the game is saved after every answer and resumes from there."""
        self.post_message(m.ShowMenu())

    def action_history(self) -> None:
        self.post_message(m.ShowHistory())
