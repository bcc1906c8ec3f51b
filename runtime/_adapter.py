"""The one interface every game adapter implements: start, observe, act, close.

The session drives an adapter without knowing the game behind it: a Rogue in a
pseudo-terminal, a Spellcast server over a socket, or a game hosted in-process.
Adapters live in ``protocols/``; this is only the contract.
"""

from __future__ import annotations

import abc
from typing import Any

import attrs
import trio

from ._messages import message


class GameOver(Exception):
    """Raised by :meth:`GameAdapter.act` or ``observe`` when the game has already ended."""


class GameProcessError(RuntimeError):
    """The game process died, hung or broke its protocol; the message says which."""


@message("runtime.game_result")
class GameResult:
    """How a game ended, as the adapter saw it.

    ``outcome`` is a short word ("win", "loss", "draw", "death", "quit", "aborted"...);
    ``detail`` holds game-specific facts as ``(key, value)`` pairs.
    """

    outcome: str
    score: float
    turns: int
    detail: tuple[tuple[str, Any], ...] = ()


@attrs.frozen
class Observed:
    """One observation: the adapter's payload, and whether the game is over."""

    payload: Any
    terminal: bool = False


class GameAdapter(trio.abc.AsyncResource):
    """A game behind one interface.

    Use as ``async with adapter:`` — entering calls :meth:`start`, leaving calls
    :meth:`aclose`, which must free the game (process, socket, descriptors) even if
    a graceful quit fails or the task is being cancelled.
    """

    #: The game's registry name ("roshambo", "rogue"...).
    game: str = ""

    @abc.abstractmethod
    async def start(self) -> None:
        """Start the game (spawn, connect, deal) so the first observe can succeed."""

    @abc.abstractmethod
    async def observe(self) -> Observed:
        """Wait for the game to be ready for input and return what a player sees."""

    @abc.abstractmethod
    async def act(self, action: Any) -> None:
        """Send one action, as a player would."""

    @abc.abstractmethod
    def result(self) -> GameResult:
        """How the game ended (or stands, if it was cut short)."""

    async def __aenter__(self) -> GameAdapter:
        await self.start()
        return self
