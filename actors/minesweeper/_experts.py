"""The Minesweeper experts: one per rule, proposing the move set its rule found.

The seed's framework, execute phase. Each expert reads its rule's entry; if the
rule matched for the generation being decided, it proposes every move of the
rule's move set as one :class:`MoveSet` (the seed's ``Execute`` plays all the
squares a rule collected), with the rule's thoughts as the rationale. The
arbiter's static priority list is the cost order, cheapest first.
"""

from __future__ import annotations

from typing import ClassVar

from protocols.minesweeper import Action, MoveSet
from runtime import BoardView, Expert, Proposal

from ._ks import Stage, entry_for
from ._rules import Finding


def to_move_set(finding: Finding, width: int) -> MoveSet:
    """A finding as the adapter's move set: flags first, then reveals, by square."""
    return MoveSet(
        tuple(Action("flag", s % width, s // width) for s in finding.flag)
        + tuple(Action("reveal", s % width, s // width) for s in finding.reveal)
    )


def rationale(finding: Finding) -> str:
    """The thoughts, out loud: ``"single-square: (3,4) shows 1 ... → flag (3,5)"``."""
    return f"{finding.rule}: " + "; ".join(finding.thoughts)


class RuleExpert(Expert):
    """Proposes its rule's move set when the rule matched in this generation."""

    rule: ClassVar[str] = ""

    def propose(self, view: BoardView) -> Proposal | None:
        entry = view.entry(entry_for(self.rule))
        if entry is None or entry.generation != view.generation:
            return None  # the chain did not finish this generation: never act on a stale board
        stage: Stage = entry.value
        finding = stage.finding
        if not finding:
            return None
        return Proposal(to_move_set(finding, stage.field.width), rationale(finding))


class FirstClickExpert(RuleExpert):
    """Plays the first click the game's promise makes best."""

    name = rule = "first-click"
    reads = frozenset({entry_for(rule)})


class SingleSquareExpert(RuleExpert):
    """Plays the single-square rule's move set (the seed's first rule)."""

    name = rule = "single-square"
    reads = frozenset({entry_for(rule)})


class TwoSquareNearExpert(RuleExpert):
    """Plays the two-square rule's move set with an adjacent helper (the seed's second)."""

    name = rule = "two-square-near"
    reads = frozenset({entry_for(rule)})


class TwoSquareFarExpert(RuleExpert):
    """Plays the two-square rule's move set with a helper two squares away (the seed's third)."""

    name = rule = "two-square-far"
    reads = frozenset({entry_for(rule)})


class SubsetExpert(RuleExpert):
    """Plays what subset/superset reasoning proved."""

    name = rule = "subset"
    reads = frozenset({entry_for(rule)})


class MineCountExpert(RuleExpert):
    """Plays what the mine counter proved."""

    name = rule = "mine-count"
    reads = frozenset({entry_for(rule)})


class EnumerationExpert(RuleExpert):
    """Plays the squares that are safe, or mined, in every layout."""

    name = rule = "enumeration"
    reads = frozenset({entry_for(rule)})


class GuessExpert(RuleExpert):
    """The probability expert: plays the guess when nothing is certain."""

    name = rule = "guess"
    reads = frozenset({entry_for(rule)})


#: One expert per rule, in the static priority order: cheapest rule first.
RULE_EXPERTS: tuple[type[RuleExpert], ...] = (
    FirstClickExpert,
    SingleSquareExpert,
    TwoSquareNearExpert,
    TwoSquareFarExpert,
    SubsetExpert,
    MineCountExpert,
    EnumerationExpert,
    GuessExpert,
)
