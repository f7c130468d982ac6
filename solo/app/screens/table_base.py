"""What the parts of the game screen share: the table's state, declared
once, and the methods one part gives the others.

The game screen (``game.GameScreen``) is joined from parts, each a class in
a file of its own: ``table_fit`` lays the table out for the terminal's
size, ``table_panels`` draws the banner, boxes, hand and tutor's panels,
``table_keys`` holds what the keys do, ``bots`` plays the bots' seats, and
``game`` holds the state, the start and the flow of answers. Each part is
a ``TableBase``: it reads only what is declared here (GameScreen.__init__
sets it) and calls the other parts only through the methods named under
TYPE_CHECKING, so a type checker sees every seam.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from textual.screen import Screen

from engine.prompts import Prompt

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.geometry import Size

    from engine.events import Event
    from engine.game import Game
    from solo.store.info import GameInfo
    from tutor.brief import Brief
    from tutor.explain import Explainer

    from ..lines import Line
    from ..link import GameLink
    from ..widgets import Kept


class TableBase(Screen[None]):
    """The state of the table (set by ``GameScreen.__init__``)."""

    def question(self) -> Prompt:
        """The question the game asks now (the table asks only while the game goes on)."""
        pr = self.g.prompt
        assert pr is not None, "the game asks nothing: it is over"
        return pr

    g: Game
    answers: list[Any]              # the answers given so far, as saved (JSON values)
    info: GameInfo
    link: GameLink                  # what the app gave the screen: preferences, the slot's save, the hint worker
    slot: str
    table_layout: str               # "small", "compact", "roomy" or "wide" (solo.app.layouts)
    log_lines: list[Line]           # the tutor's lines, all of them
    log_rules: list[str | None]     # the rule behind each line
    log_full: dict[int, Brief]      # a bot move told in one line: by line, all it stands for
    marks: list[tuple[int, int] | None]
    leads: dict[str, tuple[tuple[Any, ...], int]]
    turn_from: int                  # where "just happened" begins
    full_log: bool
    dimmed: Kept
    hand_texts: Kept
    line_heights: dict[tuple[int, int], tuple[Any, ...]]
    last_rule: str | None
    hint_step: int
    sized: Size | None
    tall_log: bool
    hand_title: str
    seats: list[str] | None         # a game against bots: who sits where
    repaired: str | None
    me: int                         # the seat the player plays
    pace: str
    skipping: bool
    thinking: str | None
    waiting: Any
    away: list[tuple[int, int, str]]
    explainer: Explainer

    if TYPE_CHECKING:  # what the parts give one another (each defined in one part)
        @property
        def small(self) -> bool: ...
        def fit(self, size: Size) -> None: ...
        def share_rows(self) -> None: ...
        def draw(self) -> None: ...
        def preview(self) -> None: ...
        def on_mount_moves_watch(self) -> None: ...
        def advance(self) -> None: ...
        def answer(self, a: Any) -> None: ...
        def tell(self, events: list[Event], answered: Prompt | None = None) -> None: ...
        def note(self, *parts: Any) -> None: ...
        def yours(self, pr: Prompt | None) -> TypeGuard[Prompt]: ...
        def seat_name(self, p: int) -> str: ...
        def is_bot(self, p: int) -> bool: ...
        def bot_move(self) -> None: ...
        def recap_bots(self) -> None: ...
        def own_turn_end(self, e: Any) -> bool: ...
        def ask_hint(self, g: Game, show: Callable[[str], object]) -> None: ...
        def keep_tutor_lines(self) -> None: ...
