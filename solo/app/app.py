"""The Solo Fluxx app: resumes the game in progress, else shows the menu."""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider

from engine.game import Game
from solo.store import Store
from solo.store.info import GameInfo

from . import messages as m
from .link import GameLink, slot_of
from .screens.game import GameScreen
from .screens.menu import MenuScreen

if TYPE_CHECKING:
    from .screens.lessons import LessonProgress


class SoloCommands(Provider):
    """Command palette: New game, History, Toggle log, Rules: <card>. The
    game's own commands are listed as soon as the palette opens."""

    def items(self, cards: bool) -> list[tuple[str, Callable[[], object], str]]:
        app: object = self.app  # (App[object] does not narrow to App[None]: from object it does)
        assert isinstance(app, SoloFluxxApp)
        from solo.variant.daily import today
        items: list[tuple[str, Callable[[], object], str]] = [("New game", app.choose_new_game, "Solo Fluxx or Fluxx against bots: choose the game and decks"),
                 ("Daily challenge", partial(app.daily_game, today()), "today's deal, the same for everyone"),
                 ("Lessons", app.show_lessons, "step-by-step lessons"),
                 ("History", app.show_history, "past runs"),
                 ("Stats", app.show_stats, "best, mean, streaks and charts"),
                 ("Toggle tutor", app.toggle_tutor, "tutor level: off, brief, full")]
        scr = next((x for x in reversed(app.screen_stack) if isinstance(x, GameScreen)), None)
        if scr is not None:  # the game's own commands, as its keys do them
            own: list[tuple[str, Callable[[], object], str]] = [("Undo", scr.action_undo, "take back your last answer (u; marks the run assisted)"),
                     ("Hint", scr.action_hint, "a nudge, then a move with its reason (i)"),
                     ("Why?", scr.action_why, "the rule behind the last line (w)"),
                     ("Open the table whole", scr.action_open_table, "every zone, nothing cut (o)"),
                     ("Piles", scr.action_piles, "the Scored Goals and the discard piles (p)"),
                     ("Log", scr.action_toggle_log, "just happened, or the full log (l)"),
                     ("Card colours", scr.action_palette, "colour-blind safe or vivid (c)"),
                     ("Help", scr.action_help, "the keys and the rules in short (?)"),
                     ("Menu", scr.action_menu, "the game is saved; Resume picks it up (q)")]
            items = own + items
        g = app.current_game() if cards else None
        if g is not None:
            for c in g.db.cards:
                items.append((f"Rules: {c.name}", partial(app.show_card, c.id), "the card's full text"))
        return items

    def solo_app(self) -> SoloFluxxApp:
        app: object = self.app  # (App[object] does not narrow to App[None]: from object it does)
        assert isinstance(app, SoloFluxxApp)
        return app

    async def discover(self) -> Hits:
        """What the palette lists before anything is typed: the game's commands, then the app's."""
        for name, cb, help_ in self.items(cards=False):
            yield DiscoveryHit(name, cb, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, cb, help_ in self.items(cards=True):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), cb, help=help_)
        if len(query.split()) >= 2 or len(query) >= 4:  # a question: the rules search answers it, best first
            from tutor.search import search as rules_search
            for i, h in enumerate(rules_search(query, 5)):
                yield Hit(0.6 - 0.05 * i, f"Rules: {h.entry.title}", partial(self.solo_app().show_rule, h.entry.id),
                          help=f"{h.entry.id}: the rules reference")


def slot_for(daily: str | None, seats: list[str] | None, variant: str | None = None) -> str:
    """The save slot of a new game: the daily; else the slot named as its
    variant (the standard game against bots, the Solo game, or any other
    registered variant's own)."""
    return "daily" if daily else variant or ("standard" if seats else "solo")


CHECKPOINT_EVERY = 60.0   # seconds between copies of the save's write-ahead log into its file, while the app runs
CRASHES_KEPT = 5           # crash.log keeps the last few crashes ...
CRASH_LOG_MOST = 256 * 1024  # ... and never more than this many bytes
CRASH_HEAD = "--- "


