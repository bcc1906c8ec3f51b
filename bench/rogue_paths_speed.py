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
from actors.rogue._grid import Pos, index, neighbours, position


class AskedPerSquare:
    """A step table that is no table: each square's steps asked of ``can_step`` when
    the search expands it, as the path calculator did before the table."""

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows

    def __getitem__(self, i: int) -> tuple[int, ...]:
        here = position(i)
        return tuple(index(n) for n in neighbours(here) if can_step(self.rows, here, n))


def by_step_rule(terrain: Terrain, start: Pos, costs: dict[int, int]) -> PathField:
    """The search before the step table: the project's own search, with each
    neighbour of each square it expands checked by ``can_step``."""
    table = _paths.step_graph
    _paths.step_graph = AskedPerSquare
    try:
        return _paths.compute(terrain, start, costs)
    finally:
        _paths.step_graph = table


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
