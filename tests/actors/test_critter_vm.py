"""The Critter virtual machine: every instruction, the energy budget, and how a program ends."""

import time

import pytest

from actors.critter import MAX_ENERGY, OPCODES, CritterPlayer, Machine, assemble
from actors.critter._isa import VALUE_LIMIT
from protocols.roshambo import make_opponent, play_match

ROCK, PAPER, SCISSORS = 0, 1, 2


def machine(source, history=(), *, seed=0):
    """A machine for ``source`` that has seen ``history``: (ours, theirs) pairs."""
    m = Machine(assemble(source), seed=seed)
    m.reset(seed)
    for mine, theirs in history:
        m.observe(mine, theirs)
    return m


def registers_after(source, history=(), **kwargs):
    m = machine(source, history, **kwargs)
    m.decide()
    return m.regs


# (program, history as (ours, theirs) pairs, register, expected value)
CASES = [
    # flow control
    ("SET r0, 2\nNOP", (), 0, 2),
    ("SET r0, 1\nHALT\nSET r0, 2", (), 0, 1),
    ("SET r1, 2\nTHROW r1\nSET r1, 5", (), 0, 2),
    ("JMP +2\nSET r0, 1\nSET r1, 1", (), 0, 0),
    ("JZ r1, +2\nSET r0, 1\nSET r2, 1", (), 0, 0),
    ("SET r1, 1\nJZ r1, +2\nSET r0, 1", (), 0, 1),
    ("SET r1, 1\nJNZ r1, +2\nSET r0, 1", (), 0, 0),
    ("JNZ r1, +2\nSET r0, 1", (), 0, 1),
    ("OPP r1, 0\nJNEG r1, +2\nSET r0, 1", (), 0, 0),
    ("SET r1, 3\nJNEG r1, +2\nSET r0, 1", (), 0, 1),
    ("SET r2, 1\nJLT r1, r2, +2\nSET r0, 1", (), 0, 0),
    ("SET r1, 1\nJLT r1, r2, +2\nSET r0, 1", (), 0, 1),
    ("SET r1, 4\nSET r2, 4\nJEQ r1, r2, +2\nSET r0, 1", (), 0, 0),
    ("SET r1, 4\nJEQ r1, r2, +2\nSET r0, 1", (), 0, 1),
    # memory
    ("SET r3, 15", (), 3, 15),
    ("SET r1, 7\nMOV r2, r1", (), 2, 7),
    ("SET r1, 9\nSTORE r1, m5\nLOAD r2, m5", (), 2, 9),
    ("SET r1, 9\nSET r2, 10\nADDI r2, 11\nSTI r1, r2\nLOAD r3, m5", (), 3, 9),
    ("SET r1, 6\nSTORE r1, m14\nSUBI r2, 2\nLDI r4, r2", (), 4, 6),
    # arithmetic
    ("SET r1, 7\nSET r2, 5\nADD r3, r1, r2", (), 3, 12),
    ("SET r1, 5\nSET r2, 7\nSUB r3, r1, r2", (), 3, -2),
    ("SET r1, 5\nSET r2, 7\nMUL r3, r1, r2", (), 3, 35),
    ("SET r1, 7\nSET r2, 2\nDIV r3, r1, r2", (), 3, 3),
    ("SET r1, 7\nSET r3, 9\nDIV r3, r1, r2", (), 3, 0),
    ("SET r1, 7\nSET r2, 4\nMOD r3, r1, r2", (), 3, 3),
    ("SET r1, 7\nSET r3, 9\nMOD r3, r1, r2", (), 3, 0),
    ("SET r1, 7\nSET r2, 4\nMAX r3, r1, r2", (), 3, 7),
    ("SET r1, 7\nSET r2, 4\nMIN r3, r1, r2", (), 3, 4),
    ("SET r1, 7\nADDI r1, 8", (), 1, 15),
    ("SET r1, 7\nSUBI r1, 9", (), 1, -2),
    ("SET r1, 2\nBEAT r2, r1", (), 2, ROCK),
    ("SET r1, 1\nSUBI r1, 3\nMOD3 r2, r1", (), 2, 1),
    # the game: history (ours, theirs) = (rock, paper), (paper, paper), (scissors, rock)
    ("LEN r1", ((0, 1), (1, 1), (2, 0)), 1, 3),
    ("OPP r1, 0", ((0, 1), (1, 1), (2, 0)), 1, ROCK),
    ("OPP r1, 2", ((0, 1), (1, 1), (2, 0)), 1, PAPER),
    ("OPP r1, 3", ((0, 1), (1, 1), (2, 0)), 1, -1),
    ("MY r1, 1", ((0, 1), (1, 1), (2, 0)), 1, PAPER),
    ("MY r1, 0", (), 1, -1),
    ("SET r2, 2\nOPPX r1, r2", ((0, 1), (1, 1), (2, 0)), 1, PAPER),
    ("SET r2, 3\nOPPX r1, r2", ((0, 1), (1, 1), (2, 0)), 1, -1),
    ("SUBI r2, 1\nMYX r1, r2", ((0, 1), (1, 1), (2, 0)), 1, -1),
    ("SET r2, 1\nMYX r1, r2", ((0, 1), (1, 1), (2, 0)), 1, PAPER),
    ("RES r1, 0", ((0, 1), (1, 1), (2, 0)), 1, -1),
    ("RES r1, 2", ((0, 1), (1, 1), (2, 0)), 1, -1),
    ("RES r1, 1", ((0, 1), (1, 1), (2, 0)), 1, 0),
    ("RES r1, 5", ((0, 1), (1, 1), (2, 0)), 1, 0),
    ("SCORE r1, 0", ((0, 1), (1, 1), (2, 0), (1, 0)), 1, -1),
    ("SCORE r1, 0", ((1, 0),) * 15 + ((0, 1),) * 5, 1, 10),
    ("SCORE r1, 1", ((1, 0),) * 15 + ((0, 1),) * 5, 1, 0),
    ("OCNT r1, paper", ((0, 1), (1, 1), (2, 0)), 1, 2),
    ("MCNT r1, scissors", ((0, 1), (1, 1), (2, 0)), 1, 1),
]


