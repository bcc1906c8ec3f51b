"""NetHack in-process through NLE (the NetHack Learning Environment), as a Terminal.

NLE runs the real NetHack 3.6 as a library and hands back its tty: 24 rows of 80
characters and a cursor. :class:`NleTerminal` exposes exactly that through the
:class:`protocols.pty.Terminal` interface, so :class:`NetHackAdapter` reads it with
the same screen reader and frame rule as the game in a pty — the agent cannot
tell them apart — while games are seedable and much faster (no process, no
terminal emulator: each key is one ``step``).

NLE is optional (the ``nle`` extra); :func:`nle_available` says whether it is
installed, and creating a terminal without it raises ModuleNotFoundError with the
install command.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import trio

from protocols.pty import ScreenSnapshot, Terminal
from runtime import Bus, GameProcessError

from ._playground import BASE_OPTIONS, unique_name
from ._screen import frame_ready

#: NLE's own window type replaces ``windowtype:tty``; the rest are our options.
NLE_OPTIONS = tuple(
    part
    for line in BASE_OPTIONS if "windowtype" not in line
    for part in line.removeprefix("OPTIONS=").split(",")
)


def nle_available() -> bool:
    """True if the ``nle`` package can be imported."""
    return importlib.util.find_spec("nle") is not None


class NleTerminal(Terminal):
    """One NLE game seen as a terminal. ``seeds`` is NLE's ``(core, disp)`` pair.

    The same seeds and keys give the same game. ``aclose`` closes the NLE
    instance (and its temporary directory).
    """

    size = (24, 80)

    def __init__(self, *, seeds: tuple[int, int] | None = None, name: str | None = None,
                 options: Sequence[str] = (), bus: Bus | None = None,
                 topic: str = "screen") -> None:
        if not nle_available():
            raise ModuleNotFoundError(
                "the NLE adapter needs the nle package: pip install 'belligerent[nle]'"
            )
        self.seeds = seeds
        self.bus = bus
        self.topic = topic
        self.name = name or unique_name()
        self.options = (*NLE_OPTIONS, f"name:{self.name}", *options)
        self.generation = 0
        self.keys_sent = 0
        self._env = None
        self._obs = None
        self._done = False

    async def start(self) -> None:
        from nle import nethack

        self._env = nethack.Nethack(
            observation_keys=("tty_chars", "tty_cursor"), playername=self.name,
            ttyrec=None, options=self.options,
        )
        if self.seeds is not None:
            self._env.set_initial_seeds(self.seeds[0], self.seeds[1], False)
        self._obs = self._env.reset()
        await trio.lowlevel.checkpoint()

    async def aclose(self) -> None:
        if self._env is not None:
            self._env.close()
            self._env = None
        await trio.lowlevel.checkpoint()

    @property
    def exited(self) -> bool:
        return self._done

    @property
    def exit_description(self) -> str:
        return "the NLE game is over" if self._done else "the NLE game goes on"

    async def send(self, keys: str | bytes) -> None:
        if self._env is None:
            raise RuntimeError("the terminal is not started; use `async with terminal:`")
        data = keys.encode("latin-1") if isinstance(keys, str) else bytes(keys)
        for byte in data:
            if self._done:
                raise GameProcessError(f"cannot send {bytes([byte])!r}: {self.exit_description}")
            self._obs, self._done = self._env.step(byte)
            self.keys_sent += 1
        await trio.lowlevel.checkpoint()

    async def wait_frame(self, ready=frame_ready) -> ScreenSnapshot:
        self.generation += 1
        snap = self.snapshot()
        if self.bus is not None:
            await self.bus.publish(self.topic, snap)
        else:
            await trio.lowlevel.checkpoint()
        return snap

    def snapshot(self) -> ScreenSnapshot:
        if self._obs is None:
            raise RuntimeError("the terminal is not started; use `async with terminal:`")
        chars, cursor = self._obs[0], self._obs[1]
        lines = tuple(bytes(row).decode("latin-1") for row in chars)
        return ScreenSnapshot(lines=lines, cursor=(int(cursor[0]), int(cursor[1])),
                              generation=self.generation, exited=self._done)
