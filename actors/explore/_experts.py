"""The explorers' experts, in the static priority order the agents list them.

Each explorer expert keeps a :class:`Navigator` (its current plan and path) and
asks its planner for a new plan when the old one is done; it proposes the next
action with the plan's reason, or nothing when its planner judges the level
explored. ``Done`` is every agent's last resort: it proposes ``stop``.

Parameters are class attributes: :func:`configured` makes a subclass with other
values, which is what an :class:`AgentSpec` takes as a factory.
"""

from __future__ import annotations

from typing import Any, ClassVar

from runtime import BoardView, Expert, Proposal

from ._ours import RoomSpaceParams, RoomSpacePlanner
from ._paper import GreedyParams, GreedyPlanner, OccupancyParams, OccupancyPlanner
from ._plans import Navigator, Step

#: The action that ends exploration (``protocols.dungeon.STOP``).
STOP = "stop"


def _proposal(step: Step | None) -> Proposal | None:
    return None if step is None else Proposal(step.action, step.rationale)


class GreedyExplorer(Expert):
    """The paper's greedy baseline: nearest frontier (and its wall searching)."""

    name = "greedy"
    reads = frozenset({"level_map", "frontiers"})
    params: ClassVar[Any] = GreedyParams()

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.planner = GreedyPlanner(self.params)
        self.navigator = Navigator()

    def propose(self, view: BoardView) -> Proposal | None:
        m = view.read("level_map")
        if m is None:
            return None
        fronts = frozenset(view.read("frontiers", ()))
        return _proposal(self.navigator.step(m, fronts, self.planner))


class OccupancyExplorer(Expert):
    """The paper's occupancy-map explorer: best component by utility and distance."""

    name = "occupancy"
    reads = frozenset({"level_map", "frontiers", "occupancy"})
    params: ClassVar[Any] = OccupancyParams()

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.planner = OccupancyPlanner(self.params)
        self.navigator = Navigator()

    def propose(self, view: BoardView) -> Proposal | None:
        m = view.read("level_map")
        occ = view.read("occupancy")
        if m is None or occ is None:
            return None
        fronts = frozenset(view.read("frontiers", ()))
        return _proposal(self.navigator.step(
            m, fronts, lambda mm, dist: self.planner.plan(mm, dist, occ)))


class RoomSpaceExplorer(Expert):
    """Ours: frontiers with room space behind, chosen by learned utility over distance."""

    name = "room-space"
    reads = frozenset({"level_map", "frontiers", "room_space"})
    params: ClassVar[Any] = RoomSpaceParams()

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.planner = RoomSpacePlanner(self.params)
        self.navigator = Navigator(replan_on_news=self.params.replan_on_news)

    def propose(self, view: BoardView) -> Proposal | None:
        m = view.read("level_map")
        space = view.read("room_space")
        if m is None or space is None:
            return None
        if self.params.budget is not None and m.turn >= self.params.budget:
            return None  # the budget is spent: Done stops
        fronts = frozenset(view.read("frontiers", ()))
        return _proposal(self.navigator.step(
            m, fronts, lambda mm, dist: self.planner.plan(mm, dist, space, mm.turn),
            follow=lambda mm, f: self.planner.follow(mm, f, space)))


class Done(Expert):
    """The last resort: nothing left worth exploring, so stop."""

    name = "done"

    def propose(self, view: BoardView) -> Proposal | None:
        return Proposal(STOP, "done: no frontier or search left worth its cost")


def configured(expert: type[Expert], params: Any, **attributes: Any) -> type[Expert]:
    """A subclass of ``expert`` with other ``params`` (and class attributes)."""
    return type(expert.__name__, (expert,), {"params": params, **attributes,
                                             "__doc__": expert.__doc__})
