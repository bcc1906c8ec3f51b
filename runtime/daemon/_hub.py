"""The live log stream: every event of every session, fanned out to any number of viewers.

Each viewer gets its own bounded buffer on a :class:`runtime.Bus` subscription with
the ``DROP_OLDEST`` policy, so publishing never waits: a game never slows down for
a viewer. A viewer whose buffer overflows (it reads slower than events come, or
stopped reading) is cut off: it gets a :class:`Lagged` notice with its lag count,
and the connection ends; it may reconnect. A viewer that stops reading altogether
can't even take the notice: after ``stall_timeout`` seconds of a blocked write its
connection is closed without one.

Nobody pays for a stream nobody watches: the hub knows the lowest level any
viewer wants (:attr:`LogHub.demand`) and tells the daemon when it changes, which
passes it on to the workers, whose loggers drop anything below it at the call.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import structlog
import trio

from runtime._bus import Bus, Overflow, Subscription
from runtime._codec import encode

from ._control import Lagged, TailStarted
from ._events import LEVELS, LogEvent, TailRequest, level_number, matches
from ._wire import FrameChannel, until_hangup

_log = structlog.get_logger("belligerent.daemon")

TOPIC = "log"
#: Events buffered per viewer before it counts as lagging.
VIEWER_CAPACITY = 4096
#: Events sent to a viewer in one write.
SEND_BATCH = 512


class LogHub:
    def __init__(
        self,
        *,
        capacity: int = VIEWER_CAPACITY,
        stall_timeout: float = 10.0,
        on_demand: Callable[[str | None], None] | None = None,
    ) -> None:
        self.bus = Bus()
        self.capacity = capacity
        self.stall_timeout = stall_timeout
        self.on_demand = on_demand
        self._levels: list[str] = []
        self._publishing = False
        self.demand: str | None = None
        self.published = 0
        #: Viewers cut off for lagging or stalling, since start.
        self.cut_off = 0

    @property
    def viewers(self) -> int:
        return len(self._levels)

    def wants(self, level: str) -> bool:
        """Whether any viewer would see an event of ``level``."""
        return self.demand is not None and level_number(level) >= level_number(self.demand)

    def publish(self, event: LogEvent) -> None:
        """Offer ``event`` to every viewer; never blocks (full buffers drop their oldest).

        Events logged while publishing (the bus's own ``bus.lag`` warning about a
        lagging viewer) are not fanned out again: the viewer is cut off anyway, and
        its lag is reported once as ``viewer.lagged``.
        """
        if self._levels and not self.bus.closed and not self._publishing:
            self.published += 1
            self._publishing = True
            try:
                self.bus.publish_nowait(TOPIC, event)
            finally:
                self._publishing = False

    @asynccontextmanager
    async def open_viewer(self, request: TailRequest) -> AsyncIterator[Subscription]:
        """A subscription for one viewer, counted in the demand while open."""
        if request.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)} (got {request.level!r})")
        subscription = self.bus.subscribe(TOPIC, capacity=self.capacity,
                                          policy=Overflow.DROP_OLDEST)
        self._levels.append(request.level)
        self._update_demand()
        try:
            yield subscription
        finally:
            self.bus.unsubscribe(subscription)
            self._levels.remove(request.level)
            self._update_demand()

    def _update_demand(self) -> None:
        demand = min(self._levels, key=level_number) if self._levels else None
        if demand != self.demand:
            self.demand = demand
            if self.on_demand is not None:
                self.on_demand(demand)

    async def serve(self, channel: FrameChannel, request: TailRequest) -> None:
        """Stream matching events to one viewer until it leaves, lags, or the hub closes.

        Returns when the viewer's part is over; the caller closes the connection. A
        viewer sends nothing after its request: anything it sends, or its hanging up,
        ends its stream at once (not at the next event, which may be long coming).
        """
        await until_hangup(channel, lambda: self._stream(channel, request))

    async def _stream(self, channel: FrameChannel, request: TailRequest) -> None:
        async with self.open_viewer(request) as subscription:
            await channel.send(TailStarted(self.capacity))
            while True:
                batch: list[LogEvent] = []
                try:
                    batch.append(await subscription.receive())
                    while len(batch) < SEND_BATCH:
                        batch.append(subscription.receive_nowait())
                except trio.WouldBlock:
                    pass
                except (trio.EndOfChannel, trio.ClosedResourceError):
                    if not batch:
                        return
                dropped = subscription.statistics().dropped
                if dropped:
                    await self._cut_off(channel, request, dropped)
                    return
                frames = b"".join(encode(e) for e in batch if matches(request, e))
                if frames:
                    with trio.move_on_after(self.stall_timeout) as scope:
                        await channel.send_raw(frames)
                    if scope.cancelled_caught:
                        self.cut_off += 1
                        _log.warning("viewer.stalled", seconds=self.stall_timeout,
                                     filter=_describe(request))
                        return
                if self.bus.closed and subscription.statistics().depth == 0:
                    return

    async def _cut_off(self, channel: FrameChannel, request: TailRequest, dropped: int) -> None:
        self.cut_off += 1
        _log.warning("viewer.lagged", dropped=dropped, filter=_describe(request))
        with trio.move_on_after(1.0):
            await channel.send(Lagged(dropped))

    def close(self) -> None:
        """End every viewer's stream once its buffer is drained."""
        self.bus.close()


def _describe(request: TailRequest) -> str:
    parts = [f"{k}={getattr(request, k)}" for k in ("session", "game", "actor")
             if getattr(request, k)]
    return " ".join(parts + [f"level={request.level}"])
