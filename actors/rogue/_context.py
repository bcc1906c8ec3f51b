"""What every Rog-O-Matic expert reads, gathered once per expert per decision.

:class:`Situation` bundles the blackboard entries (the knowledge sources'
results) with derived facts the rules share: the monsters in view with their
danger, whether the hero could die in ``n`` rounds, the first step toward a
square. It is a read-only convenience for the experts, not a knowledge source:
everything in it is recomputed from the board for each decision.
"""

from __future__ import annotations

from typing import Any

import attrs

from ._connect import can_step
from ._facts import (
    Connectivity,
    Events,
    InternalState,
    Inventory,
    ObjectMap,
    PathField,
    Seen,
    Sensed,
    Terrain,
)
from ._grid import Pos, chebyshev, key_towards
from ._inventory import MELEE_WEAPONS, best_melee
from ._monsters import Monster, likely_at, monster
from ._odds import ARROW_FROM_BOW, BARE_HANDS, WEAPON_DICE, Hero, Odds, fight_odds
from ._pacing import Pacing
from ._paths import first_step, path_to
from ._tactics import Tactics
from ._watch import rest_action, rest_turns

#: Times ``Tactics.level_patience`` without stairs before a sleeper may lie on them.
STAIRS_LOST_PATIENCE = 2

#: Every entry the experts read.
ENTRIES = frozenset({"sensed", "events", "terrain", "objects", "inventory", "connect",
                     "paths", "intern", "pacing"})


@attrs.frozen
class Threat:
    seen: Seen
    info: Monster
    distance: int
    #: Has moved while in view (asleep otherwise, as far as we know).
    awake: bool
    #: Next to the hero and reachable by a step (Rogue's diagonal rule).
    adjacent: bool
    #: Asleep and best left so (:meth:`Situation.let_lie`): no expert fights it, and
    #: ``adjacent`` and ``awake`` are false; the paths go round it.
    left_asleep: bool = False


