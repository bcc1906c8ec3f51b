"""Frontier utility: the chance that walking to a frontier leads to a room not yet seen.

The paper values a frontier by the occupancy mass of the component beside it.
Here the value is a probability, from a logistic model over features of what
the explorer sees (room space behind the frontier, near and far; whether it is
a doorway of a seen room or beside the wall of an unseen one; how much of the
level is known and how many rooms have been found). The weights were fitted
on levels from ``games.dungeon.generate`` with seeds 100000-100399, disjoint
from every benchmark seed, by ``bench/train_utility.py`` (which prints them), with
labels from the ground truth: does a path of squares not yet walked lead from
the frontier to the floor of a room not yet seen.
"""

from __future__ import annotations

import math

import numpy as np

from ._geometry import RoomRect
from ._map import COLUMNS, ROWS, LevelMap, dilate
from ._roomspace import RoomSpace

Pos = tuple[int, int]

FEATURES = (
    "bias",
    "log_space_behind",       # room space behind the frontier (beyond the wall for doorways)
    "log_space_near",         # ... of it within NEAR squares (king moves)
    "log_space_close",        # ... within CLOSE squares
    "log_space_ahead",        # ... ahead of a corridor (in a cone along its heading)
    "log_space_3x4",          # room space behind where a 3x4 floor fits
    "log_space_4x7",          # ... where a 4x7 floor fits
    "doorway_of_seen_room",   # 1 for a doorway in a seen room's wall
    "door_of_unseen_room",    # 1 for a door seen from outside, of a room not seen yet
    "beside_unseen_wall",     # 1 when a wall not belonging to a seen room touches it
    "rooms_seen",             # rooms seen so far
    "rooms_seen_7_plus",      # 1 once 7 or more rooms are seen (a level has 7.4 on average)
    "rooms_seen_9_plus",      # 1 once 9 or more
    "known_fraction",         # share of the map known
    "log_unknown_near",       # unknown squares within NEAR squares
)
NEAR = 8
CLOSE = 4
AHEAD = 16


#: Fitted by bench/train_utility.py (see the module docstring).
WEIGHTS = np.array([
    -5.1541,  # bias
    -0.5107,  # log_space_behind
    +0.7611,  # log_space_near
    +0.5030,  # log_space_close
    +0.0741,  # log_space_ahead
    +0.4509,  # log_space_3x4
    +0.2697,  # log_space_4x7
    +1.9733,  # doorway_of_seen_room
    +1.6283,  # door_of_unseen_room
    +0.5377,  # beside_unseen_wall
    -0.0294,  # rooms_seen
    -0.0971,  # rooms_seen_7_plus
    -0.2110,  # rooms_seen_9_plus
    -0.2313,  # known_fraction
    +0.0013,  # log_unknown_near
])


class FeatureContext:
    """What the features of every frontier of one plan share, worked out once.

    Frontiers beside the same unknown regions (and, for doorways, on the same
    side of the same room) have the same room space behind them, worked out once.
    Made per plan; holds no state beyond it.
    """

    def __init__(self, m: LevelMap, space: RoomSpace) -> None:
        self.m = m
        self.space = space
        self.unknown = ~m.known
        self.known_fraction = float(m.known.mean())
        self._behind: dict[tuple, tuple[np.ndarray, np.ndarray | None, int, int, int]] = {}
        self._unknown_sums: np.ndarray | None = None
        self._beside_wall: np.ndarray | None = None

    def _key(self, f: Pos, side: tuple[RoomRect, str] | None) -> tuple:
        return (frozenset(self.space.regions_beside(f)), side)

    def behind(self, f: Pos, side: tuple[RoomRect, str] | None | bool = False
               ) -> tuple[np.ndarray, np.ndarray | None, int, int, int]:
        """Room space behind ``f``: (mask, None, its size, and its squares where the two
        bigger floors fit). ``side`` is
        ``space.door_side(f)`` if the caller has it."""
        space = self.space
        if side is False:
            side = space.door_side(f)
        key = self._key(f, side)
        hit = self._behind.get(key)
        if hit is None:
            mask = space.behind(f)
            total = int(np.count_nonzero(mask))
            if total:
                hit = (mask, None, total, int(np.count_nonzero(mask & space.big[0])),
                       int(np.count_nonzero(mask & space.big[1])))
            else:
                hit = (mask, None, 0, 0, 0)
            self._behind[key] = hit
        return hit

    def table(self, fronts: list[Pos]) -> tuple[np.ndarray, np.ndarray]:
        """Feature rows (one per frontier, :data:`FEATURES` order) and the room space
        behind each, for many frontiers at once."""
        m, space = self.m, self.space
        n = len(fronts)
        x = np.zeros((n, len(FEATURES)))
        area = np.zeros(n, dtype=np.int64)
        if n == 0:
            return x, area
        rr = np.fromiter((f[0] for f in fronts), dtype=np.int64, count=n)
        cc = np.fromiter((f[1] for f in fronts), dtype=np.int64, count=n)
        if self._unknown_sums is None:
            self._unknown_sums = _sums(self.unknown)
            self._beside_wall = dilate(m.wall & ~space.room_cells, 1)
        big = np.zeros((n, 2))
        near = np.zeros(n)
        close = np.zeros(n)
        ahead = np.zeros(n)
        doorway = np.zeros(n, dtype=bool)
        for i, f in enumerate(fronts):
            side = space.door_side(f)
            doorway[i] = side is not None
            mask, _, total, big0, big1 = self.behind(f, side)
            if not total:
                continue
            r, c = f
            area[i] = total
            big[i] = big0, big1
            near[i] = np.count_nonzero(mask[max(r - NEAR, 0):r + NEAR + 1,
                                            max(c - NEAR, 0):c + NEAR + 1])
            close[i] = np.count_nonzero(mask[max(r - CLOSE, 0):r + CLOSE + 1,
                                             max(c - CLOSE, 0):c + CLOSE + 1])
            ahead[i] = _ahead(m, f, mask)
        unknown_near = _boxes(self._unknown_sums, rr, cc, NEAR)
        rooms_seen = len(space.rooms)
        x[:, 0] = 1.0
        x[:, 1] = np.log1p(area)
        x[:, 2] = np.log1p(near)
        x[:, 3] = np.log1p(close)
        x[:, 4] = np.log1p(ahead)
        x[:, 5:7] = np.log1p(big)
        x[:, 7] = doorway
        x[:, 8] = m.door[rr, cc] & ~doorway & ~space.room_cells[rr, cc]
        x[:, 9] = self._beside_wall[rr, cc]
        x[:, 10] = rooms_seen
        x[:, 11] = rooms_seen >= 7
        x[:, 12] = rooms_seen >= 9
        x[:, 13] = self.known_fraction
        x[:, 14] = np.log1p(unknown_near)
        return x, area

    def features(self, f: Pos) -> np.ndarray:
        """The feature vector of frontier ``f``."""
        return self.table([f])[0][0]


