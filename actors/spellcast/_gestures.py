"""Gestures as small integers and the pre-generated gesture-pair lists (Becky §3.1.1).

A gesture is a code 0..7 and a gesture-pair one byte, left hand in the low nybble,
so a hand's history of eight turns fits one 64-bit integer (newest pair in the low
byte, Becky §5.1). Code 0 is "nothing", which no spell contains: an Anti-Spell
simply zeroes the history.
"""

from __future__ import annotations

NOTHING, DIGIT, FINGERS, PALM, SNAP, WAVE, CLAP, KNIFE = range(8)

#: Letters in code order; "_" is nothing, "K" the knife (stab).
LETTERS = "_DFPSWCK"
CODE = {letter: code for code, letter in enumerate(LETTERS)}

#: Sixty-four bits of history: eight gesture-pairs.
HISTORY_MASK = (1 << 64) - 1

_HANDED = (DIGIT, FINGERS, PALM, SNAP, WAVE, KNIFE)


def pair(left: int, right: int) -> int:
    """The byte for one turn's gestures."""
    return left | (right << 4)


def left_of(gp: int) -> int:
    return gp & 0xF


def right_of(gp: int) -> int:
    return gp >> 4


def _sensible(left: int, right: int) -> bool:
    """A pair worth choosing: claps only together, one knife, never both palms (surrender)."""
    if (left == CLAP) != (right == CLAP):
        return False
    return not (left == right and left in (KNIFE, PALM))


#: The 35 standard gesture-pairs (Becky ``poss_gp``).
POSS_GP: tuple[int, ...] = tuple(
    pair(a, b) for a in (*_HANDED, CLAP) for b in (*_HANDED, CLAP) if _sensible(a, b)
)

#: The 20 pairs left when mirror images are equivalent (``poss_gp_noswap``).
POSS_GP_NOSWAP: tuple[int, ...] = tuple(gp for gp in POSS_GP if left_of(gp) <= right_of(gp))

#: Every pair a paralysis can force on us: the 35 plus those with nothing or a half-clap
#: (``poss_gp_para``); only surrender and a double stab are left out.
POSS_GP_PARA: tuple[int, ...] = POSS_GP + tuple(
    pair(a, b) for a in range(8) for b in range(8)
    if pair(a, b) not in POSS_GP and not (a == b and a in (KNIFE, PALM))
)

#: The pairs safe when confused (``poss_gp_confused``): no palm, since a random
#: palm on the other hand would be a surrender.
POSS_GP_CONFUSED: tuple[int, ...] = tuple(
    gp for gp in POSS_GP if PALM not in (left_of(gp), right_of(gp))
)

#: What a paralysed hand repeats (clap -> fingers, snap -> digit, wave -> palm).
PARALYSED = {CLAP: FINGERS, SNAP: DIGIT, WAVE: PALM}


def push(history: int, gp: int) -> int:
    """The history after one more turn."""
    return ((history << 8) | gp) & HISTORY_MASK


def mirror(history: int) -> int:
    """The history with the hands swapped."""
    return ((history & 0x0F0F0F0F0F0F0F0F) << 4) | ((history >> 4) & 0x0F0F0F0F0F0F0F0F)


def encode_history(left: str, right: str) -> int:
    """A history from two strings, oldest first; unknown letters ("?", " ") count as nothing."""
    history = 0
    n = max(len(left), len(right))
    left, right = left.rjust(n, "_"), right.rjust(n, "_")
    for a, b in zip(left[-8:], right[-8:], strict=True):
        history = push(history, pair(CODE.get(a.upper(), 0), CODE.get(b.upper(), 0)))
    return history


def decode_history(history: int) -> tuple[str, str]:
    """The two hands' strings, oldest first (always eight turns)."""
    left = right = ""
    for shift in range(56, -8, -8):
        gp = (history >> shift) & 0xFF
        left += LETTERS[left_of(gp)]
        right += LETTERS[right_of(gp)]
    return left, right


def pair_text(gp: int) -> str:
    return LETTERS[left_of(gp)] + LETTERS[right_of(gp)]
