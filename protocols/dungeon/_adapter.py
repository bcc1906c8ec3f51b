"""A dungeon level hosted in-process, behind the runtime's game interface.

The explorer sees :class:`DungeonView` observations, exactly what the player
sees, and answers with a vi-key move (``h j k l y u b n``), ``s`` to search, or
``stop`` when it judges the level explored. The level's full map stays inside:
only the referee's tally (rooms explored, secret rooms found...) comes out, in
:meth:`DungeonAdapter.result`, after the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trio

from games.dungeon import SEARCH, Game, Level, Tally, generate
from runtime import GameAdapter, GameOver, GameResult, Observed

from ._messages import DungeonView

#: The action that ends the game: the explorer has seen all it means to.
STOP = "stop"
#: Actions after which a game is cut, whatever the explorer thinks.
DEFAULT_MAX_ACTIONS = 5000


class DungeonAdapter(GameAdapter):
    """One exploration of one level (by default ``generate(seed, secrets=secrets)``).

    ``on_step`` is called after each action with the adapter, for displays.
    The game is over when the explorer says ``stop`` or after ``max_actions``.
    """

    game = "dungeon"

    def __init__(self, seed: int = 0, *, secrets: bool = False, level: Level | None = None,
                 max_actions: int = DEFAULT_MAX_ACTIONS,
                 on_step: Callable[[DungeonAdapter, str], None] | None = None) -> None:
        if max_actions < 1:
            raise ValueError(f"max_actions must be at least 1, got {max_actions}")
        self.seed = seed
        self.secrets = secrets
        self._level = level
        self.max_actions = max_actions
        self.on_step = on_step
        self._game: Game | None = None
        self.stopped = False
        #: (actions, rooms explored) after each action that explored a new room.
        self.progress: list[tuple[int, int]] = []
        #: (actions, secret rooms explored) likewise.
        self.secret_progress: list[tuple[int, int]] = []

    async def start(self) -> None:
        self.begin()
        await trio.lowlevel.checkpoint()

    def begin(self) -> None:
        """Set the level up (what :meth:`start` does, for synchronous batch runs)."""
        level = self._level if self._level is not None else generate(
            self.seed, secrets=self.secrets)
        self._game = Game(level, seed=self.seed)
        self.stopped = False
        self.progress.clear()
        self.secret_progress.clear()

    def _the_game(self) -> Game:
        if self._game is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self._game

    @property
    def finished(self) -> bool:
        game = self._the_game()
        return self.stopped or game.actions >= self.max_actions

    def view(self) -> DungeonView:
        game = self._the_game()
        return DungeonView(rows=game.rows(), player=game.player, turn=game.turns,
                           actions=game.actions, message=game.message)

    async def observe(self) -> Observed:
        view = self.view()
        await trio.lowlevel.checkpoint()
        return Observed(view, terminal=self.finished)

    async def act(self, action: Any) -> None:
        self.apply(action)
        await trio.lowlevel.checkpoint()

    def apply(self, action: Any) -> None:
        """Do one action (what :meth:`act` does, for synchronous batch runs)."""
        game = self._the_game()
        if self.finished:
            raise GameOver("the exploration is over")
        if action == STOP:
            self.stopped = True
        else:
            rooms_before = len(game.explored)
            game.act(action if action == SEARCH else str(action))
            if len(game.explored) > rooms_before:  # a room entered: the tally is worth it
                after = game.tally()
                if not self.progress or after.rooms_explored > self.progress[-1][1]:
                    self.progress.append((after.actions, after.rooms_explored))
                secret_before = self.secret_progress[-1][1] if self.secret_progress else 0
                if after.secret_rooms_explored > secret_before:
                    self.secret_progress.append((after.actions, after.secret_rooms_explored))
        if self.on_step is not None:
            self.on_step(self, str(action))

    def tally(self) -> Tally:
        """The referee's count so far."""
        return self._the_game().tally()

    def result(self) -> GameResult:
        t = self.tally()
        outcome = "explored" if self.stopped else (
            "cut" if t.actions >= self.max_actions else "unfinished")
        return GameResult(
            outcome=outcome,
            score=t.room_fraction,
            turns=t.actions,
            detail=(
                ("rooms", t.rooms), ("rooms_explored", t.rooms_explored),
                ("secret_rooms", t.secret_rooms),
                ("secret_rooms_explored", t.secret_rooms_explored),
                ("hidden_spots", t.hidden_spots), ("hidden_found", t.hidden_found),
                ("searches", t.searches), ("game_turns", t.turns),
            ),
        )

    async def aclose(self) -> None:
        await trio.lowlevel.checkpoint()
