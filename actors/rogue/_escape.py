"""Escape by the stairs: leave a fight the odds say we would too often lose.

Rogue moves the hero, then each monster one square; a monster whose step would
land on the hero strikes instead. So a monster of the hero's speed that follows
him never gets a blow in while he walks away, and one that is ``d`` squares from
the ``k``-th square of his path can only be beside it, ready to strike, if
``d <= k`` (``d`` counted as the monster walks: Rogue lets no one step diagonally
through a doorway). A path to the stairs on which every awake monster is farther
from the ``k``-th square than ``k`` is safe all the way; on the stairs, ``>`` leaves the
level before any monster moves again, and monsters do not follow.

The dungeons lost on level 1 are mostly fights a level-1 hero loses about one
time in six even from full health (a hobgoblin swings at +4: see ``_odds``). With
the stairs known, :func:`flee_by_stairs` walks away from such a fight instead of
into it, when :meth:`Situation.fight_death` puts the risk at or above the tactics'
``flee_risk``. With the stairs not yet found (the usual case on level 1), the
same walk goes toward the nearest unexplored square it can reach safely: the
monster follows without a blow, and the stairs may turn up; a dead end only
brings the fight we were avoiding. A flier moves twice when three or more squares off, so it counts
double; a sleeping monster stays put, so only its own square and its neighbours
are unsafe.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation, Threat
from ._exploration import is_frontier
from ._grid import Pos, chebyshev, index, key_towards, neighbours, position
from ._paths import compute, first_step, path_to

#: How far off an awake monster still counts as coming for us.
WATCH_DISTANCE = 6
#: Unexplored squares tried as places to run to when the stairs are not known.
MAX_FRONTIERS = 12


def safe_path(s: Situation, goal: Pos) -> list[Pos] | None:
    """The path to ``goal`` if no monster in view can strike the hero on the way."""
    if s.paths is None:
        return None
    path = path_to(s.paths, goal)
    if not path:
        return None
    assert s.terrain is not None
    # How far each awake monster must walk to each square, by Rogue's step rule (no
    # diagonal step through a doorway): a corner that is one square off as the crow
    # flies may be three for the monster.
    walks = {t.seen.pos: compute(s.terrain, t.seen.pos, {}) for t in s.threats if t.awake}
    for k, square in enumerate(path, start=1):
        for t in s.threats:
            d = chebyshev(t.seen.pos, square)
            walk = walks.get(t.seen.pos)
            if walk is not None and walk.dist[index(square)] > d:
                d = walk.dist[index(square)]
            if not t.awake:
                unsafe = d <= 1
            elif "flies" in t.info.flags:
                unsafe = d <= 2 * k
            else:
                unsafe = d <= k
            if unsafe:
                return None
    return path


def dangers(s: Situation) -> tuple[Threat, ...]:
    """Awake monsters near enough to fight us soon, that can hurt us."""
    return tuple(t for t in s.awake_within(WATCH_DISTANCE) if t.info.max_damage > 0)


def flee_by_stairs(s: Situation, who: str = "escape") -> Proposal | None:
    """A step toward the known stairs (or ``>`` on them) when the fight is too risky."""
    terrain = s.terrain
    if terrain is None or not s.on_map:
        return None
    if terrain.stairs is None and not s.tactics.flee_unexplored:
        return None
    if s.level > s.tactics.flee_deepest:
        return None
    if s.intern is not None and s.intern.exp_level > s.tactics.flee_exp_most:
        return None
    found = too_risky(s, s.tactics.flee_risk)
    if found is None:
        return None
    worst, risk = found
    why = f"{who}: the {worst.info.name} would kill us {risk:.0%} of the time"
    down = down_the_stairs(s, why)
    if down is not None:
        return down
    if not s.tactics.flee_unexplored:
        return None
    for goal in frontiers(s):
        path = safe_path(s, goal)
        if path is not None:
            return Proposal(key_towards(s.player, path[0]),
                            f"{why}; run toward the unknown at {goal} to find the stairs")
    return None


def leave_from_stairs(s: Situation, who: str = "escape") -> Proposal | None:
    """``>`` when the hero, hurt, stands on the stairs and awake monsters coming would
    kill him at least ``Tactics.stairs_flee_risk`` of the time.

    Walking away from fights (``flee_risk``) measured no better: a hero who leaves
    fights he would mostly win goes down poorer in experience. This one leaves only
    hurt (below ``rest_below``, where a level-1 hero loses a hobgoblin fight one
    time in four or more) and only from where leaving costs one key: the health
    expert rests on the stairs when they are near (``Tactics.rest_on_stairs``).

    With the fight taken to the stairs (``Tactics.stairs_fight_risk`` below 1) the
    hero is there to fight: he leaves, hurt or not, only once the fight would kill him
    at least ``Tactics.stairs_fight_leave`` of the time (a first build left at
    ``stairs_flee_risk``, and every hero who had walked a fight there hurt went down
    on arriving: dungeons 501 and 527).
    """
    terrain, tactics = s.terrain, s.tactics
    if terrain is None or terrain.stairs is None or s.player != terrain.stairs:
        return None
    if s.levitating:
        return None
    fighting = tactics.stairs_fight_risk < 1.0
    if not fighting and s.hp_fraction >= tactics.rest_below:
        return None
    limit = max(tactics.stairs_flee_risk, tactics.stairs_fight_leave) if fighting else \
        tactics.stairs_flee_risk
    found = too_risky(s, limit)
    if found is None:
        return None
    worst, risk = found
    state = f"hurt (hp {s.hp})" if s.hp_fraction < tactics.rest_below else f"hp {s.hp}"
    return down_the_stairs(s, f"{who}: {state} on the stairs, and the "
                              f"{worst.info.name} would kill us {risk:.0%} of the time")


def fight_on_stairs(s: Situation, who: str = "battlestations") -> Proposal | None:
    """A step toward the known stairs, to fight there, when an awake monster within two
    squares would kill us at least ``Tactics.stairs_fight_risk`` of the time.

    From level 6 most rooms are dark, and every passage is, so a monster is first seen
    beside the hero and the fight is melee from the first turn (docs/rogomatic.md: deep heroes die
    with their quivers full). Walking away is no answer (a hero who leaves fights he
    would mostly win goes down poorer), but the fight need not be had where it began:
    the monster follows without a blow along a path that keeps ahead of it
    (:func:`safe_path`), and on the stairs :func:`leave_from_stairs` ends the fight with
    one key once it would kill him at least ``Tactics.stairs_fight_leave`` of the time.
    A fight that goes well is won there as anywhere.
    """
    terrain, tactics = s.terrain, s.tactics
    leaves = max(tactics.stairs_flee_risk, tactics.stairs_fight_leave) < 1.0
    if tactics.stairs_fight_risk >= 1.0 or not leaves:
        return None  # off, or no way to end the fight there
    if terrain is None or terrain.stairs is None or not s.on_map or s.levitating:
        return None
    if s.player == terrain.stairs or not s.awake_within(2):
        return None
    found = too_risky(s, tactics.stairs_fight_risk)
    if found is None:
        return None
    worst, risk = found
    path = safe_path(s, terrain.stairs)
    if path is None or len(path) > tactics.stairs_fight_walk:
        return None
    return Proposal(key_towards(s.player, path[0]),
                    f"{who}: the {worst.info.name} would kill us {risk:.0%} of the time; take "
                    f"the fight to the stairs, {len(path)} squares, where '>' ends it")


def too_risky(s: Situation, limit: float) -> tuple[Threat, float] | None:
    """(the worst, the risk) when the awake monsters coming (:func:`dangers`) would
    kill us at least ``limit`` of the time; 1 or more never is."""
    if limit >= 1.0:
        return None
    coming = dangers(s)
    if not coming:
        return None
    risk = s.fight_death(coming)
    if risk < limit:
        return None
    return max(coming, key=lambda t: t.info.max_damage), risk


def down_the_stairs(s: Situation, why: str) -> Proposal | None:
    """``>`` on the known stairs, or the first step of a path to them that keeps out
    of every monster's reach (:func:`safe_path`); None if there is neither."""
    terrain = s.terrain
    if terrain is None or terrain.stairs is None:
        return None
    if s.player == terrain.stairs and not s.levitating:
        return Proposal(">", f"{why}; down the stairs, out of reach")
    path = safe_path(s, terrain.stairs)
    if path is None:
        return None
    return Proposal(key_towards(s.player, path[0]),
                    f"{why}; to the stairs, {len(path)} squares, out of its reach")


