"""The rules of RoShamBo as the agents need them, without importing ``games/``.

Agents see only what a player sees, so they carry their own copy of the three
facts they need: how throws are numbered, which throw beats which, and how a
turn scores.
"""

from __future__ import annotations

#: Throw names, indexed by throw number (the 1999 competition's numbering).
MOVE_NAMES: tuple[str, str, str] = ("rock", "paper", "scissors")


def beater(move: int) -> int:
    """The throw that beats ``move``: ``(move + 1) % 3``."""
    return (move + 1) % 3


def outcome(mine: int, theirs: int) -> int:
    """+1 if ``mine`` beats ``theirs``, -1 if it loses to it, 0 for a tie."""
    return (mine - theirs + 4) % 3 - 1
