"""Rog-O-Matic against real Rogue 5.4.4: a sample of games, the score distribution.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_games.py --games 20 --seed 1``

Plays dungeon seeds ``seed .. seed+games-1`` (fixed where the platform allows it,
through ``protocols.rogue``'s preload library), ``--jobs`` at a time, each under a
wall-clock limit, and prints one line per game, then the median score, quartiles,
10th/90th percentiles, median and deepest level, causes of death and how the
minimal agent (the baseline, measured in the same run with ``--baseline``) compares
as a ratio of medians. Needs the user's Rogue binary; prints a message and exits 2
without one.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time

import trio

from actors.rogue import rogomatic
from actors.rogue._agents import minimal_agent
from protocols.rogue import find_rogue_binary
from protocols.rogue._seed import SeededRogueAdapter, seed_support
from runtime import Session, configure_logging


async def play(seed: int, agent: str, support, limit: float) -> dict:  # noqa: ANN001
    spec = rogomatic() if agent == "rogomatic" else minimal_agent(2000)
    adapter = SeededRogueAdapter.live_seeded(seed=seed, support=support)
    session = Session(adapter, spec, seed=seed)
    started = time.perf_counter()
    result = None
    with trio.move_on_after(limit):
        result = await session.run()
    wall = time.perf_counter() - started
    if result is None:
        return {"seed": seed, "agent": agent, "score": 0.0, "depth": adapter.deepest,
                "outcome": "timeout", "cause": "timeout", "turns": adapter.actions,
                "wall": wall}
    detail = dict(result.detail)
    return {"seed": seed, "agent": agent, "score": result.score, "depth": detail.get("depth", 0),
            "outcome": result.outcome, "cause": detail.get("cause", result.cause),
            "turns": result.turns, "wall": wall, "seeded": detail.get("seeded")}


def summary(rows: list[dict]) -> str:
    scores = sorted(r["score"] for r in rows)
    depths = sorted(r["depth"] for r in rows)
    if len(scores) >= 2:
        q = statistics.quantiles(scores, n=4, method="inclusive")
        d = statistics.quantiles(scores, n=10, method="inclusive")
    else:
        q = d = scores * 9
    causes = collections.Counter(r["cause"] for r in rows).most_common()
    return (f"games {len(rows)}  median score {statistics.median(scores):.0f}  "
            f"quartiles {q[0]:.0f}/{q[2]:.0f}  p10/p90 {d[0]:.0f}/{d[-1]:.0f}  "
            f"best {scores[-1]:.0f}  median depth {statistics.median(depths)}  "
            f"deepest {depths[-1]}\ncauses: "
            + ", ".join(f"{c} x{n}" for c, n in causes))


async def main(args: argparse.Namespace) -> int:
    configure_logging(level="error", json=False)
    try:
        find_rogue_binary(args.rogue_bin)
    except (LookupError, OSError) as exc:
        print(f"rogue_games: {exc}", file=sys.stderr)
        return 2
    support = seed_support(args.rogue_bin)
    agents = ["rogomatic"] + (["minimal"] if args.baseline else [])
    rows: dict[str, list[dict]] = {a: [] for a in agents}
    limiter = trio.CapacityLimiter(args.jobs)

    async def one(seed: int, agent: str) -> None:
        async with limiter:
            row = await play(seed, agent, support, args.limit)
        rows[agent].append(row)
        print(f"{agent:9} seed {seed:4}: {row['outcome']:8} score {row['score']:6.0f} "
              f"depth {row['depth']:2}  {row['cause']:28} {row['turns']:6} actions "
              f"{row['wall']:6.1f}s", flush=True)

    started = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for seed in range(args.seed, args.seed + args.games):
            for agent in agents:
                nursery.start_soon(one, seed, agent)
    for agent in agents:
        print(f"\n{agent}: " + summary(rows[agent]))
    if args.baseline:
        base = statistics.median(r["score"] for r in rows["minimal"]) or 1.0
        mine = statistics.median(r["score"] for r in rows["rogomatic"])
        print(f"\nmedian score, rogomatic / minimal: {mine / base:.2f}x")
    print(f"wall time {time.perf_counter() - started:.0f}s, seeded dungeons: "
          f"{support.library is not None}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=float, default=900.0,
                        help="wall-clock seconds per game before it counts as a timeout")
    parser.add_argument("--baseline", action="store_true",
                        help="also play the minimal agent on the same seeds")
    parser.add_argument("--rogue-bin", default=None)
    sys.exit(trio.run(main, parser.parse_args()))