@attrs.define
class Situation:
    sensed: Sensed
    tactics: Tactics
    events: Events | None = None
    terrain: Terrain | None = None
    objects: ObjectMap | None = None
    inventory: Inventory | None = None
    connect: Connectivity | None = None
    paths: PathField | None = None
    intern: InternalState | None = None
    pacing: Pacing | None = None
    threats: tuple[Threat, ...] = ()

    @classmethod
    def read(cls, view: Any, tactics: Tactics) -> Situation | None:
        sensed = view.read("sensed")
        if sensed is None:
            return None
        s = cls(sensed=sensed, tactics=tactics, events=view.read("events"),
                terrain=view.read("terrain"), objects=view.read("objects"),
                inventory=view.read("inventory"), connect=view.read("connect"),
                paths=view.read("paths"), intern=view.read("intern"),
                pacing=view.read("pacing"))
        if s.paths is not None and s.paths.origin != sensed.player:
            s.paths = None  # computed for an older screen
        s.threats = s._threats()
        return s

    # -- the map -------------------------------------------------------------

    @property
    def on_map(self) -> bool:
        return self.sensed.kind == "map" and self.sensed.player is not None

    @property
    def player(self) -> Pos:
        assert self.sensed.player is not None
        return self.sensed.player

    @property
    def occupied(self) -> frozenset[Pos]:
        """The squares monsters in view stand on."""
        return frozenset(t.seen.pos for t in self.threats)

    @property
    def level(self) -> int:
        """The dungeon level the object map is of (0 before there is one)."""
        return self.objects.level if self.objects is not None else 0

    @property
    def paced(self) -> int:
        """Walks to and fro noticed on this level (``_pacing``): an expert that walks
        gives up what it was after once for each."""
        p = self.pacing
        return p.count if p is not None and p.level == self.sensed_level else 0

    @property
    def pacing_here(self) -> bool:
        """The hero stands on a square of the last walk to and fro noticed on this level."""
        p = self.pacing
        return p is not None and self.paced > 0 and self.player in p.squares

    @property
    def sensed_level(self) -> int:
        """The dungeon level on the status line (0 without one)."""
        status = self.sensed.status
        return status.level if status is not None else 0

    @property
    def untouchable(self) -> frozenset[Pos]:
        """The squares of the monsters in view let lie (:meth:`let_lie`) that the walkers
        to objects and to other monsters never step into, a blow at one never being
        worth what lies beyond it: those that freeze or rob, and the :meth:`dreaded`
        (none by default). Without those they go through a sleeping centaur where it
        lies in the way."""
        return frozenset(t.seen.pos for t in self.threats if t.left_asleep and (
            t.info.flags & {"freezes", "steals"} or self.dreaded(t)))

    def dreaded(self, t: Threat) -> bool:
        """Is ``t`` let lie, and would its fight kill us at least ``Tactics.spare_risk``
        of the time? Not every one let lie: a bat let lie by the 3% of ``wake_risk`` is
        no reason to stop (sparing one, the first build of 1.33 rested beside it in a
        passage). An ice monster's blow does no harm: it is not priced so, but spared
        for its freezes (:meth:`spared`)."""
        limit = self.tactics.spare_risk
        return t.left_asleep and limit < 1.0 and \
            self.odds(t, hero=self.melee_hero).death >= limit

    def spared(self, t: Threat) -> bool:
        """Does the explorer go round ``t`` rather than step into it? An ice monster let
        lie, the :meth:`dreaded`, and with ``Tactics.spare_thieves`` a thief let lie: a
        leprechaun struck awake robs more often than it dies (of 17 thefts replayed from
        seven of 1.63's games, eight began with the explorer's step into a leprechaun
        asleep in a dark room or a maze; off by default, as over 600 dungeons it
        measured no better: docs/rogomatic.md).

        The ice monster from 1.67: a sleeping one falls to the first blow only some
        seven times in ten (1d8 hit points), and one that does not freezes the hero
        until he dies more often than most fights he picks: in ring mail, 18% at
        experience level 1, 12% at level 4, 8% at level 7 (``bench/rogue_ice_odds.py``).
        In five of 1.66's ten deaths by hypothermia, at full health on levels 6 to 11, the
        explorer's walk toward the unknown beyond an ice monster ended at or in it.
        """
        if not t.left_asleep:
            return False
        return "freezes" in t.info.flags or self.dreaded(t) or (
            self.tactics.spare_thieves and "steals" in t.info.flags)

    def step_ok(self, a: Pos, b: Pos) -> bool:
        """Can the hero step (or strike) from ``a`` to the adjacent ``b``?"""
        if self.terrain is None:
            return False
        return can_step(self.terrain.rows, a, b)

    def safe_step(self, a: Pos, b: Pos) -> bool:
        """:meth:`step_ok`, and ``b`` is no known trap: the step a walk away takes. The
        paths only make a trap dear; a retreat walked a level-1 hero onto a rust trap
        three times in one fight (dungeon 2130 of 1.92), and a bear or sleep trap
        holds him for the monster's blows. (Monsters cross traps unharmed.)"""
        return self.step_ok(a, b) and self.terrain is not None and b not in self.terrain.traps

    def step_to(self, goal: Pos, *, spare: bool = False) -> str | None:
        """The key of the first step along the weighted shortest path to ``goal``.

        With ``spare``, None when that step lands on a monster :attr:`untouchable`
        that is not the goal: a step into a monster is a blow at it. The paths only
        weigh a monster's square, and where it was the only way (a doorway), the
        target expert struck ice monsters let lie on its way to another monster, and
        its freezes killed at full health (dungeons 55, 191 and 256 of 1.32; the
        object expert does the same for gold beyond one). The explorer, which must get
        somewhere, does not ask for this: 1.33 made every walker spare it, and its
        explorer swung between a goal refused from one square and another goal, or
        rested for ever before stairs beyond an ice monster asleep in a doorway, and
        13 of 400 heroes starved (1.32: 7). It goes round the :meth:`spared` its own
        way, which ends in the blow when nothing else is left.
        """
        if self.paths is None:
            return None
        nxt = first_step(self.paths, goal)
        if nxt is None or (spare and nxt != goal and nxt in self.untouchable):
            return None
        return key_towards(self.player, nxt)

    def rest(self) -> str:
        """The keys for a rest that ends before a monster unseen now could strike
        (``_watch``): a count in the middle of a lit room, else a single search."""
        if self.sensed.player is None:
            return "s"
        doors = self.terrain.doors if self.terrain is not None else ()
        return rest_action(rest_turns(self.sensed.rows, self.player, doors))

    def distance_to(self, goal: Pos) -> int:
        if self.paths is None:
            return -1
        return len(path_to(self.paths, goal)) or -1

    # -- monsters --------------------------------------------------------------

    def _threats(self) -> tuple[Threat, ...]:
        if self.sensed.player is None:
            return ()
        seen = self.objects.monsters if self.objects is not None else tuple(
            Seen(letter, pos, self.sensed.generation, self.sensed.generation)
            for letter, pos in self.sensed.monsters)
        current = {pos for _, pos in self.sensed.monsters}
        struck = self.events.blows_with() if self.events is not None else frozenset()
        tripping = None
        if self.intern is not None and self.intern.hallucinating:
            tripping = likely_at(self.sensed.status.level if self.sensed.status else 1)
        # A blow from (or at) a monster of some kind wakes the question for that kind
        # only; one we cannot name (unseen, or every name a trip) for all of them. Any
        # blow used to wake it for all, and melee then struck the sleeping ice monster
        # beside the hobgoblin it was fighting (the lowest level first).
        anyone = bool(struck & {"something", "it"}) or (bool(struck) and tripping is not None)
        out = []
        for m in seen:
            if m.pos not in current:
                continue
            d = chebyshev(m.pos, self.player)
            adjacent = d == 1 and self.step_ok(self.player, m.pos)
            info = tripping or monster(m.symbol)
            t = Threat(m, info, d, m.moves > 0 or adjacent, adjacent)
            if not (anyone or info.name in struck) and self.let_lie(t):
                t = attrs.evolve(t, awake=False, adjacent=False, left_asleep=True)
            out.append(t)
        return tuple(sorted(out, key=lambda t: t.distance))

    def let_lie(self, t: Threat) -> bool:
        """Whether to leave ``t`` asleep rather than fight it.

        A monster that is not mean (nor greedy) never wakes by itself: Rogue's
        wake_monster starts only mean ones running when the hero comes in view, so
        one that has not moved sleeps until struck. Let it lie when it freezes or
        robs (an ice monster's freeze killed heroes at full health; a nymph's theft
        from a stack crashes Rogue 5.4.4) or when fighting it could kill us (above
        ``Tactics.wake_risk``): a sleeping centaur was the commonest killer deep down.

        A mean one is not woken by the hero's being in view either: Rogue rolls (two
        times in three) as he enters or leaves its room and while he stands beside it
        (``door_open``, ``look``). One still asleep two squares off or more is let lie
        when a fight would kill us above ``Tactics.mean_wake_risk`` (1, never, by
        default); beside it, the blow is ours to strike first.
        """
        info = t.info
        if t.seen.moves or self.intern is not None and self.intern.blind:
            return False
        if info.wakes_by_itself:
            limit = self.tactics.mean_wake_risk
            if limit >= 1.0 or "greedy" in info.flags or t.distance < 2 or self.stairs_lost:
                return False
            return info.max_damage > 0 and \
                self.odds(t, hero=self.melee_hero).death > limit
        if self.stairs_lost:
            # It may lie on the stairs (see ``stairs_lost``): only a monster that could
            # kill in one round, or rob, is worse than starving here. Not the fight odds:
            # they change with the weapon in hand, and the missile expert readied the bow
            # for a sleeping centaur the odds let lie once the bow was in hand, the weapon
            # expert put it away, and so on until the time cap (dungeon 124).
            return "steals" in info.flags or info.max_damage >= self.hp
        if info.flags & {"freezes", "steals"}:
            return True
        return info.max_damage > 0 and \
            self.odds(t, hero=self.melee_hero).death > self.tactics.wake_risk

    @property
    def stairs_lost(self) -> bool:
        """No stairs found after twice the tactics' patience on this level.

        Rogue draws a monster's square as floor once the hero leaves the room, so a
        monster asleep on the stairs hides them for good. The hero let an ice
        monster lie on the stairs and searched the walls until he starved (dungeon
        0 of 1.19, level 3; the game's own map showed where the stairs were).
        """
        t = self.terrain
        return t is not None and t.stairs is None and \
            t.turns > STAIRS_LOST_PATIENCE * self.tactics.level_patience

    @property
    def levitating(self) -> bool:
        """Floating: '>' fails without a turn passing, so no expert may press it."""
        return self.intern is not None and self.intern.levitating

    @property
    def adjacent(self) -> tuple[Threat, ...]:
        """Monsters next to us that we fight (not those :meth:`let_lie`)."""
        return tuple(t for t in self.threats if t.adjacent)

    def awake_within(self, distance: int) -> tuple[Threat, ...]:
        return tuple(t for t in self.threats if t.awake and t.distance <= distance)

    @property
    def hp(self) -> int:
        return self.intern.hp if self.intern is not None else (
            self.sensed.status.hp if self.sensed.status is not None else 1)

    @property
    def hp_fraction(self) -> float:
        return self.intern.hp_fraction if self.intern is not None else 1.0

    def die_in(self, rounds: int, threats: tuple[Threat, ...] | None = None) -> bool:
        """Could the monsters next to us (or ``threats``) kill us within ``rounds`` rounds?"""
        threats = self.adjacent if threats is None else threats
        worst = sum(t.info.max_damage for t in threats)
        return worst > 0 and self.hp <= rounds * worst

    def expected_loss(self, threat: Threat) -> float:
        """Hit points we expect to lose killing ``threat`` with the weapon in hand."""
        level = self.intern.exp_level if self.intern is not None else 1
        their_hp = 4.5 * threat.info.level
        our_hit = min(0.95, 0.55 + 0.05 * level)
        our_damage = 5.5
        rounds = their_hp / max(0.5, our_hit * our_damage)
        their_hit = max(0.2, min(0.9, 0.45 + 0.05 * (threat.info.level - level)))
        return rounds * their_hit * threat.info.mean_damage

    @property
    def hero(self) -> Hero:
        """The hero's fighting figures: level, strength, armor and the weapon in hand."""
        return self._hero(melee=False)

    @property
    def melee_hero(self) -> Hero:
        """The same with the best melee weapon carried, whatever is in hand.

        For decisions that must not turn on the bow being readied for a moment: the
        odds a sleeping centaur is let lie by changed when the missile expert readied
        the bow for it, the weapon expert put the bow away, and so on until the time
        cap (dungeon 124, 1.19 to 1.22).
        """
        return self._hero(melee=True)

    def _hero(self, melee: bool) -> Hero:
        intern = self.intern
        status = self.sensed.status
        level = intern.exp_level if intern is not None else 1
        strength = intern.strength if intern is not None else 16
        arm = intern.armor if intern is not None else (status.armor if status else 4)
        dice, hit, dam = BARE_HANDS, 0, 0
        if self.inventory is not None:
            weapons = self.inventory.of_kind("weapon")
            wielded = next((w for w in weapons if w.wielded), None)
            arrows = self.inventory.named("weapon", "arrow")
            if melee and (wielded is None or wielded.name not in MELEE_WEAPONS):
                wielded = best_melee(self.inventory)
            if wielded is not None and wielded.name == "short bow" and arrows is not None:
                dice = ARROW_FROM_BOW  # shooting, point-blank if need be
            elif wielded is not None:
                dice = WEAPON_DICE.get(wielded.name, BARE_HANDS)
            if wielded is not None:
                bonus = wielded.bonus if wielded.bonus is not None else 0
                hit, dam = bonus - bonus // 2, bonus // 2
        return Hero(level=level, strength=strength, armor=10 - arm, dice=dice,
                    hit_plus=hit, dam_plus=dam, steady=intern is not None and intern.steady,
                    fainting=self.starving)

    @property
    def starving(self) -> bool:
        """Fainting from hunger ("Faint") with no food in the pack: Rogue makes him faint
        one turn in five until he eats, and he has nothing to eat. (With food the hunger
        expert eats at once.)"""
        intern, inv = self.intern, self.inventory
        return (intern is not None and intern.hunger >= 3 and inv is not None
                and not inv.of_kind("food"))

    def odds(self, threat: Threat, hp: int | None = None, hero: Hero | None = None, *,
             wounds: tuple[int, int] = (0, 0), trials: int = 300) -> Odds:
        """The odds of fighting ``threat`` to the end from ``hp`` (now) hit points, as
        ``hero`` (the weapon in hand, by default), after ``wounds`` (blows, arrows)
        have hit it, from ``trials`` simulated fights."""
        return fight_odds(max(1, self.hp if hp is None else hp), hero or self.hero, threat.info,
                          wounds=wounds, trials=trials)

    def fight_death(self, threats: tuple[Threat, ...], hero: Hero | None = None, *,
                    trials: int = 300) -> float:
        """The chance of dying fighting ``threats`` one after another, from now, as
        ``hero`` (the weapon and armor in hand, by default).

        The others join in while we fight one: their blows (at Rogue's usual hit
        rate against us, about 0.4 of their mean damage a round) come off the hit
        points we fight the next one with.
        """
        if not threats:
            return 0.0
        alive = 1.0
        hp = self.hp
        for t in sorted(threats, key=lambda t: t.info.level):
            o = self.odds(t, hp, hero, trials=trials)
            extra = sum(x.info.mean_damage * 0.4 for x in threats if x is not t) * o.rounds
            o2 = self.odds(t, max(1, int(hp - extra)), hero, trials=trials)
            alive *= 1.0 - o2.death
            hp = max(1, int(hp - o2.loss - extra))
        return 1.0 - alive

    # -- the pack --------------------------------------------------------------

    def has(self, kind: str, name: str) -> str | None:
        if self.inventory is None or self.inventory.stale:
            return None
        item = self.inventory.named(kind, name)
        return item.letter if item is not None else None
