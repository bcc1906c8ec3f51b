"""What the roguelike agents (Rogue, NetHack) share: reading a dungeon map off the
screen and walking it. The games' own rules (symbols, keys, prompts) stay in ``actors.rogue``
and ``actors.nethack``; this package knows only grids of characters."""

from ._experts import AnswerScreens as AnswerScreens
from ._experts import Cartographer as Cartographer
from ._experts import Explore as Explore
from ._experts import QuitWhenDone as QuitWhenDone
from ._experts import Search as Search
from ._experts import TakeStairs as TakeStairs
from ._explore import DIRECTIONS as DIRECTIONS
from ._explore import DungeonGeometry as DungeonGeometry
from ._explore import DungeonMemory as DungeonMemory
from ._explore import Explorer as Explorer
from ._explore import step_towards as step_towards

__all__ = [
    "DIRECTIONS",
    "AnswerScreens",
    "Cartographer",
    "DungeonGeometry",
    "DungeonMemory",
    "Explore",
    "Explorer",
    "QuitWhenDone",
    "Search",
    "TakeStairs",
    "step_towards",
]
