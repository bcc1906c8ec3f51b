"""How a Rog-O-Matic game went, level by level: time spent, hunger, food, the pack.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_levels.py 26``

Plays fixed dungeon N (the same game as a tournament's dungeon N) and prints one
line per dungeon level: the decisions taken there, and in order the hunger states
the status line showed, the food picked up and eaten, the pack found full ("no
room") and the junk dropped. The tool behind 1.46's junk expert: the games that
ended Faint had spent one level searching for two to three thousand turns, or had
walked onto food with a full pack. The log goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import trio
from rogue_last_moves import require_rogue, witness_game

#: Messages worth a note, by a word in them.
NOTED = ("food", "slime-mold", "no room", "dropped", "you faint")


def events(view: Any, decision: Any, hunger: str) -> list[str]:
    """What happened on this screen worth a note (the hunger state last shown)."""
    notes = []
    status = getattr(view, "status", None)
    if status is not None and status.hunger != hunger:
        notes.append(status.hunger or "fed")
    message = (getattr(view, "message", "") or "").lower()
    if any(word in message for word in NOTED):
        notes.append(repr(message[:60]))
    expert = decision.expert if decision is not None else ""
    if expert in ("hunger", "junk") or (expert == "health" and "eat" in decision.rationale):
        notes.append(decision.rationale[:70])  # it names its expert
    return notes


async def main(args: argparse.Namespace) -> int:
    adapter = await witness_game(args.dungeon, args.time_limit)
    level, start, hunger, notes = None, 0, "", []
    for i, (view, _action, decision) in enumerate([*adapter.log, (None, None, None)]):
        status = getattr(view, "status", None)
        if view is not None and status is None:
            continue
        if view is None or status.level != level:
            if level is not None:
                # Repeats (a faint a turn, the same wait) are counted, not listed.
                runs: list[list[Any]] = []
                for note in notes:
                    if runs and runs[-1][0] == note:
                        runs[-1][1] += 1
                    else:
                        runs.append([note, 1])
                said = "; ".join(n if k == 1 else f"{n} x{k}" for n, k in runs)
                print(f"level {level}: {i - start} decisions" + (f": {said}" if said else ""))
            if view is None:
                break
            level, start, notes = status.level, i, []
        notes += events(view, decision, hunger)
        hunger = status.hunger
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeon", type=int)
    parser.add_argument("--time-limit", type=float, default=600.0)
    arguments = parser.parse_args()
    require_rogue("rogue_levels")
    sys.exit(trio.run(main, arguments))
