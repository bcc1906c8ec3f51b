"""What a turn and a match come to, and how the 1999 competition scored matches."""

from __future__ import annotations

import math

import attrs

#: Match length of the 1999 competition.
COMPETITION_TURNS = 1000

#: A 1000-turn match whose score is within +-DRAW_MARGIN counts as a draw. The
#: 1999 referee used ``g_drawn = 50.6`` (truncated to 50): 1.96 standard
#: deviations of the score of two random players (sqrt(2/3) per turn), i.e. a
#: result random play would reach 5% of the time.
DRAW_MARGIN = 50

#: The z-value behind DRAW_MARGIN; :func:`draw_margin` scales it to other lengths.
_DRAW_Z = 1.96

#: Match points: what a win, a draw and a loss are worth in the standings.
WIN_POINTS = 2
DRAW_POINTS = 1
LOSS_POINTS = 0


def draw_margin(turns: int) -> int:
    """The largest |score| that counts as a draw in a ``turns``-long match.

    ``draw_margin(1000) == DRAW_MARGIN``; shorter or longer matches get the same
    statistical band (1.96 standard deviations of random play), truncated.
    """
    if turns == COMPETITION_TURNS:
        return DRAW_MARGIN
    return int(_DRAW_Z * math.sqrt(2 * turns / 3))


def match_points(score: int, margin: int = DRAW_MARGIN) -> int:
    """Match points for a match won by ``score`` (2 win, 1 draw, 0 loss)."""
    if score > margin:
        return WIN_POINTS
    if score < -margin:
        return LOSS_POINTS
    return DRAW_POINTS


@attrs.frozen
class TurnResult:
    """One turn as the outside player at a :class:`Table` sees it."""

    #: Which turn this was, counting from 1.
    turn: int
    #: Our throw.
    move: int
    #: The opponent's throw, chosen without knowing ours.
    opponent_move: int
    #: +1 we won the turn, -1 we lost it, 0 a tie.
    outcome: int
    #: Our wins minus our losses so far, this turn included.
    score: int


@attrs.frozen
class MatchResult:
    """A (possibly unfinished) match from ``player``'s point of view."""

    player: str
    opponent: str
    wins: int
    losses: int
    draws: int
    #: Wins minus losses: the 1999 match score.
    score: int = attrs.field(init=False)
    #: Turns played (wins + losses + draws).
    turns: int = attrs.field(init=False)

    @score.default
    def _score(self) -> int:
        return self.wins - self.losses

    @turns.default
    def _turns(self) -> int:
        return self.wins + self.losses + self.draws

    def flipped(self) -> MatchResult:
        """The same match from the opponent's point of view."""
        return MatchResult(
            player=self.opponent,
            opponent=self.player,
            wins=self.losses,
            losses=self.wins,
            draws=self.draws,
        )

    def points(self, margin: int = DRAW_MARGIN) -> int:
        """Match points ``player`` earned (2 win, 1 draw, 0 loss)."""
        return match_points(self.score, margin)
