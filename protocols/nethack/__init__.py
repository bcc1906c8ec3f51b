"""NetHack as a player meets it: the tty screen read into views, keys sent.

:class:`NetHackAdapter` drives Debian's ``nethack-console`` in a pseudo-terminal
(:meth:`NetHackAdapter.live`, in a private playground slot from a
:class:`PlaygroundPool`) or NLE in-process (:meth:`NetHackAdapter.nle`); both give
:class:`NetHackView` observations from the same reader, :func:`read_screen`.
"""

from ._adapter import NetHackAdapter as NetHackAdapter
from ._nle import NleTerminal as NleTerminal
from ._nle import nle_available as nle_available
from ._playground import BASE_OPTIONS as BASE_OPTIONS
from ._playground import MAX_PLAYERS as MAX_PLAYERS
from ._playground import NETHACK_ENV as NETHACK_ENV
from ._playground import Playground as Playground
from ._playground import PlaygroundPool as PlaygroundPool
from ._playground import find_nethack_binary as find_nethack_binary
from ._playground import unique_name as unique_name
from ._screen import KINDS as KINDS
from ._screen import MAP_ROWS as MAP_ROWS
from ._screen import NetHackStatus as NetHackStatus
from ._screen import NetHackView as NetHackView
from ._screen import classify as classify
from ._screen import frame_ready as frame_ready
from ._screen import killer_on as killer_on
from ._screen import parse_end as parse_end
from ._screen import read_screen as read_screen

__all__ = [
    "BASE_OPTIONS",
    "KINDS",
    "MAP_ROWS",
    "MAX_PLAYERS",
    "NETHACK_ENV",
    "NetHackAdapter",
    "NetHackStatus",
    "NetHackView",
    "NleTerminal",
    "Playground",
    "PlaygroundPool",
    "classify",
    "find_nethack_binary",
    "frame_ready",
    "killer_on",
    "nle_available",
    "parse_end",
    "read_screen",
    "unique_name",
]
