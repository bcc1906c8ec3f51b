"""Quitting with the gold when the fight in hand is all but lost.

Rogue 5.4.4 takes a tenth of the purse from a hero who dies (``death`` in rip.c:
``Purse -= Purse / 10``), and none from one who quits; the score is the purse. The
seed says as much: "Being killed costs the player ten percent of his gold, so in
some cases it is advisable to quit rather than to fight to the death."

So when a monster stands beside the hero, nothing is left to try (battlestations
has no potion, scroll, wand or retreat to offer), and Rogue's own combat rules
(``Situation.odds``) say the fight kills him at least the mark for his dungeon level
(:func:`quit_mark`) of the time, he quits (``Q``, and the screen handler answers
"Really quit?" with ``y``).

Fighting on is worth more while the chance of surviving pays for the tenth: with
``p`` the chance of dying, ``g`` the purse and ``E`` the gold still to come if he
lives, quitting pays when ``p / (1 - p) > 10 E / g``. ``E / g`` falls with depth.
In the 400 games of 1.40 and 1.41, a hero alive on level 2 or 3 had some seven
times his purse still to come (break-even near 0.99), on levels 4 and 5 about one
and a half times (0.94), on levels 6 to 10 a quarter to a half (0.7 to 0.8), on
level 11 a sixth (0.6), and from level 12 on next to nothing (``bench/rogue_future.py``).
One mark for every level fits none of them: tried at 0.6, it quit level-1 heroes with
31 and 51 gold (dungeons 2, 5 and 9), while 1.41's 0.75 fights on deep, where the
purse is nearly all the hero will ever carry out.

The odds count the blows and arrows that have already hit the monster
(:attr:`Surrender.wounds`): a monster still standing after them has fewer hit
points left than a fresh one, and leaving them out would quit fights that were
nearly won. Hits are read from every screen, since a blow's message often comes
with ``--More--``, off the map.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._combat import WandMemory
from ._context import Situation
from ._grid import index
from ._tactics import Tactics

#: The least mark above ``Tactics.quit_from``: quit only a fight all but surely lost.
SHALLOW_MARK = 0.95
#: Rogue's stomach kills the hero when his food clock has run this many turns below
#: zero (STARVETIME, daemons.c).
STARVE_TURNS = 850
#: Rogue's symbol for food on the map.
FOOD = ":"


def quit_mark(tactics: Tactics, level: int) -> float:
    """The chance of dying at which to quit, on dungeon ``level``."""
    if level < tactics.quit_from:
        return max(tactics.quit_risk, SHALLOW_MARK)
    if level >= tactics.quit_deep_from:
        return tactics.quit_risk_deep
    return tactics.quit_risk


class Surrender(WandMemory):
    """Quits, keeping the whole purse, when the fight beside the hero is all but lost."""

    name = "surrender"
    #: Asked on every screen: the hits it counts often come with --More--.
    needs_map = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: Hits landed on this level, by monster name: blows, arrows. Cleared for a
        #: name when one of that name is killed. Two of one name pool their wounds,
        #: which makes each look weaker than it is: fewer quits, never more.
        self.wounds: dict[str, tuple[int, int]] = {}
        self.level = 0

    def advise(self, s: Situation) -> Proposal | None:
        self.remember(s)
        self._count(s)
        level = s.level
        mark = quit_mark(s.tactics, level)
        if not s.on_map or mark >= 1.0:
            return None
        adjacent = s.adjacent
        if not adjacent or s.intern is not None and s.intern.hallucinating:
            return None
        if any("freezes" in t.info.flags for t in adjacent):
            return None  # no damage to count: the freezer and melee have their own rules
        odds = {t.info.name: s.odds(t, wounds=self.wounds.get(t.info.name, (0, 0))).death
                for t in adjacent}
        name, death = max(odds.items(), key=lambda kv: kv[1])
        if death < mark:
            return None
        # Asked last: it plans retreats, and melee asks it again.
        if self.battlestations(s) is not None:
            return None  # something is left to try: melee will try it
        gold = s.sensed.status.gold if s.sensed.status is not None else 0
        return Proposal("Q", f"surrender: the {name} kills us {death:.0%} of the time at "
                             f"hp {s.hp} (the mark on level {level}: {mark:.0%}) and nothing "
                             f"is left to try: quit with {gold} gold (death takes a tenth)")

    def _count(self, s: Situation) -> None:
        level = s.level
        if level and level != self.level:
            self.level, self.wounds = level, {}
        if s.events is None:
            return
        for e in s.events.events:
            if e.kind == "we_hit":
                blows, arrows = self.wounds.get(e.subject.lower(), (0, 0))
                self.wounds[e.subject.lower()] = (blows + 1, arrows)
            elif e.kind == "missile_hit":
                blows, arrows = self.wounds.get(e.detail.lower(), (0, 0))
                self.wounds[e.detail.lower()] = (blows, arrows + 1)
            elif e.kind == "killed":
                self.wounds.pop(e.subject.lower(), None)


class BrokenPack(RogueExpert):
    """Quits at once, keeping the whole purse, when Rogue's pack list is broken.

    After a nymph takes one of a stack (``Inventory.broken``), Rogue's pack list runs
    through freed memory, and the next walk of it (the inventory list the pack's
    change would have us ask for, a pick-up, any item asked for by letter, another
    theft) may crash the game, which then ends without Rogue's own score (dungeons
    509 and 1132 of 1.71: SIGSEGV at the next ``i``, with purses of 1,996 and 2,147,
    recorded as aborted). Quitting walks no pack (``quit`` in main.c prints the purse
    and scores it), so the game ends as Rogue's own quit with the whole purse; what
    the rest of it might have added is lost either way.
    """

    name = "salvage"

    def advise(self, s: Situation) -> Proposal | None:
        if s.inventory is None or not s.inventory.broken:
            return None
        gold = s.sensed.status.gold if s.sensed.status is not None else 0
        return Proposal("Q", f"salvage: a nymph took one of a stack, and Rogue's pack now "
                             f"holds freed memory; the next look at it may crash the game: "
                             f"quit with {gold} gold")


class Starvation(RogueExpert):
    """Quits, keeping the whole purse, a few turns before the hero would starve.

    A hero whose food clock has run out faints one turn in five until he eats, and
    Rogue kills him 850 turns after it ran out (``InternalState.starved`` counts them);
    death takes a tenth of the purse, a quit none. Of 1.75's 200 games on dungeons
    1100-1299, 20 fainted a dozen times or more, out of food; six starved, with
    purses of 666 to 1,859, and twelve others died to monsters, eleven of them with
    "Faint" on the status line. With ``Tactics.starve_margin`` turns left, nothing to
    eat in the pack and no food on the map within reach of the turns left, the few
    waking turns are unlikely to find a meal, so he quits. (The fights he meets while
    fainting are priced with the faints, ``Hero.fainting``, and the surrender expert
    quits those by its own mark.)
    """

    name = "starvation"

    def advise(self, s: Situation) -> Proposal | None:
        margin = s.tactics.starve_margin
        intern, inv = s.intern, s.inventory
        if margin <= 0 or intern is None or inv is None or inv.stale or not s.starving:
            return None
        left = STARVE_TURNS - intern.starved
        if left > margin:
            return None
        if self._food_within(s, left):
            return None  # the object expert goes for it
        gold = s.sensed.status.gold if s.sensed.status is not None else 0
        return Proposal("Q", f"starvation: about {max(0, left)} turns to starving, no food in "
                             f"the pack or within reach: quit with {gold} gold (death takes "
                             f"a tenth)")

    @staticmethod
    def _food_within(s: Situation, turns: int) -> bool:
        """Whether food lies on the map where a path costing at most ``turns`` (a cost is
        at least the squares walked) reaches it, and not on a square the pack could not
        take it from. Dungeon 1243 of 1.76 starved on level 12 with food drawn in a room
        far off that no expert went for: the food seen anywhere kept him from quitting."""
        objects, paths = s.objects, s.paths
        if objects is None or paths is None:
            return False
        return any(o.symbol == FOOD and o.pos not in objects.ignored
                   and 0 <= paths.dist[index(o.pos)] <= turns for o in objects.objects)