#: The longest walk, in squares, to the known stairs away from an attacker the hero
#: cannot see (:func:`leave_unseen`).
UNSEEN_WALK = 40


def leave_unseen(s: Situation, who: str = "melee") -> Proposal | None:
    """``>`` on the known stairs, or a step along the path to them (at most
    :data:`UNSEEN_WALK` squares), away from an attacker the hero cannot see.

    From level 15 Rogue 5.4.4 sends phantoms: invisible, 4d4 a blow from level 8, some
    36 hit points behind armor 3. A hero who cannot see one strikes blind, a direction
    a turn, while it hits him seven times in ten: eleven of 1.83's 300 heroes died so,
    on levels 15 to 17, each with more gold than the median game. It moves at his
    pace, so like any follower it never strikes while he walks away, and the stairs
    end the fight. (A step that meets it on the way is a blow at it, no worse than
    the blind one.)
    """
    terrain = s.terrain
    if terrain is None or terrain.stairs is None or s.levitating or not s.on_map:
        return None
    if s.player == terrain.stairs:
        return Proposal(">", f"{who}: something unseen is fighting us; down the stairs, "
                             f"out of reach")
    if s.paths is None:
        return None
    path = path_to(s.paths, terrain.stairs)
    if not path or len(path) > UNSEEN_WALK:
        return None
    return Proposal(key_towards(s.player, path[0]),
                    f"{who}: something unseen is fighting us; to the stairs, "
                    f"{len(path)} squares off")


