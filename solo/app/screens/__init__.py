"""The app's screens, one module each: the table (game), the small screens over it
(modals: a rule, a card, help), the end of a game, history, the menu,
statistics, a lesson and the list of lessons. Each is loaded when first
named (``from solo.app.screens import HistoryScreen`` works as ever), so
the app's first frame waits only for the screens it shows."""
from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"EndScreen": "end", "GameScreen": "game", "HistoryScreen": "history", "LessonScreen": "lesson",
          "LessonsScreen": "lessons", "MenuScreen": "menu", "HELP": "modals", "CardScreen": "modals",
          "HelpScreen": "modals", "PilesScreen": "modals", "RuleScreen": "modals", "ReplayScreen": "replay",
          "told_steps": "replay", "StatsScreen": "stats", "bar_chart": "stats", "sparkline": "stats"}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
