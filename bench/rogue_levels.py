"""How a Rog-O-Matic game went, level by level: time spent, hunger, food, the pack.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_levels.py 26``

Plays fixed dungeon N (the same game as a tournament's dungeon N) and prints one
line per dungeon level: the decisions taken there, the gold gained there, the last
decision made there (on every level but the last, the one that left it: "level 6
explored, down the stairs", "600 actions on level 5...", a step onto a trapdoor),
and in order the hunger states the status line showed, the food picked up and
eaten, the pack found full ("no room") and the junk dropped. The tool behind 1.46's
junk expert: the games that ended Faint had spent one level searching for two to
three thousand turns, or had walked onto food with a full pack; and behind the
dead-end search tried in 1.72 (dungeon 1275 left level 6 "explored" with no gold).
Each line also counts the squares where food (``:``) showed on the map and how many
of them the hero walked onto: dungeon 1202 of 1.79 saw no food at all on levels 1
to 7 and fainted into its last fight (docs/rogomatic.md, 1.79's food trials). The log goes to
stderr.
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


def food_squares(view: Any) -> set[tuple[int, int]]:
    """The (row, column) squares of the map rows (1-22) that show food."""
    rows = getattr(view, "map", ())
    return {(row, column) for row, line in enumerate(rows, start=1)
            for column, glyph in enumerate(line) if glyph == ":"}


def level_lines(log: list[tuple[Any, Any, Any]]) -> list[str]:
    """One line per dungeon level of a witnessed game's ``(view, action, decision)`` log."""
    lines: list[str] = []
    level, start, hunger, notes = None, 0, "", []
    food: set[tuple[int, int]] = set()
    walked: set[tuple[int, int]] = set()
    mapped = False
    gold_in = gold = 0
    last = ""
    for i, (view, _action, decision) in enumerate([*log, (None, None, None)]):
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
                line = f"level {level}: {i - start} decisions, gold {gold - gold_in:+d}"
                if mapped:
                    line += f", food seen {len(food)}, walked onto {len(food & walked)}"
                if last:
                    line += f" [last: {last}]"
                lines.append(line + (f": {said}" if said else ""))
            if view is None:
                break
            level, start, notes, last = status.level, i, [], ""
            gold_in = status.gold
            food, walked, mapped = set(), set(), False
        if getattr(view, "map", ()):
            mapped = True
            food |= food_squares(view)
        if getattr(view, "player", None) is not None:
            walked.add(tuple(view.player))
        gold = status.gold
        if decision is not None:
            last = decision.rationale[:60]
        notes += events(view, decision, hunger)
        hunger = status.hunger
    return lines


async def main(args: argparse.Namespace) -> int:
    adapter = await witness_game(args.dungeon, args.time_limit)
    for line in level_lines(adapter.log):
        print(line)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dungeon", type=int)
    parser.add_argument("--time-limit", type=float, default=600.0)
    arguments = parser.parse_args()
    require_rogue("rogue_levels")
    sys.exit(trio.run(main, arguments))
