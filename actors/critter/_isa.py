"""The Critter instruction set: what a critter's genome is made of, and when one is valid.

A critter is a program for a small "RoShamBo computer" (Davidson 1999, part III):
eight registers, sixteen cells of memory that survive from one throw to the next,
and instructions for flow control, memory, arithmetic and reading the game's
histories. Its genome is a tuple of fixed-width instructions ``(opcode, a, b, c)``:
small integers, so mutation and crossover can work on them directly, and every
genome that passes :func:`check_genome` runs (no instruction can fail at run time).

Operands have kinds, each with a closed range; unused operands must be 0, so one
program has exactly one genome (duplicates are easy to spot in a population).
Opcode numbers are positions in :data:`OPCODES`; a saved critter is its assembly
text (see ``_asm``), which does not depend on that numbering.
"""

from __future__ import annotations

import enum

import attrs

#: Registers r0..r7, zeroed before every throw. r0 is the action register: when a
#: program ends without THROW (HALT, running out of statements or of energy), it
#: throws r0 mod 3.
REGISTERS = 8
#: Memory cells m0..m15, zeroed at the start of a match and kept between throws.
MEMORY = 16
#: Energy a critter has for one throw; each instruction costs :attr:`Opcode.cost`.
MAX_ENERGY = 100
#: The longest genome, in instructions.
MAX_LENGTH = 64
#: The longest context the history tables (MATCH, FREQ) look at.
MAX_CONTEXT = 7
#: Register values are clamped to +-VALUE_LIMIT, so no loop can grow a huge integer.
VALUE_LIMIT = 1 << 20

#: One instruction: ``(opcode, a, b, c)``.
Instruction = tuple[int, int, int, int]
#: A critter's genetic code.
Genome = tuple[Instruction, ...]


class Kind(enum.Enum):
    """What an operand means, and so its range and how the assembler writes it."""

    REGISTER = "register"  # r0..r7
    IMMEDIATE = "immediate"  # 0..15
    MEMORY = "memory"  # m0..m15
    OFFSET = "offset"  # -16..+15, relative to the jump itself
    MOVE = "move"  # rock, paper, scissors
    CONTEXT = "context"  # which history is the context, whose move is looked up
    LENGTH = "length"  # context length, 0..MAX_CONTEXT


#: The closed range of every operand kind.
RANGES: dict[Kind, tuple[int, int]] = {
    Kind.REGISTER: (0, REGISTERS - 1),
    Kind.IMMEDIATE: (0, 15),
    Kind.MEMORY: (0, MEMORY - 1),
    Kind.OFFSET: (-16, 15),
    Kind.MOVE: (0, 2),
    Kind.CONTEXT: (0, 5),
    Kind.LENGTH: (0, MAX_CONTEXT),
}

#: CONTEXT operand values: ``source + 3 * target``. The source is the history whose last
#: k turns form the context (the opponent's throws, ours, or both as pairs); the target
#: is whose throw that followed the context is looked up.
CONTEXT_SOURCES = ("opp", "me", "both")
CONTEXT_TARGETS = ("opp", "me")


@attrs.frozen
class Opcode:
    """One instruction: its mnemonic, operand kinds, energy cost and meaning."""

    name: str
    operands: tuple[Kind, ...]
    cost: int
    doc: str


_R, _I, _M, _O = Kind.REGISTER, Kind.IMMEDIATE, Kind.MEMORY, Kind.OFFSET
_V, _C, _K = Kind.MOVE, Kind.CONTEXT, Kind.LENGTH

