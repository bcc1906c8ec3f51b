"""Exploring a NetHack level: the paper's greedy and occupancy-map explorers, and ours.

Shared seed 002 (Campbell and Verbrugge, "Exploration in NetHack with secret
discovery") as knowledge sources and experts on the runtime. The agents see
only the player's view (``protocols.dungeon.DungeonView``, or a real NetHack
screen through :func:`nethack_explorer`); the full-knowledge tour, the
experiment's lower bound, is a separate planner on ``protocols.dungeon.FullMap``.
:func:`run_many` and :func:`summarize` run and score the paper's experiment.
"""

from ._agents import ALGORITHMS as ALGORITHMS
from ._agents import default_params as default_params
from ._agents import explorer as explorer
from ._direct import DirectAgent as DirectAgent
from ._direct import play_direct as play_direct
from ._experiment import TOUR as TOUR
from ._experiment import Contender as Contender
from ._experiment import Run as Run
from ._experiment import Summary as Summary
from ._experiment import budget_for as budget_for
from ._experiment import play_one as play_one
from ._experiment import run_many as run_many
from ._experiment import summarize as summarize
from ._experts import STOP as STOP
from ._nethack import nethack_explorer as nethack_explorer
from ._ours import RoomSpaceParams as RoomSpaceParams
from ._paper import GreedyParams as GreedyParams
from ._paper import OccupancyParams as OccupancyParams
from ._secrets import SearchParams as SearchParams
from ._tour import Tour as Tour
from ._tour import optimal_tour as optimal_tour

__all__ = [
    "ALGORITHMS",
    "STOP",
    "TOUR",
    "Contender",
    "DirectAgent",
    "GreedyParams",
    "OccupancyParams",
    "RoomSpaceParams",
    "Run",
    "SearchParams",
    "Summary",
    "Tour",
    "budget_for",
    "default_params",
    "explorer",
    "nethack_explorer",
    "optimal_tour",
    "play_direct",
    "play_one",
    "run_many",
    "summarize",
]
