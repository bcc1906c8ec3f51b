"""A player's moves and the two ways a move can be refused.

As in python-chess: :class:`InvalidMoveError` when the text can't be read as a move
at all, :class:`IllegalMoveError` when it reads fine but can't be played now (the
square is already open, flagged, off the board, the game is over). Both quote the
input and say why.

Text form: ``"<verb> <x>,<y>"`` with x the column and y the row, counted from 0 at
the top left — ``"reveal 3,4"``, ``"flag 0,0"``. :meth:`Move.parse` also accepts the
one-letter verbs (``r``, ``f``, ``u``, ``c``) and a space instead of the comma, and
``str(move)`` always gives the long form back, so ``Move.parse(str(m)) == m``.
"""

from __future__ import annotations

import enum
import re

import attrs


class InvalidMoveError(ValueError):
    """The text is not a move (unknown verb, missing or non-numeric coordinates)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the game can't play in its current state."""


class Verb(enum.Enum):
    """What a player can do to a square."""

    #: Open a covered square (left click).
    REVEAL = "reveal"
    #: Put a flag on a covered square (right click).
    FLAG = "flag"
    #: Take a flag off (right click again).
    UNFLAG = "unflag"
    #: On an open number whose flags are all placed, open every other covered neighbour.
    CHORD = "chord"


_SHORT = {"r": Verb.REVEAL, "f": Verb.FLAG, "u": Verb.UNFLAG, "c": Verb.CHORD}
_PATTERN = re.compile(r"^\s*([A-Za-z]+)\s+(-?\d+)\s*(?:,|\s)\s*(-?\d+)\s*$")


@attrs.frozen
class Move:
    """One move: a verb on the square at column ``x``, row ``y``."""

    verb: Verb
    x: int
    y: int

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"reveal 3,4"``, ``"r 3 4"``...; raises :class:`InvalidMoveError`."""
        match = _PATTERN.match(text)
        if match is None:
            raise InvalidMoveError(
                f"invalid move {text!r}: expected '<verb> <x>,<y>' such as 'reveal 3,4' "
                f"(verbs: {', '.join(v.value for v in Verb)})"
            )
        word, x, y = match.group(1).lower(), int(match.group(2)), int(match.group(3))
        verb = _SHORT.get(word)
        if verb is None:
            verb = next((v for v in Verb if v.value == word), None)
        if verb is None:
            raise InvalidMoveError(
                f"invalid move {text!r}: unknown verb {match.group(1)!r} "
                f"(verbs: {', '.join(v.value for v in Verb)}, or r/f/u/c)"
            )
        return cls(verb, x, y)

    @classmethod
    def reveal(cls, x: int, y: int) -> Move:
        return cls(Verb.REVEAL, x, y)

    @classmethod
    def flag(cls, x: int, y: int) -> Move:
        return cls(Verb.FLAG, x, y)

    @classmethod
    def unflag(cls, x: int, y: int) -> Move:
        return cls(Verb.UNFLAG, x, y)

    @classmethod
    def chord(cls, x: int, y: int) -> Move:
        return cls(Verb.CHORD, x, y)

    def __str__(self) -> str:
        return f"{self.verb.value} {self.x},{self.y}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
