"""The explorers as agents: knowledge sources plus experts in static priority.

:func:`explorer` builds the :class:`AgentSpec` for one algorithm and its
parameters; :data:`ALGORITHMS` names them. Each agent ends with ``Done``, which
proposes ``stop`` once the explorer has nothing left to do.
"""

from __future__ import annotations

from typing import Any

from runtime import AgentSpec

from ._experts import Done, GreedyExplorer, OccupancyExplorer, RoomSpaceExplorer, configured
from ._ks import Diffusion, Frontiers, MapSensor, RoomSpaceSource
from ._ours import RoomSpaceParams
from ._paper import GreedyParams, OccupancyParams
from ._secrets import SearchParams

ALGORITHMS = {
    "greedy": "the paper's baseline: walk to the nearest frontier",
    "occupancy": "the paper's occupancy map: components of diffused probability",
    "room-space": "ours: NetHack's room placement rules and a learned frontier utility",
}


def default_params(algorithm: str, *, secrets: bool = False) -> Any:
    """The parameters each algorithm plays with by default."""
    if algorithm == "greedy":
        return GreedyParams(searches_per_wall=5 if secrets else 0)
    if algorithm == "occupancy":
        return OccupancyParams(searches_per_spot=5 if secrets else 0)
    if algorithm == "room-space":
        if not secrets:
            return RoomSpaceParams()
        # Searching, it stops exploring the per-frontier way, sooner, to search
        # sooner: on levels 0-99 the budget for 90% of secret rooms was 382 actions
        # so and 513 with the product rule (334 and 321 on levels 5000-5099), with
        # the search priors of then; with today's (see _secrets.SEARCH_WEIGHTS) the
        # two rules give 345 and 345 on levels 5000-5199.
        return RoomSpaceParams(p_min=0.1, any_min=None, follow_min=None,
                               search=SearchParams())
    raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(ALGORITHMS)}")


def explorer(algorithm: str, params: Any = None, *, secrets: bool = False) -> AgentSpec:
    """The agent for ``algorithm`` (one of :data:`ALGORITHMS`) with ``params``."""
    params = default_params(algorithm, secrets=secrets) if params is None else params
    if algorithm == "greedy":
        sources: tuple[Any, ...] = (MapSensor, Frontiers)
        expert: Any = configured(GreedyExplorer, params)
    elif algorithm == "occupancy":
        diffusion = type("Diffusion", (Diffusion,), {
            "diffusion": params.diffusion, "border": params.border,
            "local_radius": params.local_radius, "__doc__": Diffusion.__doc__})
        sources = (MapSensor, Frontiers, diffusion)
        expert = configured(OccupancyExplorer, params)
    elif algorithm == "room-space":
        sources = (MapSensor, Frontiers, RoomSpaceSource)
        expert = configured(RoomSpaceExplorer, params)
    else:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(ALGORITHMS)}")
    return AgentSpec(
        name=f"explore-{algorithm}",
        version="1.0",
        knowledge_sources=sources,
        experts=(expert, Done),
        description=ALGORITHMS[algorithm],
        decision_deadline=2.0,
    )
