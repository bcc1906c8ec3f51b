"""Shooting an ice monster that keeps standing in the way, instead of striking it.

A sleeping ice monster is let lie (``Situation.let_lie``), and the freezer expert
steps away from one beside the hero. But one that lies in a doorway or a passage the
walkers need is met again and again: the freezer gives up after two steps away, the
melee expert after three, and the hero then strikes it. Of 1.47's 200 games, 8 died
of hypothermia; 3 of them (dungeons 116, 162 and 184) ended with that blow, at full
health, and in two (116 and 184) the ice monster had lain still.

By Rogue's rules (simulated by ``bench/rogue_ice_odds.py``) that blow is a poor bet.
The hero swings first, but an ice monster he does not kill then swings back, with +4
while he lacks the running flag: 55% against ``Arm: 4``. Each hit freezes him for two or three
turns, every turn of the freeze it swings again, and past 50 turns he dies; once
frozen he dies about half the time. Striking a sleeping ice monster so kills a level-1
hero in ring mail 25% of the time (a level-4 one 18%). Shot at from four squares
off, it wakes, comes one square a turn and takes an arrow at each; that is 7% (3%),
and from six squares 2% (0.4%).

So an ice monster the hero has come to stand beside ``IN_THE_WAY`` times on a level
without it moving (or any one, once the stairs are lost and may lie under it) is
shot: from where he stands if it is ``SHOOT_FROM`` or more squares off in a clear
line, else from the best such square within a short walk (``line_up_square``). The
first arrow wakes it, and the missile expert shoots it as it comes. With no such
square, nothing to shoot, or the walk too long, it is given up for the level, and the
other experts go on as before.

Only in a lit room, hero and ice monster both in it (``room_around``). A dark room
keeps a sleeper's letter on the screen where it was last seen, far off, but shows a
monster only beside the hero: the first build shot at such a letter, the arrow "hit
something", and the ice monster came unseen and froze him (dungeon 35, at full health
on level 4).

Measured against 1.47 on dungeons 0-199 it did no better (docs/rogomatic.md, 1.48): it is off
unless ``Tactics.break_ice`` turns it on. A woken ice monster brings the walk-away
rules into play (the escape expert takes the stairs from an awake one), and the
dungeons it changed went both ways.
"""

from __future__ import annotations

from runtime import Proposal

from ._archery import can_shoot, clear_line, line_up_square, shot
from ._base import SentAware
from ._context import Situation, Threat
from ._grid import Pos, chebyshev, direction
from ._watch import room_around

#: Times the hero comes to stand beside the same ice monster before it counts as in
#: the way (the freezer steps away twice; the walkers bring him back each time).
IN_THE_WAY = 3
#: The least squares off to shoot a sleeping ice monster from.
SHOOT_FROM = 4
#: Sent steps toward a shooting square for one ice monster before giving it up.
MAX_WALK = 25

Key = tuple[int, Pos]


class IceBreaker(SentAware):
    """Shoots, from a few squares off, an ice monster the walkers keep coming back to."""

    name = "icebreaker"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: Times the hero arrived beside each ice monster, by (level, its square).
        self.arrivals: dict[Key, int] = {}
        #: Sent steps toward a shooting square, by ice monster.
        self.walked: dict[Key, int] = {}
        #: Ice monsters given up (no square to shoot from, or the walk too long).
        self.given_up: set[Key] = set()
        #: Where the hero stood at the last decision (an arrival is a move beside one).
        self.stood: Pos | None = None
        #: Our last walking step, and for which ice monster.
        self.last: tuple[Key, str] | None = None

    def advise(self, s: Situation) -> Proposal | None:
        if self.last is not None and self.last[1] in self.sent:
            self.walked[self.last[0]] = self.walked.get(self.last[0], 0) + 1
        self.last = None
        if not s.tactics.break_ice or not s.on_map or s.terrain is None:
            return None
        if s.intern is not None and (s.intern.hallucinating or s.intern.blind):
            return None
        level = s.level
        ice = [t for t in s.threats if "freezes" in t.info.flags and not t.seen.moves]
        if s.player != self.stood:
            self.stood = s.player
            for t in ice:
                if chebyshev(t.seen.pos, s.player) == 1:
                    key = (level, t.seen.pos)
                    self.arrivals[key] = self.arrivals.get(key, 0) + 1
        if not can_shoot(s):
            return None
        if any(t.awake and "freezes" not in t.info.flags and t.distance <= 3
               for t in s.threats):
            return None  # a fight is on: the fighting experts' turn
        room = room_around(s.sensed.rows, s.player)
        for t in ice:
            key = (level, t.seen.pos)
            if key in self.given_up or t.seen.pos not in room:
                continue
            if self.arrivals.get(key, 0) >= IN_THE_WAY or s.stairs_lost:
                proposal = self._break(s, t, key, room)
                if proposal is not None:
                    return proposal
        return None

    def _break(self, s: Situation, t: Threat, key: Key,
               room: frozenset[Pos]) -> Proposal | None:
        """Shoot at ``t`` from here, or take a step toward a square to shoot it from."""
        name = t.info.name
        step = direction(s.player, t.seen.pos)
        if SHOOT_FROM <= t.distance <= s.tactics.throw_range and step is not None \
                and clear_line(s, step, t.seen.pos):
            proposal = shot(s, t, step, ready=True, who="icebreaker", what=f"{name} in the way")
            if proposal is None:
                self.given_up.add(key)
            return proposal
        spot = None
        if self.walked.get(key, 0) < MAX_WALK:
            spot = line_up_square(s, t, least=SHOOT_FROM, walk=20, within=room)
        move = None if spot is None else s.step_to(spot, spare=True)
        if move is None:
            self.given_up.add(key)
            return None
        self.last = (key, move)
        return Proposal(move, f"icebreaker: to {spot}, {chebyshev(spot, t.seen.pos)} squares "
                              f"from the {name} in the way, to shoot it from there")
