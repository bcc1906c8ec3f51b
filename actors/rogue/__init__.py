"""Agents that play Rogue 5.4.4 through ``protocols.rogue`` (the screen only).

:func:`rogomatic` builds the Rog-O-Matic agent for one set of :class:`Tactics`.
"""

from __future__ import annotations

from runtime import AgentSpec

from ._tactics import Tactics as Tactics
from ._tactics import tactic_ranges as tactic_ranges

#: The hand-tuned tactics (every field at its default).
DEFAULT_TACTICS = Tactics()


def rogomatic(tactics: Tactics = DEFAULT_TACTICS, *, max_actions: int | None = None) -> AgentSpec:
    """The Rog-O-Matic agent playing with ``tactics``; quits after ``max_actions`` if set."""
    from ._agents import rogomatic_agent

    return rogomatic_agent(tactics, max_actions=max_actions)


__all__ = ["DEFAULT_TACTICS", "Tactics", "rogomatic", "tactic_ranges"]
