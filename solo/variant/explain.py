"""The tutor's sentences for Solo Fluxx's own events and data (registered
with the tutor at import, like Solo's rule ids in ``solo/variant/rules.py``)."""
from __future__ import annotations

from tutor.explain import register_templates, register_variant_note

TEMPLATES: dict[str | tuple[str, str], str] = {
    ("rule", "+spot"): "{name} now holds the {spot} spot.",
    ("game_over", "+deck"): "The {deck} deck ran out, so the game is over. Final score: {score}.",
    ("game_over", "+score"): "The game is over. Final score: {score}.",
    ("discard_table", "+goal"): "{name} was discarded from {wp} table: the scored Goal {goal} {takes} with it.",
    "score": "{W} met {name} and scored it! Score: {score}.",
    ("rule_discarded", "solo.spot"): "{name} left play: {replaced_by} replaced it in the {spot} spot.",
    ("blocked", "solo.score"): ("{W} {meet} {name}, but {stopper} stops the scoring: a Creeper the Goal "
                                "does not need still stops it."),
    "flip": "Between turns, {name} was flipped from the Rules deck into its spot.",
    "solo_setup": "Solo setup: {set_aside} cards set aside; the New Rules form the Rules deck.",
    "extra_turn_first": "The extra turn comes first; the next Rules card is flipped after it.",
}

register_templates(TEMPLATES)

# What shared rules mean in Solo Fluxx, added where the tutor cites them
register_variant_note("solo", "card.goal", "In Solo Fluxx nobody wins: a Goal you meet is scored (it moves to your "
                      "Scored Goals) and the cards it names (or counts: those of your choice) are discarded.")
register_variant_note("solo", "win.creeper-blocks", "In Solo Fluxx the same Creeper stops you scoring the Goal.")
