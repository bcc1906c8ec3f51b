"""The paper's two explorers, as it describes them (shared seed 002, section IV).

**Greedy**: always walk to the closest frontier; stop when none is left. With
``searches_per_wall`` > 0 it also looks for secrets the paper's way: on entering
a room, search each of its walls that many times (from the spot beside the most
unsearched wall squares, nearest wall first), and search that many times at
every corridor dead end.

**Occupancy map** (Fig. 4): take the frontiers that have a high-probability
neighbour, the components of high probability that have such a frontier beside
them (Fig. 5), score each component by ``norm_prob + alpha * (1 - norm_dist)``
where ``norm_prob`` is its share of the probability and ``norm_dist`` is the
distance to it (walking distance to its nearest frontier plus the Manhattan
distance on to the component) over the sum of those distances for all
frontiers, and walk to the best one's frontier. Stop when no frontier or
component is left. With secrets, components without a frontier ("hidden") are
scored too, through a wall or dead end beside them chosen by
``norm_count + sigma * norm_dist`` (searches already made there, and distance);
the explorer walks beside that wall and searches ``searches_per_spot`` times. A
spot searched ``max_searches`` times is given up.
"""

from __future__ import annotations

import attrs
import numpy as np

from ._frontier import Component, components, frontiers, useful_frontiers
from ._geometry import dead_ends, door_walls, room_at, rooms
from ._map import COLUMNS, ROWS, STEPS, LevelMap
from ._occupancy import Occupancy
from ._plans import Plan

Pos = tuple[int, int]


@attrs.frozen
class GreedyParams:
    """The greedy explorer's one knob: searches per wall square and dead end (0: none)."""

    searches_per_wall: int = 0


@attrs.frozen
class OccupancyParams:
    """The occupancy-map explorer's parameters (the paper's names in comments).

    Defaults are the paper's fastest exhaustive model (section V).
    """

    diffusion: float = 1.0          # diffusion factor (lambda)
    alpha: float = 0.75             # distance importance
    border: float = 0.75            # border diffusion (smaller diffuses more)
    min_room_size: int = 7          # minimum component size
    min_neighbours: int = 4         # DFS minimum neighbours
    threshold: float = 0.15         # probability threshold
    vary_threshold: bool = False    # raise the threshold as the map is uncovered
    radius: int = 0                 # frontier radius
    #: Local diffusion radius (0: the paper's global diffusion).
    local_radius: int = 0
    # -- secret doors and corridors (searches_per_spot 0: off) --
    searches_per_spot: int = 0      # searches per selected wall before re-evaluating
    max_searches: int = 15          # searches after which a wall is given up
    sigma: float = 1.0              # wall distance factor
    max_wall_distance: int = 8      # max Manhattan distance from wall to component

    def threshold_for(self, m: LevelMap) -> float:
        if not self.vary_threshold:
            return self.threshold
        return self.threshold * (1.0 + float(m.known.mean()))


def _nearest(dist: np.ndarray, candidates: list[Pos]) -> Pos | None:
    best = None
    for pos in candidates:
        d = dist[pos]
        if d >= 0 and (best is None or d < best[0]):
            best = (int(d), pos)
    return None if best is None else best[1]


def _stand_beside(m: LevelMap, dist: np.ndarray, spot: Pos,
                  wanted: np.ndarray | None = None) -> tuple[Pos, int] | None:
    """The reachable square next to ``spot`` to search from: nearest, then beside most wanted."""
    best = None
    r, c = spot
    for dr, dc in STEPS:
        pos = (r + dr, c + dc)
        if not (0 <= pos[0] < ROWS and 0 <= pos[1] < COLUMNS) or dist[pos] < 0:
            continue
        cover = 0
        if wanted is not None:
            cover = int(wanted[max(pos[0] - 1, 0):pos[0] + 2, max(pos[1] - 1, 0):pos[1] + 2].sum())
        key = (int(dist[pos]), -cover)
        if best is None or key < best[0]:
            best = (key, pos)
    if best is None:
        return None
    return best[1], best[0][0]


class GreedyPlanner:
    """The paper's greedy baseline (with its secret-searching variant)."""

    def __init__(self, params: GreedyParams = GreedyParams()) -> None:
        self.params = params

    def __call__(self, m: LevelMap, dist: np.ndarray) -> Plan | None:
        n = self.params.searches_per_wall
        if n > 0:
            plan = self._search_here(m, dist, n)
            if plan is not None:
                return plan
        fronts = [f for f in frontiers(m) if dist[f] >= 0]
        target = _nearest(dist, fronts)
        if target is not None:
            return Plan(target, f"greedy: nearest frontier {target} ({dist[target]} away)",
                        while_frontier=True)
        if n > 0:
            return self._search_anywhere(m, dist, n)
        return None

    def _walls_to_search(self, m: LevelMap, n: int, room_walls: list[Pos]) -> np.ndarray:
        wanted = np.zeros((ROWS, COLUMNS), dtype=bool)
        candidates = door_walls(m)
        for pos in room_walls:
            if candidates[pos] and m.searched[pos] < n:
                wanted[pos] = True
        return wanted

    def _room_search(self, m: LevelMap, dist: np.ndarray, n: int, room) -> Plan | None:
        wanted = self._walls_to_search(m, n, room.wall_ring())
        if not wanted.any():
            return None
        walls = [(int(r), int(c)) for r, c in zip(*np.nonzero(wanted), strict=True)]
        best = None
        for wall in walls:
            stand = _stand_beside(m, dist, wall, wanted)
            if stand is not None and room.within_walls(stand[0]) and (
                    best is None or stand[1] < best[1][1]):
                best = (wall, stand)
        if best is None:
            return None
        wall, (pos, _) = best
        return Plan(pos, f"greedy: searching the walls of the room at {room.top},{room.left} "
                         f"(wall {wall} searched {m.searched[wall]} of {n})",
                    searches=n - int(m.searched[wall]))

    def _search_here(self, m: LevelMap, dist: np.ndarray, n: int) -> Plan | None:
        room = room_at(m, m.player)
        if room is not None:
            plan = self._room_search(m, dist, n, room)
            if plan is not None:
                return plan
        if dead_ends(m)[m.player] and m.searches_here[m.player] < n:
            return Plan(m.player, f"greedy: searching the dead end at {m.player}",
                        searches=n - int(m.searches_here[m.player]))
        return None

    def _search_anywhere(self, m: LevelMap, dist: np.ndarray, n: int) -> Plan | None:
        ends = [(int(r), int(c)) for r, c in zip(*np.nonzero(dead_ends(m)), strict=True)
                if m.searches_here[r, c] < n]
        plans = []
        for room in rooms(m):
            plan = self._room_search(m, dist, n, room)
            if plan is not None:
                plans.append(plan)
        for end in ends:
            if dist[end] >= 0:
                plans.append(Plan(end, f"greedy: searching the dead end at {end}",
                                  searches=n - int(m.searches_here[end])))
        if not plans:
            return None
        return min(plans, key=lambda p: dist[p.target])


