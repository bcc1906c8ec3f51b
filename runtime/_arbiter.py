"""Experts and the arbiter: static priority over concurrent advice.

Algorithm. For generation g the arbiter asks every expert for a proposal,
collects them under one deadline, and picks the first non-empty proposal in the
game's static priority list (Rog-O-Matic: "if the melee expert decides that a
monster must be dispatched, its decision overrides the object acquisition
expert"). Every expert is asked even when a higher one proposed, because the log
of *all* proposals is the agent thinking out loud: one ``decision`` event lists
each expert's verdict and the winner.

Experts come in two kinds, chosen by how ``propose`` is defined:

* ``def propose`` — cheap rules. Called inline, one after another: spawning a task
  for a rule that takes microseconds would cost more than the rule. A sync
  expert can't be interrupted, so one that overruns the deadline is reported
  ``late``, and its proposal is used only if no expert proposed on time.
* ``async def propose`` — experts that wait or think (a game-tree search in a
  worker thread). They run concurrently in a nursery, each cancelled at the
  deadline; a search expert should keep a best-so-far answer and return it
  when it sees the deadline coming.

Rejected alternative: dynamic ordering by confidence. The seed explains why
static ordering is kept: it is easy to reason about and it prevents looping.
"""

from __future__ import annotations

import inspect
import logging
import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar

import structlog
import trio

from ._blackboard import Blackboard, Entry
from ._exceptions import UndeclaredAccessError
from ._messages import Decision, Proposal

_log = structlog.get_logger("belligerent.arbiter")

PROPOSED = "proposed"
NONE = "none"
LATE = "late"
ERROR = "error"


class BoardView:
    """An expert's read-only window on the blackboard, limited to its declared reads."""

    __slots__ = ("expert", "generation", "_board", "_reads")

    def __init__(self, board: Blackboard, expert: Expert, generation: int) -> None:
        self.expert = expert.name
        self.generation = generation
        self._board = board
        self._reads = type(expert).reads

    def entry(self, name: str) -> Entry | None:
        if name not in self._reads:
            raise UndeclaredAccessError(
                f"expert {self.expert!r} read {name!r}, which is not among its declared "
                f"reads {sorted(self._reads)}; add it to `reads`"
            )
        return self._board.entry(name, reader=self.expert)

    def read(self, name: str, default: Any = None) -> Any:
        entry = self.entry(name)
        return default if entry is None else entry.value


class Expert:
    """Base class. Subclasses set ``name`` and ``reads`` and implement ``propose``.

    ``propose(view)`` returns a :class:`Proposal` (action and rationale) or None
    for "no advice". It may be ``def`` or ``async def`` (see the module docstring).
    """

    name: ClassVar[str] = ""
    reads: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def propose(self, view: BoardView) -> Proposal | None:  # pragma: no cover - overridden
        return None


