"""Health maintenance and exploration, the lowest experts.

Health eats when hungry and rests (searching in place, which heals) when hit
points are low and no awake monster is near; with no food left it rests less,
since walking heals as fast and every turn eats. Exploration walks to the nearest
frontier (a known walkable square next to the unknown, not yet stood on), takes
the stairs once the level is explored (or the tactics' patience runs out, or the
hero is hungry with no food), and otherwise searches for a hidden way on.

Where to search follows how Rogue builds a level: a 3x3 grid of cells, a room (or
a passage junction) in each, joined only to the cells beside them by passages from
doors in the walls that face them. A secret door is in such a wall, most likely one
facing a cell we know nothing of or one we can see but not reach; a hidden passage
square makes a passage stop short. Each square that may hide a way on has a worth
and a chance that one search beside it misses (4 in 5 for a door, 2 in 3 for a
passage square, as Rogue's ``search()`` rolls); the hero searches from the square,
stood on or not, where ``search_turns`` searches should find the most for the turns
spent walking there and searching, counting the searches already made around it.
"""

from __future__ import annotations

import functools

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._facts import Inventory, PathField, Terrain
from ._grid import TOP, Pos, index, neighbours, position

WALKABLE = frozenset(".#+%^")
#: Hungry with no food in the pack, rest only below this share of the tactics'
#: threshold, and only up to the threshold.
FRUGAL_REST = 0.6


def _unlisted(inventory: Inventory) -> set[str]:
    """Pack letters before the first one the inventory knows: items no list has shown."""
    first = min((i.letter for i in inventory.items), default="b")
    return {chr(c) for c in range(ord("a"), ord(first))}


class Health(RogueExpert):
    name = "health"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.resting = False
        #: Pack letters tried as food while hungry (cleared once fed).
        self.probed: set[str] = set()

    def advise(self, s: Situation) -> Proposal | None:
        intern = s.intern
        if intern is None:
            return None
        tactics = s.tactics
        if intern.hunger == 0:
            self.probed.clear()
        if intern.hunger >= tactics.eat_at and s.inventory is not None \
                and not s.inventory.stale:
            food = s.inventory.of_kind("food")
            hunger = ("fed", "hungry", "weak", "faint")[min(3, intern.hunger)]
            if food and not s.adjacent:
                return Proposal("e" + food[0].letter, f"health: {hunger}: eat {food[0].text!r}")
            unseen = _unlisted(s.inventory) - self.probed
            if not food and unseen and not s.adjacent:
                # A list drawn while a message showed loses its first line: the
                # starting food is item a. Eating a non-food costs no turn in Rogue.
                letter = min(unseen)
                self.probed.add(letter)
                return Proposal("e" + letter, f"health: {hunger}, no food listed: "
                                f"try item {letter!r}, never seen in a list")
        attacked = s.events is not None and "hit_by" in s.events.kinds()
        if s.awake_within(6) or attacked:
            self.resting = False
            return None
        if intern.confused or intern.blind:
            return Proposal("s", "health: confused or blind: wait it out")
        frac = intern.hp_fraction
        below, until = tactics.rest_below, tactics.rest_until
        if intern.hunger >= 1 and s.inventory is not None and not s.inventory.stale \
                and not s.inventory.of_kind("food"):
            # Walking heals as fast as resting (Rogue's doctor() counts every turn
            # without a fight), so a rest only keeps a weak hero out of fights, and
            # a hungry hero with no food has few turns left: rest only when weak,
            # and not to full.
            below, until = below * FRUGAL_REST, min(until, below)
        if frac < below:
            self.resting = True
        if self.resting and frac >= until:
            self.resting = False
        if self.resting and intern.hunger < 2:
            return Proposal("10s", f"health: rest (hp {intern.hp}/{intern.hp_max})")
        return None


def _frontier(s: Situation, pos: Pos) -> bool:
    t = s.terrain
    assert t is not None
    if pos in t.visited or t.at(pos) not in WALKABLE or t.at(pos) == "^":
        return False
    return any(t.at(n) == " " for n in neighbours(pos)) or len(neighbours(pos)) < 8


