"""Critter assembly and genomes: round trips, and clear errors for malformed ones."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from actors.critter import (
    MAX_LENGTH,
    OPCODES,
    AssemblyError,
    GenomeError,
    Machine,
    assemble,
    check_genome,
    disassemble,
    load_critter,
    random_genome,
    save_critter,
)
from actors.critter._genetics import random_operand_values
from actors.critter._isa import OPCODE_NUMBERS

SAMPLE = """\
; a sample critter
MATCH r1, both:opp, 3   ; what followed the last three pairs
JNEG  r1, +3
BEAT  r0, r1
HALT
OCNT  r2, paper
STORE r2, m15
THROW r2
"""


@st.composite
def genomes(draw):
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    return tuple(random_operand_values(rng.randrange(len(OPCODES)), rng)
                 for _ in range(draw(st.integers(0, MAX_LENGTH))))


@given(genomes())
def test_disassembly_assembles_back_to_the_same_genome(genome):
    """assemble(disassemble(g)) == g for any valid genome."""
    assert genome == assemble(disassemble(genome))


def test_every_opcode_round_trips_at_its_operand_extremes():
    """Each instruction with all operands at their minimum, then maximum, survives the trip."""
    from actors.critter._isa import RANGES

    for op, spec in enumerate(OPCODES):
        for end in (0, 1):
            values = [RANGES[kind][end] for kind in spec.operands] + [0] * 3
            genome = ((op, *values[:3]),)
            assert genome == assemble(disassemble(genome)), spec.name


def test_assembly_is_canonicalised_by_the_round_trip():
    """Comments, case and spacing go; the canonical text reassembles unchanged."""
    text = disassemble(assemble(SAMPLE))
    assert text.splitlines()[0] == "MATCH r1, both:opp, 3"
    assert "THROW r2" == text.splitlines()[-1]
    assert text == disassemble(assemble(text))
    assert assemble(SAMPLE) == assemble(SAMPLE.lower())


@pytest.mark.parametrize(("text", "message"), [
    ("NOP\nFLY r1", r"^instruction 1 \(line 2\): unknown instruction 'FLY'$"),
    ("ADD r1, r2", r"^instruction 0 \(line 1\): ADD takes 3 operand\(s\), got 2 in 'ADD r1, r2'$"),
    ("HALT r0", r"^instruction 0 \(line 1\): HALT takes 0 operand\(s\), got 1"),
    ("\n; x\nSET r8, 1", r"^instruction 0 \(line 3\): operand a of SET is 'r8'; "
                         r"expected a register r0\.\.r7$"),
    ("SET r1, 16", r"operand b of SET is '16'; expected a number 0\.\.15$"),
    ("LOAD r1, m16", r"operand b of LOAD is 'm16'; expected a memory cell m0\.\.m15$"),
    ("JMP +16", r"operand a of JMP is '\+16'; expected an offset -16\.\.\+15$"),
    ("OCNT r1, lizard", r"operand b of OCNT is 'lizard'; expected rock, paper or scissors$"),
    ("MATCH r1, them:opp, 2", r"operand b of MATCH is 'them:opp'; expected a context"),
    ("FREQ r1, opp:me, 8", r"operand c of FREQ is '8'; expected a context length 0\.\.7$"),
])
def test_malformed_assembly_is_rejected_naming_instruction_and_problem(text, message):
    """Bad assembly raises AssemblyError (a ValueError) saying which instruction and why."""
    with pytest.raises(AssemblyError, match=message) as info:
        assemble(text)
    assert isinstance(info.value, ValueError)


def test_too_long_a_program_is_rejected():
    """More than MAX_LENGTH instructions is refused, with the limit in the message."""
    message = f"the genome has 65 instructions; at most {MAX_LENGTH}"
    with pytest.raises(AssemblyError, match=message):
        assemble("NOP\n" * 65)


SET = OPCODE_NUMBERS["SET"]
HALT = OPCODE_NUMBERS["HALT"]


@pytest.mark.parametrize(("genome", "message"), [
    (((SET, 1, 2, 0), (len(OPCODES), 0, 0, 0)),
     rf"^instruction 1: opcode {len(OPCODES)} is not an instruction "
     rf"\(expected 0\.\.{len(OPCODES) - 1}\)$"),
    (((SET, 8, 2, 0),), r"^instruction 0 \(SET\): operand a is 8, outside the register "
                        r"range 0\.\.7$"),
    (((SET, 1, -1, 0),), r"operand b is -1, outside the immediate range 0\.\.15$"),
    (((HALT, 0, 0, 0), (HALT, 0, 0, 3)),
     r"^instruction 1 \(HALT\): operand c is 3, but HALT takes 0 operand\(s\); "
     r"unused operands must be 0$"),
    (((SET, 1, 2),),
     r"^instruction 0: expected 4 integers \(opcode, a, b, c\), got \(\d+, 1, 2\)$"),
    (((SET, 1, 2.0, 0),), r"^instruction 0: expected 4 integers, got"),
    (((SET, True, 2, 0),), r"^instruction 0: expected 4 integers, got"),
    ("SET r1, 2", r"^a genome is a sequence of instructions, got str$"),
])
def test_malformed_genome_is_rejected_naming_instruction_and_problem(genome, message):
    """check_genome and the machine refuse a bad genome with GenomeError (a ValueError)."""
    with pytest.raises(GenomeError, match=message):
        check_genome(genome)
    with pytest.raises(ValueError, match=message):
        Machine(genome)


def test_genome_error_carries_the_instruction_index():
    """The error names the offending instruction as an attribute too, for tools."""
    with pytest.raises(GenomeError) as info:
        check_genome(((HALT, 0, 0, 0),) * 5 + ((SET, 9, 0, 0),))
    assert 5 == info.value.index


def test_critter_file_round_trips_with_its_notes(tmp_path):
    """A saved critter loads back to the same genome; notes become comment lines."""
    genome = random_genome(random.Random(5))
    path = tmp_path / "x.critter"
    save_critter(path, genome, ["evolved in a test", "fitness 12.5"])
    assert path.read_text().startswith("; evolved in a test\n; fitness 12.5\n")
    assert genome == load_critter(path)


def test_bad_critter_file_names_the_file_and_line(tmp_path):
    """Loading a damaged file says which file, instruction and line are wrong."""
    path = tmp_path / "bad.critter"
    path.write_text("; header\nHALT\nJUMP +1\n")
    with pytest.raises(AssemblyError, match=rf"^{path}: instruction 1 \(line 3\): "
                                            r"unknown instruction 'JUMP'$"):
        load_critter(path)
