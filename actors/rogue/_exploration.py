"""Exploration, the lowest expert: walk to the unknown, take the stairs, search.

Exploration walks to the nearest frontier (a known walkable square next to the
unknown, not yet stood on), takes the stairs once the level is explored (or the
tactics' patience runs out, or the hero is hungry with no food), and otherwise
searches for a hidden way on.

Where to search follows how Rogue builds a level (``_hidden``): the hero searches
from the square, stood on or not, where ``search_turns`` searches should find the
most for the turns spent walking there and searching.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from runtime import Proposal

from ._base import SentAware
from ._context import Situation
from ._grid import KEYS, STEP_OF, STEPS, Pos, chebyshev, index, key_towards, neighbours, position
from ._hidden import WALKABLE, best_spot, dead_ends, unseen_cells
from ._hunger import camps, camps_first, meals_in_pack, seasons, short_of_food
from ._pacing import LEAST as PACING_LEAST
from ._paths import avoidance, compute, nearest, path_to


def is_frontier(s: Situation, pos: Pos) -> bool:
    """A known walkable square, not yet stood on, next to the unknown, with no ice
    monster let lie on it.

    A step onto a monster is a blow: in a dark room the square the explorer was
    heading for showed a sleeping ice monster only from beside it, and the next
    step struck it (dungeon 138 of 1.22 died frozen on level 5). Other monsters'
    squares stay goals: 1.25 left out every monster's square, so a sleeper lying in
    the only way on could send the hero to search walls, and it changed far more games
    than the ice monsters could explain (docs/rogomatic.md, 1.24 to 1.26).
    """
    t = s.terrain
    assert t is not None
    if pos in t.visited or t.at(pos) not in WALKABLE or t.at(pos) == "^":
        return False
    if any(m.seen.pos == pos and m.left_asleep and "freezes" in m.info.flags
           for m in s.threats):
        return False
    if s.tactics.remember_ice and s.objects is not None and pos in s.objects.freezers:
        return False  # the same out of view (``Tactics.remember_ice``; see ``_frontier``)
    return any(t.at(n) == " " for n in neighbours(pos)) or len(neighbours(pos)) < 8


def shown_from(s: Situation, pos: Pos) -> int:
    """How many unknown squares a step onto ``pos`` would show, if it is a room's floor.

    A passage square is ringed by rock Rogue never draws, so its count says nothing:
    0. So are a doorway's and a lit room's squares (a lit room shows whole on entry).
    In a dark room the hero sees only the squares around him, and its floor, its walls
    and their doors show a ring at a time.
    """
    t = s.terrain
    assert t is not None
    if t.at(pos) != ".":
        return 0
    return sum(1 for n in neighbours(pos) if t.at(n) == " ")


def best_frontier(s: Situation, usable: Callable[[Pos], bool]) -> Pos | None:
    """The frontier square with the least walk less ``Tactics.explore_gain`` a square it
    would show (:func:`shown_from`); the nearest first among equals, and the nearest
    alone with no gain.

    Why: in a dark room nearly every square beside the hero is a frontier, all one step
    off, and the nearest-first order of the path search picks among them by the order it
    tries directions, not by what each would show. A sweep along the room shows three
    new squares a step; a step back beside squares already seen shows one. On 300 dark
    rooms of 3 to 25 by 2 to 10 squares entered from a random doorway
    (``bench/rogue_dark_sweep.py``, this expert on Rogue's way of drawing them), the
    nearest-first choice took 18,079 steps to see every floor and wall square, this one
    15,574 at any weight from 0.1 to 0.5 (0.86 times).
    """
    paths = s.paths
    assert paths is not None and paths.origin is not None
    weight = s.tactics.explore_gain
    if weight <= 0:
        return nearest(paths, usable)
    start = index(paths.origin)
    dist = paths.dist
    best, best_key = None, 0.0
    for i in paths.order:
        if i == start:
            continue
        if best is not None and dist[i] - 8 * weight > best_key:
            break
        pos = position(i)
        if not usable(pos):
            continue
        key = dist[i] - weight * shown_from(s, pos)
        if best is None or key < best_key:
            best, best_key = pos, key
    return best


#: The squares the explorer remembers standing on, and how many times on one of them
#: is a swing (two is a walk back past it, three a walk round in circles).
TRAIL = 24
SWINGS = 3


class Exploration(SentAware):
    name = "explore"
    #: Keep heading for the chosen unexplored square while it costs at most this many
    #: times (plus two) the nearest one.
    keep_goal = 1.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.search_spot: Pos | None = None
        #: The unexplored square we are heading for (kept unless another is much nearer).
        self.goal: Pos | None = None
        self.level = -1
        self.last: tuple[Pos, str] | None = None
        self.stuck = 0
        #: Our own searches at ``search_spot``, and the spot searched out last.
        self.searches = 0
        self.done: Pos | None = None
        #: Goals given up on this level for a nearer one: not taken up again while the
        #: current goal is still open (see _frontier).
        self.abandoned: set[Pos] = set()
        #: The goal before the current one, and how many times on this level the
        #: explorer went back to the goal it had just left (see _frontier).
        self.before: Pos | None = None
        self.flip_backs = 0
        #: Goals on this level that Rogue would not let us step toward (see ``advise``).
        self.refused: set[Pos] = set()
        #: The unexplored square the last step was toward, if that is what it was for,
        #: and how many times on this level a step from a square toward a goal was sent
        #: and left the hero where he was (random steps come between).
        self.heading: Pos | None = None
        self.refusals: dict[tuple[Pos, Pos], int] = {}
        #: Where the hero stood at our last steps, and the route held to a goal once
        #: he swung back and forth (see ``_step``).
        self.trail: list[Pos] = []
        self.route: list[Pos] = []
        #: Squares entered on this level, and for each square where a sleeping monster
        #: was in view, the count when it last was (see ``_step``).
        self.entered = 0
        self.lying_seen: dict[Pos, int] = {}
        #: Squares of monsters let lie (``Situation.let_lie``) that the way on led
        #: through, on this level: explored round (see ``_around``).
        self.spared: set[Pos] = set()
        #: The level's action count (``Terrain.turns``) when the hero last waited on
        #: its stairs for the first faint (``Tactics.camp_first``): the level's patience
        #: counts from there, or a hero would leave a level unexplored as the faint ends.
        self.camped = 0
        #: Actions spent on this level waiting on its stairs for wanderers
        #: (``Tactics.season_behind``), up to ``Tactics.season_turns``.
        self.seasoned = 0
        #: Doors stood on in this round of a ``Tactics.season_patrol``.
        self.patrolled: set[Pos] = set()
        #: The unexplored squares our last steps headed for, and the walks to and fro
        #: on this level (``Situation.paced``) already answered by giving them up.
        self.headed: list[Pos] = []
        self.paced = 0
        #: The goals given up for those walks (also in ``refused``), and brought back
        #: with ``Tactics.pacing_retry`` once nothing else is left (see _frontier).
        self.paced_out: set[Pos] = set()

    def advise(self, s: Situation) -> Proposal | None:
        t, paths = s.terrain, s.paths
        if t is None or paths is None:
            return None
        if t.level != self.level:
            self.level, self.search_spot, self.searches, self.done = t.level, None, 0, None
            self.goal = None
            self.abandoned, self.refused, self.refusals = set(), set(), {}
            self.before, self.flip_backs = None, 0
            self.trail, self.route = [], []
            self.entered, self.lying_seen = 0, {}
            self.spared = set()
            self.camped = self.seasoned = 0
            self.patrolled = set()
            self.headed, self.paced, self.paced_out = [], 0, set()
        if s.paced > self.paced:
            # Pacing to and fro (``_pacing``): every goal of the walk is given up for
            # the level, as one Rogue would not let us step toward.
            self.paced = s.paced
            self.refused |= set(self.headed)
            self.paced_out |= set(self.headed)
            self.goal = self.before = None
            self.headed, self.route = [], []
        if s.objects is not None:
            for m in s.objects.monsters:
                if not m.moves:
                    self.lying_seen[m.pos] = self.entered
        still = self.last is not None and self.last[0] == s.player and not s.sensed.message
        # Our own step toward the unknown, sent three times from here, and the hero still
        # here with nothing said: the map shows a way Rogue does not have (dungeon 85 of
        # 1.30 stepped at a lone '.' beside a room's corner, turn after turn, until he
        # starved). That goal is given up for the level.
        if still and self.heading is not None and self.sent == (self.last[1],):
            tried = (s.player, self.heading)
            self.refusals[tried] = self.refusals.get(tried, 0) + 1
            if self.refusals[tried] >= 3:
                self.refused.add(self.heading)
                self.goal = None
        self.stuck = self.stuck + 1 if still else 0
        if self.stuck >= 3:
            self.stuck = 0
            # Not into a monster: a step into one is a blow.
            r, c = s.player
            keys = [KEYS[d] for d in STEPS if (r + d[0], c + d[1]) not in s.occupied]
            key = self.rng.choice(sorted(keys, key="hjklyubn".index) or ["s"])
            return self._go(s, key, "explore: stuck, a random step")
        spared = self._spared(s)
        while True:
            plan = self._around(s, spared) if spared else self._plan(s)
            if plan is None:  # nothing left but the way through: wake it, at full health
                return self._plan(s)
            sleeper = self._struck(s, plan.action)
            if sleeper is None or sleeper in spared:
                return plan
            self.spared.add(sleeper)  # a step into a monster let lie: go round it
            spared = spared | {sleeper}

    def _spared(self, s: Situation) -> frozenset[Pos]:
        """The squares of monsters let lie that the way on ran through, while a
        monster still lies asleep there (in view, or remembered out of it) and is
        still one to let lie. None once the stairs count as lost: the stairs may be
        under one of them, and ``Situation.let_lie`` lets only the worst lie then."""
        if s.stairs_lost or s.objects is None:
            self.spared = set()
            return frozenset()
        lying = set(s.objects.sleepers) | {m.pos for m in s.objects.monsters if not m.moves}
        woken = {t.seen.pos for t in s.threats if not s.spared(t)}
        self.spared = {p for p in self.spared if p in lying and p not in woken}
        return frozenset(self.spared)

    def _struck(self, s: Situation, action: str) -> Pos | None:
        """The square of the monster that ``action``, a step, would strike, if it is one
        the explorer goes round (``Situation.spared``)."""
        step = STEP_OF.get(action)
        if step is None:
            return None
        r, c = s.player
        square = (r + step[0], c + step[1])
        return next((square for t in s.threats if t.seen.pos == square and s.spared(t)),
                    None)

    def _around(self, s: Situation, spared: frozenset[Pos]) -> Proposal | None:
        """Explore as if the ``spared`` squares were rock; None to strike the way open.

        A monster that is not mean sleeps until struck, and a step into it is that
        blow. The paths only make its square dear, so where it lay in the only way on
        (a doorway, a passage, a dark room's gap) the explorer walked into it: of 24
        replayed centaur deaths on levels 7 to 9 of 1.63, five began with the explorer
        striking a centaur that ``Situation.let_lie`` had chosen to leave asleep. With
        the way past it closed, the explorer goes elsewhere, or to the stairs and down,
        leaving what lies beyond. Only when nothing else is left does it wake the
        monster, and then at full health. Off by default (``Tactics.spare_risk``): those
        five games went as before (in dungeon 741 nothing else was left), and over 600
        dungeons it measured no better (docs/rogomatic.md). A sleeping thief is gone round the same
        way (``Tactics.spare_thieves``), and struck without a rest when nothing is left;
        so is a sleeping ice monster, always (from 1.67: ``Situation.spared``), whose
        freezes do not care for the hero's hit points.
        """
        t = s.terrain
        assert t is not None
        field = compute(t, s.player, avoidance(t, s.objects, s.player),
                        blocked=frozenset(index(p) for p in spared))
        plan = self._plan(attrs.evolve(s, paths=field), last_resort=False)
        if plan is not None:
            return plan
        # A thief's or an ice monster's blow does no harm worth resting for; a dreaded
        # monster's does.
        lying = [th for th in s.threats if th.seen.pos in spared]
        thieves = bool(lying) and not any(s.dreaded(th) for th in lying)
        if s.hp_fraction < 1.0 and s.tactics.spare_risk < 1.0 and not thieves:
            names = [th.info.name for th in lying]
            who = f"the {names[0]}" if names else "the monster"
            return Proposal(s.rest(), f"explore: rest to full health before waking {who} "
                                      f"asleep in the only way on")
        return None

    def _plan(self, s: Situation, last_resort: bool = True) -> Proposal | None:
        """Where to go next on ``s.paths``: the unknown, the stairs, a search. Without
        ``last_resort``, None instead of searching walls or waking a monster on the
        stairs: there is nothing to walk to."""
        t, paths = s.terrain, s.paths
        assert t is not None and paths is not None
        tactics = s.tactics
        healthy = s.hp_fraction >= tactics.descend_hp
        on_stairs = t.stairs is not None and s.player == t.stairs
        frontier = self._frontier(s)
        # Patience only matters when there is somewhere to go: the stairs.
        # Short of food: new levels bring food, this one has had its chance; hungry
        # with none, at once, whatever the hit points.
        short = short_of_food(s)
        starving = short and s.intern is not None and s.intern.hunger >= 1
        patience = tactics.level_patience
        if 0 < tactics.dive_from <= t.level:
            patience = min(patience, tactics.dive_patience)
        if short:
            patience = min(patience, tactics.frugal_patience)
        # Stairs out of reach (a magic map shows them in a dark room not yet entered,
        # its floor blank) are no reason to stop exploring: the way to them is unknown
        # ground. Searching walls instead, dungeons 27, 66 and 145 of 1.52 starved and
        # 190 met a rattlesnake after 1,300 to 1,900 searches.
        reachable = t.stairs is not None and paths.dist[index(t.stairs)] >= 0
        camping = reachable and camps_first(s) and not s.levitating
        if camping:
            self.camped = t.turns  # patience counts from the camp's end
        impatient = (t.turns - self.camped > patience or starving) and reachable
        if on_stairs and s.levitating:
            # '>' while floating fails without a turn passing: the float would never end.
            return Proposal("s", "explore: floating: wait on the stairs to land")
        # Nothing left to walk to, but a part of the level unseen: it is behind a secret
        # door or a hidden passage square, with its rooms' gold. Dungeon 114 of 1.55 left
        # levels 7 and 8 with no gold, one room and four of nine cells seen; 1.59 searched
        # here and measured no better over 300 dungeons, so it waits on the tactic.
        if (reachable and frontier is None and not impatient and not short
                and tactics.seek_hidden and t.level <= tactics.seek_hidden_deepest
                and meals_in_pack(s) >= tactics.seek_hidden_food):
            unseen = unseen_cells(t, paths)
            if unseen:
                return self._search(s, f"{len(unseen)} of 9 cells unseen")
        if tactics.search_dead_ends and not impatient and not short:
            searched_here = t.searched[index(s.player)]
            if searched_here < tactics.search_turns and s.player in dead_ends(t):
                unseen = unseen_cells(t, paths)
                if unseen:
                    return Proposal("s", f"explore: search the dead end here ({searched_here} "
                                         f"so far): {len(unseen)} of 9 cells unseen")
        if camping:
            if on_stairs:
                floor = s.intern.food_floor if s.intern is not None else 0
                return Proposal(s.rest(), f"explore: wait on the stairs for the first faint "
                                          f"before exploring level {t.level} (food clock at "
                                          f"least {floor}): till then every monster swings "
                                          f"at us with +4")
            key = self._step(s, t.stairs)
            if key is not None:
                return self._go(s, key, "explore: to the stairs, to wait there for the first "
                                        "faint before exploring")
        if (tactics.season_patrol and reachable and (frontier is None or impatient) and healthy
                and self._seasons(s)):
            key, door = self._patrol(s)
            if key is not None:
                self.seasoned += 1
                return self._go(s, key, f"explore: walk the level's doors for wanderers "
                                        f"({self.seasoned} of {tactics.season_turns}), "
                                        f"toward the door at {door}")
        if on_stairs and (frontier is None or impatient) and (healthy or starving):
            if camps(s):
                floor = s.intern.food_floor if s.intern is not None else 0
                return Proposal(s.rest(), f"explore: wait on the stairs for the first faint "
                                          f"(food clock at least {floor}): till then every "
                                          f"monster swings at us with +4")
            if self._seasons(s):
                self.seasoned += 1
                assert s.intern is not None  # seasons() asks for the running flag
                exp = s.intern.exp_level
                return Proposal(s.rest(), f"explore: wait on the stairs for wanderers "
                                          f"({self.seasoned} of {s.tactics.season_turns}): "
                                          f"experience level {exp} on dungeon level "
                                          f"{t.level}")
            if starving:
                why = "hungry with no food"
            elif frontier is None:
                why = f"level {t.level} explored"
            else:
                why = "short of food" if short else f"{t.turns} actions on level {t.level}"
            return Proposal(">", f"explore: {why}, down the stairs")
        if frontier is not None and not impatient:
            key = self._step(s, frontier)
            if key is not None:
                return self._go(s, key, f"explore: toward the unknown at {frontier}",
                                heading=frontier)
        if reachable and not on_stairs:
            if healthy or starving:
                key = self._step(s, t.stairs)
                if key is not None:
                    return self._go(s, key, "explore: nothing left here, to the stairs")
            return Proposal(s.rest(), "explore: rest before taking the stairs")
        if not last_resort:
            return None
        if s.stairs_lost:
            sleeper = self._sleeper(s)
            key = None if sleeper is None else self._towards(s, sleeper)
            if key is not None:
                return self._go(s, key, f"explore: no stairs found: they may lie under the "
                                        f"monster asleep at {sleeper}")
        return self._search(s)

    def _seasons(self, s: Situation) -> bool:
        """Spend this action on wanderers (:func:`seasons`), the level's
        ``Tactics.season_turns`` not yet spent: the wait's and the patrol's one budget."""
        return self.seasoned < s.tactics.season_turns and seasons(s)

    def _patrol(self, s: Situation) -> tuple[str | None, Pos | None]:
        """The step toward the nearest door not yet stood on in this round of the patrol
        (``Tactics.season_patrol``), and the door; a new round once all are.

        Wanderers make for the exit of their room nearest the hero as the crow flies,
        and one whose exit leads nowhere near him stalls there (Rogue's ``chase``):
        replays of ``season_behind``'s wait met one such monster in 300 to 400 actions.
        """
        t, paths = s.terrain, s.paths
        assert t is not None and paths is not None
        if s.player in t.doors:
            self.patrolled.add(s.player)
        for _ in range(2):
            doors = [d for d in t.doors
                     if d not in self.patrolled and paths.dist[index(d)] > 0]
            for door in sorted(doors, key=lambda d: (paths.dist[index(d)], d)):
                key = self._step(s, door)
                if key is not None:
                    return key, door
                self.patrolled.add(door)  # no step toward it: not this round
            self.patrolled = {s.player} & t.doors
        return None, None

    def _towards(self, s: Situation, sleeper: Pos) -> str | None:
        """The step toward the sleeper's square; from two squares off, straight beside it
        (the paths keep off a sleeping ice monster's neighbours, and the way round
        them swung the hero back and forth)."""
        if chebyshev(s.player, sleeper) == 2:
            taken = s.occupied
            for n in neighbours(s.player):
                if chebyshev(n, sleeper) == 1 and n not in taken and s.step_ok(s.player, n):
                    return key_towards(s.player, n)
        return s.step_to(sleeper)

    def _sleeper(self, s: Situation) -> Pos | None:
        """The nearest square where a monster lies asleep, in view or remembered.

        Nearest by the walk to a square beside it: the paths make a monster's own
        square dear (a step into it is a blow), but only while it is in view, so one
        came into view as the hero drew near and another, remembered out of view,
        became the nearer; walking to that one took the first out of view again. In
        dungeon 530 of 1.70 the hero walked between two for 2,600 decisions on level 7
        until he starved.
        """
        if s.objects is None or s.paths is None:
            return None
        dist = s.paths.dist
        lying = set(s.objects.sleepers) | {m.pos for m in s.objects.monsters if not m.moves}
        reachable = [p for p in lying if dist[index(p)] > 0]

        def walk(p: Pos) -> int:  # a reached square's parent is a reached neighbour
            return min(dist[index(n)] for n in neighbours(p) if dist[index(n)] >= 0) + 1

        return min(reachable, key=walk, default=None)

    def _frontier(self, s: Situation) -> Pos | None:
        """The nearest unexplored square, or the one we were heading for if it is not
        much farther or the nearest is one we gave up on.

        Two frontiers at nearly equal cost swapped places as we walked, and the hero
        went back and forth between them until he starved. Costs also jump: a
        sleeping ice monster let lie in a dark room shows only from beside it, so the
        way past it looked cheap from afar and dear from next to it (dungeon 207 of
        1.9 paced for 3,000 turns); a goal given up stays given up while the one
        that replaced it is open. With ``Tactics.remember_ice`` the square of an ice
        monster remembered asleep out of view is no goal either (``is_frontier``):
        from a dark room's doorway it showed and the explorer turned away, from the
        passage it did not and he turned back (1.71's dungeon 1184: 900 decisions on
        level 10, until he starved).

        Nor does the explorer turn back again and again to the goal it has just turned
        from. A dark room's doorway with a sleeping ice monster beside it inside (1.75's
        dungeon 1191, level 7): on the door the monster showed and its square was no
        goal, so he headed for a far one and stepped out; from the passage the square
        was unknown floor again, the nearest goal, and he stepped back in: 800 such
        turns back on that level. In eleven replayed games a level without such a swing
        had one turn back at most; from the ``Tactics.flip_backs``-th on a level the
        explorer holds the goal it has (off by default: 1.77 held from the fourth, and
        measured no better; docs/rogomatic.md).
        """
        assert s.paths is not None
        nearest = best_frontier(s, lambda p: p not in self.refused and is_frontier(s, p))
        stairs_known = s.terrain is not None and s.terrain.stairs is not None
        if nearest is None and self.paced_out and s.tactics.pacing_retry and not stairs_known:
            self.refused -= self.paced_out
            self.paced_out = set()
            nearest = best_frontier(s, lambda p: p not in self.refused and is_frontier(s, p))
        goal = self.goal
        if nearest is None or goal is None or goal == nearest or not is_frontier(s, goal):
            if goal is not None and goal != nearest:
                self.before = goal
            self.goal = nearest
            return nearest
        far, near = s.paths.dist[index(goal)], s.paths.dist[index(nearest)]
        if 0 < far and (far <= near * self.keep_goal + 2 or nearest in self.abandoned):
            return goal
        if nearest == self.before:
            self.flip_backs += 1
            if 0 < s.tactics.flip_backs <= self.flip_backs:
                return goal  # a swing between two goals: hold this one
        self.abandoned.add(goal)
        self.before, self.goal = goal, nearest
        return nearest

    def _step(self, s: Situation, goal: Pos) -> str | None:
        """The step toward ``goal``: the shortest path's, or the held route's.

        The paths weigh what is in view, and a sleeping monster in a lit room is in
        view only from the room: from its doorway the way past the monster was dear
        and the hero stepped back out, from the passage it was cheap and he stepped
        back in (dungeon 569 of 1.30 swung so on level 1 until he starved). A sleeping
        ice monster in a dark room shows from beside it until the hero is back in the
        passage, so the swing there is a loop of six or eight squares (dungeon 114 of
        1.52 walked one for 2,300 turns until he starved). Once the hero stands on a
        square for the third time in his last :data:`TRAIL` squares, the route from
        here is held, step by step, until it is walked, left or blocked - unless it
        runs through a square where a monster lay asleep when last seen, and seen from
        one of the swing's squares (the last :data:`TRAIL` entered).
        """
        if not self.trail or self.trail[-1] != s.player:
            self.trail = [*self.trail[1 - TRAIL:], s.player]
            self.entered += 1
        trail = self.trail
        if self.route and self.route[-1] == goal and s.player in self.route[:-1]:
            self.route = self.route[self.route.index(s.player) + 1:]
        if self.route and self.route[-1] == goal:
            nxt = self.route[0]
            taken = s.occupied
            if chebyshev(nxt, s.player) == 1 and s.step_ok(s.player, nxt) \
                    and nxt not in taken:
                return key_towards(s.player, nxt)
        self.route = []
        swinging = trail.count(s.player) >= SWINGS
        if swinging and s.paths is not None:
            # Not a route through a monster that lay asleep when last seen from one of
            # the swing's own squares: that is the side of the swing that did not see
            # it. One seen from farther back does not count: it is met in view when the
            # route comes to it, and the held route stops before a monster's square.
            # Counting those too, both sides of dungeon 523's swing under 1.70 ran
            # through a sleeper (the ice monster beside the way west, one seen long
            # before on the way east), none was held, and the hero stepped in and out
            # of a doorway for 3,000 turns until he starved on level 4.
            route = path_to(s.paths, goal)
            lying = s.objects.sleepers if s.objects is not None else frozenset()
            blind = {p for p in lying
                     if self.entered - self.lying_seen.get(p, -TRAIL) < TRAIL}
            if route and blind.isdisjoint(route):
                self.route = [s.player, *route]
                return key_towards(s.player, route[0])
        return s.step_to(goal)

    def _go(self, s: Situation, key: str, why: str, heading: Pos | None = None) -> Proposal:
        self.last = (s.player, key)
        self.heading = heading
        if heading is not None:
            self.headed = [*self.headed[1 - PACING_LEAST:], heading]
        return Proposal(key, why)

    def _search(self, s: Situation, why: str = "") -> Proposal:
        """Search at the spot most likely to show a hidden way on, for its cost in turns.

        A spot is searched ``search_turns`` times, counted by us: the terrain's counts
        stop at 255, and a spot chosen afresh once every count is there must still be
        searched, not dropped at the next step (the hero once walked between two such
        spots until he starved). On the way to a spot, or taken off it by another
        expert, the choice is looked at again and kept unless another spot is clearly
        better (:func:`best_spot`). ``why``, when given, ends the logged rationale
        (what the search is for).
        """
        t = s.terrain
        assert t is not None and s.paths is not None
        turns = s.tactics.search_turns
        because = f": {why}" if why else ""
        spot = self.search_spot
        if spot is not None and (self.searches >= turns or s.paths.dist[index(spot)] < 0):
            spot = None
        if spot is None or spot != s.player:
            # On the way (or sent elsewhere by another expert): look again.
            chosen = best_spot(t, s.paths, turns, avoid=self.done, keep=spot,
                               maze_ends=s.tactics.maze_ends)
            if chosen != spot:
                self.search_spot, self.searches = chosen, 0
            spot = chosen
        if spot is None or spot == s.player:
            self.searches += 1
            if self.searches >= turns:
                self.done = s.player
            n = t.searched[index(s.player)]
            return Proposal("s", f"explore: search for secret doors here ({n} so far){because}")
        key = s.step_to(spot)
        if key is None:
            self.search_spot = None
            return Proposal("s", f"explore: search (no way to the chosen spot){because}")
        return self._go(s, key, f"explore: to the search spot at {spot}{because}")
