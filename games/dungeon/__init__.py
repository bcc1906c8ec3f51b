"""Dungeon levels for exploration experiments: NetHack 3.6's level 1, hosted here.

:func:`generate` makes a level from a seed with NetHack's room-and-corridor
algorithm (hidden doors 1/8, hidden corridor squares 1/100); a :class:`Game` plays
it with NetHack's moves, search and field of view, and keeps the referee's
:class:`Tally` from the ground truth. Nothing here knows who plays.
"""

from ._dump import DumpFormatError as DumpFormatError
from ._dump import level_from_dump as level_from_dump
from ._dump import read_typ_dump as read_typ_dump
from ._game import MOVES as MOVES
from ._game import SEARCH as SEARCH
from ._game import SEARCH_CHANCE as SEARCH_CHANCE
from ._game import Game as Game
from ._game import IllegalActionError as IllegalActionError
from ._game import Outcome as Outcome
from ._game import Tally as Tally
from ._game import reachable as reachable
from ._game import secret_rooms as secret_rooms
from ._generator import generate as generate
from ._level import Level as Level
from ._level import Pos as Pos
from ._level import Room as Room
from ._stats import LevelStats as LevelStats
from ._stats import StatsSummary as StatsSummary
from ._stats import grid_stats as grid_stats
from ._stats import level_stats as level_stats
from ._stats import summarize as summarize
from ._terrain import COLUMNS as COLUMNS
from ._terrain import ROWS as ROWS
from ._terrain import DoorState as DoorState
from ._terrain import Terrain as Terrain
from ._terrain import symbol as symbol
from ._text import MapTextError as MapTextError
from ._text import level_from_text as level_from_text

__all__ = [
    "COLUMNS",
    "MOVES",
    "ROWS",
    "SEARCH",
    "SEARCH_CHANCE",
    "DoorState",
    "DumpFormatError",
    "Game",
    "IllegalActionError",
    "Level",
    "MapTextError",
    "LevelStats",
    "Outcome",
    "Pos",
    "Room",
    "StatsSummary",
    "Tally",
    "Terrain",
    "generate",
    "grid_stats",
    "level_from_dump",
    "level_from_text",
    "level_stats",
    "reachable",
    "read_typ_dump",
    "secret_rooms",
    "summarize",
    "symbol",
]
