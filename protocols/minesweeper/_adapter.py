"""The Minesweeper adapter: a game hosted in-process, behind the runtime's interface.

The agent plays through this adapter as a person plays the game: it sees
:class:`MinefieldView` (covered, flagged, open numbers, the mines-left counter)
and answers with :class:`Action` or :class:`MoveSet` messages that become the
game's own checked moves. Nothing of the mine layout leaks into the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trio

from games.minesweeper import (
    BoardSpec,
    FirstClick,
    InvalidMoveError,
    Minefield,
    Move,
    Status,
    Verb,
)
from runtime import GameAdapter, GameOver, GameResult, Observed

from ._messages import Action, MinefieldView, MoveSet

_OUTCOMES = {Status.WON: "win", Status.LOST: "loss", Status.PLAYING: "unfinished"}


def to_move(action: Action) -> Move:
    """The game's move for an action; :class:`InvalidMoveError` for an unknown verb."""
    try:
        verb = Verb(action.verb)
    except ValueError:
        raise InvalidMoveError(
            f"invalid action {str(action)!r}: unknown verb {action.verb!r} "
            f"(verbs: {', '.join(v.value for v in Verb)})"
        ) from None
    return Move(verb, action.x, action.y)


class MinesweeperAdapter(GameAdapter):
    """One game of Minesweeper on ``spec`` with the ``first_click`` rule, seeded ``seed``.

    ``on_act(action, opened)`` is called after each action or move set with the
    number of squares it opened (for watchers: the CLI prints the board there).
    """

    game = "minesweeper"

    @classmethod
    def hosting(cls, minefield: Minefield, **kwargs: Any) -> MinesweeperAdapter:
        """An adapter for a game already set up (say, with :meth:`Minefield.with_mines`)."""
        return cls(minefield.spec, minefield.first_click, seed=minefield.seed,
                   minefield=minefield, **kwargs)

    def __init__(
        self,
        spec: BoardSpec,
        first_click: FirstClick = FirstClick.SAFE,
        *,
        seed: int = 0,
        on_act: Callable[[Action | MoveSet, int], None] | None = None,
        minefield: Minefield | None = None,
    ) -> None:
        spec.check(first_click)
        self.spec = spec
        self.first_click = first_click
        self.seed = seed
        self.on_act = on_act
        #: The game being played: made by :meth:`start`, unless one was given (a board
        #: with known mines, for tests and replays).
        self.minefield: Minefield | None = minefield
        #: Reveals skipped because an earlier move of the same set had opened the square.
        self.moot = 0
        #: Actions received (a move set counts once).
        self.turns = 0
        #: Moves played (each move of a set counts; moot reveals don't).
        self.played = 0

    async def start(self) -> None:
        self.start_now()
        await trio.lowlevel.checkpoint()

    def start_now(self) -> None:
        """Set the game up without the event loop (what :meth:`start` does)."""
        if self.minefield is None:
            self.minefield = Minefield(self.spec, self.first_click, seed=self.seed)

    def _game(self) -> Minefield:
        if self.minefield is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self.minefield

    def view(self) -> MinefieldView:
        """What the player sees now."""
        game = self._game()
        return MinefieldView(
            width=game.width,
            height=game.height,
            mines=game.mines,
            mines_left=game.mines_left,
            rows=game.rows(),
            status=game.status.value,
            moves=game.moves,
            first_click=self.first_click.value,
        )

    async def observe(self) -> Observed:
        game = self._game()
        await trio.lowlevel.checkpoint()
        return Observed(self.view(), terminal=game.is_over)

    async def act(self, action: Any) -> None:
        """Play one :class:`Action` or a :class:`MoveSet`, as checked game moves.

        Raises :class:`GameOver` if the game has ended, :class:`IllegalMoveError` or
        :class:`InvalidMoveError` for a move the game refuses (the game is left as
        it was before that move; earlier moves of a set stay played).
        """
        self.act_now(action)
        await trio.lowlevel.checkpoint()

    def act_now(self, action: Any) -> int:
        """:meth:`act` without the event loop; returns the moves played (moot reveals skipped).

        For drivers that play many games without a session (the bench's direct
        path): the same checks, the same moves, the same ``on_act`` call.
        """
        game = self._game()
        if game.is_over:
            raise GameOver(f"the game is over ({game.status.value})")
        if isinstance(action, MoveSet):
            actions = action.actions
        elif isinstance(action, Action):
            actions = (action,)
        else:
            raise InvalidMoveError(
                f"invalid action {action!r}: expected a minesweeper Action or MoveSet"
            )
        self.turns += 1
        opened = played = 0
        for one in actions:
            if game.is_over:
                break
            move = to_move(one)
            if (isinstance(action, MoveSet) and move.verb is Verb.REVEAL
                    and 0 <= move.x < game.width and 0 <= move.y < game.height
                    and game.square(move.x, move.y) not in "#F"):
                self.moot += 1
                continue
            opened += len(game.play(move))
            played += 1
        self.played += played
        if self.on_act is not None:
            self.on_act(action, opened)
        return played

    def result(self) -> GameResult:
        game = self._game()
        return GameResult(
            outcome=_OUTCOMES[game.status],
            score=game.opened / game.safe_squares if game.safe_squares else 1.0,
            turns=game.moves,
            detail=(
                ("board", str(self.spec)),
                ("first_click", self.first_click.value),
                ("seed", self.seed),
                ("opened", game.opened),
                ("flags", game.flags),
                ("actions", self.turns),
                ("moot", self.moot),
            ),
        )

    async def aclose(self) -> None:
        await trio.lowlevel.checkpoint()
