"""Path calculation on a real game's terrains: the step table against can_step per square.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_paths_speed.py [DUNGEON]``

Plays fixed dungeon DUNGEON (939 by default: 5,762 turns to level 13) with
Rog-O-Matic and keeps every question the path calculator was asked (terrain, start,
avoidance costs), in order. Then it answers them all twice: by the project's
:func:`actors.rogue._paths.compute` (the step table of ``_connect.step_graph``,
patched as the terrain changes, its cache emptied first) and by the search as it was
before the table, which asked Rogue's step rule (``can_step``) for each neighbour of
each square it expanded (the baseline, re-implemented here and timed in the same
run). It checks that both
give the same fields and prints both times and their ratio. Path calculation was the
largest share of the agent's CPU time in a profile of that game.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import trio
from rogue_last_moves import require_rogue, witness_game

from actors.rogue import _connect, _paths
from actors.rogue._connect import can_step
from actors.rogue._facts import PathField, Terrain
from actors.rogue._grid import CELLS, Pos, index, neighbours, position
from actors.rogue._paths import MAX_COST


def by_step_rule(terrain: Terrain, start: Pos, costs: dict[int, int]) -> PathField:
    """The search before the step table: the same buckets, each neighbour of each
    square checked by ``can_step``."""
    rows = terrain.rows
    dist = [-1] * CELLS
    parent = [-1] * CELLS
    done = [False] * CELLS
    s = index(start)
    dist[s] = 0
    span = MAX_COST + 2
    ring: list[list[int]] = [[] for _ in range(span)]
    ring[0].append(s)
    pending, d, order = 1, 0, []
    while pending:
        bucket = ring[d % span]
        while bucket:
            i = bucket.pop()
            pending -= 1
            if done[i] or dist[i] != d:
                continue
            done[i] = True
            order.append(i)
            here = position(i)
            for nxt in neighbours(here):
                j = index(nxt)
                if done[j] or not can_step(rows, here, nxt):
                    continue
                nd = d + 1 + min(MAX_COST, costs.get(j, 0))
                if dist[j] < 0 or nd < dist[j]:
                    dist[j], parent[j] = nd, i
                    ring[nd % span].append(j)
                    pending += 1
        d += 1
    return PathField(origin=start, dist=tuple(dist), parent=tuple(parent), order=tuple(order))


def questions(dungeon: int) -> list[tuple[Terrain, Pos, dict[int, int]]]:
    """Every (terrain, start, costs) the path calculator was given in the game."""
    require_rogue("rogue_paths_speed")
    asked: list[tuple[Terrain, Pos, dict[int, int]]] = []
    project = _paths.compute

    def keeping(terrain: Terrain, start: Pos, costs: dict[int, int]) -> Any:
        asked.append((terrain, start, dict(costs)))
        return project(terrain, start, costs)

    _paths.compute = keeping
    try:
        trio.run(witness_game, dungeon, 1500.0)
    finally:
        _paths.compute = project
    return asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeon", type=int, nargs="?", default=939,
                        help="the fixed dungeon to play (default 939)")
    args = parser.parse_args()
    asked = questions(args.dungeon)
    print(f"{len(asked)} path questions, "
          f"{len({t.rows for t, _, _ in asked})} distinct terrains", flush=True)
    start = time.perf_counter()
    baseline = [by_step_rule(*q) for q in asked]
    old = time.perf_counter() - start
    _connect.step_graph.cache_clear()
    _connect._last = None
    start = time.perf_counter()
    fields = [_paths.compute(*q) for q in asked]
    new = time.perf_counter() - start
    if fields != baseline:
        sys.exit("the two searches disagree: the step table is not Rogue's step rule")
    print(f"can_step per square: {old:.2f} s ({old / len(asked) * 1000:.2f} ms a question)")
    print(f"step table:          {new:.2f} s ({new / len(asked) * 1000:.2f} ms a question)")
    print(f"ratio {old / new:.1f}x; the same {len(asked)} fields")


if __name__ == "__main__":
    main()
