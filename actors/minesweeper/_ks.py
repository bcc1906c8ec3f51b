"""The Minesweeper knowledge sources: a sensor, then the rules as a chain in cost order.

Entries (all immutable):

=========================  ==================  ==========================================
entry                      writer              value
=========================  ==================  ==========================================
``observation``            the adapter         :class:`protocols.minesweeper.MinefieldView`
``field``                  ``sensor``          the agent's :class:`Field` (constraints)
``rule.<name>``            the rule ``<name>`` a :class:`Stage`: the field, and the rule's
                                               finding or the cheaper rule that settled it
=========================  ==================  ==========================================

The chain is the seed's framework, match phase: each rule reads the entry of the
rule just cheaper than itself, so rules run in order of increasing cost, and a
rule only does its work when every cheaper rule found nothing ("the framework
depends on the rules being loaded in order of increasing complexity"). Once one
matches, the rest pass its name along without matching. The probability engine
therefore runs only when the cheap rules are stuck — a few times a game — and
every rule writes every generation, so each entry's generation always matches
the observation the arbiter decides on.

The execute phase is the arbiter's: one expert per rule (see :mod:`._experts`)
proposes the move set its rule found, and the static priority list is the same
cost order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

import attrs

from runtime import Activation, KnowledgeSource

from ._field import Field, FieldTracker
from ._guess import Guesser, analyse, enumeration
from ._probability import Analysis, ProbabilityEngine
from ._rules import (
    Finding,
    first_click,
    mine_count,
    single_square,
    subset,
    two_square_far,
    two_square_near,
)


@attrs.frozen
class Stage:
    """One rule's result for one generation, handed down the chain.

    ``finding`` is this rule's move set (None if it found nothing or did not run);
    ``settled_by`` names the cheaper rule that matched first, if one did;
    ``analysis`` is the probability engine's answer once the enumeration has run.
    """

    field: Field
    finding: Finding | None = None
    settled_by: str | None = None
    analysis: Analysis | None = None
    #: Seconds the rule spent matching.
    seconds: float = 0.0

    @property
    def settled(self) -> str | None:
        """The rule whose move set this generation will play, if one matched so far."""
        if self.finding:
            return self.finding.rule
        return self.settled_by


def entry_for(rule: str) -> str:
    """The blackboard entry a rule writes."""
    return f"rule.{rule}"


class Sensor(KnowledgeSource):
    """Reads the visible board into constraints, re-reading only what changed."""

    name = "sensor"
    reads = frozenset({"observation"})
    writes = frozenset({"field"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tracker = FieldTracker()

    async def activate(self, activation: Activation) -> None:
        view = activation.read("observation")
        await activation.write("field", self.tracker.update(view))


class RuleSource(KnowledgeSource):
    """One rule of the chain. Subclasses set ``rule``, ``upstream`` and :meth:`match`."""

    #: The rule's name (also its expert's name and the thoughts' prefix).
    rule: ClassVar[str] = ""
    #: The entry of the next cheaper rule, or ``"field"`` for the first.
    upstream: ClassVar[str] = ""

    def match(self, stage: Stage) -> Stage:
        """This rule's stage, given the cheaper rules' (which found nothing)."""
        raise NotImplementedError

    async def activate(self, activation: Activation) -> None:
        value = activation.read(self.upstream)
        stage = value if isinstance(value, Stage) else Stage(field=value)
        if stage.settled is not None or stage.field.status != "playing":
            out = Stage(field=stage.field, settled_by=stage.settled, analysis=stage.analysis)
        else:
            started = time.perf_counter()
            out = self.match(stage)
            out = attrs.evolve(out, seconds=time.perf_counter() - started)
        await activation.write(entry_for(self.rule), out)


class FieldRule(RuleSource):
    """A rule that is a plain function of the field (``check``)."""

    check: ClassVar[Callable[[Field], Finding | None]]

    def match(self, stage: Stage) -> Stage:
        return Stage(field=stage.field, finding=type(self).check(stage.field))


class FirstClickRule(FieldRule):
    """Rule 0: the first click, where the game's promise makes it best."""

    name = rule = "first-click"
    upstream = "field"
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(first_click)


class SingleSquareRule(FieldRule):
    """Rule 1 (the seed's first): one number settles its covered squares."""

    name = rule = "single-square"
    upstream = entry_for("first-click")
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(single_square)


class TwoSquareNearRule(FieldRule):
    """Rule 2 (the seed's second): an adjacent number helps settle a number's squares."""

    name = rule = "two-square-near"
    upstream = entry_for("single-square")
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(two_square_near)


class TwoSquareFarRule(FieldRule):
    """Rule 3 (the seed's third): a number two squares away helps."""

    name = rule = "two-square-far"
    upstream = entry_for("two-square-near")
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(two_square_far)


class SubsetRule(FieldRule):
    """Rule 4: subset/superset reasoning over any pair of constraints, to a fixed point."""

    name = rule = "subset"
    upstream = entry_for("two-square-far")
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(subset)


class MineCountRule(FieldRule):
    """Rule 5: the mine counter as one more constraint."""

    name = rule = "mine-count"
    upstream = entry_for("subset")
    reads = frozenset({upstream})
    writes = frozenset({entry_for(rule)})
    check = staticmethod(mine_count)


class EnumerationRule(RuleSource):
    """Rule 6: exact probabilities by counting every layout; plays the certain squares.

    Writes the analysis along with its stage, so the guess reuses it.
    """

    name = rule = "enumeration"
    upstream = entry_for("mine-count")
    reads = frozenset({upstream})
    writes = frozenset({entry_for("enumeration")})
    budget = 120.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.engine = ProbabilityEngine()

    def match(self, stage: Stage) -> Stage:
        analysis = analyse(self.engine, stage.field)
        if analysis.solutions == 0:
            raise RuntimeError(
                "no layout of mines fits the board: a flag is wrong or the view is corrupt"
            )
        return Stage(field=stage.field, finding=enumeration(stage.field, analysis),
                     analysis=analysis)


class GuessRule(RuleSource):
    """Rule 7, the probability expert's thinking: the best guess when nothing is certain.

    Time budget: at most ``MAX_WHAT_IFS`` what-if positions of look-ahead per guess
    (and :attr:`Guesser.time_budget` seconds as a last resort), well inside this
    source's ``budget``; the safest candidate is scored first, so there is always a
    best-so-far answer.
    """

    name = rule = "guess"
    upstream = entry_for("enumeration")
    reads = frozenset({upstream})
    writes = frozenset({entry_for("guess")})
    budget = 120.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.guesser = Guesser()

    def match(self, stage: Stage) -> Stage:
        analysis = stage.analysis
        assert analysis is not None, "the enumeration rule runs before the guess"
        return Stage(field=stage.field, finding=self.guesser.guess(stage.field, analysis),
                     analysis=analysis)


#: The chain, cheapest first.
RULE_SOURCES: tuple[type[RuleSource], ...] = (
    FirstClickRule,
    SingleSquareRule,
    TwoSquareNearRule,
    TwoSquareFarRule,
    SubsetRule,
    MineCountRule,
    EnumerationRule,
    GuessRule,
)
