"""Day in the Life: the runtime's cost per life, against the batch driver in the same run.

Lives the same lives (same persons, same seeds) twice: through a full runtime
session (adapter, Monte Carlo knowledge source, generation barrier, arbiter,
one logged decision a day) and through the runtime-free driver that
``belligerent bench dayinlife`` uses. Checks that both lived identical lives and
prints the time per life of each and their ratio (the runtime's overhead).

    python bench/dayinlife_speed.py --lives 5
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import trio

from actors.dayinlife._agents import AGENTS
from actors.dayinlife._direct import live
from protocols.dayinlife import LifeAdapter
from runtime import Session, configure_logging


async def runtime_lives(persons: list[str], seeds: range) -> tuple[float, list[float]]:
    cash = []
    start = time.perf_counter()
    for person in persons:
        for seed in seeds:
            record = await Session(LifeAdapter(seed, person=person), AGENTS[person],
                                   seed=seed).run()
            cash.append(record.score)
    return time.perf_counter() - start, cash


def direct_lives(persons: list[str], seeds: range) -> tuple[float, list[float]]:
    cash = []
    start = time.perf_counter()
    for person in persons:
        for seed in seeds:
            cash.append(live(person, seed).final_cash)
    return time.perf_counter() - start, cash


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lives", type=int, default=5, help="lives per person (default 5)")
    args = parser.parse_args()
    configure_logging(level="warning")
    persons = list(AGENTS)
    seeds = range(args.lives)
    n = len(persons) * args.lives
    slow, cash_runtime = trio.run(runtime_lives, persons, seeds)
    fast, cash_direct = direct_lives(persons, seeds)
    if cash_runtime != cash_direct:
        print("MISMATCH: the runtime and the driver lived different lives", file=sys.stderr)
        return 1
    print(f"python {platform.python_version()} on {platform.machine()}; {n} lives of 1000 days "
          f"({args.lives} per person), identical on both paths")
    print(f"runtime session: {slow / n * 1000:7.1f} ms a life "
          f"({slow / n / 1000 * 1e6:.0f} µs a decision)")
    print(f"batch driver:    {fast / n * 1000:7.1f} ms a life")
    print(f"ratio runtime/driver: {slow / fast:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
