"""Genetic operators on critter genomes: random programs, mutation, crossover, selection.

Every operator takes a ``random.Random`` and returns a valid genome (it draws
operands within their kind's range and keeps unused operands 0), so evolution
never has to repair or reject a child. Same generator state, same child.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ._isa import MAX_LENGTH, OPCODES, RANGES, Genome, Instruction

#: Lengths of the programs in a random start.
RANDOM_LENGTHS = (4, 16)


def random_operand_values(op: int, rng: random.Random) -> Instruction:
    """Opcode ``op`` with operands drawn uniformly within their ranges."""
    operands = [0, 0, 0]
    for position, kind in enumerate(OPCODES[op].operands):
        lo, hi = RANGES[kind]
        operands[position] = rng.randint(lo, hi)
    return (op, operands[0], operands[1], operands[2])


def random_instruction(rng: random.Random) -> Instruction:
    """Any instruction, the opcode drawn uniformly."""
    return random_operand_values(rng.randrange(len(OPCODES)), rng)


def random_genome(rng: random.Random, lengths: tuple[int, int] = RANDOM_LENGTHS) -> Genome:
    """A random program of ``lengths[0]..lengths[1]`` instructions."""
    return tuple(random_instruction(rng) for _ in range(rng.randint(*lengths)))


def _tweak_operand(instruction: Instruction, rng: random.Random) -> Instruction:
    """Change one operand of ``instruction`` (or the whole instruction if it has none)."""
    op = instruction[0]
    kinds = OPCODES[op].operands
    if not kinds:
        return random_instruction(rng)
    position = rng.randrange(len(kinds))
    lo, hi = RANGES[kinds[position]]
    values = list(instruction[1:])
    current = values[position]
    if rng.random() < 0.5 and hi > lo:
        # A small step (neighbouring register, offset, constant), wrapping within range.
        step = rng.choice((-1, 1))
        values[position] = lo + (current - lo + step) % (hi - lo + 1)
    else:
        values[position] = rng.randint(lo, hi)
    return (op, values[0], values[1], values[2])


def _change_opcode(instruction: Instruction, rng: random.Random) -> Instruction:
    """A new opcode, keeping each operand whose kind the new opcode has at that position."""
    new = random_operand_values(rng.randrange(len(OPCODES)), rng)
    old_kinds, new_kinds = OPCODES[instruction[0]].operands, OPCODES[new[0]].operands
    values = list(new[1:])
    for position, kind in enumerate(new_kinds):
        if position < len(old_kinds) and old_kinds[position] is kind:
            values[position] = instruction[1 + position]
    return (new[0], values[0], values[1], values[2])


def mutate(genome: Genome, rng: random.Random) -> Genome:
    """One random edit: an operand, an opcode, an insertion, a deletion or a swap.

    Insertions are skipped at :data:`MAX_LENGTH`, deletions of the last instruction
    replaced by an insertion, so the result is always valid.
    """
    program = list(genome)
    roll = rng.random()
    if not program or (roll < 0.15 and len(program) < MAX_LENGTH):
        program.insert(rng.randint(0, len(program)), random_instruction(rng))
    elif roll < 0.30 and len(program) > 1:
        del program[rng.randrange(len(program))]
    elif roll < 0.40 and len(program) > 1:
        i, j = rng.sample(range(len(program)), 2)
        program[i], program[j] = program[j], program[i]
    elif roll < 0.60:
        i = rng.randrange(len(program))
        program[i] = _change_opcode(program[i], rng)
    else:
        i = rng.randrange(len(program))
        program[i] = _tweak_operand(program[i], rng)
    return tuple(program)


def mutate_n(genome: Genome, rng: random.Random, mean_edits: float = 1.5) -> Genome:
    """At least one :func:`mutate` edit, more with probability ``1 - 1/mean_edits`` each."""
    keep_going = 1 - 1 / mean_edits if mean_edits > 1 else 0.0
    genome = mutate(genome, rng)
    while rng.random() < keep_going:
        genome = mutate(genome, rng)
    return genome


def crossover(a: Genome, b: Genome, rng: random.Random) -> Genome:
    """Two-point crossover: ``a`` with one of its segments replaced by a segment of ``b``.

    Cut points are drawn independently in each parent, so lengths may change; the
    child is cut to :data:`MAX_LENGTH`. Programs are position-dependent (relative
    jumps), so a segment keeps its internal jumps.
    """
    i1, i2 = sorted((rng.randint(0, len(a)), rng.randint(0, len(a))))
    j1, j2 = sorted((rng.randint(0, len(b)), rng.randint(0, len(b))))
    return tuple((a[:i1] + b[j1:j2] + a[i2:])[:MAX_LENGTH])


def tournament_select(fitness: Sequence[float], rng: random.Random, size: int = 3) -> int:
    """The index of the fittest of ``size`` individuals drawn at random (with replacement)."""
    if not fitness:
        raise ValueError("cannot select from an empty population")
    best = rng.randrange(len(fitness))
    for _ in range(size - 1):
        other = rng.randrange(len(fitness))
        if fitness[other] > fitness[best]:
            best = other
    return best
