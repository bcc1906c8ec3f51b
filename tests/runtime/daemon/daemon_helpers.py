"""Helpers for the daemon tests: a daemon in this process, and raw connections to it."""

from __future__ import annotations

import atexit
import io
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio

from runtime import encode
from runtime.daemon import DaemonConfig, FrameChannel, open_daemon
from runtime.daemon._daemon import Daemon

HERE = Path(__file__).parent
FAULTY = ("faulty", "daemon_doubles:PLUGIN")


def short_dir() -> Path:
    """A fresh folder with a path short enough for a Unix socket (tmp_path often isn't);
    removed when the test run ends."""
    folder = Path(tempfile.mkdtemp(prefix="bd-", dir="/tmp"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def with_doubles_on_path() -> None:
    """Let worker processes import the test doubles (they inherit the environment)."""
    parts = [str(HERE)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(parts))


@asynccontextmanager
async def running_daemon(**overrides: Any) -> AsyncIterator[Daemon]:
    """A daemon in this process with its own socket and records, removed afterwards."""
    folder = short_dir()
    with_doubles_on_path()
    settings: dict[str, Any] = dict(
        socket=folder / "d.sock", database=folder / "records.sqlite3", workers=0,
        extra_games=(FAULTY,), log_stream=io.StringIO(), grace=5.0,
    )
    settings.update(overrides)
    try:
        async with open_daemon(DaemonConfig(**settings)) as daemon:
            yield daemon
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@asynccontextmanager
async def raw_connection(daemon: Daemon) -> AsyncIterator[FrameChannel]:
    stream = await trio.open_unix_socket(str(daemon.config.socket))
    channel = FrameChannel.over(stream)
    try:
        yield channel
    finally:
        await channel.aclose()


async def ask(daemon: Daemon, message: Any) -> Any:
    async with raw_connection(daemon) as channel:
        await channel.send(message)
        return await channel.receive()


async def receive_all(channel: FrameChannel) -> list[Any]:
    """Every message until the daemon closes the connection."""
    found = []
    while True:
        try:
            found.append(await channel.receive())
        except (trio.EndOfChannel, trio.BrokenResourceError):
            return found


def frame(message: Any) -> bytes:
    return encode(message)
