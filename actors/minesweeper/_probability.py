"""Exact mine probabilities for every covered square, by counting the layouts.

Every layout of the hidden mines that agrees with the open numbers and the mine
counter is equally likely (the game places mines uniformly; the first-click rule
only protects squares that are open by now). So the chance that a square holds a
mine is the share of consistent layouts that put one there. The engine counts
those layouts exactly, with integers, in four steps:

1. *Boxes.* Covered squares next to numbers (the frontier) are grouped by the
   exact set of constraints they appear in: squares of one box are interchangeable,
   so a box of k squares holding m mines counts C(k, m) ways.
2. *Components.* Constraints that share no square don't interact; the frontier
   splits into independent components, each solved alone and cached by its
   constraints (an unchanged component is never solved twice — between two guesses
   most of the frontier is unchanged, and the guesser's what-ifs change one part).
3. *Per component,* a dynamic programme over the boxes in an order that keeps few
   constraints open at once: the state is the mines still owed to each open
   constraint. A forward pass gives W[m], the number of ways to put m mines in the
   component; a backward pass gives E_b[m], the ways weighted by the mines in box b.
   Rejected alternative: enumerating solutions one by one (backtracking) — exact
   too, but a long frontier has millions of solutions where the programme has
   hundreds of states.
4. *Global count.* The squares off the frontier (the interior) are
   interchangeable too: with t mines on the frontier, C(interior, mines_left - t)
   ways remain for them. Components are convolved to weigh each one's mine count
   against everything else.

Probabilities come out as exact fractions (numerator over ``solutions``); the
guesser uses floats made from those integers.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb

import attrs

from ._field import Square

#: A constraint as the engine takes it: (covered squares, mines among them).
Rule = tuple[frozenset[Square], int]


@attrs.frozen
class ComponentTable:
    """One component's counts: its boxes, W[m] and, per box, E_b[m]."""

    boxes: tuple[tuple[Square, ...], ...]
    #: ways[m]: weighted number of layouts putting m mines in the component.
    ways: tuple[int, ...]
    #: mine_ways[b][m]: sum over those layouts of the mines in box b.
    mine_ways: tuple[tuple[int, ...], ...]


@attrs.frozen
class Analysis:
    """The engine's answer for one position: exact, immutable.

    ``solutions`` is the weighted number of consistent layouts (0 means the
    position is impossible). For a frontier square in box b the chance of a mine
    is ``box_mines[b] / (len(boxes[b]) * solutions)``; for an interior square it is
    ``interior_mines / (interior * solutions)``.
    """

    width: int
    height: int
    mines_left: int
    solutions: int
    boxes: tuple[tuple[Square, ...], ...]
    box_mines: tuple[int, ...]
    interior: tuple[Square, ...]
    interior_mines: int
    #: For each square index, its box, or -1 (interior, open or flagged).
    box_of: tuple[int, ...]
    #: Which component each box belongs to.
    box_component: tuple[int, ...]

    def mine_probability(self, square: Square) -> Fraction:
        """The exact chance that ``square`` (covered) holds a mine."""
        if self.solutions == 0:
            raise ValueError("the position is impossible: no layout of mines fits the numbers")
        b = self.box_of[square]
        if b >= 0:
            return Fraction(self.box_mines[b], len(self.boxes[b]) * self.solutions)
        if not self.interior:
            raise ValueError(f"square {square} is not covered")
        return Fraction(self.interior_mines, len(self.interior) * self.solutions)

    def box_safety(self, b: int) -> float:
        return 1.0 - self.box_mines[b] / (len(self.boxes[b]) * self.solutions)

    @property
    def interior_safety(self) -> float:
        if not self.interior:
            return 0.0
        return 1.0 - self.interior_mines / (len(self.interior) * self.solutions)

    def safety(self, square: Square) -> float:
        b = self.box_of[square]
        if b >= 0:
            return self.box_safety(b)
        return self.interior_safety

    def safe_squares(self) -> list[Square]:
        """Squares that hold no mine in any layout."""
        out = [s for b, cells in enumerate(self.boxes) if self.box_mines[b] == 0 for s in cells]
        if self.interior and self.interior_mines == 0:
            out.extend(self.interior)
        return out

    def mine_squares(self) -> list[Square]:
        """Squares that hold a mine in every layout."""
        z = self.solutions
        out = [s for b, cells in enumerate(self.boxes)
               if self.box_mines[b] == len(cells) * z for s in cells]
        if self.interior and self.interior_mines == len(self.interior) * z:
            out.extend(self.interior)
        return out


