"""Play strength of Becky on our Spellcast server, through real sockets.

Plays ``--games`` matches on a local server (``protocols.spellcast.serve``), each
wizard a runtime session with its own socket adapter, and prints the results table
with 95% Wilson intervals. Opponents:

* ``random``, ``heuristic``: Becky (``--time-per-turn`` s) against that baseline,
  seats swapped every other match;
* ``self``: Becky at ``--time-per-turn`` against Becky at ``--fast-time``;
* ``ffa``: ``--wizards`` 3 or 4 seats rotating Becky, heuristic, random (and a
  second heuristic for four).

Usage (long: run with nice)::

    nice -n 10 python bench/spellcast_strength.py --opponent heuristic --games 200 \\
        --time-per-turn 0.2 --concurrency 2
"""

from __future__ import annotations

import argparse
import time

import trio

from actors.spellcast._agents import make_agent
from actors.spellcast._tournament import (
    Entrant,
    format_table,
    lineups,
    run_matches,
    standings,
    wilson,
)
from runtime import ProgressBar, configure_logging


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=("random", "heuristic", "self", "ffa"),
                        default="random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time-per-turn", type=float, default=0.2)
    parser.add_argument("--fast-time", type=float, default=0.1)
    parser.add_argument("--wizards", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    configure_logging(level="warning")
    becky = Entrant("becky", make_agent("becky", args.time_per_turn))
    if args.opponent == "self":
        fast = Entrant(f"becky_{args.fast_time:g}s".replace(".", "_"),
                       make_agent("becky", args.fast_time))
        becky = Entrant(f"becky_{args.time_per_turn:g}s".replace(".", "_"), becky.spec)
        plan = lineups([becky, fast], args.games, 2)
    elif args.opponent == "ffa":
        field = [becky, Entrant("heuristic", make_agent("heuristic")),
                 Entrant("random", make_agent("random"))]
        if args.wizards == 4:
            field.append(Entrant("heuristic2", make_agent("heuristic")))
        plan = lineups(field, args.games, args.wizards)
    else:
        plan = lineups([becky, Entrant(args.opponent, make_agent(args.opponent))],
                       args.games, 2)
    bar = ProgressBar(len(plan), label=args.opponent)
    start = time.monotonic()
    results = trio.run(lambda: run_matches(
        plan, seed=args.seed, concurrency=args.concurrency, max_turns=args.max_turns,
        progress=lambda done, note: bar.update(done, note[:40])))
    wall = time.monotonic() - start
    print(f"opponent={args.opponent} games={len(results)} time_per_turn={args.time_per_turn} "
          f"fast_time={args.fast_time} wizards={len(plan[0])} concurrency={args.concurrency} "
          f"max_turns={args.max_turns} seed={args.seed} wall={wall:.0f}s")
    print(format_table(results))
    row = next(s for s in standings(results) if s.label == becky.label)
    lo, hi = wilson(row.wins, row.played)
    print(f"{becky.label}: won {row.wins}/{row.played} = {100 * row.win_rate:.1f}% "
          f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%), drawn {row.draws}, lost {row.losses}")


if __name__ == "__main__":
    main()
