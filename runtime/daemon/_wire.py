"""Frames over a byte stream: one msgpack message per frame, both directions.

The daemon speaks to its clients over a Unix socket and to its workers over
pipes; both ends use :class:`FrameChannel`, so the wire rules live in one place:
a frame is one message as :func:`runtime.encode` writes it (msgpack is
self-delimiting, no length prefix), and anything that does not decode ends the
conversation, because a byte stream can't be re-synchronised after garbage.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import trio

from runtime._codec import FrameDecoder, encode

#: Bytes asked of the stream per read.
READ_SIZE = 65536


class FrameChannel:
    """Send and receive whole messages over a pair of byte streams.

    Sends are serialised by a lock, so any number of tasks may send; a frame is
    written whole or (if the send is cancelled part-way) the channel is broken and
    must be closed, since the peer would see half a frame. Receiving is meant for
    one task.
    """

    def __init__(
        self, send_stream: trio.abc.SendStream | None, receive_stream: trio.abc.ReceiveStream | None
    ) -> None:
        self._send_stream = send_stream
        self._receive_stream = receive_stream
        self._decoder = FrameDecoder()
        self._pending: deque[Any] = deque()
        self._send_lock = trio.Lock()

    @classmethod
    def over(cls, stream: trio.abc.Stream) -> FrameChannel:
        """A channel over one bidirectional stream (a socket)."""
        return cls(stream, stream)

    async def send(self, message: Any) -> None:
        """Encode and write one message. Raises CodecError before writing anything
        if the message can't be encoded; BrokenResourceError if the peer is gone."""
        await self.send_raw(encode(message))

    async def send_raw(self, frames: bytes) -> None:
        """Write already-encoded frames (several may be joined) in one go."""
        assert self._send_stream is not None, "this channel only receives"
        async with self._send_lock:
            await self._send_stream.send_all(frames)

    async def receive(self) -> Any:
        """The next message. Raises :class:`trio.EndOfChannel` at a clean end of the
        stream, :class:`runtime.CodecError` on garbage, and EndOfChannel's sibling
        :class:`trio.BrokenResourceError` if the stream ends inside a frame."""
        assert self._receive_stream is not None, "this channel only sends"
        while not self._pending:
            data = await self._receive_stream.receive_some(READ_SIZE)
            if not data:
                if self._has_partial_frame():
                    raise trio.BrokenResourceError("the stream ended in the middle of a frame")
                raise trio.EndOfChannel
            self._decoder.feed(data)
            self._pending.extend(self._decoder)
        return self._pending.popleft()

    def _has_partial_frame(self) -> bool:
        # msgpack refuses to switch to raw reads while an object is incomplete,
        # which is exactly the question; at a frame boundary nothing is left.
        try:
            return bool(self._decoder._unpacker.read_bytes(1))
        except ValueError:
            return True

    async def aclose(self) -> None:
        """Close both streams (each at most once)."""
        streams = {id(s): s for s in (self._send_stream, self._receive_stream) if s is not None}
        for stream in streams.values():
            await stream.aclose()


async def until_hangup(channel: FrameChannel, body: Callable[[], Awaitable[None]]) -> None:
    """Run ``body`` (which only sends) until it returns or the peer hangs up or sends
    anything: a streaming reply must not hold a connection its client has left."""
    async with trio.open_nursery() as nursery:

        async def watch() -> None:
            with contextlib.suppress(Exception):
                await channel.receive()
            nursery.cancel_scope.cancel()

        nursery.start_soon(watch)
        await body()
        nursery.cancel_scope.cancel()
