"""``python -m solo.cli``: the command line, as the ``solo-fluxx`` script runs it."""
import sys

from . import main

sys.exit(main())
