"""Solo Fluxx, in rooms: ``variant`` (Solo Fluxx as an engine variant, its
rules and the tutor's words for them, the daily deal), ``app`` (the Textual
app, the text mode, the hint worker), ``cli`` (the ``solo-fluxx`` command),
``store`` (saves, history, who sat where) and ``tools`` (the benchmark, the
fuzzer, the cluster sims, the bots' ladder)."""
# Solo's rules and the tutor's words for them are in the reference wherever
# solo is imported (its command line, its app), not only once a Solo game
# has loaded the variant through its entry point
from . import variant as _variant  # noqa: E402, F401
