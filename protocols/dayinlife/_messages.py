"""What a person in the Day in the Life knows and is told, as messages the codec can carry.

Money is in days' wages (floats, exact to the hundredth), the unit the seed
thinks in; the game keeps whole cents, and decides affordability itself.
"""

from __future__ import annotations

from runtime import message

#: Odds modes: the seed's (every occupation's P is known) or ours (P withheld).
PUBLISHED = "published"
HIDDEN = "hidden"
ODDS_MODES = (PUBLISHED, HIDDEN)


@message("dayinlife.tariff")
class Tariff:
    """An occupation's four numbers as posted to the person.

    ``probability`` is None when the odds are not published: the person must
    estimate P from experience or by rehearsal (Monte Carlo). Cost, gain and loss
    are always posted — prices, pay and fines are public.
    """

    key: str
    name: str
    probability: float | None
    cost: float
    gain: float
    loss: float


@message("dayinlife.yesterday")
class Yesterday:
    """How the person's last day went, as they lived it."""

    occupation: str
    succeeded: bool
    cost: float
    #: The gain on success, minus the loss on failure.
    takings: float
    #: The living expenses charged at the end of the day.
    expense: float
    #: Whether the day ended in bankruptcy (cash reset to zero).
    bankrupt: bool


@message("dayinlife.morning")
class Morning:
    """What the person knows each morning, before choosing the day's occupation."""

    #: The day about to be lived, counting from 1 (``days + 1`` once the life is over).
    day: int
    days: int
    cash: float
    #: Keys of the occupations the person may take up today (at least twice the
    #: cost in cash), in the table's order; the Street, which costs nothing, always is.
    affordable: tuple[str, ...]
    #: None on the first morning.
    yesterday: Yesterday | None
    #: Every occupation's posted numbers, affordable or not, in the table's order.
    tariffs: tuple[Tariff, ...]
    #: Whether the tariffs carry P (:data:`PUBLISHED`) or not (:data:`HIDDEN`).
    odds: str = PUBLISHED


@message("dayinlife.stint")
class StintView:
    """A run of consecutive days in one occupation and how it went — what the seed's
    simulation reports each time the person changes occupation."""

    occupation: str
    first_day: int
    last_day: int
    successes: int
    failures: int
    cash_before: float
    cash_after: float
    bankruptcies: int

    @property
    def days(self) -> int:
        return self.last_day - self.first_day + 1


@message("dayinlife.day_report")
class DayReport:
    """One lived day, for watchers (the CLI): the outcome, and the stints it closed.

    ``closed`` holds the stint a change of occupation ended (it ended the day
    before) and, on the last day, the final stint; ``changed`` is set when the
    occupation differs from the day before (always on day 1).
    """

    day: int
    occupation: str
    succeeded: bool
    cash: float
    bankrupt: bool
    changed: bool
    closed: tuple[StintView, ...] = ()


@message("dayinlife.life_report")
class LifeReport:
    """How a life went: final cash and bracket, bankruptcies, days in each occupation."""

    seed: int
    odds: str
    days_lived: int
    final_cash: float
    bracket: str
    peak_cash: float
    bankruptcies: int
    #: ``(occupation key, days)`` for all seven, in the table's order.
    days_by_occupation: tuple[tuple[str, int], ...]
    #: ``(occupation key, successful days)``, in the same order.
    successes_by_occupation: tuple[tuple[str, int], ...]
    #: Number of changes of occupation plus one (zero if no day was lived).
    stints: int
