"""The control protocol: what ``belligerent`` (the client) and the daemon say to each other.

One request per conversation turn, over the daemon's Unix socket, each a frame
(see :mod:`._wire`). The daemon answers every request with exactly one reply, or
with :class:`ErrorReply` — then, for a frame it could not understand, it closes
the connection, since a byte stream can't be re-synchronised after garbage:

=====================  ===============================================================
request                replies
=====================  ===============================================================
:class:`RunRequest`    :class:`RunAccepted`; then, if ``follow``, one
                       :class:`SessionRecord` per session as it ends and a final
                       :class:`BatchFinished`, after which the connection closes
:class:`StatusRequest` :class:`StatusReply`
:class:`StopRequest`   :class:`StopReply` (the sessions asked to stop)
:class:`ResultsRequest` :class:`ResultsReply` (records, newest first)
:class:`TailRequest`   :class:`TailStarted`, then :class:`LogEvent` frames until the
                       viewer leaves or lags (:class:`Lagged`, then the end)
:class:`ShutdownRequest` :class:`StopReply` (the sessions it will stop), then a
                       graceful shutdown as on SIGTERM
=====================  ===============================================================

A client that disconnects leaves its batch running: the daemon owns the sessions.
"""

from __future__ import annotations

from typing import Any

from runtime._messages import message

from ._events import LogEvent as LogEvent
from ._events import TailRequest as TailRequest

#: How sessions run: ``process`` in the daemon's worker processes, ``inline`` in the
#: daemon's own event loop (cheap games, tests), ``ray`` as Ray tasks.
ENGINES = ("process", "inline", "ray")

# -- requests -----------------------------------------------------------------


@message("daemon.run")
class RunRequest:
    """Play ``games`` sessions of ``game``, at most ``concurrency`` at once.

    Session ``i`` (from 0) gets seed ``seed + i``. ``parameters`` are the game's own
    (``opponent=rotate``), as the user typed them. ``timeout`` (seconds, 0 for none)
    ends a session that runs longer, recorded as ``timeout``.
    """

    game: str
    games: int = 1
    concurrency: int = 1
    seed: int = 0
    parameters: tuple[tuple[str, str], ...] = ()
    engine: str = "process"
    timeout: float = 0.0
    follow: bool = True


@message("daemon.status")
class StatusRequest:
    """What is running now."""


@message("daemon.stop")
class StopRequest:
    """Stop one session, or every unfinished session of a batch, by id."""

    target: str


@message("daemon.results")
class ResultsRequest:
    """Finished records, newest first; empty filters match everything."""

    game: str = ""
    batch: str = ""
    limit: int = 20


@message("daemon.shutdown")
class ShutdownRequest:
    """End the daemon as SIGTERM does: finish or record every session, then exit."""


# -- replies ------------------------------------------------------------------


@message("daemon.error")
class ErrorReply:
    """A request was refused. ``code`` is one word for programs, ``message`` a
    sentence for people (what was wrong and what to do)."""

    code: str
    message: str


@message("daemon.run_accepted")
class RunAccepted:
    batch: str
    game: str
    sessions: tuple[str, ...]


@message("daemon.session_record")
class SessionRecord:
    """One finished session as the records hold it (see :mod:`._records`)."""

    session: str
    batch: str
    game: str
    agent: str
    agent_version: str
    parameters: tuple[tuple[str, Any], ...]
    seed: int
    started: float
    ended: float
    outcome: str
    score: float
    turns: int
    wall_time: float
    cause: str = ""
    detail: tuple[tuple[str, Any], ...] = ()
    recording: str = ""
    engine: str = ""


@message("daemon.batch_finished")
class BatchFinished:
    batch: str
    total: int
    #: ``(outcome, count)`` pairs, most frequent first.
    outcomes: tuple[tuple[str, int], ...]


@message("daemon.worker_info")
class WorkerInfo:
    index: int
    pid: int
    sessions: int
    #: How many times this slot's worker process was replaced.
    replaced: int
    started: float


@message("daemon.batch_info")
class BatchInfo:
    batch: str
    game: str
    engine: str
    total: int
    done: int
    running: int
    concurrency: int


@message("daemon.running_info")
class RunningInfo:
    session: str
    game: str
    seed: int
    started: float
    engine: str
    worker: int


@message("daemon.status_reply")
class StatusReply:
    pid: int
    started: float
    socket: str
    database: str
    workers: tuple[WorkerInfo, ...]
    batches: tuple[BatchInfo, ...]
    running: tuple[RunningInfo, ...]
    viewers: int
    shutting_down: bool = False


@message("daemon.stop_reply")
class StopReply:
    sessions: tuple[str, ...]


@message("daemon.results_reply")
class ResultsReply:
    records: tuple[SessionRecord, ...]


@message("daemon.tail_started")
class TailStarted:
    """The stream begins; ``capacity`` is how many events the daemon buffers for this
    viewer before it is cut off as lagging."""

    capacity: int


@message("daemon.lagged")
class Lagged:
    """This viewer fell ``dropped`` events behind and is cut off; reconnect to go on."""

    dropped: int


REQUESTS = (RunRequest, StatusRequest, StopRequest, ResultsRequest, TailRequest, ShutdownRequest)

__all__ = [
    "ENGINES",
    "REQUESTS",
    "BatchFinished",
    "BatchInfo",
    "ErrorReply",
    "Lagged",
    "LogEvent",
    "ResultsReply",
    "ResultsRequest",
    "RunAccepted",
    "RunRequest",
    "RunningInfo",
    "SessionRecord",
    "ShutdownRequest",
    "StatusReply",
    "StatusRequest",
    "StopReply",
    "StopRequest",
    "TailRequest",
    "TailStarted",
    "WorkerInfo",
]
