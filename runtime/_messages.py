"""Message types: frozen, slotted attrs classes that a codec can carry anywhere.

A class becomes a message with the :func:`message` decorator, which makes it a
frozen attrs class and registers it under a stable type tag. Messages know
nothing of their wire format; :mod:`runtime._codec` does.

Fields hold immutable values (tuples, not lists; ``frozenset``, not ``set``) so a
message read by many subscribers can't be changed under them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

#: tag -> class, for every registered message type.
_REGISTRY: dict[str, type] = {}


def message(tag: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: make ``cls`` a frozen slotted attrs class registered as ``tag``.

    The tag, not the Python name, goes on the wire, so a class can be renamed or
    moved without breaking recordings. Registering two classes under one tag is an
    error, raised at import time rather than when the second one is decoded.
    """

    def decorate(cls: type[T]) -> type[T]:
        if not attrs.has(cls):
            cls = attrs.frozen(cls)  # type: ignore[assignment]
        existing = _REGISTRY.get(tag)
        if existing is not None and existing.__qualname__ != cls.__qualname__:
            raise ValueError(
                f"message tag {tag!r} is already registered to {existing.__qualname__}; "
                f"choose another tag for {cls.__qualname__}"
            )
        _REGISTRY[tag] = cls
        cls.__message_tag__ = tag  # type: ignore[attr-defined]
        return cls

    return decorate


def message_tag(obj: Any) -> str | None:
    """The registered tag of a message instance or class, or None if it is not one."""
    return getattr(obj, "__message_tag__", None)


def message_class(tag: str) -> type:
    """The class registered as ``tag``; raises KeyError if none is."""
    return _REGISTRY[tag]


def registered_tags() -> frozenset[str]:
    """Every registered tag (for error messages and tests)."""
    return frozenset(_REGISTRY)


@message("runtime.entry_changed")
class EntryChanged:
    """Announces a blackboard write on the bus (topic ``blackboard.<name>``)."""

    session: str
    name: str
    version: int
    writer: str
    generation: int


@message("runtime.observation")
class Observation:
    """What a game adapter saw, as the session hands it to the agent.

    ``payload`` is the adapter's own observation message; ``terminal`` is set on the
    last one of a game.
    """

    generation: int
    payload: Any
    terminal: bool = False


@message("runtime.proposal")
class Proposal:
    """An expert's advice: an action and the reason for it, in words."""

    action: Any
    rationale: str


@message("runtime.decision")
class Decision:
    """The arbiter's choice for one generation, with every expert's verdict.

    ``verdicts`` is a tuple of ``(expert, status, action, rationale)`` in priority
    order, where status is ``"proposed"``, ``"none"``, ``"late"`` or ``"error"``.
    ``expert`` is None when no expert proposed anything.
    """

    generation: int
    expert: str | None
    action: Any
    rationale: str
    verdicts: tuple[tuple[str, str, Any, str], ...] = ()
