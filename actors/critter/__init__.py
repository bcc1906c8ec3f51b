"""Critter: RoShamBo players evolved by genetic programming on a virtual machine.

After part III of Aaron Davidson's "The Problem of RoShamBo" (1999). A critter is
a small program for a RoShamBo computer (``_isa``: registers, memory that lasts
the match, flow control, arithmetic, and instructions that read both histories),
run once per throw under an energy budget (``_vm``). Its genome is a tuple of
fixed-width instructions, written and read as assembly (``_asm``), bred by
mutation and crossover (``_genetics``), selected by its score against bots less
its length and energy (``_fitness``), in an island-model run that saves and
resumes (``_evolution``). A saved critter plays on the runtime as an agent
(``_agent``: a history knowledge source and an expert that runs the program).
"""

from ._agent import CritterExpert as CritterExpert
from ._agent import Histories as Histories
from ._agent import HistoryKeeper as HistoryKeeper
from ._agent import critter_agent as critter_agent
from ._agent import critter_agent_from_genome as critter_agent_from_genome
from ._asm import AssemblyError as AssemblyError
from ._asm import assemble as assemble
from ._asm import disassemble as disassemble
from ._evolution import Evolution as Evolution
from ._evolution import EvolutionConfig as EvolutionConfig
from ._evolution import GenerationRecord as GenerationRecord
from ._files import load_critter as load_critter
from ._files import save_critter as save_critter
from ._fitness import Evaluation as Evaluation
from ._fitness import Evaluator as Evaluator
from ._fitness import FitnessTask as FitnessTask
from ._fitness import evaluate as evaluate
from ._genetics import crossover as crossover
from ._genetics import mutate as mutate
from ._genetics import random_genome as random_genome
from ._genetics import tournament_select as tournament_select
from ._isa import MAX_ENERGY as MAX_ENERGY
from ._isa import MAX_LENGTH as MAX_LENGTH
from ._isa import OPCODES as OPCODES
from ._isa import Genome as Genome
from ._isa import GenomeError as GenomeError
from ._isa import check_genome as check_genome
from ._opponents import resolve_opponents as resolve_opponents
from ._player import CritterPlayer as CritterPlayer
from ._vm import Machine as Machine

__all__ = [
    "MAX_ENERGY",
    "MAX_LENGTH",
    "OPCODES",
    "AssemblyError",
    "CritterExpert",
    "CritterPlayer",
    "Evaluation",
    "Evaluator",
    "Evolution",
    "EvolutionConfig",
    "FitnessTask",
    "GenerationRecord",
    "Genome",
    "GenomeError",
    "Histories",
    "HistoryKeeper",
    "Machine",
    "assemble",
    "check_genome",
    "critter_agent",
    "critter_agent_from_genome",
    "crossover",
    "disassemble",
    "evaluate",
    "load_critter",
    "mutate",
    "random_genome",
    "resolve_opponents",
    "save_critter",
    "tournament_select",
]
