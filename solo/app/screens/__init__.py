"""The app's screens, one module each: the table (game), the small screens over it
(modals: a rule, a card, help), the end of a game, history, the menu,
statistics, a lesson and the list of lessons."""
from .end import EndScreen  # noqa: F401
from .game import GameScreen  # noqa: F401
from .history import HistoryScreen  # noqa: F401
from .lesson import LessonScreen  # noqa: F401
from .lessons import LessonsScreen  # noqa: F401
from .menu import MenuScreen  # noqa: F401
from .modals import HELP, CardScreen, HelpScreen, PilesScreen, RuleScreen  # noqa: F401
from .replay import ReplayScreen, told_steps  # noqa: F401
from .stats import StatsScreen, bar_chart, sparkline  # noqa: F401
