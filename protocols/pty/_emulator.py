"""The terminal emulator: a strict pyte screen plus the two xterm features games use.

ncurses under ``TERM=xterm`` draws runs of one character with REP (``CSI n b``) and
plays on the alternate screen (``CSI ? 1049 h/l``). Stock pyte 0.8.2 implements
neither, so walls come out short and a game's last screen stays under its score
list. :class:`XtermScreen` adds both; everything else is pyte's.

:class:`Emulator` owns one screen and its strict ``ByteStream`` (``strict=True``
checks at attach time that the screen handles every event the stream emits),
routes the screen's answers to device queries back to the program, and keeps a
cache of rendered lines that it refreshes only from ``screen.dirty`` — it is the
one consumer of ``dirty`` and clears it as it renders. Rendering 24 dirty-only
lines instead of 1,920 cells per frame is what lets a reader keep up with a game
that answers a key in microseconds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import pyte
import structlog

from ._snapshot import ScreenSnapshot

_log = structlog.get_logger("belligerent.pty")

#: Private modes that switch to the alternate screen (1049 also saves the cursor).
_ALT_SCREEN_MODES = frozenset({47 << 5, 1047 << 5, 1049 << 5})


class XtermScreen(pyte.Screen):
    """A pyte screen that also repeats characters (REP) and has an alternate screen.

    The alternate screen is a second buffer: entering it (``?1049h``) saves the
    cursor and shows a blank buffer; leaving it (``?1049l``) brings back the
    normal buffer as it was and restores the cursor, as xterm does.
    """

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self._last_char = ""
        self._normal_buffer = None
        self.unknown_sequences = 0

    def draw(self, data: str) -> None:
        super().draw(data)
        if data:
            self._last_char = data[-1]

    def repeat_last(self, count: int = 1, *args: int, **kwargs: object) -> None:
        """REP: draw the last graphic character ``count`` more times (at least once)."""
        if self._last_char:
            self.draw(self._last_char * max(1, min(count, self.columns * self.lines)))

    def set_mode(self, *modes: int, **kwargs: object) -> None:
        if kwargs.get("private") and _ALT_SCREEN_MODES & {m << 5 for m in modes}:
            self._enter_alternate(1049 in modes)
            modes = tuple(m for m in modes if m << 5 not in _ALT_SCREEN_MODES)
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs: object) -> None:
        if kwargs.get("private") and _ALT_SCREEN_MODES & {m << 5 for m in modes}:
            self._leave_alternate(1049 in modes)
            modes = tuple(m for m in modes if m << 5 not in _ALT_SCREEN_MODES)
        super().reset_mode(*modes, **kwargs)

    def _enter_alternate(self, save_cursor: bool) -> None:
        if self._normal_buffer is not None:
            return
        if save_cursor:
            self.save_cursor()
        self._normal_buffer = self.buffer
        self.buffer = defaultdict(lambda: pyte.screens.StaticDefaultDict(self.default_char))
        self.dirty.update(range(self.lines))

    def _leave_alternate(self, restore_cursor: bool) -> None:
        if self._normal_buffer is None:
            return
        self.buffer = self._normal_buffer
        self._normal_buffer = None
        if restore_cursor:
            self.restore_cursor()
        self.dirty.update(range(self.lines))

    @property
    def alternate(self) -> bool:
        """True while the alternate screen is showing."""
        return self._normal_buffer is not None

    def debug(self, *args: object, **kwargs: object) -> None:
        # Unknown or unsupported sequences (CSI t window ops, garbage) are counted,
        # not fatal: a terminal does not stop for a sequence it does not know.
        self.unknown_sequences += 1


class XtermByteStream(pyte.ByteStream):
    """pyte's byte stream with REP (``CSI n b``) dispatched to the screen."""

    csi = dict(pyte.ByteStream.csi, b="repeat_last")
    events = pyte.ByteStream.events | {"repeat_last"}


class Emulator:
    """A screen fed with a program's output bytes; renders immutable snapshots.

    ``reply`` receives the bytes the terminal must send back to the program (the
    answers to device status and attribute queries); the pty adapter writes them
    to the pseudo-terminal. Exceptions from pyte's handlers on malformed input are
    caught and counted in :attr:`errors`; pyte resets its parser, and the screen
    goes on with the next byte, as a hardware terminal would.
    """

    def __init__(self, columns: int = 80, lines: int = 24,
                 reply: Callable[[bytes], None] | None = None) -> None:
        self.columns = columns
        self.lines = lines
        self.screen = XtermScreen(columns, lines)
        self.screen.write_process_input = self._write_process_input  # type: ignore[method-assign]
        self.stream = XtermByteStream(self.screen, strict=True)
        self._reply = reply
        self._rendered: list[str] = [" " * columns] * lines
        self.screen.dirty.update(range(lines))
        self.errors = 0
        #: Bytes fed since creation.
        self.fed = 0

    def _write_process_input(self, data: str) -> None:
        if self._reply is not None:
            self._reply(data.encode("latin-1", "replace"))

    def feed(self, data: bytes) -> None:
        """Feed output bytes from the program. Never raises on malformed input."""
        self.fed += len(data)
        try:
            self.stream.feed(data)
        except Exception as exc:  # a handler choked on garbage; pyte reset its parser
            self.errors += 1
            _log.debug("pty.emulator_error", error=repr(exc))

    def render(self) -> tuple[str, ...]:
        """The screen's lines, re-rendering only the lines marked dirty (and clearing them)."""
        screen = self.screen
        dirty = screen.dirty
        if dirty:
            columns = self.columns
            buffer = screen.buffer
            rendered = self._rendered
            for y in dirty:
                if 0 <= y < self.lines:
                    line = buffer[y]
                    text = "".join([line[x].data for x in range(columns)])
                    if len(text) != columns:  # wide or zero-width characters
                        text = text[:columns].ljust(columns)
                    rendered[y] = text
            dirty.clear()
        return tuple(self._rendered)

    @property
    def cursor(self) -> tuple[int, int]:
        """(row, column), counted from 0; the column may equal the width after a full line."""
        return (self.screen.cursor.y, self.screen.cursor.x)

    def snapshot(self, generation: int, *, exited: bool = False) -> ScreenSnapshot:
        return ScreenSnapshot(lines=self.render(), cursor=self.cursor, generation=generation,
                              alternate=self.screen.alternate, exited=exited)


