"""The Textual app: the Solo Fluxx table, its dialogs and screens; also the
plain-text way to play (``textplay``) and the hint's worker (``hinting``),
which the app and the text mode share. ``SoloFluxxApp`` is imported when
first asked for, so that the text mode and the hint worker do not load
Textual."""
from __future__ import annotations

from typing import Any

__all__ = ["SoloFluxxApp"]


def __getattr__(name: str) -> Any:
    if name == "SoloFluxxApp":
        from .app import SoloFluxxApp
        return SoloFluxxApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
