"""How often the hero meets monsters on level 1 before, during and after a camp.

Usage: ``BELLIGERENT_ROGUE=/path/to/rogue python bench/rogue_camp_encounters.py
--from 1100 --to 1113 --tactics camp_first.json`` (``{"camp_first": 1}``)

Plays each fixed dungeon (the same game as a tournament's dungeon N) until the hero
reaches level 2 or dies, and splits his level-1 turns in three: exploring before he
first waits on the stairs for the faint (``Tactics.camp_first``), the camp (the waits
on the stairs and for the faint), and exploring after it. In each it counts
the turns (as ``rogue_turns.py`` does) and the encounters: runs of fighting
decisions (melee, target, missile, battlestations) that name the same monster, a gap
of more than 15 decisions or another monster beginning a new one.

The tool behind docs/rogomatic.md's account of ``camp_first``: Rogue starts a wanderer
about every 95 turns and sends it at the hero, but many stall on the way, so a hero
who waits meets them afterwards, awake in the passages. The log goes to stderr.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
from rogue_first_level import FirstLevel
from rogue_last_moves import run_range
from rogue_turns import NO_TURN, turns_taken

from actors.rogue._monsters import MONSTERS

PHASES = ("before", "camp", "after")
#: The experts whose decisions are a fight with the monster they name.
FIGHTING = frozenset({"melee", "target", "missile", "battlestations"})
#: What the explorer and the health expert say while the hero camps.
CAMPING = ("first faint before exploring", "to wait there for the first faint",
           "wait here for the faint")
#: Decisions between two fighting decisions over one monster that still make one encounter.
GAP = 15
#: Monster names, longest first, so that "rattlesnake" is not read as "snake".
NAMES = sorted((m.name for m in MONSTERS.values()), key=len, reverse=True)


@attrs.define
class CampEncounters:
    """One game's level-1 turns and encounters by phase."""

    dungeon: int
    turns: Counter[str] = attrs.Factory(Counter)
    encounters: Counter[str] = attrs.Factory(Counter)


def named(rationale: str) -> str | None:
    """The first monster the rationale names, if any."""
    return next((n for n in NAMES if f"the {n}" in rationale or f" {n} " in rationale), None)


def fold(dungeon: int, log: list[tuple[Any, Any, Any]]) -> CampEncounters:
    """The witness's log (screen, keys, decision) folded into level 1's phases."""
    game = CampEncounters(dungeon)
    phase = "before"
    last_fight, last_name = -GAP - 1, None
    for i, (view, action, decision) in enumerate(log):
        status = getattr(view, "status", None)
        if status is not None and status.level != 1:
            break
        if decision is None or decision.expert in NO_TURN:
            continue
        camping = any(c in decision.rationale for c in CAMPING)
        if camping:
            phase = "camp"
        elif phase == "camp" and decision.expert == "explore":
            phase = "after"  # the explorer asks to camp at every decision until the faint
        game.turns[phase] += turns_taken(action)
        name = named(decision.rationale) if decision.expert in FIGHTING else None
        if name is not None:
            if i - last_fight - 1 > GAP or name != last_name:
                game.encounters[phase] += 1
            last_fight, last_name = i, name
    return game


def rate(encounters: int, turns: int) -> str:
    return f"{1000 * encounters / turns:.1f}" if turns else "-"


def describe(game: CampEncounters) -> str:
    parts = [f"{p} {game.encounters[p]} in {game.turns[p]} turns" for p in PHASES]
    return f"dungeon {game.dungeon}: " + "; ".join(parts)


def summarise(games: list[CampEncounters]) -> list[str]:
    """Encounters per 1,000 turns in each phase over all games."""
    turns: Counter[str] = Counter()
    encounters: Counter[str] = Counter()
    for game in games:
        turns.update(game.turns)
        encounters.update(game.encounters)
    return [f"  {p}: {encounters[p]} encounters in {turns[p]} turns, "
            f"{rate(encounters[p], turns[p])} per 1,000" for p in PHASES]


if __name__ == "__main__":
    run_range("rogue_camp_encounters", __doc__.splitlines()[0], fold,
              lambda game: [describe(game)], summarise, witness=FirstLevel)
