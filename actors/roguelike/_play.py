"""The ``play`` command both terminal games share: run a session, show the screen.

The live screen comes from the adapter's terminal, published on the session's bus
(topic ``screen``, keep-latest, so a slow display never holds the game up); each
frame is drawn with the winning expert's reasoning under it.
"""

from __future__ import annotations

import sys
from typing import Any

import trio

from runtime import DECISION_TOPIC, Overflow, Session, SessionResult

CLEAR = "\x1b[H\x1b[2J"


async def run_session(session: Session, *, headless: bool) -> SessionResult:
    """Play ``session`` to the end, drawing each frame on stdout unless ``headless``."""
    if headless:
        return await session.run()
    result: SessionResult | None = None
    screens = session.bus.subscribe("screen", capacity=1, policy=Overflow.KEEP_LATEST)
    decisions = session.bus.subscribe(DECISION_TOPIC, capacity=1, policy=Overflow.KEEP_LATEST)

    async def show() -> None:
        async for snap in screens:
            decision = decisions.receive_nowait() if decisions.statistics().depth else None
            why = f"{decision.expert}: {decision.rationale}" if decision else ""
            sys.stdout.write(CLEAR + snap.text() + "\n" + why[:79] + "\n")
            sys.stdout.flush()

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(show)
            result = await session.run()
            nursery.cancel_scope.cancel()
    finally:
        session.bus.unsubscribe(screens)
        session.bus.unsubscribe(decisions)
    assert result is not None
    return result


def report(result: SessionResult, out: Any = None) -> int:
    """Print the record's one-line summary; exit status 1 if the session ended early."""
    out = out or sys.stdout
    detail = ", ".join(f"{k}={v}" for k, v in result.detail)
    print(f"{result.game}: {result.outcome}, score {result.score:.0f}, {result.turns} turns "
          f"in {result.wall_time:.2f}s ({detail})", file=out)
    if result.cause:
        print(f"ended early: {result.cause}", file=sys.stderr)
        return 1
    return 0
