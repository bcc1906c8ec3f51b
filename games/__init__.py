"""Games of belligerent: one folder per game."""
