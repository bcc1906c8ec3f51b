"""Spellcast agents: Becky (Bennett 2005) and the random and heuristic baselines.

Becky searches her own compact model of the game (``_model``) by minimax over
simultaneous moves; everything she knows comes from ``protocols.spellcast``.
"""

from ._agents import AGENT_NAMES as AGENT_NAMES
from ._agents import make_agent as make_agent
from ._search import PlainMinimax as PlainMinimax
from ._search import Searcher as Searcher
from ._search import SearchResult as SearchResult

__all__ = ["AGENT_NAMES", "PlainMinimax", "SearchResult", "Searcher", "make_agent"]
