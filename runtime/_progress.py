"""A one-line progress bar for long runs, on stderr, that stays quiet when not a tty."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """``bar.update(done)`` redraws ``[#####.....] 50/100 12.3s eta 12s``.

    On a non-tty stream it prints a plain line at most every ``quiet_every``
    seconds instead, so logs and CI output stay readable.
    """

    def __init__(
        self,
        total: int,
        *,
        label: str = "",
        stream: TextIO | None = None,
        width: int = 30,
        quiet_every: float = 10.0,
    ) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.quiet_every = quiet_every
        self._started = time.monotonic()
        self._last_plain = 0.0
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, done: int, note: str = "") -> None:
        elapsed = time.monotonic() - self._started
        eta = elapsed / done * (self.total - done) if done else 0.0
        filled = int(self.width * done / self.total)
        line = (
            f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] "
            f"{done}/{self.total} {elapsed:.1f}s eta {eta:.0f}s {note}"
        ).rstrip()
        if self._tty:
            self.stream.write("\r" + line)
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif done >= self.total or elapsed - self._last_plain >= self.quiet_every:
            self._last_plain = elapsed
            self.stream.write(line + "\n")
            self.stream.flush()
