"""Initiative: let a monster two squares off take the step, so the hero strikes first.

Rogue moves the hero, then the monsters. A monster whose move would land on the
hero attacks instead, so whoever closes the last square gives the other the first
blow. A hero who steps next to a hobgoblin two squares off takes its first swing
(on level 1 that is +4 to hit him, 1-8 damage: a blow can take two thirds of his
12 hit points) before he has struck once; a hero who waits one turn ("s") lets the
hobgoblin step next to him and swings first. The dungeons lost on level 1 (the
diagnosis in the README) are mostly such fights, the walk-in-first ones the worst.

:class:`HoldGround` sits below the fighting experts and above everything that
walks (objects, health, exploration): with a monster two squares off it waits,
at most ``patience`` turns for the same monster, because a sleeping monster never
comes and the walkers must then go on (stepping next to a sleeping monster is
safe: it is asleep, and the hero gets +4 against it).
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation, Threat


def closing_in(s: Situation) -> Threat | None:
    """The nearest monster two squares off that can hurt or rob the hero, if any."""
    for t in s.threats:
        if t.distance != 2 or t.left_asleep:
            continue
        if not t.info.worth_engaging:
            continue
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

    def advise(self, s: Situation) -> Proposal | None:
        if s.adjacent:
            return None
        t = closing_in(s)
        if t is None:
            self.waited = 0
            return None
        if self.waited >= self.patience:
            return None
        self.waited += 1
        state = "awake" if t.awake else "maybe asleep"
        return Proposal("s", f"hold: the {state} {t.info.name} is two squares off; wait "
                             f"so that it takes the last step and we strike first")
