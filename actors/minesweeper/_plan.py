"""How the daemon starts a game of Minesweeper: parameters in, adapter and agent out."""

from __future__ import annotations

from collections.abc import Mapping

from protocols.minesweeper import LEVELS, BoardSpec, FirstClick, MinesweeperAdapter
from runtime import Parameter, SessionPlan, one_of, read_parameters

from ._agents import AGENTS

#: What ``belligerent run minesweeper --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("level", f"the board: {', '.join(LEVELS)}", "expert", one_of(tuple(LEVELS))),
    Parameter("first_click", "safe (never a mine, the agent clicks a corner) or opening "
              "(a zero, the agent clicks (2,2), or (3,3) on boards wider or taller than 16)",
              FirstClick.SAFE.value,
              one_of(tuple(r.value for r in FirstClick))),
    Parameter("agent", f"who plays: {', '.join(AGENTS)}", next(iter(AGENTS)),
              one_of(tuple(AGENTS))),
)


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """One game on ``level`` with the ``first_click`` rule; the seed places the mines."""
    values = read_parameters("minesweeper", parameters, PARAMETERS)
    spec = BoardSpec.level(values["level"])
    rule = FirstClick(values["first_click"])
    return SessionPlan(
        adapter=lambda: MinesweeperAdapter(spec, rule, seed=seed),
        agent=AGENTS[values["agent"]],
        parameters=tuple(values.items()),
    )
