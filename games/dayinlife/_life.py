"""The simulation: one person, 1,000 work days, one occupation a day.

Each day, in this order (the seed's, with our choices where it is silent):

1. The person picks an occupation. It must be affordable: at least twice its
   cost in cash (:meth:`Occupation.affordable`), else :class:`IllegalOccupationError`.
2. The cost is paid.
3. Success is drawn: one uniform number u in [0, 1) from the life's own
   ``random.Random(seed)``; the attempt succeeds when ``u < P``. Exactly one draw
   is made every day whatever the occupation, so two people given the same seed
   face the same luck day by day (common random numbers: differences between
   personalities in a benchmark come from their choices, not their dice).
4. The gain is paid on success; the loss is taken on failure.
5. Living expenses for the bracket of the cash now held are deducted
   (:mod:`._expenses`).
6. A person left with negative cash is bankrupt: the cash is reset to zero.
   Exactly zero is not bankrupt; the seed says negative.

When the occupation differs from the day before, the stint in the previous one
is closed and kept as a :class:`Stint` — the results the seed's simulation
prints at each change of job; the last stint closes when the life ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs

from ._expenses import DEFAULT_SCHEDULE, Bracket, ExpenseSchedule
from ._money import cents, format_cash
from ._occupations import OCCUPATIONS, InvalidOccupationError, Occupation, occupation

#: Work days in a life.
DAYS = 1000
#: Cash at the start: ten days' wages.
STARTING_CASH = cents(10.0)


class IllegalOccupationError(ValueError):
    """An occupation the person cannot take up today: they hold less than twice its cost."""


class LifeOverError(RuntimeError):
    """A day was lived after the last one."""


@attrs.frozen
class DayRecord:
    """What happened on one day (money in cents)."""

    #: The day lived, counting from 1.
    day: int
    occupation: str
    succeeded: bool
    cash_before: int
    cost: int
    #: The gain on success, minus the loss on failure.
    takings: int
    #: The bracket the living expenses were charged at.
    bracket: Bracket
    expense: int
    bankrupt: bool
    cash_after: int
    #: The uniform number that decided success (``succeeded == draw < P``).
    draw: float


@attrs.frozen
class Stint:
    """A run of consecutive days in one occupation, and how it went (money in cents).

    ``cash_after - cash_before`` is the stint's net, bankruptcy resets included;
    ``costs``, ``takings`` and ``expenses`` are its parts before any reset.
    """

    occupation: str
    first_day: int
    last_day: int
    successes: int
    failures: int
    costs: int
    takings: int
    expenses: int
    bankruptcies: int
    cash_before: int
    cash_after: int

    @property
    def days(self) -> int:
        return self.last_day - self.first_day + 1

    def extend(self, record: DayRecord) -> Stint:
        """This stint with one more day in the same occupation."""
        return Stint(
            self.occupation,
            self.first_day,
            record.day,
            self.successes + record.succeeded,
            self.failures + (not record.succeeded),
            self.costs + record.cost,
            self.takings + record.takings,
            self.expenses + record.expense,
            self.bankruptcies + record.bankrupt,
            self.cash_before,
            record.cash_after,
        )

    @classmethod
    def begin(cls, record: DayRecord) -> Stint:
        """A stint of the one day ``record``."""
        return cls(record.occupation, record.day, record.day, int(record.succeeded),
                   int(not record.succeeded), record.cost, record.takings, record.expense,
                   int(record.bankrupt), record.cash_before, record.cash_after)


@attrs.frozen
class LifeSummary:
    """How a life went, once lived (or as far as it got). Money in cents."""

    seed: int
    days_lived: int
    final_cash: int
    final_bracket: Bracket
    peak_cash: int
    bankruptcies: int
    #: ``(occupation key, days)`` for every occupation, in the table's order.
    days_by_occupation: tuple[tuple[str, int], ...]
    #: ``(occupation key, successful days)``, in the same order.
    successes_by_occupation: tuple[tuple[str, int], ...]
    stints: int


def _check_count(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"invalid {name} {value!r}: expected a whole number >= {minimum}")
    return value


class Life:
    """One person's working life, lived a day at a time by whoever picks the occupations.

    Nothing here knows who chooses: an agent behind a protocol adapter, a test, or
    a benchmark driver. Checked entry point: :meth:`live`. Money is in cents.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        days: int = DAYS,
        starting_cash: int = STARTING_CASH,
        schedule: ExpenseSchedule = DEFAULT_SCHEDULE,
        occupations: Sequence[Occupation] = OCCUPATIONS,
    ) -> None:
        self.seed = seed
        self.days = _check_count("number of days", days, 1)
        self.schedule = schedule
        self.occupations = tuple(occupations)
        if not self.occupations:
            raise ValueError("a life needs at least one occupation")
        self._by_key = {o.key: o for o in self.occupations}
        self.cash = _check_count("starting cash (cents)", starting_cash, 0)
        self.peak_cash = self.cash
        #: The next day to live, counting from 1 (``days + 1`` once the life is over).
        self.day = 1
        self.bankruptcies = 0
        self.records: list[DayRecord] = []
        #: Closed stints, oldest first; the open one is :attr:`current_stint`.
        self.stints: list[Stint] = []
        self.current_stint: Stint | None = None
        self._rng = random.Random(seed)

    @property
    def finished(self) -> bool:
        return self.day > self.days

    def affordable(self) -> tuple[Occupation, ...]:
        """The occupations the person may take up today, in the table's order."""
        return tuple(o for o in self.occupations if o.affordable(self.cash))

    def lookup(self, name: str | Occupation) -> Occupation:
        """The occupation of this life's table called ``name`` (key or seed name)."""
        key = name.key if isinstance(name, Occupation) else name
        found = self._by_key.get(key) if isinstance(key, str) else None
        if found is None:
            try:
                found = self._by_key.get(occupation(key).key)
            except InvalidOccupationError:
                found = None
        if found is None:
            raise InvalidOccupationError(
                f"unknown occupation {key!r}; choose from {', '.join(self._by_key)}"
            )
        return found

    def live(self, name: str | Occupation) -> DayRecord:
        """Live one day in occupation ``name`` and return what happened.

        Raises :class:`InvalidOccupationError` for a name not in the table,
        :class:`IllegalOccupationError` when the person holds less than twice its
        cost, :class:`LifeOverError` after the last day; none of them changes the life.
        """
        if self.finished:
            raise LifeOverError(f"the life is over: all {self.days} days have been lived")
        job = self.lookup(name)
        if not job.affordable(self.cash):
            raise IllegalOccupationError(
                f"cannot take up {job.key!r} on day {self.day}: it costs "
                f"{format_cash(job.cost)} a day and needs {format_cash(2 * job.cost)} in cash "
                f"(twice the cost); the person has {format_cash(self.cash)}"
            )
        before = self.cash
        draw = self._rng.random()
        succeeded = draw < job.probability
        takings = job.gain if succeeded else -job.loss
        cash = before - job.cost + takings
        bracket = self.schedule.bracket(cash)
        expense = self.schedule.expense(cash)
        cash -= expense
        bankrupt = cash < 0
        if bankrupt:
            cash = 0
            self.bankruptcies += 1
        record = DayRecord(self.day, job.key, succeeded, before, job.cost, takings, bracket,
                           expense, bankrupt, cash, draw)
        self.cash = cash
        self.peak_cash = max(self.peak_cash, cash)
        self.records.append(record)
        self._extend_stint(record)
        self.day += 1
        if self.finished and self.current_stint is not None:
            self.stints.append(self.current_stint)
            self.current_stint = None
        return record

    def _extend_stint(self, record: DayRecord) -> None:
        stint = self.current_stint
        if stint is not None and stint.occupation == record.occupation:
            self.current_stint = stint.extend(record)
            return
        if stint is not None:
            self.stints.append(stint)
        self.current_stint = Stint.begin(record)

    def summary(self) -> LifeSummary:
        """The life so far, summed up."""
        days = Counter(r.occupation for r in self.records)
        wins = Counter(r.occupation for r in self.records if r.succeeded)
        return LifeSummary(
            seed=self.seed,
            days_lived=len(self.records),
            final_cash=self.cash,
            final_bracket=self.schedule.bracket(self.cash),
            peak_cash=self.peak_cash,
            bankruptcies=self.bankruptcies,
            days_by_occupation=tuple((o.key, days[o.key]) for o in self.occupations),
            successes_by_occupation=tuple((o.key, wins[o.key]) for o in self.occupations),
            stints=len(self.stints) + (self.current_stint is not None),
        )
