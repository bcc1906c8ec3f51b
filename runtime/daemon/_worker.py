"""A worker process: plays the sessions the daemon sends it, in one trio loop.

Run as ``python -m runtime.daemon._worker [--game NAME=MODULE:ATTR ...]`` by the
daemon's pool; it speaks the protocol of :mod:`._workerproto` on stdin and a
private copy of stdout. Every structlog event at or above the level the daemon
asks for is forwarded as a :class:`LogEvent` frame; nothing is printed.

The end of stdin means the daemon is gone: the worker stops every session (each
closes its game) and exits, so a killed daemon leaves no orphan behind.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

import structlog
import trio

from runtime._codec import encode
from runtime._registry import GamePlugin

from ._events import event_from_dict, level_number
from ._outbox import Outbox
from ._play import SessionControl, failed, play_session, resolve_game
from ._wire import FrameChannel
from ._workerproto import (
    Heartbeat,
    Quit,
    SessionEnded,
    SetLevel,
    StartSession,
    StopSession,
    WorkerHello,
)

_log = structlog.get_logger("belligerent.worker")

#: Seconds between heartbeats; the daemon's timeout is many of these.
HEARTBEAT = 1.0
#: The level forwarded when no viewer asks for more: the daemon logs these.
QUIET_LEVEL = "warning"


def configure_forwarding(outbox: Outbox, level: str) -> None:
    """Route every structlog event at ``level`` and above into ``outbox`` as a frame."""

    def forward(logger: Any, method: str, event_dict: dict[str, Any]) -> Any:
        try:
            outbox.put_log(encode(event_from_dict(event_dict, method)))
        except Exception:  # an event that can't be carried must not break the game
            outbox.dropped += 1
        raise structlog.DropEvent

    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            forward,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(_python_level(level)),
        cache_logger_on_first_use=False,
    )


def set_level(level: str) -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(_python_level(level)))


def _python_level(level: str) -> int:
    return {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING,
            "error": logging.ERROR}.get(level, logging.WARNING)


class Worker:
    """The worker's state: its sessions and how to reach the daemon."""

    def __init__(self, channel: FrameChannel, outbox: Outbox,
                 extra_games: dict[str, str]) -> None:
        self.channel = channel
        self.outbox = outbox
        self.extra_games = extra_games
        self.controls: dict[str, SessionControl] = {}
        self.level = QUIET_LEVEL
        self._plugins: dict[str, GamePlugin] = {}

    async def run(self) -> None:
        self.outbox.put(WorkerHello(os.getpid()))
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self.outbox.send_forever, self.channel)
            nursery.start_soon(self._heartbeat)
            async with trio.open_nursery() as sessions:
                await self._serve(sessions)
                for control in self.controls.values():
                    control.stop("the worker was told to quit")
            # Every session has ended and queued its record; send them, then stop.
            nursery.cancel_scope.cancel()
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            await self.outbox.flush(self.channel)

    async def _serve(self, sessions: trio.Nursery) -> None:
        while True:
            try:
                message = await self.channel.receive()
            except (trio.EndOfChannel, trio.BrokenResourceError):
                return  # the daemon is gone
            if isinstance(message, StartSession):
                control = SessionControl()
                self.controls[message.session] = control
                sessions.start_soon(self._play, message, control)
            elif isinstance(message, StopSession):
                control = self.controls.get(message.session)
                if control is not None:
                    control.stop(message.reason)
            elif isinstance(message, SetLevel):
                self.level = message.level
                set_level(message.level)
            elif isinstance(message, Quit):
                return
            else:
                _log.error("worker.unexpected_message", message=repr(message)[:200])

    async def _play(self, start: StartSession, control: SessionControl) -> None:
        try:
            try:
                plugin = self._plugins.get(start.game) or resolve_game(start.game,
                                                                       self.extra_games)
                self._plugins[start.game] = plugin
            except Exception as exc:
                ended = SessionEnded(failed(start, "error", str(exc)))
            else:
                trace = start.trace or level_number(self.level) <= level_number("debug")
                if trace != start.trace:
                    start = StartSession(start.session, start.game, start.parameters,
                                         start.seed, start.timeout, trace)
                result, parameters = await play_session(start, plugin, control)
                ended = SessionEnded(result, parameters)
            try:
                self.outbox.put(ended)
            except Exception as exc:  # a detail the codec can't carry: keep the rest
                self.outbox.put(SessionEnded(
                    failed(start, ended.result.outcome,
                           f"{ended.result.cause} (detail dropped: {exc})".strip(),
                           ended.result.wall_time),
                ))
        finally:
            self.controls.pop(start.session, None)

    async def _heartbeat(self) -> None:
        reported = 0
        while True:
            self.outbox.put(Heartbeat(len(self.controls)))
            if self.outbox.dropped > reported:
                _log.warning("worker.log_dropped", dropped=self.outbox.dropped - reported,
                             reason="the daemon read log events slower than they came")
                reported = self.outbox.dropped
            await trio.sleep(HEARTBEAT)


def _parse_games(pairs: list[str]) -> dict[str, str]:
    games = {}
    for pair in pairs:
        name, _, target = pair.partition("=")
        games[name] = target
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m runtime.daemon._worker")
    parser.add_argument("--game", action="append", default=[], metavar="NAME=MODULE:ATTR")
    parser.add_argument("--level", default=QUIET_LEVEL)
    args = parser.parse_args(argv)
    # Frames go out on a private copy of stdout; fd 1 then points at stderr so a
    # print() anywhere in a game lands in the daemon's log, not in the protocol.
    frames_out = os.dup(1)
    frames_in = os.dup(0)
    os.dup2(2, 1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    outbox = Outbox()
    configure_forwarding(outbox, args.level)

    async def run() -> None:
        channel = FrameChannel(trio.lowlevel.FdStream(frames_out),
                               trio.lowlevel.FdStream(frames_in))
        worker = Worker(channel, outbox, _parse_games(args.game))
        worker.level = args.level
        try:
            await worker.run()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the daemon went away while we wrote; nobody is left to tell

    trio.run(run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
