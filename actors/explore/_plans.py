"""A planner's answer, and the navigator that carries it out one action at a time.

A :class:`Plan` says where to go and, once there, how many times to search.
The :class:`Navigator` walks the shortest known path to the target, opening
doors on the way, and asks its planner again when the plan is done, when the
target stopped being worth going to, or (for planners that want it) whenever
something new was seen. A move that fails twice marks the square as blocked:
real screens can draw a boulder or a monster where the map says floor.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import numpy as np  # noqa: F401  (PlanFunction's distances)

from ._map import STEP_KEYS, LevelMap, can_step

Pos = tuple[int, int]


@attrs.frozen
class Plan:
    """Go to ``target``; then search ``searches`` times (0: just go)."""

    target: Pos
    rationale: str
    searches: int = 0
    #: Abandon the plan as soon as the target is no longer a frontier.
    while_frontier: bool = False


@attrs.frozen
class Step:
    """One action with the reason for it."""

    action: str
    rationale: str


#: What the navigator asks for a new plan: (map, distances from the player) -> plan or None.
PlanFunction = Callable[[LevelMap, np.ndarray], "Plan | None"]
#: Asked whether to go on along a corridor to the frontier next to the player.
FollowFunction = Callable[[LevelMap, Pos], "Plan | None"]


class Navigator:
    """Turns plans into actions. One per explorer (it keeps the current plan and path).

    The path is planned once per plan and followed; distances are only worked
    out again when a new plan is needed or the path turns out blocked.
    """

    def __init__(self, *, replan_on_news: bool = False) -> None:
        self.replan_on_news = replan_on_news
        self.plan: Plan | None = None
        self.path: list[Pos] = []
        self.searches_left = 0
        self.blocked: set[Pos] = set()
        self._expect: Pos | None = None
        self._from: Pos | None = None
        self._fails = 0
        self._seen_version = -1
        self.plans_made = 0

    def _note_move(self, m: LevelMap) -> None:
        """Learn from the last move: did the player get where it stepped?"""
        expect, origin = self._expect, self._from
        self._expect = self._from = None
        if expect is None:
            return
        if m.player == expect:
            self._fails = 0
            if self.path and self.path[0] == expect:
                self.path.pop(0)
            return
        if m.player == origin and m.intact_door[expect] and not m.closed_door[expect]:
            return  # a door opened: step again
        self._fails += 1
        if self._fails >= 2 or m.player != origin:
            if m.player == origin:
                self.blocked.add(expect)
            self._fails = 0
            self.plan = None
            self.path = []

    def _follow(self, m: LevelMap, fronts: frozenset[Pos],
                follow: FollowFunction) -> Plan | None:
        r, c = m.player
        near = [f for f in fronts if max(abs(f[0] - r), abs(f[1] - c)) == 1]
        if len(near) != 1 or not can_step(m, m.player, near[0]) or near[0] in self.blocked:
            return None
        plan = follow(m, near[0])
        if plan is not None:
            self.plan = plan
            self.path = [near[0]]
            self.searches_left = plan.searches
        return plan

    def _new_plan(self, m: LevelMap, planner: PlanFunction) -> Plan | None:
        dist = m.distances(blocked=frozenset(self.blocked))
        plan = planner(m, dist)
        self.plans_made += 1
        self.plan = plan
        self.path = [] if plan is None else m.path_to(plan.target, dist)
        self.searches_left = 0 if plan is None else plan.searches
        return plan

    def step(self, m: LevelMap, fronts: frozenset[Pos], planner: PlanFunction,
             follow: FollowFunction | None = None) -> Step | None:
        """The next action, or None when the planner has nothing more to do.

        ``follow``, if given, is asked first when a plan ends with the player in a
        corridor next to exactly one frontier: the corridor goes on, and if
        ``follow`` returns a plan for it the explorer keeps walking without a
        full re-plan (None: plan afresh).
        """
        self._note_move(m)
        news = m.version != self._seen_version
        self._seen_version = m.version
        plan = self.plan
        if plan is not None:
            if m.player == plan.target and self.searches_left > 0:
                self.searches_left -= 1
                return Step("s", f"{plan.rationale} — searching, {self.searches_left} to go")
            if (m.player == plan.target or (plan.while_frontier and plan.target not in fronts)
                    or (news and self.replan_on_news)):
                self.plan = plan = None
                if follow is not None and m.corridor[m.player]:
                    plan = self._follow(m, fronts, follow)
        for _ in range(4):
            if plan is None:
                plan = self._new_plan(m, planner)
                if plan is None:
                    return None
                if m.player == plan.target:
                    if self.searches_left > 0:
                        self.searches_left -= 1
                        return Step("s", f"{plan.rationale} — searching, "
                                         f"{self.searches_left} to go")
                    self.plan = plan = None
                    continue
                if not self.path:
                    self.blocked.add(plan.target)  # unreachable after all
                    self.plan = plan = None
                    continue
            nxt = self.path[0] if self.path else None
            if nxt is None or not can_step(m, m.player, nxt):
                self.plan = plan = None
                continue
            self._expect, self._from = nxt, m.player
            key = STEP_KEYS[(nxt[0] - m.player[0], nxt[1] - m.player[1])]
            return Step(key, f"{plan.rationale} — {len(self.path)} step(s) to go")
        self.plan = None
        return None
