"""Level statistics, to hold the generator against real NetHack level 1.

:func:`level_stats` measures one level; :func:`summarize` averages many. The
same measures are taken of real NetHack 3.6 levels (read from the game's own
wizard-mode terrain dump, see ``bench/dungeon_levels.py``) through
:func:`grid_stats`, which needs nothing but the grid of terrain kinds, so both
sides are counted by the same code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import numpy as np

from ._game import secret_rooms
from ._level import Level
from ._terrain import ROOM_FLOOR, Terrain


@attrs.frozen
class LevelStats:
    """What one level is made of."""

    rooms: int
    vault: bool
    doors: int
    hidden_doors: int
    hidden_corridors: int
    corridor_squares: int
    #: Rooms that can't be reached from the start without finding a hidden square
    #: (None when not known, as for levels read from a terrain dump).
    secret_rooms: int | None = None

    @property
    def hidden_spots(self) -> int:
        return self.hidden_doors + self.hidden_corridors


def grid_stats(terrain: np.ndarray) -> LevelStats:
    """Count rooms, doors and hidden squares in a grid of :class:`Terrain` values.

    A room is a 4-connected patch of floor; a 2x2 patch with no door or hidden
    door in its walls is the vault, and is not counted as a room.
    """
    floor = np.isin(terrain, [int(k) for k in ROOM_FLOOR])
    rows, cols = terrain.shape
    label = np.zeros(terrain.shape, dtype=np.int32)
    rooms = 0
    vault = False
    for r in range(rows):
        for c in range(cols):
            if not floor[r, c] or label[r, c]:
                continue
            rooms += 1
            stack = [(r, c)]
            label[r, c] = rooms
            cells = []
            while stack:
                y, x = stack.pop()
                cells.append((y, x))
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < rows and 0 <= nx < cols and floor[ny, nx] and not label[ny, nx]:
                        label[ny, nx] = rooms
                        stack.append((ny, nx))
            ys = [y for y, _ in cells]
            xs = [x for _, x in cells]
            top, bottom, left, right = min(ys), max(ys), min(xs), max(xs)
            walls = terrain[max(top - 1, 0):bottom + 2, max(left - 1, 0):right + 2]
            doorless = not np.isin(walls, [int(Terrain.DOOR), int(Terrain.SDOOR)]).any()
            if len(cells) == 4 and bottom - top == 1 and right - left == 1 and doorless:
                rooms -= 1
                vault = True
    return LevelStats(
        rooms=rooms,
        vault=vault,
        doors=int(np.isin(terrain, [int(Terrain.DOOR), int(Terrain.SDOOR)]).sum()),
        hidden_doors=int((terrain == Terrain.SDOOR).sum()),
        hidden_corridors=int((terrain == Terrain.SCORR).sum()),
        corridor_squares=int(np.isin(terrain, [int(Terrain.CORRIDOR), int(Terrain.SCORR)]).sum()),
    )


def level_stats(level: Level) -> LevelStats:
    """:func:`grid_stats` of a generated level, with its secret rooms counted."""
    stats = grid_stats(np.asarray(level.terrain))
    return attrs.evolve(stats, secret_rooms=len(secret_rooms(level)))


@attrs.frozen
class StatsSummary:
    """Means (and standard deviations) of :class:`LevelStats` over many levels."""

    levels: int
    rooms: float
    rooms_sd: float
    rooms_min: int
    rooms_max: int
    doors: float
    hidden_doors: float
    hidden_corridors: float
    hidden_spots: float
    hidden_spots_sd: float
    corridor_squares: float
    vault_share: float
    #: Share of levels with at least one secret room (None if not known).
    secret_room_share: float | None

    def rows(self) -> Sequence[tuple[str, str]]:
        """(measure, value) lines for a table."""
        lines = [
            ("levels", f"{self.levels}"),
            ("rooms per level", f"{self.rooms:.2f} ± {self.rooms_sd:.2f} "
                                f"({self.rooms_min}-{self.rooms_max})"),
            ("doors (incl. hidden)", f"{self.doors:.1f}"),
            ("hidden doors", f"{self.hidden_doors:.2f}"),
            ("hidden corridor squares", f"{self.hidden_corridors:.2f}"),
            ("hidden spots", f"{self.hidden_spots:.2f} ± {self.hidden_spots_sd:.2f}"),
            ("corridor squares", f"{self.corridor_squares:.1f}"),
            ("levels with a vault", f"{self.vault_share:.0%}"),
        ]
        if self.secret_room_share is not None:
            lines.append(("levels with a secret room", f"{self.secret_room_share:.0%}"))
        return lines


def summarize(stats: Iterable[LevelStats]) -> StatsSummary:
    items = list(stats)
    if not items:
        raise ValueError("no levels to summarize; pass at least one LevelStats")
    rooms = np.array([s.rooms for s in items], dtype=float)
    hidden = np.array([s.hidden_spots for s in items], dtype=float)
    secret = [s.secret_rooms for s in items]
    known = [s for s in secret if s is not None]
    return StatsSummary(
        levels=len(items),
        rooms=float(rooms.mean()),
        rooms_sd=float(rooms.std()),
        rooms_min=int(rooms.min()),
        rooms_max=int(rooms.max()),
        doors=float(np.mean([s.doors for s in items])),
        hidden_doors=float(np.mean([s.hidden_doors for s in items])),
        hidden_corridors=float(np.mean([s.hidden_corridors for s in items])),
        hidden_spots=float(hidden.mean()),
        hidden_spots_sd=float(hidden.std()),
        corridor_squares=float(np.mean([s.corridor_squares for s in items])),
        vault_share=float(np.mean([s.vault for s in items])),
        secret_room_share=(float(np.mean([k > 0 for k in known]))
                           if len(known) == len(items) else None),
    )
