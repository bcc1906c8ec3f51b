"""What a square of a level is made of, and how a player is shown it.

The kinds follow NetHack 3.6's ``levl[][].typ`` for the few a level-1 room-and-
corridor map uses; the symbols are NetHack's default (tty, no DECgraphics) ones,
so a map drawn by this game reads like a NetHack screen. Corners are drawn ``-``
as NetHack draws them. A hidden door looks like the wall it sits in, a hidden
corridor square like solid rock: that is the whole point of them.
"""

from __future__ import annotations

import enum

#: NetHack's map: 80 columns by 21 rows (``COLNO``, ``ROWNO``); column 0 is never used.
COLUMNS = 80
ROWS = 21


class Terrain(enum.IntEnum):
    """The kind of one square (ground truth; the player sees :func:`symbol`)."""

    STONE = 0
    VWALL = 1
    HWALL = 2
    CORNER = 3
    #: A doorway: empty, or with a door (see :class:`DoorState`).
    DOOR = 4
    #: A hidden door: looks like wall until found by searching.
    SDOOR = 5
    CORRIDOR = 6
    #: A hidden corridor square: looks like rock until found by searching.
    SCORR = 7
    FLOOR = 8
    UPSTAIRS = 9
    DOWNSTAIRS = 10


class DoorState(enum.IntEnum):
    """What fills a doorway. Only an intact door (open or closed) forbids diagonal moves."""

    #: An empty doorway, drawn ``.``: walk through it in any direction.
    NONE = 0
    OPEN = 1
    #: Drawn ``+``; walking into it opens it, which takes a turn.
    CLOSED = 2


WALLS = frozenset({Terrain.VWALL, Terrain.HWALL, Terrain.CORNER})
#: Squares a player can stand on (a closed door must be opened first).
WALKABLE = frozenset({Terrain.DOOR, Terrain.CORRIDOR, Terrain.FLOOR, Terrain.UPSTAIRS,
                      Terrain.DOWNSTAIRS})
#: Squares that the search action may reveal.
HIDDEN = frozenset({Terrain.SDOOR, Terrain.SCORR})
#: Floor-like squares of a room.
ROOM_FLOOR = frozenset({Terrain.FLOOR, Terrain.UPSTAIRS, Terrain.DOWNSTAIRS})

_SYMBOLS = {
    Terrain.STONE: " ",
    Terrain.VWALL: "|",
    Terrain.HWALL: "-",
    Terrain.CORNER: "-",
    Terrain.CORRIDOR: "#",
    Terrain.SCORR: " ",
    Terrain.FLOOR: ".",
    Terrain.UPSTAIRS: "<",
    Terrain.DOWNSTAIRS: ">",
}


def symbol(kind: Terrain, door: DoorState = DoorState.NONE, horizontal: bool = False) -> str:
    """The character NetHack shows for a square of ``kind``.

    ``horizontal`` says whether a door (or hidden door) sits in a horizontal wall:
    an open door is drawn across its wall (``|`` in a horizontal wall, ``-`` in a
    vertical one), and a hidden door as the wall itself.
    """
    if kind is Terrain.DOOR:
        if door is DoorState.CLOSED:
            return "+"
        if door is DoorState.OPEN:
            return "|" if horizontal else "-"
        return "."
    if kind is Terrain.SDOOR:
        return "-" if horizontal else "|"
    return _SYMBOLS[kind]