@attrs.frozen
class Choice:
    """One scored component: the frontier (or wall) it is reached through."""

    component: Component
    via: Pos
    stand: Pos
    distance: int
    norm_prob: float
    norm_dist: float
    score: float
    hidden: bool


class OccupancyPlanner:
    """The paper's occupancy-map explorer (with its secret-searching variant)."""

    def __init__(self, params: OccupancyParams = OccupancyParams()) -> None:
        self.params = params
        self.last_choices: tuple[Choice, ...] = ()

    def plan(self, m: LevelMap, dist: np.ndarray, occ: Occupancy) -> Plan | None:
        prm = self.params
        secrets = prm.searches_per_spot > 0
        threshold = prm.threshold_for(m)
        high = occ.high(threshold) & ~m.known
        fronts = tuple(f for f in frontiers(m) if dist[f] >= 0)
        useful = useful_frontiers(fronts, high, prm.radius)
        comps = components(occ.p, high, useful, min_neighbours=prm.min_neighbours,
                           min_size=prm.min_room_size, radius=prm.radius,
                           keep_hidden=secrets)
        total = float(occ.p.sum()) or 1.0
        choices: list[Choice] = []
        walls = self._search_spots(m) if secrets else []
        for comp in comps:
            if comp.frontiers:
                choice = self._via_frontier(comp, useful, dist, total)
            else:
                choice = self._via_wall(comp, walls, m, dist, total)
            if choice is not None:
                choices.append(choice)
        self.last_choices = tuple(sorted(choices, key=lambda c: -c.score))
        if not choices:
            return None
        best = self.last_choices[0]
        size = best.component.size
        if best.hidden:
            return Plan(best.stand,
                        f"occupancy: hidden component of {size} squares "
                        f"(p {best.norm_prob:.2f}, d {best.distance}) — search by wall {best.via}",
                        searches=prm.searches_per_spot)
        return Plan(best.via,
                    f"occupancy: component of {size} squares (p {best.norm_prob:.2f}, "
                    f"d {best.distance}, score {best.score:.2f}) via frontier {best.via}",
                    while_frontier=True)

    def _via_frontier(self, comp: Component, useful: tuple[Pos, ...], dist: np.ndarray,
                      total: float) -> Choice | None:
        # Match the component to the useful frontier nearest to it (Manhattan).
        ds = []
        for f in useful:
            gap = comp.manhattan_to(f)
            ds.append((gap, int(dist[f]) + gap, f))
        if not ds:
            return None
        gap, d, f = min(ds)
        norm_dist = d / (sum(x[1] for x in ds) or 1)
        norm_prob = comp.mass / total
        score = norm_prob + self.params.alpha * (1.0 - norm_dist)
        return Choice(comp, f, f, d, norm_prob, norm_dist, score, hidden=False)

    def _search_spots(self, m: LevelMap) -> list[Pos]:
        spots = door_walls(m) | dead_ends(m)
        spots &= m.searched < self.params.max_searches
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(spots), strict=True)]

    def _via_wall(self, comp: Component, walls: list[Pos], m: LevelMap, dist: np.ndarray,
                  total: float) -> Choice | None:
        prm = self.params
        options = []
        for wall in walls:
            gap = comp.manhattan_to(wall)
            if gap > prm.max_wall_distance:
                continue
            if m.passable[wall]:  # a dead end: search standing on it
                if dist[wall] < 0:
                    continue
                stand, d0 = wall, int(dist[wall])
            else:
                beside = _stand_beside(m, dist, wall)
                if beside is None:
                    continue
                stand, d0 = beside
            options.append((wall, stand, d0 + gap, int(m.searched[wall])))
        if not options:
            return None
        sum_d = sum(o[2] for o in options) or 1
        sum_n = sum(o[3] for o in options) or 1
        wall, stand, d, _ = min(options, key=lambda o: o[3] / sum_n + prm.sigma * o[2] / sum_d)
        norm_dist = d / sum_d
        norm_prob = comp.mass / total
        score = norm_prob + prm.alpha * (1.0 - norm_dist)
        return Choice(comp, wall, stand, d, norm_prob, norm_dist, score, hidden=True)
