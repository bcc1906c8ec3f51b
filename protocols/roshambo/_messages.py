"""What a RoShamBo player sees and does, as messages the codec can carry."""

from __future__ import annotations

from runtime import message


@message("roshambo.view")
class RoundView:
    """The table as a player sees it before throwing.

    Only the last turn is shown, as across a real table: a player that wants the
    whole history remembers it (the agent's history knowledge source does).
    ``my_last`` and ``opponent_last`` are None before the first turn.
    """

    #: The turn about to be played, counting from 1 (``turns + 1`` when over).
    turn: int
    #: Length of the match.
    turns: int
    my_last: int | None
    opponent_last: int | None
    #: Our wins minus our losses so far.
    score: int
    #: The opponent's name, as the referee announces it.
    opponent: str = ""