@pytest.mark.parametrize(("source", "history", "register", "expected"), CASES,
                         ids=[c[0].replace("\n", "; ") for c in CASES])
def test_instruction_computes_its_documented_value(source, history, register, expected):
    """Each instruction leaves the value its documentation promises in its register."""
    assert expected == registers_after(source, history)[register]


def test_every_opcode_is_covered_by_the_instruction_cases():
    """The table above exercises every instruction of the set."""
    used = {line.split()[0] for case in CASES for line in case[0].splitlines()}
    used |= {"MATCH", "FREQ", "RAND", "COIN"}  # tested on their own below
    assert {op.name for op in OPCODES} == used


# A match where the opponent answers our rock with paper and our paper with scissors.
CONTEXT_HISTORY = ((0, 1), (1, 2), (0, 1), (1, 2), (0, 1))


@pytest.mark.parametrize(("source", "expected"), [
    ("MATCH r1, me:opp, 1", 2),  # after our rock, they threw scissors
    ("MATCH r1, opp:opp, 1", 2),  # after their paper, their next throw was scissors
    ("MATCH r1, both:opp, 1", 2),  # after (rock, paper), their next was scissors
    ("MATCH r1, both:me, 1", 1),  # after (rock, paper), our next was paper
    ("MATCH r1, both:opp, 0", 1),  # the empty context: the target's last throw
    ("MATCH r1, both:opp, 5", -1),  # the last five turns never occurred before
    ("MATCH r1, both:opp, 7", -1),  # longer than the match so far
    ("FREQ r1, opp:opp, 0", 1),  # their most frequent throw: paper (3 of 5)
    ("FREQ r1, me:me, 0", 0),  # ours: rock
    ("FREQ r1, opp:opp, 1", 2),  # after their paper: always scissors
    ("FREQ r1, me:opp, 2", 2),  # after our (paper, rock): their scissors
    ("FREQ r1, both:opp, 3", 2),  # the last three pairs occurred once, then scissors
    ("FREQ r1, both:opp, 4", -1),  # the last four pairs never occurred before
])
def test_context_instructions_look_up_what_followed(source, expected):
    """MATCH finds what followed the latest earlier occurrence; FREQ counts what followed."""
    assert expected == registers_after(source, CONTEXT_HISTORY)[1]


def test_match_uses_the_latest_occurrence():
    """When a context occurred twice with different sequels, MATCH returns the later one."""
    history = ((0, 0), (0, 1), (0, 0), (0, 2), (0, 0))
    assert 2 == registers_after("MATCH r1, opp:opp, 1", history)[1]
    assert 1 == registers_after("FREQ r1, opp:opp, 1", history)[1]  # tie 1:1, lowest wins


def test_rand_and_coin_are_reproducible_from_the_seed():
    """RAND and COIN draw from the machine's seeded generator: same seed, same draws."""
    source = "RAND r0\nCOIN r1, 8"

    def draws(seed):
        m = machine(source, seed=seed)
        return [(m.decide(), m.regs[1]) for _ in range(50)]

    assert draws(3) == draws(3)
    assert draws(3) != draws(4)
    assert {0, 1, 2} == {d for d, _ in draws(3)}
    assert {0, 1} == {c for _, c in draws(3)}


