"""Practice attempts under the game's rules, with the rehearser's own dice.

When the odds are not published (:data:`HIDDEN`), a person can still learn them
the way the seed's Monte Carlo methods do: by trying, many times, somewhere it
costs nothing — practising the trick in the yard, buying a ticket in one's
head, watching others try. A :class:`Rehearsal` is that yard: each attempt is
decided by the occupation's rule (success with its probability), drawn from the
``random.Random`` the caller passes in.

What it is not: a window on the live game. It holds no life, shares no random
stream with one, and cannot see or change the draws that decide the person's
real days; it reveals P only as a tally of simulated successes, so an estimate
from it converges at the Monte Carlo rate (its error shrinks as 1/sqrt(trials)).
"""

from __future__ import annotations

import random

from games.dayinlife import OCCUPATIONS, InvalidOccupationError


class Rehearsal:
    """Simulated attempts at the seven occupations. Stateless; all randomness is the caller's."""

    def __init__(self) -> None:
        self._probability = {o.key: o.probability for o in OCCUPATIONS}

    def attempts(self, key: str, trials: int, rng: random.Random) -> int:
        """How many of ``trials`` simulated attempts at ``key`` succeed."""
        try:
            p = self._probability[key]
        except KeyError:
            raise InvalidOccupationError(
                f"unknown occupation {key!r}; choose from {', '.join(self._probability)}"
            ) from None
        if trials < 0:
            raise ValueError(f"invalid number of trials {trials!r}: expected >= 0")
        draw = rng.random
        return sum(1 for _ in range(trials) if draw() < p)
