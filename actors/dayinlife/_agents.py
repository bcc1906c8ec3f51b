"""The Day in the Life agents: one per personality, each the Monte Carlo odds source
plus that personality's expert, with the cheapest occupation as the last resort."""

from __future__ import annotations

from runtime import AgentSpec

from ._experts import PERSONALITY_EXPERTS, Cheapest
from ._ks import DEFAULT_TRIALS, with_trials
from ._personalities import PERSONALITIES, personality


def person_agent(name: str, *, trials: int = DEFAULT_TRIALS) -> AgentSpec:
    """The agent living as ``name`` (eddy, gary, ...), rehearsing ``trials`` attempts per
    occupation each morning when the odds are hidden."""
    person = personality(name)
    return AgentSpec(
        name=person.name,
        version="1.0",
        description=f"{person.title}: F = {person.equation} ({person.trait})",
        knowledge_sources=(with_trials(trials),),
        experts=(PERSONALITY_EXPERTS[person.name], Cheapest),
    )


#: Every agent, by person, with the default rehearsal; the first is the default.
AGENTS: dict[str, AgentSpec] = {name: person_agent(name) for name in PERSONALITIES}
