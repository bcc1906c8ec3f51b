"""A Spellcast match on a server of its own, against a rival agent: the daemon's sessions
and `belligerent play spellcast` without --host.

A daemon session is one adapter and one agent; a Spellcast match needs a server and a
second wizard. :class:`LocalMatch` is the adapter that brings both: on ``start`` it
opens a server on a free loopback port and sends the rival in as its own session
(logged as ``<session>.rival``, so the live stream shows what both wizards think),
then joins as our wizard through an ordinary :class:`SpellcastAdapter` — the same
sockets and protocol a match on someone else's server uses.

Ownership: the server, the rival and our connection live in a nursery that ``start``
opens and ``aclose`` cancels, so nothing outlives the session however it ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import structlog
import trio

from protocols.spellcast import SpellcastAdapter, TurnView, serve
from runtime import (
    GameAdapter,
    GameResult,
    Observed,
    Parameter,
    Session,
    SessionPlan,
    one_of,
    read_parameters,
    seconds,
)

from ._agents import AGENT_NAMES, make_agent

#: A thinking time per turn, for the command line and the daemon's parameters.
THINKING_TIME = seconds(maximum=600)


#: What ``belligerent run spellcast --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("agent", f"our wizard: {', '.join(AGENT_NAMES)}", AGENT_NAMES[0],
              one_of(AGENT_NAMES)),
    Parameter("opponent", f"the rival wizard: {', '.join(AGENT_NAMES)}", "heuristic",
              one_of(AGENT_NAMES)),
    Parameter("time_per_turn", "Becky's thinking time per turn, seconds", 0.2,
              THINKING_TIME),
)


class LocalMatch(GameAdapter):
    """Our wizard ``agent``'s side of a two-wizard match against ``opponent`` on a
    private server seeded ``seed``; the rival thinks ``time_per_turn`` if it is Becky."""

    game = "spellcast"

    def __init__(self, opponent: str, *, name: str, time_per_turn: float, seed: int) -> None:
        self.opponent = opponent
        self.name = name
        self.time_per_turn = time_per_turn
        self.seed = seed
        self.inner: SpellcastAdapter | None = None
        self._stack = contextlib.AsyncExitStack()

    async def start(self) -> None:
        try:
            await self._start()
        except BaseException:
            await self._stack.aclose()
            raise

    async def _start(self) -> None:
        nursery = await self._stack.enter_async_context(trio.open_nursery())
        self._stack.callback(nursery.cancel_scope.cancel)
        port = await nursery.start(
            lambda task_status: serve("127.0.0.1", 0, seed=self.seed, task_status=task_status))
        ours = structlog.contextvars.get_contextvars().get("session", "spellcast")
        rival_name = f"{self.opponent}_rival"
        rival = SpellcastAdapter("127.0.0.1", port, rival_name, room="match", wizards=2)
        rival_session = Session(rival, make_agent(self.opponent, self.time_per_turn),
                                seed=self.seed + 1, session_id=f"{ours}.rival")
        nursery.start_soon(rival_session.run)
        inner = SpellcastAdapter("127.0.0.1", port, self.name, room="match", wizards=2)
        await self._stack.enter_async_context(inner)
        self.inner = inner

    def _adapter(self) -> SpellcastAdapter:
        if self.inner is None:
            raise RuntimeError("the match is not started; use `async with adapter:`")
        return self.inner

    async def observe(self) -> Observed:
        return await self._adapter().observe()

    def view(self) -> TurnView:
        """Our wizard's current decision point (for displays)."""
        return self._adapter().view()

    async def act(self, action: Any) -> None:
        await self._adapter().act(action)

    def result(self) -> GameResult:
        if self.inner is None:
            return GameResult(outcome="unfinished", score=0.0, turns=0)
        base = self.inner.result()
        return GameResult(outcome=base.outcome, score=base.score, turns=base.turns,
                          detail=base.detail + (("opponent_agent", self.opponent),))

    async def aclose(self) -> None:
        # Not under a new cancel scope: the stack exits nurseries entered in start(),
        # which must close in the order they opened. Our adapter's own close shields
        # what must finish (its QUIT), and a cancelled nursery still waits for its tasks.
        await self._stack.aclose()


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """One match of ``agent`` against ``opponent`` on a private server seeded ``seed``."""
    values = read_parameters("spellcast", parameters, PARAMETERS)
    agent, opponent = values["agent"], values["opponent"]
    time_per_turn = values["time_per_turn"]
    return SessionPlan(
        adapter=lambda: LocalMatch(opponent, name=agent, time_per_turn=time_per_turn,
                                   seed=seed),
        agent=make_agent(agent, time_per_turn),
        parameters=tuple(values.items()),
    )
