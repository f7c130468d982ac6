"""Typed modal dialogs: every 'choose' question of the engine is one of these.

Each dialog says who asks and why, lists the engine's options, and checks
the answer with the engine's own validation: an illegal choice shows the
engine's reason inline and the dialog stays open.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from engine.game import Game
from engine.prompts import IllegalAnswer, Prompt

from .cardtext import card, option
from .lines import styled
from .widgets import Choices, Marks, MoreCue


def dialog_title(g: Game, names: tuple[str, ...] | None = None) -> Content:
    pr = question(g)
    who = names[pr.player] if names else f"Player {pr.player}" if g.nplayers > 1 else "You"
    asker = styled(" (", card(g, pr.card), ")") if pr.card >= 0 else Content("")
    reason = pr.reason
    if names:  # the engine's "p2" is a seat: say its name
        reason = re.sub(r"\bp(\d)\b", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                        else m.group(0), reason)
    return styled(who, asker, f": {reason}")


def question(g: Game) -> Prompt:
    """The question a dialog answers (one is open only while the game asks)."""
    pr = g.prompt
    assert pr is not None, "a dialog for a game that asks nothing"
    return pr


class PickOneDialog(ModalScreen[tuple[Any, ...]]):
    """Choose exactly one option (or pass, when the question is optional)."""

    BINDINGS = [Binding("escape", "pass_", "Pass", id="pass"),
                Binding("i", "hint", "Hint", id="dialog-hint-key")]

    def __init__(self, g: Game, hint: Callable[[Game, Callable[[str], object]], None] | None = None,
                 names: tuple[str, ...] | None = None):
        super().__init__()
        self.g = g
        self.pr = question(g)
        self.hint = hint
        self.names = names  # the seats' names in a game against bots

    def action_hint(self) -> None:
        """The same hint as on the table, for this question (it marks the run assisted)."""
        if self.hint is not None:
            error = self.query_one("#dialog-error", Static)
            self.hint(self.g, lambda text: error.update(Content(text)))

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(dialog_title(self.g, self.names), id="dialog-title")
            yield Choices(*[Option(option(self.g, o, self.names), id=str(i)) for i, o in enumerate(self.pr.options)],
                             id="choices")
            yield MoreCue("#choices", id="dialog-more")
            yield Static("", id="dialog-error")
            hint = "Enter: choose" + ("   Esc: pass" if self.pr.min == 0 else "") + "   i: hint"
            yield Static(hint, id="dialog-hint")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_":
            return self.pr.min == 0
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit((self.pr.options[event.option_index],))

    def action_pass_(self) -> None:
        self.submit(())

    def submit(self, values: tuple[Any, ...]) -> None:
        a = ("choose", values)
        try:
            self.pr.check(a)
        except IllegalAnswer as e:
            self.query_one("#dialog-error", Static).update(Content(f"Not allowed: {e}"))
            return
        self.dismiss(a)


MARKED, UNMARKED = "[x]", "[ ]"  # the marks in words as well as in colour (plain text, never markup)


class PickManyDialog(PickOneDialog):
    """Choose between min and max options: Space marks, Enter confirms."""

    BINDINGS = [Binding("enter", "confirm", "Confirm", id="confirm", priority=True),
                Binding("escape", "pass_", "Pass", id="pass"),
                Binding("i", "hint", "Hint", id="dialog-hint-key")]

    def compose(self) -> ComposeResult:
        pr = self.pr
        with Vertical(id="dialog"):
            yield Static(dialog_title(self.g, self.names), id="dialog-title")
            self.labels = [option(self.g, o, self.names) for o in pr.options]
            yield Marks(*[(self.marked_label(i, False), i) for i in range(len(pr.options))],
                                     id="choices")
            yield MoreCue("#choices", id="dialog-more")
            yield Static("", id="dialog-error")
            n = f"exactly {pr.min}" if pr.min == pr.max else f"{pr.min} to {pr.max}"
            esc = "   Esc: pass" if pr.min == 0 else ""
            yield Static(self.marked_text(0), id="marked")
            yield Static(f"Choose {n}.  Space: mark   Enter: confirm{esc}   i: hint", id="dialog-hint")

    def marked_text(self, n: int) -> str:
        """How many are marked, in words (the marks themselves are X, not only a colour)."""
        pr = self.pr
        want = f"exactly {pr.min}" if pr.min == pr.max else f"{pr.min} to {pr.max}"
        return f"{n} of {len(pr.options)} marked (choose {want})"

    def marked_label(self, i: int, marked: bool) -> Content:
        """An option's line, its mark in words as well as in colour ("[x]" or "[ ]")."""
        return styled(f"{MARKED if marked else UNMARKED} ", self.labels[i])

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        chosen = set(event.selection_list.selected)
        for i in range(len(self.labels)):
            event.selection_list.replace_option_prompt_at_index(i, self.marked_label(i, i in chosen))
        self.query_one("#marked", Static).update(self.marked_text(len(chosen)))

    def action_confirm(self) -> None:
        chosen = self.query_one("#choices", SelectionList).selected
        self.submit(tuple(self.pr.options[i] for i in sorted(chosen)))


