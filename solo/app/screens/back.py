"""What the list screens share: Escape or q goes back to the screen below."""
from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen


class BackScreen(Screen[None]):
    BINDINGS = [Binding("escape,q", "close", "Back", id="back")]

    def action_close(self) -> None:
        self.dismiss()
