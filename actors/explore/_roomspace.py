"""Room space: where a room not yet seen could still be, by NetHack's own placement rules.

This is what the explorer knows beyond the paper. NetHack's level generator
(mklev.c, sp_lev.c) places every room's floor

* within rows 2-18 and columns 3-77,
* on squares that were rock when it was placed, walls included,
* at least 5 columns or 4 rows clear of every other room's floor (``check_room``
  keeps 4 columns / 3 rows of rock between a new room's floor and anything
  built, and the rule is symmetric);

and joins rooms by corridors that leave a room through a door in the wall that
faces the room they go to (``join``: a door in the right wall leads to a room
further right, and so on).

So a room the explorer has not seen can only be where a floor of at least
``min_height`` x ``min_width`` squares fits on unknown squares, with its walls on
unknown squares (or on wall seen from outside, which is exactly how an unseen
room's wall looks from a corridor), and far enough from every room seen. Those
squares are the *room space*. A frontier is worth walking to only if the
unknown area behind it (8-connected, as corridors and diagonal steps connect)
holds room space, and a doorway only if that room space lies beyond its wall.
An occupancy map's diffusion estimates the same thing; these rules know it.
"""

from __future__ import annotations

import functools

import attrs
import numpy as np

from ._bits import from_bits, rect, to_bits, window_any
from ._frontier import label
from ._geometry import RoomRect, rooms
from ._map import COLUMNS, ROWS, LevelMap, dilate

Pos = tuple[int, int]

#: Where NetHack lets a room's floor be (``check_room``): rows 2-18, columns 3-77.
FLOOR_ROWS = (2, ROWS - 3)
FLOOR_COLUMNS = (3, COLUMNS - 3)
#: Clearance between two rooms' floors: more than 5 columns or more than 4 rows.
GAP_COLUMNS = 5
GAP_ROWS = 4
#: Bigger floors (rows, columns) whose room space is also worked out: a room is
#: likelier where a big one would fit than where only the smallest does.
BIG_FLOORS = ((3, 4), (4, 7))


#: Padding of an :class:`Integral` image: the widest window offset used here.
_PAD = 26


class Integral:
    """The summed-area table of one mask, padded with zeros so that any window
    reaching at most ``_PAD`` squares off the map can be summed by four lookups.
    Made once per mask and reused for every window size (that is the point)."""

    __slots__ = ("ii", "pad")

    def __init__(self, mask: np.ndarray, pad: int = _PAD) -> None:
        ii = np.zeros((ROWS + 2 * pad + 1, COLUMNS + 2 * pad + 1), dtype=np.int32)
        ii[pad + 1:pad + 1 + ROWS, pad + 1:pad + 1 + COLUMNS] = mask
        ii.cumsum(0, out=ii)
        ii.cumsum(1, out=ii)
        self.ii = ii
        self.pad = pad

    def window(self, height: int, width: int, top: int = 0, left: int = 0) -> np.ndarray:
        """``out[r, c]`` = set squares in rows ``r+top .. r+top+height-1`` and columns
        ``c+left .. c+left+width-1`` (squares off the map count as unset)."""
        pad = self.pad
        if not (-pad <= top and top + height <= pad + 1 and -pad <= left
                and left + width <= pad + 1):
            raise ValueError(f"window {height}x{width} at ({top}, {left}) reaches more than "
                             f"{pad} squares off the map")
        ii = self.ii
        r0, c0 = pad + top, pad + left
        r1, c1 = r0 + height, c0 + width
        return (ii[r1:r1 + ROWS, c1:c1 + COLUMNS] - ii[r0:r0 + ROWS, c1:c1 + COLUMNS]
                - ii[r1:r1 + ROWS, c0:c0 + COLUMNS] + ii[r0:r0 + ROWS, c0:c0 + COLUMNS])

    def square(self, r: int, c: int, radius: int) -> int:
        """Set squares within ``radius`` (king moves) of ``(r, c)``: one window's sum."""
        ii = self.ii
        r0, c0 = self.pad + r - radius, self.pad + c - radius
        r1, c1 = r0 + 2 * radius + 1, c0 + 2 * radius + 1
        return int(ii[r1, c1] - ii[r0, c1] - ii[r1, c0] + ii[r0, c0])


def window_sums(mask: np.ndarray, height: int, width: int, top: int = 0,
                left: int = 0) -> np.ndarray:
    """``out[r, c]`` = set squares in rows ``r+top .. r+top+height-1`` and columns
    ``c+left .. c+left+width-1`` of ``mask`` (squares off the map count as unset)."""
    return Integral(mask).window(height, width, top, left)


