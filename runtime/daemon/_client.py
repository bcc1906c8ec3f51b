"""The daemon's client side: connect to the socket, send a request, read replies.

Used by the CLI commands and by tests; everything goes through
:class:`~._wire.FrameChannel` and the messages of :mod:`._control`.
"""

from __future__ import annotations

import errno
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio

from ._control import ErrorReply
from ._wire import FrameChannel


class DaemonError(RuntimeError):
    """The daemon refused a request; ``code`` is its one-word reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@asynccontextmanager
async def connect(path: Path | str) -> AsyncIterator[FrameChannel]:
    """A channel to the daemon on ``path``; OSError saying what to do if there is none."""
    try:
        stream = await trio.open_unix_socket(str(path))
    except (FileNotFoundError, ConnectionRefusedError):
        raise OSError(errno.ECONNREFUSED, f"no daemon is listening on {path}; start one with "
                      f"`belligerent daemon` (or point --socket at it)") from None
    except PermissionError:
        raise OSError(errno.EACCES, f"permission denied for {path}: the daemon there belongs "
                      f"to another user") from None
    channel = FrameChannel.over(stream)
    try:
        yield channel
    finally:
        with trio.CancelScope(shield=True):
            await channel.aclose()


def check(reply: Any) -> Any:
    """``reply``, unless it is an :class:`ErrorReply` (then DaemonError)."""
    if isinstance(reply, ErrorReply):
        raise DaemonError(reply.code, reply.message)
    return reply


async def receive(channel: FrameChannel) -> Any:
    """The next reply; OSError if the daemon hung up."""
    try:
        return check(await channel.receive())
    except (trio.EndOfChannel, trio.BrokenResourceError):
        raise OSError(errno.ECONNRESET, "the daemon closed the connection") from None


async def request(path: Path | str, message: Any) -> Any:
    """Send one request and return its one reply (raising DaemonError for a refusal)."""
    async with connect(path) as channel:
        await channel.send(message)
        return await receive(channel)
