"""The Day in the Life adapter: an in-process life, behind the runtime's game interface.

Each morning the agent sees a :class:`Morning` — the day, its cash, what it can
afford, how yesterday went, and the posted numbers of every occupation (with P
only when the odds are published) — and answers with an occupation key. The
game itself lives in ``games.dayinlife``; nothing of it (its dice, its future)
leaks into the observation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import structlog
import trio

from games.dayinlife import DAYS, DEFAULT_SCHEDULE, ExpenseSchedule
from runtime import GameAdapter, GameOver, GameResult, Observed

from ._life import DirectLife, check_odds
from ._messages import PUBLISHED, DayReport

_log = structlog.get_logger("belligerent.protocols.dayinlife")


class LifeAdapter(GameAdapter):
    """One 1,000-day life for one person, lived through the runtime.

    An illegal action (not an occupation, or one the person cannot afford) raises
    the game's ValueError from :meth:`act` and ends the session as a crash: the
    agents here only propose what the morning lists as affordable.

    The game runs in-process and holds no process or descriptor: a cancelled
    ``observe`` or ``act`` leaves the life as of its last completed day (a day is
    lived entirely or not at all), and :meth:`aclose` has nothing to free.
    """

    game = "dayinlife"

    def __init__(
        self,
        seed: int = 0,
        *,
        days: int = DAYS,
        odds: str = PUBLISHED,
        schedule: ExpenseSchedule = DEFAULT_SCHEDULE,
        person: str = "",
        on_day: Callable[[DayReport], None] | None = None,
    ) -> None:
        self.seed = seed
        self.days = days
        self.odds = check_odds(odds)
        self.schedule = schedule
        #: Who is living, for the result record.
        self.person = person
        #: Called after each lived day with its :class:`DayReport`.
        self.on_day = on_day
        self.life: DirectLife | None = None

    async def start(self) -> None:
        self.life = DirectLife(self.seed, days=self.days, odds=self.odds,
                               schedule=self.schedule, on_day=self.on_day)
        await trio.lowlevel.checkpoint()

    def _life(self) -> DirectLife:
        if self.life is None:
            raise RuntimeError("the adapter is not started; use `async with adapter:`")
        return self.life

    async def observe(self) -> Observed:
        life = self._life()
        await trio.lowlevel.checkpoint()
        return Observed(life.observe(), terminal=life.finished)

    async def act(self, action: Any) -> None:
        life = self._life()
        if life.finished:
            raise GameOver(f"the life is over: all {life.life.days} days have been lived")
        report = life.act(action)
        _log.debug("dayinlife.day", direction="->", day=report.day, occupation=report.occupation,
                   succeeded=report.succeeded, cash=report.cash, bankrupt=report.bankrupt)
        await trio.lowlevel.checkpoint()

    def result(self) -> GameResult:
        """Outcome: the final wealth bracket ("doing okay"...), or "unfinished";
        score: the final cash in days' wages."""
        report = self._life().report()
        return GameResult(
            outcome=report.bracket if self._life().finished else "unfinished",
            score=report.final_cash,
            turns=report.days_lived,
            detail=(
                ("person", self.person),
                ("odds", report.odds),
                ("bankruptcies", report.bankruptcies),
                ("peak_cash", report.peak_cash),
                ("days", report.days_by_occupation),
                ("successes", report.successes_by_occupation),
                ("stints", report.stints),
            ),
        )

    async def aclose(self) -> None:
        await trio.lowlevel.checkpoint()
