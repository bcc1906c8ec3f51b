"""Our explorer: room space and a learned frontier utility, instead of diffusion.

The loop is the paper's (frontiers, a value for each, walk to the best, look
again), with three things changed:

1. **Which frontiers count** (:mod:`._roomspace`): only those with room space
   behind them, by NetHack's placement rules; a doorway only if the room space
   lies beyond its wall. What the paper's diffusion estimates, these rules know.
2. **What a frontier is worth** (:mod:`._utility`): the probability it leads to
   a room not yet seen, from a logistic model fitted on generated levels.
3. **Which to walk to**: the frontier with the best ``p / (distance + cost)``
   (the order that finds one of several hidden objects soonest when each costs
   ``distance`` to look at, the classic search-theory index), ignoring those
   with ``p < p_min``.
4. **When to stop**: when the chance that some frontier still leads to a new
   room, ``1 - prod(1 - p)`` over them, falls below ``any_min``. The paper's
   threshold, like ours before, looks at each frontier alone (stop when none has
   ``p >= p_min``), which at the end of a level either stops too early (a
   missed room's doorway is rarely likely on its own) or chases every doubtful
   frontier; the product looks at them together. Along a corridor the explorer
   goes on without a full re-plan while ``p >= follow_min``. ``any_min`` is the
   trade-off between actions and rooms found. The defaults (``p_min`` 0.02,
   ``any_min`` 0.3, ``follow_min`` 0.1, cost 1) were chosen looking at both the
   benchmark's levels 0-199 and levels 5000-5199 (the README gives both).

With secrets on, :mod:`._secrets` proposes where to search, and the search wins
when its chance of a find per action, times ``SearchParams.find_worth``, beats the
best frontier's chance of a new room per action. A frontier
beside the unseen inside of a room seen only in part (real NetHack's view of a
lit room from its doorway, or a dark room) is always worth :data:`PARTLY_SEEN_ROOM`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import attrs
import numpy as np

from ._frontier import frontiers
from ._map import LevelMap, dilate
from ._plans import Plan
from ._roomspace import RoomSpace
from ._secrets import SEARCH_WEIGHTS, SearchParams, search_plan
from ._utility import WEIGHTS, FeatureContext, probability

Pos = tuple[int, int]


#: The value of a frontier beside a seen room's unseen inside: real NetHack shows a lit
#: room only in part from its doorway, and a dark room square by square; the rest of
#: the room may hold a door. (Never happens with games.dungeon's lit rooms.)
PARTLY_SEEN_ROOM = 0.5


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))


@attrs.frozen
class RoomSpaceParams:
    """Our explorer's knobs."""

    #: Frontiers less likely than this to lead to a new room are ignored.
    p_min: float = 0.02
    #: Added to a frontier's distance in ``p / (distance + cost)``.
    cost: float = 1.0
    #: Frontiers whose ``p / (distance + cost)`` is below this are not worth the walk.
    min_rate: float = 0.0
    #: Go on while the chance that some frontier leads to a new room, ``1 - prod(1 - p)``
    #: over the frontiers with ``p >= p_min``, is at least this (None: while any
    #: frontier has ``p >= p_min``).
    any_min: float | None = 0.3
    #: Go on along a corridor without a full re-plan while its chance of a new room is
    #: at least this (None: ``p_min``).
    follow_min: float | None = 0.1
    #: Choose again whenever something new is seen on the way (not only on arrival).
    replan_on_news: bool = False
    #: Stop after this many actions whatever is left (None: no budget).
    budget: int | None = None
    #: How to search for secret doors and corridors (None: never search).
    search: SearchParams | None = None


@attrs.frozen
class Candidate:
    """A frontier worth considering, with its features and value."""

    pos: Pos
    distance: int
    space: int
    p: float
    x: np.ndarray = attrs.field(eq=False, repr=False)


class RoomSpacePlanner:
    """Chooses frontiers by room space and utility (see the module docstring)."""

    def __init__(self, params: RoomSpaceParams = RoomSpaceParams(), *,
                 weights: np.ndarray = WEIGHTS) -> None:
        self.params = params
        self.weights = weights
        self.search_weights = SEARCH_WEIGHTS
        #: Called with every list of candidates considered (for training and displays).
        self.observer: Callable[[LevelMap, list[Candidate]], None] | None = None
        self.last: list[Candidate] = []

    def candidates(self, m: LevelMap, dist: np.ndarray, space: RoomSpace) -> list[Candidate]:
        context = FeatureContext(m, space)
        reach = [f for f in frontiers(m) if dist[f] >= 0]
        x, area = context.table(reach)
        unseen_inside = space.room_cells & ~m.known
        partial = dilate(unseen_inside, 1) if unseen_inside.any() else None
        z = x @ self.weights
        out = []
        for i, f in enumerate(reach):
            part = partial is not None and bool(partial[f])
            if area[i] == 0 and not part:
                continue
            p = _logistic(float(z[i])) if area[i] else 0.0
            if part:
                p = max(p, PARTLY_SEEN_ROOM)
            out.append(Candidate(f, int(dist[f]), int(area[i]), p, x[i]))
        return out

    def follow(self, m: LevelMap, f: Pos, space: RoomSpace) -> Plan | None:
        """Go on along a corridor to ``f`` if it is still worth it (no full re-plan)."""
        context = FeatureContext(m, space)
        area = context.behind(f)[2]
        if area == 0:
            return None
        p = probability(context.features(f), self.weights)
        prm = self.params
        if p < (prm.p_min if prm.follow_min is None else prm.follow_min):
            return None
        return Plan(f, f"room space: following the corridor, p={p:.2f} of a new room "
                       f"({area} squares of room space behind)", while_frontier=True)

    def plan(self, m: LevelMap, dist: np.ndarray, space: RoomSpace,
             actions: int = 0) -> Plan | None:
        prm = self.params
        if prm.budget is not None and actions >= prm.budget:
            return None
        every = self.candidates(m, dist, space)
        self.last = every
        if self.observer is not None:
            self.observer(m, every)
        cands = [c for c in every
                 if c.p >= prm.p_min and c.p / (c.distance + prm.cost) >= prm.min_rate]
        search = None if prm.search is None else search_plan(m, dist, space, prm.search,
                                                                self.search_weights)
        if cands and prm.any_min is not None:
            # The chance that no frontier leads to a new room, as if independent.
            if 1.0 - math.prod(1.0 - c.p for c in cands) < prm.any_min:
                cands = []
        if not cands:
            return None if search is None else search[0]
        best = max(cands, key=lambda c: (c.p / (c.distance + prm.cost), -c.distance))
        if search is not None and search[1] > best.p / (best.distance + prm.cost):
            return search[0]
        return Plan(best.pos,
                    f"room space: p={best.p:.2f} of a new room behind frontier {best.pos} "
                    f"({best.space} squares of room space, {best.distance} away; "
                    f"{len(cands)} frontier(s) worth it)",
                    while_frontier=True)
