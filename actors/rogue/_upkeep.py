"""Health maintenance and exploration, the lowest experts.

Health eats when hungry and rests (searching in place, which heals) when hit
points are low and no awake monster is near. Exploration walks to the nearest
frontier (a known walkable square next to the unknown, not yet stood on), takes
the stairs once the level is explored (or the tactics' patience runs out), and
otherwise searches for secret doors at the most promising spot: dead ends first,
then walls with much unknown behind them, each up to ``search_turns`` times.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._grid import COLS, ROWS, STEPS, TOP, Pos, chebyshev, index, neighbours

WALKABLE = frozenset(".#+%^")
#: Searches per spot never planned beyond this (the terrain's counts stop at 255).
SEARCH_CAP = 250


class Health(RogueExpert):
    name = "health"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.resting = False

    def advise(self, s: Situation) -> Proposal | None:
        intern = s.intern
        if intern is None:
            return None
        tactics = s.tactics
        if intern.hunger >= tactics.eat_at and s.inventory is not None \
                and not s.inventory.stale:
            food = s.inventory.of_kind("food")
            if food and not s.adjacent:
                hunger = ("fed", "hungry", "weak", "faint")[min(3, intern.hunger)]
                return Proposal("e" + food[0].letter, f"health: {hunger}: eat {food[0].text!r}")
        attacked = s.events is not None and "hit_by" in s.events.kinds()
        if s.awake_within(6) or attacked:
            self.resting = False
            return None
        if intern.confused or intern.blind:
            return Proposal("s", "health: confused or blind: wait it out")
        frac = intern.hp_fraction
        if frac < tactics.rest_below:
            self.resting = True
        if self.resting and frac >= tactics.rest_until:
            self.resting = False
        if self.resting and intern.hunger < 2:
            return Proposal("10s", f"health: rest (hp {intern.hp}/{intern.hp_max})")
        return None


def _frontier(s: Situation, pos: Pos) -> bool:
    t = s.terrain
    assert t is not None
    if pos in t.visited or t.at(pos) not in WALKABLE or t.at(pos) == "^":
        return False
    return any(t.at(n) == " " for n in neighbours(pos)) or len(neighbours(pos)) < 8


def _unknown_around(s: Situation, pos: Pos, radius: int = 5) -> int:
    t = s.terrain
    assert t is not None
    r0, c0 = pos
    n = 0
    for r in range(max(TOP, r0 - radius), min(TOP + ROWS, r0 + radius + 1)):
        row = t.rows[r - TOP]
        for c in range(max(0, c0 - radius), min(COLS, c0 + radius + 1)):
            if row[c] == " ":
                n += 1
    return n


class Exploration(RogueExpert):
    name = "explore"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.search_spot: Pos | None = None
        self.level = -1
        self.last: tuple[Pos, str] | None = None
        self.stuck = 0
        self.rounds = 0

    def advise(self, s: Situation) -> Proposal | None:
        t, paths = s.terrain, s.paths
        if t is None or paths is None:
            return None
        if t.level != self.level:
            self.level, self.search_spot, self.rounds = t.level, None, 0
        if self.last is not None and self.last[0] == s.player and not s.sensed.message:
            self.stuck += 1
        else:
            self.stuck = 0
        if self.stuck >= 3:
            self.stuck = 0
            key = self.rng.choice([k for k in "hjklyubn"])
            return self._go(s, key, "explore: stuck, a random step")
        tactics = s.tactics
        healthy = s.hp_fraction >= tactics.descend_hp
        on_stairs = t.stairs is not None and s.player == t.stairs
        frontier = self._nearest(s, lambda p: _frontier(s, p))
        # Patience only matters when there is somewhere to go: the stairs.
        # Out of food and hungry: new levels bring food, this one is spent.
        starving = (s.intern is not None and s.intern.hunger >= 1 and s.inventory is not None
                    and not s.inventory.of_kind("food"))
        impatient = (t.turns > tactics.level_patience or starving) and t.stairs is not None
        if on_stairs and (frontier is None or impatient) and (healthy or starving):
            why = "hungry with no food" if starving else f"level {t.level} explored"
            return Proposal(">", f"explore: {why}, down the stairs")
        if frontier is not None and not impatient:
            key = s.step_to(frontier)
            if key is not None:
                return self._go(s, key, f"explore: toward the unknown at {frontier}")
        if t.stairs is not None and s.distance_to(t.stairs) > 0:
            if healthy or starving:
                key = s.step_to(t.stairs)
                if key is not None:
                    return self._go(s, key, "explore: nothing left here, to the stairs")
            return Proposal("10s", "explore: rest before taking the stairs")
        return self._search(s)

    def _go(self, s: Situation, key: str, why: str) -> Proposal:
        self.last = (s.player, key)
        return Proposal(key, why)

    def _nearest(self, s: Situation, goal) -> Pos | None:  # noqa: ANN001
        from ._paths import nearest

        assert s.paths is not None
        return nearest(s.paths, goal)

    def _search(self, s: Situation) -> Proposal:
        t = s.terrain
        assert t is not None
        limit = self._limit(s)
        spot = self.search_spot
        if spot is not None and t.searched[index(spot)] >= limit:
            spot = None
        if spot is None:
            spot = self._choose_spot(s, limit)
            if spot is None:
                self.rounds += 1
                spot = self._choose_spot(s, self._limit(s))
            if spot is None:
                # Every spot searched to the cap (the terrain's counts stop at 255):
                # start over with the spots searched least, never the one we are on.
                self.rounds = 0
                spot = self._choose_spot(s, 256, avoid=s.player)
            self.search_spot = spot
        if spot is None or spot == s.player:
            n = t.searched[index(s.player)]
            return Proposal("s", f"explore: search for secret doors here ({n} so far)")
        key = s.step_to(spot)
        if key is None:
            self.search_spot = None
            return Proposal("s", "explore: search (no way to the chosen spot)")
        return self._go(s, key, f"explore: to the search spot at {spot}")

    def _limit(self, s: Situation) -> int:
        """Searches per spot this round; below the terrain counter's ceiling of 255."""
        return min(SEARCH_CAP, s.tactics.search_turns * (1 + self.rounds))

    def _choose_spot(self, s: Situation, limit: int, avoid: Pos | None = None) -> Pos | None:
        t = s.terrain
        assert t is not None and s.paths is not None
        best, best_score = None, -10**9
        stranded = t.stairs if t.stairs is not None and s.distance_to(t.stairs) < 0 else None
        for pos in t.visited:
            if t.searched[index(pos)] >= limit or pos == avoid:
                continue
            d = s.paths.dist[index(pos)]
            if d < 0:
                continue
            walls = sum(1 for dr, dc in STEPS
                        if t.at((pos[0] + dr, pos[1] + dc)) in "-| ")
            if walls == 0:
                continue
            score = _unknown_around(s, pos) - d * 0.5
            if pos in t.dead_ends:
                score += 60
            if stranded is not None:
                # The stairs are in view but out of reach: the secret door that joins
                # us to them is in a wall between, so search toward them.
                score -= 2 * chebyshev(pos, stranded)
            if limit > SEARCH_CAP:
                score -= t.searched[index(pos)]
            if score > best_score:
                best, best_score = pos, score
        return best

