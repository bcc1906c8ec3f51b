"""Stop quietly when the reader of our output goes away (``belligerent play ... | head``).

A command that prints a game turn by turn is often piped into ``head`` or a pager
that exits early. Python ignores SIGPIPE (sockets would otherwise kill the process),
so the next ``print`` raises BrokenPipeError deep inside a game's display code, where
it looks like a crash. :class:`GuardedStdout` turns that first failed write into
:class:`OutputClosed` — an interrupt, not an error — after pointing the file
descriptor at ``/dev/null`` so that nothing written during unwinding fails again.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


class OutputClosed(KeyboardInterrupt):
    """The reader of standard output went away; stop as if interrupted, without an error.

    A KeyboardInterrupt so that every layer that already treats an interrupt as a
    request to stop (sessions log it as cancelled, cleanups run) does the same here.
    """


def only(exc: BaseException, kind: type[BaseException]) -> bool:
    """Whether ``exc`` is ``kind``, or a (nested) exception group holding nothing else."""
    if isinstance(exc, kind):
        return True
    if isinstance(exc, BaseExceptionGroup):
        return all(only(inner, kind) for inner in exc.exceptions)
    return False


class GuardedStdout:
    """A proxy for ``sys.stdout`` that raises :class:`OutputClosed` on a broken pipe."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.closed_by_reader = False

    def _guard(self, method: str, *args: object) -> object:
        if self.closed_by_reader:
            return None  # fd 1 is /dev/null now; swallow what unwinding still prints
        try:
            return getattr(self._stream, method)(*args)
        except BrokenPipeError:
            self.closed_by_reader = True
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)
            raise OutputClosed("standard output was closed by its reader") from None

    def restore(self) -> None:
        """Put the original stream back as ``sys.stdout``."""
        if sys.stdout is self:
            sys.stdout = self._stream  # type: ignore[assignment]

    def write(self, text: str) -> object:
        return self._guard("write", text)

    def flush(self) -> object:
        return self._guard("flush")

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def guard_stdout() -> GuardedStdout:
    """Install a guard on ``sys.stdout`` and return it; call its ``restore()`` when done."""
    guard = GuardedStdout(sys.stdout)
    sys.stdout = guard  # type: ignore[assignment]
    return guard
