"""The ``ray`` engine: each session one Ray task, one ``trio.run`` of one session.

For when one machine is not enough. The daemon submits a task per session to
the Ray cluster named by ``$RAY_ADDRESS`` (or starts a local one, or uses the one
this process already joined with ``ray.init``) and gathers results as each task
finishes, into the same records as any other engine.

A task returns its record and the warnings and errors it logged (at most
:data:`MAX_EVENTS`); those reach the log stream when the task ends, not live —
Ray workers may be on other machines, with no pipe back to the daemon. Ray is an
optional extra (``pip install 'belligerent[ray]'``); nothing imports it until a
batch asks for this engine.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

import structlog
import trio

from runtime._codec import decode, encode
from runtime._messages import message

from ._events import LogEvent, event_from_dict
from ._play import failed, play_session, resolve_game
from ._workerproto import SessionEnded, StartSession

_log = structlog.get_logger("belligerent.daemon")

#: Events a task keeps for the stream (warnings and errors; the rest is dropped).
MAX_EVENTS = 200


@message("ray.outcome")
class RayOutcome:
    ended: SessionEnded
    events: tuple[LogEvent, ...]


def play_frame(frame: bytes, extra_games: Mapping[str, str]) -> bytes:
    """The body of a Ray task: a :class:`StartSession` frame in, a :class:`RayOutcome`
    frame out. Runs in a Ray worker process, one ``trio.run`` per call."""
    start = decode(frame)
    assert isinstance(start, StartSession)
    events: list[LogEvent] = []

    def keep(logger: Any, method: str, event_dict: dict[str, Any]) -> Any:
        if len(events) < MAX_EVENTS:
            events.append(event_from_dict(event_dict, method))
        raise structlog.DropEvent

    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, structlog.processors.add_log_level,
                    structlog.processors.TimeStamper(fmt="iso", utc=True), keep],
        wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING),
        cache_logger_on_first_use=False,
    )
    try:
        plugin = resolve_game(start.game, extra_games)
    except LookupError as exc:
        ended = SessionEnded(failed(start, "error", str(exc)))
    else:
        result, parameters = trio.run(play_session, start, plugin)
        ended = SessionEnded(result, parameters)
    try:
        return encode(RayOutcome(ended, tuple(events)))
    except Exception as exc:  # a detail the codec can't carry: keep the rest
        bare = failed(start, ended.result.outcome, f"{ended.result.cause} (detail dropped: "
                      f"{exc})".strip(), ended.result.wall_time)
        return encode(RayOutcome(SessionEnded(bare), tuple(events)))


class RayEngine:
    """Runs sessions as Ray tasks; one per :meth:`play` call."""

    def __init__(self, extra_games: Mapping[str, str],
                 on_event: Callable[[LogEvent], None]) -> None:
        self.extra_games = dict(extra_games)
        self.on_event = on_event
        self._remote: Any = None
        self._started_ray = False
        self._refs: dict[str, Any] = {}
        self._reasons: dict[str, str] = {}
        self._init_lock = trio.Lock()
        # Each session in flight waits for its task in a thread (ray.get blocks).
        self._threads = trio.CapacityLimiter(1024)

    async def _ensure(self) -> Any:
        async with self._init_lock:
            if self._remote is None:
                self._remote = await trio.to_thread.run_sync(self._connect)
        return self._remote

    def _connect(self) -> Any:
        import ray

        if not ray.is_initialized():
            ray.init(address=os.environ.get("RAY_ADDRESS") or None, include_dashboard=False,
                     log_to_driver=False, ignore_reinit_error=True)
            self._started_ray = True
            _log.info("ray.connected", resources=ray.cluster_resources())
        return ray.remote(play_frame)

    async def play(self, start: StartSession) -> SessionEnded:
        """Run ``start`` as a Ray task and wait for its record (as it finishes)."""
        import ray

        remote = await self._ensure()
        ref = remote.remote(encode(start), self.extra_games)
        self._refs[start.session] = ref
        try:
            frame = await trio.to_thread.run_sync(ray.get, ref, abandon_on_cancel=True,
                                                  limiter=self._threads)
        except ray.exceptions.TaskCancelledError:
            reason = self._reasons.get(start.session, "cancelled on the Ray cluster")
            return SessionEnded(failed(start, "stopped", reason))
        except ray.exceptions.RayError as exc:
            return SessionEnded(failed(start, "failed", f"the Ray task failed: "
                                       f"{str(exc).strip().splitlines()[-1][:500]}"))
        finally:
            self._refs.pop(start.session, None)
            self._reasons.pop(start.session, None)
        outcome = decode(frame)
        for event in outcome.events:
            self.on_event(event)
        return outcome.ended

    async def stop(self, session: str, reason: str) -> None:
        ref = self._refs.get(session)
        if ref is not None:
            import ray

            self._reasons[session] = reason
            await trio.to_thread.run_sync(ray.cancel, ref)

    async def close(self) -> None:
        if self._started_ray:
            import ray

            await trio.to_thread.run_sync(ray.shutdown)
