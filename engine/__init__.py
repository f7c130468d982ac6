"""The Fluxx rules engine.

Layers, each importing only those below it (``tests/test_architecture.py``
checks that no import goes round in a circle):

1. data: ``rng``, ``prompts``, ``effect_specs``, ``decks`` (shipped decks, checked), ``deckfile``
   (the deck schema, used when a deck is checked), ``cards``, ``rule_ids``, ``statecheck``,
   ``registry`` (the variants by name; installed ones are found through entry points);
2. the core: ``hooks`` (the tables the layers above fill, and ``install``, the
   one way they fill them: tasks, Actions, free actions, passive effects,
   answer filters and refusals, checks after every task), ``records`` (the
   small named types: a temporary hand, a chain link, an event), ``numbers``
   (what the New Rules in play set, and a turn's arithmetic) and ``game``
   (the state, the task loop and the answer door);
3. ``zones`` (who sits where), ``surprises`` (windows and chains), ``turn``,
   ``effects`` and ``modifiers`` (the effect library: what cards do when
   played, and what they do merely by being in play), ``attachments``,
   ``powers``, ``goals``;
4. ``variants`` (the standard game; Solo Fluxx is an installed variant, ``solo/variant``);
5. users of the whole engine: ``bots``, ``sim``, ``runfile``, ``scenario``.

``lifeline`` (a process that ends with its parent, however the parent ends;
an input that hangs up) imports nothing of the engine: the sim's workers,
the app's hint worker and a served app use it.

Importing any part of the package imports the mechanisms below, so the
hook tables are full before the first game starts.
"""
from . import (  # noqa: F401  (they fill the core's hooks)
    attachments,
    effects,
    modifiers,
    powers,
    surprises,
    turn,
    variants,
)
