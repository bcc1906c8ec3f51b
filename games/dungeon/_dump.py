"""Real NetHack levels as :class:`Level` records, from NetHack's own terrain dump.

NetHack 3.6 in wizard mode shows the whole level's ``levl[][].typ`` codes (the
``#terrain`` command, "internal levl[][].typ codes in base-36"): one line per
map row on screen rows 1-21, map column x at screen column x-1, ``*`` for
undiggable rock (NetHack's tty puts a blank line above it; NLE's window does
not, and both are read). :func:`read_typ_dump` turns that screen into a grid of our
:class:`Terrain`; :func:`level_from_dump` makes a playable level of it, so the
explorers can be run on maps NetHack itself generated (``bench/dungeon_levels.py``
drives NetHack through NLE to get them).

The dump has no door states (open, closed, empty doorway); they are drawn with
NetHack's odds from ``seed``. Hidden doors stay hidden; furniture (stairs,
fountains, sinks, altars, graves) is floor.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import numpy as np

from ._level import Level, Pos, Room
from ._terrain import COLUMNS, ROWS, DoorState, Terrain

#: NetHack 3.6 ``levl[][].typ`` codes (rm.h) to ours.
_NETHACK_TYP = {
    0: Terrain.STONE, 1: Terrain.VWALL, 2: Terrain.HWALL,
    **{code: Terrain.CORNER for code in range(3, 13)},  # corners, T-walls, crosswalls
    14: Terrain.SDOOR, 15: Terrain.SCORR,
    21: Terrain.CORNER,  # iron bars: not walkable, not a door
    22: Terrain.DOOR, 23: Terrain.CORRIDOR, 24: Terrain.FLOOR, 25: Terrain.FLOOR,
    27: Terrain.FLOOR, 29: Terrain.FLOOR, 30: Terrain.FLOOR, 31: Terrain.FLOOR,
}


_DUMP_LINE = re.compile(r"^[0-9a-z*]{79}")


class DumpFormatError(ValueError):
    """The screen is not a terrain dump (quotes the offending line)."""


def read_typ_dump(lines: Sequence[str]) -> np.ndarray:
    """The ``ROWS x COLUMNS`` grid of :class:`Terrain` values in a dump screen."""
    top = 0 if lines and _DUMP_LINE.match(lines[0]) else 1
    if len(lines) < ROWS + top:
        raise DumpFormatError(f"expected at least {ROWS + top} screen lines, got {len(lines)}")
    grid = np.zeros((ROWS, COLUMNS), dtype=np.int8)
    for y in range(ROWS):
        line = lines[y + top]
        for x in range(1, COLUMNS):
            ch = line[x - 1] if x - 1 < len(line) else "*"
            if ch == "*":
                continue
            try:
                code = int(ch, 36)
            except ValueError:
                raise DumpFormatError(
                    f"screen line {y + 1} is not a terrain dump: {line.rstrip()!r}") from None
            kind = _NETHACK_TYP.get(code)
            if kind is None:
                raise DumpFormatError(
                    f"terrain code {ch!r} at row {y}, column {x} is not one a level-1 "
                    f"room-and-corridor map has")
            grid[y, x] = kind
    return grid


def _rooms(grid: np.ndarray) -> list[Room]:
    floor = grid == Terrain.FLOOR
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
                    if 0 <= ny < ROWS and 0 <= nx < COLUMNS and floor[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
            ys = [y for y, _ in cells]
            xs = [x for _, x in cells]
            top, bottom, left, right = min(ys), max(ys), min(xs), max(xs)
            walls = grid[top - 1:bottom + 2, left - 1:right + 2]
            vault = (len(cells) == 4 and bottom - top == 1 and right - left == 1
                     and not np.isin(walls, [int(Terrain.DOOR), int(Terrain.SDOOR)]).any())
            rooms.append(Room(top, left, bottom, right, lit=True, vault=vault))
    rooms.sort(key=lambda room: room.left)
    return rooms


def level_from_dump(grid: np.ndarray, start: Pos, *, seed: int = 0,
                    secrets: bool = True) -> Level:
    """A playable level from a dumped grid, the player starting at ``start``.

    Door states are drawn with NetHack's odds (hidden ones become closed doors when
    found; visible ones are empty doorways 2/3 of the time, else open 1/5, else
    closed), using ``seed``.
    """
    rng = random.Random(seed)
    terrain = np.array(grid, dtype=np.int8)
    if Terrain(int(terrain[start])) is not Terrain.FLOOR:
        raise ValueError(f"the start {start} is not on a room's floor in the dump")
    terrain[start] = Terrain.UPSTAIRS
    if not secrets:
        terrain[terrain == Terrain.SDOOR] = Terrain.DOOR
        terrain[terrain == Terrain.SCORR] = Terrain.CORRIDOR
    doors: list[tuple[Pos, DoorState]] = []
    horizontal: set[Pos] = set()
    for r, c in zip(*np.nonzero(np.isin(terrain, [int(Terrain.DOOR), int(Terrain.SDOOR)])),
                    strict=True):
        pos = (int(r), int(c))
        if grid[pos] == Terrain.SDOOR:
            state = DoorState.CLOSED
        elif rng.randrange(3):
            state = DoorState.NONE
        else:
            state = DoorState.OPEN if not rng.randrange(5) else DoorState.CLOSED
        doors.append((pos, state))
        left = int(grid[r, c - 1]) if c > 0 else 0
        right = int(grid[r, c + 1]) if c < COLUMNS - 1 else 0
        if left in (Terrain.HWALL, Terrain.CORNER) or right in (Terrain.HWALL, Terrain.CORNER):
            horizontal.add(pos)
    for r, c in zip(*np.nonzero(np.isin(terrain, [int(Terrain.HWALL), int(Terrain.CORNER)])),
                    strict=True):
        horizontal.add((int(r), int(c)))
    terrain.setflags(write=False)
    rooms = tuple(_rooms(np.where(np.isin(terrain, [int(Terrain.UPSTAIRS)]),
                                  int(Terrain.FLOOR), terrain)))
    return Level(seed=seed, secrets=secrets, terrain=terrain, doors=tuple(sorted(doors)),
                 horizontal=frozenset(horizontal), rooms=rooms, start=start, downstairs=start)
