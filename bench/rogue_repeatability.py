"""How repeatable is a whole Rogue game on a fixed seed? Prints distinct games per mode.

Plays the same dungeon with the same agent ``--runs`` times, with the normal frame
rule and with ``strict_frames``, and counts the distinct key sequences (1 means
every run played the same game), where the first one parts from the others, and
the time per key. Needs ``BELLIGERENT_ROGUE``.

    nice -n 10 python bench/rogue_repeatability.py --runs 8 --seed 8 --actions 400
    nice -n 10 python bench/rogue_repeatability.py --agent rogomatic --seeds 13,14,15 \
        --runs 4 --actions 1500
"""

from __future__ import annotations

import argparse
import hashlib
import time

import structlog
import trio

from actors.rogue import rogomatic
from actors.rogue._agents import minimal_agent
from protocols.rogue._seed import SeededRogueAdapter, seed_support
from runtime import Session

AGENTS = {"minimal": minimal_agent, "rogomatic": lambda n: rogomatic(max_actions=n)}


async def one(seed: int, actions: int, strict: bool, support, agent: str
              ) -> tuple[list[str], int, float]:
    adapter = SeededRogueAdapter.live_seeded(seed=seed, support=support, strict_frames=strict)
    keys: list[str] = []
    original = adapter.act

    async def act(action):  # remember the agent's keys
        keys.append(action)
        await original(action)

    adapter.act = act  # type: ignore[method-assign]
    started = time.perf_counter()
    await Session(adapter, AGENTS[agent](actions), seed=seed).run()
    wall = time.perf_counter() - started
    return keys, len(keys), wall


def parting(games: list[list[str]]) -> int | None:
    """The first action at which some run differs from the first, None if none does."""
    first = games[0]
    points = [next((i for i, (a, b) in enumerate(zip(first, g, strict=False)) if a != b),
                   None if len(g) == len(first) else min(len(g), len(first)))
              for g in games[1:]]
    points = [p for p in points if p is not None]
    return min(points) if points else None


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--seeds", default="8", help="dungeons, comma-separated")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--agent", choices=sorted(AGENTS), default="minimal")
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    support = seed_support()
    seeds = [int(s) for s in args.seeds.split(",")]
    print(f"dungeons {seeds}, {args.agent} agent, {args.actions} actions max, {args.runs} runs "
          f"each; dungeon fixed: {support.available} {support.reason}")
    per_key = {}
    for strict in (False, True):
        keys = wall = 0.0
        for seed in seeds:
            games = [await one(seed, args.actions, strict, support, args.agent)
                     for _ in range(args.runs)]
            distinct = {hashlib.sha256("".join(g[0]).encode()).digest() for g in games}
            keys += sum(g[1] for g in games)
            wall += sum(g[2] for g in games)
            parted = parting([g[0] for g in games])
            print(f"strict_frames={strict!s:5} dungeon {seed}: {len(distinct)} distinct games "
                  f"in {args.runs} runs (keys per run {sorted(g[1] for g in games)})"
                  + (f", first parting at action {parted}" if parted is not None else ""))
        per_key[strict] = wall / keys
        print(f"strict_frames={strict!s:5}: {1000 * per_key[strict]:.2f} ms per key")
    print(f"strict/normal time per key: {per_key[True] / per_key[False]:.1f}x")


if __name__ == "__main__":
    trio.run(main)
