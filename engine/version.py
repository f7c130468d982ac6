"""The versions a run file records: its format, and the engine that played it."""
RUN_FORMAT = 1
ENGINE_VERSION = "0.2.0"

# what changed in the rules since each older engine, for the sentence `verify` says
# when a run recorded under it no longer replays the same (the README lists them too)
ENGINE_CHANGES = {
    "0.1.0": ("since 0.2.0 every Goal is checked once the card played has fully resolved "
              "(its draws, questions and limits included), a Keeper copied by the Holodeck comes with "
              "its attached Creeper, and a game ends drawn when a position comes back a third time "
              "or nothing enters or leaves play for too long"),
}
