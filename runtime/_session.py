"""A session: one game, one agent, one nursery, one result record.

The loop, per generation g::

    observe ──▶ write "observation" (gen g) ──▶ sources cascade ──▶ barrier(g)
        ▲                                                              │
        └──────────── act ◀──────── arbiter decides for g ◀────────────┘

Knowledge sources run as supervised actors for the whole session. The session
ends when the game does, when an actor exceeds its restart policy, when the game
process fails, or when no expert has an action; every way out produces a
:class:`SessionResult` with the cause, and leaves no task or process behind.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import attrs
import structlog
import trio

from ._adapter import GameAdapter, GameOver, GameProcessError, GameResult
from ._agent import AgentSpec
from ._arbiter import LATE, Arbiter
from ._barrier import GenerationBarrier
from ._blackboard import Blackboard
from ._bus import Bus
from ._exceptions import RestartLimitError
from ._knowledge import Activator, KnowledgeSourceRunner, derive_seed
from ._messages import Decision, message
from ._supervisor import RestartPolicy, open_supervisor

_log = structlog.get_logger("belligerent.session")

#: The entry the session writes each observation to; agents' sensors read it.
OBSERVATION = "observation"
#: The entry holding the action taken on the previous observation, written in the
#: next generation just before its observation: what a player remembers of the keys
#: he pressed. A source that keeps a clock of game time counts them.
ACTED = "acted"
#: The bus topic each :class:`Decision` is published on, for watchers (CLI, daemon).
DECISION_TOPIC = "decision"


@message("runtime.session_result")
class SessionResult:
    """The record a session leaves: what was played, by whom, and how it ended.

    ``outcome`` is the game's (``win``, ``death``...) or the session's own when it
    ended early: ``crashed`` (an actor exceeded its restart policy), ``aborted``
    (the game process failed), ``stuck`` (no expert proposed an action), ``cut``
    (``max_turns`` reached). ``cause`` says why in words for those. A cancelled
    session leaves no record: cancellation propagates (after the game is closed)
    so the canceller decides what to record.
    """

    session: str
    game: str
    agent: str
    agent_version: str
    seed: int
    outcome: str
    score: float
    turns: int
    wall_time: float
    cause: str = ""
    detail: tuple[tuple[str, Any], ...] = ()


@attrs.define
class Session:
    """Plays one game with one agent. Build it, then ``await session.run()``."""

    adapter: GameAdapter
    agent: AgentSpec
    seed: int = 0
    session_id: str = attrs.field(factory=lambda: uuid.uuid4().hex[:12])
    restart_policy: RestartPolicy = attrs.field(factory=RestartPolicy)
    bus: Bus = attrs.field(factory=Bus)
    trace_blackboard: bool = False
    #: Stop after this many decisions (None: play to the end).
    max_turns: int | None = None
    decisions: int = 0
    last_decision: Decision | None = None
    #: Decisions taken without an expert whose proposal came after the deadline, and
    #: generations decided before the knowledge sources had settled. Either can make
    #: the same game, replayed on a quieter machine, come out differently: the record
    #: says so (``detail``) when there were any.
    late_decisions: int = 0
    unsettled_decisions: int = 0

    async def run(self) -> SessionResult:
        """Play to the end and return the record. Cancellation still closes the game."""
        started = time.perf_counter()
        outcome, cause = "", ""
        board = Blackboard(self.bus, session=self.session_id, trace=self.trace_blackboard)
        barrier = GenerationBarrier()
        runners = [
            KnowledgeSourceRunner(factory, board, barrier, seed=self.seed)
            for factory in self.agent.knowledge_sources
        ]
        Activator(board, runners)
        experts = [
            factory(seed=derive_seed(self.seed, getattr(factory, "name", "") or ""))
            for factory in self.agent.experts
        ]
        arbiter = Arbiter(experts, deadline=self.agent.decision_deadline)
        context = structlog.contextvars.bound_contextvars(
            session=self.session_id, game=self.adapter.game, agent=self.agent.name
        )
        with context:
            _log.info("session.start", seed=self.seed, agent_version=self.agent.version)
            try:
                async with self.adapter:
                    async with open_supervisor(self.restart_policy) as supervisor:
                        for runner in runners:
                            supervisor.start_soon(runner.name, runner.run)
                        outcome, cause = await self._play(board, barrier, arbiter)
                        supervisor.cancel()
            except RestartLimitError as exc:
                outcome, cause = "crashed", str(exc)
            except GameProcessError as exc:
                outcome, cause = "aborted", str(exc)
            except GameOver as exc:
                # The adapter says the game ended before it showed a terminal
                # observation: the game's own result stands, with the reason.
                outcome, cause = "", str(exc)
            except BaseException as exc:
                # Cancellation may arrive bare or grouped by the supervisor's nursery.
                # An interrupt (Ctrl-C, or the reader of our output going away)
                # is a request to stop, not a failure of the game or the agent.
                stopping = (trio.Cancelled, KeyboardInterrupt)
                cancelled = isinstance(exc, stopping) or (
                    isinstance(exc, BaseExceptionGroup) and exc.split(stopping)[1] is None
                )
                if cancelled:
                    _log.info("session.cancelled", turns=self.decisions)
                else:
                    _log.error("session.failed", turns=self.decisions, exc_info=exc)
                raise
            result = self._record(outcome, cause, time.perf_counter() - started)
            _log.info("session.end", **_as_log_fields(result))
            return result

    async def _play(
        self, board: Blackboard, barrier: GenerationBarrier, arbiter: Arbiter
    ) -> tuple[str, str]:
        generation = 0
        while True:
            observed = await self.adapter.observe()
            generation += 1
            if self.last_decision is not None and self.last_decision.action is not None:
                await board.write(ACTED, self.last_decision.action, writer="session",
                                  generation=generation)
            await board.write(OBSERVATION, observed.payload, writer="adapter",
                              generation=generation)
            if observed.terminal:
                return "", ""
            if self.max_turns is not None and self.decisions >= self.max_turns:
                return "cut", f"stopped after max_turns={self.max_turns} decisions"
            if not await barrier.wait_settled(generation, self.agent.settle_timeout):
                self.unsettled_decisions += 1
            decision = await arbiter.decide(board, generation)
            late = [v[0] for v in decision.verdicts if v[1] == LATE]
            if late:
                self.late_decisions += 1
                _log.warning("decision.late", generation=generation, experts=late,
                             deadline=self.agent.decision_deadline)
            self.last_decision = decision
            await self.bus.publish(DECISION_TOPIC, decision)
            if decision.expert is None:
                return "stuck", f"no expert proposed an action for generation {generation}"
            self.decisions += 1
            await self.adapter.act(decision.action)

    def _record(self, outcome: str, cause: str, wall_time: float) -> SessionResult:
        try:
            game: GameResult = self.adapter.result()
        except Exception as exc:  # an adapter that can't even say how it ended
            game = GameResult("aborted", 0.0, self.decisions, ())
            cause = cause or f"adapter could not report a result: {exc!r}"
        return SessionResult(
            session=self.session_id,
            game=self.adapter.game,
            agent=self.agent.name,
            agent_version=self.agent.version,
            seed=self.seed,
            outcome=outcome or game.outcome,
            score=game.score,
            turns=game.turns,
            wall_time=round(wall_time, 6),
            cause=cause,
            detail=game.detail + tuple(
                (name, count) for name, count in (("late_decisions", self.late_decisions),
                                                  ("unsettled_decisions",
                                                   self.unsettled_decisions))
                if count
            ),
        )


def _as_log_fields(result: SessionResult) -> dict[str, Any]:
    fields = attrs.asdict(result, recurse=False)
    fields.pop("session")
    fields["detail"] = dict(result.detail)
    return fields
