"""The project's tools, none of them part of a game: the benchmark
(``python -m solo.tools.bench``), the long fuzz runs (``python -m
solo.tools.fuzz``), sims on a Dask cluster (``solo-fluxx sim --cluster``) and
the bots' strength ladder (``python -m solo.tools.ladder``)."""
