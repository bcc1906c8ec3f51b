"""How level 1 goes over many dungeons: its length, its rests, and how the deaths began.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_first_level.py --from 0 --to 200``

Plays each fixed dungeon (the same game as a tournament's dungeon N) only until the
hero reaches level 2 or dies, and prints one line per dungeon: the decisions taken
on level 1, how many were rests, and, for a death, the hit points and the stairs
(known or not, and how far as the crow flies) on the screen where the last fight
began. A summary follows. The tool behind docs/rogomatic.md's account of level-1 deaths:
most began at full health, and a hero who lives spends some 570 decisions there,
while Rogue sends a wandering monster about every 95 turns. The log goes to stderr.

With ``--encounters NAME`` (a monster's name, as ``hobgoblin``) it also counts that
monster's encounters: runs of decisions whose rationale names it (a gap of more than
15 decisions ends one), each with the missiles thrown at it (arrows mostly; darts,
daggers), the blows struck, the first decision of the run, and whether it was the
fight the hero died in. The summary then gives the deaths by missiles thrown and by
first decision: the figures behind docs/rogomatic.md's account of 1.86 and 1.87 (on 1.83's
1100-1299 and 500-599, a hobgoblin shot twice or more first killed 2 heroes in 87
fights, one never shot 55 in 303).
"""

from __future__ import annotations

import argparse
import re
import statistics
from typing import Any

from rogue_last_moves import (
    Witness,
    add_dungeon_range,
    map_distance,
    run_replay,
    witness_game,
)

from actors.rogue import DEFAULT_TACTICS, Tactics

#: Decisions that belong to a fight (walked back over to find where it began).
FIGHTING = ("melee", "battlestations", "surrender", "screens")


class FirstLevel(Witness):
    """A witness that quits the game (the capped adapter's clean quit) on level 2."""

    async def observe(self) -> Any:
        observed = await super().observe()
        status = getattr(self.seen, "status", None)
        if status is not None and status.level >= 2:
            self.deadline = 0.0
        return observed


def fight_start(log: list[tuple[Any, Any, Any]]) -> int:
    """The index of the first decision of the last run of fighting decisions."""
    i = len(log) - 1
    while i > 0:
        decision = log[i - 1][2]
        if decision is None or decision.expert not in FIGHTING:
            break
        i -= 1
    return i


def stairs_distance(view: Any) -> int | None:
    """Squares (king's moves) from the hero to the stairs shown on ``view``, if both show."""
    return map_distance(getattr(view, "lines", ()), "%")


#: Decisions apart within which two naming the same monster are one encounter.
ENCOUNTER_GAP = 15


def encounters(log: list[tuple[Any, Any, Any]], name: str) -> list[dict[str, Any]]:
    """The runs of decisions whose rationale names ``name``: for each, the first
    decision's rationale, the hit points then, the missiles thrown (``arrows``: the
    missile expert's throws, arrows mostly) and blows struck."""
    found: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    gap = 0
    for view, _action, decision in log:
        why = decision.rationale if decision is not None else ""
        if name not in why:
            gap += 1
            if current is not None and gap > ENCOUNTER_GAP:
                current = None
            continue
        gap = 0
        if current is None:
            status = getattr(view, "status", None)
            current = {"first": why, "hp": getattr(status, "hp", None),
                       "hp_max": getattr(status, "hp_max", None), "arrows": 0, "blows": 0}
            found.append(current)
        if why.startswith("missile: throw"):
            current["arrows"] += 1
        elif why.startswith("melee: strike"):
            current["blows"] += 1
    return found


