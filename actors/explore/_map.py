"""The explorer's memory of a level, read off what the player sees.

A NetHack screen is ambiguous in three ways this module settles:

* **Blank** is both "never seen" and "seen, solid rock". The player always sees
  the eight squares around it, so every square next to a square it has stood on
  is *known*; a lit room seen whole is known; anything drawn is known.
* **An open door** is drawn across its wall: ``-`` in a vertical wall, ``|`` in a
  horizontal one. A ``-`` with wall (or door) squares both above and below it
  is such a door, as is a ``|`` with wall squares left and right; a wall's own
  squares never have that (a corner has rock on one side). So is a ``-`` with
  open ground (floor, corridor) both left and right of it and nothing seen above
  or below, as real NetHack shows a door with the room beyond it seen through
  it before its wall.
* **An empty doorway** is drawn ``.`` like floor; it is the ``.`` set between two
  wall squares on opposite sides (or a wall and a blank, as a doorway looks from
  the corridor in front of it before the rest of its wall is seen).

:class:`MapMemory` is the mutable reader (one per explorer); each update gives an
immutable :class:`LevelMap` snapshot for the blackboard. Positions are
``(row, column)``; arrays are indexed ``[row, column]``.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np

ROWS = 21
COLUMNS = 80
Pos = tuple[int, int]

#: vi-keys by (row step, column step).
STEP_KEYS: dict[Pos, str] = {
    (0, -1): "h", (1, 0): "j", (-1, 0): "k", (0, 1): "l",
    (-1, -1): "y", (-1, 1): "u", (1, -1): "b", (1, 1): "n",
}
STEPS: tuple[Pos, ...] = tuple(STEP_KEYS)
_WALL_CHARS = np.frombuffer(b"|-+", dtype=np.uint8)
_BLANK, _DOT, _HASH, _PLUS = ord(" "), ord("."), ord("#"), ord("+")
_VBAR, _DASH, _AT = ord("|"), ord("-"), ord("@")


def _shift(a: np.ndarray, dr: int, dc: int, fill: bool | int = False) -> np.ndarray:
    """``out[r, c] = a[r + dr, c + dc]`` (``fill`` off the edge)."""
    out = np.full_like(a, fill)
    rows, cols = a.shape
    r0, r1 = max(0, -dr), min(rows, rows - dr)
    c0, c1 = max(0, -dc), min(cols, cols - dc)
    out[r0:r1, c0:c1] = a[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
    return out


def neighbour_count(mask: np.ndarray) -> np.ndarray:
    """How many of each square's eight neighbours are set in ``mask``."""
    rows, cols = mask.shape
    p = np.zeros((rows + 2, cols + 2), dtype=np.int8)
    p[1:-1, 1:-1] = mask
    # Sum the three columns, then the three rows, and take the square itself out.
    col = p[:, :-2] + p[:, 1:-1] + p[:, 2:]
    total = col[:-2] + col[1:-1] + col[2:]
    return (total - p[1:-1, 1:-1]).astype(np.int16)


def dilate(mask: np.ndarray, radius: int = 1) -> np.ndarray:
    """Squares within ``radius`` (king moves) of a set square."""
    out = mask.astype(bool)
    rows, cols = out.shape
    for _ in range(radius):
        p = np.zeros((rows + 2, cols + 2), dtype=bool)
        p[1:-1, 1:-1] = out
        col = p[:, :-2] | p[:, 1:-1] | p[:, 2:]
        out = col[:-2] | col[1:-1] | col[2:]
    return out


