"""The skeleton every terminal game adapter shares: frames in, keys out.

A :class:`ScreenGameAdapter` owns a :class:`Terminal` (live or replayed). ``act``
sends a key string and waits for the next complete frame under the game's frame
rule; ``observe`` turns the current frame into the game's view message. Between
the two, :meth:`ScreenGameAdapter.settle` lets a game answer screens that are no
decision of the agent's (the tombstone's "press return") and notice the end.
"""

from __future__ import annotations

import abc
from typing import Any

import trio

from runtime import GameAdapter, GameOver, Observed

from ._snapshot import ScreenSnapshot
from ._terminal import Terminal


class ScreenGameAdapter(GameAdapter):
    """A terminal game: subclasses say how to read a screen and when it is at rest.

    ``aclose`` closes the terminal (and with it the game process), whatever state
    the game is in; subclasses that own more (a temporary directory) extend it.
    """

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self.frame: ScreenSnapshot | None = None
        #: Keys the agent sent (its actions), and keys sent in all.
        self.actions = 0
        self.over = False

    # -- what a game supplies ----------------------------------------------

    @abc.abstractmethod
    def frame_ready(self, snapshot: ScreenSnapshot) -> bool:
        """The game's frame rule (see :mod:`protocols.pty._terminal`)."""

    @abc.abstractmethod
    def read(self, snapshot: ScreenSnapshot) -> Any:
        """The game's view of one screen (a message)."""

    async def settle(self, snapshot: ScreenSnapshot) -> ScreenSnapshot:
        """Handle screens that need no decision; return the one to show the agent."""
        return snapshot

    # -- the adapter interface ---------------------------------------------

    async def start(self) -> None:
        await self.terminal.start()
        try:
            first = await self.terminal.wait_frame(self.frame_ready)
            self.frame = await self.settle(first)
        except BaseException:
            with trio.CancelScope(shield=True):
                await self.terminal.aclose()
            raise

    def _current(self) -> ScreenSnapshot:
        if self.frame is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self.frame

    async def observe(self) -> Observed:
        frame = self._current()
        await trio.lowlevel.checkpoint()
        return Observed(self.read(frame), terminal=self.over)

    async def act(self, action: Any) -> None:
        """Send ``action`` (a string of keys) and wait for the frame it produces."""
        self._current()
        if self.over:
            raise GameOver(f"the {self.game} game is over")
        if not isinstance(action, str) or not action:
            raise ValueError(f"a {self.game} action is a non-empty string of keys, "
                             f"got {action!r}")
        self.actions += 1
        frame = await self.press(action)
        self.frame = await self.settle(frame)

    async def press(self, keys: str | bytes) -> ScreenSnapshot:
        """Send keys one at a time, each after the frame of the one before.

        That is how a player types ``#quit`` or a count: seeing each echo or prompt
        first. A multi-key action is one decision, but never a burst whose
        intermediate screens could be mistaken for the last one. Stops early if the
        game exits.
        """
        data = keys.encode("latin-1") if isinstance(keys, str) else bytes(keys)
        frame = self.frame
        for i in range(len(data)):
            frame = await self.terminal.exchange(data[i:i + 1], self.frame_ready)
            if frame.exited:
                break
        assert frame is not None
        return frame

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            await self.terminal.aclose()
