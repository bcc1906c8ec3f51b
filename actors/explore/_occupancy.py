"""The occupancy map: how likely each square is to hold a room not yet found.

After Isla's occupancy maps as the paper adapts them (shared seed 002, section
IV): a grid of probabilities summing to one, zero on every square already known
(walls, floor, corridors, rock seen). Each time something new is seen, the grid
is diffused once::

    P'(n) = (1 - λ) P(n) + λ/8 Σ P(n')   over the eight neighbours n'

so the zero of known space seeps into the unknown near it, and frontiers that
open onto well-explored surroundings lose value. Off-map neighbours count as a
fixed low probability (``border`` times a pristine square's share), so the map's
edges, where rooms never are, seep inward too. Known squares are set back to
zero and the grid renormalised after every step. Nothing changes while the
player walks through known space (the paper's "only diffuse when something new
is seen" schedule, the opposite of Isla's).

``local_radius`` (the paper's future work, "local diffusion") limits each
diffusion to squares within that many steps of what was newly seen; 0 diffuses
the whole map as the paper did.

Thresholds are relative: a square is "high" when its probability is at least
``threshold`` times the map's highest, so a threshold in [0, 1] means the same
early and late in the level (the paper gives thresholds of 0.15 and 0.5 without
saying what they are relative to; an absolute 0.15 on a grid of 1,680 squares
summing to one would exclude every square).
"""

from __future__ import annotations

import attrs
import numpy as np

from ._map import COLUMNS, ROWS, STEPS, _shift, dilate


@attrs.frozen(eq=False)
class Occupancy:
    """One snapshot of the occupancy map (read-only array) for the blackboard."""

    p: np.ndarray
    #: Probability of an unknown square if all unknown squares were equal.
    uniform: float
    #: How many times it has been diffused.
    diffusions: int

    def high(self, threshold: float) -> np.ndarray:
        """Squares at or above ``threshold`` (relative, see the module docstring)."""
        top = float(self.p.max())
        return self.p >= threshold * top if top > 0 else np.zeros(self.p.shape, dtype=bool)


class OccupancyMap:
    """The mutable map one explorer keeps."""

    def __init__(self, *, diffusion: float = 1.0, border: float = 0.75,
                 local_radius: int = 0) -> None:
        if not 0.0 <= diffusion <= 1.0:
            raise ValueError(f"diffusion must be in [0, 1], got {diffusion}")
        if not 0.0 <= border <= 1.0:
            raise ValueError(f"border must be in [0, 1], got {border}")
        self.diffusion = diffusion
        self.border = border
        self.local_radius = local_radius
        self.p = np.full((ROWS, COLUMNS), 1.0 / (ROWS * COLUMNS))
        self.diffusions = 0
        self.uniform = 1.0 / (ROWS * COLUMNS)

    def update(self, known: np.ndarray, new: np.ndarray | None = None) -> Occupancy:
        """Zero what is known, renormalise, diffuse once, zero and renormalise again.

        Call it only when something new was seen; ``new`` (the newly known squares)
        is needed for local diffusion.
        """
        p = self.p
        p[known] = 0.0
        self._normalise(known)
        if self.diffusion > 0:
            lam = self.diffusion
            border_value = self.border * self.uniform
            total = np.zeros_like(p)
            for dr, dc in STEPS:
                total += _shift(p, dr, dc, border_value)
            diffused = (1.0 - lam) * p + (lam / 8.0) * total
            if self.local_radius > 0 and new is not None:
                near = dilate(new, self.local_radius)
                p[near] = diffused[near]
            else:
                p[:] = diffused
            p[known] = 0.0
            self._normalise(known)
            self.diffusions += 1
        return self.snapshot()

    def _normalise(self, known: np.ndarray) -> None:
        total = self.p.sum()
        unknown = int((~known).sum())
        self.uniform = 1.0 / unknown if unknown else 0.0
        if total > 0:
            self.p /= total

    def snapshot(self) -> Occupancy:
        p = self.p.copy()
        p.setflags(write=False)
        return Occupancy(p=p, uniform=self.uniform, diffusions=self.diffusions)
