"""The three throws, numbered as the 1999 competition and OpenSpiel number them."""

from __future__ import annotations

import enum


class Move(enum.IntEnum):
    """A throw. ``Move((m + 1) % 3)`` beats ``Move(m)``."""

    ROCK = 0
    PAPER = 1
    SCISSORS = 2

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``"rock"``, ``"r"``, ``"0"`` (any case) into a move."""
        key = text.strip().lower()
        for move in cls:
            if key in (move.name.lower(), move.name[0].lower(), str(int(move))):
                return move
        raise ValueError(f"invalid move {text!r}: expected rock, paper or scissors (r/p/s, 0/1/2)")

    def letter(self) -> str:
        """The one-letter form used in logs and histories: ``r``, ``p`` or ``s``."""
        return self.name[0].lower()


def beater(move: int) -> int:
    """The throw that beats ``move``."""
    return (move + 1) % 3


def outcome(mine: int, theirs: int) -> int:
    """+1 if ``mine`` beats ``theirs``, -1 if it loses, 0 for a tie."""
    return ((mine - theirs + 4) % 3) - 1
