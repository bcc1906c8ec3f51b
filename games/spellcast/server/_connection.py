"""One client connection as the server keeps it: identity, lobby state, outbox, idle clock.

Sending never blocks the caller. Every line goes into a bounded outbox that a writer task
drains onto the socket, so a match that broadcasts to a client who stopped reading is not
held up by him: when his outbox overflows he is disconnected instead (as if he had quit).

The idle clock runs only while the server waits for this client to act (name himself, get
ready, gesture, answer); a client waiting for others is never idle. When it runs out the
reader's cancel scope fires and the server times the client out.
"""

from __future__ import annotations

import enum
import math
from typing import TYPE_CHECKING

import attrs
import trio

from ._lines import encode_line

if TYPE_CHECKING:
    from ._table import Table

__all__ = ["Connection", "State"]

#: Lines a client may fall behind by before he is dropped as not reading.
OUTBOX_LINES = 20_000


class State(enum.Enum):
    """Where a client is: before NAME, in a room's lobby, or playing a match."""

    NAMING = "naming"
    WATCHING = "watching"
    PLAYING = "playing"


@attrs.define(eq=False)
class Connection:
    """A connected client. Mutated only by the server's command handlers (one trio thread,
    so no locks); the writer task only reads the outbox."""

    number: int
    peer: str
    idle_timeout: float | None
    nick: str = ""
    gender: str = "none"
    visible: str = ""
    state: State = State.NAMING
    ready: bool = False
    room: str = "lobby"
    #: Wizards this client wants in its match (JOIN <room> <n>); 0: any number >= 2.
    wanted: int = 0
    table: Table | None = None
    #: Set once the client is gone (quit, dropped, timed out); sends are then ignored.
    closed: bool = False
    #: Why the server dropped the client, if it did.
    drop_reason: str = ""
    awaiting: bool = False
    deadline: float = math.inf
    #: The reader's current receive scope, so the idle deadline can move while it waits.
    receive_scope: trio.CancelScope | None = None
    #: Cancels everything the connection runs (set by the server's handler).
    scope: trio.CancelScope | None = None
    _outbox: trio.MemorySendChannel[bytes] | None = None

    def attach(self, outbox: trio.MemorySendChannel[bytes]) -> None:
        self._outbox = outbox

    @property
    def label(self) -> str:
        return self.nick or f"#{self.number}"

    def send(self, line: str) -> None:
        """Queue one line; never blocks. A full outbox drops the client."""
        if self.closed or self._outbox is None:
            return
        try:
            self._outbox.send_nowait(encode_line(line))
        except trio.WouldBlock:
            self.drop(f"not reading: more than {OUTBOX_LINES} lines queued")
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            self.closed = True

    def drop(self, reason: str) -> None:
        """Disconnect this client from outside its reader (slow reader, server shutdown)."""
        if not self.drop_reason:
            self.drop_reason = reason
        if self.scope is not None:
            self.scope.cancel()

    # -- idle clock ------------------------------------------------------------------
    def expect(self, awaiting: bool) -> None:
        """Start (or stop) the idle clock: the server now waits (or no longer waits) for
        this client. Starting an already running clock leaves it as it is."""
        if awaiting == self.awaiting:
            return
        self.awaiting = awaiting
        self._set_deadline(self._fresh_deadline() if awaiting else math.inf)

    def touched(self) -> None:
        """The client sent a line: restart the idle clock if it is running."""
        if self.awaiting:
            self._set_deadline(self._fresh_deadline())

    def _fresh_deadline(self) -> float:
        if self.idle_timeout is None:
            return math.inf
        return trio.current_time() + self.idle_timeout

    def _set_deadline(self, deadline: float) -> None:
        self.deadline = deadline
        if self.receive_scope is not None:
            self.receive_scope.deadline = deadline
