"""How the daemon starts a RoShamBo session: parameters in, adapter and agent out."""

from __future__ import annotations

from collections.abc import Mapping

from protocols.roshambo import COMPETITION_TURNS, TableAdapter, dummy_names, make_opponent
from runtime import SessionPlan

from ._agents import AGENTS

#: What ``belligerent run roshambo --param KEY=VALUE`` understands.
PARAMETERS = {
    "agent": f"our agent: {', '.join(AGENTS)} (default: the first)",
    "opponent": "a bot's name; default: the suite bot picked by the seed",
    "turns": f"throws per match (default {COMPETITION_TURNS})",
}


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """A match of ``agent`` against ``opponent`` (by default, rotating through the suite
    by seed, so a batch of games meets the whole suite)."""
    unknown = sorted(set(parameters) - set(PARAMETERS))
    if unknown:
        raise ValueError(
            f"unknown roshambo parameter(s) {', '.join(unknown)}; known: {', '.join(PARAMETERS)}"
        )
    agent_name = parameters.get("agent", next(iter(AGENTS)))
    if agent_name not in AGENTS:
        raise ValueError(f"unknown agent {agent_name!r}; choose from {', '.join(AGENTS)}")
    suite = dummy_names()
    opponent = parameters.get("opponent", suite[seed % len(suite)])
    make_opponent(opponent)  # validate now, with the list of names, not in the worker
    try:
        turns = int(parameters.get("turns", COMPETITION_TURNS))
    except ValueError:
        raise ValueError(f"turns must be a whole number (got {parameters['turns']!r})") from None
    if turns < 1:
        raise ValueError(f"turns must be >= 1 (got {turns})")
    return SessionPlan(
        adapter=lambda: TableAdapter(
            make_opponent(opponent), turns=turns, seed=seed, player_name=agent_name
        ),
        agent=AGENTS[agent_name],
        parameters=(("agent", agent_name), ("opponent", opponent), ("turns", turns)),
    )
