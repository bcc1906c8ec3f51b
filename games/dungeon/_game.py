"""Playing a level: moves, searching, NetHack's field of view, and the referee's tally.

The player sees what a NetHack player sees (the paper's setting):

* the eight squares around it, always (in a corridor or a dark room, nothing more);
* standing on the floor or in a doorway of a lit room, the whole room with its
  walls and doorways. There is no peeking into a room from outside its door.

A hidden door looks like wall and a hidden corridor square like rock until a
search finds it. What has been seen is remembered, as NetHack's map does.

Moves follow NetHack 3.6: eight directions; no diagonal step into or out of a
doorway that holds a door (open or closed; an empty or broken doorway allows it);
walking into a closed door opens it, which takes the turn; walking into rock or
wall is refused and takes no time. Searching takes a turn and finds each hidden
square next to the player with chance 1/7 (``rnl(7)`` at Luck 0, no lenses).
"""

from __future__ import annotations

import enum
import random
from collections import deque

import attrs
import numpy as np

from ._level import Level, Pos, Room
from ._terrain import COLUMNS, ROOM_FLOOR, ROWS, DoorState, Terrain, symbol

#: Chance that one search finds one adjacent hidden square.
SEARCH_CHANCE = 1 / 7

#: vi-keys, as NetHack (without number_pad) reads them: (row step, column step).
MOVES: dict[str, tuple[int, int]] = {
    "h": (0, -1), "j": (1, 0), "k": (-1, 0), "l": (0, 1),
    "y": (-1, -1), "u": (-1, 1), "b": (1, -1), "n": (1, 1),
}
SEARCH = "s"


class IllegalActionError(ValueError):
    """An action the game does not know (it quotes the action)."""


class Outcome(enum.Enum):
    """What one action did."""

    MOVED = "moved"
    OPENED = "opened"
    SEARCHED = "searched"
    #: Refused: rock, wall, off the map, or diagonal through a door. Takes no time.
    BLOCKED = "blocked"


@attrs.frozen
class Tally:
    """The referee's count for a game so far (computed from ground truth)."""

    actions: int
    turns: int
    searches: int
    rooms: int
    rooms_explored: int
    secret_rooms: int
    secret_rooms_explored: int
    hidden_spots: int
    hidden_found: int
    squares_seen: int

    @property
    def room_fraction(self) -> float:
        return self.rooms_explored / self.rooms if self.rooms else 1.0

    @property
    def secret_room_fraction(self) -> float:
        """Secret rooms found; 1.0 on a level without any (the paper's convention)."""
        return self.secret_rooms_explored / self.secret_rooms if self.secret_rooms else 1.0

    @property
    def hidden_fraction(self) -> float:
        return self.hidden_found / self.hidden_spots if self.hidden_spots else 1.0


def reachable(terrain: np.ndarray, start: Pos, doors: dict[Pos, DoorState],
              *, through_hidden: bool = False) -> set[Pos]:
    """Squares a player could walk to from ``start`` (closed doors can be opened)."""
    walk = {int(Terrain.DOOR), int(Terrain.CORRIDOR), int(Terrain.FLOOR),
            int(Terrain.UPSTAIRS), int(Terrain.DOWNSTAIRS)}
    if through_hidden:
        walk |= {int(Terrain.SDOOR), int(Terrain.SCORR)}
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        here_door = _intact_door(terrain, doors, (r, c))
        for dr, dc in MOVES.values():
            nr, nc = r + dr, c + dc
            if not (0 <= nr < ROWS and 0 <= nc < COLUMNS) or (nr, nc) in seen:
                continue
            if int(terrain[nr, nc]) not in walk:
                continue
            if dr and dc and (here_door or _intact_door(terrain, doors, (nr, nc))):
                continue
            seen.add((nr, nc))
            queue.append((nr, nc))
    return seen


def _intact_door(terrain: np.ndarray, doors: dict[Pos, DoorState], pos: Pos) -> bool:
    kind = int(terrain[pos])
    if kind == Terrain.SDOOR:
        return True
    return kind == Terrain.DOOR and doors.get(pos, DoorState.NONE) is not DoorState.NONE


def secret_rooms(level: Level) -> tuple[Room, ...]:
    """Rooms not reachable from the start without finding a hidden square (the paper's)."""
    doors = dict(level.doors)
    open_ = reachable(level.terrain, level.start, doors)
    return tuple(room for room in level.explorable_rooms
                 if not any(pos in open_ for pos in room.floor()))


