"""How repeatable is a whole Rogue game on a fixed seed? Prints distinct games per mode.

Plays the same dungeon with the same agent ``--runs`` times, with the normal frame
rule and with ``strict_frames``, and counts the distinct key sequences (1 means
every run played the same game) and the time per key. Needs ``BELLIGERENT_ROGUE``.

    nice -n 10 python bench/rogue_repeatability.py --runs 8 --seed 8 --actions 400
"""

from __future__ import annotations

import argparse
import hashlib
import time

import structlog
import trio

from actors.rogue._agents import minimal_agent
from protocols.rogue._seed import SeededRogueAdapter, seed_support
from runtime import Session


async def one(seed: int, actions: int, strict: bool, support) -> tuple[str, int, float]:
    adapter = SeededRogueAdapter.live_seeded(seed=seed, support=support, strict_frames=strict)
    keys: list[str] = []
    original = adapter.act

    async def act(action):  # remember the agent's keys
        keys.append(action)
        await original(action)

    adapter.act = act  # type: ignore[method-assign]
    started = time.perf_counter()
    await Session(adapter, minimal_agent(actions), seed=seed).run()
    wall = time.perf_counter() - started
    return hashlib.sha256("".join(keys).encode()).hexdigest()[:10], len(keys), wall


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--actions", type=int, default=400)
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    support = seed_support()
    print(f"seed {args.seed}, minimal agent, {args.actions} actions max, {args.runs} runs each; "
          f"dungeon fixed: {support.available} {support.reason}")
    per_key = {}
    for strict in (False, True):
        games = [await one(args.seed, args.actions, strict, support) for _ in range(args.runs)]
        distinct = {g[0] for g in games}
        keys = sum(g[1] for g in games)
        per_key[strict] = sum(g[2] for g in games) / keys
        print(f"strict_frames={strict!s:5}: {len(distinct)} distinct games in {args.runs} runs "
              f"(keys per run {sorted(g[1] for g in games)}), "
              f"{1000 * per_key[strict]:.2f} ms per key")
    print(f"strict/normal time per key: {per_key[True] / per_key[False]:.1f}x")


if __name__ == "__main__":
    trio.run(main)
