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

from ._ks import RULE_SOURCES, Stage, entry_for
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


def _expert_for(rule: str) -> type[RuleExpert]:
    return type(
        "".join(part.capitalize() for part in rule.split("-")) + "Expert",
        (RuleExpert,),
        {
            "__doc__": f"Plays the move set of the {rule!r} rule.",
            "__module__": __name__,
            "name": rule,
            "rule": rule,
            "reads": frozenset({entry_for(rule)}),
        },
    )


#: One expert per rule, in the static priority order: cheapest rule first.
RULE_EXPERTS: tuple[type[RuleExpert], ...] = tuple(_expert_for(s.rule) for s in RULE_SOURCES)
