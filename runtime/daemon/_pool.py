"""The worker pool: processes that play sessions, watched and replaced when they die.

Each of ``size`` slots keeps one worker process alive. A worker that dies (killed,
crashed, sent garbage, or stopped sending heartbeats because a session blocked its
event loop) is killed if need be, reaped, and replaced; every session it was
playing ends with outcome ``failed`` and a cause naming the worker and how it died
(with the last lines it wrote to stderr). Sessions go to the least-loaded live
worker.

Ownership: the pool's :meth:`run` task owns the processes; leaving it (normally
after :meth:`close`, or by cancellation) kills and reaps every worker, so no
process outlives the pool.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping

import attrs
import structlog
import trio

from runtime._codec import CodecError

from ._events import LogEvent
from ._play import failed
from ._wire import FrameChannel
from ._workerproto import (
    Heartbeat,
    Quit,
    SessionEnded,
    SetLevel,
    StartSession,
    StopSession,
    WorkerHello,
)

_log = structlog.get_logger("belligerent.daemon")

#: Lines of a worker's stderr kept for the cause of its death.
STDERR_TAIL = 8
#: Workers of one slot that die before greeting, in a row, before the pool gives up.
MAX_STILLBORN = 3


@attrs.define(eq=False)
class _Pending:
    start: StartSession
    began: float = attrs.field(factory=time.perf_counter)
    done: trio.Event = attrs.field(factory=trio.Event)
    ended: SessionEnded | None = None


@attrs.define(eq=False)
class WorkerProcess:
    """One live worker as the pool sees it."""

    index: int
    process: trio.Process
    channel: FrameChannel
    started: float
    replaced: int
    ready: trio.Event = attrs.field(factory=trio.Event)
    alive: bool = True
    sessions: dict[str, _Pending] = attrs.field(factory=dict)
    last_frame: float = attrs.field(factory=time.monotonic)
    stderr_tail: deque[str] = attrs.field(factory=lambda: deque(maxlen=STDERR_TAIL))
    #: Why the pool gave up on it, if it did (None: it died by itself).
    verdict: str | None = None

    @property
    def pid(self) -> int:
        return self.process.pid


class WorkerPool:
    def __init__(
        self,
        size: int,
        *,
        on_event: Callable[[LogEvent], None],
        extra_games: Mapping[str, str] = {},  # noqa: B006
        heartbeat_timeout: float = 30.0,
        spawn_timeout: float = 60.0,
        level: str = "warning",
    ) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker (got {size})")
        self.size = size
        self.on_event = on_event
        self.extra_games = dict(extra_games)
        self.heartbeat_timeout = heartbeat_timeout
        self.spawn_timeout = spawn_timeout
        self.level = level
        self.workers: dict[int, WorkerProcess] = {}
        self.replacements = 0
        self._where: dict[str, WorkerProcess] = {}
        self._changed = trio.Event()
        self._closing = False
        self._early_stops: dict[str, str] = {}
        #: Why no worker can be started, once that is clear.
        self.broken = ""

    # -- running --------------------------------------------------------------

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Keep ``size`` workers alive until :meth:`close`."""
        async with trio.open_nursery() as nursery:
            for index in range(self.size):
                nursery.start_soon(self._keep, index)
            task_status.started()

    async def _keep(self, index: int) -> None:
        replaced = 0
        stillborn = 0
        while not self._closing:
            began = time.monotonic()
            worker = await self._run_one(index, replaced)
            if self._closing:
                return
            replaced += 1
            self.replacements += 1
            stillborn = 0 if worker.ready.is_set() else stillborn + 1
            if stillborn >= MAX_STILLBORN:
                self.broken = (
                    f"worker processes fail to start ({stillborn} in a row); the last "
                    f"said: {' | '.join(worker.stderr_tail) or 'nothing'}"
                )
                _log.error("pool.broken", cause=self.broken)
                self._notify()
                return
            if time.monotonic() - began < 1.0:
                await trio.sleep(1.0)  # a worker that dies at once: don't spin

    async def _run_one(self, index: int, replaced: int) -> WorkerProcess:
        level = self.level
        command = [sys.executable, "-m", "runtime.daemon._worker", "--level", level]
        for name, target in sorted(self.extra_games.items()):
            command += ["--game", f"{name}={target}"]
        # Its own session: a Ctrl-C at the daemon's terminal is the daemon's to
        # handle (gracefully), not every worker's.
        process = await trio.lowlevel.open_process(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True,
        )
        assert process.stdin and process.stdout and process.stderr
        worker = WorkerProcess(index, process, FrameChannel(process.stdin, process.stdout),
                               time.time(), replaced)
        self.workers[index] = worker
        self._notify()
        try:
            if self.level != level:  # changed while the process was being spawned
                with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
                    await worker.channel.send(SetLevel(self.level))
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._read_stderr, worker)
                nursery.start_soon(self._watch, worker)
                await self._read_frames(worker)
                nursery.cancel_scope.cancel()
        finally:
            worker.alive = False
            self._notify()
            with trio.CancelScope(shield=True):
                await self._reap(worker)
            self._fail_sessions(worker)
        return worker

    async def _read_frames(self, worker: WorkerProcess) -> None:
        while True:
            try:
                message = await worker.channel.receive()
            except (trio.EndOfChannel, trio.BrokenResourceError, trio.ClosedResourceError):
                return
            except CodecError as exc:
                worker.verdict = f"sent a malformed frame ({exc}) and was killed"
                return
            worker.last_frame = time.monotonic()
            if isinstance(message, LogEvent):
                self.on_event(message)
            elif isinstance(message, SessionEnded):
                pending = worker.sessions.pop(message.result.session, None)
                self._where.pop(message.result.session, None)
                if pending is not None:
                    pending.ended = message
                    pending.done.set()
                self._notify()
            elif isinstance(message, Heartbeat):
                pass
            elif isinstance(message, WorkerHello):
                worker.ready.set()
                self._notify()
                _log.info("worker.started", worker=worker.index, pid=worker.pid)
            else:
                worker.verdict = f"sent an unexpected {type(message).__name__} and was killed"
                return

    async def _watch(self, worker: WorkerProcess) -> None:
        """Kill a worker that stays silent: its loop is blocked, or it never started."""
        while True:
            await trio.sleep(min(1.0, self.heartbeat_timeout / 4))
            silent = time.monotonic() - worker.last_frame
            limit = self.heartbeat_timeout if worker.ready.is_set() else self.spawn_timeout
            if silent > limit:
                worker.verdict = (
                    f"stopped answering for {silent:.0f}s (a session blocked its event "
                    f"loop?) and was killed"
                    if worker.ready.is_set() else f"did not start within {limit:g}s and was killed"
                )
                worker.process.kill()
                return

    async def _read_stderr(self, worker: WorkerProcess) -> None:
        assert worker.process.stderr is not None
        buffer = b""
        while True:
            try:
                data = await worker.process.stderr.receive_some(65536)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return
            if not data:
                return
            *lines, buffer = (buffer + data).split(b"\n")
            for raw in lines:
                line = raw.decode("utf-8", "replace").rstrip()
                if line:
                    worker.stderr_tail.append(line)
                    _log.warning("worker.stderr", worker=worker.index, pid=worker.pid,
                                 line=line[:500])

    async def _reap(self, worker: WorkerProcess) -> None:
        """Give a quitting worker a moment, then kill; always wait for the exit status."""
        with trio.move_on_after(5 if worker.verdict is None else 0):
            await worker.process.wait()
        if worker.process.returncode is None:
            worker.process.kill()
            await worker.process.wait()
        await worker.channel.aclose()
        if worker.process.stderr is not None:
            await worker.process.stderr.aclose()

    def _fail_sessions(self, worker: WorkerProcess) -> None:
        code = worker.process.returncode
        if worker.verdict is not None:
            how = worker.verdict
        elif code is not None and code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = f"exited with status {code}"
        cause = f"worker {worker.index} (pid {worker.pid}) {how}"
        if worker.stderr_tail and worker.sessions:
            cause += "; its last words: " + " | ".join(worker.stderr_tail)[-600:]
        if worker.sessions or not self._closing:
            log = _log.error if worker.sessions else _log.warning
            log("worker.died", worker=worker.index, pid=worker.pid, cause=cause,
                sessions=sorted(worker.sessions))
        for session, pending in worker.sessions.items():
            self._where.pop(session, None)
            wall = time.perf_counter() - pending.began
            pending.ended = SessionEnded(failed(pending.start, "failed", cause, wall))
            pending.done.set()
        worker.sessions.clear()

    # -- using ----------------------------------------------------------------

    async def play(self, start: StartSession,
                   assigned: Callable[[int], None] | None = None) -> SessionEnded:
        """Play ``start`` on the least-loaded live worker and wait for its end.

        Always returns a record: the worker's, or ``failed`` if the worker died.
        ``assigned(index)`` is told which worker got it.
        Cancellation (the daemon giving up at shutdown) returns nothing and leaves
        the session to be stopped with its worker.
        """
        if self._closing:
            raise trio.ClosedResourceError("the worker pool is closing")
        try:
            worker = await self._choose()
        finally:
            early_stop = self._early_stops.pop(start.session, None)
        if early_stop is not None:  # stopped while waiting for a worker
            return SessionEnded(failed(start, "stopped", early_stop))
        if assigned is not None:
            assigned(worker.index)
        pending = _Pending(start)
        worker.sessions[start.session] = pending
        self._where[start.session] = worker
        try:
            try:
                await worker.channel.send(start)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                pass  # the worker is dying; its reaper fails this session
            await pending.done.wait()
        finally:
            worker.sessions.pop(start.session, None)
            self._where.pop(start.session, None)
        assert pending.ended is not None
        return pending.ended

    async def _choose(self) -> WorkerProcess:
        while True:
            ready = [w for w in self.workers.values() if w.alive and w.ready.is_set()]
            if ready:
                return min(ready, key=lambda w: (len(w.sessions), w.index))
            if self._closing:
                raise trio.ClosedResourceError("the worker pool is closing")
            if self.broken:
                raise RuntimeError(self.broken)
            await self._wait_changed()

    def worker_of(self, session: str) -> WorkerProcess | None:
        return self._where.get(session)

    async def stop(self, session: str, reason: str) -> bool:
        """Ask the worker playing ``session`` to stop it. A session still waiting for a
        worker is stopped before it is sent to one (returns False)."""
        worker = self._where.get(session)
        if worker is None:
            self._early_stops[session] = reason
            return False
        try:
            await worker.channel.send(StopSession(session, reason))
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # dying anyway: the session is recorded as failed
        return True

    async def set_level(self, level: str) -> None:
        """Forward events at ``level`` and above from now on (new workers too)."""
        self.level = level
        for worker in list(self.workers.values()):
            if worker.alive:
                try:
                    await worker.channel.send(SetLevel(level))
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    pass

    async def close(self, grace: float = 5.0) -> None:
        """Tell every worker to quit; kill those still up after ``grace`` seconds.
        Returns when every worker process has been reaped."""
        self._closing = True
        self._notify()
        for worker in list(self.workers.values()):
            if worker.alive and not worker.ready.is_set():
                # Still starting (a replacement): it holds no session, and would
                # take its whole import time to read the Quit.
                worker.verdict = "was still starting at shutdown and was killed"
                worker.process.kill()
            elif worker.alive:
                try:
                    await worker.channel.send(Quit())
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    pass
        with trio.move_on_after(grace):
            while any(w.alive for w in self.workers.values()):
                await self._wait_changed()
        for worker in self.workers.values():
            if worker.alive and worker.process.returncode is None:
                worker.verdict = worker.verdict or f"did not quit within {grace:g}s and was killed"
                worker.process.kill()
        while any(w.alive for w in self.workers.values()):
            await self._wait_changed()

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers.values() if w.alive]

    def _notify(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    async def _wait_changed(self) -> None:
        await self._changed.wait()

