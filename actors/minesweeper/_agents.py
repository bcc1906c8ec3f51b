"""The Minesweeper agent: a sensor, the rule chain, and one expert per rule."""

from __future__ import annotations

from runtime import AgentSpec

from ._experts import RULE_EXPERTS
from ._ks import RULE_SOURCES, Sensor

SWEEPER = AgentSpec(
    name="sweeper",
    version="1.0",
    description="the seed's rule framework: single-square and two-square rules, subset "
    "reasoning, the mine counter, exact enumeration, and a probability expert that looks "
    "one guess ahead",
    knowledge_sources=(Sensor, *RULE_SOURCES),
    experts=RULE_EXPERTS,
    # Experts only read what the chain wrote; the thinking happens in knowledge sources,
    # whose own budgets bound it. A generous barrier: an expert board's hardest guess.
    decision_deadline=5.0,
    settle_timeout=300.0,
)

#: Every agent, by name; the first is the default.
AGENTS: dict[str, AgentSpec] = {a.name: a for a in (SWEEPER,)}
