"""Actions per second through the pseudo-terminal, against the game's raw round trip.

For each game (NetHack always; Rogue when ``--rogue-bin`` or ``$BELLIGERENT_ROGUE``
names a binary), in the same run:

* raw round trip: write one key to the pty master, wait for the first byte of the
  answer, read what is there. No emulator, no frame rule: the floor set by the game
  and the kernel. Reported as round trips per second.
* ours: ``adapter.act(key)`` through the game adapter — the key written, output
  fed to the pyte screen, the game's frame-completion rule (cursor at rest, or
  /proc saying the game waits for input), the view parsed. Reported as actions
  per second.

Keys: NetHack's ``s`` (search: a game turn passes, monsters move, and with
``time`` on NetHack redraws ``T:``) and ``:`` (look here: a free action that only
prints a message), and Rogue's ``Z`` (an unknown command: Rogue always answers
"Illegal command 'Z'", where a search that finds nothing may print nothing).
``--More--`` and prompts met on the way (a monster attacks) are answered and
counted as actions too. A game that ends is replaced by a new one (not timed).
The ratio is ours over raw; the target for NetHack is >= 1,000 actions/s.

    python bench/pty_actions.py                 # 3 rounds of 2,000 actions each
    python bench/pty_actions.py --quick         # a smoke test of a few seconds
    python bench/pty_actions.py --rogue-bin /path/to/rogue
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time

import structlog
import trio

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from protocols.nethack import NetHackAdapter, PlaygroundPool  # noqa: E402
from protocols.rogue import ROGUE_ENV, RogueAdapter  # noqa: E402
from runtime import GameProcessError  # noqa: E402


def _answer(view) -> str | None:
    """The key for a screen that is not the map, or None on the map."""
    if view.more:
        return "\r" if view.__class__.__name__ == "NetHackView" else " "
    if view.kind in ("menu", "inventory"):
        return "\x1b" if view.kind == "menu" else " "
    if view.prompt:
        return "\x1b"
    if view.kind == "other" and view.__class__.__name__ == "NetHackView":
        return "\r"  # NetHack waiting without a --More-- drawn (see actors.nethack)
    return None


async def _fresh(make):
    adapter = make()
    await adapter.__aenter__()
    return adapter


async def raw_round_trips(make, n: int, key: bytes) -> float:
    """Round trips per second: key written, first byte of the answer read."""
    adapter = await _fresh(make)
    done, elapsed, stalls = 0, 0.0, 0
    try:
        while done < n:
            process = adapter.terminal.process
            view = adapter.read(adapter.frame)
            answer = _answer(view)
            if answer is not None or adapter.over:
                try:
                    if not adapter.over:
                        await adapter.act(answer)
                except GameProcessError:
                    # A burst of blind keys can run through a death's last screens.
                    adapter.over = True
                if adapter.over:
                    await adapter.aclose()
                    adapter = await _fresh(make)
                continue
            t0 = time.perf_counter()
            burst, chunks = 0, []
            with trio.move_on_after(0.25):  # a key without an answer ends the burst
                for _ in range(50):
                    os.write(process.fd, key)
                    while True:
                        await trio.lowlevel.wait_readable(process.fd)
                        chunk = os.read(process.fd, 65536)
                        if chunk:
                            chunks.append(chunk)
                            break
                    burst += 1
            if burst == 50:
                done += burst
                elapsed += time.perf_counter() - t0
                stalls = 0
            else:
                stalls += 1
                if stalls == 5:  # a state this loop cannot read: start a new game
                    await adapter.aclose()
                    adapter = await _fresh(make)
                    stalls = 0
                    continue
            for chunk in chunks:  # untimed: keep the screen true for the next burst
                adapter.terminal.emulator.feed(chunk)
            # Let the game settle and re-read the screen before the next burst.
            await trio.sleep(0.01)
            while True:
                try:
                    data = os.read(process.fd, 65536)
                except BlockingIOError:
                    break
                adapter.terminal.emulator.feed(data)
            adapter.frame = adapter.terminal.snapshot()
    finally:
        await adapter.aclose()
    return done / elapsed


async def our_actions(make, n: int, key: str) -> float:
    """Actions per second through the adapter with the game's frame rule."""
    adapter = await _fresh(make)
    done, elapsed = 0, 0.0
    try:
        t0 = time.perf_counter()
        while done < n:
            if adapter.over:
                elapsed += time.perf_counter() - t0
                await adapter.aclose()
                adapter = await _fresh(make)
                t0 = time.perf_counter()
            view = (await adapter.observe()).payload
            if adapter.over:
                continue
            try:
                await adapter.act(_answer(view) or key)
            except GameProcessError:
                adapter.over = True  # ended past its goodbye screen: start another
            done += 1
        elapsed += time.perf_counter() - t0
    finally:
        await adapter.aclose()
    return done / elapsed


async def bench_game(label: str, make, n: int, rounds: int, key: str) -> None:
    raws, ours = [], []
    for _ in range(rounds):
        raws.append(await raw_round_trips(make, n, key.encode()))
        ours.append(await our_actions(make, n, key))
    raw, our = max(raws), max(ours)
    print(f"{label:<10} raw round trip {raw:9.0f}/s   ours {our:7.0f} actions/s   "
          f"ratio {our / raw:5.3f}   (best of {rounds} x {n})")


async def main(args: argparse.Namespace) -> None:
    async with PlaygroundPool() as pool:
        for key in ("s", ":"):
            await bench_game(f"nethack {key}", lambda: NetHackAdapter.live(pool=pool),
                             args.actions, args.rounds, key)
    rogue = args.rogue_bin or os.environ.get(ROGUE_ENV)
    if rogue:
        await bench_game("rogue Z", lambda: RogueAdapter.live(rogue), args.actions,
                         args.rounds, "Z")
    else:
        print(f"rogue      skipped: no binary (pass --rogue-bin or set {ROGUE_ENV})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rogue-bin", default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.actions, args.rounds = 200, 1
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    started = time.perf_counter()
    trio.run(main, args)
    print(f"took {time.perf_counter() - started:.1f} s")
