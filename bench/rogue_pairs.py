"""Two Rog-O-Matic versions compared dungeon by dungeon, from two tournament databases.

Usage: ``python bench/rogue_pairs.py BASE.sqlite3[,MORE...] NEW.sqlite3[,MORE...] [--games 40]``
or ``python bench/rogue_pairs.py BASE.sqlite3[,MORE...] --export BASE.jsonl``

Games are repeatable (the same agent on the same dungeon plays the same game), so
two tournaments run with the same ``--seed`` pair up by dungeon: the comparison is
the count of dungeons where the new version scored more, less, or the same, the
median and mean of each side, the deepest level, and the causes of death that
changed, with two figures of chance: the two-sided sign test's p on the better and
worse dungeons, and a bootstrap 95% interval of the mean difference. Only dungeons
finished in both databases count (a game quit at the time cap keeps the gold it
had, as the tournament records it). Several databases a side (comma-separated)
pool their dungeons: 200 games are two tournaments of 100. Where both sides kept a
chronicle of each game (``actors/rogue/_chronicle.py``), its totals are compared
too: gold stolen, armor rusted, freezes and the rest.

A side's finished games can be kept as JSON lines (``--export``), one game a line,
and read back in place of its databases: a version's games on a fixed set of
dungeons then need playing once, and a trial is played alone beside them. That
holds only while the games replay the same, with the same Rogue binary; a rerun of
a few of the stored dungeons beside the trial checks it.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import os
import random
import sqlite3
import statistics

from actors.rogue._chronicle import EVENT_NAMES
from actors.rogue._tournament import NOT_PLAYED

#: How the loader names a game the agent quit itself (the surrender expert).
SURRENDERED = "quit (surrendered)"
#: How an exported side's file name ends (``--export``).
EXPORTED = ".jsonl"
#: Turns after a quit within which the base version's death counts as the same fight.
SAME_FIGHT = 60


def load(paths: str) -> dict[int, dict]:
    """Finished games by dungeon (from each comma-separated database)."""
    out: dict[int, dict] = {}
    for path in paths.split(","):
        out.update(load_one(path))
    return out


def unfinished(paths: str) -> int:
    """Games queued or still running in the comma-separated databases."""
    count = 0
    for path in paths.split(","):
        if path.endswith(EXPORTED):
            continue  # an export holds only finished games
        con = sqlite3.connect(path)
        count += con.execute("select count(*) from sessions where state != 'done'").fetchone()[0]
        con.close()
    return count


def partial_warning(base: str, new: str) -> str | None:
    """A line saying the reading is part-way, or None when every game has ended.

    A tournament plays its block of dungeons in order, and a run read part-way can
    swing: 1.60's shallow-escape run read -77 (-153 to -2) after 223 of its 300
    dungeons and +9 (-62 to +81) at the end (docs/rogomatic.md).
    """
    left = {side: unfinished(paths) for side, paths in (("base", base), ("new", new))}
    if not any(left.values()):
        return None
    named = ", ".join(f"{n} in {side}" for side, n in left.items() if n)
    return f"part-way: {named} not yet ended; read the comparison again once every game has"


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact sign test: the chance of a split this uneven from a fair coin."""
    n, k = better + worse, min(better, worse)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def bootstrap_mean(diffs: list[float], rounds: int = 10000, seed: int = 0) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of the mean of ``diffs``."""
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(sum(rng.choice(diffs) for _ in range(n)) / n for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def load_one(path: str) -> dict[int, dict]:
    """Finished games by dungeon: score, depth, outcome, killer."""
    if path.endswith(EXPORTED):
        return load_exported(path)
    con = sqlite3.connect(path)
    rows = con.execute("select parameters, outcome, score, turns, detail, wall_time "
                       "from sessions where state = 'done'").fetchall()
    out = {}
    for params, outcome, score, turns, detail, wall in rows:
        p, d = json.loads(params), json.loads(detail)
        dungeon = p.get("dungeon", d.get("dungeon"))
        if outcome in NOT_PLAYED or dungeon is None:
            continue  # the tournament stopped before this game started or ended
        quit = "quit at the cap" if d.get("capped") else SURRENDERED
        killer = d.get("killer") or {"quit": quit,
                                     "aborted": "Rogue crashed"}.get(outcome, "?")
        out[int(dungeon)] = {"score": score or 0.0, "depth": d.get("depth", 0),
                             "outcome": outcome, "killer": killer, "turns": turns,
                             "wall": wall or 0.0, "events": d.get("events")}
    return out


def export(games: dict[int, dict], path: str) -> int:
    """Write ``games`` to ``path`` as JSON lines in dungeon order; the count written."""
    with open(path, "w", encoding="utf-8") as out:
        for dungeon in sorted(games):
            out.write(json.dumps({"dungeon": dungeon, **games[dungeon]}, sort_keys=True) + "\n")
    return len(games)


def load_exported(path: str) -> dict[int, dict]:
    """Games from a file ``export`` wrote, by dungeon."""
    out = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                out[int(game.pop("dungeon"))] = game
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"{path}, line {number}: not a game written by --export "
                                 f"({error}); export the side again from its databases") from None
    return out


def compare(base: dict[int, dict], new: dict[int, dict], games: int | None) -> str:
    keys = sorted(set(base) & set(new))
    if games is not None:
        keys = keys[:games]
    if not keys:
        return ("no dungeon has an ended game on both sides: compare runs of the same "
                "dungeons (the same --seed and --games)")
    lines = []
    better = worse = same = 0
    for k in keys:
        a, b = base[k], new[k]
        mark = "=" if a["score"] == b["score"] else ("+" if b["score"] > a["score"] else "-")
        better += mark == "+"
        worse += mark == "-"
        same += mark == "="
        lines.append(f"{k:4d} {mark} {a['score']:6.0f} L{a['depth']:<2} {a['killer']:<16.16} "
                     f"-> {b['score']:6.0f} L{b['depth']:<2} {b['killer']:<16.16}")
    sa = [base[k]["score"] for k in keys]
    sb = [new[k]["score"] for k in keys]
    da = [base[k]["depth"] for k in keys]
    db = [new[k]["depth"] for k in keys]
    ka = collections.Counter(base[k]["killer"] for k in keys)
    kb = collections.Counter(new[k]["killer"] for k in keys)
    killers = sorted(set(ka) | set(kb), key=lambda x: -(ka[x] + kb[x]))
    lines.append(f"dungeons {len(keys)}: better {better}, worse {worse}, same {same}")
    lines.append(f"median {statistics.median(sa):.1f} -> {statistics.median(sb):.1f}; "
                 f"mean {statistics.fmean(sa):.0f} -> {statistics.fmean(sb):.0f}; "
                 f"median depth {statistics.median(da)} -> {statistics.median(db)}; "
                 f"deepest {max(da)} -> {max(db)}; level-1 deaths "
                 f"{sum(1 for k in keys if base[k]['depth'] == 1)} -> "
                 f"{sum(1 for k in keys if new[k]['depth'] == 1)}")
    diffs = [b - a for a, b in zip(sa, sb, strict=True)]
    if diffs:
        lo, hi = bootstrap_mean(diffs)
        lines.append(f"sign test p = {sign_test(better, worse):.3g}; mean difference "
                     f"{statistics.fmean(diffs):+.0f} (95% bootstrap {lo:+.0f} to {hi:+.0f})")
    lines.append("killers: " + ", ".join(f"{x} {ka[x]}->{kb[x]}" for x in killers))
    chronicled = [k for k in keys
                  if base[k].get("events") is not None and new[k].get("events") is not None]
    if chronicled:
        lines.append(f"on the way ({len(chronicled)} dungeons chronicled on both sides): "
                     + event_changes([base[k]["events"] for k in chronicled],
                                     [new[k]["events"] for k in chronicled]))
    surrendered = [k for k in keys if new[k]["killer"] == SURRENDERED]
    if surrendered:
        lost = [k for k in surrendered if fight_lost(base[k], new[k])]
        lines.append(f"surrenders {len(surrendered)}: the base version lost that fight "
                     f"(died or quit on the same level within {SAME_FIGHT} turns) in {len(lost)} "
                     f"(a check for versions that differ only in quitting)"
                     + ("" if len(lost) == len(surrendered) else
                        "; it went on in " + ", ".join(str(k) for k in surrendered
                                                       if k not in lost)))
    return "\n".join(lines)



def event_changes(base: list[dict], new: list[dict]) -> str:
    """Each chronicle count's total on both sides ("gold_stolen 1530 -> 900"), in the
    chronicle's order; counts that are not totals (``last_crowd``) are left out, and
    games with a long stay on one level (``longest_stay``) are counted."""

    def total(side: list[dict], name: str) -> int:
        return sum(e.get(name, 0) for e in side)

    shown = [f"{name} {total(base, name)} -> {total(new, name)}" for name in EVENT_NAMES
             if total(base, name) or total(new, name)]
    long_stays = [sum(1 for e in side if e.get("longest_stay")) for side in (base, new)]
    if any(long_stays):
        shown.append(f"long stays {long_stays[0]} -> {long_stays[1]}")
    return ", ".join(shown) or "nothing of note on either side"


def fight_lost(base: dict, quit: dict) -> bool:
    """Did the base version die in the fight the new one quit? A quit changes only the
    end of a game, so the base played the same game up to it: a death on the same
    level, a few turns later, is that fight lost (or a later quit in it, for a base
    that surrenders too)."""
    ended = base["outcome"] == "death" or base["killer"] == SURRENDERED
    return (ended and base["depth"] == quit["depth"]
            and 0 <= (base["turns"] or 0) - (quit["turns"] or 0) <= SAME_FIGHT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the base side: databases, comma-separated, or an export")
    parser.add_argument("new", nargs="?", help="the new side, in the same forms")
    parser.add_argument("--games", type=int, default=None,
                        help="compare only the first N dungeons present in both")
    parser.add_argument("--export", metavar="FILE.jsonl",
                        help="write the base side's finished games to FILE.jsonl and stop")
    args = parser.parse_args()
    for side in (args.base, args.new or ""):
        missing = [path for path in side.split(",") if path and not os.path.exists(path)]
        if missing:
            parser.error(f"no such file: {', '.join(missing)} (a tournament's --db, or an "
                         f"export written by --export)")
    if args.export is not None:
        if not args.export.endswith(EXPORTED):
            parser.error(f"--export writes JSON lines: name the file *{EXPORTED}")
        if unfinished(args.base):
            parser.error("the base side has games not yet ended: export it once they have")
        print(f"{export(load(args.base), args.export)} games written to {args.export}")
        return
    if args.new is None:
        parser.error("name the new side to compare with (or --export FILE.jsonl)")
    print(compare(load(args.base), load(args.new), args.games))
    warning = partial_warning(args.base, args.new)
    if warning is not None:
        print(warning)


if __name__ == "__main__":
    main()
