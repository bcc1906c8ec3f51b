"""A generated level: the referee's ground truth, never shown whole to a player."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import numpy as np

from ._terrain import COLUMNS, ROWS, DoorState, Terrain, symbol

Pos = tuple[int, int]


@attrs.frozen
class Room:
    """A rectangular room: floor rows ``top..bottom`` and columns ``left..right``.

    Its walls are one square outside the floor all round. A vault is NetHack's
    closed 2x2 treasure room with no door: it is part of the level but not a room
    anyone is asked to explore.
    """

    top: int
    left: int
    bottom: int
    right: int
    lit: bool = True
    vault: bool = False

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @property
    def center(self) -> Pos:
        return ((self.top + self.bottom) // 2, (self.left + self.right) // 2)

    def holds(self, pos: Pos) -> bool:
        """Whether ``pos`` is on this room's floor."""
        r, c = pos
        return self.top <= r <= self.bottom and self.left <= c <= self.right

    def within_walls(self, pos: Pos) -> bool:
        """Whether ``pos`` is on the floor or in the walls (doorways included)."""
        r, c = pos
        return self.top - 1 <= r <= self.bottom + 1 and self.left - 1 <= c <= self.right + 1

    def floor(self) -> Iterator[Pos]:
        for r in range(self.top, self.bottom + 1):
            for c in range(self.left, self.right + 1):
                yield (r, c)


@attrs.frozen(eq=False)
class Level:
    """One level: terrain, doors, rooms, the start and the stairs down.

    ``terrain`` is a read-only ``ROWS x COLUMNS`` array of :class:`Terrain` values,
    indexed ``[row, column]``; every position in this package is ``(row, column)``.
    ``doors`` maps each doorway and hidden door to its :class:`DoorState` (what a
    hidden door becomes once found), ``horizontal`` holds the doors set in a
    horizontal wall. ``rooms`` excludes nothing: filter on ``vault``.
    """

    seed: int
    secrets: bool
    terrain: np.ndarray
    doors: tuple[tuple[Pos, DoorState], ...]
    horizontal: frozenset[Pos]
    rooms: tuple[Room, ...]
    start: Pos
    downstairs: Pos

    @property
    def explorable_rooms(self) -> tuple[Room, ...]:
        """The rooms a player is meant to find: all but the vault."""
        return tuple(room for room in self.rooms if not room.vault)

    def at(self, pos: Pos) -> Terrain:
        r, c = pos
        if not (0 <= r < ROWS and 0 <= c < COLUMNS):
            return Terrain.STONE
        return Terrain(int(self.terrain[r, c]))

    def hidden_spots(self) -> tuple[Pos, ...]:
        """Every hidden door and hidden corridor square."""
        mask = (self.terrain == Terrain.SDOOR) | (self.terrain == Terrain.SCORR)
        return tuple((int(r), int(c)) for r, c in zip(*np.nonzero(mask), strict=True))

    def room_at(self, pos: Pos) -> Room | None:
        """The room whose floor or walls hold ``pos``."""
        for room in self.rooms:
            if room.within_walls(pos):
                return room
        return None

    def render(self, *, reveal: bool = False) -> tuple[str, ...]:
        """The whole map as NetHack would draw it if everything were seen.

        With ``reveal``, hidden doors are drawn as closed doors (``+``) and hidden
        corridor squares as ``#``, for debugging and for the referee's pictures.
        """
        doors = dict(self.doors)
        rows = []
        for r in range(ROWS):
            line = []
            for c in range(COLUMNS):
                kind = Terrain(int(self.terrain[r, c]))
                if reveal and kind is Terrain.SDOOR:
                    line.append("+")
                elif reveal and kind is Terrain.SCORR:
                    line.append("#")
                else:
                    line.append(symbol(kind, doors.get((r, c), DoorState.NONE),
                                       (r, c) in self.horizontal))
            rows.append("".join(line))
        return tuple(rows)
