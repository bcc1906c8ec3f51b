"""``belligerent play dayinlife`` and ``belligerent bench dayinlife``.

Registered as the ``dayinlife`` entry point of ``belligerent.games``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from protocols.dayinlife import (
    DAYS,
    ODDS_MODES,
    PUBLISHED,
    STARTING_CASH,
    DayReport,
    LifeAdapter,
    StintView,
)
from runtime import GameCommand, GamePlugin, ProgressBar, Session, whole_number

from ._agents import person_agent
from ._bench import format_table, matplotlib_available, plot, run_bench, write_csv
from ._ks import DEFAULT_TRIALS
from ._personalities import PERSONALITIES, personality
from ._plan import plan_session

_NAMES = {"day-job": "day job", "street": "street", "stunt-show": "stunt show",
          "lotto": "lotto", "crime": "crime", "rock-band": "rock band",
          "financier": "financier"}


_count = whole_number


def _person(text: str) -> str:
    try:
        return personality(text).name
    except LookupError as exc:
        raise argparse.ArgumentTypeError(str(exc).strip("'\"")) from None


def _persons(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names:
        raise argparse.ArgumentTypeError(
            f"expected person names separated by commas, from {', '.join(PERSONALITIES)}"
        )
    return tuple(_person(n) for n in names)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--odds", choices=ODDS_MODES, default=PUBLISHED,
                        help="'published': every occupation's P is known, as in the seed "
                        "(default); 'hidden': P is withheld and estimated by Monte Carlo")
    parser.add_argument("--trials", type=_count(0), default=DEFAULT_TRIALS,
                        help="with --odds hidden: rehearsed attempts per occupation each "
                        f"morning (default {DEFAULT_TRIALS}; 0 learns from experience only)")
    parser.add_argument("--days", type=_count(1), default=DAYS,
                        help=f"work days in a life (default {DAYS}, as in the seed)")


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--person", type=_person, default="eddy",
                        help=f"who lives: {', '.join(PERSONALITIES)} (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the life's dice")
    _add_common(parser)
    parser.add_argument("--quiet", action="store_true",
                        help="print only the result, not each change of occupation")


def _stint_line(s: StintView) -> str:
    broke = f", {s.bankruptcies} bankrupt" if s.bankruptcies else ""
    span = f"{s.first_day}-{s.last_day}" if s.days > 1 else f"{s.first_day}"
    return (f"  days {span:>9}  {_NAMES.get(s.occupation, s.occupation):10} "
            f"{s.days:4d} day{'s' if s.days != 1 else ' '}: {s.successes} paid off, "
            f"{s.failures} failed{broke}; cash {s.cash_before:.2f} → {s.cash_after:.2f}")


async def play(args: argparse.Namespace) -> int:
    agent = person_agent(args.person, trials=args.trials)
    who = personality(args.person)
    session: Session | None = None

    def show(report: DayReport) -> None:
        for stint in report.closed:
            if stint.last_day < report.day:
                print(_stint_line(stint))
        if report.changed:
            decision = session.last_decision if session is not None else None
            why = decision.rationale if decision is not None else ""
            print(f"day {report.day}: takes up {_NAMES[report.occupation]}: {why}")
        for stint in report.closed:
            if stint.last_day == report.day:
                print(_stint_line(stint))

    adapter = LifeAdapter(args.seed, days=args.days, odds=args.odds, person=who.name,
                          on_day=None if args.quiet else show)
    session = Session(adapter, agent, seed=args.seed)
    if not args.quiet:
        trials = f", {args.trials} rehearsals a morning" if args.odds != PUBLISHED else ""
        print(f"{who.name} ({who.title}, F = {who.equation}): {args.days} days from "
              f"{STARTING_CASH:.2f}, seed {args.seed}, odds {args.odds}{trials}")
    record = await session.run()
    detail = dict(record.detail)
    days = ", ".join(f"{_NAMES[k]} {n}" for k, n in detail.get("days", ()) if n)
    print(f"{who.name} ends with {record.score:.2f} ({record.outcome}) after {record.turns} "
          f"days: {detail.get('bankruptcies', 0)} bankruptcies, peak "
          f"{detail.get('peak_cash', 0.0):.2f}, {detail.get('stints', 0)} stints")
    print(f"days: {days}")
    if record.cause:
        print(f"ended early: {record.cause}", file=sys.stderr)
        return 1
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=_count(1), default=100,
                        help="lives per personality (default: %(default)s)")
    parser.add_argument("--persons", type=_persons, default=tuple(PERSONALITIES),
                        metavar="A,B", help="who to bench, comma-separated (default: all six)")
    parser.add_argument("--seed", type=int, default=0,
                        help="life i of every person uses seed SEED+i (default: 0)")
    parser.add_argument("--jobs", type=_count(1), default=1,
                        help="worker processes (default: 1)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="also write dayinlife_lives.csv and two PNG plots to DIR "
                        "(plots need the plot extra: pip install -e '.[plot]')")
    _add_common(parser)


async def bench(args: argparse.Namespace) -> int:
    persons = args.persons if isinstance(args.persons, tuple) else _persons(args.persons)
    if args.out is not None and not matplotlib_available():
        print("belligerent: error: --out plots need matplotlib, which is not installed; "
              "install the plot extra: pip install -e '.[plot]'", file=sys.stderr)
        return 2
    bar = ProgressBar(args.runs * len(persons), label="lives")
    result = run_bench(persons, runs=args.runs, seed=args.seed, days=args.days,
                       odds=args.odds, trials=args.trials, jobs=args.jobs,
                       progress=lambda done, note: bar.update(done, note))
    print(format_table(result))
    lives = args.runs * len(persons)
    print(f"\n{lives} lives of {args.days} days in {result.wall_time:.1f}s "
          f"({result.wall_time / lives * 1000:.1f} ms a life, {args.jobs} job(s)), "
          f"seeds {args.seed}..{args.seed + args.runs - 1}")
    if args.out is not None:
        out: Path = args.out
        out.mkdir(parents=True, exist_ok=True)
        written = [write_csv(result, out / "dayinlife_lives.csv"), *plot(result, out)]
        for path in written:
            print(f"wrote {path}")
    return 0


PLUGIN = GamePlugin(
    name="dayinlife",
    description="A Day in the Life: six personalities choose among seven occupations "
    "for 1,000 days",
    commands=(
        GameCommand("play", play, add_play_arguments,
                    help="live one life, printing each change of occupation and why"),
        GameCommand("bench", bench, add_bench_arguments,
                    help="live many lives as each personality; distribution of final cash "
                    "and days per occupation"),
    ),
    plan_session=plan_session,
)
