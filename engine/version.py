"""The versions a run file records: its format, and the engine that played it."""
RUN_FORMAT = 2
# the keys a run file of each format may hold. A new key, or one dropped, is a new format: a reader refuses a
# format newer than its own with a sentence naming it (format 1's readers, release 0.1.0, refused a format-1
# file that carried "end" with "Extra inputs are not permitted"). tests/test_reliability4.py holds RunFile to it.
RUN_FORMAT_KEYS = {
    1: frozenset({"format", "engine", "variant", "decks", "players", "seed", "daily", "answers", "score", "winner",
                  "turns", "seats"}),
    2: frozenset({"format", "engine", "variant", "decks", "players", "seed", "daily", "answers", "score", "winner",
                  "turns", "seats", "end"}),  # end: the id of the rule that ended the game (engine 0.2.0)
}
ENGINE_VERSION = "0.2.0"

# what changed in the rules since each older engine, for the sentence `verify` says
# when a run recorded under it no longer replays the same (the README lists them too)
ENGINE_CHANGES = {
    "0.1.0": ("since 0.2.0 every Goal is checked once the card played has fully resolved "
              "(its draws, questions and limits included), a Keeper copied by the Holodeck comes with "
              "its attached Creeper, and a game ends drawn when a position comes back a third time "
              "or nothing enters or leaves play for too long"),
}