@attrs.frozen(eq=False)
class LevelMap:
    """One snapshot of the explorer's memory (arrays are read-only).

    ``known``: the square's content is known (drawn, or seen as rock).
    ``passable``: the player can stand there (a closed door once opened).
    ``intact_door``: a doorway with a door in it: no diagonal steps in or out.
    ``room``: the floor of a room (doorways excluded).
    ``visited``: the player has stood there. ``searched``: searches made next to it.
    ``version`` grows by one each time something new is known.
    """

    chars: np.ndarray
    known: np.ndarray
    passable: np.ndarray
    wall: np.ndarray
    door: np.ndarray
    intact_door: np.ndarray
    closed_door: np.ndarray
    corridor: np.ndarray
    room: np.ndarray
    visited: np.ndarray
    searched: np.ndarray
    player: Pos
    turn: int
    version: int
    #: Squares newly known by the last update.
    new_known: int
    #: How often the player has searched standing on each square.
    searches_here: np.ndarray

    def char(self, pos: Pos) -> str:
        return chr(int(self.chars[pos]))

    def distances(self, source: Pos | None = None, *,
                  blocked: frozenset[Pos] = frozenset()) -> np.ndarray:
        """Actions to walk from ``source`` (the player) to every passable square.

        Breadth-first over passable squares with NetHack's rule for doors (no
        diagonal step into or out of an intact doorway); a closed door on the way
        costs one more action to open. Unreachable squares are -1.
        """
        return walk_distances(self, self.player if source is None else source, blocked)

    def path_to(self, target: Pos, dist: np.ndarray) -> list[Pos]:
        """The squares from the player to ``target`` (excluded: the player's own),
        given ``dist``, the walking distances *from the player*; [] if unreachable."""
        if dist[target] < 0:
            return []
        path = [target]
        pos = target
        while pos != self.player:
            cost = 1 + (1 if self.closed_door[pos] else 0)
            for dr, dc in STEPS:
                prev = (pos[0] - dr, pos[1] - dc)
                if (0 <= prev[0] < ROWS and 0 <= prev[1] < COLUMNS
                        and dist[prev] == dist[pos] - cost and can_step(self, prev, pos)):
                    break
            else:
                return []
            pos = prev
            path.append(pos)
        path.pop()
        path.reverse()
        return path


def can_step(m: LevelMap, a: Pos, b: Pos) -> bool:
    """Whether one move goes from ``a`` to the adjacent ``b`` (doors opened as needed)."""
    if not (0 <= b[0] < ROWS and 0 <= b[1] < COLUMNS) or not m.passable[b]:
        return False
    if a[0] != b[0] and a[1] != b[1]:
        return not (m.intact_door[a] or m.intact_door[b])
    return True


def _neighbour_table() -> list[tuple[tuple[int, bool], ...]]:
    table = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            table.append(tuple(
                ((r + dr) * COLUMNS + c + dc, bool(dr and dc))
                for dr, dc in STEPS
                if 0 <= r + dr < ROWS and 0 <= c + dc < COLUMNS
            ))
    return table


#: For each flat square index: its neighbours' indices, and whether the step is diagonal.
NEIGHBOURS = _neighbour_table()


def walk_distances(m: LevelMap, source: Pos, blocked: frozenset[Pos] = frozenset()) -> np.ndarray:
    """See :meth:`LevelMap.distances`: breadth-first, a closed door costing one more."""
    out = [-1] * (ROWS * COLUMNS)
    if not (0 <= source[0] < ROWS and 0 <= source[1] < COLUMNS):
        return np.array(out, dtype=np.int32).reshape(ROWS, COLUMNS)
    passable = m.passable.ravel().tolist()
    for r, c in blocked:
        passable[r * COLUMNS + c] = False
    intact = m.intact_door.ravel().tolist()
    closed = m.closed_door.ravel().tolist()
    start = source[0] * COLUMNS + source[1]
    out[start] = 0
    buckets: list[list[int]] = [[start]]  # Dial's algorithm: steps cost 1, doors 2
    d = 0
    while d < len(buckets):
        for i in buckets[d]:
            if out[i] != d:
                continue
            here_door = intact[i]
            for j, diagonal in NEIGHBOURS[i]:
                if not passable[j] or (diagonal and (here_door or intact[j])):
                    continue
                cost = d + 2 if closed[j] else d + 1
                old = out[j]
                if old != -1 and old <= cost:
                    continue
                out[j] = cost
                while len(buckets) <= cost:
                    buckets.append([])
                buckets[cost].append(j)
        d += 1
    return np.array(out, dtype=np.int32).reshape(ROWS, COLUMNS)


