"""The near-optimal tour: the lower bound that knows the whole map (the paper's "optimal").

Given the full map (``protocols.dungeon.FullMap``, never an explorer's view), walk
from the start to the centre of every room, in the order that makes the walk
shortest. Distances between the start and the room centres are shortest walks
on the real map (8 directions, no diagonal through a door, one more action per
closed door); the order is an exact open travelling-salesman path by dynamic
programming over subsets (Held-Karp; at most 11 rooms on a level 1, so 2^11
subsets), instead of the paper's solver with two dummy vertices, which solves
the same open-path problem.

Like the paper's, the tour is only near-optimal as a room-visiting route: it
walks to each room's centre, where stepping through a doorway would do. Hidden
doors and corridors count as open (it knows where they are).
"""

from __future__ import annotations

import attrs
import numpy as np

from ._map import COLUMNS, NEIGHBOURS, ROWS

Pos = tuple[int, int]
_WALKABLE = frozenset(".#<>+")


@attrs.frozen
class Tour:
    """The tour's order of rooms (indices into the map's rooms) and its length in actions."""

    order: tuple[int, ...]
    actions: int
    #: Actions from the start to the centre of each room, in visiting order.
    legs: tuple[int, ...]


def _distances(rows: tuple[str, ...], intact: frozenset[Pos], source: Pos) -> list[int]:
    walk = [False] * (ROWS * COLUMNS)
    door = [False] * (ROWS * COLUMNS)
    closed = [False] * (ROWS * COLUMNS)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line[:COLUMNS]):
            i = r * COLUMNS + c
            if ch in _WALKABLE or (r, c) in intact:
                walk[i] = True
            if (r, c) in intact:
                door[i] = True
                closed[i] = ch == "+"
    out = [-1] * (ROWS * COLUMNS)
    start = source[0] * COLUMNS + source[1]
    out[start] = 0
    buckets: list[list[int]] = [[start]]
    d = 0
    while d < len(buckets):
        for i in buckets[d]:
            if out[i] != d:
                continue
            for j, diagonal in NEIGHBOURS[i]:
                if not walk[j] or (diagonal and (door[i] or door[j])):
                    continue
                cost = d + (2 if closed[j] else 1)
                if out[j] != -1 and out[j] <= cost:
                    continue
                out[j] = cost
                while len(buckets) <= cost:
                    buckets.append([])
                buckets[cost].append(j)
        d += 1
    return out


def _centre(room: tuple[int, int, int, int]) -> Pos:
    top, left, bottom, right = room
    return ((top + bottom) // 2, (left + right) // 2)


def optimal_tour(full_map) -> Tour:
    """The shortest walk from the start through every room's centre (``full_map``:
    a ``protocols.dungeon.FullMap``). The start room counts as visited."""
    rooms = list(full_map.rooms)
    start = tuple(full_map.start)
    intact = frozenset(tuple(p) for p in full_map.intact_doors)
    todo = [i for i, (t, lft, b, rgt) in enumerate(rooms)
            if not (t <= start[0] <= b and lft <= start[1] <= rgt)]
    points = [start] + [_centre(rooms[i]) for i in todo]
    n = len(points)
    if n == 1:
        return Tour(order=(), actions=0, legs=())
    dist = np.zeros((n, n), dtype=np.int64)
    for a, p in enumerate(points):
        d = _distances(full_map.rows, intact, p)
        for b, q in enumerate(points):
            v = d[q[0] * COLUMNS + q[1]]
            dist[a, b] = v if v >= 0 else 10_000  # an unreachable room: very far
    k = n - 1  # rooms to visit, numbered 0..k-1 (points 1..k)
    big = np.iinfo(np.int64).max // 4
    dp = np.full((1 << k, k), big, dtype=np.int64)
    parent = np.full((1 << k, k), -1, dtype=np.int64)
    for j in range(k):
        dp[1 << j, j] = dist[0, j + 1]
    legs = dist[1:, 1:]
    for mask in range(1, 1 << k):
        row = dp[mask]
        if row.min() >= big:
            continue
        for j in range(k):
            if mask & (1 << j):
                continue
            cand = row + legs[:, j]
            cand[[i for i in range(k) if not mask & (1 << i)]] = big
            i = int(cand.argmin())
            nm = mask | (1 << j)
            if cand[i] < dp[nm, j]:
                dp[nm, j] = cand[i]
                parent[nm, j] = i
    full = (1 << k) - 1
    last = int(dp[full].argmin())
    total = int(dp[full, last])
    order = []
    mask, j = full, last
    while j != -1:
        order.append(j)
        prev = int(parent[mask, j])
        mask ^= 1 << j
        j = prev
    order.reverse()
    run, legs_out, here = 0, [], 0
    for j in order:
        run += int(dist[here, j + 1])
        legs_out.append(run)
        here = j + 1
    return Tour(order=tuple(todo[j] for j in order), actions=total, legs=tuple(legs_out))
