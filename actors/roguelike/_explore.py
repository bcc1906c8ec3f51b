"""Breadth-first walking on a screen map: toward unexplored places and stairs.

The map is the screen's rows (``map_top`` is the screen row of the first map row);
positions are screen (row, column) pairs, as the games' views give them. A cell is
*frontier* when the hero can stand on it, has not stood on it, and touches a blank
(unknown) cell: walking there shows more of the level. That is the greedy
frontier rule the exploration paper (shared seed 002) measures against; the
occupancy-map explorer is a later, separate piece of work.
"""

from __future__ import annotations

from collections import deque

import attrs

#: vi keys by (row step, column step), as both Rogue and NetHack (!number_pad) use.
DIRECTIONS: dict[tuple[int, int], str] = {
    (0, -1): "h", (1, 0): "j", (-1, 0): "k", (0, 1): "l",
    (-1, -1): "y", (-1, 1): "u", (1, -1): "b", (1, 1): "n",
}


@attrs.frozen
class DungeonGeometry:
    """A game's map symbols: what can be walked on, doors, stairs."""

    passable: frozenset[str]
    #: Cells that may not be entered or left diagonally.
    doors: frozenset[str]
    stairs: str
    #: Rogue refuses a diagonal step past a corner of rock; NetHack allows it.
    diagonal_needs_open_corners: bool = False


@attrs.frozen
class DungeonMemory:
    """What the agent remembers of the current level (immutable, for the board)."""

    level: int
    player: tuple[int, int] | None
    visited: frozenset[tuple[int, int]] = frozenset()
    blocked: frozenset[tuple[tuple[int, int], tuple[int, int]]] = frozenset()
    stairs: tuple[int, int] | None = None
    #: Decisions taken on this level.
    steps: int = 0


class Explorer:
    """Remembers a level as the hero walks it (fed one map view at a time)."""

    def __init__(self, geometry: DungeonGeometry) -> None:
        self.geometry = geometry
        self.memory = DungeonMemory(level=0, player=None)

    def update(self, level: int, player: tuple[int, int] | None,
               rows: tuple[str, ...], map_top: int) -> DungeonMemory:
        m = self.memory
        if level != m.level:
            m = DungeonMemory(level=level, player=None)
        visited, blocked, stairs = m.visited, m.blocked, m.stairs
        if player is not None:
            visited = visited | {player}
        for r, row in enumerate(rows):
            c = row.find(self.geometry.stairs)
            if c >= 0:
                stairs = (r + map_top, c)
        self.memory = attrs.evolve(m, player=player, visited=visited, blocked=blocked,
                                   stairs=stairs, steps=m.steps + 1)
        return self.memory


def _cell(rows: tuple[str, ...], map_top: int, pos: tuple[int, int]) -> str:
    r, c = pos[0] - map_top, pos[1]
    if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
        return rows[r][c]
    return " "


def step_towards(
    rows: tuple[str, ...], map_top: int, start: tuple[int, int], geometry: DungeonGeometry,
    memory: DungeonMemory, *, goal: str,
) -> tuple[str, tuple[int, int]] | None:
    """The first step (key, next cell) of a shortest walk to the nearest goal.

    ``goal`` is ``"frontier"`` (an unvisited walkable cell next to the unknown) or
    ``"stairs"`` (the remembered stairs). None if no goal can be reached.
    """
    passable, doors = geometry.passable, geometry.doors
    blocked = memory.blocked

    def is_goal(pos: tuple[int, int]) -> bool:
        if goal == "stairs":
            return pos == memory.stairs
        if pos in memory.visited:
            return False
        return any(
            _cell(rows, map_top, (pos[0] + dr, pos[1] + dc)) == " "
            for dr, dc in DIRECTIONS
        )

    first: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        if pos != start and is_goal(pos):
            while first[pos] != start and first[pos] is not None:
                pos = first[pos]  # type: ignore[assignment]
            step = (pos[0] - start[0], pos[1] - start[1])
            return DIRECTIONS[step], pos
        here = _cell(rows, map_top, pos)
        for (dr, dc), _key in DIRECTIONS.items():
            nxt = (pos[0] + dr, pos[1] + dc)
            if nxt in first or (pos, nxt) in blocked:
                continue
            there = _cell(rows, map_top, nxt)
            if there not in passable and not (goal == "stairs" and nxt == memory.stairs):
                continue
            if dr and dc and (here in doors or there in doors):
                continue
            if dr and dc and geometry.diagonal_needs_open_corners and (
                _cell(rows, map_top, (pos[0] + dr, pos[1])) not in passable
                or _cell(rows, map_top, (pos[0], pos[1] + dc)) not in passable
            ):
                continue
            first[nxt] = pos
            queue.append(nxt)
    return None
