"""Health: resting (searching in place, which heals) when hit points are low and no
awake monster is near, and the hunger states a rest must give way to.

With no food left the hero rests less, since walking heals as fast and every turn
eats (:func:`rest_band`). While he waits, weak, for the faint that gives him Rogue's
"running" flag (``_hunger``), :class:`Health` keeps him standing still. A rest may
begin with a short walk: onto the stairs (``Tactics.rest_on_stairs``), or into a lit
room (``Tactics.rest_in_light``), where a monster that comes is seen in time to shoot,
or to where the rest's searches may find a hidden way on (``Tactics.rest_at_search``).
"""

from __future__ import annotations

import math

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._facts import Inventory
from ._grid import Pos, index, position
from ._hidden import SWITCH, spot_rates
from ._hunger import HUNGER_WORDS, short_of_food, struck_at, waits_to_faint
from ._watch import lit_squares

#: Hungry with no food in the pack, rest only below this share of the tactics'
#: threshold, and only up to the threshold.
FRUGAL_REST = 0.6


def _unlisted(inventory: Inventory) -> set[str]:
    """Pack letters before the first one the inventory knows: items no list has shown."""
    first = min((i.letter for i in inventory.items), default="b")
    return {chr(c) for c in range(ord("a"), ord(first))}

def _disturbed(s: Situation) -> bool:
    """Struck at, or anything awake within six squares: no time to rest."""
    return struck_at(s) or bool(s.awake_within(6))


def rest_band(s: Situation) -> tuple[float, float]:
    """The hit-point fractions a rest starts below and ends at.

    Walking heals as fast as resting (Rogue's doctor() counts every turn without a
    fight), so a rest only keeps a weak hero out of fights, and a hero short of food
    has few turns left: he rests only when weak, and not to full.
    """
    below, until = s.tactics.rest_below, s.tactics.rest_until
    if short_of_food(s) and s.inventory is not None and not s.inventory.stale:
        below, until = below * FRUGAL_REST, min(until, below)
    return below, until


def would_rest(s: Situation) -> bool:
    """Hurt enough that :class:`Health` would start a rest here and now.

    The object expert ranks above health, and a walk to an object is a walk into
    rooms with sleepers and the wanderers' way at a few hit points (dungeon 72 of
    1.29 went 34 squares for gold at 3 of 12 and met a snake): it waits for the rest.
    """
    intern = s.intern
    if intern is None or intern.hunger >= 2 or intern.confused or intern.blind:
        return False
    return not _disturbed(s) and intern.hp_fraction < rest_band(s)[0]


class Health(RogueExpert):
    name = "health"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.resting = False
        #: Pack letters tried as food while hungry (cleared once fed).
        self.probed: set[str] = set()
        #: The search spot a rest is walking to (``Tactics.rest_at_search``).
        self.rest_spot: Pos | None = None

    def advise(self, s: Situation) -> Proposal | None:
        intern = s.intern
        if intern is None:
            return None
        tactics = s.tactics
        if intern.hunger == 0:
            self.probed.clear()
        if intern.hunger >= 1 and s.inventory is not None and not s.inventory.stale:
            food = s.inventory.of_kind("food")
            hunger = HUNGER_WORDS[min(3, intern.hunger)]
            if food and not s.adjacent and intern.hunger >= tactics.eat_at:
                return Proposal("e" + food[0].letter, f"health: {hunger}: eat {food[0].text!r}")
            unseen = _unlisted(s.inventory) - self.probed
            if not food and unseen and not s.adjacent:
                # A list drawn while a message showed loses its first line: the
                # starting food is item a. Eating a non-food costs no turn in Rogue.
                letter = min(unseen)
                self.probed.add(letter)
                return Proposal("e" + letter, f"health: {hunger}, no food listed: "
                                f"try item {letter!r}, never seen in a list")
        if _disturbed(s):
            self.resting = False
            return None
        if waits_to_faint(s) and not (intern.confused or intern.blind):
            return Proposal("s", f"health: {HUNGER_WORDS[intern.hunger]}: wait here for the "
                                 "faint, then eat (after it monsters lose their +4 to hit us)")
        if intern.confused or intern.blind:
            return Proposal("s", "health: confused or blind: wait it out")
        frac = intern.hp_fraction
        below, until = rest_band(s)
        if frac < below:
            self.resting = True
        if self.resting and frac >= until:
            self.resting = False
        if not self.resting:
            self.rest_spot = None  # the next rest (maybe on another level) chooses afresh
        if self.resting and intern.hunger < 2:
            walk = to_rest_on_stairs(s) or to_rest_in_light(s)
            if walk is None:
                walk, self.rest_spot = to_rest_at_search(s, self.rest_spot)
            if walk is not None:
                return walk
            return Proposal(s.rest(), f"health: rest (hp {intern.hp}/{intern.hp_max})")
        return None


def to_rest_on_stairs(s: Situation) -> Proposal | None:
    """A step toward the known stairs, when they are near enough, to rest on them.

    Walking heals as fast as resting, and on the stairs a monster that comes while
    the hero is weak is left with one key (``_escape.leave_from_stairs``) instead of
    fought: a level-1 hero at 6 of 12 hit points loses a hobgoblin fight 38% of the
    time (``_odds``), one at full health 18%.
    """
    terrain = s.terrain
    most = s.tactics.rest_on_stairs
    if most <= 0 or terrain is None or terrain.stairs is None or s.levitating:
        return None
    if s.player == terrain.stairs or s.tactics.stairs_flee_risk >= 1.0:
        return None
    if any(t.seen.pos == terrain.stairs for t in s.threats):
        return None  # the last step would be a blow at whatever lies on them
    squares = s.distance_to(terrain.stairs)
    if squares < 0 or squares > most:
        return None
    key = s.step_to(terrain.stairs, spare=True)
    if key is None:
        return None
    return Proposal(key, f"health: rest on the stairs, {squares} squares off "
                         f"(hp {s.hp}/{s.intern.hp_max if s.intern else '?'})")


