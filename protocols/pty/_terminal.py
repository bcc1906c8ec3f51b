"""Terminals a game adapter talks to: send keys, wait for a complete frame.

:class:`Terminal` is the interface; :class:`PtyTerminal` drives a live program in a
pseudo-terminal and :class:`protocols.pty.ReplayTerminal` plays a recorded cast
back through the same calls, so a game adapter (and its tests) cannot tell them
apart.

Frame completion. A game gives no "ready for input" marker, and "wait until the
screen stops changing" is both slow (a fixed quiet period per key) and wrong
(some keys produce no output at all). A frame is complete when:

1. the game wrote something after our key, the game's own rule says the
   screen is at rest (``ready(snapshot)``: the cursor on the hero and no prompt
   showing, a ``--More--`` with the cursor after it, a menu...), and the game
   is done with the key: not still running (``PtyProcess.state`` is not "busy"),
   and all it wrote since the key has reached us (the kernel hands a pty's output
   to the master side a moment after the write; /proc's count of bytes written
   says how much is still on its way). This is the fast path: no waiting beyond
   the game's answer. The last checks cost a few reads of /proc per key and
   matter: a game may draw a turn in two refreshes (Rogue does), and the screen
   between them looks at rest — the cursor back on the hero, a ``--More--`` not
   yet written. An agent shown that frame decides on a screen that depends on
   the machine's load; or
2. after a key, nothing (or nothing recognisable) has arrived for
   ``Watchdog.silence`` seconds and the process is asleep in a read (or poll) of
   its terminal, has read more bytes than when the key was sent, and has nothing
   left in its input queue — it is blocked on its next key (asleep in anything
   else, such as a nanosleep for an animation, does not count) — and nothing it
   wrote is still on its way. /proc and the terminal's input queue answer that;
   the screen is then complete by definition, even if the game's rule did not
   know it. (Bytes written to a file also count as written; after
   ``Watchdog.in_flight`` seconds of waiting for them, they are taken to be that.)
   Before the first key only rule 1 applies: a program that is still starting
   is asleep too (waiting for a child, loading files) without being ready.

Watchdog. Within ``Watchdog.hang_timeout`` seconds of a key the frame must be
complete; a stopped process is reported at once, a process that never reads its
keys or never stops computing when the timeout passes. Either raises
:class:`runtime.GameProcessError` with the cause; the caller's ``aclose`` then
reaps the child. A program that exits makes :meth:`Terminal.wait_frame` return a
snapshot with ``exited`` set; whether that was the game's normal end is for the
game adapter to say.

Timing of keys. An ESC that ends a :meth:`Terminal.send` is a bare ESC: curses
waits to see whether a key sequence follows, so the next byte is held back until
``KeyTiming.esc_silence`` seconds have passed (Rogue loses an ESC followed within
about 170 ms; see shared/rogue/NOTES.md).
"""

from __future__ import annotations

import abc
import os
from collections.abc import Callable, Mapping, Sequence

import attrs
import structlog
import trio

from runtime import Bus, GameProcessError

from ._cast import CastWriter
from ._emulator import Emulator
from ._process import PtyProcess, describe_status
from ._snapshot import ScreenSnapshot

_log = structlog.get_logger("belligerent.pty")

ESC = 0x1B

#: The game's "is this screen at rest?" rule.
FrameRule = Callable[[ScreenSnapshot], bool]


def any_output(snapshot: ScreenSnapshot) -> bool:
    """A frame rule for programs with no known screens: complete once output arrived."""
    return True


@attrs.frozen
class KeyTiming:
    """How keys are sent."""

    #: Silence after a bare ESC before the next byte (seconds).
    esc_silence: float = 0.25


@attrs.frozen
class Watchdog:
    """When a game counts as hung."""

    #: A key's frame must be complete within this many seconds.
    hang_timeout: float = 10.0
    #: Quiet this long after a key, ask /proc whether the game waits for input.
    silence: float = 0.003
    #: Wait at most this long for output the game wrote but we have not read
    #: (beyond it, the bytes went to a file).
    in_flight: float = 0.05


#: The defaults, shared (both are frozen).
DEFAULT_TIMING = KeyTiming()
DEFAULT_WATCHDOG = Watchdog()


