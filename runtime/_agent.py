"""An agent: the knowledge sources and the prioritised experts that play one game."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ._arbiter import Expert
from ._knowledge import KnowledgeSource


@attrs.frozen
class AgentSpec:
    """Everything a session needs to build an agent afresh.

    Knowledge sources and experts are given as factories (usually their classes),
    called with ``seed=`` so each session, and each restart, gets fresh actors.
    ``experts`` is the static priority list, highest first.
    """

    name: str
    version: str
    knowledge_sources: tuple[Callable[..., KnowledgeSource], ...]
    experts: tuple[Callable[..., Expert], ...]
    #: Seconds the arbiter waits for experts in one decision.
    decision_deadline: float = 1.0
    #: Seconds the session waits at the generation barrier before deciding anyway.
    settle_timeout: float = 5.0
    #: One line for ``--help`` and records.
    description: str = ""
