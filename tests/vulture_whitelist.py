"""Names vulture (``pyproject.toml``, [tool.vulture]) cannot see used: each is
read by name by a library or by the language. Not a test module; never imported."""
# ruff: noqa
from tests.test_reliability3 import Seat
from solo.app.app import SoloCommands, SoloFluxxApp
from scenarios.runner import Expect
from engine import effect_specs

Seat.ZERO, Seat.ONE                 # an IntEnum's members, read through Seat(0) and Seat(1)
Expect.game_over                    # an [expect] key, read by its name in _PLAIN
effect_specs.SLOT_OTHER             # the fifth slot's name, unpacked with the others
SoloCommands.discover                 # Textual's command palette calls a provider's discover()
SoloFluxxApp._handle_exception        # the pinned override of Textual's exception hook (solo/app/app.py)
SoloFluxxApp._return_code             # Textual's exit code, set with it
check_action                        # Textual asks a screen's check_action(action, parameters)
__getattr__                         # a module's lazy attributes (solo/app/screens/__init__.py)
from solo.web import ServedApp, SoloServer
ServedApp._open_app_process           # textual-serve's AppService starts the app through it (overridden)
ServedApp._stdin                      # ... and writes the app's input through it
SoloServer.initialize_logging         # textual-serve's Server calls these by name (overridden)
SoloServer.handle_index
SoloServer.handle_websocket
import logging
logging.LogRecord.exc_text              # logging's cached traceback text: QuietLog clears it with exc_info (solo/web/limits.py)
from engine import events
# a payload's fields a template reads by name ({replaced_by}, {loop_card}) or picks a template by ("+rules_pile")
events.FromDiscard.rules_pile, events.SurpriseDone.canceled, events.RuleDiscarded.replaced_by
events.GoalDiscarded.replaced_by, events.CatchUp.resumed, events.GameOver.loop_card
