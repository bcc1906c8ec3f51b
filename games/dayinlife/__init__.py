"""The Day in the Life, as hosted by belligerent.

The seed's probabilistic simulation: a person starts with ten days' wages and
lives 1,000 work days, each day taking up one of seven occupations (Day Job,
Street, Stunt Show, Lotto, Crime, Rock Band, Financier) that they can afford —
at least twice its cost in cash — succeeding at random by the occupation's odds,
paying living expenses by wealth bracket, and going bankrupt (cash reset to zero)
when the cash goes negative. Deterministic from a seed; money in cents of a
day's wages. Nothing here knows who chooses the occupations.
"""

from ._expenses import DEFAULT_SCHEDULE as DEFAULT_SCHEDULE
from ._expenses import Bracket as Bracket
from ._expenses import ExpenseSchedule as ExpenseSchedule
from ._life import DAYS as DAYS
from ._life import STARTING_CASH as STARTING_CASH
from ._life import DayRecord as DayRecord
from ._life import IllegalOccupationError as IllegalOccupationError
from ._life import Life as Life
from ._life import LifeOverError as LifeOverError
from ._life import LifeSummary as LifeSummary
from ._life import Stint as Stint
from ._money import CENTS_PER_WAGE as CENTS_PER_WAGE
from ._money import cents as cents
from ._money import format_cash as format_cash
from ._money import wages as wages
from ._occupations import OCCUPATIONS as OCCUPATIONS
from ._occupations import InvalidOccupationError as InvalidOccupationError
from ._occupations import Occupation as Occupation
from ._occupations import occupation as occupation
from ._occupations import occupation_keys as occupation_keys

__all__ = [
    "CENTS_PER_WAGE",
    "DAYS",
    "DEFAULT_SCHEDULE",
    "OCCUPATIONS",
    "STARTING_CASH",
    "Bracket",
    "DayRecord",
    "ExpenseSchedule",
    "IllegalOccupationError",
    "InvalidOccupationError",
    "Life",
    "LifeOverError",
    "LifeSummary",
    "Occupation",
    "Stint",
    "cents",
    "format_cash",
    "occupation",
    "occupation_keys",
    "wages",
]
