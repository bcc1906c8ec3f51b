"""Initiative: let a monster two squares off (or across a doorway's corner) take the
step, so the hero strikes first.

Rogue moves the hero, then the monsters. A monster whose move would land on the
hero attacks instead, so whoever closes the last square gives the other the first
blow. A hero who steps next to a hobgoblin two squares off takes its first swing
(on level 1 that is +4 to hit him, 1-8 damage: a blow can take two thirds of his
12 hit points) before he has struck once; a hero who waits one turn ("s") lets the
hobgoblin step next to him and swings first. The dungeons lost on level 1 (the
diagnosis in docs/rogomatic.md) are mostly such fights, the walk-in-first ones the worst.

:class:`HoldGround` sits below the fighting experts and above everything that
walks (objects, health, exploration): with a monster two squares off it waits,
at most ``patience`` turns for the same monster, because a sleeping monster never
comes and the walkers must then go on (stepping next to a sleeping monster is
safe: it is asleep, and the hero gets +4 against it).

A monster let lie (``Situation.let_lie``: one whose fight the hero would rather not
have) is taken for asleep only because it has not been seen to move, and one just
met has had no time to. So it too is waited for, as soon as it is met two squares
off, or diagonally beside a hero in a doorway, where Rogue lets neither of them
strike: if it is awake it comes the last step and the hero strikes first; if not,
two turns are lost. Otherwise the explorer stepped on beside it, and a centaur that
was coming struck first (1.63's dungeon 1013, level 7: the fight that killed him).
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation, Threat
from ._grid import Pos


def closing_in(s: Situation) -> Threat | None:
    """The nearest monster that can hurt or rob the hero and must take a step to strike
    him: two squares off, or beside him across a doorway's corner (Rogue lets no one
    step or strike diagonally into or out of a doorway). Waiting only for those two
    squares off, the hero on a door stepped into the room beside a centaur that had
    come to the corner, and it struck first (1.65's dungeon 528, level 7)."""
    for t in s.threats:
        if t.left_asleep or not t.info.worth_engaging:
            continue
        if t.distance == 2 or (t.distance == 1 and not t.adjacent):
            return t
    return None


class HoldGround(RogueExpert):
    """Waits a turn or two for a monster two squares off to come the last step."""

    name = "hold"
    #: Turns to wait for the same monster before letting the walkers go on.
    patience = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.waited = 0
        #: Monsters let lie that were waited for on meeting them (by their first
        #: sighting and letter), and the turns given to each.
        self.met: dict[tuple[int, str], int] = {}
        #: The same turns by where an ice monster lay (level, square, letter): in a
        #: dark room or passage each return beside a sleeper is a new sighting of it.
        self.met_at: dict[tuple[int, Pos, str], int] = {}

    def advise(self, s: Situation) -> Proposal | None:
        if s.adjacent or s.pacing_here:
            # Not where the hero has been pacing to and fro (``_pacing``): the waits
            # there were part of the walk (1.94's dungeon 2471).
            return None
        t = closing_in(s)
        if t is None:
            self.waited = 0
            return self._just_met(s)
        if self.waited >= self.patience:
            return None
        self.waited += 1
        state = "awake" if t.awake else "maybe asleep"
        where = "two squares off" if t.distance == 2 else "across the doorway's corner"
        return Proposal("s", f"hold: the {state} {t.info.name} is {where}; wait "
                             f"so that it takes the last step and we strike first")

    def _just_met(self, s: Situation) -> Proposal | None:
        """Wait for a monster let lie that was met on this screen or the one before, two
        squares off or across a doorway's corner, ``patience`` turns at most - and an
        ice monster at most that for the square it lies on. In a dark room each return
        to its doorway is a new sighting, and once the walkers turned away as it came
        into view and back as it went out of it, each sighting cost two more turns:
        1.71's dungeon 1184 stepped in and out of a doorway for 900 decisions on level
        10, beside an ice monster that never moved, until he starved."""
        for t in s.threats:
            if not t.left_asleep or not t.info.worth_engaging:
                continue
            key = (t.seen.first, t.seen.symbol)
            # By its square too for an ice monster only, with ``Tactics.remember_ice``:
            # the walkers turned back to one out of view (``ObjectMap.freezers``). For
            # every monster let lie (1.72) the others' second waits went too.
            icy = "freezes" in t.info.flags and s.tactics.remember_ice
            lair = (s.level, t.seen.pos, t.seen.symbol) if icy else None
            if key not in self.met and t.seen.last - t.seen.first > 1:
                continue
            waited = self.met.get(key, 0)
            if lair is not None:
                waited = max(waited, self.met_at.get(lair, 0))
            if waited >= self.patience:
                continue
            if t.distance != 2 and not (t.distance == 1 and
                                        not s.step_ok(s.player, t.seen.pos)):
                continue
            self.met[key] = self.met.get(key, 0) + 1
            if lair is not None:
                self.met_at[lair] = self.met_at.get(lair, 0) + 1
            return Proposal("s", f"hold: the {t.info.name} just met may be awake; wait "
                                 f"so that, if it is, it takes the last step and we "
                                 f"strike first")
        return None
