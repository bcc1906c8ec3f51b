"""NetHack 3.6's room-and-corridor level generator, re-implemented for level 1.

The algorithm is NetHack's (mklev.c, sp_lev.c, rect.c), written afresh here:

1. **Rooms** (``makerooms``): pick a random free rectangle, a random size (3-14
   columns by 3-6 rows of floor, at most 50 squares), a random place in it with
   the margins kept; shrink or drop it if it comes within 4 columns / 3 rows of
   anything already built (``check_room``); carve floor and walls; split the free
   space. Once six rooms exist a coin flip may spend a turn reserving the vault.
   Stop when no free rectangle can take a room. Rooms are lit with chance 76/77.
2. **Sort** the rooms left to right; the down stairs go in a random room and the
   player starts (on the up stairs) in a random other one.
3. **Corridors** (``makecorridors``): join each room to the next (stopping early
   with chance 1/50 per join), then each to the one after next if they are not yet
   connected, then any pair still unconnected, then 4 to nroom+3 extra random
   joins that may give up half-way (chance 1/35 per square: the dead ends).
   ``join`` puts a door on the facing walls of both rooms and digs a corridor
   between them that heads for the target, turning round obstacles.
4. **Doors**: each is hidden with chance 1/8; a visible one is an empty doorway
   (2/3), open (1/15) or closed. NetHack's locked doors are closed here: the
   paper's modified game removed locking. Each dug corridor square is hidden
   with chance 1/100.
5. **Niches** (``make_niches``): 1 to nroom/2+1 one-square closets behind the top
   or bottom wall of a room, behind a hidden or visible door, or behind no door.
6. **Vault**: a closed 2x2 room with no door, if its reserved spot is still free,
   plus sometimes a hidden niche leading nowhere.

Left out, because the exploration experiment removed them or they do not change
what can be walked and seen: monsters, objects, traps, boulders, fountains,
sinks, altars, graves and iron bars. The random number stream is Python's, not
NetHack's, so a seed here does not give NetHack's level for that seed; what is
kept is the distribution (see :mod:`games.dungeon._stats`).
"""

from __future__ import annotations

import random

import numpy as np

from ._level import Level, Room
from ._rects import XLIM, YLIM, FreeRects, Rect
from ._terrain import COLUMNS, HIDDEN, ROWS, WALLS, DoorState, Terrain

MAX_ROOMS = 40
MAX_DOORS = 120
_STONE = Terrain.STONE


class _Room:
    """A room under construction, in NetHack's terms: floor ``lx..hx`` x ``ly..hy``."""

    __slots__ = ("lx", "ly", "hx", "hy", "lit", "vault", "doors")

    def __init__(self, lx: int, ly: int, hx: int, hy: int, lit: bool, vault: bool) -> None:
        self.lx, self.ly, self.hx, self.hy = lx, ly, hx, hy
        self.lit = lit
        self.vault = vault
        self.doors = 0


