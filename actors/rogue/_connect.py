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

from runtime import Activation, KnowledgeSource

from ._facts import Connectivity, Terrain
from ._grid import TOP, Pos, neighbours

WALKABLE = frozenset(".#+%^")


def can_step(rows: tuple[str, ...], a: Pos, b: Pos) -> bool:
    """Rogue's step rule on known terrain: diagonal steps need both corners open."""
    if rows[b[0] - TOP][b[1]] not in WALKABLE:
        return False
    if a[0] != b[0] and a[1] != b[1]:
        return (rows[a[0] - TOP][b[1]] in WALKABLE and rows[b[0] - TOP][a[1]] in WALKABLE
                and rows[a[0] - TOP][a[1]] != "+" and rows[b[0] - TOP][b[1]] != "+")
    return True


def analyse(terrain: Terrain) -> Connectivity:
    rows = terrain.rows
    nodes = [(r + TOP, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
             if ch in WALKABLE]
    adj = {p: [n for n in neighbours(p) if can_step(rows, p, n)] for p in nodes}
    order: dict[Pos, int] = {}
    low: dict[Pos, int] = {}
    choke: set[Pos] = set()
    cyclic: set[Pos] = set()
    edge_stack: list[tuple[Pos, Pos]] = []
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
    return Connectivity(level=terrain.level, chokepoints=frozenset(choke),
                        cycles=frozenset(cyclic))


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

