"""How the daemon starts a NetHack game: Debian's nethack-console in a pseudo-terminal."""

from __future__ import annotations

from collections.abc import Mapping

from protocols.nethack import NetHackAdapter, find_nethack_binary
from runtime import Parameter, SessionPlan, read_parameters, whole_number

from ._agents import minimal_agent

#: What ``belligerent run nethack --param KEY=VALUE`` understands.
PARAMETERS = (
    Parameter("max_actions", "quit (#quit, y) after this many decisions", 500,
              whole_number(1)),
    Parameter("binary", "the NetHack binary (default: $BELLIGERENT_NETHACK or Debian's "
              "nethack-console)", None),
)


def plan_session(parameters: Mapping[str, str], seed: int) -> SessionPlan:
    """A game with the minimal agent, in a private playground, quitting after its budget.

    The binary is looked up now, so a missing game is refused at submission with the
    command that installs it, not reported later as one aborted session per game.
    """
    values = read_parameters("nethack", parameters, PARAMETERS)
    binary = find_nethack_binary(values["binary"])
    return SessionPlan(
        adapter=lambda: NetHackAdapter.live(binary=binary),
        agent=minimal_agent(values["max_actions"]),
        parameters=(("max_actions", values["max_actions"]), ("binary", binary)),
    )
