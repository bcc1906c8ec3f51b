"""The daemon: many concurrent game sessions, a live log stream, records, and scale-out.

Start one with ``belligerent daemon`` (or :func:`open_daemon` in code); talk to it
with the ``run``, ``status``, ``stop``, ``results`` and ``tail`` commands (or
:func:`connect`/:func:`request` and the messages of the control protocol).

Layering, bottom up: frames over streams (``_wire``); the messages of the control
and worker protocols (``_control``, ``_workerproto``) and log events (``_events``);
one session from a request (``_play``); the worker process and its pool
(``_worker``, ``_outbox``, ``_pool``); the Ray engine (``_ray``); the records
(``_records``) and the log hub (``_hub``); the daemon that ties them together
(``_daemon``); the client and the CLI commands (``_client``, ``_commands``).
Like all of ``runtime/``, nothing here knows a game: games come from the registry.
"""

from ._client import DaemonError as DaemonError
from ._client import connect as connect
from ._client import request as request
from ._control import ENGINES as ENGINES
from ._control import BatchFinished as BatchFinished
from ._control import ErrorReply as ErrorReply
from ._control import Lagged as Lagged
from ._control import ResultsReply as ResultsReply
from ._control import ResultsRequest as ResultsRequest
from ._control import RunAccepted as RunAccepted
from ._control import RunRequest as RunRequest
from ._control import SessionRecord as SessionRecord
from ._control import ShutdownRequest as ShutdownRequest
from ._control import StatusReply as StatusReply
from ._control import StatusRequest as StatusRequest
from ._control import StopReply as StopReply
from ._control import StopRequest as StopRequest
from ._control import TailStarted as TailStarted
from ._daemon import Daemon as Daemon
from ._daemon import DaemonConfig as DaemonConfig
from ._daemon import open_daemon as open_daemon
from ._daemon import run_daemon as run_daemon
from ._events import LogEvent as LogEvent
from ._events import TailRequest as TailRequest
from ._events import format_line as format_line
from ._events import matches as matches
from ._hub import LogHub as LogHub
from ._paths import default_database as default_database
from ._paths import default_socket as default_socket
from ._records import Records as Records
from ._wire import FrameChannel as FrameChannel

__all__ = [
    "ENGINES",
    "BatchFinished",
    "Daemon",
    "DaemonConfig",
    "DaemonError",
    "ErrorReply",
    "FrameChannel",
    "Lagged",
    "LogEvent",
    "LogHub",
    "Records",
    "ResultsReply",
    "ResultsRequest",
    "RunAccepted",
    "RunRequest",
    "SessionRecord",
    "ShutdownRequest",
    "StatusReply",
    "StatusRequest",
    "StopReply",
    "StopRequest",
    "TailRequest",
    "TailStarted",
    "connect",
    "default_database",
    "default_socket",
    "format_line",
    "matches",
    "open_daemon",
    "request",
    "run_daemon",
]