def walk_on_unseen(s: Situation, behind: Pos | None) -> Proposal | None:
    """A step that keeps the hero walking while something he cannot see follows him,
    with no stairs to leave by: toward the nearest unexplored square, else straight on
    away from ``behind`` (the square he just left, where a follower stands); never
    onto ``behind``.

    A follower strikes only when the hero stands still. In 1.88's dungeon 1125 a
    phantom took a hero from 52 to 1 of 65 hit points on level 15, and every point on
    a turn he stood (a rest, a meal): his blind strikes into empty squares were steps,
    and it struck none of them. Walking on, he heals (from experience level 8, a point
    or more every third turn) and may find the stairs.
    """
    if s.paths is None or s.terrain is None or not s.on_map:
        return None
    taken = s.occupied
    for goal in frontiers(s):
        step = first_step(s.paths, goal)
        if step is not None and step != behind and step not in taken:
            return Proposal(key_towards(s.player, step), f"melee: something unseen follows "
                            f"us: walk on toward the unknown at {goal} (a follower never "
                            f"strikes)")
    if behind is None:
        return None
    steps = [n for n in neighbours(s.player)
             if n != behind and n not in taken and s.safe_step(s.player, n)]
    if not steps:
        return None
    away = max(steps, key=lambda n: (chebyshev(n, behind), n))
    return Proposal(key_towards(s.player, away), "melee: something unseen follows us: "
                                                  "walk on (a follower never strikes)")


def leave_freezer(s: Situation, who: str = "escape") -> Proposal | None:
    """A step toward the known stairs (or ``>`` on them) when an ice monster is awake.

    Its blow does no damage but freezes the hero for two or three turns, during which
    it swings again at +4 (a freeze takes the hero's running flag), and each hit adds
    two or three more: at Rogue's hit rates the freeze tends to grow until it passes
    50 turns, and he dies of hypothermia (15 of 300 games of 1.22 and 1.23, on levels
    1 to 11). No fight odds price that, so any awake ice monster in view is left by
    the stairs when a path to them keeps out of its reach; a follower never strikes.
    """
    terrain = s.terrain
    if terrain is None or terrain.stairs is None or not s.on_map or s.levitating:
        return None
    freezers = [t for t in s.awake_within(WATCH_DISTANCE) if "freezes" in t.info.flags]
    if not freezers:
        return None
    nearest = min(freezers, key=lambda t: t.distance)
    return down_the_stairs(s, f"{who}: the {nearest.info.name} is awake, "
                              f"{nearest.distance} squares off")


def frontiers(s: Situation, most: int = MAX_FRONTIERS) -> list[Pos]:
    """The nearest squares (by path) we have not stood on that border the unknown."""
    terrain, paths = s.terrain, s.paths
    if terrain is None or paths is None or paths.origin is None:
        return []
    out = []
    origin = index(paths.origin)
    for i in paths.order:
        if i == origin:
            continue
        pos = position(i)
        if is_frontier(s, pos):
            out.append(pos)
            if len(out) >= most:
                break
    return out


class Escape(RogueExpert):
    """Walks away from a monster we would too often lose to, down the known stairs.

    Sits under melee (which asks battlestations, which asks the same question for
    a monster already beside us) and over the experts that would engage a monster
    still coming: target, missile.
    """

    name = "escape"

    def advise(self, s: Situation) -> Proposal | None:
        if s.adjacent:
            return None  # melee's battlestations decides
        return (leave_freezer(s) or leave_from_stairs(s) or flee_by_stairs(s)
                or fight_on_stairs(s, "escape"))
