"""The daemon: many concurrent sessions of any game, a live log stream, and records.

It owns, in one trio nursery: the control server on a Unix socket (mode 0600,
and a peer-credentials check on every connection), the worker pool, one task
per batch of sessions, and the log hub. Clients speak :mod:`._control`.

Life of a session: a :class:`RunRequest` is checked (game known, parameters
planned once) and every session of the batch gets a ``queued`` row before the
reply; the batch's task starts at most ``concurrency`` at a time (``running``)
on the chosen engine; the engine always hands back a record (the worker's, or
``failed`` if the worker died), which finishes the row (``done``) exactly once.

Shutdown (SIGTERM, SIGINT, :class:`ShutdownRequest`, or leaving
:func:`open_daemon`): no new batches; queued sessions are recorded
``cancelled``; running ones get ``grace`` seconds to finish, then are stopped
(recorded ``stopped``); a session whose engine can't report in time is recorded
``interrupted``. Only then are the workers told to quit, and reaped. A daemon
killed outright leaves ``queued``/``running`` rows, which the next one closes at
start-up (:meth:`Records.recover`).
"""

from __future__ import annotations

import fcntl
import importlib.util
import math
import os
import signal
import socket as stdsocket
import struct
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TextIO

import attrs
import structlog
import trio

from runtime._codec import CodecError
from runtime._registry import GamePlugin
from runtime._session import SessionResult

from ._control import (
    ENGINES,
    BatchFinished,
    BatchInfo,
    ErrorReply,
    ResultsReply,
    ResultsRequest,
    RunAccepted,
    RunningInfo,
    RunRequest,
    SessionRecord,
    ShutdownRequest,
    StatusReply,
    StatusRequest,
    StopReply,
    StopRequest,
    WorkerInfo,
)
from ._events import LEVELS, LogEvent, TailRequest, event_from_dict, level_number
from ._hub import LogHub
from ._paths import check_socket_path
from ._play import SessionControl, check_parameters, failed, play_session, resolve_game
from ._pool import WorkerPool
from ._records import Records
from ._wire import FrameChannel, until_hangup
from ._workerproto import SessionEnded, StartSession

_log = structlog.get_logger("belligerent.daemon")

#: Limits on one request, so a typo can't queue a billion rows.
MAX_GAMES = 1_000_000
MAX_CONCURRENCY = 4096


@attrs.frozen
class DaemonConfig:
    socket: Path
    database: Path
    #: Worker processes for the ``process`` engine (0: only ``inline`` and ``ray``).
    workers: int = attrs.field(factory=lambda: os.cpu_count() or 2)
    #: ``name -> "module:attribute"`` games that are not installed entry points.
    extra_games: tuple[tuple[str, str], ...] = ()
    #: Seconds a worker may stay silent before it is killed and replaced.
    heartbeat_timeout: float = 30.0
    #: Seconds running sessions get to finish at shutdown before being stopped.
    grace: float = 10.0
    #: The daemon's own log (JSON lines): this level and above, to ``log_stream``.
    log_level: str = "warning"
    log_stream: TextIO | None = None
    viewer_capacity: int = 4096
    #: Seconds a viewer's write may block before the viewer is dropped.
    stall_timeout: float = 10.0
    #: Route structlog through the daemon (its log and the stream). Off only for
    #: embedding where the caller owns logging.
    configure_logging: bool = True


@attrs.define(eq=False)
class Batch:
    id: str
    request: RunRequest
    plugin: GamePlugin
    sessions: list[str]
    created: float = attrs.field(factory=time.time)
    records: list[SessionRecord] = attrs.field(factory=list)
    outcomes: Counter[str] = attrs.field(factory=Counter)
    running: int = 0
    finished: bool = False
    changed: trio.Event = attrs.field(factory=trio.Event)

    def notify(self) -> None:
        self.changed.set()
        self.changed = trio.Event()


@attrs.define(eq=False)
class Live:
    """A session the daemon has queued and not yet recorded."""

    id: str
    batch: Batch
    seed: int
    state: str = "queued"
    started: float = 0.0
    worker: int = -1
    stop_reason: str = ""
    control: SessionControl | None = None
    done: bool = False
    ended: trio.Event = attrs.field(factory=trio.Event)


