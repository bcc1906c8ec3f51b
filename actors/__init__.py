"""Actors of belligerent: one folder per game."""
