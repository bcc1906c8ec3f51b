"""Protocols of belligerent: one folder per game."""
