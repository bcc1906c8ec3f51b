"""An evolved critter's rank in the 43-bot round robin of the real 1999 programs.

The Critter issue's second target: the best evolved critter should land in the top
half of the field. Each critter file enters the field of the 43 competition bots
that the open-spiel wheel carries (``pip install -e '.[bench]'``) alone, playing
every bot once through a full runtime session (``--agent critter:FILE``'s agent),
while the bots play each other once; repeated over ``--rounds`` round robins whose
seeds derive from ``--seed``, averaged, and ranked by match points (2 win / 1 draw /
0 loss, a draw when |score| <= 50) and by total score, exactly as
``bench/roshambo_round_robin.py`` ranks our hand-written agents.

By default both committed champions enter: ``best.critter`` (two-stage evolution,
the second stage against 17 of the 43 bots) and ``basic.critter`` (its first stage,
evolved against the four predictable dummies only), which is the baseline measured
in the same run: what the second stage added. The field's own ``randbot`` is the
other yardstick (an unexploitable, unexploiting player).

    python bench/critter_round_robin.py --rounds 5 --seed 0 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

import trio

from actors.critter import critter_agent_from_genome, load_critter
from actors.roshambo._tournament import format_table, run_tournament
from protocols.roshambo import openspiel_available, openspiel_bot_names
from runtime import ProgressBar, configure_logging

CHAMPIONS = Path(__file__).resolve().parent.parent / "actors" / "critter" / "champions"
DEFAULT = (CHAMPIONS / "best.critter", CHAMPIONS / "basic.critter")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("critters", nargs="*", type=Path, default=list(DEFAULT),
                        help="critter files to enter (default: both committed champions)")
    parser.add_argument("--rounds", type=int, default=5, help="round robins (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="worker processes for the bot-versus-bot rounds")
    parser.add_argument("--quick", action="store_true",
                        help="one round of 200 throws, to check the bench runs")
    args = parser.parse_args()
    if not openspiel_available():
        print("the 43-bot field needs open-spiel: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    configure_logging(level="warning")
    rounds, turns = (1, 200) if args.quick else (args.rounds, 1000)
    field = openspiel_bot_names()
    agents = [
        critter_agent_from_genome(load_critter(path), name=f"critter:{path.stem}")
        for path in args.critters
    ]
    print(f"python {platform.python_version()}, {os.cpu_count()} cores; {len(field)} bots + "
          f"each of {', '.join(a.name for a in agents)} alone; {rounds} round(s) of {turns} "
          f"throws, seed {args.seed}")
    n = len(field)
    bar = ProgressBar(rounds * (n * (n - 1) // 2 + n * len(agents)), label="round robin")
    started = time.perf_counter()
    results = trio.run(lambda: run_tournament(
        agents, field, seed=args.seed, rounds=rounds, turns=turns, jobs=args.jobs,
        progress=lambda done, note: bar.update(done, note[:40]),
    ))
    print(f"total wall time {time.perf_counter() - started:.0f}s")
    half = (n + 1) // 2
    for agent, result in zip(agents, results, strict=True):
        line = result.line(result.agent)
        size = len(result.lines)
        rank = line.rank_by_points
        print()
        print(f"== {agent.name} ({agent.version}): rank {rank}/{size} by match points, "
              f"{line.rank_by_score}/{size} by total score (average over {result.rounds} "
              f"round robin(s)); top half (rank <= {half}): {'met' if rank <= half else 'NOT met'}")
        rand = result.line("randbot")
        print(f"   its score {line.score:.1f}, points {line.points:.1f}, "
              f"W/D/L {line.wins:.1f}/{line.draws:.1f}/{line.losses:.1f}; randbot: rank "
              f"{rand.rank_by_points}, score {rand.score:.1f}, points {rand.points:.1f}; "
              f"{result.wall_time_per_match:.2f}s per {turns}-throw match through the runtime")
        print(format_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