#: Squares from a lit room's doors at which a rest sees a monster coming in time to
#: ready the bow (from four squares) and shoot once before it is beside the hero.
LIT_REST_DEPTH = 4
#: Door distances past this one buy no more (a longer walk for the same shots).
LIT_REST_ENOUGH = 6


def to_rest_in_light(s: Situation) -> Proposal | None:
    """A step toward a lit room's square far from its doors, to rest there.

    Walking heals as fast as resting, so the walk costs the turns and whatever it
    meets on the way (dungeon 1361 met a hobgoblin: docs/rogomatic.md). In a
    passage or a dark room a monster that comes is seen only beside the hero (and
    at level 1 a hobgoblin fight from half his hit points kills him about two times
    in five, ``_odds``); in a lit room it is seen at the door, and the target and missile
    experts ready the bow and shoot as it comes. Only within
    ``Tactics.rest_in_light`` squares, and only rooms with no monster in view.
    """
    most = s.tactics.rest_in_light
    if most <= 0 or s.paths is None or not s.paths.dist or s.sensed.player is None:
        return None
    spots = lit_squares(s.sensed.rows, s.player)
    here = spots.get(s.player, 0)
    if here >= LIT_REST_DEPTH or not spots:
        return None
    best: tuple[int, int, Pos] | None = None
    for i in s.paths.order:
        cost = s.paths.dist[i]
        if cost > most:
            break
        q = position(i)
        depth = min(spots.get(q, 0), LIT_REST_ENOUGH)
        if depth <= here or depth < LIT_REST_DEPTH - 1:
            continue
        if best is None or (depth, -cost) > best[:2]:
            best = (depth, -cost, q)
    if best is None:
        return None
    key = s.step_to(best[2], spare=True)
    if key is None:
        return None
    hp_max = s.intern.hp_max if s.intern else "?"
    return Proposal(key, f"health: rest in the lit room at {best[2]}, {best[0]} squares from "
                         f"its doors, {-best[1]} squares off (hp {s.hp}/{hp_max})")


#: A rest walks to a search spot only for one whose searches should find at least
#: this much (``_hidden``'s worth: a passage's dead end shares 18, a wall facing a
#: cell never seen is 1, rock beside a passage 0.01).
SEARCH_REST_GAIN = 0.5


def heal_turns(s: Situation) -> int:
    """The turns Rogue's ``doctor()`` takes to bring the hero to the rest's end.

    Below experience level 8 it adds a hit point once ``21 - 2 x level`` quiet turns
    have passed; from 8 on, every third turn, ``rnd(level - 7) + 1`` of them.
    """
    intern, status = s.intern, s.sensed.status
    if intern is None:
        return 0
    level = status.exp_level if status is not None else 1
    deficit = max(0, math.ceil(rest_band(s)[1] * intern.hp_max) - intern.hp)
    if level < 8:
        return deficit * max(1, 21 - 2 * level)
    return 3 * math.ceil(deficit / ((level - 6) / 2))


def to_rest_at_search(s: Situation, keep: Pos | None) -> tuple[Proposal | None, Pos | None]:
    """A step toward the square where the rest's searches should find most, and it.

    The rest heals as fast on the way as in place, so a walk of fewer squares than the
    rest's turns costs nothing a rest would not; each turn rested there is a search
    (Rogue's ``s``) of the squares beside it. Spots from :func:`_hidden.spot_rates`,
    weighed by what the searches left after the walk should find; the spot walked to
    is kept unless another is clearly better (:data:`_hidden.SWITCH`), and the hero
    rests where he stands when it is about as good. Only within
    ``Tactics.rest_at_search`` squares, and (None, None) when there is nothing worth it.
    """
    most = s.tactics.rest_at_search
    t, paths = s.terrain, s.paths
    if most <= 0 or t is None or paths is None or not paths.dist or s.sensed.player is None:
        return None, None
    turns = heal_turns(s)
    if turns < s.tactics.search_turns:
        return None, None  # a short rest: no walk for it
    reach = min(most, turns // 2)
    gains: dict[Pos, float] = {}
    for pos, rate in spot_rates(t, paths, turns, s.tactics.maze_ends).items():
        d = paths.dist[index(pos)]
        if 0 <= d <= reach:
            gains[pos] = rate * (d + turns)
    if not gains:
        return None, None
    best = max(gains, key=gains.__getitem__)
    if keep is not None and keep in gains and gains[best] <= SWITCH * gains[keep]:
        best = keep
    here = gains.get(s.player, 0.0)
    if gains[best] < SEARCH_REST_GAIN or best == s.player or gains[best] <= SWITCH * here:
        return None, None
    key = s.step_to(best, spare=True)
    if key is None:
        return None, None
    hp_max = s.intern.hp_max if s.intern else "?"
    return Proposal(key, f"health: rest at the search spot {best}, {paths.dist[index(best)]} "
                         f"squares off, where {turns} searches should find "
                         f"{gains[best]:.2f} (hp {s.hp}/{hp_max})"), best
