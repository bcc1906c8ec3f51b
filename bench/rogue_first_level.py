"""How level 1 goes over many dungeons: its length, its rests, and how the deaths began.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_first_level.py --from 0 --to 200``

Plays each fixed dungeon (the same game as a tournament's dungeon N) only until the
hero reaches level 2 or dies, and prints one line per dungeon: the decisions taken
on level 1, how many were rests, and, for a death, the hit points and the stairs
(known or not, and how far as the crow flies) on the screen where the last fight
began. A summary follows. The tool behind the README's account of level-1 deaths:
most began at full health, and a hero who lives spends some 570 decisions there,
while Rogue sends a wandering monster about every 95 turns. The log goes to stderr.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from rogue_last_moves import (
    Witness,
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


async def first_level(dungeon: int, time_limit: float,
                      tactics: Tactics = DEFAULT_TACTICS) -> dict[str, Any]:
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
        row = await first_level(dungeon, args.time_limit, args.tactics)
        rows.append(row)
        print(describe(row), flush=True)
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
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="start", type=int, default=0, help="first dungeon")
    parser.add_argument("--to", dest="stop", type=int, default=20,
                        help="dungeon to stop before")
    parser.add_argument("--time-limit", type=float, default=600.0)
    run_replay(parser, "rogue_first_level", main)