class Terminal(trio.abc.AsyncResource):
    """A program's screen and keyboard, one frame at a time.

    Use as ``async with terminal:``. ``generation`` counts completed frames.
    """

    size: tuple[int, int] = (24, 80)
    generation: int = 0

    async def __aenter__(self) -> Terminal:
        await self.start()
        return self

    @abc.abstractmethod
    async def start(self) -> None:
        """Start the program; then call :meth:`wait_frame` for its first screen."""

    @abc.abstractmethod
    async def send(self, keys: str | bytes) -> None:
        """Send keys (str is encoded latin-1). A trailing ESC is a bare ESC."""

    @abc.abstractmethod
    async def wait_frame(self, ready: FrameRule) -> ScreenSnapshot:
        """Wait until the screen is complete (see the module docstring) and return it."""

    @abc.abstractmethod
    def snapshot(self) -> ScreenSnapshot:
        """The screen now, as of the last frame or read."""

    @property
    @abc.abstractmethod
    def exited(self) -> bool:
        """True once the program is gone (or the recording is over)."""

    @property
    def exit_description(self) -> str:
        """How the program ended, in words ("exited with status 0")."""
        return "has not exited"

    async def exchange(self, keys: str | bytes, ready: FrameRule) -> ScreenSnapshot:
        """Send keys and wait for the frame they produce."""
        await self.send(keys)
        return await self.wait_frame(ready)


def _as_bytes(keys: str | bytes) -> bytes:
    return keys.encode("latin-1") if isinstance(keys, str) else bytes(keys)