class Daemon:
    """The running daemon. Get one with :func:`open_daemon`."""

    def __init__(self, config: DaemonConfig, nursery: trio.Nursery) -> None:
        if config.log_level not in LEVELS:
            raise ValueError(f"log level must be one of {', '.join(LEVELS)} "
                             f"(got {config.log_level!r})")
        self.config = config
        self.started = time.time()
        self.extra_games = dict(config.extra_games)
        self._nursery = nursery
        self._log_stream = config.log_stream or sys.stderr
        self.hub = LogHub(capacity=config.viewer_capacity, stall_timeout=config.stall_timeout,
                          on_demand=self._demand_changed)
        self.records = Records(config.database)
        self.pool: WorkerPool | None = None
        self.ray: Any = None
        self.batches: dict[str, Batch] = {}
        self.sessions: dict[str, Live] = {}
        self.closing = False
        self.shutdown_requested = trio.Event()
        self.recovered = 0
        self._connections = 0

    # -- logging ----------------------------------------------------------------

    def _install_logging(self) -> None:
        def to_hub(logger: Any, method: str, event_dict: dict[str, Any]) -> Any:
            level = event_dict.get("level", method)
            if self.hub.wants(level):
                self.hub.publish(event_from_dict(event_dict, method))
            if level_number(level) < level_number(self.config.log_level):
                raise structlog.DropEvent
            return event_dict

        structlog.configure(
            processors=[
                structlog.contextvars.merge_contextvars,
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True),
                to_hub,
                structlog.processors.ExceptionRenderer(
                    structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
                ),
                structlog.processors.JSONRenderer(default=repr),
            ],
            wrapper_class=structlog.make_filtering_bound_logger(_py_level(self._own_level())),
            logger_factory=structlog.PrintLoggerFactory(self._log_stream),
            cache_logger_on_first_use=False,
        )

    def _own_level(self) -> str:
        levels = [self.config.log_level] + ([self.hub.demand] if self.hub.demand else [])
        return min(levels, key=level_number)

    def _demand_changed(self, demand: str | None) -> None:
        if self.config.configure_logging:
            structlog.configure(
                wrapper_class=structlog.make_filtering_bound_logger(_py_level(self._own_level()))
            )
        if self.pool is not None:
            self._nursery.start_soon(self.pool.set_level, self._own_level())

    def on_worker_event(self, event: LogEvent) -> None:
        """An event from a worker (or a Ray task): to the viewers, and to the log."""
        if self.hub.wants(event.level):
            self.hub.publish(event)
        if level_number(event.level) >= level_number(self.config.log_level):
            try:
                self._log_stream.write(event.json + "\n")
            except (OSError, ValueError):
                pass

    # -- requests -------------------------------------------------------------

    async def handle_connection(self, stream: trio.SocketStream) -> None:
        """Serve one client until it leaves; one bad frame ends the conversation."""
        channel = FrameChannel.over(stream)
        self._connections += 1
        try:
            refusal = _peer_refusal(stream.socket)
            if refusal:
                _log.warning("control.refused", reason=refusal)
                await channel.send(ErrorReply("refused", refusal))
                return
            while True:
                try:
                    request = await channel.receive()
                except (trio.EndOfChannel, trio.BrokenResourceError):
                    return
                except CodecError as exc:
                    await channel.send(ErrorReply("malformed", f"could not decode the request: "
                                                  f"{exc}; closing the connection"))
                    return
                try:
                    if not await self._dispatch(channel, request):
                        return
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    raise
                except Exception as exc:  # a bug must cost one request, not the daemon
                    _log.error("control.failed", request=repr(request)[:200], exc_info=exc)
                    await channel.send(ErrorReply("internal", f"the daemon failed on this "
                                                  f"request: {exc!r}; see its log"))
                    return
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the client left mid-reply
        finally:
            self._connections -= 1
            with trio.CancelScope(shield=True):
                await channel.aclose()

    async def _dispatch(self, channel: FrameChannel, request: Any) -> bool:
        """Answer one request; False ends the connection."""
        if isinstance(request, StatusRequest):
            await channel.send(self.status())
        elif isinstance(request, RunRequest):
            reply = self.submit(request)
            await channel.send(reply)
            if isinstance(reply, RunAccepted) and request.follow:
                batch = self.batches.get(reply.batch)
                await until_hangup(channel, lambda: self._follow(channel, batch, reply))
                return False
        elif isinstance(request, StopRequest):
            stopped = await self.stop(request.target, "stopped by `belligerent stop`")
            if stopped is None:
                await channel.send(ErrorReply(
                    "unknown-session",
                    f"no unfinished session or batch {request.target!r}; "
                    f"`belligerent status` lists the running ones",
                ))
            else:
                await channel.send(StopReply(tuple(stopped)))
        elif isinstance(request, ResultsRequest):
            await channel.send(ResultsReply(tuple(self.records.results(
                game=request.game, batch=request.batch, limit=max(0, request.limit)))))
        elif isinstance(request, TailRequest):
            if request.level not in LEVELS:
                await channel.send(ErrorReply("bad-request", f"level must be one of "
                                              f"{', '.join(LEVELS)} (got {request.level!r})"))
                return True
            await self.hub.serve(channel, request)
            return False
        elif isinstance(request, ShutdownRequest):
            await channel.send(StopReply(tuple(self.sessions)))
            self.shutdown_requested.set()
        else:
            await channel.send(ErrorReply(
                "bad-request",
                f"expected a request (run, status, stop, results, tail, shutdown), got "
                f"{type(request).__name__} {request!r:.80}; closing the connection",
            ))
            return False
        return True

    def submit(self, request: RunRequest) -> RunAccepted | ErrorReply:
        """Check a run request, queue its sessions (rows first), and start the batch."""
        if self.closing:
            return ErrorReply("shutting-down", "the daemon is shutting down; start it again")
        if not 1 <= request.games <= MAX_GAMES:
            return ErrorReply("bad-request", f"games must be between 1 and {MAX_GAMES} "
                              f"(got {request.games})")
        if not 1 <= request.concurrency <= MAX_CONCURRENCY:
            return ErrorReply("bad-request", f"concurrency must be between 1 and "
                              f"{MAX_CONCURRENCY} (got {request.concurrency})")
        if request.timeout < 0 or not math.isfinite(request.timeout):
            return ErrorReply("bad-request", f"timeout must be >= 0 seconds "
                              f"(got {request.timeout})")
        if request.engine not in ENGINES:
            return ErrorReply("bad-request", f"engine must be one of {', '.join(ENGINES)} "
                              f"(got {request.engine!r})")
        if request.engine == "process" and self.pool is None:
            return ErrorReply("engine-unavailable", "this daemon runs no worker processes "
                              "(--workers 0); use --engine inline or ray")
        if request.engine == "ray" and importlib.util.find_spec("ray") is None:
            return ErrorReply("engine-unavailable", "the ray engine needs Ray, which is not "
                              "installed: pip install 'belligerent[ray]'")
        try:
            plugin = resolve_game(request.game, self.extra_games)
        except LookupError as exc:
            return ErrorReply("unknown-game", str(exc))
        except Exception as exc:  # a plugin that fails to import
            return ErrorReply("unknown-game", f"game {request.game!r} could not be loaded: "
                              f"{exc!r}")
        parameters = dict(request.parameters)
        try:
            check_parameters(plugin, parameters, request.seed)
        except (ValueError, LookupError, TypeError, OSError) as exc:
            # OSError: the game needs something missing here (a binary, a file); its
            # message says what, and how to get it.
            return ErrorReply("bad-parameter", str(exc))
        except Exception as exc:
            return ErrorReply("bad-parameter", f"the {request.game} plugin could not plan a "
                              f"session: {exc!r}")
        batch_id = uuid.uuid4().hex[:8]
        sessions = [f"{batch_id}-{i + 1}" for i in range(request.games)]
        self.records.add_batch(batch_id, request.game, request.games, request.concurrency,
                               request.seed, parameters, request.engine, sessions)
        batch = Batch(batch_id, request, plugin, sessions)
        self.batches[batch_id] = batch
        for i, session in enumerate(sessions):
            self.sessions[session] = Live(session, batch, request.seed + i)
        _log.info("batch.queued", batch=batch_id, game=request.game, games=request.games,
                  concurrency=request.concurrency, engine=request.engine,
                  parameters=parameters, seed=request.seed)
        self._nursery.start_soon(self._run_batch, batch)
        return RunAccepted(batch_id, request.game, tuple(sessions))

    async def _follow(self, channel: FrameChannel, batch: Batch | None,
                      accepted: RunAccepted) -> None:
        """Send the batch's records as they come, then its summary."""
        if batch is None:  # finished and forgotten already: read the records
            records = self.records.results(batch=accepted.batch, limit=0)
            for record in reversed(records):
                await channel.send(record)
            await channel.send(_summary(accepted.batch, records))
            return
        sent = 0
        while True:
            while sent < len(batch.records):
                await channel.send(batch.records[sent])
                sent += 1
            if batch.finished:
                await channel.send(_summary(batch.id, batch.records))
                return
            await batch.changed.wait()

    async def stop(self, target: str, reason: str) -> list[str] | None:
        """Stop a session, or every unfinished session of a batch; None if unknown."""
        if target in self.sessions:
            lives = [self.sessions[target]]
        elif target in self.batches:
            lives = [self.sessions[s] for s in self.batches[target].sessions if s in self.sessions]
        else:
            return None
        for live in lives:
            await self._stop_live(live, reason)
        return [live.id for live in lives]

    async def _stop_live(self, live: Live, reason: str) -> None:
        if live.done:
            return
        live.stop_reason = live.stop_reason or reason
        if live.state == "queued":
            outcome = "cancelled" if self.closing else "stopped"
            self._finish(live, failed(_start_of(live, trace=False), outcome, live.stop_reason))
            return
        engine = live.batch.request.engine
        if engine == "inline" and live.control is not None:
            live.control.stop(live.stop_reason)
        elif engine == "process" and self.pool is not None:
            await self.pool.stop(live.id, live.stop_reason)
        elif engine == "ray" and self.ray is not None:
            await self.ray.stop(live.id, live.stop_reason)

    # -- running --------------------------------------------------------------

    async def _run_batch(self, batch: Batch) -> None:
        limiter = trio.Semaphore(batch.request.concurrency)
        try:
            async with trio.open_nursery() as nursery:
                for session in batch.sessions:
                    live = self.sessions.get(session)
                    if live is None or live.done:
                        continue
                    await limiter.acquire()
                    if live.done:
                        limiter.release()
                        continue
                    if self.closing:
                        limiter.release()
                        await self._stop_live(live, "the daemon shut down before it started")
                        continue
                    nursery.start_soon(self._run_session, live, limiter)
        finally:
            batch.finished = all(s not in self.sessions for s in batch.sessions)
            if batch.finished:
                _log.info("batch.finished", batch=batch.id, game=batch.request.game,
                          outcomes=dict(batch.outcomes))
            batch.notify()
            self.batches.pop(batch.id, None)

    async def _run_session(self, live: Live, limiter: trio.Semaphore) -> None:
        request = live.batch.request
        try:
            live.state = "running"
            live.started = self.records.start(live.id)
            live.batch.running += 1
            start = _start_of(live, trace=self.hub.demand == "debug")
            ended: SessionEnded
            try:
                if request.engine == "inline":
                    live.control = SessionControl()
                    if live.stop_reason:
                        live.control.stop(live.stop_reason)
                    result, parameters = await play_session(start, live.batch.plugin,
                                                            live.control)
                    ended = SessionEnded(result, parameters)
                elif request.engine == "process":
                    assert self.pool is not None
                    ended = await self._play_on_pool(live, start)
                else:
                    ended = await self._ray_engine().play(start)
            except (RuntimeError, OSError, ImportError) as exc:
                ended = SessionEnded(failed(start, "failed", f"the {request.engine} engine "
                                            f"could not run it: {exc}"))
            self._finish(live, ended.result, ended.parameters)
        finally:
            live.batch.running -= 1
            limiter.release()

    async def _play_on_pool(self, live: Live, start: StartSession) -> SessionEnded:
        assert self.pool is not None
        if live.stop_reason:  # stopped between queue and start
            return SessionEnded(failed(start, "stopped", live.stop_reason))

        def assigned(index: int) -> None:
            live.worker = index

        return await self.pool.play(start, assigned)

    def _ray_engine(self) -> Any:
        if self.ray is None:
            from ._ray import RayEngine

            self.ray = RayEngine(self.extra_games, on_event=self.on_worker_event)
        return self.ray

    def _finish(self, live: Live, result: SessionResult,
                parameters: Iterable[tuple[str, Any]] = ()) -> None:
        """Record how ``live`` ended; the first word is final."""
        if live.done:
            return
        live.done = True
        if not self.records.finish(result, parameters):
            _log.error("record.duplicate", session=live.id)
        record = self.records.record(live.id)
        batch = live.batch
        if record is not None:
            batch.records.append(record)
        batch.outcomes[result.outcome] += 1
        self.sessions.pop(live.id, None)
        live.ended.set()
        batch.notify()
        _log.info("session.recorded", session=live.id, game=batch.request.game,
                  agent=result.agent, outcome=result.outcome, score=result.score,
                  turns=result.turns, wall_time=result.wall_time, cause=result.cause)

    # -- status ---------------------------------------------------------------

    def status(self) -> StatusReply:
        workers = ()
        if self.pool is not None:
            workers = tuple(
                WorkerInfo(w.index, w.pid, len(w.sessions), w.replaced, w.started)
                for w in sorted(self.pool.workers.values(), key=lambda w: w.index) if w.alive
            )
        batches = tuple(
            BatchInfo(b.id, b.request.game, b.request.engine, len(b.sessions),
                      len(b.records), b.running, b.request.concurrency)
            for b in self.batches.values()
        )
        running = tuple(
            RunningInfo(live.id, live.batch.request.game, live.seed, live.started,
                        live.batch.request.engine, live.worker)
            for live in self.sessions.values() if live.state == "running"
        )
        return StatusReply(os.getpid(), self.started, str(self.config.socket),
                           str(self.config.database), workers, batches, running,
                           self.hub.viewers, self.closing)

    # -- shutdown -------------------------------------------------------------

    async def shutdown(self) -> None:
        """Finish or record every session, then stop the engines (see the module doc)."""
        if self.closing:
            return
        self.closing = True
        _log.info("daemon.stopping", running=sum(1 for s in self.sessions.values()
                                                 if s.state == "running"),
                  queued=sum(1 for s in self.sessions.values() if s.state == "queued"))
        for live in list(self.sessions.values()):
            if live.state == "queued":
                await self._stop_live(live, "the daemon shut down before it started")
        with trio.move_on_after(self.config.grace):
            while self.sessions:
                await next(iter(self.sessions.values())).ended.wait()
        for live in list(self.sessions.values()):
            await self._stop_live(live, "the daemon shut down")
        with trio.move_on_after(10):
            while self.sessions:
                await next(iter(self.sessions.values())).ended.wait()
        for live in list(self.sessions.values()):
            self._finish(live, failed(_start_of(live, trace=False), "interrupted",
                                      "the daemon shut down and the session did not end in "
                                      "time"))
        if self.pool is not None:
            await self.pool.close()
        if self.ray is not None:
            await self.ray.close()
        _log.info("daemon.stopped")
        self.hub.close()


