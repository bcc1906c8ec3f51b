"""Text lines over a byte stream, with a hard bound on how much one line may hold.

The Spellcast protocol is one command per line. A reader that buffered until it saw a
newline would let one client hold the server's memory hostage with a line that never ends
(or a 10 MB one), so :class:`LineReader` keeps at most ``max_line`` bytes: past that it
reports the line as oversized at once and throws the rest of it away as it arrives, until
the newline that ends it. Both ``\\n`` and ``\\r\\n`` end a line (as Netty's
LineBasedFrameDecoder, which the lithium server used, accepts both); we always write
``\\r\\n``.

Shared by the server and the client adapter (``protocols.spellcast``), which faces the same
risk from a broken server.
"""

from __future__ import annotations

import attrs
import trio

__all__ = [
    "DEFAULT_MAX_LINE",
    "LineReader",
    "MalformedLineError",
    "OversizedLineError",
    "encode_line",
]

#: lithium's Netty decoder allowed 512 bytes a line; so do we, by default.
DEFAULT_MAX_LINE = 512
_CHUNK = 65536


class MalformedLineError(ValueError):
    """A line that is not text (invalid UTF-8); the reader has already moved past it."""


class OversizedLineError(ValueError):
    """A line longer than the limit. Raised as soon as the limit is passed; the reader
    discards the rest of that line as it arrives, so the next call reads the line after it."""


@attrs.define
class LineReader:
    """Reads ``\\n``-terminated lines from a trio stream, at most ``max_line`` bytes each.

    Cancellation leaves the reader consistent: bytes already received stay buffered for
    the next call. Not safe for two tasks to call at once (trio's streams aren't either).
    """

    stream: trio.abc.ReceiveStream
    max_line: int = DEFAULT_MAX_LINE
    _buffer: bytearray = attrs.field(factory=bytearray, init=False)
    #: True while throwing away the tail of an oversized line.
    _discarding: bool = attrs.field(default=False, init=False)
    _eof: bool = attrs.field(default=False, init=False)

    async def receive_line(self) -> str | None:
        """The next line without its terminator, or None at end of stream.

        Raises OversizedLineError (once per oversized line) and MalformedLineError (for a
        line that is not UTF-8); the caller may keep reading after either. A final line
        without a newline at end of stream is returned as a line.
        """
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                raw = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if self._discarding:
                    self._discarding = False
                    continue
                if len(raw) > self.max_line + 1:  # +1: a "\r" before the "\n"
                    raise OversizedLineError(f"line longer than {self.max_line} bytes")
                return _decode(raw)
            if self._discarding:
                self._buffer.clear()
            elif len(self._buffer) > self.max_line + 1:
                self._buffer.clear()
                self._discarding = True
                raise OversizedLineError(f"line longer than {self.max_line} bytes")
            if self._eof:
                if self._buffer and not self._discarding:
                    raw = bytes(self._buffer)
                    self._buffer.clear()
                    return _decode(raw)
                return None
            chunk = await self.stream.receive_some(_CHUNK)
            if not chunk:
                self._eof = True
            self._buffer += chunk


def _decode(raw: bytes) -> str:
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedLineError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None


def encode_line(line: str) -> bytes:
    """One protocol line as it goes on the wire (UTF-8, ``\\r\\n``); embedded line breaks
    are replaced so a line can never split in two."""
    return line.replace("\r", " ").replace("\n", " ").encode("utf-8") + b"\r\n"
