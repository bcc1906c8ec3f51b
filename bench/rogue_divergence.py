"""Where two versions of Rog-O-Matic part in one game: the first key they send differently.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_divergence.py OLD NEW 156``

OLD and NEW are source trees of the two versions (``git archive <commit> | tar -x -C
DIR``). Each plays fixed dungeon N in its own process (a package cannot be imported
in two versions at once), and the decisions are compared key by key: the first key
that differs is printed with the decisions around it, each with its rationale. A
tournament comparison says which games changed; this says where and why each one
did, the rest of the game being a new draw of Rogue's dice from there. The tool
behind docs/rogomatic.md's tracing of 1.50 and 1.51.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path


def dump(tree: Path, dungeon: int, time_limit: float) -> None:
    """Play ``dungeon`` with the version in ``tree`` and print its decisions as JSON
    lines: the key sent, the rationale, the status line."""
    # Ahead of this file's own directory, which Python puts first.
    sys.path[:0] = [str(tree), str(tree / "bench")]
    import trio
    from rogue_last_moves import witness_game

    witness = trio.run(witness_game, dungeon, time_limit)
    for view, action, decision in witness.log:
        status = view.lines[-1].strip() if view is not None and view.lines else ""
        print(json.dumps([action, getattr(decision, "rationale", ""), status]))


def decisions(tree: Path, dungeon: int, time_limit: float) -> list[list[str]]:
    """The decisions of the version in ``tree`` on ``dungeon``, from a child process."""
    done = subprocess.run(
        [sys.executable, __file__, "--dump", str(dungeon), "--tree", str(tree),
         "--time-limit", str(time_limit)],
        env=dict(os.environ, PYTHONPATH=str(tree)), capture_output=True, text=True,
        check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the game did not play through (exit {done.returncode}):\n"
                         f"{done.stderr.strip()[-2000:]}")
    lines = done.stdout.splitlines()
    print(f"{tree}: {lines[0]}")
    return [json.loads(line) for line in lines[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?", type=Path, help="source tree of the first version")
    parser.add_argument("new", nargs="?", type=Path, help="source tree of the second version")
    parser.add_argument("dungeon", nargs="?", type=int)
    parser.add_argument("--context", type=int, default=5, help="decisions shown each side")
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--dump", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump is not None:
        dump(args.tree, args.dump, args.time_limit)
        return
    if args.old is None or args.new is None or args.dungeon is None:
        parser.error("give two source trees and a dungeon number")
    if not os.environ.get("BELLIGERENT_ROGUE"):
        parser.error("set BELLIGERENT_ROGUE to a Rogue 5.4.4 binary: both versions play "
                     "the dungeon in real Rogue")
    for tree in (args.old, args.new):
        if not (tree / "bench" / "rogue_last_moves.py").is_file():
            parser.error(f"{tree} is not a source tree with bench/rogue_last_moves.py "
                         f"(make one with: git archive <commit> | tar -x -C {tree})")
    old = decisions(args.old, args.dungeon, args.time_limit)
    new = decisions(args.new, args.dungeon, args.time_limit)
    first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a[0] != b[0]), None)
    if first is None:
        print(f"the same keys for all {min(len(old), len(new))} decisions both made")
        return
    print(f"first different key at decision #{first}")
    for i in range(max(0, first - args.context), first + args.context + 1):
        for name, log in (("old", old), ("new", new)):
            if i < len(log):
                key, why, status = log[i]
                print(f"#{i} {name} {key!r:6} {why[:100]}  [{status[:40]}]")


if __name__ == "__main__":
    main()
