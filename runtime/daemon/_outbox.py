"""A worker's outgoing frames: never blocks the game, drops log events first.

Sessions log from synchronous code (structlog processors), so they can't await a
pipe. They append encoded frames here; one writer task sends whatever has piled
up in a single write. Log events are droppable: past ``log_limit`` waiting bytes
new ones are counted and discarded (reported later as one ``worker.log_dropped``
event), so a daemon that reads slowly costs the games nothing. Control frames
(results, heartbeats) are never dropped; there are few of them.
"""

from __future__ import annotations

import trio

from runtime._codec import encode

from ._wire import FrameChannel


class Outbox:
    def __init__(self, log_limit: int = 4 * 1024 * 1024) -> None:
        self.log_limit = log_limit
        self._frames: list[bytes] = []
        self._log_bytes = 0
        self.dropped = 0
        self._wakeup = trio.Event()

    def put(self, message: object) -> None:
        """Queue a control frame (never dropped)."""
        self._frames.append(encode(message))
        self._wakeup.set()

    def put_log(self, frame: bytes) -> None:
        """Queue an encoded log event, or count it as dropped if too much is waiting."""
        if self._log_bytes + len(frame) > self.log_limit:
            self.dropped += 1
            return
        self._log_bytes += len(frame)
        self._frames.append(frame)
        self._wakeup.set()

    async def send_forever(self, channel: FrameChannel) -> None:
        """Write queued frames as they come. Cancellation may lose what was queued."""
        while True:
            await self._wakeup.wait()
            self._wakeup = trio.Event()
            frames, self._frames, self._log_bytes = self._frames, [], 0
            await channel.send_raw(b"".join(frames))

    async def flush(self, channel: FrameChannel) -> None:
        """Write what is queued now (used once the sessions are over)."""
        frames, self._frames, self._log_bytes = self._frames, [], 0
        if frames:
            await channel.send_raw(b"".join(frames))
