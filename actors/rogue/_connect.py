"""The connectivity analyser: choke points and loops of the known level.

A depth-first search over the walkable squares of the terrain map (Tarjan's
low-link numbering, iterative so a long passage can't overflow the stack) finds
the articulation points (squares whose loss splits the level: a monster there
cuts off a retreat) and the squares that lie on a cycle (biconnected pieces of
more than one edge): retreating along a cycle never ends in a dead end, which is
how the hero outlasts a monster that does not heal. Recomputed only when the
terrain's rows change.
"""

from __future__ import annotations

import functools

from runtime import Activation, KnowledgeSource

from ._facts import Connectivity, Terrain
from ._grid import CELLS, COLS, ROWS, STEPS, TOP, Pos, index, inside, neighbours, position

WALKABLE = frozenset(".#+%^")


def can_step(rows: tuple[str, ...], a: Pos, b: Pos) -> bool:
    """Rogue's step rule on known terrain: diagonal steps need both corners open."""
    if rows[b[0] - TOP][b[1]] not in WALKABLE:
        return False
    if a[0] != b[0] and a[1] != b[1]:
        return (rows[a[0] - TOP][b[1]] in WALKABLE and rows[b[0] - TOP][a[1]] in WALKABLE
                and rows[a[0] - TOP][a[1]] != "+" and rows[b[0] - TOP][b[1]] != "+")
    return True


def _steps_by_kind() -> tuple[tuple[tuple[int, ...], ...],
                               tuple[tuple[tuple[int, int, int], ...], ...]]:
    """Per square (flat index), its straight neighbours on the map, and its diagonal
    ones with the two corner squares such a step passes; both in ``STEPS`` order,
    which lists the straight steps first."""
    straight, diagonal = [], []
    for i in range(CELLS):
        r, c = position(i)
        inside_steps = [(dr, dc) for dr, dc in STEPS if inside((r + dr, c + dc))]
        straight.append(tuple(index((r + dr, c + dc)) for dr, dc in inside_steps
                              if not (dr and dc)))
        diagonal.append(tuple((index((r + dr, c + dc)), index((r, c + dc)), index((r + dr, c)))
                              for dr, dc in inside_steps if dr and dc))
    return tuple(straight), tuple(diagonal)


_STRAIGHT, _DIAGONAL = _steps_by_kind()
assert all(dr == 0 or dc == 0 for dr, dc in STEPS[:4]) and all(dr and dc for dr, dc in STEPS[4:]), \
    "step_graph lists straight steps before diagonal ones, as STEPS does"


#: What a diagonal step may enter: walkable and not a door (Rogue's doorways are
#: entered and left straight).
_DIAGONAL_OPEN = WALKABLE - {"+"}
#: Each square with the squares round it: the entries a change of it can alter.
_AROUND = tuple((i, *(j for j in _STRAIGHT[i]), *(j for j, _, _ in _DIAGONAL[i]))
                for i in range(CELLS))
#: Past this many changed squares a table is built whole rather than from the last.
_PATCH_LIMIT = 200

#: The last table built, and its terrain (one string, as ``_flat``): the next one is
#: that one with the entries round the changed squares worked out again.
_last: tuple[str, tuple[tuple[int, ...] | None, ...]] | None = None


@functools.lru_cache(maxsize=8)
def step_graph(rows: tuple[str, ...]) -> tuple[tuple[int, ...] | None, ...]:
    """Per walkable square (flat index), the squares a step from it may enter by
    :func:`can_step`, in ``STEPS`` order (the order the searches expand in); None
    for the other squares (:func:`steps_from` answers for those).

    Why a table: the path calculator and this analyser asked ``can_step`` some
    9 million times in one 5,800-turn game. The terrain changes on about one
    decision in three, a few squares at a time, so a new table is the last one with
    the entries round the changed squares redone (an entry depends only on its
    square and the eight round it).
    """
    global _last
    flat = _flat(rows)
    last = _last
    graph: list[tuple[int, ...] | None]
    if last is None:
        changed = None
    else:
        before, table = last
        changed = [k for r in range(0, CELLS, COLS) if flat[r:r + COLS] != before[r:r + COLS]
                   for k in range(r, r + COLS) if flat[k] != before[k]]
        if len(changed) > _PATCH_LIMIT:
            changed = None
    if changed is None:
        graph = [_entry(flat, i) for i in range(CELLS)]
    else:
        graph = list(table)
        for i in {i for k in changed for i in _AROUND[k]}:
            graph[i] = _entry(flat, i)
    result = tuple(graph)
    _last = (flat, result)
    return result


