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

from ._map import LevelMap
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
        self._behind: dict[tuple, tuple[np.ndarray, None, int, int, int]] = {}

    def behind(self, f: Pos) -> tuple[np.ndarray, None, int, int, int]:
        """Room space behind ``f``: (mask, None, its size, and its squares where the two
        bigger floors fit)."""
        space = self.space
        side = space.door_side(f)
        key = (frozenset(space.regions_beside(f)),
               None if side is None else (side[0], side[1]))
        hit = self._behind.get(key)
        if hit is None:
            mask = space.behind(f)
            total = int(mask.sum())
            if total:
                hit = (mask, None, total, int((mask & space.big[0]).sum()),
                       int((mask & space.big[1]).sum()))
            else:
                hit = (mask, None, 0, 0, 0)
            self._behind[key] = hit
        return hit

    def features(self, f: Pos) -> np.ndarray:
        """The feature vector of frontier ``f`` (which must have room space behind)."""
        m, space = self.m, self.space
        behind, _, total, big0, big1 = self.behind(f)
        r, c = f
        r0, r1, c0, c1 = max(r - NEAR, 0), r + NEAR + 1, max(c - NEAR, 0), c + NEAR + 1
        near_space = int(np.count_nonzero(behind[r0:r1, c0:c1])) if total else 0
        close_space = int(np.count_nonzero(
            behind[max(r - CLOSE, 0):r + CLOSE + 1, max(c - CLOSE, 0):c + CLOSE + 1])) \
            if total else 0
        unknown_near = int(np.count_nonzero(self.unknown[r0:r1, c0:c1]))
        window = (slice(max(r - 1, 0), r + 2), slice(max(c - 1, 0), c + 2))
        beside = m.wall[window] & ~space.room_cells[window]
        doorway = space.door_side(f) is not None
        rooms_seen = len(space.rooms)
        return np.array([
            1.0,
            math.log1p(total),
            math.log1p(near_space),
            math.log1p(close_space),
            math.log1p(_ahead(m, f, behind)),
            math.log1p(big0),
            math.log1p(big1),
            1.0 if doorway else 0.0,
            1.0 if m.door[f] and not doorway and not space.room_cells[f] else 0.0,
            1.0 if beside.any() else 0.0,
            float(rooms_seen),
            1.0 if rooms_seen >= 7 else 0.0,
            1.0 if rooms_seen >= 9 else 0.0,
            self.known_fraction,
            math.log1p(unknown_near),
        ])


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


def _ahead(m: LevelMap, f: Pos, behind: np.ndarray) -> int:
    """Room space in a 90-degree cone ahead of ``f``, heading away from where it was
    reached from (its visited neighbours), within AHEAD squares."""
    r, c = f
    window = m.visited[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2]
    if not window.any():
        return 0
    vr, vc = np.nonzero(window)
    dr = r - (vr.mean() + max(r - 1, 0))
    dc = c - (vc.mean() + max(c - 1, 0))
    norm = math.hypot(dr, dc)
    if norm == 0:
        return 0
    dr, dc = dr / norm, dc / norm
    r0, c0 = max(r - AHEAD, 0), max(c - AHEAD, 0)
    part = behind[r0:r + AHEAD + 1, c0:c + AHEAD + 1]
    if not part.any():
        return 0
    # The offset grid's rows and columns that this (clipped) window covers.
    gr, gc = r0 - (r - AHEAD), c0 - (c - AHEAD)
    rows, cols = part.shape
    pr = _PR[gr:gr + rows, gc:gc + cols]
    pc = _PC[gr:gr + rows, gc:gc + cols]
    cone = (pr * dr + pc * dc) >= 0.7 * _PD[gr:gr + rows, gc:gc + cols]
    return int(np.count_nonzero(part & cone & _WITHIN[gr:gr + rows, gc:gc + cols]))


def probability(x: np.ndarray, weights: np.ndarray = WEIGHTS) -> float:
    """The logistic model's probability for feature vector ``x``."""
    z = float(np.dot(weights, x))
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))
