"""Solo Fluxx, in rooms: ``variant`` (Solo Fluxx as an engine variant, its
rules and the tutor's words for them, the daily deal), ``app`` (the Textual
app, the text mode, the hint worker), ``cli`` (the ``solo-fluxx`` command),
``store`` (saves, history, who sat where) and ``tools`` (the benchmark, the
fuzzer, the cluster sims, the bots' ladder)."""
