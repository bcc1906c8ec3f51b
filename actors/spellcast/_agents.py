"""The Spellcast agents: Becky and the two baselines she is measured against."""

from __future__ import annotations

import functools

from runtime import AgentSpec

from ._experts import Answerer, BeckySearch, Greedy, RandomAnswers, RandomWizard
from ._ks import Position, Sight

#: Default thinking time per turn for Becky, in seconds.
DEFAULT_TIME = 1.0
#: Agent names, the first the default.
AGENT_NAMES = ("becky", "heuristic", "random")


def make_agent(name: str, time_per_turn: float = DEFAULT_TIME) -> AgentSpec:
    """The agent called ``name``; Becky thinks ``time_per_turn`` seconds a turn."""
    sources = (Sight, Position)
    if name == "becky":
        return AgentSpec(
            name="becky", version="1.0",
            description="Becky (Bennett 2005): minimax over simultaneous moves with "
            "cut-offs, move ordering, iterative deepening and a transposition table",
            knowledge_sources=sources,
            experts=(Answerer, functools.partial(BeckySearch, seconds=time_per_turn), Greedy),
            decision_deadline=time_per_turn + 2.0,
        )
    if name == "heuristic":
        return AgentSpec(
            name="heuristic", version="1.0",
            description="casts the strongest spell it can complete, else works towards one",
            knowledge_sources=sources, experts=(Answerer, Greedy),
        )
    if name == "random":
        return AgentSpec(
            name="random", version="1.0", description="random gestures and answers",
            knowledge_sources=sources, experts=(RandomAnswers, RandomWizard),
        )
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
