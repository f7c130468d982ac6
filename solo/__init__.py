"""Solo Fluxx: the variant, the app, the command line, saves and history."""
from . import variant as _variant  # noqa: F401  (registers the solo variant with the engine)
