"""Planning time of the explorers: processor seconds for N levels in one process.

The issue's target is 200 levels in under a minute on this machine. This plays
the same levels (seeds FIRST..FIRST+N-1, secrets off) with ours and with the
greedy baseline in one process, alternately, several rounds, and prints the
processor time of each (the best round, as the least disturbed by other jobs on
a shared machine), the ratio to greedy's measured in the same run, and, for
ours, where the time goes (the game itself, reading the screen, room space,
frontier choice, walking distances), timed around each part.

    python bench/explore_speed.py                       # 200 levels, 1 round
    python bench/explore_speed.py --levels 50 --rounds 3
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import actors.explore._ks as ks  # noqa: E402
import actors.explore._map as explore_map  # noqa: E402
import actors.explore._ours as ours  # noqa: E402
import games.dungeon._game as game  # noqa: E402
from actors.explore import Contender, play_one  # noqa: E402
from runtime import configure_logging  # noqa: E402

#: (label, module or class, attribute): the parts timed for the breakdown.
PARTS = (
    ("game (referee, field of view)", game.Game, "act"),
    ("reading the screen (MapMemory)", explore_map.MapMemory, "update"),
    ("room space", ks, "room_space"),
    ("frontier choice (features, utility)", ours.RoomSpacePlanner, "candidates"),
    ("walking distances", explore_map, "walk_distances"),
)


def _timed(totals: collections.Counter, label: str, fn):
    def wrapper(*args, **kwargs):
        t0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            totals[label] += time.process_time() - t0
    return wrapper


def play(label: str, algorithm: str, seeds: range) -> tuple[float, int]:
    t0 = time.process_time()
    actions = sum(play_one(Contender(label, algorithm), seed).actions for seed in seeds)
    return time.process_time() - t0, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    if args.levels < 1 or args.rounds < 1:
        parser.error("--levels and --rounds must be at least 1")
    configure_logging(level="warning")
    seeds = range(args.first_seed, args.first_seed + args.levels)
    best: dict[str, tuple[float, int]] = {}
    for _ in range(args.rounds):
        for label, algorithm in (("ours", "room-space"), ("greedy", "greedy")):
            cpu, actions = play(label, algorithm, seeds)
            if label not in best or cpu < best[label][0]:
                best[label] = (cpu, actions)
    n = len(seeds)
    print(f"{n} levels (seeds {seeds.start}-{seeds.stop - 1}), secrets off, one process, "
          f"best of {args.rounds} round(s):")
    for label, (cpu, actions) in best.items():
        print(f"  {label:<7} {cpu:6.1f} s processor time, {cpu / n * 1000:5.0f} ms a level, "
              f"{cpu / actions * 1e3:5.2f} ms an action ({actions / n:.1f} actions a level), "
              f"{cpu / best['greedy'][0]:4.2f}x greedy")
    cpu = best["ours"][0] * 200 / n
    print(f"target: 200 levels in under a minute: ours {cpu:.1f} s for 200 -> "
          f"{'MET' if cpu < 60 else 'NOT MET'}")
    totals: collections.Counter = collections.Counter()
    originals = [(owner, name, getattr(owner, name)) for _, owner, name in PARTS]
    for (label, owner, name), (_, _, fn) in zip(PARTS, originals, strict=True):
        setattr(owner, name, _timed(totals, label, fn))
    try:
        whole, _ = play("ours", "room-space", seeds)
    finally:
        for owner, name, fn in originals:
            setattr(owner, name, fn)
    print("where ours spends it (timed separately, timers included):")
    for label, _, _ in PARTS:
        print(f"  {label:<38} {totals[label]:6.1f} s  {totals[label] / whole:5.1%}")
    rest = whole - sum(totals.values())
    print(f"  {'the rest (session loop, frontiers, plans)':<38} {rest:6.1f} s  {rest / whole:5.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
