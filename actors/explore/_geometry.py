"""Shapes read off the map: rooms, their walls and corners, corridor dead ends.

Where a secret door or corridor can be is decided here: on a wall square that
is not a corner (NetHack never puts a door in a corner), or beyond a corridor
that stops (a dead end, which a hidden corridor square also looks like).
"""

from __future__ import annotations

import attrs
import numpy as np

from ._frontier import label
from ._map import COLUMNS, ROWS, STEPS, LevelMap, _shift, neighbour_count

Pos = tuple[int, int]


@attrs.frozen
class RoomRect:
    """A seen room's floor (rows ``top..bottom``, columns ``left..right``)."""

    top: int
    left: int
    bottom: int
    right: int

    def within_walls(self, pos: Pos) -> bool:
        r, c = pos
        return self.top - 1 <= r <= self.bottom + 1 and self.left - 1 <= c <= self.right + 1

    def wall_ring(self) -> list[Pos]:
        """The wall squares around the floor, corners included."""
        ring = []
        for c in range(self.left - 1, self.right + 2):
            ring += [(self.top - 1, c), (self.bottom + 1, c)]
        for r in range(self.top, self.bottom + 1):
            ring += [(r, self.left - 1), (r, self.right + 1)]
        return [p for p in ring if 0 <= p[0] < ROWS and 0 <= p[1] < COLUMNS]


def corners(m: LevelMap) -> np.ndarray:
    """Wall squares with wall both beside and above/below them: corners."""
    w = m.wall | m.door
    side = _shift(w, 0, -1) | _shift(w, 0, 1)
    vert = _shift(w, -1, 0) | _shift(w, 1, 0)
    return m.wall & side & vert


def door_walls(m: LevelMap) -> np.ndarray:
    """Wall squares that could be a hidden door (walls that are not corners)."""
    return m.wall & ~corners(m)


def dead_ends(m: LevelMap) -> np.ndarray:
    """Visited corridor squares with at most one passable neighbour."""
    return m.corridor & m.visited & (neighbour_count(m.passable) <= 1)


def _end_table() -> np.ndarray:
    """For each 8-bit pattern of passable neighbours (bit k: ``STEPS[k]``): whether a
    corridor square with those neighbours is where the corridor stops."""
    table = np.zeros(256, dtype=bool)
    for bits in range(256):
        near = [STEPS[k] for k in range(8) if bits >> k & 1]
        if len(near) <= 1:
            table[bits] = True
        elif len(near) == 2:
            (a, b), (c, d) = near
            table[bits] = abs(a - c) + abs(b - d) == 1
    return table


_ENDS = _end_table()


def corridor_ends(m: LevelMap) -> np.ndarray:
    """Visited corridor squares where the corridor stops. NetHack digs corridors
    in orthogonal steps, so a corridor's last square has one passable neighbour,
    or, when the corridor turned just before it, two that touch side by side (the
    square before and the one before that, one straight and one diagonal from
    it). A turn in the middle of a corridor also has two neighbours, but they
    touch only corner to corner. :func:`dead_ends` (the paper's) counts only the
    first kind."""
    rows, cols = m.passable.shape
    p = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
    p[1:-1, 1:-1] = m.passable
    code = np.zeros((rows, cols), dtype=np.uint8)
    for k, (dr, dc) in enumerate(STEPS):
        code |= p[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] << k
    return m.corridor & m.visited & _ENDS[code]


def rooms(m: LevelMap) -> list[RoomRect]:
    """The rooms seen, as the bounding boxes of 4-connected patches of floor."""
    labels, count = label(m.room, diagonal=False)
    if count == 0:
        return []
    rr, cc = np.nonzero(labels)
    ids = labels[rr, cc] - 1
    top = np.full(count, ROWS)
    left = np.full(count, COLUMNS)
    bottom = np.full(count, -1)
    right = np.full(count, -1)
    np.minimum.at(top, ids, rr)
    np.minimum.at(left, ids, cc)
    np.maximum.at(bottom, ids, rr)
    np.maximum.at(right, ids, cc)
    return [RoomRect(int(t), int(lf), int(b), int(rt))
            for t, lf, b, rt in zip(top, left, bottom, right, strict=True)]


def room_at(m: LevelMap, pos: Pos, known_rooms: list[RoomRect] | None = None) -> RoomRect | None:
    """The room whose floor or walls (doorways) hold ``pos``."""
    for room in known_rooms if known_rooms is not None else rooms(m):
        if room.within_walls(pos):
            return room
    return None
