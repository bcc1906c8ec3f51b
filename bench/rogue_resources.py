"""What the hero carries and how he fights, dungeon level by dungeon level.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_resources.py --from 1100 --to 1120``

Plays each fixed dungeon (the same game as a tournament's dungeon N) to its end and
prints, for every level the hero reached: the arrows in his pack, the armor he wore,
the weapon in his hand (each as the last inventory list read on that level shows
it), his experience level and most hit points on leaving, and the missiles he threw
and the blows he struck there. A summary by depth follows: the median arrows carried,
and the missiles' share of the attacks. The tool behind docs/rogomatic.md's account of why
deep heroes die with their quivers full: Rogue makes a room dark with chance
(level - 1)/10, so from level 6 most rooms are dark, from level 11 all, and every
passage is; a monster is first seen beside the hero, where a mace beats an arrow.
The log goes to stderr.
"""

from __future__ import annotations

import statistics
from typing import Any

import attrs
from rogue_last_moves import run_range

from actors.rogue._inventory import parse_item

#: Depth bands of the summary: (first level, last level, label).
BANDS = ((1, 1, "1"), (2, 4, "2-4"), (5, 7, "5-7"), (8, 10, "8-10"), (11, 26, "11+"))


@attrs.define
class LevelRecord:
    """One dungeon level as the hero lived it."""

    level: int
    #: From the last inventory list read on the level (None: no list was read there).
    arrows: int | None = None
    armor: str = ""
    weapon: str = ""
    exp_level: int = 0
    hp_max: int = 0
    throws: int = 0
    blows: int = 0


def read_pack(items: tuple[tuple[str, str], ...]) -> tuple[int, str, str]:
    """(arrows, armor worn, weapon in hand) from an inventory list's (letter, text)
    entries; "" for armor or weapon when none is worn or wielded."""
    arrows, armor, weapon = 0, "", ""
    for letter, text in items:
        item = parse_item(letter, text)
        if item.kind == "weapon" and item.name == "arrow":
            arrows += item.count
        if item.worn and item.kind == "armor":
            armor = text.replace(" (being worn)", "")
        if item.wielded:
            weapon = text.replace(" (weapon in hand)", "")
    return arrows, armor, weapon


def by_level(log: list[tuple[Any, Any, Any]]) -> list[LevelRecord]:
    """The witness's log (screen, keys, decision) folded into one record a level.

    An inventory screen has no status line: it belongs to the level of the last
    screen that had one.
    """
    records: dict[int, LevelRecord] = {}
    current: LevelRecord | None = None
    for view, _action, decision in log:
        status = getattr(view, "status", None)
        if status is not None:
            current = records.setdefault(status.level, LevelRecord(status.level))
            current.exp_level = max(current.exp_level, status.exp_level)
            current.hp_max = max(current.hp_max, status.hp_max)
        if current is None:
            continue
        if getattr(view, "kind", "") == "inventory" and getattr(view, "items", ()):
            current.arrows, armor, weapon = read_pack(view.items)
            current.armor = armor or current.armor
            current.weapon = weapon or current.weapon
        why = decision.rationale if decision is not None else ""
        if why.startswith("missile: throw"):
            current.throws += 1
        elif why.startswith("melee: strike"):
            current.blows += 1
    return [records[k] for k in sorted(records)]


def describe(record: LevelRecord) -> str:
    arrows = "?" if record.arrows is None else str(record.arrows)
    return (f"  level {record.level}: {arrows} arrows; {record.armor or 'no armor'}; "
            f"{record.weapon or 'bare hands'}; Exp {record.exp_level}, hp {record.hp_max}; "
            f"threw {record.throws}, struck {record.blows}")


def summarise(games: list[list[LevelRecord]]) -> list[str]:
    """By depth band: levels seen, the median arrows carried (of levels where a list
    was read), missiles thrown and blows struck, and the missiles' share of both."""
    lines = []
    for first, last, label in BANDS:
        band = [r for game in games for r in game if first <= r.level <= last]
        if not band:
            continue
        counted = [r.arrows for r in band if r.arrows is not None]
        carried = f"{statistics.median(counted):g}" if counted else "?"
        throws = sum(r.throws for r in band)
        blows = sum(r.blows for r in band)
        share = f"{throws / (throws + blows):.0%}" if throws + blows else "-"
        lines.append(f"levels {label}: {len(band)} played, median {carried} arrows carried; "
                     f"{throws} missiles, {blows} blows ({share} missiles)")
    return lines


if __name__ == "__main__":
    run_range("rogue_resources", __doc__.splitlines()[0], lambda _dungeon, log: by_level(log),
              lambda records: [describe(r) for r in records], summarise)