async def first_level(dungeon: int, time_limit: float,
                      tactics: Tactics = DEFAULT_TACTICS,
                      name: str | None = None) -> dict[str, Any]:
    """Play ``dungeon`` to level 2 or death; the row :func:`describe` prints."""
    adapter = await witness_game(dungeon, time_limit, FirstLevel, announce=False,
                                 tactics=tactics)
    result, log = adapter.played, adapter.log
    rests = sum(1 for _view, _action, d in log
                if d is not None and d.rationale.startswith("health: rest"))
    row: dict[str, Any] = {"dungeon": dungeon, "died": result.outcome == "death",
                           "decisions": len(log), "rests": rests,
                           "cause": dict(result.detail).get("cause", "")}
    if row["died"] and log:
        view = log[fight_start(log)][0]
        status = getattr(view, "status", None)
        row["hp"] = f"{status.hp}/{status.hp_max}" if status is not None else "?"
        row["full"] = status is not None and status.hp == status.hp_max
        row["stairs"] = stairs_distance(view)
    if name is not None:
        row["encounters"] = found = encounters(log, name)
        if found and row["died"] and name in row["cause"]:
            found[-1]["fatal"] = True
    return row


def describe(row: dict[str, Any]) -> str:
    """One line for a dungeon's level 1."""
    text = f"dungeon {row['dungeon']}: {row['decisions']} decisions, {row['rests']} rests"
    if not row["died"]:
        return text + ", down to level 2"
    stairs = "unknown" if row["stairs"] is None else f"{row['stairs']} squares off"
    return text + f", {row['cause']}; the last fight began at hp {row['hp']}, stairs {stairs}"


async def main(args: argparse.Namespace) -> int:
    rows = []
    for dungeon in range(args.start, args.stop):
        row = await first_level(dungeon, args.time_limit, args.tactics, args.encounters)
        rows.append(row)
        print(describe(row), flush=True)
        for e in row.get("encounters", ()):
            print(f"  {args.encounters}: {e['arrows']} arrows, {e['blows']} blows, from hp "
                  f"{e['hp']}/{e['hp_max']}{', fatal' if e.get('fatal') else ''}: "
                  f"{e['first']}", flush=True)
    down = [r for r in rows if not r["died"]]
    dead = [r for r in rows if r["died"]]
    print(f"\n{len(rows)} dungeons: {len(dead)} died on level 1, {len(down)} went down")
    if down:
        print(f"went down after a median {statistics.median(r['decisions'] for r in down)} "
              f"decisions, {statistics.median(r['rests'] for r in down)} of them rests")
    if dead:
        full = sum(1 for r in dead if r["full"])
        known = [r["stairs"] for r in dead if r["stairs"] is not None]
        print(f"deaths: {full} of {len(dead)} last fights began at full health; the stairs "
              f"were known in {len(known)}, {sum(1 for k in known if k > 30)} of them more "
              f"than 30 squares off")
    if args.encounters:
        summarise_encounters(rows, args.encounters)
    return 0


def opening(rationale: str, name: str) -> str:
    """The words that began an encounter: the rationale up to the monster's name, with
    a quoted item (``'33 +0,+0 arrows'``) in general, so that throws of different
    counts of arrows are one opening."""
    return re.sub(r"'[^']*'", "'...'", rationale.split(name)[0].strip())[:50]


def summarise_encounters(rows: list[dict[str, Any]], name: str) -> None:
    """Encounters and deaths by arrows thrown, and by the words that began them (the
    first decision's rationale up to the monster's name)."""
    found = [e for r in rows for e in r.get("encounters", ())]
    print(f"{len(found)} {name} encounters, {sum(1 for e in found if e.get('fatal'))} fatal")
    by_arrows: dict[str, list[int]] = {}
    by_start: dict[str, list[int]] = {}
    for e in found:
        arrows = str(e["arrows"]) if e["arrows"] < 3 else "3+"
        start = opening(e["first"], name)
        for table, key in ((by_arrows, arrows), (by_start, start)):
            counts = table.setdefault(key, [0, 0])
            counts[0] += 1
            counts[1] += bool(e.get("fatal"))
    for key, (n, fatal) in sorted(by_arrows.items()):
        print(f"  {key} arrows first: {n} encounters, {fatal} fatal")
    for key, (n, fatal) in sorted(by_start.items(), key=lambda kv: -kv[1][0]):
        print(f"  begun by {key!r}: {n} encounters, {fatal} fatal")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_dungeon_range(parser, stop=20, time_limit=600.0)
    parser.add_argument("--encounters", metavar="NAME",
                        help="also count the encounters with this monster (as hobgoblin): "
                             "arrows, blows, how each began, which killed")
    run_replay(parser, "rogue_first_level", main)
