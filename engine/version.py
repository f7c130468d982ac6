"""The versions a run file records: its format, and the engine that played it."""
RUN_FORMAT = 1
ENGINE_VERSION = "0.1.0"
