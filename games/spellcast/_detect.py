"""Spell detection over a wizard's gesture history (Plotkin's ``find_castspells``).

For each hand, a spell is complete when the hand's last N gestures match the spell's N
gestures; a lower-case (two-handed) gesture requires both hands to have made it on that turn.
A spell whose final gesture is two-handed occupies both hands. Gestures made before the
latest Anti-Spell (``barrier``) can't be part of a spell.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._spells import SPELLS, Spell

__all__ = ["BOTH", "LEFT", "RIGHT", "candidates", "find_spells"]

LEFT = 1
RIGHT = 2
#: The spell was completed with a two-handed final gesture (it occupies both hands).
BOTH = 4


def _matches(rows: Sequence[tuple[str, str]], start: int, hand: int, gestures: str) -> bool:
    n = len(gestures)
    base = len(rows) - n
    if base < start:
        return False
    other = 1 - hand
    for offset, want in enumerate(gestures):
        row = rows[base + offset]
        if want.islower():
            up = want.upper()
            if row[hand] != up or row[other] != up:
                return False
        elif row[hand] != want:
            return False
    return True


def find_spells(
    rows: Sequence[tuple[str, str]], barrier: int = 0, spells: Sequence[Spell] = SPELLS
) -> dict[int, int]:
    """Map spell index -> LEFT|RIGHT mask (or BOTH) for every spell the latest row completes.

    ``rows`` are ``(left, right)`` gestures oldest first; only rows from ``barrier`` on count.
    """
    found: dict[int, int] = {}
    for spell in spells:
        mask = 0
        if _matches(rows, barrier, 0, spell.gestures):
            mask |= LEFT
        if _matches(rows, barrier, 1, spell.gestures):
            mask |= RIGHT
        if mask:
            found[spell.index] = BOTH if spell.two_handed else mask
    return found


def candidates(found: dict[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per hand, the spell indices that hand may cast (two-handed spells appear in both)."""
    left = tuple(i for i, m in sorted(found.items()) if m & (LEFT | BOTH))
    right = tuple(i for i, m in sorted(found.items()) if m & (RIGHT | BOTH))
    return left, right
