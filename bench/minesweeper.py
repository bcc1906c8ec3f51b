"""Minesweeper: the rule-based agent's win rates against the targets, and the runtime's cost.

Plays ``--games`` games per level (beginner, intermediate, expert) and first-click
rule (safe: first click in a corner, never a mine; opening: first click at (3,3),
a zero) by the direct path — the agent's rule functions in its cost order,
called by the plain solver, no session — in ``--jobs`` worker processes, and
prints win rates with 95% Wilson intervals beside the published targets
(met / within CI / not met), the share of moves made by each rule, and the time
taken.

Then replays the first ``--runtime-games`` seeds of every line through full
runtime sessions and checks that every game was played move for move the same
(a digest of all the agent's actions), printing the runtime's time per game
against the direct path's, measured in the same run.

    python bench/minesweeper.py --games 10000 --jobs 2 --levels expert --seed 0
    python bench/minesweeper.py --games 200 --runtime-games 20    # a quick look
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

import trio

from actors.minesweeper._bench import check_runtime, format_checks, format_results, run_bench
from protocols.minesweeper import BoardSpec, FirstClick
from runtime import ProgressBar, configure_logging


async def main(args: argparse.Namespace) -> int:
    specs = [BoardSpec.level(name) for name in args.levels.split(",")]
    rules = [FirstClick.parse(r) for r in args.first_click.split(",")]
    total = args.games * len(specs) * len(rules)
    bar = ProgressBar(total, label="minesweeper")
    started = time.perf_counter()
    lines = await run_bench(specs, rules, games=args.games, seed=args.seed, jobs=args.jobs,
                            path="direct", progress=bar.update)
    elapsed = time.perf_counter() - started
    print(f"# minesweeper bench: {platform.python_implementation()} {platform.python_version()},"
          f" {args.jobs} job(s), seeds {args.seed}..{args.seed + args.games - 1} per line, "
          f"direct path")
    print(format_results(lines))
    print(f"\n{total} games in {elapsed:.0f}s wall ({elapsed / total * 1000:.1f} ms/game wall "
          f"with {args.jobs} job(s))")
    checks = []
    if args.runtime_games:
        n = min(args.runtime_games, args.games)
        check_bar = ProgressBar(2 * n * len(specs) * len(rules), label="runtime check")
        started = time.perf_counter()
        checks = await check_runtime(specs, rules, games=n, seed=args.seed, jobs=args.jobs,
                                     progress=check_bar.update)
        print(format_checks(checks))
        print(f"runtime check took {time.perf_counter() - started:.0f}s")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({
                "seed": args.seed,
                "games": args.games,
                "seconds": elapsed,
                "lines": [{
                    "level": line.level, "first_click": line.first_click, "games": line.n,
                    "wins": line.wins, "rate": line.rate, "ci95": line.interval,
                    "target": line.target, "verdict": line.verdict(),
                    "moves_by_rule": dict(line.moves_by_rule()),
                    "decisions_by_rule": dict(line.decisions_by_rule()),
                } for line in lines],
                "runtime_check": [{
                    "level": c.level, "first_click": c.first_click, "games": c.n,
                    "same_moves": c.same_moves, "same_outcome": c.same_outcome,
                    "direct_seconds": c.direct_seconds, "runtime_seconds": c.runtime_seconds,
                } for c in checks],
            }, out, indent=1)
    return 1 if any(c.same_moves != c.n for c in checks) else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000,
                        help="games per level and rule (default 10000)")
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--first-click", default="safe,opening")
    parser.add_argument("--seed", type=int, default=0, help="game i of a line uses seed + i")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--runtime-games", type=int, default=20,
                        help="seeds per line replayed through the runtime (default 20; 0: none)")
    parser.add_argument("--json", default=None, metavar="PATH",
                        help="also write the figures to this JSON file")
    configure_logging(level="warning")
    sys.exit(trio.run(main, parser.parse_args()))
