import solo  # noqa: F401  (registers the solo variant for every test)