def _start_of(live: Live, *, trace: bool) -> StartSession:
    request = live.batch.request
    return StartSession(live.id, request.game, request.parameters, live.seed,
                        request.timeout, trace)


def _summary(batch: str, records: list[SessionRecord]) -> BatchFinished:
    counts = Counter(r.outcome for r in records)
    return BatchFinished(batch, len(records), tuple(counts.most_common()))


def _py_level(level: str) -> int:
    return {"debug": 10, "info": 20, "warning": 30, "error": 40, "critical": 50}[level]


_PEERCRED = struct.Struct("3i")


def _peer_refusal(sock: Any) -> str:
    """Why the peer on ``sock`` may not talk to us ('' if it may): only our own uid."""
    try:
        raw = sock.getsockopt(stdsocket.SOL_SOCKET, stdsocket.SO_PEERCRED, _PEERCRED.size)
    except (OSError, AttributeError):
        return ""  # not a Unix socket (or no SO_PEERCRED): the file mode guards it
    pid, uid, _gid = _PEERCRED.unpack(raw)
    if uid != os.getuid():
        return (f"uid {uid} (pid {pid}) may not control this daemon: it belongs to uid "
                f"{os.getuid()}")
    return ""


async def _listen(path: Path) -> trio.SocketListener:
    """Bind the control socket with mode 0600 in a 0700 folder; refuse to displace a
    live daemon, and clear a stale socket file left by a dead one."""
    check_socket_path(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.exists() or path.is_symlink():
        probe = stdsocket.socket(stdsocket.AF_UNIX, stdsocket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink()  # nobody listens: a dead daemon's socket
        else:
            raise OSError(f"a daemon is already listening on {path}; stop it first "
                          f"(or choose another --socket)")
        finally:
            probe.close()
    sock = trio.socket.socket(stdsocket.AF_UNIX, stdsocket.SOCK_STREAM)
    old_umask = os.umask(0o177)  # the socket is born 0600: no window for others
    try:
        await sock.bind(str(path))
    finally:
        os.umask(old_umask)
    os.chmod(path, 0o600)
    sock.listen(128)
    return trio.SocketListener(sock)


def _lock_database(path: Path) -> int:
    """One daemon per database: an exclusive lock beside it, held while we run."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(str(path) + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OSError(f"another daemon is using the records at {path}; stop it first "
                      f"(or choose another --db)") from None
    return fd


@asynccontextmanager
async def open_daemon(config: DaemonConfig) -> AsyncIterator[Daemon]:
    """Start a daemon: recover the records, start the workers, listen on the socket.

    Leaving the block (normally or by cancellation) shuts it down gracefully:
    every session finished or recorded, every worker reaped, the socket removed.
    """
    lock = _lock_database(config.database)
    saved_logging = structlog.get_config()
    listener: trio.SocketListener | None = None
    # An error in the caller's block is re-raised as itself after the nursery, not
    # wrapped in the nursery's ExceptionGroup.
    raised: BaseException | None = None
    daemon: Daemon | None = None
    try:
        listener = await _listen(config.socket)
        async with trio.open_nursery() as nursery:
            daemon = Daemon(config, nursery)
            try:
                if config.configure_logging:
                    daemon._install_logging()
                daemon.recovered = daemon.records.recover()
                if daemon.recovered:
                    _log.warning("records.recovered", sessions=daemon.recovered,
                                 cause="a previous daemon stopped with sessions unfinished")
                if config.workers > 0:
                    daemon.pool = WorkerPool(
                        config.workers, on_event=daemon.on_worker_event,
                        extra_games=daemon.extra_games,
                        heartbeat_timeout=config.heartbeat_timeout,
                        level=daemon._own_level(),
                    )
                    await nursery.start(daemon.pool.run)
                nursery.start_soon(trio.serve_listeners, daemon.handle_connection, [listener])
                _log.info("daemon.started", pid=os.getpid(), socket=str(config.socket),
                          database=str(config.database), workers=config.workers)
                try:
                    yield daemon
                except BaseException as exc:
                    raised = exc
            finally:
                with trio.CancelScope(shield=True):
                    if not daemon.closing:
                        await daemon.shutdown()
                nursery.cancel_scope.cancel()
        if raised is not None:
            raise raised
    finally:
        if listener is not None:
            try:
                config.socket.unlink()
            except FileNotFoundError:
                pass
        if daemon is not None:
            daemon.records.close()
        if config.configure_logging:
            structlog.configure(**saved_logging)
        os.close(lock)


async def run_daemon(config: DaemonConfig, *, handle_signals: bool = True) -> int:
    """Serve until SIGTERM/SIGINT or a shutdown request, then shut down gracefully."""
    async with open_daemon(config) as daemon:
        if handle_signals:
            with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                async with trio.open_nursery() as nursery:
                    async def on_signal() -> None:
                        async for signum in signals:
                            _log.info("daemon.signal", signal=signal.Signals(signum).name)
                            daemon.shutdown_requested.set()
                            return
                    nursery.start_soon(on_signal)
                    await daemon.shutdown_requested.wait()
                    nursery.cancel_scope.cancel()
        else:
            await daemon.shutdown_requested.wait()
        await daemon.shutdown()
    return 0
