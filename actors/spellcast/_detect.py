"""Spell detection with pre-computed tables (Becky §5.1).

Each spell becomes, per hand, a (value, mask) pair over the 64-bit history: one
``and`` and one compare tell whether the hand completed it. A table indexed by
the last two gesture-pairs (65,536 entries) lists the few patterns that can end in
those two pairs, so detection is one lookup and a handful of compares.
"""

from __future__ import annotations

import functools

from ._gestures import CODE, HISTORY_MASK
from ._spells import SPELL_INFO, TWO_HANDED

LEFT, RIGHT, BOTH = 0, 1, 2


def _pattern(gestures: str, hand: int) -> tuple[int, int]:
    value = mask = 0
    for i, g in enumerate(reversed(gestures)):
        own = 8 * i + 4 * hand
        other = 8 * i + 4 * (1 - hand)
        value |= CODE[g.upper()] << own
        mask |= 0xF << own
        if g.islower():
            value |= CODE[g.upper()] << other
            mask |= 0xF << other
    return value, mask


#: (spell, hand, value, mask) for every spell and hand.
PATTERNS: tuple[tuple[int, int, int, int], ...] = tuple(
    (s, hand, *_pattern(info.gestures, hand))
    for s, info in sorted(SPELL_INFO.items()) for hand in (LEFT, RIGHT)
)


def _build_table() -> list[tuple[tuple[int, int, int, int], ...]]:
    table: list[tuple[tuple[int, int, int, int], ...]] = [()] * 65536
    keys = [a | b << 4 | c << 8 | d << 12
            for a in range(8) for b in range(8) for c in range(8) for d in range(8)]
    for key in keys:
        hits = tuple(p for p in PATTERNS if key & p[3] & 0xFFFF == p[2] & 0xFFFF)
        if hits:
            table[key] = hits
    return table


#: Patterns by the last two gesture-pairs of a history.
TABLE = _build_table()


@functools.lru_cache(maxsize=1 << 16)
def detect(history: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Spells completed this turn: (by the left hand, by the right hand, two-handed)."""
    left: list[int] = []
    right: list[int] = []
    both: list[int] = []
    for spell, hand, value, mask in TABLE[history & 0xFFFF]:
        if history & mask == value:
            if spell in TWO_HANDED:
                if spell not in both:
                    both.append(spell)
            elif hand == LEFT:
                left.append(spell)
            else:
                right.append(spell)
    return tuple(left), tuple(right), tuple(both)


def detect_plain(history: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The same answer by comparing strings, spell by spell: the unoptimised baseline."""
    from ._gestures import decode_history

    left_text, right_text = decode_history(history & HISTORY_MASK)
    found: tuple[list[int], list[int], list[int]] = ([], [], [])
    for spell, info in sorted(SPELL_INFO.items()):
        n = len(info.gestures)
        for hand, own, other in ((LEFT, left_text, right_text), (RIGHT, right_text, left_text)):
            ok = all(
                own[-n + i] == g.upper() and (not g.islower() or other[-n + i] == g.upper())
                for i, g in enumerate(info.gestures)
            )
            if ok:
                target = found[BOTH] if spell in TWO_HANDED else found[hand]
                if spell not in target:
                    target.append(spell)
    return tuple(found[0]), tuple(found[1]), tuple(found[2])
