"""Errors the runtime raises. Each subclasses the builtin it refines.

Kept in a module of its own, as structlog does, so any runtime module can raise
them without import loops.
"""

from __future__ import annotations


class CodecError(ValueError):
    """A frame could not be encoded or decoded; the message says which part and why."""


class UnknownMessageTypeError(CodecError):
    """A frame names a message type that no ``@message`` class registered."""


class UndeclaredAccessError(PermissionError):
    """An actor read or wrote a blackboard entry it did not declare."""


class StaleWriteError(ValueError):
    """A write would move an entry's generation backwards."""


class RestartLimitError(RuntimeError):
    """An actor crashed more often than its supervisor's restart policy allows."""

    def __init__(
        self,
        actor: str,
        restarts: int,
        window: float,
        last: BaseException,
        cause: str | None = None,
    ):
        while_handling = f" while handling {cause}" if cause else ""
        super().__init__(
            f"actor {actor!r} crashed {restarts} times within {window:g}s, more than its "
            f"restart policy allows; last error: {last!r}{while_handling}"
        )
        self.actor = actor
        self.restarts = restarts
        self.window = window
        self.last = last
        self.cause = cause


class GameNotFoundError(LookupError):
    """No installed plugin provides the requested game."""
