"""The Textual app: the Solo Fluxx table, its dialogs and screens."""
from .app import SoloFluxxApp

__all__ = ["SoloFluxxApp"]
