"""The interface every RoShamBo player in the opponent suite implements.

It is the 1999 competition's interface: before each throw a player sees both
histories (its own and its opponent's, oldest first) and returns a throw. A
player never sees its opponent's current throw: the referee asks both before
revealing either.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence


class Player(abc.ABC):
    """A RoShamBo player. Subclasses set ``name`` and implement :meth:`move`.

    ``reset`` is called before every match with the match's seed, so a player's
    randomness is reproducible: use ``self.rng``, never the global ``random``.
    """

    #: The name the suite and the CLI know this player by.
    name: str = ""
    #: One line on what the player does (shown by ``belligerent play roshambo --help``).
    description: str = ""

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.turns = 1000

    def reset(self, seed: int, turns: int) -> None:
        """Forget everything from a previous match; seed the player's randomness."""
        self.rng = random.Random(seed)
        self.turns = turns

    @abc.abstractmethod
    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        """Return this turn's throw (0 rock, 1 paper, 2 scissors)."""
