"""Where Rogue hides a way on, and where to search for it.

Rogue builds a level on a 3x3 grid of cells, a room (or a passage junction) in
each, joined only to the cells beside them by passages from doors in the walls
that face them. A secret door is in such a wall, most likely one facing a cell we
know nothing of or one we can see but not reach; a hidden passage square makes a
passage stop short. Each square that may hide a way on has a worth and a chance
that one search beside it misses (4 in 5 for a door, 2 in 3 for a passage square,
as Rogue's ``search()`` rolls). The exploration expert searches from the square,
stood on or not, where a round of searches should find the most for the turns
spent walking there and searching (:func:`best_spot`), counting the searches
already made around it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ._facts import PathField, Terrain
from ._grid import TOP, Pos, index, neighbours, position

WALKABLE = frozenset(".#+%^")

#: Rogue lays a level out on a 3x3 grid of cells (``NUMCOLS / 3`` by ``NUMLINES / 3``),
#: one room or passage junction each, joined only to the cells beside them.
CELL_COLS, CELL_ROWS = 26, 8
#: The chance one search misses a secret door (Rogue: found 1 time in 5) and a hidden
#: passage square (found 1 time in 3), from ``search()`` in command.c.
MISS_DOOR, MISS_PASSAGE = 0.8, 2 / 3
#: What a hidden way on is worth, square by square, by where it could be.
W_UNKNOWN_CELL = 1.0  # a room wall facing a cell we know nothing of
W_DEAD_END = 18.0  # shared by the squares beyond a passage that stops (6 until 1.46)
W_STAIRS_CELL = 3.0  # a room wall facing a cell cut off from us, or its stairs' cell
W_KNOWN_CELL = 0.05  # a room wall facing a cell we have seen: a loop at best
W_ROCK = 0.01  # rock beside any passage: hidden squares hide anywhere, at long odds
W_MAZE_END = 1.0  # shared likewise, by a maze's dead end with all past it seen: most are real
ROOM_FLOOR = frozenset(".%^")
#: A cell with this many passage squares and no room wall is a maze.
MAZE_PASSAGES = 60
#: Walking to a search spot, change to another only if it is this much better.
SWITCH = 1.5


def cell_of(pos: Pos) -> tuple[int, int]:
    """The grid cell (row, column), each 0-2, that a square lies in."""
    return min(2, pos[0] // CELL_ROWS), min(2, max(0, pos[1] - 1) // CELL_COLS)


def dead_ends(t: Terrain) -> frozenset[Pos]:
    """Squares stood on from which a passage or door leads nowhere known: one way out.

    A door is left and entered only straight (Rogue allows no diagonal step through
    a doorway), so a door with floor on one side and nothing known on the other is
    one: its passage starts with a hidden square.
    """
    out = set(t.dead_ends)
    for pos in t.visited:
        if t.at(pos) == "+" and sum(t.at(n) in WALKABLE for n in _straight(pos)) <= 1:
            out.add(pos)
    return frozenset(out)


def _straight(pos: Pos) -> list[Pos]:
    r, c = pos
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def cut_off(t: Terrain, paths: PathField) -> frozenset[tuple[int, int]]:
    """Cells where we have seen floor or passage but can reach none of it.

    A teleport, a trapdoor's landing or a glimpse of the stairs leaves a known part
    of the level that no known way joins to ours: the hidden way into it is in the
    walls that face its cells.
    """
    seen: set[tuple[int, int]] = set()
    ours: set[tuple[int, int]] = set()
    for r, row in enumerate(t.rows):
        for c, ch in enumerate(row):
            if ch in WALKABLE:
                cell = cell_of((r + TOP, c))
                seen.add(cell)
                if paths.dist[r * len(row) + c] >= 0:
                    ours.add(cell)
    return frozenset(seen - ours)


def unseen_cells(t: Terrain, paths: PathField) -> tuple[tuple[int, int], ...]:
    """Cells of the 3x3 grid that hold a part of the level we have not been in: cells
    where nothing at all is known, and cells seen but cut off from us (:func:`cut_off`).

    Rogue joins every cell to the level (a room, or a passage junction where the room
    is gone), so with no unexplored ground left such a cell is behind a secret door
    or a hidden passage square, and it holds a room's gold half the time.
    """
    blank = {(cr, cc) for cr in range(3) for cc in range(3)} - known_cells(t.rows)
    return tuple(sorted(blank | cut_off(t, paths)))


def known_cells(rows: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """Cells of the 3x3 grid where anything at all is drawn (``rows`` from screen row 1)."""
    return frozenset(cell_of((r + TOP, c))
                     for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != " ")


def hidden_odds(t: Terrain, paths: PathField | None = None,
                maze_ends: bool = False) -> dict[Pos, tuple[float, float]]:
    """Where a secret door or hidden passage square may be: ``square -> (worth, miss)``.

    ``worth`` is how much finding a way there would be worth (the prior of a hidden
    way, weighted by where it would lead), ``miss`` the chance one search beside it
    misses it. Doors are only ever in room walls that face a neighbouring cell
    (never at a corner), and are worth most facing a cell cut off from us (given
    ``paths``) or holding stairs out of reach; a passage that stops short hides its
    next square (unless it is one of a maze's many true dead ends: with ``maze_ends``,
    unless it faces maze not yet seen); any rock beside a passage may, rarely, be one.
    """
    cut = cut_off(t, paths) if paths is not None and paths.dist else frozenset()
    return _hidden_ways(t.rows, t.stairs, dead_ends(t), cut, maze_ends)


@functools.lru_cache(maxsize=8)
def _hidden_ways(rows: tuple[str, ...], stairs: Pos | None, ends: frozenset[Pos],
          cut: frozenset[tuple[int, int]], maze_ends: bool) -> dict[Pos, tuple[float, float]]:
    def at(pos: Pos) -> str:
        r, c = pos
        return rows[r - TOP][c] if TOP <= r < TOP + len(rows) and 0 <= c < len(rows[0]) else " "

    known = known_cells(rows)
    passages: dict[tuple[int, int], int] = {}
    walled: set[tuple[int, int]] = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                cell = cell_of((r + TOP, c))
                passages[cell] = passages.get(cell, 0) + 1
            elif ch in "-|":
                walled.add(cell_of((r + TOP, c)))
    mazes = {cell for cell, n in passages.items() if n >= MAZE_PASSAGES and cell not in walled}
    target = cell_of(stairs) if stairs is not None else None
    odds: dict[Pos, tuple[float, float]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            pos = (r + TOP, c)
            if ch == "-":
                if at((pos[0] - 1, c)) == "|" or at((pos[0] + 1, c)) == "|":
                    continue  # a corner
                out = -1 if at((pos[0] + 1, c)) in ROOM_FLOOR else (
                    1 if at((pos[0] - 1, c)) in ROOM_FLOOR else 0)
                step = (out, 0)
            elif ch == "|":
                out = -1 if at((pos[0], c + 1)) in ROOM_FLOOR else (
                    1 if at((pos[0], c - 1)) in ROOM_FLOOR else 0)
                step = (0, out)
            else:
                continue
            if out == 0:
                continue  # the wall of a room we have not seen inside: no side known
            cr, cc = cell_of(pos)
            facing = (cr + step[0], cc + step[1])
            if not (0 <= facing[0] <= 2 and 0 <= facing[1] <= 2):
                continue  # the edge of the map: nothing beyond
            worth = W_STAIRS_CELL if facing == target or facing in cut else (
                W_KNOWN_CELL if facing in known else W_UNKNOWN_CELL)
            odds[pos] = (worth, MISS_DOOR)
    for end in ends:
        if at(end) == "+":
            beyond = [n for n in _straight(end) if at(n) == " "]
        else:
            beyond = [n for n in neighbours(end) if at(n) in " -|"]
        total = W_DEAD_END
        if cell_of(end) in mazes:
            # Most of a maze's dead ends are real. With ``maze_ends``, the one that
            # faces maze not yet seen stops at a hidden square: a passage's dead end.
            toward = [n for n in beyond if maze_ends and _toward_unseen_maze(end, n, at)]
            beyond, total = (toward, W_DEAD_END) if toward else (beyond, W_MAZE_END)
        for n in beyond:
            miss = MISS_PASSAGE if at(n) == " " else MISS_DOOR
            worth, _ = odds.get(n, (0.0, miss))
            odds[n] = (worth + total / len(beyond), miss)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                for n in neighbours((r + TOP, c)):
                    if at(n) == " " and n not in odds:
                        odds[n] = (W_ROCK, MISS_PASSAGE)
    return odds


def maze_lattice_point(pos: Pos) -> bool:
    """Is ``pos`` one of the squares Rogue's ``do_maze`` always digs, were its cell a maze?

    A maze fills its cell's box (from row 1 or ``8 x`` the cell row, from column 0
    or ``26 x`` the cell column ``+ 1``) and ``dig`` carves every second square of
    it, both ways, up to six rows and 24 columns on: every such square is passage,
    the ones between them passage or rock.
    """
    cr, cc = cell_of(pos)
    dr = pos[0] - (1 if cr == 0 else CELL_ROWS * cr)
    dc = pos[1] - (0 if cc == 0 else CELL_COLS * cc + 1)
    return 0 <= dr <= 6 and 0 <= dc <= 24 and dr % 2 == 0 and dc % 2 == 0


def _toward_unseen_maze(end: Pos, beyond: Pos, at: Callable[[Pos], str]) -> bool:
    """Does the square ``beyond`` a maze's dead end ``end`` lead to maze we have not
    seen: is it, or the square past it the same way, a blank square Rogue dug? Such
    a blank is hidden, or cut off from us by a hidden square; a maze dead end whose
    next squares were all seen is one of the many real ones."""
    dr, dc = beyond[0] - end[0], beyond[1] - end[1]
    if dr and dc:
        return False  # dig carves straight: no way on leaves a maze square diagonally
    past = (beyond[0] + dr, beyond[1] + dc)
    return any(at(p) == " " and maze_lattice_point(p) and cell_of(p) == cell_of(end)
               for p in (beyond, past))


def spot_rates(t: Terrain, paths: PathField, turns: int,
               maze_ends: bool = False) -> dict[Pos, float]:
    """For each reachable square, the hidden ways ``turns`` searches there should find
    per turn spent walking there and searching.

    What the searches find: the worth of every square beside the spot, times the
    chance it is still hidden after the searches already made beside it, times the
    chance these ``turns`` searches find it. The searches already made come from
    the terrain's counts; they stop at 255, by when nothing is left to find.
    """
    left: dict[Pos, tuple[float, float]] = {}
    for pos, (worth, miss) in hidden_odds(t, paths, maze_ends).items():
        made = sum(t.searched[index(n)] for n in neighbours(pos))
        left[pos] = (worth * miss ** made, miss)
    rates: dict[Pos, float] = {}
    for i in paths.order:
        pos = position(i)
        if t.at(pos) not in WALKABLE or t.at(pos) == "^":
            continue
        gain = 0.0
        for n in neighbours(pos):
            hidden = left.get(n)
            if hidden is not None:
                gain += hidden[0] * (1.0 - hidden[1] ** turns)
        if gain > 0.0:
            rates[pos] = gain / (paths.dist[i] + turns)
    return rates


def best_spot(t: Terrain, paths: PathField, turns: int, avoid: Pos | None = None,
              keep: Pos | None = None, maze_ends: bool = False) -> Pos | None:
    """The square to search from next: the best rate of :func:`spot_rates`.

    ``keep``, the spot we are walking to, stays chosen unless another is clearly
    better (:data:`SWITCH` times its rate): rates shift a little with every step,
    and a hero who changes his mind at each shift walks back and forth.
    """
    rates = spot_rates(t, paths, turns, maze_ends)
    rates.pop(avoid, None)
    if not rates:
        return None
    best = max(rates, key=rates.__getitem__)
    if keep is not None and keep in rates and rates[best] <= SWITCH * rates[keep]:
        return keep
    return best
