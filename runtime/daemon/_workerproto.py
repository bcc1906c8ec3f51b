"""The worker protocol: what the daemon and its worker processes say over the pipes.

Daemon → worker on the worker's stdin; worker → daemon on a private copy of the
worker's stdout (fd 1 itself is pointed at stderr, so a stray ``print`` in a game
can't corrupt the frames). The worker greets with :class:`WorkerHello`, then
sends :class:`Heartbeat` every second from its event loop: a worker that stops
beating has a session blocking its loop and is replaced.

Every :class:`StartSession` gets exactly one :class:`SessionEnded`, whatever
happens in the session (a stop, a timeout, a plan that fails): only the death of
the worker itself leaves the daemon to write the record.
"""

from __future__ import annotations

from typing import Any

from runtime._messages import message
from runtime._session import SessionResult


@message("worker.hello")
class WorkerHello:
    pid: int


@message("worker.start")
class StartSession:
    """Plan and play one session. ``timeout`` 0 means none."""

    session: str
    game: str
    parameters: tuple[tuple[str, str], ...]
    seed: int
    timeout: float = 0.0
    #: Log every blackboard read and write (a viewer asked for debug).
    trace: bool = False


@message("worker.stop")
class StopSession:
    session: str
    #: Recorded as the cause.
    reason: str


@message("worker.level")
class SetLevel:
    """Forward events at ``level`` and above (the lowest any viewer wants)."""

    level: str


@message("worker.quit")
class Quit:
    """Stop every session (recording each as stopped) and exit."""


@message("worker.heartbeat")
class Heartbeat:
    sessions: int


@message("worker.session_ended")
class SessionEnded:
    """``parameters`` are the plan's (defaults filled in), empty if planning failed."""

    result: SessionResult
    parameters: tuple[tuple[str, Any], ...] = ()
