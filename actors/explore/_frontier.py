"""Frontiers and components: where exploring can go on, and what lies beyond.

A **frontier** is a square the player can stand on, has not stood on, and that
touches an unknown square: standing there shows something new (the paper's
open frontier list; a room's unvisited exits are frontiers the moment the room
is seen).

A **component** (the paper's Fig. 5) is a connected patch of high-probability
unknown squares in the occupancy map, found by depth-first search that only
steps onto squares with at least ``min_neighbours`` high neighbours, so narrow
alleys of probability do not join two separate areas. Components smaller than a
room can't hold one and are dropped; a component with no frontier beside it can
only be reached through a secret door or corridor (a *hidden* component).
"""

from __future__ import annotations

import attrs
import numpy as np

from ._map import LevelMap, dilate, neighbour_count

Pos = tuple[int, int]


def frontier_mask(m: LevelMap) -> np.ndarray:
    """The frontier squares of ``m``."""
    unknown = ~m.known
    return m.passable & ~m.visited & (neighbour_count(unknown) > 0)


def frontiers(m: LevelMap) -> tuple[Pos, ...]:
    """The frontier list, in reading order."""
    rows, cols = np.nonzero(frontier_mask(m))
    return tuple((int(r), int(c)) for r, c in zip(rows, cols, strict=True))


def useful_frontiers(fronts: tuple[Pos, ...], high: np.ndarray, radius: int = 0) -> tuple[Pos, ...]:
    """Frontiers with a high square within ``radius + 1`` steps (the others are ignored)."""
    near_high = dilate(high, radius + 1)
    return tuple(f for f in fronts if near_high[f])


@attrs.frozen(eq=False)
class Component:
    """A connected patch of high-probability squares."""

    #: The squares, as an (n, 2) array of (row, column).
    cells: np.ndarray
    #: Sum of their probabilities.
    mass: float
    #: The frontiers beside it (within the frontier radius + 2).
    frontiers: tuple[Pos, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def hidden(self) -> bool:
        return not self.frontiers

    def manhattan_to(self, pos: Pos) -> int:
        """Manhattan distance from ``pos`` to the component's nearest square."""
        return int((np.abs(self.cells[:, 0] - pos[0]) + np.abs(self.cells[:, 1] - pos[1])).min())


def label(mask: np.ndarray, *, diagonal: bool = True) -> tuple[np.ndarray, int]:
    """Connected labels of ``mask`` (0 outside): 8-connected, or 4-connected if not
    ``diagonal``. Works on runs of set squares in each row, joined with union-find
    to the runs they touch in the row above, so its cost grows with the number of
    runs, not of squares."""
    rows, cols = mask.shape
    padded = np.zeros((rows, cols + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    run_rows, starts = np.nonzero(edges == 1)
    ends = np.nonzero(edges == -1)[1]
    n = len(starts)
    if n == 0:
        return np.zeros(mask.shape, dtype=np.int32), 0
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    reach = 1 if diagonal else 0
    rr, aa, bb = run_rows.tolist(), starts.tolist(), ends.tolist()
    prev_first = prev_last = 0  # runs of the row above: indices [prev_first, prev_last)
    i = 0
    while i < n:
        row = rr[i]
        first = i
        while i < n and rr[i] == row:
            i += 1
        if first > 0 and rr[first - 1] == row - 1:
            j = prev_first
            for k in range(first, i):
                a, b = aa[k], bb[k]
                while j < prev_last and bb[j] + reach <= a:
                    j += 1
                m = j
                while m < prev_last and aa[m] - reach < b:
                    ra, rb = find(m), find(k)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
                    m += 1
        prev_first, prev_last = first, i
    # Number the components in order of their first run (a root is its component's
    # first run); each run's squares get its number, written at the run's two ends
    # and spread along the row by a cumulative sum (runs never share an end).
    roots = np.fromiter((find(k) for k in range(n)), dtype=np.int64, count=n)
    ids = np.cumsum(roots == np.arange(n)).astype(np.int32)[roots]
    diff = np.zeros((rows, cols + 1), dtype=np.int32)
    diff[run_rows, starts] = ids
    diff[run_rows, ends] = -ids
    labels = np.cumsum(diff[:, :cols], axis=1, dtype=np.int32)
    return labels, int(ids.max())


def components(p: np.ndarray, high: np.ndarray, fronts: tuple[Pos, ...], *,
               min_neighbours: int = 4, min_size: int = 7, radius: int = 0,
               keep_hidden: bool = False) -> list[Component]:
    """The components of ``high`` squares (see the module docstring).

    Only components of at least ``min_size`` squares are kept, and, unless
    ``keep_hidden``, only those with a frontier within ``radius + 2`` steps.
    """
    walkable = high & (neighbour_count(high) >= min_neighbours)
    labels, count = label(walkable)
    if count == 0:
        return []
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    masses = np.bincount(labels.ravel(), weights=p.ravel(), minlength=count + 1)
    # A frontier is beside a component when the component comes within the frontier
    # radius plus two squares of it: the squares next to known space are never
    # stepped on by the DFS (their known neighbours are low), so a component starts
    # one square further out than the high squares a useful frontier touches.
    reach = radius + 2
    beside: dict[int, list[Pos]] = {}
    for f in fronts:
        r, c = f
        window = labels[max(r - reach, 0):r + reach + 1, max(c - reach, 0):c + reach + 1]
        for lab in np.unique(window):
            if lab:
                beside.setdefault(int(lab), []).append(f)
    result = []
    for lab in range(1, count + 1):
        if sizes[lab] < min_size:
            continue
        near = tuple(beside.get(lab, ()))
        if not near and not keep_hidden:
            continue
        cells = np.argwhere(labels == lab)
        result.append(Component(cells=cells, mass=float(masses[lab]), frontiers=near))
    return result

