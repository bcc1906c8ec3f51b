"""``belligerent play | bench | levels explore``: exploring NetHack-style levels.

Registered as the ``explore`` entry point of ``belligerent.games``.

* ``play``: one explorer on one level, through the runtime (a real session), each
  action shown with the expert's reason; the referee's tally and the
  full-knowledge tour at the end.
* ``bench``: the paper's experiment on many seeded levels (synchronous, same
  actors), one line per explorer: average actions, room fraction, the share of
  levels fully explored, secret rooms found, processor time per level.
* ``levels``: the level generator's statistics beside real NetHack's.
"""

from __future__ import annotations

import argparse
import sys

import trio

from protocols.dungeon import (
    DEFAULT_MAX_ACTIONS,
    DungeonAdapter,
    full_map,
    level_picture,
    level_statistics,
)
from runtime import DECISION_TOPIC, GameCommand, GamePlugin, ProgressBar, Session, whole_number

from ._agents import ALGORITHMS, explorer
from ._experiment import TOUR, Contender, run_many, summarize
from ._nethack import nethack_explorer
from ._plan import plan_session
from ._tour import optimal_tour

#: The paper's figures (averages over 200 levels) for the tables.
PAPER_ACTIONS = {"greedy": "324", "occupancy": "292 (99.5% complete)", TOUR: "122"}


_positive = whole_number(1)


def _algorithm(text: str) -> str:
    if text not in ALGORITHMS:
        raise argparse.ArgumentTypeError(
            f"unknown algorithm {text!r}; choose from {', '.join(ALGORITHMS)}")
    return text


def _algorithms(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in ALGORITHMS and n != TOUR]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown algorithm(s) {', '.join(bad) or '(none given)'}; choose from "
            f"{', '.join(ALGORITHMS)} or {TOUR}")
    return names


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--algorithm", type=_algorithm, default="room-space",
                        help=f"the explorer: {', '.join(ALGORITHMS)} (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the level's seed")
    parser.add_argument("--secrets", action="store_true",
                        help="hide doors (1/8) and corridor squares (1/100) as NetHack does, "
                        "and let the explorer search for them")
    parser.add_argument("--max-actions", type=_positive, default=DEFAULT_MAX_ACTIONS,
                        help="cut the game after this many actions (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the result, not every action's reason")
    parser.add_argument("--map", action="store_true",
                        help="draw the explored map at the end (and the whole level)")
    parser.add_argument("--nethack", choices=("nle", "pty"), default=None,
                        help="explore real NetHack level 1 instead: in-process through NLE "
                        "(seeded by --seed) or Debian's binary in a pseudo-terminal")


async def play_nethack(args: argparse.Namespace) -> int:
    """Our explorer on real NetHack level 1; prints each decision, then the result."""
    from protocols.nethack import NetHackAdapter, nle_available

    if args.algorithm != "room-space" or args.secrets:
        raise ValueError("--nethack plays our explorer (room-space) without --secrets")
    if args.nethack == "nle":
        if not nle_available():
            raise ValueError("--nethack nle needs the nle package: pip install 'belligerent[nle]'")
        adapter = NetHackAdapter.nle(seeds=(args.seed, args.seed + 1))
    else:
        adapter = NetHackAdapter.live()
    session = Session(adapter, nethack_explorer(args.max_actions), seed=args.seed)
    decisions = session.bus.subscribe(DECISION_TOPIC, capacity=256)

    async def show() -> None:
        shown = 0
        async for decision in decisions:
            shown += 1
            if not args.quiet:
                print(f"{shown:5d} {decision.action!r:>8} {decision.rationale}")

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(show)
            record = await session.run()
            nursery.cancel_scope.cancel()
    finally:
        session.bus.unsubscribe(decisions)
    print(f"{record.agent} on NetHack ({args.nethack}): {record.outcome} after "
          f"{dict(record.detail).get('actions', record.turns)} keys, "
          f"{record.turns} game turns ({record.wall_time:.2f}s)")
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


