"""How each theft in a Rog-O-Matic game began: the decisions before every "your purse
feels lighter" (a leprechaun) and every item a nymph stole.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_thefts.py 816 876 --before 6``

Plays each fixed dungeon to its end (the same game as a tournament's dungeon N) and,
for each theft, prints the decisions that led to it: the expert and its rationale, the
dungeon level, the hit points, and how far the nearest thief (``L``, ``N``) stood from
the hero on that screen. The chronicle (``detail["events"]``) counts thefts; this says
which expert walked into them. ``--tactics FILE`` replays a variant's game. The log goes
to stderr.
"""

from __future__ import annotations

import argparse

from rogue_last_moves import (
    map_distance,
    run_replay,
    witness_game,
)

#: Rogue's words for a theft (a leprechaun's; a nymph's begins "she stole").
THEFT = ("your purse feels lighter", "she stole")
THIEVES = "LN"


def thefts(log: list[tuple[object, object, object]]) -> list[int]:
    """Indices of the screens whose message line reports a theft (one per theft: the
    message stays up while ``--More--`` and the pack listing follow)."""
    found: list[int] = []
    for i, (view, _action, _decision) in enumerate(log):
        lines = getattr(view, "lines", None) or [""]
        if any(word in lines[0].lower() for word in THEFT) and \
                (not found or i - found[-1] > 4):
            found.append(i)
    return found


async def main(args: argparse.Namespace) -> int:
    for dungeon in args.dungeons:
        adapter = await witness_game(dungeon, args.time_limit, tactics=args.tactics)
        log = adapter.log
        for at in thefts(log):
            print(f"== dungeon {dungeon}: theft at decision {at}")
            for i in range(max(0, at - args.before), at + 1):
                view, action, decision = log[i]
                lines = getattr(view, "lines", None) or [""]
                status = getattr(view, "status", None)
                where = f"L{status.level} hp {status.hp}" if status is not None else "-"
                who = decision.expert if decision is not None else "-"
                why = decision.rationale if decision is not None else ""
                print(f"#{i} {where} thief {map_distance(lines, THIEVES)} {action!r} {who}: "
                      f"{why[:100]} | {lines[0].strip()[:60]}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeons", type=int, nargs="+")
    parser.add_argument("--before", type=int, default=6, help="decisions shown before each")
    parser.add_argument("--time-limit", type=float, default=1200.0)
    run_replay(parser, "rogue_thefts", main)
