"""Granite III's self-evaluation (seed section II, part 1): the noise factor.

Granite watches its own results over the last twenty games; the more it loses,
the more noise it mixes into its play, so that it turns "defensively random"
when its predictions stop working. The seed's worked example: lost 4 of the last
20 games → noise 0.2. We therefore take ``noise = losses / 20`` — only losses
count (ties and wins do not), exactly as in the example.

Where the seed is silent we chose: before twenty games have been played the
denominator is still 20 (the window is "the last twenty games", of which some
have not happened yet and count as not lost), so Granite starts out trusting its
predictions and only becomes noisy once it actually loses.
"""

from __future__ import annotations

from collections import deque

import attrs

from ._rules import outcome

#: How many recent games the self-evaluation looks at (Granite III: twenty).
WINDOW = 20


@attrs.frozen(slots=True)
class SelfAssessment:
    """Our record over the last :data:`WINDOW` games and the noise factor it implies."""

    wins: int
    losses: int
    games: int
    noise: float


class SelfEvaluation:
    """Keeps the last :data:`WINDOW` outcomes and counts wins and losses incrementally."""

    __slots__ = ("_window", "_recent", "_wins", "_losses")

    def __init__(self, window: int = WINDOW) -> None:
        self._window = window
        self._recent: deque[int] = deque()
        self._wins = 0
        self._losses = 0

    def observe(self, my_move: int, opp_move: int) -> None:
        """Record this turn's outcome and drop the one that fell out of the window."""
        result = outcome(my_move, opp_move)
        self._recent.append(result)
        self._wins += result == 1
        self._losses += result == -1
        if len(self._recent) > self._window:
            old = self._recent.popleft()
            self._wins -= old == 1
            self._losses -= old == -1

    def snapshot(self) -> SelfAssessment:
        """The current record and ``noise = losses / window``."""
        return SelfAssessment(
            wins=self._wins,
            losses=self._losses,
            games=len(self._recent),
            noise=self._losses / self._window,
        )