def _sums(mask: np.ndarray) -> np.ndarray:
    """The summed-area table of ``mask`` with a zero first row and column."""
    out = np.zeros((ROWS + 1, COLUMNS + 1), dtype=np.int32)
    np.cumsum(mask, axis=0, out=out[1:, 1:])
    np.cumsum(out[1:, 1:], axis=1, out=out[1:, 1:])
    return out


def _boxes(sums: np.ndarray, r: np.ndarray, c: np.ndarray, radius: int) -> np.ndarray:
    """Set squares within ``radius`` (king moves) of each ``(r, c)``, off the map unset,
    from ``sums``, a summed-area table with a zero first row and column."""
    r0 = np.maximum(r - radius, 0)
    r1 = np.minimum(r + radius + 1, ROWS)
    c0 = np.maximum(c - radius, 0)
    c1 = np.minimum(c + radius + 1, COLUMNS)
    return sums[r1, c1] - sums[r0, c1] - sums[r1, c0] + sums[r0, c0]


def features(m: LevelMap, space: RoomSpace, f: Pos, behind: np.ndarray | None = None
             ) -> np.ndarray:
    """The feature vector of frontier ``f`` (one-off; plans use :class:`FeatureContext`).
    ``behind`` is accepted for compatibility and ignored: it is ``space.behind(f)``."""
    return FeatureContext(m, space).features(f)


#: Offsets (rows, columns) and distances of the squares within AHEAD of a frontier.
_PR = np.arange(-AHEAD, AHEAD + 1)[:, None] * np.ones((1, 2 * AHEAD + 1))
_PC = np.arange(-AHEAD, AHEAD + 1)[None, :] * np.ones((2 * AHEAD + 1, 1))
_PD = np.sqrt(_PR * _PR + _PC * _PC)
_WITHIN = _PD <= AHEAD
#: Cones by heading (the headings a 3x3 window of visited squares gives are few).
_CONES: dict[tuple[float, float], np.ndarray] = {}


def _heading(m: LevelMap, f: Pos) -> tuple[float, float] | None:
    """The unit step away from ``f``'s visited neighbours (their mean), or None."""
    r, c = f
    r0, c0 = max(r - 1, 0), max(c - 1, 0)
    window = m.visited[r0:r + 2, c0:c + 2]
    key = (window.tobytes(), window.shape, r - r0, c - c0)
    hit = _HEADINGS.get(key, False)
    if hit is False:
        hit = None
        if window.any():
            vr, vc = np.nonzero(window)
            dr = (r - r0) - vr.mean()
            dc = (c - c0) - vc.mean()
            norm = math.hypot(dr, dc)
            if norm:
                hit = (float(dr / norm), float(dc / norm))
        _HEADINGS[key] = hit
    return hit


_HEADINGS: dict[tuple, tuple[float, float] | None | bool] = {}


def _ahead(m: LevelMap, f: Pos, behind: np.ndarray) -> int:
    """Room space in a 90-degree cone ahead of ``f``, heading away from where it was
    reached from (its visited neighbours), within AHEAD squares."""
    heading = _heading(m, f)
    if heading is None:
        return 0
    r, c = f
    r0, c0 = max(r - AHEAD, 0), max(c - AHEAD, 0)
    part = behind[r0:r + AHEAD + 1, c0:c + AHEAD + 1]
    cone = _CONES.get(heading)
    if cone is None:
        dr, dc = heading
        cone = ((_PR * dr + _PC * dc) >= 0.7 * _PD) & _WITHIN
        _CONES[heading] = cone
    # The offset grid's rows and columns that this (clipped) window covers.
    gr, gc = r0 - (r - AHEAD), c0 - (c - AHEAD)
    rows, cols = part.shape
    return int(np.count_nonzero(part & cone[gr:gr + rows, gc:gc + cols]))


def probability(x: np.ndarray, weights: np.ndarray = WEIGHTS) -> float:
    """The logistic model's probability for feature vector ``x``."""
    z = float(np.dot(weights, x))
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))
