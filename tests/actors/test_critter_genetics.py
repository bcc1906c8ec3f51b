"""Genetic operators: valid children, reproducible from a seed, selection preferring the fit."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from actors.critter import (
    MAX_LENGTH,
    check_genome,
    crossover,
    disassemble,
    mutate,
    random_genome,
    tournament_select,
)
from actors.critter._genetics import mutate_n, random_instruction

seeds = st.integers(0, 2**32)


@given(seeds)
def test_random_genome_is_valid_and_within_the_start_lengths(seed):
    """A random program passes the genome check and has 4..16 instructions."""
    genome = random_genome(random.Random(seed))
    assert genome == check_genome(genome)
    assert 4 <= len(genome) <= 16


@given(seeds, st.integers(0, MAX_LENGTH))
def test_mutation_always_gives_a_valid_genome(seed, length):
    """Every mutation of any valid genome, empty or full, is itself valid and in bounds."""
    rng = random.Random(seed)
    genome = tuple(random_instruction(rng) for _ in range(length))
    for _ in range(20):
        genome = mutate(genome, rng)
        assert genome == check_genome(genome)
        assert 1 <= len(genome) <= MAX_LENGTH


@given(seeds)
def test_crossover_always_gives_a_valid_genome(seed):
    """Crossover of two valid genomes of any lengths is valid and at most MAX_LENGTH long."""
    rng = random.Random(seed)
    a = tuple(random_instruction(rng) for _ in range(rng.randint(0, MAX_LENGTH)))
    b = tuple(random_instruction(rng) for _ in range(rng.randint(0, MAX_LENGTH)))
    child = crossover(a, b, rng)
    assert child == check_genome(child)
    assert len(child) <= MAX_LENGTH


def _is_prefix_then_suffix(part, whole):
    """Whether ``part`` is some prefix of ``whole`` followed by some suffix of it."""
    return any(
        part[:s] == whole[:s] and part[s:] == whole[len(whole) - (len(part) - s):]
        for s in range(len(part) + 1)
    )


def test_crossover_child_is_made_of_its_parents_instructions():
    """A child is a prefix and a suffix of the first parent around a run of the second."""
    rng = random.Random(1)
    a = tuple((9, 0, i, 0) for i in range(10))  # SET r0, i
    b = tuple((9, 1, i, 0) for i in range(10))  # SET r1, i
    for _ in range(100):
        child = crossover(a, b, rng)
        from_b = [i for i, ins in enumerate(child) if ins[1] == 1]
        if from_b:
            first, last = from_b[0], from_b[-1]
            run = child[first:last + 1]
            assert run == b[run[0][2]:run[0][2] + len(run)]
            assert _is_prefix_then_suffix(child[:first] + child[last + 1:], a)
        else:
            assert _is_prefix_then_suffix(child, a)


def test_operators_are_deterministic_from_the_seed():
    """The same seed gives the same genomes, mutants and children; another seed does not."""
    def run(seed):
        rng = random.Random(seed)
        a, b = random_genome(rng), random_genome(rng)
        return a, b, mutate_n(a, rng, 3.0), crossover(a, b, rng)

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_mutation_changes_the_program():
    """A mutation almost always yields a different program (it can't be a silent no-op)."""
    rng = random.Random(3)
    genome = random_genome(rng)
    changed = sum(mutate(genome, rng) != genome for _ in range(200))
    assert changed >= 190


def test_mutation_mixes_every_kind_of_edit():
    """Over many mutations, lengths grow, shrink and stay, and operands and opcodes change."""
    rng = random.Random(4)
    genome = random_genome(rng, (10, 10))
    deltas = {len(mutate(genome, rng)) - len(genome) for _ in range(300)}
    assert {-1, 0, 1} == deltas


def test_selection_prefers_the_fitter():
    """Tournament selection picks the best of the population far more often than the worst."""
    rng = random.Random(7)
    fitness = [float(i) for i in range(10)]
    picks = [tournament_select(fitness, rng, 3) for _ in range(5000)]
    # With size 3 the best is picked with probability 1 - 0.9**3 = 27%, the worst 0.1%.
    assert picks.count(9) > 1100
    assert picks.count(0) < 30
    assert sum(picks) / len(picks) > 6


def test_larger_tournaments_select_harder():
    """A larger tournament raises the average fitness selected."""
    rng = random.Random(8)
    fitness = [float(i) for i in range(20)]

    def mean_pick(size):
        return sum(fitness[tournament_select(fitness, rng, size)] for _ in range(3000)) / 3000

    assert mean_pick(1) < mean_pick(3) < mean_pick(7)


def test_selection_from_nobody_is_an_error():
    """Selecting from an empty population says so."""
    with pytest.raises(ValueError, match="cannot select from an empty population"):
        tournament_select([], random.Random(0))


def test_random_genomes_disassemble():
    """Random genomes are printable programs (the operators never produce junk text)."""
    text = disassemble(random_genome(random.Random(9), (30, 30)))
    assert 30 == len(text.splitlines())