async def play(args: argparse.Namespace) -> int:
    if args.nethack is not None:
        return await play_nethack(args)
    spec = explorer(args.algorithm, secrets=args.secrets)
    session: Session | None = None

    def show(adapter: DungeonAdapter, action: str) -> None:
        decision = session.last_decision if session is not None else None
        why = decision.rationale if decision is not None else ""
        t = adapter.tally()
        print(f"{t.actions:5d} {action:>5} {t.rooms_explored:2d}/{t.rooms:<2d} {why}")

    adapter = DungeonAdapter(args.seed, secrets=args.secrets, max_actions=args.max_actions,
                             on_step=None if args.quiet else show)
    session = Session(adapter, spec, seed=args.seed)
    if not args.quiet:
        print(f"{spec.name} {spec.version} on level {args.seed}"
              f"{' with secret doors and corridors' if args.secrets else ''}")
        print(f"{'act':>5} {'key':>5} rooms reasoning")
    record = await session.run()
    t = adapter.tally()
    tour = optimal_tour(full_map(args.seed, secrets=args.secrets))
    if args.map:
        print("\n".join(adapter.view().rows))
        print("the whole level (hidden doors +, hidden corridor squares #):")
        print("\n".join(level_picture(args.seed, secrets=args.secrets)))
    print(f"{spec.name} on level {args.seed}: {record.outcome} after {t.actions} actions, "
          f"{t.rooms_explored}/{t.rooms} rooms, {t.secret_rooms_explored}/{t.secret_rooms} "
          f"secret rooms, {t.hidden_found}/{t.hidden_spots} hidden squares found, "
          f"{t.searches} searches; the full-knowledge tour needs {tour.actions} "
          f"({record.wall_time:.2f}s)")
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--levels", type=_positive, default=200,
                        help="levels to explore, seeds FIRST.. (default: %(default)s)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first level's seed (default: %(default)s)")
    parser.add_argument("--algorithms", type=_algorithms,
                        default=[*ALGORITHMS, TOUR], metavar="A,B",
                        help=f"explorers, comma-separated: {', '.join(ALGORITHMS)}, {TOUR} "
                        "(default: all)")
    parser.add_argument("--secrets", action="store_true",
                        help="levels with hidden doors and corridors; explorers search")
    parser.add_argument("--budget", type=_positive, default=None,
                        help="also show each explorer stopped after this many actions")
    parser.add_argument("--jobs", type=_positive, default=1,
                        help="worker processes (default: %(default)s)")


async def bench(args: argparse.Namespace) -> int:
    names = args.algorithms if isinstance(args.algorithms, list) else _algorithms(
        args.algorithms)
    contenders = [Contender(n, n, secrets=args.secrets) for n in names]
    seeds = range(args.first_seed, args.first_seed + args.levels)
    bar = ProgressBar(len(contenders) * args.levels, label="explore")
    results = run_many(contenders, seeds, jobs=args.jobs,
                       progress=lambda done, note: bar.update(done, note))
    print()
    print(f"{args.levels} levels (seeds {seeds.start}-{seeds.stop - 1})"
          f"{', secret doors and corridors on' if args.secrets else ''}")
    print(f"{'explorer':<12} {'actions':>14} {'rooms':>7} {'complete':>9} {'secret':>7} "
          f"{'cpu/level':>10}  paper")
    for name in names:
        rows = [summarize(name, results[name])]
        if args.budget is not None and name != TOUR:
            rows.append(summarize(f"  ≤{args.budget}", results[name], budget=args.budget))
        for s in rows:
            print(f"{s.label:<12} {s.actions:7.1f} ± {s.actions_sd:5.1f} {s.rooms:7.1%} "
                  f"{s.complete:9.1%} {s.secret_rooms:7.1%} {s.cpu_per_level * 1000:8.0f}ms  "
                  f"{PAPER_ACTIONS.get(s.label, '') if not args.secrets else ''}")
    return 0


def add_levels_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--levels", type=_positive, default=200,
                        help="levels to generate, seeds 0.. (default: %(default)s)")
    parser.add_argument("--show", type=int, default=None, metavar="SEED",
                        help="also draw the level of SEED, hidden squares revealed")


async def levels(args: argparse.Namespace) -> int:
    paper = {"rooms per level": "about 8-9", "hidden spots": "about 7"}
    print(f"{'level 1':<28} {'ours':>24} {'paper (real NetHack)':>22}")
    for name, value in level_statistics(range(args.levels)):
        print(f"{name:<28} {value:>24} {paper.get(name, ''):>22}")
    if args.show is not None:
        print("\n".join(level_picture(args.show)))
    return 0


PLUGIN = GamePlugin(
    name="explore",
    description="exploring NetHack level-1 maps with occupancy maps and secret-door search "
    "(Campbell and Verbrugge), and our explorer",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="explore one level, showing each action's reason"),
        GameCommand("bench", bench, add_bench_arguments,
                    help="the paper's experiment: explorers on many seeded levels"),
        GameCommand("levels", levels, add_levels_arguments,
                    help="the level generator's statistics beside real NetHack level 1"),
    ),
    plan_session=plan_session,
)