def _entry(flat: str, i: int) -> tuple[int, ...] | None:
    """Square ``i``'s entry in :func:`step_graph`."""
    here = flat[i]
    if here not in WALKABLE:
        return None
    ahead = tuple(j for j in _STRAIGHT[i] if flat[j] in WALKABLE)
    if here == "+":
        return ahead
    return ahead + tuple(j for j, a, b in _DIAGONAL[i] if flat[j] in _DIAGONAL_OPEN
                         and flat[a] in WALKABLE and flat[b] in WALKABLE)


def steps_from(rows: tuple[str, ...], i: int) -> tuple[int, ...]:
    """The squares a step from square ``i`` may enter, walkable or not (the hero may
    stand where the terrain map has no floor yet)."""
    graph = step_graph(rows)[i]
    if graph is not None:
        return graph
    here = position(i)
    return tuple(index(n) for n in neighbours(here) if can_step(rows, here, n))


def _flat(rows: tuple[str, ...]) -> str:
    """The rows as one string of ``CELLS`` squares, indexed as :func:`_grid.index`."""
    return "".join(row.ljust(COLS)[:COLS] for row in rows[:ROWS]).ljust(CELLS)


def analyse(terrain: Terrain) -> Connectivity:
    adj = step_graph(terrain.rows)  # None only off the walkable squares, never visited
    nodes = [i for i, ch in enumerate(_flat(terrain.rows)) if ch in WALKABLE]
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    choke: set[int] = set()
    cyclic: set[int] = set()
    edge_stack: list[tuple[int, int]] = []
    counter = 0
    for root in nodes:
        if root in order:
            continue
        order[root] = low[root] = counter
        counter += 1
        children = 0
        stack = [(root, None, iter(adj[root]))]
        while stack:
            node, parent, it = stack[-1]
            advanced = False
            for nxt in it:
                if nxt == parent:
                    continue
                if nxt not in order:
                    order[nxt] = low[nxt] = counter
                    counter += 1
                    edge_stack.append((node, nxt))
                    stack.append((nxt, node, iter(adj[nxt])))
                    if node == root:
                        children += 1
                    advanced = True
                    break
                if order[nxt] < order[node]:
                    low[node] = min(low[node], order[nxt])
                    edge_stack.append((node, nxt))
            if advanced:
                continue
            stack.pop()
            if parent is None:
                continue
            low[parent] = min(low[parent], low[node])
            if low[node] >= order[parent]:
                if parent != root:
                    choke.add(parent)
                component = []
                while edge_stack:
                    edge = edge_stack.pop()
                    component.append(edge)
                    if edge == (parent, node):
                        break
                if len(component) > 1:
                    for a, b in component:
                        cyclic.add(a)
                        cyclic.add(b)
        if children > 1:
            choke.add(root)
    return Connectivity(level=terrain.level, chokepoints=frozenset(map(position, choke)),
                        cycles=frozenset(map(position, cyclic)))


class ConnectivityAnalyser(KnowledgeSource):
    """Keeps ``connect`` from ``terrain``."""

    name = "connect"
    reads = frozenset({"terrain"})
    writes = frozenset({"connect"})
    budget = 1.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._key: tuple[int, tuple[str, ...]] | None = None
        self.result = Connectivity(level=-1)

    async def activate(self, activation: Activation) -> None:
        terrain: Terrain | None = activation.read("terrain")
        if terrain is None:
            return
        key = (terrain.level, terrain.rows)
        if key != self._key:
            self._key = key
            self.result = analyse(terrain)
        await activation.write("connect", self.result)

