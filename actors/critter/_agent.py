"""A critter as a runtime agent: a history knowledge source and an expert that runs the program.

=================  ==================  ==========================================
entry              writer              value
=================  ==================  ==========================================
``observation``    the adapter         :class:`protocols.roshambo.RoundView`
``history``        ``history``         :class:`Histories`: both players' throws
=================  ==================  ==========================================

The table shows only the last turn; the knowledge source remembers the match and
writes both histories, whole, every turn. The expert owns the critter's machine
(its memory and context tables are the critter's private state, as a player's
head is) and feeds it the turns it has not seen before running the program once.
Given the session seed, the agent throws exactly what :class:`CritterPlayer`
throws when reset with the expert's seed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import ClassVar

import attrs

from runtime import Activation, AgentSpec, BoardView, Expert, KnowledgeSource, Proposal

from ._asm import MOVE_NAMES, disassemble
from ._files import load_critter
from ._isa import Genome
from ._vm import Machine


@attrs.frozen
class Histories:
    """Both players' throws so far, oldest first."""

    mine: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()


class HistoryKeeper(KnowledgeSource):
    """The sensor: appends the last turn shown at the table to the remembered match."""

    name = "history"
    reads = frozenset({"observation"})
    writes = frozenset({"history"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.mine: list[int] = []
        self.theirs: list[int] = []

    async def activate(self, activation: Activation) -> None:
        view = activation.read("observation")
        if view.my_last is not None and view.opponent_last is not None:
            self.mine.append(view.my_last)
            self.theirs.append(view.opponent_last)
        await activation.write("history", Histories(tuple(self.mine), tuple(self.theirs)))


class CritterExpert(Expert):
    """Runs the critter's program once per throw and proposes what it throws.

    Subclassed per critter by :func:`critter_agent_from_genome`, which sets ``genome``.
    Its budget is the machine's energy (at most 100 instructions), far inside any
    decision deadline.
    """

    name = "critter"
    reads = frozenset({"history"})
    genome: ClassVar[Genome] = ()

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.machine = Machine(self.genome, seed=seed)

    def propose(self, view: BoardView) -> Proposal | None:
        history: Histories | None = view.read("history")
        if history is None:
            return None
        machine = self.machine
        for turn in range(len(machine.record), len(history.mine)):
            machine.observe(history.mine[turn], history.theirs[turn])
        exhausted = machine.exhausted
        spent = machine.energy_spent
        move = machine.decide()
        how = "out of energy" if machine.exhausted > exhausted else "ended"
        return Proposal(
            move,
            f"critter: {machine.last_steps} instructions, energy "
            f"{machine.energy_spent - spent}/{machine.max_energy}, {how} → {MOVE_NAMES[move]}",
        )


def critter_version(genome: Genome) -> str:
    """A short fingerprint of the program, so records say which critter played."""
    return hashlib.blake2b(disassemble(genome).encode(), digest_size=4).hexdigest()


def critter_agent_from_genome(genome: Genome, *, name: str = "critter",
                              description: str = "") -> AgentSpec:
    """An agent that plays ``genome``."""
    expert = type("CritterExpert", (CritterExpert,), {"genome": genome})
    return AgentSpec(
        name=name,
        version=critter_version(genome),
        knowledge_sources=(HistoryKeeper,),
        experts=(expert,),
        description=description or f"an evolved critter program ({len(genome)} instructions)",
    )


def critter_agent(path: str | Path) -> AgentSpec:
    """The agent playing the critter saved at ``path`` (OSError / ValueError if it can't)."""
    genome = load_critter(path)
    return critter_agent_from_genome(
        genome, name="critter",
        description=f"critter {Path(path).name} ({len(genome)} instructions), evolved",
    )