class Game:
    """One player on one level. Mutable; the level itself is never changed.

    ``seed`` drives the searches' luck only; the level comes from its own seed.
    """

    def __init__(self, level: Level, *, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.terrain = level.terrain.copy()
        self.doors: dict[Pos, DoorState] = dict(level.doors)
        self.player: Pos = level.start
        self.turns = 0
        self.actions = 0
        self.searches = 0
        self.message = ""
        self._lines = [[" "] * COLUMNS for _ in range(ROWS)]
        self._rows: tuple[str, ...] | None = None
        self.seen = np.zeros((ROWS, COLUMNS), dtype=bool)
        self.explored: set[int] = set()
        self._rooms = level.explorable_rooms
        self._secret = {level.rooms.index(room) for room in secret_rooms(level)}
        self._hidden = set(level.hidden_spots())
        self._found: set[Pos] = set()
        self._lit_seen: set[int] = set()
        self._look()

    # -- what the player sees -----------------------------------------------------------

    def _glyph(self, pos: Pos) -> str:
        kind = Terrain(int(self.terrain[pos]))
        return symbol(kind, self.doors.get(pos, DoorState.NONE), pos in self.level.horizontal)

    def _see(self, pos: Pos) -> None:
        self.seen[pos] = True
        glyph = self._glyph(pos)
        line = self._lines[pos[0]]
        if line[pos[1]] != glyph:
            line[pos[1]] = glyph
            self._rows = None

    def _look(self) -> None:
        r, c = self.player
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if 0 <= nr < ROWS and 0 <= nc < COLUMNS:
                    self._see((nr, nc))
        for i, room in enumerate(self.level.rooms):
            if room.vault or not room.within_walls(self.player):
                continue
            self.explored.add(i)
            # A lit room is seen whole once; what changes in it later (a door opened,
            # a hidden door found) is drawn by the action that changes it.
            if room.lit and i not in self._lit_seen:
                self._lit_seen.add(i)
                for rr in range(room.top - 1, room.bottom + 2):
                    for cc in range(room.left - 1, room.right + 2):
                        self._see((rr, cc))

    def rows(self) -> tuple[str, ...]:
        """The remembered map as 21 lines of 80 characters (the player not drawn)."""
        if self._rows is None:
            self._rows = tuple("".join(line) for line in self._lines)
        return self._rows

    # -- acting -------------------------------------------------------------------------

    def act(self, action: str) -> Outcome:
        """Do one action: a vi-key move (``hjklyubn``) or ``s`` to search."""
        if action == SEARCH:
            self.actions += 1
            return self._search()
        step = MOVES.get(action)
        if step is None:
            raise IllegalActionError(
                f"unknown action {action!r}; expected one of "
                f"{', '.join(sorted(MOVES))} (moves) or {SEARCH!r} (search)"
            )
        self.actions += 1
        return self._move(step)

    def _move(self, step: tuple[int, int]) -> Outcome:
        dr, dc = step
        r, c = self.player
        target = (r + dr, c + dc)
        if not (0 <= target[0] < ROWS and 0 <= target[1] < COLUMNS):
            self.message = "You can't move off the map."
            return Outcome.BLOCKED
        kind = Terrain(int(self.terrain[target]))
        if kind is Terrain.DOOR:
            state = self.doors.get(target, DoorState.NONE)
            if dr and dc and state is not DoorState.NONE:
                self.message = "You can't move diagonally into a doorway."
                return Outcome.BLOCKED
            if state is DoorState.CLOSED:
                self.doors[target] = DoorState.OPEN
                self.turns += 1
                self._see(target)
                self.message = "The door opens."
                return Outcome.OPENED
        elif kind not in (Terrain.CORRIDOR, *ROOM_FLOOR):
            self.message = "It's solid stone." if kind in (
                Terrain.STONE, Terrain.SCORR) else "It's a wall."
            return Outcome.BLOCKED
        if dr and dc and self.terrain[r, c] == Terrain.DOOR and self.doors.get(
                self.player, DoorState.NONE) is not DoorState.NONE:
            self.message = "You can't move diagonally out of an intact doorway."
            return Outcome.BLOCKED
        self.player = target
        self.turns += 1
        self.message = ""
        self._look()
        return Outcome.MOVED

    def _search(self) -> Outcome:
        self.turns += 1
        self.searches += 1
        self.message = ""
        r, c = self.player
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                pos = (r + dr, c + dc)
                if pos == self.player or not (0 <= pos[0] < ROWS and 0 <= pos[1] < COLUMNS):
                    continue
                kind = int(self.terrain[pos])
                if kind not in (Terrain.SDOOR, Terrain.SCORR):
                    continue
                if self.rng.random() >= SEARCH_CHANCE:
                    continue
                if kind == Terrain.SDOOR:
                    self.terrain[pos] = Terrain.DOOR
                    self.doors[pos] = DoorState.CLOSED
                    self.message = "You find a hidden door."
                else:
                    self.terrain[pos] = Terrain.CORRIDOR
                    self.message = "You find a hidden passage."
                self._found.add(pos)
                self._see(pos)
        return Outcome.SEARCHED

    # -- the referee --------------------------------------------------------------------

    def tally(self) -> Tally:
        explored = [i for i in self.explored]
        return Tally(
            actions=self.actions,
            turns=self.turns,
            searches=self.searches,
            rooms=len(self._rooms),
            rooms_explored=len(explored),
            secret_rooms=len(self._secret),
            secret_rooms_explored=len(self._secret & self.explored),
            hidden_spots=len(self._hidden),
            hidden_found=len(self._found),
            squares_seen=int(self.seen.sum()),
        )
