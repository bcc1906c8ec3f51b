"""Critter assembly: the text form of a genome, and the two-way translation.

One instruction per line, ``MNEMONIC operand, operand, ...``; ``;`` starts a comment;
blank lines are skipped. Operands are written by kind:

==========  ====================  =============================================
kind        written               example
==========  ====================  =============================================
register    ``r0`` .. ``r7``      ``ADD r0, r1, r2``
immediate   ``0`` .. ``15``       ``SET r1, 3``
memory      ``m0`` .. ``m15``     ``STORE r1, m4``
offset      ``-16`` .. ``+15``    ``JNEG r1, +3`` (relative to the jump itself)
move        rock, paper, scissors ``OCNT r2, paper``
context     ``source:target``     ``MATCH r1, both:opp, 3`` (opp, me, both : opp, me)
length      ``0`` .. ``7``        (the last operand of MATCH and FREQ)
==========  ====================  =============================================

``assemble(disassemble(g)) == g`` for every valid genome, and
``disassemble(assemble(text))`` is ``text`` in canonical form (upper-case mnemonics,
no comments, one space after commas).
"""

from __future__ import annotations

from ._isa import (
    CONTEXT_SOURCES,
    CONTEXT_TARGETS,
    OPCODE_NUMBERS,
    OPCODES,
    RANGES,
    Genome,
    GenomeError,
    Instruction,
    Kind,
    check_genome,
)

MOVE_NAMES = ("rock", "paper", "scissors")


class AssemblyError(ValueError):
    """Text that is not critter assembly; ``index`` is the instruction, ``line`` the line."""

    def __init__(self, message: str, index: int, line: int) -> None:
        super().__init__(message)
        self.index = index
        self.line = line


def _format_operand(kind: Kind, value: int) -> str:
    if kind is Kind.REGISTER:
        return f"r{value}"
    if kind is Kind.MEMORY:
        return f"m{value}"
    if kind is Kind.OFFSET:
        return f"{value:+d}"
    if kind is Kind.MOVE:
        return MOVE_NAMES[value]
    if kind is Kind.CONTEXT:
        return f"{CONTEXT_SOURCES[value % 3]}:{CONTEXT_TARGETS[value // 3]}"
    return str(value)


def format_instruction(instruction: Instruction) -> str:
    """One instruction as a line of assembly (the instruction must be valid)."""
    op, *operands = instruction
    spec = OPCODES[op]
    if not spec.operands:
        return spec.name
    text = ", ".join(
        _format_operand(kind, value) for kind, value in zip(spec.operands, operands, strict=False)
    )
    return f"{spec.name:<6}{text}"


def disassemble(genome: Genome) -> str:
    """The genome as assembly text, one instruction per line (GenomeError if invalid)."""
    return "".join(format_instruction(i) + "\n" for i in check_genome(genome))


def _parse_prefixed(token: str, prefix: str) -> int:
    if len(token) < 2 or token[0] != prefix or not token[1:].isdigit():
        raise ValueError
    return int(token[1:])


def _parse_operand(kind: Kind, token: str) -> int:
    """The value of ``token`` as an operand of ``kind``; ValueError if it is not one."""
    token = token.lower()
    if kind is Kind.REGISTER:
        value = _parse_prefixed(token, "r")
    elif kind is Kind.MEMORY:
        value = _parse_prefixed(token, "m")
    elif kind is Kind.MOVE:
        if token in MOVE_NAMES:
            return MOVE_NAMES.index(token)
        value = int(token)
    elif kind is Kind.CONTEXT:
        source, sep, target = token.partition(":")
        if not sep or source not in CONTEXT_SOURCES or target not in CONTEXT_TARGETS:
            raise ValueError
        return CONTEXT_SOURCES.index(source) + 3 * CONTEXT_TARGETS.index(target)
    else:
        value = int(token)
    lo, hi = RANGES[kind]
    if not lo <= value <= hi:
        raise ValueError
    return value


_EXPECTED = {
    Kind.REGISTER: "a register r0..r7",
    Kind.IMMEDIATE: "a number 0..15",
    Kind.MEMORY: "a memory cell m0..m15",
    Kind.OFFSET: "an offset -16..+15",
    Kind.MOVE: "rock, paper or scissors",
    Kind.CONTEXT: "a context source:target (opp|me|both : opp|me)",
    Kind.LENGTH: "a context length 0..7",
}


def assemble(text: str) -> Genome:
    """The genome written in ``text``; AssemblyError naming the instruction and line if not."""
    genome: list[Instruction] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        index = len(genome)
        where = f"instruction {index} (line {number})"
        mnemonic, _, rest = line.partition(" ")
        op = OPCODE_NUMBERS.get(mnemonic.upper())
        if op is None:
            raise AssemblyError(f"{where}: unknown instruction {mnemonic!r}", index, number)
        spec = OPCODES[op]
        tokens = [t.strip() for t in rest.split(",")] if rest.strip() else []
        if len(tokens) != len(spec.operands):
            raise AssemblyError(
                f"{where}: {spec.name} takes {len(spec.operands)} operand(s), "
                f"got {len(tokens)} in {line!r}",
                index, number,
            )
        operands = [0, 0, 0]
        for position, (kind, token) in enumerate(zip(spec.operands, tokens, strict=True)):
            try:
                operands[position] = _parse_operand(kind, token)
            except ValueError:
                raise AssemblyError(
                    f"{where}: operand {'abc'[position]} of {spec.name} is {token!r}; "
                    f"expected {_EXPECTED[kind]}",
                    index, number,
                ) from None
        genome.append((op, operands[0], operands[1], operands[2]))
    try:
        return check_genome(genome)
    except GenomeError as exc:  # only the length can still be wrong
        raise AssemblyError(str(exc), len(genome) - 1, len(text.splitlines())) from None