#: The instruction set, in opcode order. ``a``, ``b``, ``c`` are the operands.
OPCODES: tuple[Opcode, ...] = (
    # flow control
    Opcode("NOP", (), 1, "do nothing"),
    Opcode("HALT", (), 1, "end; throw r0 mod 3"),
    Opcode("THROW", (_R,), 1, "end; throw a mod 3"),
    Opcode("JMP", (_O,), 1, "jump by offset a"),
    Opcode("JZ", (_R, _O), 1, "jump by b if a == 0"),
    Opcode("JNZ", (_R, _O), 1, "jump by b if a != 0"),
    Opcode("JNEG", (_R, _O), 1, "jump by b if a < 0"),
    Opcode("JLT", (_R, _R, _O), 1, "jump by c if a < b"),
    Opcode("JEQ", (_R, _R, _O), 1, "jump by c if a == b"),
    # memory
    Opcode("SET", (_R, _I), 1, "a = b"),
    Opcode("MOV", (_R, _R), 1, "a = b"),
    Opcode("LOAD", (_R, _M), 1, "a = memory b"),
    Opcode("STORE", (_R, _M), 1, "memory b = a"),
    Opcode("LDI", (_R, _R), 1, "a = memory (b mod 16)"),
    Opcode("STI", (_R, _R), 1, "memory (b mod 16) = a"),
    # arithmetic (results clamped to +-VALUE_LIMIT)
    Opcode("ADD", (_R, _R, _R), 1, "a = b + c"),
    Opcode("SUB", (_R, _R, _R), 1, "a = b - c"),
    Opcode("MUL", (_R, _R, _R), 1, "a = b * c"),
    Opcode("DIV", (_R, _R, _R), 1, "a = b // c (0 when c == 0)"),
    Opcode("MOD", (_R, _R, _R), 1, "a = b mod c (0 when c == 0)"),
    Opcode("MAX", (_R, _R, _R), 1, "a = max(b, c)"),
    Opcode("MIN", (_R, _R, _R), 1, "a = min(b, c)"),
    Opcode("ADDI", (_R, _I), 1, "a = a + b"),
    Opcode("SUBI", (_R, _I), 1, "a = a - b"),
    Opcode("BEAT", (_R, _R), 1, "a = the throw that beats b: (b + 1) mod 3"),
    Opcode("MOD3", (_R, _R), 1, "a = b mod 3"),
    # the game
    Opcode("LEN", (_R,), 1, "a = turns played so far"),
    Opcode("OPP", (_R, _I), 1, "a = the opponent's throw b + 1 turns ago (-1 before the start)"),
    Opcode("MY", (_R, _I), 1, "a = our throw b + 1 turns ago (-1 before the start)"),
    Opcode("OPPX", (_R, _R), 1, "a = the opponent's throw (b + 1) turns ago (-1 out of range)"),
    Opcode("MYX", (_R, _R), 1, "a = our throw (b + 1) turns ago (-1 out of range)"),
    Opcode("RES", (_R, _I), 1, "a = our result b + 1 turns ago: +1 won, 0 tied or none, -1 lost"),
    Opcode("SCORE", (_R, _I), 1, "a = our score over the last 10 * b turns (b = 0: the match)"),
    Opcode("OCNT", (_R, _V), 1, "a = how often the opponent has thrown b"),
    Opcode("MCNT", (_R, _V), 1, "a = how often we have thrown b"),
    Opcode("MATCH", (_R, _C, _K), 2,
           "a = the target's throw after the latest earlier occurrence of the last c turns "
           "of the source history (-1 if none)"),
    Opcode("FREQ", (_R, _C, _K), 2,
           "a = the target's most frequent throw after the last c turns of the source "
           "history, over the match (-1 if the context is new)"),
    Opcode("RAND", (_R,), 1, "a = a random throw"),
    Opcode("COIN", (_R, _I), 1, "a = 1 with probability b/16, else 0"),
)

#: Opcode numbers by mnemonic.
OPCODE_NUMBERS: dict[str, int] = {op.name: i for i, op in enumerate(OPCODES)}


class GenomeError(ValueError):
    """A genome that is not a valid critter; ``index`` is the offending instruction
    (None when the genome as a whole is wrong)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def check_instruction(instruction: object, index: int) -> Instruction:
    """``instruction`` as a plain ``(op, a, b, c)`` tuple, or GenomeError saying what is wrong."""
    where = f"instruction {index}"
    if not isinstance(instruction, (tuple, list)) or len(instruction) != 4:
        raise GenomeError(
            f"{where}: expected 4 integers (opcode, a, b, c), got {instruction!r}", index
        )
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in instruction):
        raise GenomeError(f"{where}: expected 4 integers, got {instruction!r}", index)
    op, *operands = instruction
    if not 0 <= op < len(OPCODES):
        raise GenomeError(
            f"{where}: opcode {op} is not an instruction (expected 0..{len(OPCODES) - 1})",
            index,
        )
    spec = OPCODES[op]
    for position, (letter, value) in enumerate(zip("abc", operands, strict=True)):
        if position >= len(spec.operands):
            if value != 0:
                raise GenomeError(
                    f"{where} ({spec.name}): operand {letter} is {value}, but {spec.name} "
                    f"takes {len(spec.operands)} operand(s); unused operands must be 0",
                    index,
                )
            continue
        kind = spec.operands[position]
        lo, hi = RANGES[kind]
        if not lo <= value <= hi:
            raise GenomeError(
                f"{where} ({spec.name}): operand {letter} is {value}, "
                f"outside the {kind.value} range {lo}..{hi}",
                index,
            )
    return (op, operands[0], operands[1], operands[2])


def check_genome(genome: object) -> Genome:
    """``genome`` as a tuple of instruction tuples, or GenomeError naming the bad instruction."""
    if not isinstance(genome, (tuple, list)):
        raise GenomeError(f"a genome is a sequence of instructions, got {type(genome).__name__}")
    if len(genome) > MAX_LENGTH:
        raise GenomeError(
            f"the genome has {len(genome)} instructions; at most {MAX_LENGTH} are allowed"
        )
    return tuple(check_instruction(instruction, i) for i, instruction in enumerate(genome))
