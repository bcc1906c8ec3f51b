"""How the daemon plays Rogue: Rog-O-Matic on a fixed dungeon, bounded like a tournament game.

Session ``i`` of a batch seeded ``S`` plays dungeon ``S + i`` (where the platform
can fix Rogue's seed; see :mod:`protocols.rogue`), so batches of two agent versions
meet the same dungeons, as tournaments do. Each game is wrapped in the tournament's
:class:`CappedAdapter`: past ``max_actions`` or ``time_limit`` it quits Rogue itself,
so the record holds the real score with ``capped`` saying why.
"""

from __future__ import annotations

from collections.abc import Mapping

from protocols.rogue import SeededRogueAdapter, find_rogue_binary, seed_support
from runtime import Parameter, SessionPlan, one_of, read_parameters, whole_number

from . import DEFAULT_TACTICS, rogomatic
from ._agents import minimal_agent
from ._tournament_game import CappedAdapter

AGENTS = ("rogomatic", "minimal")

#: What ``belligerent run rogue --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("agent", f"who plays: {', '.join(AGENTS)}", AGENTS[0], one_of(AGENTS)),
    Parameter("max_actions", "quit the game after this many decisions", 5000, whole_number(1)),
    Parameter("time_limit", "quit the game after this many seconds", 600, whole_number(1)),
    Parameter("binary", "the Rogue 5.4.4 binary (default: $BELLIGERENT_ROGUE)", None),
)


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """One game of ``agent`` on dungeon ``seed``, quit cleanly at either bound.

    The binary is looked up now, so a missing Rogue is refused when the batch is
    submitted (with what to do), not reported later as one aborted game per session.
    """
    values = read_parameters("rogue", parameters, PARAMETERS)
    try:
        binary = find_rogue_binary(values["binary"])
    except LookupError:
        raise ValueError("no Rogue binary configured: pass --param binary=PATH or set "
                         "BELLIGERENT_ROGUE where the daemon runs (Rogue 5.4.4 is not "
                         "shipped with belligerent)") from None
    support = seed_support(binary)
    max_actions, time_limit = values["max_actions"], values["time_limit"]
    if values["agent"] == "minimal":
        agent = minimal_agent(max_actions)
    else:
        agent = rogomatic(DEFAULT_TACTICS, max_actions=max_actions)

    def adapter() -> CappedAdapter:
        inner = SeededRogueAdapter.live_seeded(binary, seed=seed, support=support)
        return CappedAdapter(inner, max_actions=max_actions + 50, time_limit=time_limit)

    return SessionPlan(
        adapter=adapter,
        agent=agent,
        parameters=(("agent", values["agent"]), ("max_actions", max_actions),
                    ("time_limit", time_limit), ("binary", binary),
                    ("seeded", support.library is not None)),
    )
