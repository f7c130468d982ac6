"""Deck files (data only). Loading a deck never runs code from it."""
