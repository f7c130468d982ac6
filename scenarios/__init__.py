"""Rules scenarios and lessons: a layer above the engine, the variants and
the tutor, which it uses (``../shared/scenarios/SPEC.md``).

* ``runner``: the scenario format (a laid-out table, steps, expectations),
  the table it builds, and the runner behind ``solo-fluxx scenario``;
* ``lessons``: the tutor's lessons, scenarios with narration
  (``lessons_data/*.toml``).
"""
