"""Levels drawn by hand: a small map in text becomes a playable :class:`Level`.

For tests and examples, where a generated level is too big to reason about.
The drawing uses NetHack's symbols plus three for what a player cannot see:

====  ==========================================================
``|``  vertical wall          ``-``  horizontal wall (and corners)
``.``  room floor, or an empty doorway when set in a wall
``+``  closed door            ``#``  corridor
``S``  hidden door            ``C``  hidden corridor square
``<``  the up stairs, where the player starts (exactly one)
====  ==========================================================

Rows and columns are the map's (row 0 is the map's first row, column 0 its
first column); lines shorter than 80 columns are padded with rock. Rooms are
the 4-connected patches of floor; a doorway is a ``.`` with wall on two
opposite sides.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._level import Level, Pos, Room
from ._terrain import COLUMNS, ROWS, DoorState, Terrain

_KINDS = {
    " ": Terrain.STONE, "|": Terrain.VWALL, "-": Terrain.HWALL, ".": Terrain.FLOOR,
    "+": Terrain.DOOR, "#": Terrain.CORRIDOR, "S": Terrain.SDOOR, "C": Terrain.SCORR,
    "<": Terrain.UPSTAIRS,
}
_WALL = {Terrain.VWALL, Terrain.HWALL, Terrain.DOOR, Terrain.SDOOR}


class MapTextError(ValueError):
    """The drawing is not a level (quotes the offending character and where it is)."""


def level_from_text(lines: Sequence[str], *, seed: int = 0) -> Level:
    """The level drawn in ``lines`` (see the module docstring)."""
    if len(lines) > ROWS or any(len(line) > COLUMNS for line in lines):
        raise MapTextError(f"a level is at most {ROWS} lines of {COLUMNS} characters")
    terrain = np.zeros((ROWS, COLUMNS), dtype=np.int8)
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            kind = _KINDS.get(ch)
            if kind is None:
                raise MapTextError(f"unknown map character {ch!r} at row {r}, column {c}; "
                                   f"expected one of {''.join(_KINDS)!r}")
            terrain[r, c] = kind
    starts = list(zip(*np.nonzero(terrain == Terrain.UPSTAIRS), strict=True))
    if len(starts) != 1:
        raise MapTextError(f"expected exactly one '<' (the start), found {len(starts)}")
    start: Pos = (int(starts[0][0]), int(starts[0][1]))

    def at(r: int, c: int) -> Terrain:
        return Terrain(int(terrain[r, c])) if 0 <= r < ROWS and 0 <= c < COLUMNS \
            else Terrain.STONE

    doors: list[tuple[Pos, DoorState]] = []
    horizontal: set[Pos] = set()
    floor = np.isin(terrain, [int(Terrain.FLOOR), int(Terrain.UPSTAIRS)])
    for r in range(ROWS):
        for c in range(COLUMNS):
            kind = at(r, c)
            across = at(r, c - 1) in _WALL and at(r, c + 1) in _WALL
            upright = at(r - 1, c) in _WALL and at(r + 1, c) in _WALL
            if kind is Terrain.HWALL:
                horizontal.add((r, c))
            if kind is Terrain.FLOOR and (across or upright):
                terrain[r, c] = Terrain.DOOR
                floor[r, c] = False
                doors.append(((r, c), DoorState.NONE))
            elif kind in (Terrain.DOOR, Terrain.SDOOR):
                doors.append(((r, c), DoorState.CLOSED))
            if kind in (Terrain.FLOOR, Terrain.DOOR, Terrain.SDOOR) and across:
                horizontal.add((r, c))
    terrain.setflags(write=False)
    return Level(seed=seed, secrets=bool(np.isin(terrain, [int(Terrain.SDOOR),
                                                           int(Terrain.SCORR)]).any()),
                 terrain=terrain, doors=tuple(sorted(doors)), horizontal=frozenset(horizontal),
                 rooms=tuple(_rooms(floor)), start=start, downstairs=start)


def _rooms(floor: np.ndarray) -> list[Room]:
    seen = np.zeros_like(floor)
    rooms = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            if not floor[r, c] or seen[r, c]:
                continue
            stack, cells = [(r, c)], []
            seen[r, c] = True
            while stack:
                y, x = stack.pop()
                cells.append((y, x))
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < ROWS and 0 <= nx < COLUMNS and floor[ny, nx] \
                            and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
            ys = [y for y, _ in cells]
            xs = [x for _, x in cells]
            rooms.append(Room(min(ys), min(xs), max(ys), max(xs)))
    rooms.sort(key=lambda room: room.left)
    return rooms
