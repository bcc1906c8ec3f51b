"""Minesweeper: where to click second when the safe first click (a corner) shows a number.

With the safe rule the agent opens the corner (0,0); about 40% of the time on
intermediate it shows a number instead of opening an area, and nothing is certain:
the second click is a guess off the frontier (every such square is equally safe,
about 0.845). This bench takes the seeds of ``--seed``..``--seed + --range - 1``
whose corner shows a number, plays each of those games once per second-click
policy — the agent's own choice, then each ``--squares`` square forced — and
prints the win rates with 95% Wilson intervals. Every move after the second click
is the agent's own (the direct path: the rule functions in cost order, no session).

    python bench/minesweeper_second_click.py --seed 20000 --range 7500 --jobs 2
    python bench/minesweeper_second_click.py --range 1000 --squares 15,0 2,0   # a quick look
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import time
from collections.abc import Sequence

from actors.minesweeper._bench import wilson
from actors.minesweeper._experts import to_move_set
from actors.minesweeper._field import Field, FieldTracker
from actors.minesweeper._rules import Finding
from actors.minesweeper._solver import Solver
from games.minesweeper import Minefield
from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter
from runtime import configure_logging


class ForcedSecond(Solver):
    """The agent's solver, except that the first guess after the corner is ``square``."""

    def __init__(self, square: tuple[int, int] | None) -> None:
        super().__init__()
        self.square = square

    def decide(self, field: Field) -> Finding:
        if self.square is not None and len(field.covered) == field.width * field.height - 1:
            x, y = self.square
            return Finding("guess", (y * field.width + x,), (), ("forced second click",))
        return super().decide(field)


def corner_shows_number(spec: BoardSpec, seed: int) -> bool:
    game = Minefield(spec, FirstClick.SAFE, seed=seed)
    game.reveal(0, 0)
    return game.square(0, 0) != "0"


def play(level: str, seeds: Sequence[int], square: tuple[int, int] | None) -> int:
    """Wins among ``seeds`` (safe rule, corner first) with the second click forced."""
    configure_logging(level="warning")
    spec = BoardSpec.level(level)
    wins = 0
    for seed in seeds:
        adapter = MinesweeperAdapter(spec, FirstClick.SAFE, seed=seed)
        adapter.start_now()
        tracker, solver = FieldTracker(), ForcedSecond(square)
        while (view := adapter.view()).status == "playing":
            adapter.act_now(to_move_set(solver.decide(tracker.update(view)), view.width))
        wins += adapter.result().outcome == "win"
    return wins


def square_arg(text: str) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a square as x,y (got {text!r})") from None
    return x, y


def main(args: argparse.Namespace) -> None:
    spec = BoardSpec.level(args.level)
    for x, y in args.squares:
        if not (0 <= x < spec.width and 0 <= y < spec.height) or (x, y) == (0, 0):
            raise SystemExit(f"square {x},{y} is not a second click on {spec}")
    seeds = [s for s in range(args.seed, args.seed + args.range) if corner_shows_number(spec, s)]
    print(f"# {spec}, safe rule, corner (0,0) first: {len(seeds)} of seeds "
          f"{args.seed}..{args.seed + args.range - 1} show a number there; {args.jobs} job(s)")
    print(f"{'second click':<14} {'wins':>6} {'win rate':>8} {'95% CI':>15} {'seconds':>8}")
    context = multiprocessing.get_context("spawn")
    chunks = [seeds[i:i + 50] for i in range(0, len(seeds), 50)]
    with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        for square in (None, *args.squares):
            started = time.perf_counter()
            wins = sum(pool.map(play, [args.level] * len(chunks), chunks,
                                [square] * len(chunks)))
            lo, hi = wilson(wins, len(seeds))
            label = "agent's own" if square is None else f"({square[0]},{square[1]})"
            print(f"{label:<14} {wins:>6} {100 * wins / len(seeds):>7.1f}% "
                  f"{f'[{100 * lo:.1f}, {100 * hi:.1f}]':>15} "
                  f"{time.perf_counter() - started:>8.0f}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="intermediate")
    parser.add_argument("--seed", type=int, default=20000, help="first seed looked at")
    parser.add_argument("--range", type=int, default=7500, help="seeds looked at")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--squares", type=square_arg, nargs="*",
                        default=[(15, 0), (0, 15), (15, 15), (2, 0), (2, 2)],
                        help="second clicks to force, as x,y")
    main(parser.parse_args())
