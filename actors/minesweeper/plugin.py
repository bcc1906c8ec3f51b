"""``belligerent play minesweeper`` and ``belligerent bench minesweeper``.

Registered as the ``minesweeper`` entry point of ``belligerent.games``.
"""

from __future__ import annotations

import argparse
import sys
import time

from protocols.minesweeper import (
    LEVELS,
    BoardSpec,
    FirstClick,
    MinesweeperAdapter,
    MoveSet,
    render,
)
from runtime import GameCommand, GamePlugin, ProgressBar, Session, whole_number

from ._agents import AGENTS
from ._bench import PATHS, check_runtime, format_checks, format_results, run_bench
from ._plan import plan_session

_positive = whole_number(1)


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a size WIDTHxHEIGHT such as 30x16, got {text!r}") from None
    return width, height


def _first_click(text: str) -> FirstClick:
    try:
        return FirstClick.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _level(text: str) -> str:
    key = text.strip().lower()
    if key not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown level {text!r}; choose from {', '.join(LEVELS)}")
    return key


def _board(args: argparse.Namespace, first_click: FirstClick) -> BoardSpec:
    """The board from --level, or from --size and --mines (checked for the first-click rule)."""
    if args.size is None and args.mines is None:
        return BoardSpec.level(args.level)
    if args.size is None or args.mines is None:
        raise ValueError("a custom board needs both --size WIDTHxHEIGHT and --mines N")
    return BoardSpec.custom(*args.size, args.mines, first_click)


def _add_board(parser: argparse.ArgumentParser, level_default: str) -> None:
    parser.add_argument("--level", type=_level, default=level_default,
                        help=f"{', '.join(f'{k} {w}x{h}/{m}' for k, (w, h, m) in LEVELS.items())}"
                        f" (default: {level_default})")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="a custom board size, with --mines (instead of --level)")
    parser.add_argument("--mines", type=int, default=None, metavar="N",
                        help="mines on a custom board")


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    _add_board(parser, "expert")
    parser.add_argument("--first-click", type=_first_click, default=FirstClick.SAFE,
                        metavar="RULE", help="safe (the first click is never a mine) or "
                        "opening (the first click is a zero); default: safe")
    parser.add_argument("--seed", type=int, default=0, help="seed for the mine layout")
    parser.add_argument("--agent", default=next(iter(AGENTS)), choices=tuple(AGENTS),
                        help="the agent to play (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the final board and the result, not every thought")


async def play(args: argparse.Namespace) -> int:
    spec = _board(args, args.first_click)
    agent = AGENTS[args.agent]
    session: Session | None = None
    step = 0

    def show(action: object, opened: int) -> None:
        nonlocal step
        step += 1
        decision = session.last_decision if session is not None else None
        why = decision.rationale if decision is not None else ""
        count = len(action) if isinstance(action, MoveSet) else 1
        print(f"[{step}] {why}")
        if decision is not None and decision.expert in ("guess", "first-click"):
            print(f"      ({count} move{'s' if count != 1 else ''}, "
                  f"{opened} square{'s' if opened != 1 else ''} opened)")
            print(render(adapter.view()))
            print()

    adapter = MinesweeperAdapter(spec, args.first_click, seed=args.seed,
                                 on_act=None if args.quiet else show)
    session = Session(adapter, agent, seed=args.seed)
    if not args.quiet:
        print(f"{agent.name} {agent.version} on {spec}, first click {args.first_click.value}, "
              f"seed {args.seed}")
    record = await session.run()
    print(render(adapter.view()))
    detail = dict(record.detail)
    print(f"{agent.name}: {record.outcome} after {record.turns} moves in {session.decisions} "
          f"decisions ({detail.get('opened')} squares opened) in {record.wall_time:.2f}s")
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_positive, default=1000,
                        help="games per level and first-click rule (default: %(default)s)")
    parser.add_argument("--level", default="all",
                        help="a level, a comma-separated list, or 'all' (default: all)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="a custom board size, with --mines (instead of --level)")
    parser.add_argument("--mines", type=int, default=None, metavar="N",
                        help="mines on a custom board")
    parser.add_argument("--first-click", default="both", metavar="RULE",
                        help="safe, opening or both (default: both)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first game; game i uses seed + i")
    parser.add_argument("--jobs", type=_positive, default=1,
                        help="worker processes (default: 1)")
    parser.add_argument("--path", choices=PATHS, default="direct",
                        help="direct: the rules called by the plain solver, no session "
                        "(fast; the default); runtime: every game a full session")
    parser.add_argument("--runtime-check", type=_count, default=10, metavar="N",
                        help="with --path direct, also replay the first N seeds of each line "
                        "through the runtime and compare every move (default: %(default)s; "
                        "0 to skip)")


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    return value


async def bench(args: argparse.Namespace) -> int:
    rules = ([FirstClick.SAFE, FirstClick.OPENING] if args.first_click == "both"
             else [FirstClick.parse(args.first_click)])
    if args.size is not None or args.mines is not None:
        if args.size is None or args.mines is None:
            raise ValueError("a custom board needs both --size WIDTHxHEIGHT and --mines N")
        strictest = FirstClick.OPENING if FirstClick.OPENING in rules else FirstClick.SAFE
        specs = [BoardSpec.custom(*args.size, args.mines, strictest)]
    else:
        names = list(LEVELS) if args.level == "all" else [
            n.strip() for n in args.level.split(",") if n.strip()]
        specs = [BoardSpec.level(n) for n in names]
    total = args.games * len(specs) * len(rules)
    bar = ProgressBar(total, label=f"bench ({args.path})")
    started = time.perf_counter()
    lines = await run_bench(specs, rules, games=args.games, seed=args.seed, jobs=args.jobs,
                            path=args.path, progress=bar.update)
    elapsed = time.perf_counter() - started
    print(format_results(lines))
    print(f"\n{total} games ({args.path}) in {elapsed:.0f}s with {args.jobs} job(s), seeds "
          f"{args.seed}..{args.seed + args.games - 1} per line")
    check = min(args.runtime_check, args.games) if args.path == "direct" else 0
    if check:
        check_bar = ProgressBar(2 * check * len(specs) * len(rules), label="runtime check")
        started = time.perf_counter()
        checks = await check_runtime(specs, rules, games=check, seed=args.seed,
                                     jobs=args.jobs, progress=check_bar.update)
        print(format_checks(checks))
        print(f"runtime check took {time.perf_counter() - started:.0f}s")
        if any(c.same_moves != c.n for c in checks):
            print("belligerent: the runtime played differently from the direct path",
                  file=sys.stderr)
            return 1
    return 0


PLUGIN = GamePlugin(
    name="minesweeper",
    description="Minesweeper (beginner, intermediate, expert or custom), played by the "
    "seed's rule framework and a probability expert",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="play one game, showing the board and the agent's thoughts"),
        GameCommand("bench", bench, add_bench_arguments,
                    help="play many games; win rates with 95% intervals and moves by rule"),
    ),
    plan_session=plan_session,
)
