"""How the daemon starts a life: parameters in, adapter and agent out."""

from __future__ import annotations

from collections.abc import Mapping

from protocols.dayinlife import DAYS, ODDS_MODES, PUBLISHED, LifeAdapter
from runtime import Parameter, SessionPlan, one_of, read_parameters, whole_number

from ._agents import person_agent
from ._ks import DEFAULT_TRIALS
from ._personalities import PERSONALITIES, personality

#: What ``belligerent run dayinlife --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("person", f"who lives: {', '.join(PERSONALITIES)}; default: picked by the "
              "seed, so a batch meets every personality", None, one_of(tuple(PERSONALITIES))),
    Parameter("odds", "published (P known, as in the seed) or hidden (estimated)",
              PUBLISHED, one_of(ODDS_MODES)),
    Parameter("trials", "with hidden odds: rehearsals per occupation each morning",
              DEFAULT_TRIALS, whole_number(0)),
    Parameter("days", "work days in a life", DAYS, whole_number(1)),
)


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """One life of ``person`` (by default the seed picks the personality)."""
    values = read_parameters("dayinlife", parameters, PARAMETERS)
    names = tuple(PERSONALITIES)
    who = personality(values["person"] or names[seed % len(names)])
    values["person"] = who.name
    return SessionPlan(
        adapter=lambda: LifeAdapter(seed, days=values["days"], odds=values["odds"],
                                    person=who.name),
        agent=person_agent(who.name, trials=values["trials"]),
        parameters=tuple(values.items()),
    )
