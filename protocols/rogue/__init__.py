"""Rogue 5.4.4 as a player meets it: its screen read into views, its keys sent.

:class:`RogueAdapter` runs the user's Rogue binary in a pseudo-terminal (or plays
a recorded cast back); :func:`read_screen` turns a screen into a
:class:`RogueView` (status, message, ``--More--``, prompt, map, player, lists and
the end screens). :class:`SeededRogueAdapter` plays the dungeon of a given seed
through the project's own preload library (see ``fixed_seed.c``). Agents in
``actors/rogue`` see the game only through these.
"""

from ._adapter import ROGUE_ENV as ROGUE_ENV
from ._adapter import RogueAdapter as RogueAdapter
from ._adapter import find_rogue_binary as find_rogue_binary
from ._screen import KINDS as KINDS
from ._screen import MAP_ROWS as MAP_ROWS
from ._screen import RogueStatus as RogueStatus
from ._screen import RogueView as RogueView
from ._screen import classify as classify
from ._screen import frame_ready as frame_ready
from ._screen import parse_scores as parse_scores
from ._screen import parse_tombstone as parse_tombstone
from ._screen import read_screen as read_screen
from ._seed import SeededRogueAdapter as SeededRogueAdapter
from ._seed import SeedSupport as SeedSupport
from ._seed import check_seed as check_seed
from ._seed import preload_library as preload_library
from ._seed import seed_support as seed_support

__all__ = [
    "KINDS",
    "MAP_ROWS",
    "ROGUE_ENV",
    "RogueAdapter",
    "RogueStatus",
    "RogueView",
    "SeedSupport",
    "SeededRogueAdapter",
    "check_seed",
    "classify",
    "find_rogue_binary",
    "frame_ready",
    "parse_scores",
    "parse_tombstone",
    "preload_library",
    "read_screen",
    "seed_support",
]
