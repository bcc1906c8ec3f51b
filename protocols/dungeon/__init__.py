"""Dungeon exploration as a player meets it: the in-process adapter and its view.

:class:`DungeonAdapter` hosts a level of ``games.dungeon`` (NetHack's level 1);
explorers in ``actors/`` see only :class:`DungeonView`. :func:`full_map` is the
ground truth for the full-knowledge tour (the experiment's lower bound), kept
apart so no explorer reads it by accident.
"""

from ._adapter import DEFAULT_MAX_ACTIONS as DEFAULT_MAX_ACTIONS
from ._adapter import STOP as STOP
from ._adapter import DungeonAdapter as DungeonAdapter
from ._levels import level_picture as level_picture
from ._levels import level_statistics as level_statistics
from ._messages import DungeonView as DungeonView
from ._messages import FullMap as FullMap
from ._oracle import full_map as full_map
from ._oracle import full_map_of as full_map_of

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "STOP",
    "DungeonAdapter",
    "DungeonView",
    "FullMap",
    "full_map",
    "full_map_of",
    "level_picture",
    "level_statistics",
]
