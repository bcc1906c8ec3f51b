"""The Day in the Life as a person lives it: the adapter, the morning they see, and the
rehearsal yard where the odds can be estimated when they are not published.

Also the door through which agents' tooling (CLI, benchmarks) hosts lives and
names occupations, so ``actors/`` never imports ``games/``.
"""

from games.dayinlife import DAYS as DAYS
from games.dayinlife import STARTING_CASH as _STARTING_CENTS
from games.dayinlife import IllegalOccupationError as IllegalOccupationError
from games.dayinlife import InvalidOccupationError as InvalidOccupationError
from games.dayinlife import LifeOverError as LifeOverError
from games.dayinlife import occupation_keys as occupation_keys
from games.dayinlife import wages as _wages

from ._adapter import LifeAdapter as LifeAdapter
from ._life import DirectLife as DirectLife
from ._life import check_odds as check_odds
from ._messages import HIDDEN as HIDDEN
from ._messages import ODDS_MODES as ODDS_MODES
from ._messages import PUBLISHED as PUBLISHED
from ._messages import DayReport as DayReport
from ._messages import LifeReport as LifeReport
from ._messages import Morning as Morning
from ._messages import StintView as StintView
from ._messages import Tariff as Tariff
from ._messages import Yesterday as Yesterday
from ._rehearsal import Rehearsal as Rehearsal

#: Cash at the start, in days' wages.
STARTING_CASH = _wages(_STARTING_CENTS)

__all__ = [
    "DAYS",
    "HIDDEN",
    "ODDS_MODES",
    "PUBLISHED",
    "STARTING_CASH",
    "DayReport",
    "DirectLife",
    "IllegalOccupationError",
    "InvalidOccupationError",
    "LifeAdapter",
    "LifeOverError",
    "LifeReport",
    "Morning",
    "Rehearsal",
    "StintView",
    "Tariff",
    "Yesterday",
    "check_odds",
    "occupation_keys",
]
