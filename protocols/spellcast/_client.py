"""A trio TCP connection to a Spellcast server: lines out, lines in, all of them recorded.

Deliberately thin: it frames and logs lines and keeps a transcript in the format of the
lithium transcripts (``S> ...`` / ``C> ...``), so any session can become a replay test.
Understanding the lines is :class:`~protocols.spellcast.PlayerState`'s job; deciding is
the agent's; pacing is the adapter's.
"""

from __future__ import annotations

import structlog
import trio

from games.spellcast.server import LineReader, encode_line
from runtime import GameProcessError

__all__ = ["SpellcastClient"]

_log = structlog.get_logger("belligerent.spellcast.client")

#: Server lines are short; a longer one means a broken server, not a long name.
CLIENT_MAX_LINE = 8192


class SpellcastClient(trio.abc.AsyncResource):
    """One connection. ``transcript`` holds every line both ways, in order.

    ``send`` and ``receive`` may run in two different tasks at once (one writer, one
    reader); two concurrent senders are serialised by a lock so lines never interleave.
    """

    def __init__(self, stream: trio.abc.Stream, *, label: str = "") -> None:
        self.stream = stream
        self.label = label
        self.transcript: list[str] = []
        self._reader = LineReader(stream, CLIENT_MAX_LINE)
        self._send_lock = trio.Lock()
        self.closed = False

    @classmethod
    async def connect(
        cls, host: str, port: int, *, timeout: float = 10.0, label: str = ""
    ) -> SpellcastClient:
        """Open a connection; GameProcessError naming the address if it can't be made."""
        try:
            with trio.fail_after(timeout):
                stream = await trio.open_tcp_stream(host, port)
        except (OSError, trio.TooSlowError) as exc:
            raise GameProcessError(
                f"cannot connect to a Spellcast server at {host}:{port}: {exc or 'timed out'}"
            ) from exc
        return cls(stream, label=label)

    async def send(self, line: str) -> None:
        """Send one line. A broken connection raises GameProcessError."""
        self.transcript.append(f"C> {line}")
        _log.debug("frame", direction="out", client=self.label, line=line)
        async with self._send_lock:
            try:
                await self.stream.send_all(encode_line(line))
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                raise GameProcessError(f"lost the Spellcast server while sending: {exc}") from exc

    async def receive(self) -> str | None:
        """The next server line, or None once the server has closed the connection."""
        try:
            line = await self._reader.receive_line()
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return None
        except ValueError as exc:  # oversized or not UTF-8: skip it, keep reading
            _log.warning("frame.bad", client=self.label, error=str(exc))
            return ""
        if line is not None:
            self.transcript.append(f"S> {line}")
            _log.debug("frame", direction="in", client=self.label, line=line)
        return line

    async def receive_until(self, code: str, *, timeout: float = 10.0) -> tuple[str, ...]:
        """Read lines up to and including the first that starts with ``code`` (such as
        ``"320"`` or ``"390 m1001"``); returns them all. For scripts and tests: raises
        GameProcessError if the server closes first, TooSlowError after ``timeout``."""
        seen: list[str] = []
        with trio.fail_after(timeout):
            while True:
                line = await self.receive()
                if line is None:
                    raise GameProcessError(
                        f"the server closed the connection while waiting for {code!r}; "
                        f"last lines: {seen[-5:]}")
                seen.append(line)
                if line.startswith(code):
                    return tuple(seen)

    async def aclose(self) -> None:
        self.closed = True
        with trio.CancelScope(shield=True):
            await self.stream.aclose()
