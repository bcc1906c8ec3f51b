"""The RoShamBo adapter: an in-process table, behind the runtime's game interface.

The agent plays through this adapter exactly as a person at the table would: it
sees the last throws and the score, and answers with a throw. The referee and the
opponent live in ``games.roshambo``; nothing of them leaks into the observation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trio

from games.roshambo import COMPETITION_TURNS, Player, Table, draw_margin, match_points
from runtime import GameAdapter, GameOver, GameResult, Observed

from ._messages import RoundView

_OUTCOMES = {2: "win", 1: "draw", 0: "loss"}


class TableAdapter(GameAdapter):
    """One match against ``opponent`` at an in-process :class:`Table`.

    Records every turn as ``(our throw, their throw)`` in :attr:`transcript`, so a
    match can be replayed or inspected after the session.
    """

    game = "roshambo"

    def __init__(
        self, opponent: Player, *, turns: int = COMPETITION_TURNS, seed: int = 0,
        player_name: str = "agent",
        on_turn: Callable[[int, int, int, int], None] | None = None,
    ) -> None:
        self.opponent = opponent
        self.turns = turns
        self.seed = seed
        self.player_name = player_name
        self.table: Table | None = None
        self.transcript: list[tuple[int, int]] = []
        #: Called after each turn with (turn, our throw, their throw, score).
        self.on_turn = on_turn

    async def start(self) -> None:
        self.table = Table(self.opponent, turns=self.turns, seed=self.seed,
                           player_name=self.player_name)
        await trio.lowlevel.checkpoint()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self.table

    async def observe(self) -> Observed:
        table = self._table()
        await trio.lowlevel.checkpoint()
        last = self.transcript[-1] if self.transcript else (None, None)
        view = RoundView(
            turn=table.turn + 1,
            turns=table.turns,
            my_last=last[0],
            opponent_last=last[1],
            score=table.score,
            opponent=self.opponent.name,
        )
        return Observed(view, terminal=table.finished)

    async def act(self, action: Any) -> None:
        table = self._table()
        if table.finished:
            raise GameOver(f"the match against {self.opponent.name!r} is over")
        played = table.play(action)
        self.transcript.append((played.move, played.opponent_move))
        if self.on_turn is not None:
            self.on_turn(played.turn, played.move, played.opponent_move, played.score)
        await trio.lowlevel.checkpoint()

    def result(self) -> GameResult:
        table = self._table()
        match = table.result()
        points = match_points(match.score, draw_margin(table.turns))
        return GameResult(
            outcome=_OUTCOMES[points] if table.finished else "unfinished",
            score=float(match.score),
            turns=match.turns,
            detail=(
                ("opponent", self.opponent.name),
                ("wins", match.wins),
                ("losses", match.losses),
                ("draws", match.draws),
                ("match_points", points),
            ),
        )

    async def aclose(self) -> None:
        await trio.lowlevel.checkpoint()
