"""Minesweeper as a player meets it: the in-process adapter, its messages, a text board.

Also the door through which agents' tooling (the CLI, the bench) names levels and
first-click rules, so ``actors/`` never imports ``games/``.
"""

from games.minesweeper import LEVELS as LEVELS
from games.minesweeper import BoardSpec as BoardSpec
from games.minesweeper import FirstClick as FirstClick
from games.minesweeper import IllegalMoveError as IllegalMoveError
from games.minesweeper import InvalidMoveError as InvalidMoveError

from ._adapter import MinesweeperAdapter as MinesweeperAdapter
from ._adapter import to_move as to_move
from ._messages import Action as Action
from ._messages import MinefieldView as MinefieldView
from ._messages import MoveSet as MoveSet
from ._render import render as render

__all__ = [
    "LEVELS",
    "Action",
    "BoardSpec",
    "FirstClick",
    "IllegalMoveError",
    "InvalidMoveError",
    "MinefieldView",
    "MinesweeperAdapter",
    "MoveSet",
    "render",
    "to_move",
]
