"""Play a recorded cast back through the :class:`Terminal` interface.

The recording is the game: output events are fed to the same emulator a live
terminal uses, and each key sent consumes the next recorded key. A frame is
complete where the recorded player typed next, which is where a live game was
waiting for input, so the game's frame rule is not needed (it is still
accepted, for the interface's sake).

``strict=True`` checks every key against the recording and raises
:class:`ReplayMismatchError` on the first difference; ``strict=False`` lets a test
drive the replay with any keys (each still consumes one recorded key).
"""

from __future__ import annotations

import os

import trio

from runtime import GameProcessError

from ._cast import INPUT, OUTPUT, Cast, read_cast
from ._emulator import Emulator
from ._snapshot import ScreenSnapshot
from ._terminal import FrameRule, Terminal


class ReplayMismatchError(ValueError):
    """A key sent to a strict replay is not the one the recording has next."""


class ReplayTerminal(Terminal):
    """A cast played back one frame at a time.

    ``inputs_left`` tells how many recorded keys remain; :meth:`next_key` peeks at
    the one the recorded player sends next, so a test can replay the whole game
    through a game adapter with ``await adapter.act(terminal.next_key())``.
    """

    def __init__(self, cast: Cast | str | os.PathLike[str], *, strict: bool = False) -> None:
        self.cast = cast if isinstance(cast, Cast) else read_cast(cast)
        self.size = self.cast.size
        self.strict = strict
        self.emulator = Emulator(self.size[1], self.size[0])
        self.generation = 0
        self._events = self.cast.events
        self._index = 0
        self._started = False
        self.keys_sent = 0

    async def start(self) -> None:
        self._started = True
        await trio.lowlevel.checkpoint()

    async def aclose(self) -> None:
        await trio.lowlevel.checkpoint()

    @property
    def position(self) -> int:
        """The number of cast events fed or consumed so far."""
        return self._index

    @property
    def exited(self) -> bool:
        return self._index >= len(self._events)

    @property
    def exit_description(self) -> str:
        return "the recording is over" if self.exited else "the recording goes on"

    @property
    def inputs_left(self) -> int:
        return sum(1 for e in self._events[self._index:] if e.kind == INPUT)

    def next_key(self) -> bytes:
        """The next recorded key; raises LookupError at the end of the recording."""
        for event in self._events[self._index:]:
            if event.kind == INPUT:
                return event.data
        raise LookupError("the recording has no more keys")

    def _feed_output(self) -> None:
        events = self._events
        while self._index < len(events) and events[self._index].kind != INPUT:
            event = events[self._index]
            if event.kind == OUTPUT:
                self.emulator.feed(event.data)
            self._index += 1

    async def send(self, keys: str | bytes) -> None:
        data = keys.encode("latin-1") if isinstance(keys, str) else bytes(keys)
        for byte in data:
            self._feed_output()
            if self.exited:
                raise GameProcessError(
                    f"cannot send {bytes([byte])!r}: the recording is over"
                )
            recorded = self._events[self._index].data
            if self.strict and recorded != bytes([byte]):
                raise ReplayMismatchError(
                    f"key {self.keys_sent + 1} is {bytes([byte])!r}, but the recording "
                    f"has {recorded!r} at event {self._index}"
                )
            self._index += 1
            self.keys_sent += 1
        await trio.lowlevel.checkpoint()

    async def wait_frame(self, ready: FrameRule) -> ScreenSnapshot:
        self._feed_output()
        self.generation += 1
        await trio.lowlevel.checkpoint()
        return self.snapshot()

    def snapshot(self) -> ScreenSnapshot:
        return self.emulator.snapshot(self.generation, exited=self.exited)

    def screen_at(self, event_index: int) -> ScreenSnapshot:
        """The screen after the first ``event_index`` events (a fresh emulator)."""
        emulator = Emulator(self.size[1], self.size[0])
        for event in self._events[:event_index]:
            if event.kind == OUTPUT:
                emulator.feed(event.data)
        return emulator.snapshot(0, exited=event_index >= len(self._events))