class Arbiter:
    """Asks experts for advice and picks by static priority.

    ``experts`` is the priority list, highest first. ``deadline`` is how long, in
    seconds, one decision may take before late experts are ignored.
    """

    def __init__(self, experts: Sequence[Expert], *, deadline: float = 1.0) -> None:
        names = [e.name for e in experts]
        if len(set(names)) != len(names):
            raise ValueError(f"expert names must be unique in a priority list: {names}")
        if not deadline > 0:
            raise ValueError(f"deadline must be > 0 seconds (got {deadline})")
        self.experts = tuple(experts)
        self.deadline = deadline
        self._is_async = tuple(inspect.iscoroutinefunction(e.propose) for e in experts)
        self._any_async = any(self._is_async)
        # Worked out once, not per decision: decide() is on every turn's path.
        self._names = tuple(names)
        self._sync = tuple(
            (i, e) for i, e in enumerate(self.experts) if not self._is_async[i]
        )
        self.decisions = 0

    async def decide(self, board: Blackboard, generation: int) -> Decision:
        """Ask every expert about ``generation`` and return the decision.

        Never raises for an expert's failure: an expert that raises is reported as
        ``error`` (its traceback logged), one that misses the deadline as ``late``.
        A late proposal is used only when none came on time (:func:`_winner`). If
        nobody proposes, the decision's ``expert`` and ``action`` are None.
        """
        experts = self.experts
        n = len(experts)
        statuses: list[str] = [NONE] * n
        proposals: list[Proposal | None] = [None] * n
        start = time.perf_counter()
        deadline_at = start + self.deadline
        for i, expert in self._sync:
            try:
                proposal = expert.propose(BoardView(board, expert, generation))
            except Exception as exc:
                statuses[i] = ERROR
                proposals[i] = Proposal(None, f"{type(exc).__name__}: {exc}")
                _log.error("expert.failed", expert=expert.name, generation=generation,
                           exc_info=exc)
                continue
            if proposal is not None:
                statuses[i] = LATE if time.perf_counter() > deadline_at else PROPOSED
                proposals[i] = proposal
        if self._any_async:
            await self._ask_async(board, generation, deadline_at, statuses, proposals)
        else:
            await trio.lowlevel.checkpoint()
        verdicts = tuple(
            (name, status, None, "")
            if proposal is None
            else (name, status, proposal.action, proposal.rationale)
            for name, status, proposal in zip(self._names, statuses, proposals, strict=True)
        )
        winner = _winner(statuses, proposals)
        if winner is not None:
            chosen = proposals[winner]
            assert chosen is not None
            decision = Decision(
                generation, experts[winner].name, chosen.action, chosen.rationale, verdicts
            )
        else:
            decision = Decision(generation, None, None, "no expert proposed an action", verdicts)
        self.decisions += 1
        # One bind for the check and the call; building the event (a dict per
        # proposal) is most of a filtered-out event's cost, so skip it when
        # "info" is off, as under the CLI's default "warning".
        log = _log.bind()
        if _info_enabled(log):
            log.info(
                "decision",
                generation=generation,
                winner=decision.expert,
                action=decision.action,
                rationale=decision.rationale,
                proposals=[
                    {"expert": v[0], "status": v[1], "action": v[2], "rationale": v[3]}
                    for v in verdicts
                    if v[1] != NONE
                ],
                ms=round((time.perf_counter() - start) * 1000, 3),
            )
        return decision

    async def _ask_async(
        self,
        board: Blackboard,
        generation: int,
        deadline_at: float,
        statuses: list[str],
        proposals: list[Proposal | None],
    ) -> None:
        remaining = max(0.0, deadline_at - time.perf_counter())

        async def ask(i: int, expert: Expert) -> None:
            with trio.move_on_after(remaining) as scope:
                try:
                    proposal = await expert.propose(BoardView(board, expert, generation))
                except Exception as exc:
                    statuses[i] = ERROR
                    proposals[i] = Proposal(None, f"{type(exc).__name__}: {exc}")
                    _log.error("expert.failed", expert=expert.name, generation=generation,
                               exc_info=exc)
                    return
                if proposal is not None:
                    statuses[i] = PROPOSED
                    proposals[i] = proposal
            if scope.cancelled_caught:
                statuses[i] = LATE

        async with trio.open_nursery() as nursery:
            for i, expert in enumerate(self.experts):
                if self._is_async[i]:
                    nursery.start_soon(ask, i, expert)


def _winner(statuses: list[str], proposals: list[Proposal | None]) -> int | None:
    """The index of the proposal to act on: the first on time in priority order; when
    none came on time, the first late one that holds an action.

    A sync expert that overran had already spent the time, and its answer is as good
    late as on time; discarding every late answer left no decision, and the session
    ended "stuck" whenever a loaded machine (32 games on two cores) made one decision
    slow (11 of 800 Rogue games, the hero alive on levels 10 to 15). Late
    proposals still lose to any on-time one, and stay reported ``late``.
    """
    if PROPOSED in statuses:
        return statuses.index(PROPOSED)
    for i, (status, proposal) in enumerate(zip(statuses, proposals, strict=True)):
        if status == LATE and proposal is not None and proposal.action is not None:
            return i
    return None


def _info_enabled(log: Any) -> bool:
    """Whether ``log`` would emit an info event (structlog's filtering loggers can say)."""
    is_enabled_for = getattr(log, "is_enabled_for", None)
    return True if is_enabled_for is None else bool(is_enabled_for(logging.INFO))
