"""The RoShamBo agents, as knowledge sources plus experts in static priority."""

from __future__ import annotations

from runtime import AgentSpec

from ._experts import Granite, Iocaine, Uniform
from ._ks import Contexts, MetaStrategy, Predictors, SelfEvaluator, TurnHistory

GRANITE = AgentSpec(
    name="granite",
    version="3.0",
    description="Granite III (Davidson 1999): context frequencies at depths 0-3, "
    "noise from the last 20 turns",
    knowledge_sources=(TurnHistory, Contexts, SelfEvaluator),
    experts=(Granite, Uniform),
)

IOCAINE_PLUS = AgentSpec(
    name="iocaine-plus",
    version="1.0",
    description="Iocaine Powder's idea, extended: a bank of predictors, each second-guessed "
    "through the Sicilian rotations, chosen by a multi-horizon meta-strategy",
    knowledge_sources=(TurnHistory, Predictors, MetaStrategy),
    experts=(Iocaine, Uniform),
)

#: Every agent, by name; the first is the default.
AGENTS: dict[str, AgentSpec] = {a.name: a for a in (IOCAINE_PLUS, GRANITE)}
