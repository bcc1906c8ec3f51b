"""Critter files: a critter saved as its assembly text, with a commented header.

A ``.critter`` file is plain critter assembly, so a person can read, edit and
diff it; the header (``;`` comments) says where it came from and how it scored.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ._asm import AssemblyError, assemble, disassemble
from ._isa import Genome


def save_critter(path: str | Path, genome: Genome, notes: Iterable[str] = ()) -> None:
    """Write ``genome`` to ``path`` as assembly, each of ``notes`` as a comment line first."""
    header = "".join(f"; {line}\n" for note in notes for line in str(note).splitlines())
    Path(path).write_text(header + disassemble(genome))


def load_critter(path: str | Path) -> Genome:
    """The critter saved at ``path``.

    OSError if it cannot be read; :class:`AssemblyError` (a ValueError) naming the
    file, instruction and line if it is not critter assembly.
    """
    text = Path(path).read_text()
    try:
        return assemble(text)
    except AssemblyError as exc:
        raise AssemblyError(f"{path}: {exc}", exc.index, exc.line) from None