@attrs.frozen(eq=False)
class RoomSpace:
    """Where unseen rooms could be, and the unknown regions that hold it.

    ``possible``: squares that could be an unseen room's floor.
    ``regions``: labels of the 8-connected patches of unknown squares (0: known).
    ``area``: room-space squares per region label.
    ``rooms``: the rooms seen, and ``room_cells`` their floors and walls.
    """

    possible: np.ndarray
    #: Room space for bigger rooms: a floor of at least ``BIG_FLOORS[i]`` fits there.
    big: tuple[np.ndarray, ...]
    regions: np.ndarray
    area: np.ndarray
    rooms: tuple[RoomRect, ...]
    #: Floor and walls of every seen room.
    room_cells: np.ndarray
    version: int
    #: The seen floor these rooms were read from (lets the next snapshot reuse them).
    floor: np.ndarray | None = None

    def regions_beside(self, pos: Pos) -> set[int]:
        r, c = pos
        window = self.regions[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2]
        return set(window.ravel().tolist()) - {0}

    def behind(self, pos: Pos, space: np.ndarray | None = None) -> np.ndarray:
        """Room space (``space``, by default :attr:`possible`) reachable through the
        unknown squares beside ``pos``, and, when ``pos`` is a doorway of a seen
        room, beyond its wall."""
        labels = self.regions_beside(pos)
        if not labels:
            return np.zeros((ROWS, COLUMNS), dtype=bool)
        chosen = np.zeros(len(self.area), dtype=bool)
        chosen[list(labels)] = True
        mask = (self.possible if space is None else space) & chosen[self.regions]
        side = self.door_side(pos)
        if side is not None:
            room, facing = side
            rr = np.arange(ROWS)[:, None]
            cc = np.arange(COLUMNS)[None, :]
            if facing == "right":
                mask &= cc > room.right + 1
            elif facing == "left":
                mask &= cc < room.left - 1
            elif facing == "top":
                mask &= rr < room.top - 1
            else:
                mask &= rr > room.bottom + 1
        return mask

    def door_side(self, pos: Pos) -> tuple[RoomRect, str] | None:
        """The seen room ``pos`` is a doorway of, and which wall it is in."""
        r, c = pos
        for room in self.rooms:
            if not room.within_walls(pos):
                continue
            if c == room.left - 1 and room.top <= r <= room.bottom:
                return room, "left"
            if c == room.right + 1 and room.top <= r <= room.bottom:
                return room, "right"
            if r == room.top - 1 and room.left <= c <= room.right:
                return room, "top"
            if r == room.bottom + 1 and room.left <= c <= room.right:
                return room, "bottom"
        return None


def room_space(m: LevelMap, *, min_height: int = 2, min_width: int = 3,
               previous: RoomSpace | None = None) -> RoomSpace:
    """The :class:`RoomSpace` of what ``m`` shows; ``previous`` (the last snapshot)
    saves reading the rooms again when no new floor was seen."""
    floor = m.room
    same_rooms = (previous is not None and previous.floor is not None
                  and np.array_equal(previous.floor, floor))
    seen_rooms = previous.rooms if same_rooms else tuple(rooms(m))
    # An unseen room's wall may already be seen from outside: wall or doorway
    # squares that are not next to any floor we know.
    outside_wall = (m.wall | m.door) & ~dilate(floor, 1)
    boards = (to_bits(m.known), to_bits(m.known & ~outside_wall), to_bits(floor))
    possible = from_bits(_fits(boards, min_height, min_width))
    big = tuple(from_bits(_fits(boards, h, w)) for h, w in BIG_FLOORS)
    regions, count = label(~m.known)
    if same_rooms:
        room_cells = previous.room_cells
    else:
        room_cells = np.zeros((ROWS, COLUMNS), dtype=bool)
        for room in seen_rooms:
            room_cells[max(room.top - 1, 0):room.bottom + 2,
                       max(room.left - 1, 0):room.right + 2] = True
    area = np.bincount(regions[possible], minlength=count + 1)
    area[0] = 0
    for arr in (possible, regions, area, room_cells, *big):
        arr.setflags(write=False)
    return RoomSpace(possible=possible, big=big, regions=regions, area=area, rooms=seen_rooms,
                     room_cells=room_cells, version=m.version, floor=floor)


@functools.cache
def _allowed(h: int, w: int) -> int:
    """Top-left corners of an h x w floor inside NetHack's bounds, as a bitboard."""
    return rect(FLOOR_ROWS[0], FLOOR_COLUMNS[0], FLOOR_ROWS[1] - h + 1, FLOOR_COLUMNS[1] - w + 1)


def _fits(boards: tuple[int, int, int], h: int, w: int) -> int:
    """Squares covered by some h x w floor that NetHack's rules allow (module docstring),
    as a bitboard; ``boards`` are the bitboards of the known squares, the squares no
    wall may stand on, and the seen rooms' floor."""
    known, bad_footing, floor = boards
    blocked = (window_any(known, h, w)
               | window_any(bad_footing, h + 2, w + 2, -1, -1)
               | window_any(floor, h + 2 * GAP_ROWS, w + 2 * GAP_COLUMNS, -GAP_ROWS,
                            -GAP_COLUMNS))
    corners = _allowed(h, w) & ~blocked
    return window_any(corners, h, w, -(h - 1), -(w - 1))
