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

from runtime import GameAdapter, GameOver, GameProcessError, Observed

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
        #: Seconds to pause after each action, so that a person can watch (0: none).
        self.pace = 0.0
        self._view_cache: tuple[ScreenSnapshot, Any] | None = None

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
        # ``async with`` does not call aclose when start fails, so start cleans up
        # after itself: the process, and whatever a subclass holds (a directory,
        # a playground slot).
        try:
            await self.terminal.start()
            first = await self.terminal.wait_frame(self.frame_ready)
            self.frame = await self.settle(first)
        except BaseException:
            with trio.CancelScope(shield=True):
                await self.aclose()
            raise

    def _current(self) -> ScreenSnapshot:
        if self.frame is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self.frame

    def view(self, snapshot: ScreenSnapshot) -> Any:
        """:meth:`read` of ``snapshot``, remembered for the last frame (settle and
        observe read the same frame; parsing it once saves a tenth of an action)."""
        cached = self._view_cache
        if cached is not None and cached[0] is snapshot:
            return cached[1]
        view = self.read(snapshot)
        self._view_cache = (snapshot, view)
        return view

    async def observe(self) -> Observed:
        frame = self._current()
        await trio.lowlevel.checkpoint()
        return Observed(self.view(frame), terminal=self.over)

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
        if self.pace:
            await trio.sleep(self.pace)

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

    async def press_to_end(self, keys: str) -> ScreenSnapshot:
        """Press keys on a screen after the game is decided; if the game has already
        exited by itself (its last key came from elsewhere), return its last frame."""
        try:
            return await self.press(keys)
        except GameProcessError:
            if not self.terminal.exited and not self._has_exited():
                raise
            return await self.terminal.wait_frame(self.frame_ready)

    def _has_exited(self) -> bool:
        process = getattr(self.terminal, "process", None)
        return process is not None and process.poll() is not None

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            await self.terminal.aclose()