def _order_boxes(
    box_cons: list[list[int]], cons_boxes: list[list[int]]
) -> list[int]:
    """An order of the boxes that keeps few constraints open (greedy, frontier-following)."""
    n = len(box_cons)
    remaining = set(range(n))
    left = [len(b) for b in cons_boxes]  # boxes of each constraint not yet placed
    opened = [False] * len(cons_boxes)
    order: list[int] = []
    while remaining:
        best, best_key = -1, None
        for b in remaining:
            inside = closes = new = 0
            for c in box_cons[b]:
                if opened[c]:
                    inside += 1
                else:
                    new += 1
                if left[c] == 1:
                    closes += 1
            key = (-inside, new - closes, b) if order else (len(box_cons[b]), b)
            if best_key is None or key < best_key:
                best, best_key = b, key
        order.append(best)
        remaining.discard(best)
        for c in box_cons[best]:
            opened[c] = True
            left[c] -= 1
    return order


def solve_component(rules: Sequence[Rule]) -> ComponentTable:
    """Count one connected component's layouts by mine total (see the module docstring)."""
    cons_cells = [cells for cells, _ in rules]
    targets = [mines for _, mines in rules]
    signature: dict[Square, list[int]] = {}
    for c, cells in enumerate(cons_cells):
        for s in cells:
            signature.setdefault(s, []).append(c)
    groups: dict[tuple[int, ...], list[Square]] = {}
    for s, cs in signature.items():
        groups.setdefault(tuple(cs), []).append(s)
    box_list = [(key, tuple(sorted(cells))) for key, cells in groups.items()]
    box_list.sort(key=lambda kv: kv[1][0])
    box_cons = [list(key) for key, _ in box_list]
    boxes = [cells for _, cells in box_list]
    cons_boxes: list[list[int]] = [[] for _ in rules]
    for b, cs in enumerate(box_cons):
        for c in cs:
            cons_boxes[c].append(b)
    order = _order_boxes(box_cons, cons_boxes)
    n = len(order)
    position = [0] * n
    for i, b in enumerate(order):
        position[b] = i
    first = [min(position[b] for b in bs) for bs in cons_boxes]
    last = [max(position[b] for b in bs) for bs in cons_boxes]
    # capacity_after[c][i]: squares of constraint c in boxes placed after step i.
    sizes = [len(boxes[b]) for b in order]

    # Plan each step: where each slot of the new state comes from.
    plans = []
    open_list: list[int] = []
    for i, b in enumerate(order):
        s = sizes[i]
        mine = set(box_cons[b])
        index_old = {c: j for j, c in enumerate(open_list)}
        closing = []  # (old index or -1, target) for constraints whose last box is this one
        for c in box_cons[b]:
            if last[c] == i:
                closing.append((index_old.get(c, -1), targets[c]))
        new_open = [c for c in open_list if last[c] != i]
        new_open += [c for c in box_cons[b] if first[c] == i and last[c] != i]
        slots = []
        for c in new_open:
            cap = sum(len(boxes[bb]) for bb in cons_boxes[c] if position[bb] > i)
            slots.append((index_old.get(c, -1), targets[c], c in mine, cap))
        plans.append((s, tuple(closing), tuple(slots)))
        open_list = new_open

    # Forward: alpha[i] maps a state before step i to {mines so far: ways}.
    alphas: list[dict[tuple[int, ...], dict[int, int]]] = [{(): {0: 1}}]
    edges: list[list[tuple[tuple[int, ...], int, tuple[int, ...]]]] = []
    for s, closing, slots in plans:
        current = alphas[-1]
        nxt: dict[tuple[int, ...], dict[int, int]] = {}
        step_edges = []
        binom = [comb(s, k) for k in range(s + 1)]
        for state, by_mines in current.items():
            for k in range(s + 1):
                ok = True
                for j, target in closing:
                    if (state[j] if j >= 0 else target) != k:
                        ok = False
                        break
                if not ok:
                    continue
                new = []
                for j, target, has, cap in slots:
                    r = state[j] if j >= 0 else target
                    if has:
                        r -= k
                    if r < 0 or r > cap:
                        ok = False
                        break
                    new.append(r)
                if not ok:
                    continue
                key = tuple(new)
                step_edges.append((state, k, key))
                bucket = nxt.get(key)
                if bucket is None:
                    bucket = nxt[key] = {}
                w = binom[k]
                for a, ways in by_mines.items():
                    bucket[a + k] = bucket.get(a + k, 0) + ways * w
        alphas.append(nxt)
        edges.append(step_edges)

    final = alphas[-1].get((), {})
    top = max(final) if final else 0
    ways = tuple(final.get(m, 0) for m in range(top + 1))

    # Backward: beta maps a state before step i to {mines from step i on: ways}.
    beta: dict[tuple[int, ...], dict[int, int]] = {(): {0: 1}}
    mine_ways_by_step: list[dict[int, int]] = [{} for _ in range(n)]
    for i in range(n - 1, -1, -1):
        s = plans[i][0]
        alpha = alphas[i]
        prev: dict[tuple[int, ...], dict[int, int]] = {}
        tally = mine_ways_by_step[i]
        for state, k, key in edges[i]:
            after = beta.get(key)
            if after is None:
                continue
            w = comb(s, k)
            bucket = prev.get(state)
            if bucket is None:
                bucket = prev[state] = {}
            for r, ways_r in after.items():
                bucket[r + k] = bucket.get(r + k, 0) + ways_r * w
            if k:
                kw = k * w
                for a, ways_a in alpha[state].items():
                    base = ways_a * kw
                    for r, ways_r in after.items():
                        m = a + k + r
                        tally[m] = tally.get(m, 0) + base * ways_r
        beta = prev
    mine_ways = [()] * n
    for i, b in enumerate(order):
        tally = mine_ways_by_step[i]
        mine_ways[b] = tuple(tally.get(m, 0) for m in range(top + 1))
    return ComponentTable(tuple(boxes), ways, tuple(mine_ways))


