"""Minesweeper as hosted by belligerent: the game, and only a player's interface to it.

A :class:`Minefield` is set up from a :class:`BoardSpec` (a classic level or a
checked custom size), a :class:`FirstClick` rule and a seed, and played with
:class:`Move` records (reveal, flag, unflag, chord). Pure Python: nothing here
knows who plays it.
"""

from ._minefield import COVERED as COVERED
from ._minefield import EXPLODED as EXPLODED
from ._minefield import FLAG as FLAG
from ._minefield import MINE as MINE
from ._minefield import Minefield as Minefield
from ._minefield import Status as Status
from ._minefield import neighbour_table as neighbour_table
from ._moves import IllegalMoveError as IllegalMoveError
from ._moves import InvalidMoveError as InvalidMoveError
from ._moves import Move as Move
from ._moves import Verb as Verb
from ._spec import LEVELS as LEVELS
from ._spec import MAX_SIDE as MAX_SIDE
from ._spec import BoardSpec as BoardSpec
from ._spec import FirstClick as FirstClick

__all__ = [
    "COVERED",
    "EXPLODED",
    "FLAG",
    "LEVELS",
    "MAX_SIDE",
    "MINE",
    "BoardSpec",
    "FirstClick",
    "IllegalMoveError",
    "InvalidMoveError",
    "Minefield",
    "Move",
    "Status",
    "Verb",
    "neighbour_table",
]
