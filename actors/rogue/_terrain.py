"""The terrain map: the current level's squares, remembered as the hero walks.

Rogue forgets what it draws: the floor of a dark room disappears once the hero
leaves it, a monster hides the square it stands on. The terrain map keeps the
last terrain seen on each square (a monster's or object's square counts as floor
or passage until seen bare), the squares stood on, searches made (a square where
the hero stood still with nothing to say was searched or rested on: both search
in Rogue), traps, doors, the stairs, and passage dead ends. A new dungeon level
(the status line's ``Level:``) starts a fresh map.
"""

from __future__ import annotations

from runtime import Activation

from ._facts import Events, Sensed, Terrain
from ._gated import GatedSource
from ._grid import COLS, ROWS, SOLID, TOP, Pos, index

TERRAIN = frozenset(".#+%^-|")
#: Rogue's message for a rust trap sprung.
GUSH = "a gush of water"
WALKABLE = frozenset(".#+%^")
BLANK_ROWS = tuple(" " * COLS for _ in range(ROWS))


def _guess(rows: list[list[str]], pos: Pos) -> str:
    """The terrain under something that hides it: passage if only passages touch it."""
    r, c = pos[0] - TOP, pos[1]
    around = [rows[r + dr][c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if 0 <= r + dr < ROWS and 0 <= c + dc < COLS]
    if "#" in around and "." not in around and "-" not in around and "|" not in around:
        return "#"
    return "."


def is_dead_end(rows: list[list[str]] | tuple[str, ...], pos: Pos) -> bool:
    """A passage square with a single way on, counted square by square in the four
    straight directions.

    Rogue digs passages in straight steps, so that is how they join. Counting the
    diagonals too missed the commonest hiding place of a secret door: one square of
    passage out of it before the passage turns. That square touches two squares of
    the passage it turns into (dungeon 250 of 1.23 starved on level 8 beside one,
    never searched).
    """
    r, c = pos
    if rows[r - TOP][c] != "#":
        return False
    ways = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r - TOP + dr, c + dc
        if 0 <= rr < len(rows) and 0 <= cc < len(rows[rr]) and rows[rr][cc] in WALKABLE:
            ways += 1
    return ways <= 1


def update(previous: Terrain | None, sensed: Sensed, quiet: bool,
           no_stairs: bool = False, rust_trap: Pos | None = None) -> Terrain:
    """``previous`` brought up to date with one screen.

    ``quiet``: nothing happened this turn (no message), so standing still was a search.
    ``no_stairs``: Rogue said "I see no way down" where we thought the stairs were.
    ``rust_trap``: a trap found to rust armor (:class:`TerrainMap` tells where).
    """
    level = sensed.status.level if sensed.status is not None else 0
    if previous is None or previous.level != level:
        previous = Terrain(level=level, rows=BLANK_ROWS)
    rows = [list(row) for row in previous.rows]
    stairs, traps, doors = previous.stairs, set(previous.traps), set(previous.doors)
    rust_traps = previous.rust_traps
    if rust_trap is not None:
        traps.add(rust_trap)
        rust_traps = rust_traps | {rust_trap}
    if no_stairs and stairs is not None:
        rows[stairs[0] - TOP][stairs[1]] = "."
        stairs = None
    for r, line in enumerate(sensed.rows[:ROWS]):
        row = rows[r]
        for c, ch in enumerate(line[:COLS]):
            if ch == " ":
                continue
            if ch in TERRAIN:
                row[c] = ch
                if ch == "%":
                    stairs = (r + TOP, c)
                elif ch == "^":
                    traps.add((r + TOP, c))
                elif ch == "+":
                    doors.add((r + TOP, c))
            elif row[c] == " " or row[c] in SOLID:
                row[c] = _guess(rows, (r + TOP, c))
    visited = previous.visited
    searched = previous.searched
    player = sensed.player
    if player is not None:
        if player in visited and quiet and sensed.kind == "map":
            buf = bytearray(searched)
            i = index(player)
            buf[i] = min(255, buf[i] + 1)
            searched = bytes(buf)
        visited = visited | {player}
    dead = frozenset(p for p in visited if is_dead_end(rows, p))
    return Terrain(
        level=level, rows=tuple("".join(row) for row in rows), visited=visited,
        searched=searched, stairs=stairs, traps=frozenset(traps), rust_traps=rust_traps,
        doors=frozenset(doors), dead_ends=dead, turns=previous.turns + 1,
    )


class TerrainMap(GatedSource):
    """Keeps the terrain map (``sensed`` and ``events`` to ``terrain``).

    Rogue writes a trap's message before it moves the hero onto the trap, so the
    screen with "a gush of water" still shows him where he stood; the first screen
    after it with no ``--More--`` pending shows him on the rust trap.
    """

    name = "terrain"
    reads = frozenset({"sensed", "events"})
    writes = frozenset({"terrain"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.terrain: Terrain | None = None
        self._last_player: Pos | None = None
        #: The level of a rust trap sprung whose square is not yet known.
        self._gushed: int | None = None

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        if sensed is None or not sensed.rows:
            return
        events: Events | None = activation.read("events")
        quiet = not sensed.message and not (events and events.events)
        stayed = sensed.player is not None and sensed.player == self._last_player
        no_stairs = events is not None and "no_stairs" in events.kinds()
        level = sensed.status.level if sensed.status is not None else 0
        if events is not None and "trap" in events.kinds() and GUSH in sensed.message.lower():
            self._gushed = level
        rust_trap = None
        if (self._gushed == level and not sensed.more and sensed.kind == "map"
                and sensed.player is not None):
            rust_trap, self._gushed = sensed.player, None
        self.terrain = update(self.terrain, sensed, quiet and stayed, no_stairs, rust_trap)
        self._last_player = sensed.player
        await activation.write("terrain", self.terrain)
