"""asciinema v2 casts: the recording format of every terminal session.

A cast is a header line (a JSON object: version 2, width, height, timestamp, env,
title) and one JSON array per event, ``[seconds since start, kind, text]``, with
kind ``"o"`` for bytes the program wrote (one event per read) and ``"i"`` for one
key sent to it. Text is the bytes decoded as latin-1, so ``text.encode("latin-1")``
gives back exactly what went over the terminal, whatever the program wrote.

These are the files in ``shared/rogue/recordings``; a session recorded by
:class:`CastWriter` can be played back by :class:`protocols.pty.ReplayTerminal`.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from typing import IO

import attrs

OUTPUT = "o"
INPUT = "i"


@attrs.frozen
class CastEvent:
    """One event: ``t`` seconds after the start, ``kind`` "o" or "i", the raw bytes."""

    t: float
    kind: str
    data: bytes


@attrs.frozen
class Cast:
    """A whole recording: its header (a dict) and its events, in order."""

    header: Mapping[str, object]
    events: tuple[CastEvent, ...]

    @property
    def size(self) -> tuple[int, int]:
        """(lines, columns) of the recorded terminal."""
        return (int(self.header["height"]), int(self.header["width"]))  # type: ignore[arg-type]

    def inputs(self) -> tuple[bytes, ...]:
        return tuple(e.data for e in self.events if e.kind == INPUT)

    def output(self) -> bytes:
        return b"".join(e.data for e in self.events if e.kind == OUTPUT)


def parse_cast(text: str, *, source: str = "<cast>") -> Cast:
    """Parse the text of a v2 cast; raises ValueError naming the line that is wrong."""
    lines = text.splitlines()
    if not lines:
        raise ValueError(f"{source}: empty file, expected an asciinema v2 header")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise ValueError(f"{source}:1: the header is not JSON ({exc})") from None
    if not isinstance(header, dict) or header.get("version") != 2:
        raise ValueError(f"{source}:1: expected an asciinema v2 header, got {lines[0][:60]!r}")
    events = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            t, kind, data = json.loads(line)
            events.append(CastEvent(float(t), str(kind), str(data).encode("latin-1")))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{source}:{number}: not a [t, kind, text] event ({exc})") from None
    return Cast(header, tuple(events))


def read_cast(path: str | os.PathLike[str]) -> Cast:
    """Read a cast file (see :func:`parse_cast`)."""
    with open(path, encoding="utf-8") as f:
        return parse_cast(f.read(), source=os.fspath(path))


class CastWriter:
    """Writes a cast as the session goes: header first, then one line per event.

    Writes go to an ordinary buffered file and are flushed on :meth:`close`; a line
    is a few dozen bytes, so writing from the event loop costs a memory copy, not
    a disk wait. The writer owns the file it opened; ``close`` is idempotent.
    """

    def __init__(self, path: str | os.PathLike[str], *, size: tuple[int, int],
                 env: Mapping[str, str] | None = None, title: str = "",
                 clock=time.monotonic) -> None:
        self.path = os.fspath(path)
        self._clock = clock
        self._start = clock()
        self._file: IO[str] | None = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
        header: dict[str, object] = {
            "version": 2, "width": size[1], "height": size[0], "timestamp": int(time.time()),
        }
        if env:
            header["env"] = dict(env)
        if title:
            header["title"] = title
        self._file.write(json.dumps(header) + "\n")
        self.events = 0

    def _event(self, kind: str, data: bytes) -> None:
        if self._file is None:
            return
        t = round(self._clock() - self._start, 6)
        self._file.write(json.dumps([t, kind, data.decode("latin-1")]) + "\n")
        self.events += 1

    def output(self, data: bytes) -> None:
        """Record one read of program output."""
        self._event(OUTPUT, data)

    def key(self, key: bytes) -> None:
        """Record one key sent to the program."""
        self._event(INPUT, key)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
