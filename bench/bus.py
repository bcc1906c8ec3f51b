"""Bus throughput against raw trio memory channels, measured in the same run.

Four shapes, each timed end to end inside ``trio.run`` (publisher and receivers are
trio tasks; the clock stops when every receiver has its last message):

* raw 1->1   one memory channel, one sender task, one receiver task
* bus 1->1   one Bus subscription, ``publish`` / ``receive``
* raw 1->10  the sender sends each message on 10 memory channels, 10 receiver tasks
* bus 1->10  one ``publish`` to a topic with 10 subscriptions, 10 receiver tasks

Bus subscriptions use the BLOCK policy with the same capacity as the channels, so
both sides do the same job: nothing is lost, a full buffer makes the sender wait.
DROP_OLDEST is reported too, against the same raw baseline (memory channels have
no such mode); there a slow receiver loses messages instead of slowing the sender,
so its rows also show how many deliveries were dropped.

Each figure is the best of several repeats (least disturbed by the machine). The
ratio is bus msgs/s over raw msgs/s; the target is >= 0.8 for both shapes.

    python bench/bus.py            # full run
    python bench/bus.py --quick    # a few seconds, for a smoke test
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import sys
import time
from collections.abc import Callable

import trio

from runtime import Bus, Overflow

TOPIC = "bench"


async def _raw(n: int, fanout: int, capacity: int) -> tuple[float, int]:
    channels = [trio.open_memory_channel[int](capacity) for _ in range(fanout)]
    senders = [send for send, _ in channels]

    async def receiver(receive: trio.MemoryReceiveChannel[int]) -> None:
        async with receive:
            async for _ in receive:
                pass

    start = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _, receive in channels:
            nursery.start_soon(receiver, receive)
        for i in range(n):
            for send in senders:
                await send.send(i)
        for send in senders:
            await send.aclose()
    return time.perf_counter() - start, 0


async def _bus(n: int, fanout: int, capacity: int, policy: Overflow) -> tuple[float, int]:
    bus = Bus()
    subscriptions = [
        bus.subscribe(TOPIC, capacity=capacity, policy=policy) for _ in range(fanout)
    ]

    async def receiver(subscription) -> None:
        async for _ in subscription:
            pass

    start = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for subscription in subscriptions:
            nursery.start_soon(receiver, subscription)
        publish = bus.publish
        for i in range(n):
            await publish(TOPIC, i)
        bus.close()
    elapsed = time.perf_counter() - start
    return elapsed, sum(s.statistics().dropped for s in subscriptions)


def _best_of(
    repeats: int, runs: dict[str, Callable[[], tuple[float, int]]]
) -> dict[str, tuple[float, int]]:
    """Per run, the shortest time and the most drops, interleaving the runs so that
    drift in the machine's speed hits all of them alike."""
    best = dict.fromkeys(runs, (float("inf"), 0))
    for _ in range(repeats):
        for name, run in runs.items():
            elapsed, dropped = run()
            best[name] = (min(best[name][0], elapsed), max(best[name][1], dropped))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Bus throughput vs raw trio memory channels (ratios in the same run).",
    )
    parser.add_argument("--quick", action="store_true", help="fewer messages and repeats")
    parser.add_argument("--capacity", type=int, default=64,
                        help="buffer size of every channel and subscription (default: 64)")
    parser.add_argument("--repeats", type=int, help="runs per figure; the best is kept")
    args = parser.parse_args(argv)

    n1, n10, repeats = (20_000, 4_000, 2) if args.quick else (100_000, 20_000, 5)
    repeats = args.repeats or repeats
    cap = args.capacity

    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"trio {trio.__version__}, {os.cpu_count()} cores, {platform.machine()}")
    print(f"capacity {cap}, best of {repeats}; 1->1: {n1} messages, 1->10: {n10} messages")
    print()
    print(f"{'shape':10} {'policy':12} {'raw msgs/s':>12} {'bus msgs/s':>12} "
          f"{'bus/raw':>8}  note")

    verdicts = []
    for fanout, n in ((1, n1), (10, n10)):
        best = _best_of(repeats, {
            "raw": functools.partial(trio.run, _raw, n, fanout, cap),
            **{
                policy.value: functools.partial(trio.run, _bus, n, fanout, cap, policy)
                for policy in (Overflow.BLOCK, Overflow.DROP_OLDEST)
            },
        })
        raw = n / best["raw"][0]
        for policy in (Overflow.BLOCK, Overflow.DROP_OLDEST):
            elapsed, dropped = best[policy.value]
            ours = n / elapsed
            ratio = ours / raw
            note = ""
            if policy is Overflow.DROP_OLDEST:
                note = f"dropped {dropped} of {n * fanout} deliveries (worst run)"
            else:
                verdicts.append(ratio >= 0.8)
            shape = f"1->{fanout}"
            print(f"{shape:10} {policy.value:12} {raw:12,.0f} {ours:12,.0f} {ratio:7.2f}x  {note}")
    print()
    print("target bus/raw >= 0.80x (BLOCK):", "met" if all(verdicts) else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