def dialog_for(g: Game, hint: Callable[[Game, Callable[[str], object]], None] | None = None,
               names: tuple[str, ...] | None = None) -> PickOneDialog:
    pr = question(g)
    if pr.max <= 1:
        return PickOneDialog(g, hint, names)
    return PickManyDialog(g, hint, names)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: y or Enter says yes, n or Esc says no."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes", id="yes"), Binding("n,escape", "answer(False)", "No", id="no")]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="dialog-title")
            yield Static("y or Enter: yes   n or Esc: no", id="dialog-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


DECK_CHOICES = [("Fluxx 5.0", ["fluxx5"]), ("Fluxx 5.0 with the Creeper Pack", ["fluxx5", "creeper-pack"]),
                ("Star Trek: Voyager Fluxx", ["voyager"])]


class NewGameScreen(ModalScreen[dict[str, Any]]):
    """A new game, one question at a time: Solo Fluxx or Fluxx against bots;
    for bots, how many and how strong; then the decks. Esc goes back a
    question (at the first, cancels: an empty dict)."""

    BINDINGS = [Binding("escape", "back", "Back", id="cancel")]

    def __init__(self) -> None:
        super().__init__()
        self.chosen: dict[str, Any] = {}
        self.step = "mode"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("", id="dialog-title")
            yield Choices(id="choices")
            yield Static("Enter: choose   Esc: back", id="dialog-hint")

    def on_mount(self) -> None:
        self.ask("mode")

    def questions(self) -> list[tuple[str, str, list[tuple[str, object]]]]:
        """(step, question, [(label, value)]) in order; the bot questions only for a game against bots."""
        from solo.store.seats import MAX_BOTS, strength_words
        words = strength_words()
        out: list[tuple[str, str, list[tuple[str, object]]]] = [
            ("mode", "New game: which game?", [("Solo Fluxx (the solitaire: score Goals against the deck)", "solo"),
                                              ("Fluxx against bots (2 to 6 players, first Goal wins)", "standard")])]
        if self.chosen.get("mode") == "standard":
            out.append(("bots", "How many bots? (you play first)",
                        [(f"{n} bot{'s' if n > 1 else ''} ({n + 1} players)", n) for n in range(1, MAX_BOTS + 1)]))
            strengths: list[tuple[str, object]] = [(f"all {w}", k) for k, w in words.items()]
            out.append(("strength", "How strong are the bots?", strengths + [("a strength for each bot", "each")]))
            if self.chosen.get("strength") == "each":
                from solo.store.seats import BOT_NAMES
                for i in range(int(self.chosen.get("bots", 1))):
                    out.append((f"strength{i}", f"How strong is {BOT_NAMES[i]}?",
                                [(w, k) for k, w in words.items()]))
        out.append(("decks", "Which decks?", [(name, decks) for name, decks in DECK_CHOICES]))
        return out

    def ask(self, step: str) -> None:
        self.step = step
        qs = {q[0]: q for q in self.questions()}
        _, question, choices = qs[step]
        self.query_one("#dialog-title", Static).update(question)
        ol = self.query_one("#choices", OptionList)
        ol.clear_options()
        ol.add_options([Option(label, id=str(i)) for i, (label, _) in enumerate(choices)])
        ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        qs = self.questions()
        k = [q[0] for q in qs].index(self.step)
        self.chosen[self.step] = qs[k][2][event.option_index][1]
        qs = self.questions()  # the mode decides the questions that follow
        if k + 1 < len(qs):
            self.ask(qs[k + 1][0])
        else:
            self.dismiss(dict(self.chosen))

    def action_back(self) -> None:
        steps = [q[0] for q in self.questions()]
        k = steps.index(self.step)
        if k == 0:
            self.dismiss({})
        else:
            self.ask(steps[k - 1])


class BusyScreen(ModalScreen[str]):
    """A game that another window has open: watch it read-only, or go back
    and choose another game (the menu lists the other slots)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="busy-back")]
    CHOICES = (("view", "Watch it here, read-only (what has been played so far)"),
               ("back", "Back: choose another game"))

    def __init__(self, message: str):
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.message, id="dialog-title")
            yield Choices(*[Option(text, id=key) for key, text in self.CHOICES], id="choices")
            yield Static("Enter: choose   Esc: back", id="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(str(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss("back")