def test_coin_extremes_are_never_and_almost_always():
    """COIN with 0/16 never comes up; with 15/16 it mostly does."""
    never = machine("COIN r0, 0")
    assert all(never.decide() == 0 and never.regs[0] == 0 for _ in range(200))
    often = machine("COIN r1, 15")
    hits = 0
    for _ in range(400):
        often.decide()
        hits += often.regs[1]
    assert 340 < hits < 400


def test_program_without_throw_throws_r0_mod_3():
    """Running out of statements throws the action register, reduced mod 3."""
    assert SCISSORS == machine("SET r0, 5").decide()
    assert SCISSORS == machine("SUBI r0, 1").decide()


def test_empty_program_throws_rock():
    """A program with no statements throws r0 = 0: rock."""
    assert ROCK == machine("").decide()


def test_runaway_program_is_stopped_by_its_energy():
    """An endless loop runs out of energy, ends, and throws what r0 holds then."""
    m = machine("SET r0, 1\nADDI r1, 1\nJMP -1")
    assert PAPER == m.decide()
    assert 1 == m.exhausted
    assert MAX_ENERGY == m.last_steps
    assert (MAX_ENERGY - 1 + 1) // 2 == m.regs[1]  # after SET, ADDI and JMP take turns
    assert MAX_ENERGY == m.average_energy


def test_costlier_instruction_is_not_started_without_the_energy_for_it():
    """MATCH costs 2: with 1 unit left the program stops before it."""
    m = Machine(assemble("ADDI r1, 1\nJMP -1"), max_energy=3)
    m.decide()
    assert 3 == m.last_steps
    m = Machine(assemble("ADDI r1, 1\nMATCH r0, opp:opp, 0\nJMP -2"), max_energy=6)
    m.decide()
    # ADDI, MATCH, JMP, ADDI leave 1 unit; MATCH needs 2, so the program stops there.
    assert (2, 4, 1, 6) == (m.regs[1], m.last_steps, m.exhausted, m.energy_spent)


def test_finishing_program_spends_only_what_it_ran():
    """Energy spent per throw is the cost of the instructions executed, MATCH counting 2."""
    m = machine("MATCH r1, both:opp, 2\nBEAT r0, r1\nHALT\nSET r0, 1")
    m.decide()
    assert (3, 4, 0) == (m.last_steps, m.energy_spent, m.exhausted)


def test_memory_survives_between_throws_and_registers_do_not():
    """Memory keeps a counter across throws; registers start each throw at zero."""
    m = machine("ADDI r1, 1\nLOAD r2, m0\nADDI r2, 1\nSTORE r2, m0\nMOV r0, r2")
    assert [1, 2, 0, 1] == [m.decide() for _ in range(4)]
    assert 1 == m.regs[1]
    m.reset(0)
    assert 1 == m.decide()  # a new match clears memory


def test_values_are_clamped_so_loops_cannot_grow_huge_numbers():
    """Repeated squaring stops at the value limit instead of growing without bound."""
    m = machine("SET r1, 15\nMUL r1, r1, r1\nJMP -1")
    m.decide()
    assert VALUE_LIMIT == m.regs[1]
    m = machine("SET r1, 15\nSUB r1, r2, r1\nMUL r1, r1, r1\nSUB r1, r2, r1\nJMP -2")
    m.decide()
    assert -VALUE_LIMIT == m.regs[1]


def test_jumps_outside_the_program_are_clamped():
    """A jump before the start goes to the start; past the end, it ends the program."""
    m = machine("ADDI r0, 1\nJMP -16")
    m.decide()
    assert MAX_ENERGY // 2 == m.regs[0]
    m = machine("SET r0, 1\nJMP +15\nSET r0, 2")
    assert PAPER == m.decide()


def test_history_matcher_crushes_the_predictable_dummies():
    """A three-line critter that beats what followed the last pair wins big against rotate."""
    player = CritterPlayer(assemble("MATCH r1, both:opp, 2\nBEAT r0, r1"))
    assert play_match(player, make_opponent("rotate"), turns=1000, seed=1).score > 900


def test_critter_plays_a_long_match_well_under_a_second():
    """Even a critter that burns all its energy every throw plays 1000 throws in under 1 s."""
    source = "MATCH r1, both:opp, 7\nFREQ r2, me:opp, 3\nADD r3, r1, r2\nJMP -3"
    player = CritterPlayer(assemble(source))
    started = time.perf_counter()
    play_match(player, make_opponent("random"), turns=1000, seed=2)
    elapsed = time.perf_counter() - started
    assert player.machine.average_energy == MAX_ENERGY
    assert elapsed < 1.0
