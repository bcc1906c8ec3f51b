"""The Minesweeper agent: the seed's rule framework on the runtime.

A sensor reads the visible board into constraints; the rules — the seed's
single-square and two two-square rules, then subset reasoning, the mine counter,
exact enumeration, and a probability expert that guesses — run as a chain of
knowledge sources in order of increasing cost; one expert per rule proposes its
rule's move set, and the arbiter's static priority list (the same cost order)
plays the cheapest rule that matched, thinking out loud. It sees only what a
player sees, through :mod:`protocols.minesweeper`.
"""

from ._agents import AGENTS as AGENTS
from ._agents import SWEEPER as SWEEPER

__all__ = ["AGENTS", "SWEEPER"]
