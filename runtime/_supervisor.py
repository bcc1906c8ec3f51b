"""Supervision: actors that crash are restarted, within limits, or the whole group stops.

The policy is one-for-one, after Erlang/OTP: a crashed actor is restarted on its
own, its siblings untouched. A restart-intensity limit (``max_restarts`` within
``within`` seconds) stops a crash loop: past it, the supervisor cancels every
actor and raises :class:`RestartLimitError`, which the session turns into a clean
end with the cause recorded.

Only ``Exception`` is caught. ``Cancelled`` and ``KeyboardInterrupt`` pass
through untouched: a supervisor never swallows cancellation.

Every crash is logged as ``actor.crashed`` with its traceback and, when the actor
recorded one with :func:`record_cause`, the message that caused it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import attrs
import structlog
import trio

from ._exceptions import RestartLimitError

_log = structlog.get_logger("belligerent.supervisor")

_CAUSE_ATTRIBUTE = "__belligerent_cause__"


def record_cause(exc: BaseException, cause: str) -> None:
    """Attach what the actor was handling when ``exc`` happened (logged on crash)."""
    try:
        setattr(exc, _CAUSE_ATTRIBUTE, cause)
    except AttributeError:  # some builtins refuse new attributes
        exc.add_note(f"while handling: {cause}")


def cause_of(exc: BaseException) -> str | None:
    """The cause recorded on ``exc`` by :func:`record_cause`, if any."""
    return getattr(exc, _CAUSE_ATTRIBUTE, None)


@attrs.frozen
class RestartPolicy:
    """One-for-one restarts, at most ``max_restarts`` within ``within`` seconds.

    ``max_restarts=0`` means an actor's first crash stops the group.
    """

    max_restarts: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    within: float = attrs.field(default=5.0, validator=attrs.validators.gt(0))


@attrs.frozen
class ActorStatistics:
    name: str
    crashes: int
    restarts: int
    running: bool


class Supervisor:
    """Runs actors in a nursery and restarts them by policy. See :func:`open_supervisor`."""

    def __init__(self, nursery: trio.Nursery, policy: RestartPolicy) -> None:
        self._nursery = nursery
        self.policy = policy
        self._failure: RestartLimitError | None = None
        self._stats: dict[str, dict[str, int | bool]] = {}

    def start_soon(self, name: str, body: Callable[[], Awaitable[None]]) -> None:
        """Start ``body()`` as actor ``name``; ``body`` is called again for each restart.

        An actor whose body returns normally is finished and not restarted.
        """
        if name in self._stats:
            raise ValueError(f"an actor named {name!r} is already supervised here")
        self._stats[name] = {"crashes": 0, "restarts": 0, "running": True}
        self._nursery.start_soon(self._supervise, name, body, name=f"actor:{name}")

    async def _supervise(self, name: str, body: Callable[[], Awaitable[None]]) -> None:
        stats = self._stats[name]
        crash_times: deque[float] = deque()
        while True:
            try:
                await body()
                stats["running"] = False
                return
            except Exception as exc:
                stats["crashes"] = int(stats["crashes"]) + 1
                now = trio.current_time()
                crash_times.append(now)
                while crash_times and now - crash_times[0] > self.policy.within:
                    crash_times.popleft()
                restarts_in_window = len(crash_times)
                give_up = restarts_in_window > self.policy.max_restarts
                _log.error(
                    "actor.crashed",
                    actor=name,
                    error=repr(exc),
                    cause=cause_of(exc),
                    crashes_in_window=restarts_in_window,
                    action="stop" if give_up else "restart",
                    exc_info=exc,
                )
                if give_up:
                    stats["running"] = False
                    self._failure = RestartLimitError(
                        name, restarts_in_window, self.policy.within, exc, cause_of(exc)
                    )
                    self._failure.__cause__ = exc
                    self._nursery.cancel_scope.cancel()
                    return
                stats["restarts"] = int(stats["restarts"]) + 1

    def cancel(self) -> None:
        """Stop every actor (the normal end of a session)."""
        self._nursery.cancel_scope.cancel()

    def statistics(self) -> tuple[ActorStatistics, ...]:
        return tuple(
            ActorStatistics(name, int(s["crashes"]), int(s["restarts"]), bool(s["running"]))
            for name, s in self._stats.items()
        )


@asynccontextmanager
async def open_supervisor(policy: RestartPolicy | None = None) -> AsyncIterator[Supervisor]:
    """A supervisor whose actors live as long as the ``async with`` block.

    If an actor exceeds the restart policy, the block's body is cancelled along
    with every actor, and :class:`RestartLimitError` is raised from the block.
    Leaving the block normally waits for actors that are still running; call
    :meth:`Supervisor.cancel` first to stop them.
    """
    supervisor: Supervisor | None = None
    try:
        async with trio.open_nursery() as nursery:
            supervisor = Supervisor(nursery, policy or RestartPolicy())
            yield supervisor
    except BaseExceptionGroup as group:
        # Actors never raise (their crashes are caught above), so a group here
        # holds what the block's body raised: hand that to the caller unwrapped.
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise
    finally:
        if supervisor is not None and supervisor._failure is not None:
            raise supervisor._failure
