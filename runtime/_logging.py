"""structlog configuration: JSON lines by default, bound with session/game/actor context.

Context travels in ``contextvars`` (``structlog.contextvars.bound_contextvars``);
trio copies the context into every task it starts, so binding ``session`` before
spawning the actors is enough for every line they log to carry it.

Under trio use the sync log methods (``log.info``), not ``ainfo``: structlog's
async methods go through asyncio's executor.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, TextIO

import structlog

LEVELS = ("debug", "info", "warning", "error")


def configure_logging(
    *,
    level: str = "info",
    stream: TextIO | None = None,
    json: bool = True,
    extra_processors: tuple[Any, ...] = (),
) -> None:
    """Send every log event to ``stream`` (stderr by default) at ``level`` and above.

    ``json=True`` writes one JSON object per line (for the daemon's log stream and
    files); ``json=False`` renders for a person at a terminal.
    """
    if level not in LEVELS:
        raise ValueError(f"log level must be one of {', '.join(LEVELS)} (got {level!r})")
    processors: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        *extra_processors,
    ]
    if json:
        processors += [
            # Tracebacks as data, without local variables: a crash log must not
            # dump every actor's memory (and can't hold unserialisable objects).
            structlog.processors.ExceptionRenderer(
                structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
            ),
            structlog.processors.JSONRenderer(default=repr),
        ]
    else:
        processors += [
            structlog.processors.format_exc_info,
            structlog.dev.ConsoleRenderer(colors=False),
        ]
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(
            getattr(logging, level.upper())
        ),
        logger_factory=structlog.PrintLoggerFactory(stream or sys.stderr),
        cache_logger_on_first_use=False,
    )


def get_logger(name: str, **context: Any) -> Any:
    """A logger for ``name`` (``belligerent.<part>``), with extra bound context."""
    return structlog.get_logger(name, **context)