class PtyTerminal(Terminal):
    """A live program in a pseudo-terminal of ``size`` (lines, columns).

    ``env`` is the whole environment of the program; ``TERM`` (default ``xterm``),
    ``LINES`` and ``COLUMNS`` are set in it from ``term`` and ``size``. ``record``
    names a cast file to write the session to. Completed frames are published on
    ``bus`` under ``topic`` when a bus is given (subscribe with ``KEEP_LATEST``:
    a ``BLOCK`` subscriber that falls behind holds up the game).

    ``aclose`` closes the recording and tears the program down (see
    :meth:`PtyProcess.aclose`): nothing is left running or open, whatever state
    the game or the caller is in.
    """

    def __init__(
        self, argv: Sequence[str], *, env: Mapping[str, str], cwd: str | None = None,
        size: tuple[int, int] = (24, 80), term: str = "xterm",
        timing: KeyTiming = DEFAULT_TIMING, watchdog: Watchdog = DEFAULT_WATCHDOG,
        record: str | os.PathLike[str] | None = None, title: str = "",
        bus: Bus | None = None, topic: str = "screen", grace: float = 1.0,
    ) -> None:
        self.argv = tuple(argv)
        self.env = {**env, "TERM": term, "LINES": str(size[0]), "COLUMNS": str(size[1])}
        self.cwd = cwd
        self.size = size
        self.timing = timing
        self.watchdog = watchdog
        self.record_path = record
        self.title = title
        self.bus = bus
        self.topic = topic
        self.grace = grace
        self.process: PtyProcess | None = None
        self.emulator = Emulator(size[1], size[0], reply=self._reply)
        self.generation = 0
        self._recorder: CastWriter | None = None
        self._keys_pending = False
        self._output_since_frame = False
        self._esc_until = 0.0
        self._read_at_send = -1
        self._written_at_send = -1
        self._bytes_at_send = 0
        self._in_flight_since: float | None = None
        self._exited = False
        #: Bytes read and keys sent over the session (for benchmarks and logs).
        self.bytes_read = 0
        self.keys_sent = 0

    # -- lifetime ------------------------------------------------------------

    async def start(self) -> None:
        """Spawn the program. Raises OSError if it cannot be started."""
        if self.process is not None:
            raise RuntimeError("this terminal was already started")
        if self.record_path is not None:
            self._recorder = CastWriter(
                self.record_path, size=self.size, title=self.title,
                env={"TERM": self.env["TERM"]},
            )
        try:
            self.process = PtyProcess.spawn(self.argv, env=self.env, cwd=self.cwd,
                                            size=self.size)
        except BaseException:
            self._close_recorder()
            raise
        self._keys_pending = False
        self._output_since_frame = False
        await trio.lowlevel.checkpoint()

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            self._close_recorder()
            if self.process is not None:
                await self.process.aclose(grace=self.grace)
            else:
                await trio.lowlevel.checkpoint()

    def _close_recorder(self) -> None:
        if self._recorder is not None:
            self._recorder.close()
            self._recorder = None

    def _proc(self) -> PtyProcess:
        if self.process is None:
            raise RuntimeError("the terminal is not started; use `async with terminal:`")
        return self.process

    @property
    def pid(self) -> int:
        return self._proc().pid

    @property
    def exited(self) -> bool:
        return self._exited

    @property
    def exit_status(self) -> int | None:
        return None if self.process is None else self.process.returncode

    @property
    def exit_description(self) -> str:
        process = self._proc()
        return f"the game process (pid {process.pid}) {describe_status(process.returncode)}"

    # -- keys ----------------------------------------------------------------

    def _reply(self, data: bytes) -> None:
        # Answers to device queries go straight back; they are the terminal's, not keys.
        if self.process is not None and not self._exited:
            self.process.write_nowait(data)

    async def send(self, keys: str | bytes) -> None:
        """Write ``keys``, holding back anything that follows a bare ESC.

        Raises GameProcessError if the program has gone. Cancellation may leave
        part of ``keys`` sent.
        """
        process = self._proc()
        data = _as_bytes(keys)
        if self._exited or process.poll() is not None:
            raise GameProcessError(f"cannot send keys: {self.exit_description}")
        wait = self._esc_until - trio.current_time()
        if wait > 0:
            await trio.sleep(wait)
        # The program must read past this point to have taken the keys: a count
        # from the first of several sends would be passed by reading the earlier
        # keys alone, while the last is still on its way through the kernel.
        self._read_at_send = process.chars_read()
        self._written_at_send = process.chars_written()
        self._bytes_at_send = self.bytes_read
        try:
            await process.write(data)
        except OSError as exc:
            raise GameProcessError(f"cannot send keys: {self.exit_description} ({exc})") from exc
        if self._recorder is not None:
            for byte in data:
                self._recorder.key(bytes([byte]))
        self.keys_sent += len(data)
        if data and data[-1] == ESC:
            self._esc_until = trio.current_time() + self.timing.esc_silence
        self._keys_pending = True

    # -- frames --------------------------------------------------------------

    def snapshot(self) -> ScreenSnapshot:
        return self.emulator.snapshot(self.generation, exited=self._exited)

    def _drain(self) -> bool:
        """Feed everything readable now to the emulator; True if anything came."""
        process = self._proc()
        got = False
        while not self._exited:
            try:
                data = process.read_nowait()
            except EOFError:
                self._exited = True
                break
            if not data:
                break
            got = True
            self.bytes_read += len(data)
            self.emulator.feed(data)
            if self._recorder is not None:
                self._recorder.output(data)
        if got:
            self._output_since_frame = True
        return got

    async def wait_frame(self, ready: FrameRule) -> ScreenSnapshot:
        """Wait for a complete frame and return it (``exited`` set if the program ended).

        Raises GameProcessError if the program hangs (see the module docstring).
        Cancellation leaves the terminal consistent: bytes already read are on
        the screen, and the next call goes on from there.
        """
        process = self._proc()
        watchdog = self.watchdog
        started = trio.current_time()
        deadline = started + watchdog.hang_timeout
        how = "output"
        while True:
            self._drain()
            if self._exited:
                with trio.move_on_after(self.grace) as scope:
                    scope.shield = True
                    await process.wait()
                how = "exit"
                break
            snap = self.emulator.snapshot(self.generation + 1)
            if self._output_since_frame and ready(snap) and self._at_rest(process):
                break
            now = trio.current_time()
            if now >= deadline:
                raise self._hang(f"no complete frame within {watchdog.hang_timeout} s")
            quiet_until = max(now + watchdog.silence, self._esc_until)
            with trio.move_on_at(min(quiet_until, deadline)):
                await process.wait_readable()
                continue
            if trio.current_time() < quiet_until:
                continue
            # Quiet: is the game blocked on its next key?
            state = process.state(read_since=self._read_at_send if self._keys_pending else -1)
            if state == "stopped":
                raise self._hang("the game process is stopped (SIGSTOP?)")
            if state == "waiting" and self._keys_pending and self._all_arrived(process):
                how = "silence" if self._output_since_frame else "no-output"
                break
        self.generation += 1
        self._keys_pending = False
        self._output_since_frame = False
        self._in_flight_since = None
        snap = self.emulator.snapshot(self.generation, exited=self._exited)
        _log.debug("pty.frame", dir="<<", generation=self.generation, how=how,
                   cursor=snap.cursor, wait=round(trio.current_time() - started, 6))
        if self.bus is not None:
            await self.bus.publish(self.topic, snap)
        return snap

    def _at_rest(self, process: PtyProcess) -> bool:
        """Whether a screen the game's rule accepts is final: the game is not busy
        with our key still (rule 1). Before the first key there is nothing to ask."""
        if not self._keys_pending:
            return True
        if process.state(read_since=self._read_at_send) == "busy":
            return False
        return self._all_arrived(process)

    def _all_arrived(self, process: PtyProcess) -> bool:
        """Whether everything the game wrote since the key is on our screen (the
        game has stopped writing: it is blocked on its next key).

        Terminal post-processing only adds bytes (``\n`` to ``\r\n``), so having
        read at least as much as was written means nothing is left on the way.
        """
        if self._drain():
            return False
        if self._written_at_send < 0:
            return True  # /proc cannot tell: trust the game's state
        written = process.chars_written() - self._written_at_send
        if written <= self.bytes_read - self._bytes_at_send:
            return True
        now = trio.current_time()
        if self._in_flight_since is None:
            self._in_flight_since = now
        return now - self._in_flight_since >= self.watchdog.in_flight

    def _hang(self, what: str) -> GameProcessError:
        process = self._proc()
        cause = f"game hung: {what} (pid {process.pid}, state {process.state()})"
        _log.warning("pty.hang", pid=process.pid, cause=cause, generation=self.generation,
                     screen=self.emulator.snapshot(self.generation).text())
        return GameProcessError(cause)
