"""The sanctuary: a scroll of scare monster dropped in a fight that could kill, and the
fight fought from it.

Rogue 5.4.4's monster chooses each step among the squares beside it and skips one
where a scroll of scare monster lies (``chase``; ``rndmove`` for a confused monster or
a bat). It strikes only by choosing the hero's square, so none strikes a hero standing
on one: he strikes them, and rests, unanswered. Only a dragon's flame reaches him
there. Read, the scroll does nothing but make Rogue laugh, and Rogue does not name the
kind; the screen handler names it then (``_screens.CALLS``), so the next one the hero
picks up shows as "called scare monster". Picked up again after a drop it turns to
dust, so one drop is one sanctuary, for as long as the hero stays on it.

Rog-O-Matic dropped the scroll when it could die in one round, rested on it while a
monster came and struck from it (its ``strategy.c``). Here the drop comes when
battlestations would act (death possible within ``Tactics.retreat_rounds`` rounds,
or a fight that costs most of the hit points), or an awake ice monster is near, whose
freezes kill at full health; and not when the stairs are a way out, which keeps the
scroll. Rogue drops only on floor or a passage, not on a door, the stairs or a trap.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import AskCounting
from ._combat import fight_looks_fine
from ._context import Situation, Threat
from ._escape import flee_by_stairs, leave_from_stairs
from ._grid import Pos, key_towards

#: The scroll's name in the pack, as the screen handler calls the kind.
SCARE = "scare monster"
#: Terrain Rogue lets the hero drop something on.
DROPPABLE = frozenset(".#")


def deadly(s: Situation, threats: tuple[Threat, ...]) -> str:
    """Why the fight with ``threats`` calls for the sanctuary ("" if it does not): what
    makes battlestations act (``_combat.fight_looks_fine``), or an ice monster."""
    freezer = next((t for t in threats if "freezes" in t.info.flags), None)
    if freezer is not None:
        return f"the {freezer.info.name} is near (its freezes kill)"
    if fight_looks_fine(s, threats):
        return ""
    worst = max(threats, key=lambda t: t.info.max_damage)
    return f"the fight with the {worst.info.name} could kill us (hp {s.hp})"


class Sanctuary(AskCounting):
    """Drops a known scroll of scare monster when a fight could kill, then strikes and
    rests on it while monsters are about."""

    name = "sanctuary"
    #: Decisions on one sanctuary before it is left to the other experts, so that a
    #: monster that never comes does not hold the hero for ever (Rog-O-Matic's 250).
    patience = 250
    #: Squares within which an awake monster is waited for on the scroll.
    watch = 6

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: The dungeon level and square of the scroll the hero stands on, while he does.
        self.spot: tuple[int, Pos] | None = None
        self.stayed = 0

    def advise(self, s: Situation) -> Proposal | None:
        here = (s.level, s.player)
        events = s.events.events if s.events is not None else ()
        if any(e.kind == "dropped" and SCARE in e.subject.lower() for e in events):
            self.spot, self.stayed = here, 0
        if self.spot is not None and self.spot != here:
            self.spot = None  # stepped off: over (the object map ignores the square)
        if self.spot is not None:
            return self._stand(s)
        return self._drop(s)

    def _drop(self, s: Situation) -> Proposal | None:
        letter = s.has("scroll", SCARE)
        if letter is None or s.terrain is None or s.terrain.at(s.player) not in DROPPABLE:
            return None
        if s.intern is not None and s.intern.hallucinating:
            return None  # the monsters' letters are not theirs
        threats = s.adjacent or s.awake_within(2)
        if not threats or any(t.info.name == "dragon" for t in threats):
            return None
        why = deadly(s, threats)
        if not why or leave_from_stairs(s) is not None or flee_by_stairs(s) is not None:
            return None
        key = f"{s.level}:{s.player}"
        if not self.may_ask(key):
            return None  # Rogue refused the drop here (something lies there already)
        return self.ask(Proposal("d" + letter, f"sanctuary: {why}: drop the scroll of "
                                               f"scare monster and fight from it"), key)

    def _stand(self, s: Situation) -> Proposal | None:
        self.stayed += 1
        if self.stayed > self.patience:
            return None
        if s.adjacent:
            target = max(s.adjacent, key=lambda t: t.info.max_damage)
            key = key_towards(s.player, target.seen.pos)
            return Proposal(key, f"sanctuary: strike the {target.info.name} ({key}) from "
                                 f"the scroll of scare monster: it cannot strike back")
        near = s.awake_within(self.watch)
        if near:
            t = near[0]
            return Proposal("s", f"sanctuary: wait on the scroll of scare monster for the "
                                 f"{t.info.name} {t.distance} squares off (hp {s.hp})")
        return None
