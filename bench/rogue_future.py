"""What a Rog-O-Matic hero alive on each dungeon level still has to win: the surrender's marks.

Usage: ``python bench/rogue_future.py T1.sqlite3[,T2.sqlite3...]``

Rogue takes a tenth of the purse from a hero who dies and nothing from one who
quits. With ``p`` the chance that the fight in hand kills him, ``g`` his purse and
``E`` the gold he can still expect if he lives, quitting pays when
``p / (1 - p) > 10 E / g``, so the break-even chance of death is
``10 E / (g + 10 E)``. This estimates ``g`` and ``E`` level by level from finished
tournament games: ``g`` on level L is the median purse of the games that ended
there (the score, or the score over 0.9 for a death, which took its tenth), and
``E`` is the mean final score of the games that reached level L, less ``g``. A game
ending on a level carried its largest purse there, so ``g`` runs high and ``E`` low:
the marks printed lean toward quitting, and from the levels where most games end
they go below zero (nothing left to expect). The surrender's marks by level
(``Tactics.quit_from``, ``quit_risk``, ``quit_deep_from``, ``quit_risk_deep``) were
set from this table (docs/rogomatic.md, 1.42).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rogue_pairs import load  # noqa: E402


def break_even(games: list[dict]) -> list[tuple[int, int, float, float, float]]:
    """(level, games reaching it, purse g, E / g, break-even death chance) by level."""
    rows = []
    for level in sorted({g["depth"] for g in games}):
        ended = [g["score"] / 0.9 if g["outcome"] == "death" else g["score"]
                 for g in games if g["depth"] == level]
        reached = [g["score"] for g in games if g["depth"] >= level]
        purse = statistics.median(ended)
        if purse <= 0:
            continue
        future = statistics.fmean(reached) - purse
        ratio = future / purse
        mark = 10 * future / (purse + 10 * future) if future > 0 else 0.0
        rows.append((level, len(reached), purse, ratio, mark))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("databases", help="tournament databases, comma-separated")
    args = parser.parse_args()
    games = list(load(args.databases).values())
    if not games:
        print(f"no finished games in {args.databases}", file=sys.stderr)
        return 1
    print(f"{len(games)} games")
    print("level  reached   purse    E/g   break-even death chance")
    for level, reached, purse, ratio, mark in break_even(games):
        print(f"{level:5d}  {reached:7d}  {purse:6.0f}  {ratio:5.2f}   "
              f"{mark:.2f}" + ("  (nothing left to expect)" if ratio <= 0 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