#: Rogue lays a level out on a 3x3 grid of cells (``NUMCOLS / 3`` by ``NUMLINES / 3``),
#: one room or passage junction each, joined only to the cells beside them.
CELL_COLS, CELL_ROWS = 26, 8
#: The chance one search misses a secret door (Rogue: found 1 time in 5) and a hidden
#: passage square (found 1 time in 3), from ``search()`` in command.c.
MISS_DOOR, MISS_PASSAGE = 0.8, 2 / 3
#: What a hidden way on is worth, square by square, by where it could be.
W_UNKNOWN_CELL = 1.0  # a room wall facing a cell we know nothing of
W_DEAD_END = 6.0  # shared by the squares beyond a passage that stops
W_STAIRS_CELL = 3.0  # a room wall facing a cell cut off from us, or its stairs' cell
W_KNOWN_CELL = 0.05  # a room wall facing a cell we have seen: a loop at best
W_ROCK = 0.01  # rock beside any passage: hidden squares hide anywhere, at long odds
W_MAZE_END = 1.0  # shared likewise, when the passage is one of a maze's true dead ends
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


def hidden_odds(t: Terrain, paths: PathField | None = None) -> dict[Pos, tuple[float, float]]:
    """Where a secret door or hidden passage square may be: ``square -> (worth, miss)``.

    ``worth`` is how much finding a way there would be worth (the prior of a hidden
    way, weighted by where it would lead), ``miss`` the chance one search beside it
    misses it. Doors are only ever in room walls that face a neighbouring cell
    (never at a corner), and are worth most facing a cell cut off from us (given
    ``paths``) or holding stairs out of reach; a passage that stops short hides its
    next square (unless it is one of a maze's many true dead ends); any rock beside
    a passage may, rarely, be one.
    """
    cut = cut_off(t, paths) if paths is not None and paths.dist else frozenset()
    return _odds(t.rows, t.stairs, dead_ends(t), cut)


@functools.lru_cache(maxsize=8)
def _odds(rows: tuple[str, ...], stairs: Pos | None, ends: frozenset[Pos],
          cut: frozenset[tuple[int, int]]) -> dict[Pos, tuple[float, float]]:
    def at(pos: Pos) -> str:
        r, c = pos
        return rows[r - TOP][c] if TOP <= r < TOP + len(rows) and 0 <= c < len(rows[0]) else " "

    known: set[tuple[int, int]] = set()
    passages: dict[tuple[int, int], int] = {}
    walled: set[tuple[int, int]] = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != " ":
                cell = cell_of((r + TOP, c))
                known.add(cell)
                if ch == "#":
                    passages[cell] = passages.get(cell, 0) + 1
                elif ch in "-|":
                    walled.add(cell)
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
        total = W_MAZE_END if cell_of(end) in mazes else W_DEAD_END
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


def spot_rates(t: Terrain, paths: PathField, turns: int) -> dict[Pos, float]:
    """For each reachable square, the hidden ways ``turns`` searches there should find
    per turn spent walking there and searching.

    What the searches find: the worth of every square beside the spot, times the
    chance it is still hidden after the searches already made beside it, times the
    chance these ``turns`` searches find it. The searches already made come from
    the terrain's counts; they stop at 255, by when nothing is left to find.
    """
    left: dict[Pos, tuple[float, float]] = {}
    for pos, (worth, miss) in hidden_odds(t, paths).items():
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
              keep: Pos | None = None) -> Pos | None:
    """The square to search from next: the best rate of :func:`spot_rates`.

    ``keep``, the spot we are walking to, stays chosen unless another is clearly
    better (:data:`SWITCH` times its rate): rates shift a little with every step,
    and a hero who changes his mind at each shift walks back and forth.
    """
    rates = spot_rates(t, paths, turns)
    rates.pop(avoid, None)
    if not rates:
        return None
    best = max(rates, key=rates.__getitem__)
    if keep is not None and keep in rates and rates[best] <= SWITCH * rates[keep]:
        return keep
    return best


