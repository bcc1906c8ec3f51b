"""How the daemon explores: one seeded level per session, an explorer, the referee's tally.

Session ``i`` of a batch seeded ``S`` explores level ``S + i`` of our NetHack-like
generator, so two explorers (or two parameter sets) meet the same levels and
``belligerent report explore`` compares their room coverage. The score is the
fraction of rooms explored; the record's detail has actions, rooms and secrets.
"""

from __future__ import annotations

from collections.abc import Mapping

from protocols.dungeon import DungeonAdapter
from runtime import Parameter, SessionPlan, one_of, read_parameters, whole_number

from ._agents import ALGORITHMS, explorer

#: What ``belligerent run explore --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("algorithm", f"the explorer: {', '.join(ALGORITHMS)}", "room-space",
              one_of(tuple(ALGORITHMS))),
    Parameter("secrets", "yes: hidden doors and corridors on, and the explorer searches",
              "no", one_of(("no", "yes"))),
    Parameter("max_actions", "stop the level after this many actions", 2000,
              whole_number(1)),
)


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """Explore level ``seed`` with ``algorithm``, secrets on or off."""
    values = read_parameters("explore", parameters, PARAMETERS)
    secrets = values["secrets"] == "yes"
    max_actions = values["max_actions"]
    return SessionPlan(
        adapter=lambda: DungeonAdapter(seed, secrets=secrets, max_actions=max_actions),
        agent=explorer(values["algorithm"], secrets=secrets),
        parameters=tuple(values.items()),
    )
