"""What a Minesweeper player sees and does, as messages the codec can carry."""

from __future__ import annotations

from runtime import message


@message("minesweeper.view")
class MinefieldView:
    """The board as a player sees it, and nothing more.

    ``rows`` has one string per row, top first; each character is ``#`` (covered),
    ``F`` (flagged) or ``0``-``8`` (revealed, the number of mines around it); after a
    loss the mines show as ``*`` and the one that went off as ``X``. ``mines_left``
    is the counter on the game's face: mines minus flags, whether or not the flags
    are right.
    """

    width: int
    height: int
    mines: int
    mines_left: int
    rows: tuple[str, ...]
    #: ``"playing"``, ``"won"`` or ``"lost"``.
    status: str
    #: Moves played so far.
    moves: int
    #: The first-click rule the game promised: ``"safe"`` or ``"opening"``.
    first_click: str = "safe"

    def square(self, x: int, y: int) -> str:
        return self.rows[y][x]


@message("minesweeper.action")
class Action:
    """One move: ``verb`` (reveal, flag, unflag, chord) on column ``x``, row ``y``."""

    verb: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.verb} {self.x},{self.y}"


@message("minesweeper.move_set")
class MoveSet:
    """Several moves played in order in one turn, as a player clicks several squares.

    A reveal whose square an earlier move of the set already opened (a cascade
    from a zero) is skipped, as a click on an open square does nothing.
    """

    actions: tuple[Action, ...]

    def __len__(self) -> int:
        return len(self.actions)
