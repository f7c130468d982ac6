"""Solo Fluxx: the variant, the app, the command line, saves and history."""
from . import explain as _explain  # noqa: F401  (registers its events' sentences with the tutor)
from . import rules as _rules  # noqa: F401  (registers its rule ids with the engine and the tutor)
from . import variant as _variant  # noqa: F401  (registers the solo variant with the engine)
