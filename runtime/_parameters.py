"""Session parameters as a user types them (``--param turns=300``), read and checked.

The daemon passes a game's ``plan_session`` strings, because they come from a
command line or a socket. Every game needs the same care with them — refuse unknown
names, convert values, fill defaults, and say exactly what was wrong — so the
checking lives here once and each game only declares its parameters.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs


@attrs.frozen
class Parameter:
    """One parameter a game's sessions understand."""

    name: str
    help: str
    default: Any
    #: Turns the typed string into the value; raises ValueError with a reason.
    convert: Callable[[str], Any] = str


class BadValue(argparse.ArgumentTypeError, ValueError):
    """A typed value that does not convert; the message says what was expected.

    Both kinds at once so one converter serves a command line (argparse shows an
    ArgumentTypeError's own message) and :func:`read_parameters` (which catches
    ValueError).
    """


def whole_number(minimum: int | None = None) -> Callable[[str], int]:
    """A converter for integers, optionally at least ``minimum`` (also an argparse ``type``)."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise BadValue(f"expected a whole number, got {text!r}") from None
        if minimum is not None and value < minimum:
            raise BadValue(f"expected a number >= {minimum}, got {value}")
        return value

    return convert


def seconds(*, zero: bool = False, maximum: float | None = None) -> Callable[[str], float]:
    """A converter for a duration in seconds: above 0 (or at least 0 with ``zero``), at
    most ``maximum`` if given (also an argparse ``type``)."""
    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise BadValue(f"expected seconds, got {text!r}") from None
        if not (value >= 0 if zero else value > 0) or (maximum is not None and value > maximum):
            if maximum is None:
                wanted = f"seconds {'>=' if zero else '>'} 0"
            else:
                wanted = f"0 {'<=' if zero else '<'} seconds <= {maximum:g}"
            raise BadValue(f"expected {wanted}, got {value}")
        return value

    return convert


def one_of(choices: Sequence[str]) -> Callable[[str], str]:
    """A converter accepting only ``choices``."""

    def convert(text: str) -> str:
        if text not in choices:
            raise BadValue(f"expected one of {', '.join(choices)}, got {text!r}")
        return text

    return convert


def read_parameters(
    game: str, given: Mapping[str, str], known: Sequence[Parameter]
) -> dict[str, Any]:
    """``given`` converted, with defaults for the rest; ValueError names what was wrong."""
    by_name = {p.name: p for p in known}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        names = ", ".join(by_name) or "none"
        raise ValueError(
            f"unknown {game} parameter(s) {', '.join(unknown)}; known: {names}"
        )
    values: dict[str, Any] = {}
    for parameter in known:
        if parameter.name not in given:
            values[parameter.name] = parameter.default
            continue
        try:
            values[parameter.name] = parameter.convert(given[parameter.name])
        except ValueError as exc:
            raise ValueError(f"{game} parameter {parameter.name}: {exc}") from None
    return values

