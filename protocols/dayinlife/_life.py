"""A life as a person lives it: mornings to read, occupations to take up.

:class:`DirectLife` is the player's side of :class:`games.dayinlife.Life`,
synchronous: it builds the :class:`Morning` a person sees and hands their choice
to the game. The async :class:`LifeAdapter` wraps it for the runtime; batch
drivers (benchmarks) call it directly, because a thousand sessions of a thousand
days each would spend their time in the runtime's per-day machinery. Both show
exactly the same mornings and accept exactly the same actions.
"""

from __future__ import annotations

from collections.abc import Callable

from games.dayinlife import (
    DAYS,
    DEFAULT_SCHEDULE,
    OCCUPATIONS,
    DayRecord,
    ExpenseSchedule,
    Life,
    LifeOverError,
    Stint,
    wages,
)

from ._messages import (
    ODDS_MODES,
    PUBLISHED,
    DayReport,
    LifeReport,
    Morning,
    StintView,
    Tariff,
    Yesterday,
)


def check_odds(odds: str) -> str:
    """``odds`` if it is a known mode, else ValueError naming the modes."""
    if odds not in ODDS_MODES:
        raise ValueError(f"unknown odds mode {odds!r}; choose from {', '.join(ODDS_MODES)}")
    return odds


def _tariffs(odds: str) -> tuple[Tariff, ...]:
    return tuple(
        Tariff(o.key, o.name, o.probability if odds == PUBLISHED else None,
               wages(o.cost), wages(o.gain), wages(o.loss))
        for o in OCCUPATIONS
    )


def _stint_view(stint: Stint) -> StintView:
    return StintView(stint.occupation, stint.first_day, stint.last_day, stint.successes,
                     stint.failures, wages(stint.cash_before), wages(stint.cash_after),
                     stint.bankruptcies)


class DirectLife:
    """One life, seen from the person's side; ``observe()`` then ``act(key)`` each day.

    ``odds`` is :data:`PUBLISHED` (the seed: people know every occupation's four
    numbers) or :data:`HIDDEN` (P is withheld; cost, gain and loss stay posted).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        days: int = DAYS,
        odds: str = PUBLISHED,
        schedule: ExpenseSchedule = DEFAULT_SCHEDULE,
        on_day: Callable[[DayReport], None] | None = None,
    ) -> None:
        self.odds = check_odds(odds)
        self.life = Life(seed, days=days, schedule=schedule)
        self.tariffs = _tariffs(self.odds)
        #: Called after each lived day (for watchers such as the CLI).
        self.on_day = on_day

    @property
    def finished(self) -> bool:
        return self.life.finished

    def observe(self) -> Morning:
        """This morning, as the person knows it."""
        life = self.life
        last: DayRecord | None = life.records[-1] if life.records else None
        yesterday = None
        if last is not None:
            yesterday = Yesterday(last.occupation, last.succeeded, wages(last.cost),
                                  wages(last.takings), wages(last.expense), last.bankrupt)
        affordable = () if life.finished else tuple(o.key for o in life.affordable())
        return Morning(life.day, life.days, wages(life.cash), affordable, yesterday,
                       self.tariffs, self.odds)

    def act(self, action: object) -> DayReport:
        """Live today in occupation ``action`` (a key such as ``"day-job"``).

        Raises the game's errors unchanged: ``InvalidOccupationError`` for a name
        that is not an occupation, ``IllegalOccupationError`` for one the person
        cannot afford (both ValueError), ``LifeOverError`` after the last day.
        """
        life = self.life
        if life.finished:
            raise LifeOverError(f"the life is over: all {life.days} days have been lived")
        before = len(life.stints)
        previous = life.records[-1].occupation if life.records else None
        record = life.live(action)  # type: ignore[arg-type]
        report = DayReport(
            day=record.day,
            occupation=record.occupation,
            succeeded=record.succeeded,
            cash=wages(record.cash_after),
            bankrupt=record.bankrupt,
            changed=record.occupation != previous,
            closed=tuple(_stint_view(s) for s in life.stints[before:]),
        )
        if self.on_day is not None:
            self.on_day(report)
        return report

    def stints(self) -> tuple[StintView, ...]:
        """Every stint so far, the open one included."""
        life = self.life
        open_ = (life.current_stint,) if life.current_stint is not None else ()
        return tuple(_stint_view(s) for s in (*life.stints, *open_))

    def report(self) -> LifeReport:
        """How the life went (so far)."""
        s = self.life.summary()
        return LifeReport(
            seed=s.seed,
            odds=self.odds,
            days_lived=s.days_lived,
            final_cash=wages(s.final_cash),
            bracket=s.final_bracket.value,
            peak_cash=wages(s.peak_cash),
            bankruptcies=s.bankruptcies,
            days_by_occupation=s.days_by_occupation,
            successes_by_occupation=s.successes_by_occupation,
            stints=s.stints,
        )

