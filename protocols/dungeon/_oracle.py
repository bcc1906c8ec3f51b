"""The ground truth, packed for the one planner allowed to see it: the optimal tour."""

from __future__ import annotations

from games.dungeon import DoorState, Level, Terrain, generate

from ._messages import FullMap


def full_map_of(level: Level) -> FullMap:
    """Everything about ``level`` a full-knowledge route planner needs."""
    intact = tuple(pos for pos, state in level.doors
                   if state is not DoorState.NONE or level.at(pos) is Terrain.SDOOR)
    rooms = tuple((r.top, r.left, r.bottom, r.right) for r in level.explorable_rooms)
    return FullMap(rows=level.render(reveal=True), intact_doors=intact, rooms=rooms,
                   start=level.start)


def full_map(seed: int, *, secrets: bool = False) -> FullMap:
    """The full map of the level ``DungeonAdapter(seed, secrets=secrets)`` hosts."""
    return full_map_of(generate(seed, secrets=secrets))
