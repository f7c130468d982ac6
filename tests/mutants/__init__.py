"""The catalogue of semantic mutants (issue 39): mistakes of the kind a
developer makes, one patch each, with the area of the code and the mistake
it stands for; ``python -m tests.mutants`` applies each to a scratch copy
and runs its area's tests (see ``__main__``)."""
