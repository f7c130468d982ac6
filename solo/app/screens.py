"""The app's screens: the table, the end of a game, history, help, the menu."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.game import Game
from engine.prompts import IllegalAnswer
from engine.runfile import answer_to_json

from .cardtext import card, cards, option, table
from .dialogs import dialog_for


class GameScreen(Screen):
    """The Solo Fluxx table, laid out as the solitaire diagram."""

    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("d", "detail", "Card text", id="detail"),
        Binding("question_mark,f1", "help", "Help", id="help"),
        Binding("t", "tutor_level", "Tutor", id="tutor"),
        Binding("w", "why", "Why?", id="why"),
        Binding("i", "hint", "Hint", id="hint"),
        Binding("l", "toggle_log", "Log", show=False, id="log"),
        Binding("e", "end_turn", "End turn", show=False, id="end"),
        Binding("x", "discard", "Discard", show=False, id="discard"),
        Binding("h", "history", "History", id="history"),
        Binding("c", "palette", "Colours", id="colours"),
        Binding("s", "app.show_stats", "Stats", id="stats", show=False),
        Binding("j", "cursor(1)", "Down", show=False, id="down"),
        Binding("k", "cursor(-1)", "Up", show=False, id="up"),
        *[Binding(str(i), f"quick({i})", f"Pick {i}", show=False, id=f"quick{i}") for i in range(1, 10)],
    ]

    def __init__(self, g: Game, answers: list, info: dict):
        super().__init__()
        self.g = g
        self.answers = answers
        self.info = info
        self.log_lines: list[str] = []
        self.log_rules: list[str | None] = []  # the rule behind each line of the tutor panel
        self.last_rule: str | None = None
        self.hint_step = 0
        from tutor.explain import Explainer
        self.explainer = Explainer("brief")

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="piles")
        yield Static(id="rules")
        yield Static(id="goals")
        yield Static(id="table")
        yield Static(id="hand")
        yield OptionList(id="moves")
        yield OptionList(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.advance()

    def on_resize(self, event) -> None:
        """Larger terminals give the tutor panel more lines."""
        h = event.size.height
        self.query_one("#log", OptionList).styles.height = 3 if h <= 24 else min(3 + (h - 24) // 2, 14)

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        g = self.g
        spots = g.variant.spots(g) or {}
        left = g.plays_left(0) if g.phase == "play" and not g.temp else 0
        mode = "daily " + self.info["daily"] if self.info.get("daily") else f"seed {g.seed}"
        assisted = " · assisted" if self.info.get("assisted") else ""
        self.query_one("#status", Static).update(
            f"[b]Solo Fluxx[/] · {mode} · Turn {g.turn} · [b]Score {len(g.scored)}[/] · "
            f"plays left {left}{assisted}")
        rtop = card(g, g.rules_discard[-1]) if g.rules_discard else "-"
        mtop = card(g, g.discard[-1]) if g.discard else "-"
        if g.variant.solo:
            piles = (f"Rules deck [b]{len(g.rules_deck)}[/] · Rules discard: {rtop}   "
                     f"Main deck [b]{len(g.draw)}[/] · Main discard: {mtop}")
        else:
            piles = f"Draw pile [b]{len(g.draw)}[/] · Discard pile: {mtop} · New Rules: {cards(g, g.rules)}"
        self.query_one("#piles", Static).update(piles)

        def spot(name: str) -> str:
            c = spots.get(name, -1)
            return card(g, c) if c >= 0 else "[dim]empty[/]"
        infl = g.inflation()
        self.query_one("#rules", Static).update(
            f"Basic Rules: draw {1 + infl}, play {1 + infl}.  Draw spot: {spot('draw')}  Play spot: {spot('play')}\n"
            f"Limit spot: {spot('limit')}  Other spot: {spot('other')}")
        scored = ", ".join(g.name(c) for c in g.scored) or "none yet"
        self.query_one("#goals", Static).update(
            f"Current Goal(s): {cards(g, g.goals, '[dim]none[/]')}\nScored Goals ({len(g.scored)}): {scored}")
        tables = f"Keepers and Creepers in play: {table(g, 0, '[dim]none[/]')}"
        for q in range(1, g.nplayers):
            tables += f"  │ Player {q}: {table(g, q, '[dim]none[/]')} ({len(g.hands[q])} in hand)"
        self.query_one("#table", Static).update(tables)
        label = "Hand (set aside)" if g.temp else "Hand"
        extra = ""
        if g.temp and g.temp[-1].cards:
            extra = f"   Temporary hand: {cards(g, g.temp[-1].cards)}"
        self.query_one("#hand", Static).update(f"{label} ({len(g.hands[0])}): {cards(g, g.hands[0], '[dim]empty[/]')}{extra}")
        log = self.query_one("#log", OptionList)
        first = max(0, len(self.log_lines) - 60)
        log.clear_options()
        log.add_options([Option(t, id=str(first + i)) for i, t in enumerate(self.log_lines[first:])])
        if self.log_lines:
            log.highlighted = len(self.log_lines) - first - 1
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        pr = g.prompt
        if pr is not None and pr.kind == "turn":
            moves.add_options([Option(f"{i + 1}. {option(g, o)}" if i < 9 else option(g, o), id=str(i))
                               for i, o in enumerate(pr.options)])
            moves.highlighted = 0
            if self.focused is not self.query_one("#log", OptionList):
                moves.focus()

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """Show the table, then ask the engine's current question."""
        self.draw()
        g = self.g
        if g.over:
            self.app.game_finished(self)
            return
        if g.prompt.kind == "choose":
            self.app.push_screen(dialog_for(g), self.answer)

    def answer(self, a) -> None:
        g = self.g
        if a is None:
            return
        try:
            j = answer_to_json(g, a)
            events = g.push(a)
        except IllegalAnswer as e:
            self.note(f"[red]Not allowed:[/] {e}")
            self.draw()
            return
        self.answers.append(j)
        self.app.store.save(g, self.answers, self.info.get("assisted", False))
        self.hint_step = 0
        self.tell(events)
        self.advance()

    def tell(self, events) -> None:
        """The tutor's words for what just happened (levels: off, brief, full)."""
        if self.explainer.level == "off":
            return
        for e in events:
            if e[0] in ("action_done", "turn_start", "deal"):
                continue
            x = self.explainer.explain(self.g, e)
            self.log_lines.append(x.text)
            self.log_rules.append(x.rule)
            self.last_rule = x.rule
            if x.more:
                self.log_lines.append(f"[dim]  {x.more} (w: why?)[/]")
                self.log_rules.append(x.rule)

    def note(self, text: str) -> None:
        self.log_lines.append(text)
        self.log_rules.append(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "log":  # Enter on a tutor line: why?
            self.why(int(event.option.id))
            return
        pr = self.g.prompt
        if pr is None or pr.kind != "turn":
            return
        self.answer(pr.options[event.option_index])

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":
            return bool(self.answers) or None  # greyed out when there is nothing to undo
        return True

    def action_quick(self, n: int) -> None:
        pr = self.g.prompt
        if pr is not None and pr.kind == "turn" and n <= len(pr.options):
            self.answer(pr.options[n - 1])

    def action_cursor(self, step: int) -> None:
        moves = self.query_one("#moves", OptionList)
        if step > 0:
            moves.action_cursor_down()
        else:
            moves.action_cursor_up()

    def action_undo(self) -> None:
        from solo.store import rebuild
        if not self.answers:
            return
        self.answers.pop()
        self.g = rebuild(self.g.seed, self.g.decks, self.answers)
        self.info["assisted"] = True
        self.app.store.save(self.g, self.answers, True)
        self.note("Undone: this run is now marked assisted.")
        self.advance()

    def action_detail(self) -> None:
        moves = self.query_one("#moves", OptionList)
        pr = self.g.prompt
        idx = moves.highlighted
        if pr is None or pr.kind != "turn" or idx is None:
            return
        o = pr.options[idx]
        if len(o) == 2:
            self.app.push_screen(CardScreen(self.g, o[1]))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_palette(self) -> None:
        from .cardtext import COLOUR, PALETTES, use_palette
        now = next(n for n, p in PALETTES.items() if p == COLOUR)
        names = list(PALETTES)
        nxt = names[(names.index(now) + 1) % len(names)]
        use_palette(nxt)
        self.note(f"Card colours: {nxt}")
        self.draw()

    def action_end_turn(self) -> None:
        """End the turn when the rules allow it; otherwise the tutor says why not."""
        from tutor.explain import FORBIDDEN
        pr = self.g.prompt
        if pr is not None and pr.kind == "turn" and ("end",) in pr.options:
            self.answer(("end",))
            return
        self.note(f"[b]Tutor:[/] {FORBIDDEN['end']}")
        self.draw()

    def action_discard(self) -> None:
        """There is no discarding at will: the tutor explains."""
        from tutor.explain import FORBIDDEN
        self.note(f"[b]Tutor:[/] {FORBIDDEN['discard']}")
        self.draw()

    def action_tutor_level(self) -> None:
        from tutor.explain import LEVELS
        lv = LEVELS[(LEVELS.index(self.explainer.level) + 1) % len(LEVELS)]
        self.explainer.level = lv
        self.note(f"Tutor: {lv}")
        self.draw()

    def action_why(self) -> None:
        log = self.query_one("#log", OptionList)
        if self.focused is log and log.highlighted is not None:
            self.why(int(log.get_option_at_index(log.highlighted).id))
        elif self.last_rule:
            self.app.push_screen(RuleScreen(self.last_rule))

    def why(self, line: int) -> None:
        """Open the rule entry behind a line of the tutor panel."""
        rule = next((r for r in reversed(self.log_rules[:line + 1]) if r), None)
        if rule:
            self.app.push_screen(RuleScreen(rule))

    def action_hint(self) -> None:
        """A hint ladder: first a nudge, then the search bot's suggested play with its reason."""
        g = self.g
        pr = g.prompt
        if pr is None or pr.kind != "turn":
            return
        from engine.bots import SearchBot
        self.info["assisted"] = True
        self.app.store.save(g, self.answers, True)
        if self.hint_step == 0:
            self.hint_step = 1
            goals = ", ".join(g.name(c) for c in g.goals) or "no Goal yet"
            self.note(f"Hint: look at the Goal ({goals}) and what you hold toward it. Press i again for a move.")
        else:
            a = SearchBot(g.decisions, rollouts=8, ms=400).choose(g)
            self.note(f"Hint: {option(g, a)} scored best over sampled futures (run marked assisted).")
        self.draw()

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", OptionList)
        log.display = not log.display

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.app.store))


class RuleScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,w", "close", "Close", id="close")]

    def __init__(self, rule_id: str):
        super().__init__()
        self.rule_id = rule_id

    def compose(self) -> ComposeResult:
        from tutor.reference import entry
        e = entry(self.rule_id)
        with Vertical(id="dialog"):
            yield Static(f"{e.title}", id="dialog-title")
            yield Static(f"{e.text}\n\nSource: {e.source}" + ("  (the project's reading)" if e.kind == "reading" else ""))
            yield Static(f"[{e.id}]   Esc: close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class CardScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,d", "close", "Close", id="close")]

    def __init__(self, g: Game, c: int):
        super().__init__()
        self.g, self.c = g, c

    def compose(self) -> ComposeResult:
        cd = self.g.db.cards[self.c]
        extra = f"\nSlot: {cd.slot}" if cd.slot else ""
        conf = f"\nConfidence: {cd.confidence} ({cd.source})" if cd.confidence else ""
        with Vertical(id="dialog"):
            yield Static(f"{card(self.g, self.c)}  ({cd.type}{', ' + cd.category if cd.category else ''})",
                         id="dialog-title")
            yield Static(cd.text + extra + conf)
            yield Static("Esc: close", id="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


HELP = """[b]Keys[/]
  Up/Down or j/k   move between moves        Enter   play the highlighted move
  1-9              play move number N        d       full text of the card
  u                undo (marks the run assisted)
  Tab              between the moves and the tutor panel (Enter or w on any tutor line: why?)
  t                tutor: off, brief, full   w       why? (the rule behind the last line)
  i                hint (first a nudge, then a move; marks the run assisted)
  e                end the turn (when only free actions are left)   x  discard? (the tutor explains)
  l                show or hide the log      h       history      ?/F1  this help
  c                card colours: colour-blind safe (default) or vivid; letters K G R A C S always show the type
  Ctrl+P           command palette (New game, Daily challenge, Lessons, History, Stats,
                   Rules: <card>, Toggle tutor)
  In a dialog: Enter chooses (Space marks when several are asked), Esc passes when allowed.

[b]Solo Fluxx[/]
  Take a turn (draw, play), then a card is flipped from the Rules deck into its spot.
  Meet the current Goal at any moment to score it: its Keepers and Creepers are discarded.
  The game ends the moment either deck runs out. Your score is the Goals you collected.

Esc closes this help."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,f1", "close", "Close", id="close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(HELP)

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Screen):
    BINDINGS = [Binding("n", "new_game", "New game", id="new"), Binding("h", "history", "History", id="history"),
                Binding("s", "app.show_stats", "Stats", id="stats"), Binding("q", "app.quit", "Quit", id="quit")]

    def __init__(self, g: Game, best, mean, assisted: bool, daily: str | None = None):
        super().__init__()
        self.g, self.best, self.mean, self.assisted, self.daily = g, best, mean, assisted, daily

    def compose(self) -> ComposeResult:
        g = self.g
        goals = "\n".join(f"  {card(g, c)}" for c in g.scored) or "  none"
        note = "  (assisted: undo was used)" if self.assisted else ""
        with Vertical(id="end"):
            yield Static(f"[b]Game over[/] after {g.turn} turns.\n\n[b]Score: {len(g.scored)}[/]{note}\n\n"
                         f"Scored Goals:\n{goals}\n\nPersonal best: {self.best}   Average: {self.mean}\n\n"
                         "n: new game   h: history   s: stats   q: quit", id="end-text")
            if self.daily:
                yield Static("Par: working it out...", id="par")
        yield Footer()

    def on_mount(self) -> None:
        if not self.daily:
            return
        par = self.app.store.par(self.daily)
        if par is not None:
            self.show_par(par)
        else:  # the search bot's game takes a few seconds: off the UI thread, no database there
            self.run_worker(self._compute_par, thread=True, exclusive=True)

    def _compute_par(self) -> None:
        from solo.daily import compute_par
        par = compute_par(self.daily)
        self.app.call_from_thread(self._got_par, par)

    def _got_par(self, par: int) -> None:
        self.app.store.set_par(self.daily, par)
        self.show_par(par)

    def show_par(self, par: int) -> None:
        from solo.daily import share_line
        runs = [r for r in self.app.store.runs(finished_only=True) if r["daily"] == self.daily]
        practice = bool(runs and runs[-1]["practice"])
        line = share_line(self.daily, len(self.g.scored), par, self.g.turn, practice)
        kind = "practice (the day's scored attempt is your first)" if practice else "your scored attempt"
        self.query_one("#par", Static).update(f"Par {par} · this was {kind}\nShare: {line}")

    def action_new_game(self) -> None:
        self.app.new_game(None, self.g.decks)

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.app.store))


class HistoryScreen(Screen):
    BINDINGS = [Binding("escape,q", "close", "Back", id="back")]

    def __init__(self, store):
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        yield Static("[b]Run history[/]", id="history-title")
        yield DataTable(id="history-table")
        yield Footer()

    def on_mount(self) -> None:
        t = self.query_one(DataTable)
        t.add_columns("Date", "Seed", "Decks", "Score", "Daily", "Assisted", "Status")
        for r in self.store.runs():
            daily = (r["daily"] + (" practice" if r["practice"] else "")) if r["daily"] else "no"
            t.add_row((r["finished"] or r["started"])[:16], str(r["seed"]), ",".join(r["decks"]),
                      "-" if r["score"] is None else str(r["score"]), daily,
                      "yes" if r["assisted"] else "no", r["status"])

    def action_close(self) -> None:
        self.app.pop_screen()


class MenuScreen(Screen):
    BINDINGS = [Binding("q", "app.quit", "Quit", id="quit")]

    def compose(self) -> ComposeResult:
        yield Static("[b]Solo Fluxx[/]\nThe solitaire Fluxx. Choose with the arrows and Enter.", id="menu-title")
        yield OptionList(Option("New game", id="new"), Option("Daily challenge", id="daily"),
                         Option("Lessons", id="lessons"), Option("History", id="history"), Option("Stats", id="stats"),
                         Option("Quit", id="quit"), id="menu")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "new":
            self.app.new_game(None, ["fluxx5"])
        elif event.option.id == "daily":
            from solo.daily import today
            self.app.daily_game(today())
        elif event.option.id == "stats":
            self.app.show_stats()
        elif event.option.id == "lessons":
            self.app.show_lessons()
        elif event.option.id == "history":
            self.app.push_screen(HistoryScreen(self.app.store))
        else:
            self.app.exit()


BARS = "▁▂▃▄▅▆▇█"


def bar_chart(hist: dict[str, int], width: int = 40) -> str:
    if not hist:
        return "  no finished runs yet"
    top = max(hist.values())
    lo, hi = min(int(k) for k in hist), max(int(k) for k in hist)
    lines = []
    for s in range(lo, hi + 1):
        n = hist.get(str(s), 0)
        lines.append(f"  {s:>2} | {'█' * max(1 if n else 0, round(width * n / top))} {n}")
    return "\n".join(lines)


def sparkline(values: list[int]) -> str:
    if not values:
        return ""
    hi = max(values) or 1
    return "".join(BARS[min(7, round(7 * v / hi))] for v in values)


class StatsScreen(Screen):
    BINDINGS = [Binding("escape,q", "close", "Back", id="back")]

    def __init__(self, store):
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        st = self.store.stats()
        recent = [p["score"] for p in st["over_time"]][-60:]
        text = (f"[b]Statistics[/]\n\nRuns played {st['played']} · best {st['best']} · mean {st['mean']} · "
                f"daily streak {st['current_streak']} (longest {st['longest_streak']})\n\n"
                f"Score distribution:\n{bar_chart(st['histogram'])}\n\n"
                f"Scores over time (last {len(recent)}):\n  {sparkline(recent)}")
        yield Static(text, id="stats-text")
        yield Footer()

    def action_close(self) -> None:
        self.app.pop_screen()


class LessonScreen(GameScreen):
    """A lesson: the learner makes every move; a wrong move gets a hint, then the answer."""

    def __init__(self, lesson):
        from scenarios.runner import build_table
        g = build_table(lesson.scenario)
        super().__init__(g, [], {"seed": lesson.scenario.seed, "lesson": lesson.id})
        self.lesson = lesson
        self.i = 0
        self.misses = 0
        self.explainer.level = "full"

    @property
    def steps(self):
        return self.lesson.scenario.step

    def on_mount(self) -> None:
        sc = self.lesson.scenario
        self.note(f"[b]{self.lesson.title}[/]: {sc.intro}")
        if self.steps:
            self.note(f"[b]Tutor:[/] {self.steps[0].say}")
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

    BINDINGS = GameScreen.BINDINGS + [Binding("escape", "app.pop_screen", "Lessons", id="back")]


def option_text(g: Game, a) -> str:
    if a[0] == "choose":
        return "choose " + ", ".join(option(g, v) for v in a[1])
    return option(g, a)


class LessonsScreen(Screen):
    BINDINGS = [Binding("escape,q", "close", "Back", id="back")]

    def compose(self) -> ComposeResult:
        from scenarios.lessons import lessons
        done = self.app.store.lessons_done()
        self.items = lessons()
        yield Static("[b]Lessons[/]: each sets a table; you make every move and the tutor explains.",
                     id="menu-title")
        yield OptionList(*[Option(f"{'✓' if ls.id in done else ' '} {n + 1:2}. {ls.title}", id=ls.id)
                           for n, ls in enumerate(self.items)], id="menu")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(LessonScreen(self.items[event.option_index]))

    def on_screen_resume(self) -> None:
        done = self.app.store.lessons_done()
        ol = self.query_one(OptionList)
        for n, ls in enumerate(self.items):
            ol.replace_option_prompt_at_index(n, f"{'✓' if ls.id in done else ' '} {n + 1:2}. {ls.title}")

    def action_close(self) -> None:
        self.app.pop_screen()
