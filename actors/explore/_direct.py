"""Running an agent without the runtime: the same actors, called in the same order.

The benchmark plays thousands of levels; a trio session per level costs more
than the explorer's thinking. :class:`DirectAgent` builds the agent's knowledge
sources and experts from its :class:`AgentSpec` and, for each observation, runs
the knowledge-source cascade (each source once, in the spec's order, when
something it reads changed) and asks the experts in priority order, exactly
as a session would, on a plain dictionary instead of the blackboard.

Knowledge sources are coroutines; here they must finish without waiting on
anything (the explorers' do), and are driven by hand. One that suspends is an
error.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from runtime import AgentSpec, Proposal, derive_seed


class _Activation:
    __slots__ = ("source", "generation", "changed", "_board", "_written")

    def __init__(self, source: str, board: dict[str, Any], generation: int,
                 changed: frozenset[str], written: set[str]) -> None:
        self.source = source
        self.generation = generation
        self.changed = changed
        self._board = board
        self._written = written

    def read(self, name: str, default: Any = None) -> Any:
        return self._board.get(name, default)

    async def write(self, name: str, value: Any) -> None:
        self._board[name] = value
        self._written.add(name)


class _View:
    __slots__ = ("_board",)

    def __init__(self, board: dict[str, Any]) -> None:
        self._board = board

    def read(self, name: str, default: Any = None) -> Any:
        return self._board.get(name, default)


def _finish(coro: Coroutine[Any, Any, None], name: str) -> None:
    try:
        coro.send(None)
    except StopIteration:
        return
    coro.close()
    raise RuntimeError(f"knowledge source {name!r} waited on something; "
                       "DirectAgent only runs sources that never suspend")


class DirectAgent:
    """An agent's actors, driven synchronously (see the module docstring)."""

    def __init__(self, spec: AgentSpec, *, seed: int = 0) -> None:
        self.spec = spec
        self.sources = [f(seed=derive_seed(seed, getattr(f, "name", "") or ""))
                        for f in spec.knowledge_sources]
        self.experts = [f(seed=derive_seed(seed, getattr(f, "name", "") or ""))
                        for f in spec.experts]
        self.board: dict[str, Any] = {}
        self.generation = 0

    def decide(self, observation: Any) -> Proposal | None:
        """The winning proposal for ``observation`` (None if no expert proposes)."""
        self.generation += 1
        self.board["observation"] = observation
        changed = {"observation"}
        for source in self.sources:
            wake = type(source).reads & changed
            if not wake:
                continue
            written: set[str] = set()
            activation = _Activation(source.name, self.board, self.generation,
                                     frozenset(wake), written)
            _finish(source.activate(activation), source.name)  # type: ignore[arg-type]
            changed |= written
        view = _View(self.board)
        for expert in self.experts:
            proposal = expert.propose(view)  # type: ignore[arg-type]
            if proposal is not None:
                return proposal
        return None


def play_direct(spec: AgentSpec, adapter: Any, *, seed: int = 0) -> int:
    """Play one game of ``adapter`` (a ``protocols.dungeon.DungeonAdapter``) with ``spec``,
    synchronously; returns the number of decisions. The adapter must be fresh."""
    agent = DirectAgent(spec, seed=seed)
    adapter.begin()
    decisions = 0
    while not adapter.finished:
        proposal = agent.decide(adapter.view())
        if proposal is None:
            break
        adapter.apply(proposal.action)
        decisions += 1
    return decisions