class Exploration(RogueExpert):
    name = "explore"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.search_spot: Pos | None = None
        self.level = -1
        self.last: tuple[Pos, str] | None = None
        self.stuck = 0
        #: Our own searches at ``search_spot``, and the spot searched out last.
        self.searches = 0
        self.done: Pos | None = None

    def advise(self, s: Situation) -> Proposal | None:
        t, paths = s.terrain, s.paths
        if t is None or paths is None:
            return None
        if t.level != self.level:
            self.level, self.search_spot, self.searches, self.done = t.level, None, 0, None
        if self.last is not None and self.last[0] == s.player and not s.sensed.message:
            self.stuck += 1
        else:
            self.stuck = 0
        if self.stuck >= 3:
            self.stuck = 0
            key = self.rng.choice([k for k in "hjklyubn"])
            return self._go(s, key, "explore: stuck, a random step")
        tactics = s.tactics
        healthy = s.hp_fraction >= tactics.descend_hp
        on_stairs = t.stairs is not None and s.player == t.stairs
        frontier = self._nearest(s, lambda p: _frontier(s, p))
        # Patience only matters when there is somewhere to go: the stairs.
        # Out of food and hungry: new levels bring food, this one is spent.
        starving = (s.intern is not None and s.intern.hunger >= 1 and s.inventory is not None
                    and not s.inventory.of_kind("food"))
        impatient = (t.turns > tactics.level_patience or starving) and t.stairs is not None
        if on_stairs and (frontier is None or impatient) and (healthy or starving):
            why = "hungry with no food" if starving else f"level {t.level} explored"
            return Proposal(">", f"explore: {why}, down the stairs")
        if frontier is not None and not impatient:
            key = s.step_to(frontier)
            if key is not None:
                return self._go(s, key, f"explore: toward the unknown at {frontier}")
        if t.stairs is not None and s.distance_to(t.stairs) > 0:
            if healthy or starving:
                key = s.step_to(t.stairs)
                if key is not None:
                    return self._go(s, key, "explore: nothing left here, to the stairs")
            return Proposal("10s", "explore: rest before taking the stairs")
        return self._search(s)

    def _go(self, s: Situation, key: str, why: str) -> Proposal:
        self.last = (s.player, key)
        return Proposal(key, why)

    def _nearest(self, s: Situation, goal) -> Pos | None:  # noqa: ANN001
        from ._paths import nearest

        assert s.paths is not None
        return nearest(s.paths, goal)

    def _search(self, s: Situation) -> Proposal:
        """Search at the spot most likely to show a hidden way on, for its cost in turns.

        A spot is searched ``search_turns`` times, counted by us: the terrain's counts
        stop at 255, and a spot chosen afresh once every count is there must still be
        searched, not dropped at the next step (the hero once walked between two such
        spots until he starved). On the way to a spot, or taken off it by another
        expert, the choice is looked at again and kept unless another spot is clearly
        better (:func:`best_spot`).
        """
        t = s.terrain
        assert t is not None and s.paths is not None
        turns = s.tactics.search_turns
        spot = self.search_spot
        if spot is not None and (self.searches >= turns or s.paths.dist[index(spot)] < 0):
            spot = None
        if spot is None or spot != s.player:
            # On the way (or sent elsewhere by another expert): look again.
            chosen = best_spot(t, s.paths, turns, avoid=self.done, keep=spot)
            if chosen != spot:
                self.search_spot, self.searches = chosen, 0
            spot = chosen
        if spot is None or spot == s.player:
            self.searches += 1
            if self.searches >= turns:
                self.done = s.player
            n = t.searched[index(s.player)]
            return Proposal("s", f"explore: search for secret doors here ({n} so far)")
        key = s.step_to(spot)
        if key is None:
            self.search_spot = None
            return Proposal("s", "explore: search (no way to the chosen spot)")
        return self._go(s, key, f"explore: to the search spot at {spot}")
