"""A life lived without the runtime: the same decisions, at batch speed.

The benchmark lives thousands of lives; through the runtime each day is an
observation, a knowledge-source activation, a barrier and an arbiter round.
:func:`live` makes the same choices from the same pure functions with the same
seeds (``derive_seed(seed, "monte-carlo")`` for the odds model's rehearsals,
``derive_seed(seed, person)`` for the expert's tie-breaks), so a life lived here
is day for day the life the runtime agent lives — a test holds it to that.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from protocols.dayinlife import DAYS, PUBLISHED, DayReport, DirectLife, LifeReport, Morning
from runtime import derive_seed

from ._choice import Choice, choose
from ._ks import DEFAULT_TRIALS, MonteCarloOdds
from ._odds import OddsModel
from ._personalities import personality


def live(
    person: str,
    seed: int = 0,
    *,
    days: int = DAYS,
    odds: str = PUBLISHED,
    trials: int = DEFAULT_TRIALS,
    on_day: Callable[[DayReport], None] | None = None,
    on_choice: Callable[[Morning, Choice], None] | None = None,
) -> LifeReport:
    """Live one life as ``person`` and return how it went.

    ``on_day`` sees each lived day; ``on_choice`` each morning and the choice made
    on it (with the rationale written out, which costs time).
    """
    who = personality(person)
    life = DirectLife(seed, days=days, odds=odds, on_day=on_day)
    model = OddsModel(trials=trials, rng=random.Random(derive_seed(seed, MonteCarloOdds.name)))
    rng = random.Random(derive_seed(seed, who.name))
    while not life.finished:
        morning = life.observe()
        model.observe(morning)
        choice = choose(who, morning, model.snapshot(morning), rng,
                        explain=on_choice is not None)
        if on_choice is not None:
            on_choice(morning, choice)
        life.act(choice.occupation)
    return life.report()
