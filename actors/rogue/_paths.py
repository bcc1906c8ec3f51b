"""Path calculation: weighted shortest paths from the hero, in linear time.

The seed's method: a breadth-first search outward from the hero, where a square
with an *avoidance* cost (a trap, a square next to an awake monster, a monster)
is held back that many rounds before it is expanded. Costs are small bounded
integers, so the search stays linear in the number of squares. Done with a ring
of buckets, the delays give exact weighted shortest paths (the plain re-queueing
of the seed can give a tree whose paths turn back on the next step). Experts ask
it for the first step toward the nearest square that satisfies their goal
(:func:`first_step`, :func:`nearest`).
"""

from __future__ import annotations

from collections.abc import Callable

from runtime import Activation

from ._connect import step_graph, steps_from
from ._facts import ObjectMap, PathField, Sensed, Terrain
from ._gated import GatedSource
from ._grid import CELLS, Pos, chebyshev, index, neighbours, position
from ._monsters import monster

#: Monsters that wait to be touched (an ice monster freezes, a flytrap holds): go round.
LURKERS = frozenset("IF")
#: Sleeping monsters whose neighbours are dear (``NEAR_FREEZER_COST``). An ice monster
#: never wakes by itself, except in a treasure room, where Rogue makes every monster
#: mean (``treas_room``): there it wakes as the hero comes beside it, and its freezes
#: chain (each hit while he is frozen adds two or three turns) until he dies of
#: hypothermia. Two ice monsters asleep beside a potion killed a hero this way at
#: full health (dungeon 189 of 1.18); 9 of 200 games ended so.
FREEZERS = frozenset("I")
#: The cost of a square beside a sleeping freezer: dear, but well under its own
#: square's, so that two of them round it are cheaper than one step through it (1.20
#: gave them the monster's own cost, and the paths went straight through the ice
#: monster: a step into it is a blow, and its freezes killed; dungeon 15, 1.21).
NEAR_FREEZER_COST = 20
TRAP_COST = 40
MONSTER_COST = 8
NEAR_MONSTER_COST = 3
MAX_COST = 60


def avoidance(terrain: Terrain, objects: ObjectMap | None, player: Pos | None) -> dict[int, int]:
    """Extra cost per square: traps, monsters and the squares next to them."""
    costs: dict[int, int] = {}
    for trap in terrain.traps:
        costs[index(trap)] = TRAP_COST
    if objects is not None:
        for m in objects.monsters:
            if not m.moves and (m.symbol in LURKERS or not monster(m.symbol).wakes_by_itself):
                # Asleep, it stays so unless struck (Situation.let_lie): a step into it
                # is that blow. The experts that mean to fight it walk up themselves.
                costs[index(m.pos)] = MAX_COST
            elif player is not None and chebyshev(m.pos, player) <= 1:
                continue  # the one we're fighting: walking into it is an attack
            costs[index(m.pos)] = max(costs.get(index(m.pos), 0), MONSTER_COST)
            if m.moves or m.symbol in LURKERS:
                near = NEAR_FREEZER_COST if not m.moves and m.symbol in FREEZERS \
                    else NEAR_MONSTER_COST
                for n in neighbours(m.pos):
                    i = index(n)
                    costs[i] = max(costs.get(i, 0), near)
    return costs


def beside_freezer(objects: ObjectMap, pos: Pos) -> bool:
    """Is ``pos`` next to a sleeping ice monster in view (see ``FREEZERS``)? (Not one
    remembered out of view: 1.72 and 1.73 left those objects too, and measured worse
    on 500-599; 1.50 had done the same and measured worse.)"""
    return any(not m.moves and m.symbol in FREEZERS and chebyshev(m.pos, pos) <= 1
               for m in objects.monsters)


def compute(terrain: Terrain, start: Pos, costs: dict[int, int],
            blocked: frozenset[int] = frozenset()) -> PathField:
    """Weighted shortest paths from ``start``: entering a square costs 1 + its avoidance.

    ``blocked`` squares (indices) are not entered at all: the explorer's way round a
    monster it leaves asleep, where even the dearest avoidance still leads through.

    The seed's delayed breadth-first search, made exact: squares wait in a ring of
    ``MAX_COST + 2`` buckets (Dial's algorithm), so a square with avoidance ``a`` is
    expanded ``a`` rounds after its plain neighbours. Work is linear in the number
    of squares (plus the bounded cost), and the tree is a true shortest-path tree,
    so walking it step by step never turns back. The steps come from the terrain's
    table (:func:`_connect.step_graph`, built once per terrain, not asked per square).
    """
    graph = step_graph(terrain.rows)
    dist = [-1] * CELLS
    parent = [-1] * CELLS
    done = [False] * CELLS
    s = index(start)
    dist[s] = 0
    span = MAX_COST + 2
    ring: list[list[int]] = [[] for _ in range(span)]
    ring[0].append(s)
    pending = 1
    d = 0
    order = []
    while pending:
        bucket = ring[d % span]
        while bucket:
            i = bucket.pop()
            pending -= 1
            if done[i] or dist[i] != d:
                continue
            done[i] = True
            order.append(i)
            ahead = graph[i]
            if ahead is None:  # off the walkable squares: the start alone
                ahead = steps_from(terrain.rows, i)
            for j in ahead:
                if done[j] or j in blocked:
                    continue
                nd = d + 1 + min(MAX_COST, costs.get(j, 0))
                if dist[j] < 0 or nd < dist[j]:
                    dist[j] = nd
                    parent[j] = i
                    ring[nd % span].append(j)
                    pending += 1
        d += 1
    return PathField(origin=start, dist=tuple(dist), parent=tuple(parent), order=tuple(order))


def path_to(field: PathField, goal: Pos) -> list[Pos]:
    """The squares from the hero (exclusive) to ``goal`` (inclusive); [] if unreachable."""
    i = index(goal)
    if field.origin is None or not field.dist or field.dist[i] < 0:
        return []
    out = []
    s = index(field.origin)
    while i != s and i >= 0:
        out.append(position(i))
        i = field.parent[i]
    return out[::-1]


def nearest(field: PathField, goal: Callable[[Pos], bool]) -> Pos | None:
    """The first square, in search order, that satisfies ``goal`` (never the origin)."""
    if field.origin is None:
        return None
    s = index(field.origin)
    for i in field.order:
        if i != s and goal(position(i)):
            return position(i)
    return None


def first_step(field: PathField, goal: Pos) -> Pos | None:
    path = path_to(field, goal)
    return path[0] if path else None


class PathCalculator(GatedSource):
    """Keeps ``paths`` (from the hero) from ``terrain``, ``objects`` and ``sensed``."""

    name = "pathc"
    reads = frozenset({"terrain", "objects", "sensed"})
    writes = frozenset({"paths"})
    budget = 1.0

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        terrain: Terrain = activation.read("terrain")
        if sensed.player is None:
            return
        costs = avoidance(terrain, activation.read("objects"), sensed.player)
        await activation.write("paths", compute(terrain, sensed.player, costs))
