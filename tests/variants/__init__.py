"""Variants written only in the tests: each is a package the registry loads by
module name (``SOLO_FLUXX_VARIANTS``; ``tests/conftest.py`` names them), with
no line outside its folder (issue 40, item 2)."""
