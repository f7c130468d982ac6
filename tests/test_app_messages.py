"""Messages up, calls down (issue 40, item 5): no screen reaches into the
save store or steers the app; each message a screen may post is handled by
the app; the game screen's parts read only the state ``TableBase`` declares."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from textual.message import Message

from solo.app import messages
from solo.app.app import SoloFluxxApp

APP = Path(__file__).resolve().parents[1] / "solo" / "app"
SCREEN_FILES = sorted((APP / "screens").glob("*.py")) + [APP / "widgets.py", APP / "dialogs.py"]


def store_uses(path: Path) -> list[str]:
    """Every ``.store`` read in a file, and every app method called on ``self.app``
    that is not Textual's own (push_screen, notify, size, ...)."""
    tree = ast.parse(path.read_text())
    textual_app = set(dir(SoloFluxxApp.__mro__[1]))  # textual.app.App's names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            found.append(f"{path.name}:{node.lineno}: .store")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "app" \
                and node.attr not in textual_app:
            found.append(f"{path.name}:{node.lineno}: self.app.{node.attr}")
    return found


@pytest.mark.exists_for("an architecture rule of the app (messages up, calls down): a screen that reached into the store would work the same, so no behaviour mutant fails it")
@pytest.mark.parametrize("path", SCREEN_FILES, ids=[p.name for p in SCREEN_FILES])
def test_no_screen_reaches_into_the_store_or_calls_the_apps_own_methods(path):
    assert store_uses(path) == [], "post a message (solo/app/messages.py) or take the data when made"


@pytest.mark.exists_for("a self-test of the architecture check above, on a file written by the test")
def test_the_check_finds_a_screen_that_reads_the_store(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("class S:\n    def f(self):\n        return self.app.store.runs(), self.app.resume('solo')\n")
    assert sorted(store_uses(bad)) == ["bad.py:3: .store", "bad.py:3: self.app.resume", "bad.py:3: self.app.store"]


@pytest.mark.exists_for("an architecture rule: a message without its handler is caught here before a Pilot test of that screen runs into it")
def test_every_message_a_screen_may_post_is_handled_by_the_app():
    kinds = [c for _, c in inspect.getmembers(messages, inspect.isclass)
             if issubclass(c, Message) and c is not Message and c.__module__ == messages.__name__]
    assert len(kinds) >= 15
    for kind in kinds:
        handler = getattr(SoloFluxxApp, kind.handler_name, None)
        assert callable(handler), f"{kind.__name__} is posted by a screen but the app has no {kind.handler_name}"
        assert kind.bubble, f"{kind.__name__} must bubble from the screen to the app"


@pytest.mark.exists_for("an architecture rule of the game screen's parts: state set outside TableBase works the same until a type checker or a reader trips on it")
def test_the_game_screens_parts_share_only_what_table_base_declares():
    """Each part of the game screen (table_fit, table_panels, table_keys, bots)
    sets no attribute of the table's state itself: GameScreen.__init__ does,
    and TableBase declares it (the mixin that used undefined attributes)."""
    from solo.app.screens.table_base import TableBase
    declared = set(TableBase.__annotations__)
    for name in ("table_fit", "table_panels", "table_keys", "bots"):
        tree = ast.parse((APP / "screens" / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id == "self":
                assert node.attr in declared, f"{name}.py sets self.{node.attr}, which TableBase does not declare"
