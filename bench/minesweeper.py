"""Minesweeper: the rule-based agent's win rates, and what the runtime costs it.

Plays ``--games`` games per level (beginner, intermediate, expert) and first-click
rule (safe: first click in a corner, never a mine; opening: first click a zero),
every game a full runtime session, and prints win rates with 95% Wilson intervals
beside the published targets, and the share of moves made by each rule.

Then, unless ``--no-overhead``, times ``--overhead-games`` expert games played by
the same rules without the runtime (the plain :class:`Solver` driving the game
directly) and through it, in the same run, and prints the ratio.

    python bench/minesweeper.py --games 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import trio

from actors.minesweeper._bench import format_results, play_game, run_bench
from actors.minesweeper._field import FieldTracker
from actors.minesweeper._solver import Solver
from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter
from runtime import ProgressBar, configure_logging


def direct_game(spec: BoardSpec, rule: FirstClick, seed: int) -> tuple[bool, float, int]:
    """One game with the plain solver on the adapter's game, no session: (won, seconds, turns)."""
    from games.minesweeper import Minefield, Move, Status, Verb  # the baseline hosts the game

    game = Minefield(spec, rule, seed=seed)
    adapter = MinesweeperAdapter(spec, rule, seed=seed, minefield=game)
    tracker, solver = FieldTracker(), Solver()
    turns = 0
    started = time.perf_counter()
    while not game.is_over:
        finding = solver.decide(tracker.update(adapter.view()))
        turns += 1
        for s in finding.flag:
            game.play(Move(Verb.FLAG, s % game.width, s // game.width))
        for s in finding.reveal:
            if game.is_over:
                break
            if game.square(s % game.width, s // game.width) == "#":
                game.play(Move(Verb.REVEAL, s % game.width, s // game.width))
    return game.status is Status.WON, time.perf_counter() - started, turns


async def overhead(games: int) -> str:
    spec, rule = BoardSpec.level("expert"), FirstClick.SAFE
    direct = [direct_game(spec, rule, seed) for seed in range(games)]
    started = time.perf_counter()
    records = [await play_game(spec, rule, seed) for seed in range(games)]
    through = time.perf_counter() - started
    plain = sum(t for _, t, _ in direct)
    turns = sum(n for _, _, n in direct)
    same = sum(r.won == d[0] for r, d in zip(records, direct, strict=True))
    return (
        f"runtime overhead, {games} expert games (safe) on the same seeds: plain solver "
        f"{plain / games * 1000:.0f} ms/game, through the runtime {through / games * 1000:.0f} "
        f"ms/game = {through / plain:.2f}x; {(through - plain) / turns * 1e6:.0f} us more per "
        f"decision; {same}/{games} games with the same outcome"
    )


async def main(args: argparse.Namespace) -> None:
    specs = [BoardSpec.level(name) for name in args.levels.split(",")]
    rules = [FirstClick.parse(r) for r in args.first_click.split(",")]
    total = args.games * len(specs) * len(rules)
    bar = ProgressBar(total, label="minesweeper")
    started = time.perf_counter()
    lines = await run_bench(specs, rules, games=args.games, seed=args.seed, jobs=args.jobs,
                            progress=bar.update)
    elapsed = time.perf_counter() - started
    print(f"# minesweeper bench: {platform.python_implementation()} {platform.python_version()},"
          f" {args.jobs} job(s), seeds {args.seed}..{args.seed + args.games - 1}")
    print(format_results(lines))
    print(f"\n{total} games in {elapsed:.0f}s ({elapsed / total * 1000:.0f} ms/game wall)")
    if not args.no_overhead:
        print(await overhead(args.overhead_games))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per line (default 1000)")
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--first-click", default="safe,opening")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--overhead-games", type=int, default=50)
    parser.add_argument("--no-overhead", action="store_true")
    configure_logging(level="warning")
    trio.run(main, parser.parse_args())
    sys.exit(0)