def crash_log(folder: Path, error: BaseException) -> str | None:
    """Add the error's traceback to ``crash.log`` in ``folder``, keeping the
    last ``CRASHES_KEPT`` crashes (older ones, and anything past
    ``CRASH_LOG_MOST`` bytes, are dropped); its path, or None."""
    import datetime
    import traceback
    path = folder / "crash.log"
    entry = (f"{CRASH_HEAD}{datetime.datetime.now().astimezone().isoformat(timespec='seconds')}\n"
             + "".join(traceback.format_exception(error)))
    entry = entry[-CRASH_LOG_MOST // 2:]  # (a traceback of a deep recursion is long: its end says most)
    try:
        try:
            with open(path, "rb") as f:
                f.seek(max(0, f.seek(0, 2) - CRASH_LOG_MOST))
                old = f.read().decode("utf-8", "replace")
        except FileNotFoundError:
            old = ""
        crashes = [c for c in ("\n" + old).split("\n" + CRASH_HEAD)[1:] if c.strip()]
        kept = [CRASH_HEAD + c.rstrip("\n") + "\n" for c in crashes[-(CRASHES_KEPT - 1):]] if CRASHES_KEPT > 1 else []
        text = "".join(kept) + entry
        while len(text.encode()) > CRASH_LOG_MOST and kept:
            kept.pop(0)
            text = "".join(kept) + entry
        tmp = path.with_name("crash.log.new")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return None
    return str(path)


GEN0_THRESHOLD = 50_000  # objects between collections of the youngest generation, once the app has started


def slot_wait(text: str | None) -> float:
    """SOLO_FLUXX_SLOT_WAIT's seconds (0 to 30); anything else is 0."""
    try:
        v = float(text or 0)
    except ValueError:
        return 0.0
    return min(max(v, 0.0), 30.0) if v == v else 0.0  # (NaN is no number of seconds)


class SoloFluxxApp(App[None]):
    CSS_PATH = "solo.tcss"
    TITLE = "Solo Fluxx"
    COMMANDS = App.COMMANDS | {SoloCommands}
    # Ctrl-C quits, as a terminal program's user expects (every answer is saved as it is given)
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True, id="ctrl-c-quit")]

    def __init__(self, store: Store | None = None, new: tuple[int | None, list[str]] | None = None, daily: str | None = None,
                 learn: bool = False, lesson: str | None = None, seats: list[str] | None = None,
                 variant: str | None = None):
        super().__init__()
        self.variant = variant  # with new: the variant to play (None: Solo, or the standard game with seats)
        self.learn = learn
        self.lesson = lesson  # a lesson's id: open it at once (over the list of lessons)
        self.store = store or Store()
        self.new = new  # (seed or None, decks) to start a new game at once
        self.seats = seats  # with new: a game against bots, these seats ("human", "greedy", ...)
        self.daily = daily  # a date: start that date's daily challenge
        self.failure: str | None = None  # the one sentence to print when an error ended the app
        from solo.app.hinting import HintWorker
        self.hints = HintWorker()  # the hint's search runs in a process of its own
        # served to a browser (solo-fluxx serve): the first slot opened waits this long for its
        # lock, which a reloaded tab's old process is letting go of (0: a terminal's app does not wait)
        self.slot_wait = slot_wait(os.environ.get("SOLO_FLUXX_SLOT_WAIT"))

    # Textual 8.2.8 (pinned in pyproject.toml) has no public hook for an unhandled error: App's
    # private _handle_exception is the only place that sees it before the traceback is drawn.
    # This override is kept deliberately, and tests/test_app_trust.py pins Textual's side of it
    # (the method and the attributes it sets), so that an upgrade that changes them fails there.
    def _handle_exception(self, error: Exception) -> None:
        """An error ends the app with one sentence and the details in a log
        file, never Textual's traceback on the player's screen."""
        from solo.store import StoreError
        self._return_code = 1
        if isinstance(error, StoreError):  # an everyday accident (lock, full disk): its own sentence
            self.failure = str(error)
        elif self.failure is not None:  # the app is ending on an error already: one crash, one entry
            pass                         # (a layout error raised again on the next refresh was logged twice)
        else:
            log = crash_log(self.store.path.parent, error)
            where = f"the details are in {log}" if log else "no log could be written"
            self.failure = (f"Solo Fluxx stopped on an unexpected error ({type(error).__name__}: {error}); "
                            f"{where}. Your game is saved as of your last move.")
            if self._exception is None:  # under Pilot the test sees the error itself
                self._exception = error
        self._exception_event.set()  # type: ignore[attr-defined]  # wakes whatever waits on the app (Pilot)
        self._close_messages_no_wait()

    def on_ready(self) -> None:
        self.call_after_refresh(self.start_done)

    @staticmethod
    def start_done() -> None:
        """After the first frame: turn the cycle collector back on if the
        command line paused it for the start (solo.cli._app). What the start
        made is frozen first (kept out of later collections: it lives as long
        as the app). No collection is run here: one takes 15-35 ms and holds
        the interpreter all that time, so Textual's writer thread, which puts
        the first frame on the terminal, could not write it until it ended.
        What the start left unreachable (about 4,400 small objects) stays.
        The youngest generation is then collected every 50,000 new objects,
        not Python's 700: a frame of a large table makes tens of thousands
        of short-lived objects (Textual's strips and segments), and at 700
        the collector ran 4-10 ms in each key press at 160x50 (0.4 ms now,
        README "Key press to table")."""
        import gc
        if not gc.isenabled():
            gc.freeze()
            _gen0, gen1, gen2 = gc.get_threshold()
            gc.set_threshold(GEN0_THRESHOLD, gen1, gen2)
            gc.enable()

    def on_mount(self) -> None:
        self._watch_ends()
        self.set_interval(CHECKPOINT_EVERY, self.store.checkpoint, name="checkpoint")
        if self.store.notice:
            self.notify(self.store.notice, severity="warning", timeout=10)
        for note in self.store.skipped[:3]:
            self.notify(note, severity="warning", timeout=10)
        for note in self.store.set_aside_notes()[:2]:  # named on every start, until it is moved away
            self.notify(note, severity="warning", timeout=15)
        if self.learn:
            self.show_lessons()
            if self.lesson == "coached":  # learn N for the list's last line
                self.coached_game()
                return
            if self.lesson is not None:
                self.open_lesson(self.lesson)
            return
        if self.daily is not None:
            self.push_screen(self.menu())
            self.daily_game(self.daily)
            return
        if self.new is not None:
            slot = slot_for(None, self.seats, self.variant)
            if not self.store.claim(slot) or slot in self.store.in_progress():
                self.push_screen(self.menu())  # the new game asks first, or cannot start: over the menu
            # else the game starts at once, on a stack of its own, as new_game leaves it in any case
            seed, decks = self.new
            self.start_game(seed, decks, seats=self.seats, variant=self.variant)
            return
        self.push_screen(self.menu())
        playing = [s for s in self.store.in_progress() if s != "lesson"]
        if len(playing) == 1:  # one game in progress: straight back to it
            self.resume(playing[0])
        elif self.first_start():
            self.offer_lessons()

    def _watch_ends(self) -> None:
        """SIGTERM and SIGHUP (a closed terminal window, a service manager)
        end the app as Ctrl+Q does: the terminal is given back as it was
        (alternate screen, mouse, cursor), and every answer is saved already.
        Served to a browser (SOLO_FLUXX_PARENT names the server), the app also
        ends when the server does, however the server ends (lifeline.py)."""
        if self.is_headless:  # under Pilot the test's process keeps its own signals
            return
        import asyncio
        import signal
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                loop.add_signal_handler(sig, self.exit)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no such signal here
                pass
        import sys

        from engine.lifeline import follow_input, follow_parent, parent_from_env
        stdin = sys.__stdin__
        if stdin is not None and not os.environ.get("TEXTUAL_DRIVER"):  # a terminal's keys (a server's pipe is its own)
            try:
                follow_input(stdin.fileno(), lambda: loop.call_soon_threadsafe(self.input_ended))
            except (OSError, ValueError):  # no descriptor behind standard input
                pass
        parent = parent_from_env(os.environ.get("SOLO_FLUXX_PARENT"))
        if parent is not None:
            if os.getppid() != parent:  # the server ended while this app started
                self.exit()
                return
            follow_parent(parent, lambda: loop.call_soon_threadsafe(self.exit))

    def input_ended(self) -> None:
        """Standard input hung up while the app ran (its terminal closed, or
        the pipe it read from ended): no key can come, so the app ends, with
        the sentence saying why (every answer is saved already)."""
        self.failure = ("standard input was closed, so no more keys can come; the game is saved as of your "
                        "last move: run solo-fluxx again in a terminal to go on")
        self.exit(return_code=1)

    def first_start(self) -> bool:
        """Nothing played, learned or offered yet: a player's first start."""
        s = self.store
        return (not s.read_only and s.pref("lessons_offered") is None and not s.lessons_done()
                and not s.in_progress() and not s.has_runs())

    def offer_lessons(self) -> None:
        """The first start offers the lessons (once): the Solo table, a first
        turn, scoring, and the rest of the rules, one objective at a time."""
        from .dialogs import ConfirmScreen
        self.store.set_pref("lessons_offered", True)

        def answered(yes: bool | None) -> None:
            if yes:
                self.show_lessons()
        self.push_screen(ConfirmScreen("New to Fluxx? The lessons teach it one small objective at a time, "
                                       "starting with the Solo table. Open the lessons?"), answered)

    def on_unmount(self) -> None:
        self.hints.close()
        self.store.release_all()  # this window no longer plays its games (the process's end would drop them too)
        self.store.checkpoint(whole=True)  # the .sqlite3 file alone holds every game: a backup of it misses none

    def current_game(self) -> Game | None:
        for s in reversed(self.screen_stack):
            if isinstance(s, GameScreen):
                return s.g
        return None

    def open_slot(self, slot: str) -> bool:
        """Take the slot for this window; if another window has its game open,
        say so and offer to watch that game read-only (False)."""
        wait, self.slot_wait = self.slot_wait, 0.0
        if self.store.claim(slot, wait):
            return True
        from solo.store import _first_up, slot_words

        from .dialogs import BusyScreen

        def chosen(what: str | None) -> None:
            if what == "view":
                self.view_slot(slot)
        self.push_screen(BusyScreen(f"{_first_up(slot_words(slot))} is open in another Solo Fluxx window. "
                                    "Only one window plays a game at a time, so that no save mixes two games."),
                         chosen)
        return False

    def view_slot(self, slot: str) -> None:
        """The slot's game as saved so far, step by step, read-only."""
        saved = self.store.load(slot)
        if saved is None:
            self.notify("That game is no longer in progress.", timeout=5)
            return
        g, answers, info = saved
        from solo.store import recorded_engine, replay_check
        why = replay_check(g, answers, recorded_engine(info.extra))
        if why:  # its answers do not replay here: there is no step by step to show (and no crash)
            self.notify(why + " It can be watched only where it is played.", severity="warning", timeout=12)
            return
        from solo.store.seats import seats_in

        from .screens.replay import ReplayScreen
        seats = seats_in(info)
        where = f"daily {info.daily}" if info.daily else f"seed {info.seed}"
        self.push_screen(ReplayScreen(f"Read-only: {where}", info.decks, g.nplayers, g.variant_name, info.seed,
                                      answers, seats, level=self.store.pref("tutor", "brief")))

    def resume(self, slot: str) -> None:
        if not self.open_slot(slot):
            return
        saved = self.store.load(slot)
        if saved is None:
            if self.store.notice:
                self.notify(self.store.notice, severity="warning", timeout=10)
            return
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.push_screen(GameScreen(*saved, link=self.link_for(saved[2])))

    def new_game(self, seed: int | None, decks: Sequence[str], daily: str | None = None, coached: bool = False,
                 seats: list[str] | None = None, variant: str | None = None) -> None:
        """A new game in its slot: Solo, the standard game against bots (the
        human at seat 0), or a game of ``variant`` (with ``seats`` when it
        has more than one)."""
        if seed is None:
            seed = int(time.time() * 1000) % (2 ** 31)
        slot = slot_for(daily, seats, variant)
        name = variant or ("standard" if seats else "solo")
        if seats:
            g = Game.new(tuple(decks), len(seats), name, seed)
            extra: dict[str, Any] | None = {"seats": list(seats)}
        else:
            g = Game.new(tuple(decks), 1, name, seed)
            extra = {"coached": True} if coached else None  # the coached game: reviewed at its end
        self.store.start(g, daily=daily, slot=slot, extra=extra)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        info = GameInfo(seed, list(decks), slot=slot, daily=daily, extra=extra)
        self.push_screen(GameScreen(g, [], info, link=self.link_for(info)))

    def coached_game(self) -> None:
        """The lessons' last step: a whole Solo game on a fixed deal with the
        tutor at its fullest, and at its end the moves that cost the most."""
        from tutor.review import COACHED_DECKS, COACHED_SEED
        self.start_game(COACHED_SEED, COACHED_DECKS, coached=True)

    def daily_game(self, date_iso: str) -> None:
        """The date's deal; a daily of that date in progress is resumed, never dealt again."""
        from solo.variant.daily import DAILY_DECKS, daily_seed
        if not self.open_slot("daily"):
            return
        saved = self.store.load("daily")
        if saved is not None and saved[2].daily == date_iso:
            self.resume("daily")
            return
        if self.store.daily_scored(date_iso):  # said before it starts: this attempt will not be scored
            from .dialogs import ConfirmScreen

            def go(yes: bool | None) -> None:
                if yes:
                    self.start_game(daily_seed(date_iso), DAILY_DECKS, daily=date_iso)
            self.push_screen(ConfirmScreen(f"You have played the daily of {date_iso}: its one scored attempt is in "
                                           "your history. Play it again as practice (not scored, kept apart in "
                                           "your stats)?"), go)
            return
        self.start_game(daily_seed(date_iso), DAILY_DECKS, daily=date_iso)

    def start_game(self, seed: int | None, decks: Sequence[str], daily: str | None = None, coached: bool = False,
                   seats: list[str] | None = None, variant: str | None = None) -> None:
        """A new game; a game in progress in its slot is not filed as abandoned without asking
        (a game against bots has a slot of its own: it never abandons a Solo game)."""
        slot = slot_for(daily, seats, variant)
        if not self.open_slot(slot):
            return
        saved = self.store.load(slot)
        if saved is None:
            self.new_game(seed, decks, daily, coached, seats, variant)
            return
        g, _, info = saved
        what = f"daily {info.daily}" if info.daily else f"seed {g.seed}"
        if slot == "standard":
            what = f"against bots, seed {g.seed}"
        elif slot not in ("solo", "daily"):
            from solo.store import slot_words
            what = f"{slot_words(slot)}, seed {g.seed}"
        from .dialogs import ConfirmScreen

        def go(yes: bool | None) -> None:
            if yes:
                self.new_game(seed, decks, daily, coached, seats, variant)
        self.push_screen(ConfirmScreen(f"A game is in progress ({what}, turn {g.turn}). A new game files it as "
                                       "abandoned in your history. Start the new game?"), go)

    def choose_new_game(self) -> None:
        """New game: Solo or against bots (how many, how strong), the decks,
        then start (asking first if a game is in progress in that slot)."""
        from solo.store.seats import new_seats

        from .dialogs import NewGameScreen

        def chosen(c: dict[str, Any] | None) -> None:
            if not c:
                return
            seats = None
            if c.get("mode") == "standard":
                if c["strength"] == "each":  # a strength for each bot, in seat order
                    seats = ["human"] + [c[f"strength{i}"] for i in range(c["bots"])]
                else:
                    seats = new_seats(c["bots"], c["strength"])
            self.start_game(None, c["decks"], seats=seats)
        self.push_screen(NewGameScreen(), chosen)

    def show_lessons(self) -> None:
        from .screens import LessonsScreen
        self.push_screen(LessonsScreen(self.lesson_progress()))

    def show_stats(self) -> None:
        from .screens import StatsScreen
        self.push_screen(StatsScreen(self.store.stats()))

    def action_show_stats(self) -> None:
        """The `s` key of the game and end screens."""
        self.show_stats()

    def end_of(self, g: Game, info: GameInfo, answers: list[Any], seats: list[str] | None) -> None:
        """The end of a game: its recap with the record it joins (best and
        mean; against bots, the record against bots; a daily's par)."""
        best, mean = self.store.best_and_mean()
        extra = info.extra or {}
        from .screens.end import EndRecord, EndScreen
        daily = info.daily
        runs = self.store.runs(finished_only=True, daily=daily) if daily else []
        record = EndRecord(best, mean, bots=self.store.bot_stats() if seats else None,
                           par=self.store.par(daily) if daily else None,
                           practice=bool(runs and runs[-1]["practice"]))
        self.push_screen(EndScreen(g, record, info.assisted, daily=daily, answers=answers, assists=info.assists,
                                   coached=isinstance(extra, dict) and extra.get("coached") is True, seats=seats))

    def show_history(self) -> None:
        """The newest page of the history (a history of 20,000 runs is read a page at a time: o for more)."""
        from .screens.history import HISTORY_PAGE, HistoryScreen

        def newest(n: int) -> tuple[list[dict[str, Any]], dict[int, str]]:
            self.store.unreadable.clear()
            return self.store.runs(newest=n), dict(self.store.unreadable)
        runs, unreadable = newest(HISTORY_PAGE)
        self.push_screen(HistoryScreen(runs, unreadable, self.store.count_runs(), newest,
                                       notes=self.store.set_aside_notes()))

    def menu(self) -> MenuScreen:
        """The menu, with the games in progress to resume."""
        return MenuScreen(self.store.in_progress())

    def link_for(self, info: GameInfo) -> GameLink:
        """What a game screen is given (a call down): the preferences as
        saved, the tutor lines kept with its slot, and its slot's save."""
        slot = slot_of(info)
        store = self.store

        def save(g: Game, answers: list[Any], assisted: bool, extra: dict[str, Any] | None) -> None:
            store.save(g, answers, assisted, slot=slot, extra=extra)
        kept = store.pref("tutor_lines." + slot) or {}
        return GameLink(tutor=store.pref("tutor", "brief"), palette=store.pref("palette"),
                        bot_pace=store.pref("bot_pace"), kept_lines=kept if isinstance(kept, dict) else {},
                        daily_scored=info.daily is not None and store.daily_scored(info.daily), save=save,
                        hints=self.hints)

    def lesson_step(self, lesson_id: str) -> int:
        """The step a lesson's save has reached (0: from its start)."""
        notes = self.store.notes("lesson") or {}
        step = notes.get("step") if notes.get("lesson") == lesson_id else 0
        return step if isinstance(step, int) and step > 0 else 0

    def open_lesson(self, lesson_id: str) -> None:
        """A lesson at the step its save has reached; this window takes the
        lesson slot if no other holds it (else the lesson is played unsaved)."""
        from scenarios.lessons import lessons

        from .screens import LessonScreen
        found = [ls for ls in lessons() if ls.id == lesson_id]
        if not found:
            return
        step = self.lesson_step(lesson_id)
        info = GameInfo(found[0].scenario.seed, slot="lesson", lesson=lesson_id)
        link = self.link_for(info)
        link.holds = self.store.claim("lesson")
        screen = LessonScreen(found[0], step, link=link)
        if link.holds and not step:
            self.store.start(screen.g, slot="lesson", extra={"lesson": lesson_id, "step": 0})
        self.push_screen(screen)

    def lesson_progress(self) -> LessonProgress:
        """What the list of lessons shows: the lessons done, their stars, the one in progress."""
        from .screens.lessons import LessonProgress
        return LessonProgress(self.store.lessons_done(), self.store.lesson_stars(), self.store.notes("lesson") or {})

    def show_replay(self, title: str, decks: list[str], players: int, variant: str, seed: int, answers: list[Any],
                    seats: list[str] | None) -> None:
        from .screens.replay import ReplayScreen
        self.push_screen(ReplayScreen(title, decks, players, variant, seed, answers, seats,
                                      level=self.store.pref("tutor", "brief")))

    def replay_run(self, run_id: int) -> None:
        """A run of the history, step by step; a sentence when it cannot be replayed here."""
        from engine.answers import ReplayError
        from solo.store.seats import seats_of_notes
        run = self.store.run_file(run_id)
        if not run or not isinstance(run.get("answers"), list):
            self.notify("This run has no answers to replay.", severity="warning")
            return
        try:
            self.show_replay(f"Run {run_id}: seed {run['seed']}", run["decks"], run.get("players", 1),
                             run.get("variant", "solo"), run["seed"], run["answers"], seats_of_notes(run.get("seats")))
        except (ReplayError, ValueError, KeyError, TypeError) as e:  # e.g. a run of another engine version
            self.notify(f"This run cannot be replayed here: {e}", severity="warning")

    # ------------------------------------------------------------------ what the screens ask (messages up)
    def on_resume_game(self, message: m.ResumeGame) -> None:
        self.resume(message.slot)

    def on_choose_new_game(self, _message: m.ChooseNewGame) -> None:
        self.choose_new_game()

    def on_play_again(self, message: m.PlayAgain) -> None:
        self.new_game(None, message.decks, seats=message.seats, variant=message.variant)

    def on_play_daily(self, message: m.PlayDaily) -> None:
        self.daily_game(message.date)

    def on_play_coached(self, _message: m.PlayCoached) -> None:
        self.coached_game()

    def on_open_lesson(self, message: m.OpenLesson) -> None:
        self.open_lesson(message.lesson_id)

    def on_lessons_shown(self, message: m.LessonsShown) -> None:
        from .screens.lessons import LessonsScreen
        scr: object = self.screen
        if isinstance(scr, LessonsScreen):
            scr.show_progress(self.lesson_progress())

    def on_lesson_finished(self, message: m.LessonFinished) -> None:
        self.store.lesson_done(message.lesson_id, message.stars)
        if message.clear:
            self.store.clear("lesson")

    def on_show_menu(self, _message: m.ShowMenu) -> None:
        self.switch_screen(self.menu())

    def on_show_history(self, _message: m.ShowHistory) -> None:
        self.show_history()

    def on_show_stats(self, _message: m.ShowStats) -> None:
        self.show_stats()

    def on_show_lessons(self, _message: m.ShowLessons) -> None:
        self.show_lessons()

    def on_replay_run(self, message: m.ReplayRun) -> None:
        self.replay_run(message.run_id)

    def on_replay_game(self, message: m.ReplayGame) -> None:
        self.show_replay(message.title, message.decks, message.players, message.variant, message.seed,
                         message.answers, message.seats)

    def on_game_over(self, message: m.GameOver) -> None:
        self.end_of(message.g, message.info, message.answers, message.seats)

    def on_set_pref(self, message: m.SetPref) -> None:
        self.store.set_pref(message.key, message.value)

    def on_par_found(self, message: m.ParFound) -> None:
        self.store.set_par(message.date, message.par)

    def show_rule(self, rule_id: str) -> None:
        """A rules reference entry (the palette's "Rules:" answers)."""
        from .screens.modals import RuleScreen
        self.push_screen(RuleScreen(rule_id))

    def show_card(self, c: int) -> None:
        g = self.current_game()
        if g is not None:
            from .screens.modals import CardScreen
            self.push_screen(CardScreen(g, c))

    def toggle_tutor(self) -> None:
        for s in self.screen_stack:
            if isinstance(s, GameScreen):
                s.action_tutor_level()
