"""The rule framework without the runtime: the same rules, cheapest first, in one call.

The agent proper runs the rules as knowledge sources under the arbiter; this
plain driver runs the very same functions in the same order. The bench's direct
path plays its bulk games with it (several times faster than a session per
game), and checks on a sample of the same seeds that the runtime agent sends
exactly the same actions; tests use it to play positions without a session.
"""

from __future__ import annotations

from ._field import Field
from ._guess import Guesser, analyse, enumeration
from ._probability import ProbabilityEngine
from ._rules import (
    Finding,
    first_click,
    mine_count,
    single_square,
    subset,
    two_square_far,
    two_square_near,
)

#: The rules that need no probability engine, cheapest first.
CHEAP_RULES = (first_click, single_square, two_square_near, two_square_far, subset, mine_count)

#: Every rule's name, in cost order (the agent's static priority list).
RULE_NAMES = ("first-click", "single-square", "two-square-near", "two-square-far", "subset",
              "mine-count", "enumeration", "guess")


class Solver:
    """``decide(field)`` returns the finding of the cheapest rule that matches."""

    def __init__(self) -> None:
        self.engine = ProbabilityEngine()
        self.guesser = Guesser()

    def decide(self, field: Field) -> Finding:
        for rule in CHEAP_RULES:
            found = rule(field)
            if found:
                return found
        analysis = analyse(self.engine, field)
        found = enumeration(field, analysis)
        if found:
            return found
        return self.guesser.guess(field, analysis)