class MapMemory:
    """Reads each view into the memory and gives snapshots."""

    def __init__(self) -> None:
        self.visited = np.zeros((ROWS, COLUMNS), dtype=bool)
        self.known = np.zeros((ROWS, COLUMNS), dtype=bool)
        self.searched = np.zeros((ROWS, COLUMNS), dtype=np.int16)
        self.searches_here = np.zeros((ROWS, COLUMNS), dtype=np.int16)
        self.chars = np.full((ROWS, COLUMNS), _BLANK, dtype=np.uint8)
        self.version = 0
        self.last: LevelMap | None = None
        self._last_turn: int | None = None
        self._last_player: Pos | None = None

    def update(self, rows: Sequence[str], player: Pos, turn: int) -> LevelMap:
        """Take in one view; returns the new snapshot (the same one if nothing changed)."""
        if len(rows) == ROWS and all(len(line) == COLUMNS for line in rows):
            chars = np.frombuffer("".join(rows).encode("ascii", "replace"),
                                  dtype=np.uint8).reshape(ROWS, COLUMNS).copy()
        else:
            chars = np.full((ROWS, COLUMNS), _BLANK, dtype=np.uint8)
            for r, line in enumerate(rows[:ROWS]):
                raw = line[:COLUMNS].encode("ascii", "replace")
                chars[r, :len(raw)] = np.frombuffer(raw, dtype=np.uint8)
        if 0 <= player[0] < ROWS and 0 <= player[1] < COLUMNS and chars[player] == _AT:
            # A screen that draws the hero: it stands where it saw something before
            # stepping there (a corridor, a doorway), or else on floor.
            before = self.chars[player]
            chars[player] = before if before not in (_BLANK, _AT) else _DOT
        # A turn passed and the player did not move: it searched (or opened a door).
        searched = (self._last_turn is not None and turn > self._last_turn
                    and player == self._last_player)
        if searched:
            r, c = player
            self.searches_here[player] += turn - self._last_turn
            self.searched[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2] += turn - self._last_turn
        self._last_turn, self._last_player = turn, player
        changed = not np.array_equal(chars, self.chars)
        self.chars = chars
        moved_on = not self.visited[player]
        self.visited[player] = True
        r, c = player
        window = (slice(max(r - 1, 0), r + 2), slice(max(c - 1, 0), c + 2))
        new_known = int(np.count_nonzero(~self.known[window]))
        self.known[window] = True
        if changed:
            drawn = (chars != _BLANK) & ~self.known
            new_known += int(np.count_nonzero(drawn))
            self.known |= drawn
        if self.last is not None and not changed and new_known == 0:
            last = self.last
            snapshot = attrs.evolve(
                last, player=player, turn=turn, new_known=0,
                visited=_frozen(self.visited) if moved_on else last.visited,
                searched=_frozen(self.searched) if searched else last.searched,
                searches_here=_frozen(self.searches_here) if searched else last.searches_here)
            self.last = snapshot
            return snapshot
        self.version += 1
        self.last = self._classify(player, turn, new_known)
        return self.last

    def _classify(self, player: Pos, turn: int, new_known: int) -> LevelMap:
        ch = self.chars
        wallish = np.isin(ch, _WALL_CHARS)
        up, down = _shift(wallish, -1, 0), _shift(wallish, 1, 0)
        left, right = _shift(wallish, 0, -1), _shift(wallish, 0, 1)
        # A doorway seen from outside may have one side not seen yet.
        blank = ch == _BLANK
        # An open door is drawn across its wall: wall beyond both its ends, or, seen
        # from outside before its wall is, open ground (not wall, not blank) on both
        # sides it leads to; a wall square never has either.
        # (A corner or a wall square between two doorways can have ground on both
        # sides too, but then it has wall or ground across: the door's own wall,
        # not seen yet, is blank.)
        ground = ~wallish & ~blank
        b_up, b_down = _shift(blank, -1, 0, True), _shift(blank, 1, 0, True)
        b_left, b_right = _shift(blank, 0, -1, True), _shift(blank, 0, 1, True)
        across_v = _shift(ground, 0, -1) & _shift(ground, 0, 1) & b_up & b_down
        across_h = _shift(ground, -1, 0) & _shift(ground, 1, 0) & b_left & b_right
        open_v = (ch == _DASH) & ((up & down) | across_v)
        open_h = (ch == _VBAR) & ((left & right) | across_h)
        up_b, down_b = _shift(blank, -1, 0, True), _shift(blank, 1, 0, True)
        left_b, right_b = _shift(blank, 0, -1, True), _shift(blank, 0, 1, True)
        doorway = (ch == _DOT) & (
            ((up | up_b) & (down | down_b) & (up | down))
            | ((left | left_b) & (right | right_b) & (left | right)))
        closed = ch == _PLUS
        intact = open_v | open_h | closed
        door = intact | doorway
        wall = ((ch == _DASH) | (ch == _VBAR)) & ~intact
        corridor = ch == _HASH
        floorlike = (ch != _BLANK) & ~wallish & ~corridor
        room = floorlike & ~doorway
        passable = room | corridor | door
        return LevelMap(
            chars=_frozen(ch), known=_frozen(self.known), passable=_frozen(passable),
            wall=_frozen(wall), door=_frozen(door), intact_door=_frozen(intact),
            closed_door=_frozen(closed), corridor=_frozen(corridor), room=_frozen(room),
            visited=_frozen(self.visited), searched=_frozen(self.searched), player=player,
            turn=turn, version=self.version, new_known=new_known,
            searches_here=_frozen(self.searches_here),
        )


def _frozen(a: np.ndarray) -> np.ndarray:
    out = a.copy()
    out.setflags(write=False)
    return out
