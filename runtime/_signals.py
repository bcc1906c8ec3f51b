"""Stopping a run on SIGTERM the way Ctrl-C stops it.

``kill`` and service managers send SIGTERM, which by default ends a Python process on
the spot: no ``finally`` runs, so records stay "running" and game processes are left
behind. :func:`until_sigterm` turns it into a cancellation, so the code it runs
cleans up as it would for Ctrl-C.
"""

from __future__ import annotations

import signal
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import trio

T = TypeVar("T")


async def until_sigterm(run: Callable[[], Awaitable[T]]) -> tuple[T | None, bool]:
    """``(run's result, False)``, or ``(None, True)`` if SIGTERM came first: ``run``
    is cancelled as Ctrl-C would cancel it (a Rogue tournament then closes its rows
    and games the same way, and can be resumed)."""
    result: T | None = None
    with trio.CancelScope() as stop:
        async with trio.open_nursery() as nursery:

            async def watch(task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
                with trio.open_signal_receiver(signal.SIGTERM) as signals:
                    task_status.started()
                    async for _ in signals:
                        stop.cancel()
                        return

            await nursery.start(watch)
            result = await run()
            nursery.cancel_scope.cancel()
    return result, stop.cancelled_caught
