"""A Rog-O-Matic side's games split at the hero's first faint: what the targets ask of each half.

Usage: ``python bench/rogue_halves.py bench/baselines/rogue-1.89.jsonl`` (or tournament
databases, comma-separated, as ``bench/rogue_pairs.py`` reads them) ``[--mark 1500]``

Rogue 5.4.4 gives every monster +4 to hit a hero without the "running" flag, and the
hero first gets it when he can move again after a faint, a freeze or a sleep (docs/rogomatic.md,
"Fainting on purpose"); for nearly every hero that is the first faint from hunger, some
1,300 turns in. So a game falls in two parts with different odds: before the first faint,
a 12-hit-point hero meets the shallow levels' monsters at +4; after it, a hero who
lived that long goes down at the old odds. The chronicle counts the faints of every
game (``events["faints"]``), so the records split without replays. A few heroes get the
flag from a sleep or a freeze instead and, eating before hunger takes it, never faint:
12 of 1.89's 500 games lived past 2,500 turns without a faint (dungeon 544: a sleeping
gas trap on level 2); they count with the first half, which is the worse for it.

The issue's first target is a median score of 1,500: half of all games at 1,500 or
more. With ``e`` the share of games ended before their first faint (their scores are
a level or two's gold) and ``q`` the share of the rest that reach the mark, that half is
``(1 - e) * q``, so it needs ``q >= 0.5 / (1 - e)``, or with ``q`` as it is,
``e <= 1 - 0.5 / q``. The tool prints both halves and both requirements: how far each
half is from the target alone, which says where the gap lies.
"""

from __future__ import annotations

import argparse
import collections
import statistics

from rogue_pairs import load

#: The issue's median target: half of all games at this score or more.
MARK = 1500
#: The share of games the median target asks to reach the mark.
HALF = 0.5


def faints(game: dict) -> int:
    """The faints a game's chronicle counted (0 when it kept none)."""
    return int((game.get("events") or {}).get("faints", 0))


def share(games: list[dict], mark: float) -> float:
    """The fraction of ``games`` that scored ``mark`` or more (0 for none)."""
    return sum(g["score"] >= mark for g in games) / len(games) if games else 0.0


def describe(games: list[dict], mark: float) -> str:
    """Count, median score and depth, share at the mark, commonest ends."""
    if not games:
        return "none"
    ends = collections.Counter(g.get("killer", "?") for g in games).most_common(3)
    return (f"{len(games)} games, median score {statistics.median(g['score'] for g in games):g}, "
            f"median depth {statistics.median(g['depth'] for g in games):g}, "
            f"{share(games, mark):.1%} at {mark:g} or more; "
            + ", ".join(f"{name} {count}" for name, count in ends))


def requirement(early: float, later: float) -> tuple[float, float | None]:
    """What the median target asks of each half, given the other as it is.

    ``early`` is the share of games ended before the first faint, ``later`` the share
    of the rest that reach the mark. Returns the share of the rest that must reach the
    mark (above 1 when no play after the faint can do it) and the most games that may
    end before the first faint (None when, with the rest as they are, none may: the
    rest fall short even if every game gets there).
    """
    needed_later = HALF / (1.0 - early) if early < 1.0 else float("inf")
    most_early = 1.0 - HALF / later if later > HALF else None
    return needed_later, most_early


def report(games: dict[int, dict], mark: float) -> str:
    every = list(games.values())
    if not every:
        return "no finished games in the records"
    before = [g for g in every if faints(g) == 0]
    after = [g for g in every if faints(g) > 0]
    early = len(before) / len(every)
    later = share(after, mark)
    needed_later, most_early = requirement(early, later)
    level1 = sum(g["depth"] <= 1 for g in before)
    lines = [
        f"{len(every)} games, median score {statistics.median(g['score'] for g in every):g}; "
        f"{share(every, mark):.1%} at {mark:g} or more (the median target asks {HALF:.0%})",
        f"ended before the first faint: {early:.1%}: {describe(before, mark)} "
        f"({level1} on level 1)",
        f"after it: {describe(after, mark)}",
        f"the target, with {early:.1%} ended before the first faint, asks "
        f"{needed_later:.1%} of the rest at {mark:g} or more (now {later:.1%})"
        + (": more than all of them" if needed_later > 1.0 else ""),
    ]
    if most_early is None:
        lines.append(f"with the rest as they are ({later:.1%} at the mark), no share ended "
                     f"before the first faint is small enough: both halves must change")
    else:
        lines.append(f"with the rest as they are, it asks at most {most_early:.1%} ended "
                     f"before the first faint (now {early:.1%})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="an exported .jsonl or tournament databases, "
                                        "comma-separated")
    parser.add_argument("--mark", type=float, default=MARK,
                        help=f"the score half the games should reach (default {MARK})")
    args = parser.parse_args()
    print(report(load(args.records), args.mark))


if __name__ == "__main__":
    main()
