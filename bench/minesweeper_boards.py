"""Minesweeper boards in a plain text file: export ours, replay any, compare two players.

Why: to measure another solver on exactly our boards (and ours on its boards), a
board must leave the game as data. One line per board::

    seed;width;height;x,y;x,y x,y ...

the seed, the size, the first-click square, then every mine. ``export`` writes our
game's boards (the mines are placed at the first click, so the file records the
square that placed them: the agent's own first click unless ``--first`` says
otherwise). ``play`` replays a file with our agent's direct solver, clicking each
line's first square first, and writes one result line per board::

    seed won guesses | x,y,safety ...

(won is 1 or 0; then each guess and its chance of being safe). An outside solver
that writes ``seed won ...`` lines can be compared game by game with ``compare``:
wins each, and the games only one of them won.

    python bench/minesweeper_boards.py export --level intermediate --seed 10000 --games 2000 > b.txt
    python bench/minesweeper_boards.py play b.txt --jobs 2 > ours.txt
    python bench/minesweeper_boards.py compare ours.txt theirs.txt
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import sys
from collections.abc import Sequence

from minesweeper_second_click import square_arg  # a sibling script in bench/

from actors.minesweeper._bench import wilson
from actors.minesweeper._experts import to_move_set
from actors.minesweeper._field import Field, FieldTracker
from actors.minesweeper._rules import Finding, first_click
from actors.minesweeper._solver import Solver
from games.minesweeper import Minefield
from protocols.minesweeper import BoardSpec, FirstClick, MinesweeperAdapter
from runtime import configure_logging


def agent_first(spec: BoardSpec, rule: FirstClick) -> tuple[int, int]:
    """The square our agent clicks first, asked of its own first-click rule."""
    adapter = MinesweeperAdapter(spec, rule, seed=0)
    adapter.start_now()
    finding = first_click(FieldTracker().update(adapter.view()))
    assert finding is not None  # an untouched board always has a first click
    square = finding.reveal[0]
    return square % spec.width, square // spec.width


def board_line(spec: BoardSpec, rule: FirstClick, seed: int, first: tuple[int, int]) -> str:
    """One board of ours as a line: the mines placed by a first click on ``first``."""
    game = Minefield(spec, rule, seed=seed)
    game.reveal(*first)
    mines = " ".join(f"{x},{y}" for y in range(spec.height) for x in range(spec.width)
                     if game.mine_at(x, y))
    return f"{seed};{spec.width};{spec.height};{first[0]},{first[1]};{mines}"


def read_board(line: str) -> tuple[int, Minefield, tuple[int, int]]:
    """A board line back as (seed, a game with those mines, the first-click square)."""
    try:
        seed, width, height, first, mines = line.strip().split(";")
        places = [tuple(int(v) for v in p.split(",")) for p in mines.split()]
        fx, fy = (int(v) for v in first.split(","))
        game = Minefield.with_mines(int(width), int(height), places)  # type: ignore[arg-type]
    except ValueError as error:
        raise ValueError(f"not a board line ({error}): {line.strip()[:60]!r}") from None
    return int(seed), game, (fx, fy)


class StartAt(Solver):
    """Our agent's solver, except that the first click is ``square`` (the board's own)."""

    def __init__(self, square: int) -> None:
        super().__init__()
        self.square = square

    def decide(self, field: Field) -> Finding:
        if field.untouched:
            return Finding("first-click", (self.square,), (), ("the board's first square",))
        return super().decide(field)


def play_line(line: str) -> str:
    """Play one board line with our solver; its result line."""
    seed, game, (fx, fy) = read_board(line)
    adapter = MinesweeperAdapter.hosting(game)
    adapter.start_now()
    tracker, solver = FieldTracker(), StartAt(fy * game.width + fx)
    guesses = []
    while (view := adapter.view()).status == "playing":
        finding = solver.decide(tracker.update(view))
        if finding.rule == "guess":
            guesses += [f"{s % view.width},{s // view.width},{finding.safety:.4f}"
                        for s in finding.reveal]
        adapter.act_now(to_move_set(finding, view.width))
    won = adapter.result().outcome == "win"
    return f"{seed} {int(won)} {len(guesses)} | {' '.join(guesses)}".rstrip()


def play_lines(lines: Sequence[str]) -> list[str]:
    configure_logging(level="warning")
    return [play_line(line) for line in lines]


def read_results(path: str) -> dict[int, bool]:
    """``seed won ...`` lines as {seed: won}; other lines (comments, totals) are skipped."""
    results: dict[int, bool] = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].lstrip("-").isdigit() and parts[1] in ("0", "1"):
                results[int(parts[0])] = parts[1] == "1"
    return results


def rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins}/{n} = {100 * wins / max(1, n):.2f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def export(args: argparse.Namespace) -> None:
    spec = BoardSpec.level(args.level)
    rule = FirstClick(args.first_click)
    first = args.first or agent_first(spec, rule)
    for seed in range(args.seed, args.seed + args.games):
        print(board_line(spec, rule, seed, first))


def play(args: argparse.Namespace) -> None:
    with open(args.boards) as f:
        lines = [line for line in f if line.strip()]
    chunks = [lines[i:i + 25] for i in range(0, len(lines), 25)]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        out = [r for chunk in pool.map(play_lines, chunks) for r in chunk]
    print("\n".join(out))
    wins = sum(line.split()[1] == "1" for line in out)
    print(f"# won {rate(wins, len(out))}", file=sys.stderr)


def compare(args: argparse.Namespace) -> None:
    a, b = read_results(args.first_results), read_results(args.second_results)
    seeds = sorted(a.keys() & b.keys())
    if not seeds:
        raise SystemExit("the two result files share no seed")
    print(f"{len(seeds)} boards in both files")
    print(f"  {args.first_results}: {rate(sum(a[s] for s in seeds), len(seeds))}")
    print(f"  {args.second_results}: {rate(sum(b[s] for s in seeds), len(seeds))}")
    only_a = [s for s in seeds if a[s] and not b[s]]
    only_b = [s for s in seeds if b[s] and not a[s]]
    print(f"  won only by the first: {len(only_a)}; only by the second: {len(only_b)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("export", help="write our boards, one line each")
    p.add_argument("--level", default="intermediate")
    p.add_argument("--first-click", default="safe", choices=[r.value for r in FirstClick])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--first", type=square_arg, default=None,
                   help="first-click square x,y (default: the agent's)")
    p.set_defaults(run=export)
    p = commands.add_parser("play", help="replay a board file with our solver")
    p.add_argument("boards")
    p.add_argument("--jobs", type=int, default=2)
    p.set_defaults(run=play)
    p = commands.add_parser("compare", help="two result files, game by game")
    p.add_argument("first_results")
    p.add_argument("second_results")
    p.set_defaults(run=compare)
    arguments = parser.parse_args()
    arguments.run(arguments)