def _convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def components(rules: Sequence[Rule]) -> list[list[int]]:
    """Indices of ``rules`` grouped into independent components (sharing no square)."""
    by_cell: dict[Square, list[int]] = {}
    for c, (cells, _) in enumerate(rules):
        for s in cells:
            by_cell.setdefault(s, []).append(c)
    seen = [False] * len(rules)
    groups = []
    for start in range(len(rules)):
        if seen[start]:
            continue
        seen[start] = True
        stack, group = [start], []
        while stack:
            c = stack.pop()
            group.append(c)
            for s in rules[c][0]:
                for d in by_cell[s]:
                    if not seen[d]:
                        seen[d] = True
                        stack.append(d)
        groups.append(group)
    return groups


class ProbabilityEngine:
    """Computes :class:`Analysis` objects, caching component tables between calls.

    The cache is the engine's private memory (an LRU of ``cache_size`` components);
    a restarted engine just solves again.
    """

    def __init__(self, cache_size: int = 4096) -> None:
        self.cache_size = cache_size
        self._cache: OrderedDict[frozenset[Rule], ComponentTable] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def table(self, rules: Iterable[Rule]) -> ComponentTable:
        key = frozenset(rules)
        cached = self._cache.get(key)
        if cached is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return cached
        self.misses += 1
        table = solve_component(sorted(key, key=lambda r: min(r[0])))
        self._cache[key] = table
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return table

    def analyse(
        self,
        width: int,
        height: int,
        covered: Iterable[Square],
        rules: Sequence[Rule],
        mines_left: int,
    ) -> Analysis:
        """Exact probabilities for ``covered`` squares under ``rules`` and the counter.

        ``rules`` are (covered squares, mines) pairs; every square in them must be
        in ``covered``. Squares of ``covered`` in no rule are the interior.
        """
        groups = components(rules)
        tables = [self.table(rules[c] for c in group) for group in groups]
        frontier: set[Square] = set()
        for cells, _ in rules:
            frontier |= cells
        interior = tuple(sorted(s for s in covered if s not in frontier))
        n_int = len(interior)
        left = mines_left

        def rest(t: int) -> int:
            return comb(n_int, left - t) if 0 <= left - t <= n_int else 0

        k = len(tables)
        prefix = [[1]]
        for t in tables:
            prefix.append(_convolve(prefix[-1], t.ways))
        suffix = [[1]] * (k + 1)
        for i in range(k - 1, -1, -1):
            suffix[i] = _convolve(tables[i].ways, suffix[i + 1])
        total = prefix[k]
        solutions = sum(w * rest(t) for t, w in enumerate(total) if w)
        if n_int and solutions:
            interior_mines = sum(
                w * comb(n_int - 1, left - t - 1)
                for t, w in enumerate(total)
                if w and 0 <= left - t - 1 <= n_int - 1
            ) * n_int
        else:
            interior_mines = 0

        boxes: list[tuple[Square, ...]] = []
        box_mines: list[int] = []
        box_component: list[int] = []
        box_of = [-1] * (width * height)
        for ci, table in enumerate(tables):
            others = _convolve(prefix[ci], suffix[ci + 1])
            weight = [
                sum(o * rest(m + t) for t, o in enumerate(others) if o)
                for m in range(len(table.ways))
            ]
            for cells, tally in zip(table.boxes, table.mine_ways, strict=True):
                b = len(boxes)
                boxes.append(cells)
                box_mines.append(sum(x * g for x, g in zip(tally, weight, strict=True) if x))
                box_component.append(ci)
                for s in cells:
                    box_of[s] = b
        return Analysis(
            width=width,
            height=height,
            mines_left=mines_left,
            solutions=solutions,
            boxes=tuple(boxes),
            box_mines=tuple(box_mines),
            interior=interior,
            interior_mines=interior_mines,
            box_of=tuple(box_of),
            box_component=tuple(box_component),
        )
