"""The 43-bot round robin: our RoShamBo agents against the real 1999 programs.

Each of our agents enters, alone, the field of the 43 competition bots that the
open-spiel wheel carries (``pip install -e '.[bench]'``), playing every bot once
through a full runtime session (adapter, knowledge sources, barrier, arbiter),
while the bots play each other once. Repeated over ``--rounds`` round robins with
different seeds, averaged, and ranked by total match score and by match play
(2 win / 1 draw / 0 loss, a draw when |score| <= 50).

Also reports the time of one 1000-throw match through the runtime, against the
competition's limit of one second, and against the same agent's pure reference
driver measured in the same run (the runtime's overhead as a ratio).

    python bench/roshambo_round_robin.py --rounds 5 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import trio

from actors.roshambo._agents import AGENTS
from actors.roshambo._direct import DirectGranite, DirectStrongest
from actors.roshambo._tournament import format_table, run_tournament
from protocols.roshambo import make_opponent, openspiel_available, openspiel_bot_names
from runtime import ProgressBar, configure_logging

REFERENCE = {"granite": DirectGranite, "iocaine-plus": DirectStrongest}


def reference_match_seconds(agent: str, opponent: str, turns: int) -> float:
    """Wall time of one match of the agent's pure driver (no runtime) against ``opponent``."""
    from games.roshambo import Table  # the bench hosts the game for the reference run

    driver = REFERENCE[agent]()
    driver.reset(1)
    table = Table(make_opponent(opponent), turns=turns, seed=1)
    mine: list[int] = []
    theirs: list[int] = []
    start = time.perf_counter()
    for _ in range(turns):
        played = table.play(driver.move(mine, theirs))
        mine.append(played.move)
        theirs.append(played.opponent_move)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="round robins (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes for the bot-versus-bot rounds")
    parser.add_argument("--agents", default=",".join(AGENTS))
    parser.add_argument("--quick", action="store_true",
                        help="one round of 200 throws, to check the bench runs")
    args = parser.parse_args()
    if not openspiel_available():
        print("the 43-bot field needs open-spiel: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    configure_logging(level="warning")
    rounds, turns = (1, 200) if args.quick else (args.rounds, 1000)
    field = openspiel_bot_names()
    agents = [AGENTS[name] for name in args.agents.split(",")]
    print(f"python {platform.python_version()}, {os.cpu_count()} cores; "
          f"{len(field)} bots + each of {', '.join(a.name for a in agents)}; "
          f"{rounds} round(s) of {turns} throws, seed {args.seed}")
    n = len(field)
    bar = ProgressBar(rounds * (n * (n - 1) // 2 + n * len(agents)), label="round robin")
    started = time.perf_counter()
    results = trio.run(lambda: run_tournament(
        agents, field, seed=args.seed, rounds=rounds, turns=turns, jobs=args.jobs,
        progress=lambda done, note: bar.update(done, note[:40]),
    ))
    print(f"total wall time {time.perf_counter() - started:.0f}s")
    for result in results:
        line = result.line(result.agent)
        top = result.lines[0]
        print()
        print(f"== {result.agent}: rank {line.rank_by_points}/{len(result.lines)} by match "
              f"play, {line.rank_by_score}/{len(result.lines)} by total score "
              f"(average over {result.rounds} round robin(s))")
        best_other = top.name if top.name != result.agent else result.lines[1].name
        print(f"   its score {line.score:.1f}, points {line.points:.1f}; "
              f"best other by points: {best_other}")
        for bot in ("iocainebot", "greenberg", "granite"):
            if bot in field:
                b = result.line(bot)
                print(f"   {bot}: score {b.score:.1f} (#{b.rank_by_score}), "
                      f"points {b.points:.1f} (#{b.rank_by_points})")
        print(format_table(result))
    print()
    print("== one match through the runtime vs the pure reference driver (same run)")
    for result in results:
        reference = statistics.median(
            reference_match_seconds(result.agent, "randbot", turns) for _ in range(3)
        )
        print(f"   {result.agent}: {result.wall_time_per_match:.3f}s per {turns}-throw match "
              f"through the runtime (limit 1 s); reference driver {reference:.3f}s; "
              f"ratio {result.wall_time_per_match / reference:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
