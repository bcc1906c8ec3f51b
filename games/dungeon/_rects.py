"""The free-rectangle list NetHack 3.6 places rooms with (its rect.c, re-implemented).

The level starts as one free rectangle, the whole map. Placing a room removes
every free rectangle it overlaps and adds back the parts of them left of, right
of, above and below it that are still big enough to hold another room with its
margins. Rooms end up spread over the map, which is why a NetHack level has
rooms all across it and few big empty areas.
"""

from __future__ import annotations

import attrs

from ._terrain import COLUMNS, ROWS

#: NetHack's margins (``XLIM``, ``YLIM``): columns and rows kept free around a room.
XLIM = 4
YLIM = 3
#: At most this many free rectangles are kept (``MAXRECT``).
MAX_RECTS = 50


@attrs.frozen
class Rect:
    """A rectangle of columns ``lx..hx`` and rows ``ly..hy``, inclusive."""

    lx: int
    ly: int
    hx: int
    hy: int

    def contains(self, other: Rect) -> bool:
        return (other.lx >= self.lx and other.ly >= self.ly
                and other.hx <= self.hx and other.hy <= self.hy)

    def intersection(self, other: Rect) -> Rect | None:
        if other.lx > self.hx or other.ly > self.hy or other.hx < self.lx or other.hy < self.ly:
            return None
        r = Rect(max(self.lx, other.lx), max(self.ly, other.ly),
                 min(self.hx, other.hx), min(self.hy, other.hy))
        if r.lx > r.hx or r.ly > r.hy:
            return None
        return r


class FreeRects:
    """The free rectangles of one level under construction (order matters for the RNG)."""

    def __init__(self) -> None:
        self.rects: list[Rect] = [Rect(0, 0, COLUMNS - 1, ROWS - 1)]

    def __len__(self) -> int:
        return len(self.rects)

    def containing(self, r: Rect) -> Rect | None:
        """The first free rectangle that holds all of ``r``."""
        for rect in self.rects:
            if rect.contains(r):
                return rect
        return None

    def _remove(self, r: Rect) -> None:
        try:
            i = self.rects.index(r)
        except ValueError:
            return
        # NetHack moves the last rectangle into the hole: keep that order.
        last = self.rects.pop()
        if i < len(self.rects):
            self.rects[i] = last

    def _add(self, r: Rect) -> None:
        if len(self.rects) >= MAX_RECTS or self.containing(r) is not None:
            return
        self.rects.append(r)

    def split(self, r1: Rect, r2: Rect) -> None:
        """Take ``r2`` (inside the free rectangle ``r1``) out of the free space."""
        old = r1
        self._remove(r1)
        for i in range(len(self.rects) - 1, -1, -1):
            if i >= len(self.rects):
                continue
            inter = self.rects[i].intersection(r2)
            if inter is not None:
                self.split(self.rects[i], inter)
        if r2.ly - old.ly - 1 > (2 * YLIM if old.hy < ROWS - 1 else YLIM + 1) + 4:
            self._add(Rect(old.lx, old.ly, old.hx, r2.ly - 2))
        if r2.lx - old.lx - 1 > (2 * XLIM if old.hx < COLUMNS - 1 else XLIM + 1) + 4:
            self._add(Rect(old.lx, old.ly, r2.lx - 2, old.hy))
        if old.hy - r2.hy - 1 > (2 * YLIM if old.ly > 0 else YLIM + 1) + 4:
            self._add(Rect(old.lx, r2.hy + 2, old.hx, old.hy))
        if old.hx - r2.hx - 1 > (2 * XLIM if old.lx > 0 else XLIM + 1) + 4:
            self._add(Rect(r2.hx + 2, old.ly, old.hx, old.hy))