class _Builder:
    """One level being made; ``grid[y][x]`` as in NetHack's ``levl[x][y]``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.grid = [[_STONE] * COLUMNS for _ in range(ROWS)]
        self.doormask: dict[tuple[int, int], DoorState] = {}
        self.horizontal: set[tuple[int, int]] = set()
        self.rooms: list[_Room] = []
        self.smeq: list[int] = []
        self.door_count = 0
        self.rects = FreeRects()
        self.vault_at: tuple[int, int] | None = None

    # NetHack's random helpers: rn2(n) in [0, n), rnd(n) in [1, n], rn1(x, y) in [y, y + x).
    def rn2(self, n: int) -> int:
        return self.rng.randrange(n) if n > 0 else 0

    def rnd(self, n: int) -> int:
        return 1 + self.rn2(n)

    def typ(self, x: int, y: int) -> Terrain:
        return self.grid[y][x]

    def set(self, x: int, y: int, kind: Terrain) -> None:
        self.grid[y][x] = kind

    # -- rooms --------------------------------------------------------------------------

    def check_room(self, lowx: int, ddx: int, lowy: int, ddy: int,
                   vault: bool) -> tuple[int, int, int, int] | None:
        """Fit a room's floor in the free space, shrinking it away from what is built."""
        hix, hiy = lowx + ddx, lowy + ddy
        xlim = XLIM + (1 if vault else 0)
        ylim = YLIM + (1 if vault else 0)
        lowx = max(lowx, 3)
        lowy = max(lowy, 2)
        hix = min(hix, COLUMNS - 3)
        hiy = min(hiy, ROWS - 3)
        while True:
            if hix <= lowx or hiy <= lowy:
                return None
            conflict = None
            for x in range(lowx - xlim, hix + xlim + 1):
                if x <= 0 or x >= COLUMNS:
                    continue
                for y in range(max(lowy - ylim, 0), min(hiy + ylim, ROWS - 1) + 1):
                    if self.grid[y][x] != _STONE:
                        conflict = (x, y)
                        break
                if conflict is not None:
                    break
            if conflict is None:
                return lowx, hix - lowx, lowy, hiy - lowy
            if not self.rn2(3):
                return None
            x, y = conflict
            if x < lowx:
                lowx = x + xlim + 1
            else:
                hix = x - xlim - 1
            if y < lowy:
                lowy = y + ylim + 1
            else:
                hiy = y - ylim - 1

    def create_room(self, vault: bool) -> bool:
        """NetHack's fully random ``create_room``: a room (or the vault's spot) or False."""
        xlim = XLIM + (1 if vault else 0)
        ylim = YLIM + (1 if vault else 0)
        lit = True if vault else bool(self.rn2(77))
        placed = None
        r1 = None
        for _ in range(101):
            if not len(self.rects):
                return False
            r1 = self.rects.rects[self.rn2(len(self.rects))]
            lx, ly, hx, hy = r1.lx, r1.ly, r1.hx, r1.hy
            if vault:
                dx = dy = 1
            else:
                dx = 2 + self.rn2(12 if hx - lx > 28 else 8)
                dy = 2 + self.rn2(4)
                if dx * dy > 50:
                    dy = 50 // dx
            xborder = 2 * xlim if (lx > 0 and hx < COLUMNS - 1) else xlim + 1
            yborder = 2 * ylim if (ly > 0 and hy < ROWS - 1) else ylim + 1
            if hx - lx < dx + 3 + xborder or hy - ly < dy + 3 + yborder:
                r1 = None
                continue
            xabs = lx + (xlim if lx > 0 else 3) + self.rn2(
                hx - (lx if lx > 0 else 3) - dx - xborder + 1)
            yabs = ly + (ylim if ly > 0 else 2) + self.rn2(
                hy - (ly if ly > 0 else 2) - dy - yborder + 1)
            if (ly == 0 and hy >= ROWS - 1
                    and (not self.rooms or not self.rn2(len(self.rooms)))
                    and yabs + dy > ROWS // 2):
                yabs = 2 + self.rn2(3)
                if len(self.rooms) < 4 and dy > 1:
                    dy -= 1
            fitted = self.check_room(xabs, dx, yabs, dy, vault)
            if fitted is None:
                r1 = None
                continue
            xabs, dx, yabs, dy = fitted
            placed = (xabs, yabs, dx + 1, dy + 1)
            break
        if r1 is None or placed is None:
            return False
        xabs, yabs, w, h = placed
        self.rects.split(r1, Rect(xabs - 1, yabs - 1, xabs + w, yabs + h))
        if vault:
            self.vault_at = (xabs, yabs)
        else:
            self.add_room(xabs, yabs, xabs + w - 1, yabs + h - 1, lit, vault=False)
        return True

    def add_room(self, lx: int, ly: int, hx: int, hy: int, lit: bool, *, vault: bool) -> None:
        self.smeq.append(len(self.rooms))
        self.rooms.append(_Room(lx, ly, hx, hy, lit, vault))
        for x in range(lx - 1, hx + 2):
            for y in (ly - 1, hy + 1):
                self.set(x, y, Terrain.HWALL)
                self.horizontal.add((y, x))
        for x in (lx - 1, hx + 1):
            for y in range(ly, hy + 1):
                self.set(x, y, Terrain.VWALL)
        for x in range(lx, hx + 1):
            for y in range(ly, hy + 1):
                self.set(x, y, Terrain.FLOOR)
        for x, y in ((lx - 1, ly - 1), (hx + 1, ly - 1), (lx - 1, hy + 1), (hx + 1, hy + 1)):
            self.set(x, y, Terrain.CORNER)

    def make_rooms(self) -> None:
        tried_vault = False
        while len(self.rooms) < MAX_ROOMS and len(self.rects):
            self.rn2(len(self.rects))  # NetHack's loop test draws a rectangle too
            if len(self.rooms) >= MAX_ROOMS // 6 and self.rn2(2) and not tried_vault:
                tried_vault = True
                self.create_room(vault=True)
            elif not self.create_room(vault=False):
                return

    # -- doors and corridors ------------------------------------------------------------

    def by_door(self, x: int, y: int) -> bool:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < COLUMNS and 0 <= ny < ROWS and self.grid[ny][nx] in (
                    Terrain.DOOR, Terrain.SDOOR):
                return True
        return False

    def ok_door(self, x: int, y: int) -> bool:
        return (self.grid[y][x] in (Terrain.HWALL, Terrain.VWALL)
                and self.door_count < MAX_DOORS and not self.by_door(x, y))

    def find_door_pos(self, xl: int, yl: int, xh: int, yh: int) -> tuple[int, int]:
        x = xl + self.rn2(xh - xl + 1)
        y = yl + self.rn2(yh - yl + 1)
        if self.ok_door(x, y):
            return x, y
        for x in range(xl, xh + 1):
            for y in range(yl, yh + 1):
                if self.ok_door(x, y):
                    return x, y
        for x in range(xl, xh + 1):
            for y in range(yl, yh + 1):
                if self.grid[y][x] in (Terrain.DOOR, Terrain.SDOOR):
                    return x, y
        return xl, yh

    def make_door(self, x: int, y: int, room: _Room, hidden: bool) -> None:
        """NetHack's ``dosdoor``: a hidden or visible door, with what fills it."""
        if self.grid[y][x] not in WALLS:
            hidden = False  # never hide a door that is already there
        if hidden:
            self.set(x, y, Terrain.SDOOR)
            self.rn2(5)  # locked or closed: both closed here
            state = DoorState.CLOSED
        else:
            self.set(x, y, Terrain.DOOR)
            if not self.rn2(3):
                if not self.rn2(5):
                    state = DoorState.OPEN
                else:
                    self.rn2(6)  # locked or closed: both closed here
                    state = DoorState.CLOSED
            else:
                state = DoorState.NONE
        self.doormask[(y, x)] = state
        room.doors += 1
        self.door_count += 1

    def do_door(self, x: int, y: int, room: _Room) -> None:
        if self.door_count >= MAX_DOORS:
            return
        self.make_door(x, y, room, hidden=not self.rn2(8))

    def dig_corridor(self, org: tuple[int, int], dest: tuple[int, int], nxcor: bool) -> bool:
        """Dig from ``org`` to ``dest`` through rock; an extra corridor may give up."""
        xx, yy = org
        tx, ty = dest
        if (xx <= 0 or yy <= 0 or tx <= 0 or ty <= 0 or xx > COLUMNS - 1 or tx > COLUMNS - 1
                or yy > ROWS - 1 or ty > ROWS - 1):
            return False
        dx = dy = 0
        if tx > xx:
            dx = 1
        elif ty > yy:
            dy = 1
        elif tx < xx:
            dx = -1
        else:
            dy = -1
        xx -= dx
        yy -= dy
        cct = 0
        passable = (_STONE, Terrain.CORRIDOR, Terrain.SCORR)
        while xx != tx or yy != ty:
            if cct > 500 or (nxcor and not self.rn2(35)):
                return False
            cct += 1
            xx += dx
            yy += dy
            if xx >= COLUMNS - 1 or xx <= 0 or yy <= 0 or yy >= ROWS - 1:
                return False
            here = self.grid[yy][xx]
            if here == _STONE:
                self.set(xx, yy, Terrain.CORRIDOR if self.rn2(100) else Terrain.SCORR)
            elif here not in (Terrain.CORRIDOR, Terrain.SCORR):
                return False
            dix = abs(xx - tx)
            diy = abs(yy - ty)
            if dix > diy and diy and not self.rn2(dix - diy + 1):
                dix = 0
            elif diy > dix and dix and not self.rn2(diy - dix + 1):
                diy = 0
            if dy and dix > diy:
                ddx = -1 if xx > tx else 1
                if self.grid[yy][xx + ddx] in passable:
                    dx, dy = ddx, 0
                    continue
            elif dx and diy > dix:
                ddy = -1 if yy > ty else 1
                if self.grid[yy + ddy][xx] in passable:
                    dx, dy = 0, ddy
                    continue
            if self.grid[yy + dy][xx + dx] in passable:
                continue
            if dx:
                dx, dy = 0, (-1 if ty < yy else 1)
            else:
                dx, dy = (-1 if tx < xx else 1), 0
            if self.grid[yy + dy][xx + dx] in passable:
                continue
            dx, dy = -dx, -dy
        return True

    def join(self, a: int, b: int, nxcor: bool) -> None:
        croom, troom = self.rooms[a], self.rooms[b]
        if self.door_count >= MAX_DOORS:
            return
        if troom.lx > croom.hx:
            dx, dy = 1, 0
            cc = self.find_door_pos(croom.hx + 1, croom.ly, croom.hx + 1, croom.hy)
            tt = self.find_door_pos(troom.lx - 1, troom.ly, troom.lx - 1, troom.hy)
        elif troom.hy < croom.ly:
            dx, dy = 0, -1
            cc = self.find_door_pos(croom.lx, croom.ly - 1, croom.hx, croom.ly - 1)
            tt = self.find_door_pos(troom.lx, troom.hy + 1, troom.hx, troom.hy + 1)
        elif troom.hx < croom.lx:
            dx, dy = -1, 0
            cc = self.find_door_pos(croom.lx - 1, croom.ly, croom.lx - 1, croom.hy)
            tt = self.find_door_pos(troom.hx + 1, troom.ly, troom.hx + 1, troom.hy)
        else:
            dx, dy = 0, 1
            cc = self.find_door_pos(croom.lx, croom.hy + 1, croom.hx, croom.hy + 1)
            tt = self.find_door_pos(troom.lx, troom.ly - 1, troom.hx, troom.ly - 1)
        xx, yy = cc
        if nxcor and self.grid[yy + dy][xx + dx] != _STONE:
            return
        if self.ok_door(xx, yy) or not nxcor:
            self.do_door(xx, yy, croom)
        if not self.dig_corridor((xx + dx, yy + dy), (tt[0] - dx, tt[1] - dy), nxcor):
            return
        if self.ok_door(*tt) or not nxcor:
            self.do_door(tt[0], tt[1], troom)
        low = min(self.smeq[a], self.smeq[b])
        self.smeq[a] = self.smeq[b] = low

    def make_corridors(self) -> None:
        n = len(self.rooms)
        for a in range(n - 1):
            self.join(a, a + 1, False)
            if not self.rn2(50):
                break
        for a in range(n - 2):
            if self.smeq[a] != self.smeq[a + 2]:
                self.join(a, a + 2, False)
        any_joined = True
        a = 0
        while any_joined and a < n:
            any_joined = False
            for b in range(n):
                if self.smeq[a] != self.smeq[b]:
                    self.join(a, b, False)
                    any_joined = True
            a += 1
        if n > 2:
            for _ in range(self.rn2(n) + 4):
                a = self.rn2(n)
                b = self.rn2(n - 2)
                if b >= a:
                    b += 2
                self.join(a, b, True)

    # -- niches and the vault -----------------------------------------------------------

    def make_niche(self, trapped: bool) -> None:
        """A one-square closet behind the top or bottom wall of an ordinary room."""
        if self.door_count >= MAX_DOORS:
            return
        for _ in range(8):
            room = self.rooms[self.rn2(len(self.rooms))]
            if room.vault:
                continue
            if room.doors == 1 and self.rn2(5):
                continue
            if self.rn2(2):
                dy = 1
                xx, yy = self.find_door_pos(room.lx, room.hy + 1, room.hx, room.hy + 1)
            else:
                dy = -1
                xx, yy = self.find_door_pos(room.lx, room.ly - 1, room.hx, room.ly - 1)
            behind, inside = yy + dy, yy - dy
            if not (0 <= behind < ROWS and self.grid[behind][xx] == _STONE):
                continue
            if not (0 <= inside < ROWS) or self.grid[inside][xx] in (
                    Terrain.UPSTAIRS, Terrain.DOWNSTAIRS):
                continue
            if trapped or not self.rn2(4):
                self.set(xx, behind, Terrain.SCORR)
                self.make_door(xx, yy, room, hidden=True)
            else:
                self.set(xx, behind, Terrain.CORRIDOR)
                if self.rn2(7):
                    self.make_door(xx, yy, room, hidden=bool(self.rn2(5)))
            return

    def make_niches(self) -> None:
        for _ in range(self.rnd(len(self.rooms) // 2 + 1)):
            self.make_niche(trapped=False)

    def make_vault(self) -> None:
        if self.vault_at is None:
            return
        x, y = self.vault_at
        fitted = self.check_room(x, 1, y, 1, True)
        if fitted is None and len(self.rects):
            self.rn2(len(self.rects))
            self.vault_at = None
            if self.create_room(vault=True):
                assert self.vault_at is not None
                fitted = self.check_room(self.vault_at[0], 1, self.vault_at[1], 1, True)
        if fitted is None:
            return
        lx, w, ly, h = fitted
        self.add_room(lx, ly, lx + w, ly + h, True, vault=True)
        if not self.rn2(3):
            self.make_niche(trapped=True)  # a teleport trap's closet: a hidden dead end


def generate(seed: int, *, secrets: bool = True) -> Level:
    """The level for ``seed``; the same seed always gives the same level.

    With ``secrets`` off every hidden door and corridor square is made visible
    (the paper's switch), so both settings of one seed share the same layout.
    """
    b = _Builder(seed)
    b.make_rooms()
    b.rooms.sort(key=lambda room: room.lx)
    b.smeq = list(range(len(b.rooms)))
    n = len(b.rooms)
    down_room = b.rooms[b.rn2(n)]
    down = (down_room.ly + b.rn2(down_room.hy - down_room.ly + 1),
            down_room.lx + b.rn2(down_room.hx - down_room.lx + 1))
    b.set(down[1], down[0], Terrain.DOWNSTAIRS)
    start_room = down_room
    if n > 1:
        others = [room for room in b.rooms if room is not down_room]
        start_room = others[b.rn2(len(others))]
    while True:
        start = (start_room.ly + b.rn2(start_room.hy - start_room.ly + 1),
                 start_room.lx + b.rn2(start_room.hx - start_room.lx + 1))
        if start != down:
            break
    b.set(start[1], start[0], Terrain.UPSTAIRS)
    b.make_corridors()
    b.make_niches()
    b.make_vault()

    terrain = np.array(b.grid, dtype=np.int8)
    if not secrets:
        terrain[terrain == Terrain.SDOOR] = Terrain.DOOR
        terrain[terrain == Terrain.SCORR] = Terrain.CORRIDOR
    terrain.setflags(write=False)
    hidden_kinds = {int(k) for k in HIDDEN}
    doors = tuple(sorted(
        (pos, state) for pos, state in b.doormask.items()
        if int(terrain[pos]) in hidden_kinds | {int(Terrain.DOOR)}
    ))
    rooms = tuple(
        Room(top=r.ly, left=r.lx, bottom=r.hy, right=r.hx, lit=r.lit, vault=r.vault)
        for r in b.rooms
    )
    return Level(seed=seed, secrets=secrets, terrain=terrain, doors=doors,
                 horizontal=frozenset(b.horizontal), rooms=rooms, start=start, downstairs=down)
