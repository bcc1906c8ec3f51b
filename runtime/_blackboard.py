"""The blackboard: named, versioned entries that actors share.

Every write records who wrote it and the generation (the observation it was
derived from), bumps the entry's version, tells the activation scheduler
synchronously (so the generation barrier can never miss a cascade), and is
announced on the bus as :class:`EntryChanged` on topic ``blackboard.<name>``.

Values must be immutable (tuples, frozensets, frozen attrs instances, numbers,
strings): every reader gets the same object, and nobody may change it under them.
The blackboard checks the obvious mistakes (a list, a dict, a set) at write time.

Invariant: an entry's generation never decreases. A write tagged with an older
generation than the entry holds is a bug in the writer (it reasoned over a stale
world) and raises :class:`StaleWriteError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
import structlog
import trio

from ._bus import Bus
from ._exceptions import StaleWriteError
from ._messages import EntryChanged

_log = structlog.get_logger("belligerent.blackboard")

_MUTABLE = (list, dict, set, bytearray)


@attrs.frozen
class Entry:
    """One version of one blackboard entry."""

    name: str
    value: Any
    #: 1 for the first write, +1 for each write after.
    version: int
    writer: str
    #: The generation the value was derived from. Never decreases.
    generation: int


#: Called synchronously on every write, before the write returns.
WriteListener = Callable[[Entry], None]


class Blackboard:
    """The shared world model of one session.

    ``trace=True`` logs every read and write at debug level (``blackboard.read``,
    ``blackboard.write``): the activity stream, for seeing who looked at what.
    """

    def __init__(self, bus: Bus | None = None, *, session: str = "", trace: bool = False):
        self._entries: dict[str, Entry] = {}
        self._listeners: list[WriteListener] = []
        self._bus = bus
        self._session = session
        self.trace = trace

    def add_listener(self, listener: WriteListener) -> None:
        """Call ``listener(entry)`` synchronously after every write."""
        self._listeners.append(listener)

    def entry(self, name: str, *, reader: str = "") -> Entry | None:
        """The current entry called ``name``, or None if it was never written."""
        entry = self._entries.get(name)
        if self.trace:
            _log.debug(
                "blackboard.read",
                entry=name,
                reader=reader,
                version=entry.version if entry else 0,
            )
        return entry

    def read(self, name: str, default: Any = None, *, reader: str = "") -> Any:
        """The current value of ``name``, or ``default`` if it was never written."""
        entry = self.entry(name, reader=reader)
        return default if entry is None else entry.value

    def names(self) -> frozenset[str]:
        """Every entry written so far."""
        return frozenset(self._entries)

    def snapshot(self, names: Iterable[str] | None = None) -> dict[str, Entry]:
        """A copy of the current entries (all, or those named)."""
        if names is None:
            return dict(self._entries)
        return {n: self._entries[n] for n in names if n in self._entries}

    def write_nowait(self, name: str, value: Any, *, writer: str, generation: int) -> Entry:
        """Write ``value`` without announcing it on the bus; returns the new entry.

        Listeners (the activation scheduler) are still told. Use :meth:`write` from
        actors; this is for the session seeding the board and for tests.
        """
        if isinstance(value, _MUTABLE):
            raise TypeError(
                f"blackboard entry {name!r} from {writer!r} got a mutable "
                f"{type(value).__name__}; write an immutable value (tuple, frozenset, "
                f"frozen attrs instance) so readers can't be changed under"
            )
        previous = self._entries.get(name)
        if previous is not None and generation < previous.generation:
            raise StaleWriteError(
                f"{writer!r} wrote {name!r} for generation {generation}, but it already "
                f"holds generation {previous.generation} (written by {previous.writer!r}); "
                f"a writer must not reason over an older world than the board holds"
            )
        entry = Entry(
            name=name,
            value=value,
            version=1 if previous is None else previous.version + 1,
            writer=writer,
            generation=generation,
        )
        self._entries[name] = entry
        if self.trace:
            _log.debug(
                "blackboard.write",
                entry=name,
                writer=writer,
                version=entry.version,
                generation=generation,
            )
        for listener in self._listeners:
            listener(entry)
        return entry

    async def write(self, name: str, value: Any, *, writer: str, generation: int) -> Entry:
        """Write and announce on the bus as ``blackboard.<name>``.

        The write itself (and the activation of the entry's readers) happens before
        the first checkpoint, so cancellation can only lose the announcement, never
        the write.
        """
        entry = self.write_nowait(name, value, writer=writer, generation=generation)
        if self._bus is not None:
            await self._bus.publish(
                "blackboard." + name,
                EntryChanged(self._session, name, entry.version, writer, generation),
            )
        else:
            await trio.lowlevel.checkpoint()
        return entry
