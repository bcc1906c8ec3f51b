"""A critter seated directly at the referee, for fitness evaluation and benchmarks.

Evaluating a population is a simulation, like a tournament's bot-versus-bot
rounds: thousands of matches, where a runtime session per match would cost more
than the critters themselves. So a critter is wrapped as a plain suite
:class:`~protocols.roshambo.Player` and plays ``play_match`` against the bots.
As an *agent*, a critter runs on the runtime (``_agent``); both play the same
throws given the same seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from protocols.roshambo import Player

from ._isa import MAX_ENERGY, Genome
from ._vm import Machine


class CritterPlayer(Player):
    """A critter as a referee-facing player: it feeds itself the turns it has not seen."""

    description = "an evolved critter program"

    def __init__(self, genome: Genome, *, name: str = "critter",
                 max_energy: int = MAX_ENERGY) -> None:
        super().__init__()
        self.name = name
        self.machine = Machine(genome, max_energy=max_energy)

    def reset(self, seed: int, turns: int) -> None:
        super().reset(seed, turns)
        self.machine.reset(seed)

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        machine = self.machine
        seen = len(machine.record)
        if len(my_history) < seen:
            raise ValueError(
                f"critter {self.name!r} was shown {len(my_history)} turns after {seen}; "
                "reset it before a new match"
            )
        for turn in range(seen, len(my_history)):
            machine.observe(my_history[turn], opp_history[turn])
        return machine.decide()
