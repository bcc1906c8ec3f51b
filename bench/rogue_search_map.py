"""Where Rog-O-Matic searched on one dungeon level: the squares marked on its last screen.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_search_map.py 1293 11``

Plays fixed dungeon N (the same game as a tournament's dungeon N) and prints the
last screen seen on LEVEL with every square the hero searched from replaced by how
many turns he searched there (1 to 9, then ``a`` for 10 to 19, ``b`` for 20 to 29
and so on), then the total and the first spots in the order they were searched.
A level that cost thousands of turns shows at a glance whether the searches went
where the hidden way was. The tool behind `Tactics.maze_ends` (dungeon 1293 searched
level 11's three mazes for some 3,900 decisions). The log goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import trio
from rogue_last_moves import require_rogue, witness_game

from actors.rogue._intern import action_turns


def mark(turns: int) -> str:
    """One character for the turns searched from a square: 1-9, then a letter a ten."""
    return str(turns) if turns < 10 else chr(ord("a") + min(25, turns // 10 - 1))


def search_map(log: list[tuple[Any, Any, Any]], level: int) -> list[str]:
    """The last screen of ``level`` in a witnessed game's ``(view, action, decision)``
    log with the searches marked, then a line of totals and one of the first spots.

    A search is an action ending in ``s`` taken for a rationale that names a search
    (the explorer's, the dead-end rule's); the turns are its count (``10s`` is ten).
    """
    turns: dict[tuple[int, int], int] = {}
    last = None
    for view, action, decision in log:
        status = getattr(view, "status", None)
        if status is None or status.level != level:
            continue
        last = view
        if (decision is None or "search" not in decision.rationale
                or not isinstance(action, str) or not action.endswith("s")):
            continue
        hero = view.player  # the screen's own reading of the ``@``
        if hero is not None:
            turns[hero] = turns.get(hero, 0) + action_turns(action)
    if last is None:
        return [f"level {level} was never reached"]
    rows = [list(line) for line in last.lines]
    for (r, c), n in turns.items():
        rows[r] += [" "] * (c + 1 - len(rows[r]))
        rows[r][c] = mark(n)
    out = ["".join(row).rstrip() for row in rows]
    out.append(f"{sum(turns.values())} turns of searching from {len(turns)} squares")
    out.append("first: " + ", ".join(f"{pos}" for pos in list(turns)[:12]))
    return out


async def main(args: argparse.Namespace) -> int:
    adapter = await witness_game(args.dungeon, args.time_limit)
    for line in search_map(adapter.log, args.level):
        print(line)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeon", type=int)
    parser.add_argument("level", type=int, help="the dungeon level to map")
    parser.add_argument("--time-limit", type=float, default=600.0)
    arguments = parser.parse_args()
    require_rogue("rogue_search_map")
    sys.exit(trio.run(main, arguments))
