"""Where Rog-O-Matic went round in circles: repeated cycles of decisions in one game.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_loops.py 1184 [1288 ...]``

Plays each fixed dungeon (the same game as a tournament's dungeon N) and prints every
stretch of at least ``--least`` decisions in which the same short cycle (at most
``--period`` decisions) came round again and again: the same expert sending the same
key for the same reason from the same square, on two squares or more (a rest or a
search in one place is waiting, not a loop). A walk to and fro between two plans
(1.71's dungeon 1184: the explorer and the hold expert, in and out of a dark room's
doorway for 900 decisions until he starved) shows as one line; a zigzag across a room
does not, since its squares differ. The tool behind 1.72. The log goes to stderr.
"""

from __future__ import annotations

import argparse
from typing import Any

from rogue_last_moves import run_replay, witness_game


def cycles(seq: list[Any], longest: int, least: int) -> list[tuple[int, int, int]]:
    """The stretches of ``seq`` that repeat a cycle of at most ``longest`` items, each
    ``(start, period, length)`` with ``length`` at least ``least`` and at least two
    rounds: scanned from the left, the longest stretch at each start (the shortest
    period among equals), and the next search from its end."""
    found = []
    i, n = 0, len(seq)
    while i < n:
        best: tuple[int, int] | None = None
        for period in range(1, longest + 1):
            j = i
            while j + period < n and seq[j + period] == seq[j]:
                j += 1
            length = j - i + period
            if length >= max(least, 2 * period) and (best is None or length > best[1]):
                best = (period, length)
        if best is None:
            i += 1
            continue
        found.append((i, *best))
        i += best[1]
    return found


def decisions(log: list[tuple[Any, Any, Any]]) -> list[tuple[Any, ...]]:
    """The witnessed game's decisions as ``(expert, action, rationale, square, level)``,
    leaving out the screens expert's (dismissing --More--, which any loop repeats)."""
    out = []
    for view, action, decision in log:
        if decision is None or decision.expert == "screens":
            continue
        status = getattr(view, "status", None)
        out.append((decision.expert, action, decision.rationale, getattr(view, "player", None),
                    status.level if status is not None else None))
    return out


def report(seq: list[tuple[Any, ...]], longest: int, least: int) -> list[str]:
    """One line a loop: where it began (decision and level), its period and length,
    the experts in it, and the first decision's rationale. A cycle on one square (a
    rest, the camp for the first faint, a search) is waiting, not a loop."""
    lines = []
    for start, period, length in cycles(seq, longest, least):
        if len({d[3] for d in seq[start:start + period]}) < 2:
            continue
        experts = ", ".join(sorted({d[0] for d in seq[start:start + period]}))
        lines.append(f"level {seq[start][4]}, decision {start}: {length} decisions in a "
                     f"cycle of {period} ({experts}): {seq[start][2]}")
    return lines


async def main(args: argparse.Namespace) -> int:
    for dungeon in args.dungeons:
        adapter = await witness_game(dungeon, args.time_limit, tactics=args.tactics)
        lines = report(decisions(adapter.log), args.period, args.least)
        for line in lines or ["no loops"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeons", type=int, nargs="+")
    parser.add_argument("--period", type=int, default=8, help="longest cycle, in decisions")
    parser.add_argument("--least", type=int, default=40, help="shortest stretch reported")
    parser.add_argument("--time-limit", type=float, default=1200.0)
    run_replay(parser, "rogue_loops", main)
