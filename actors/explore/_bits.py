"""Bitboards: a 21x80 mask as one Python integer, for fast window tests.

Room space asks, for every square, whether a window of squares around it holds
anything set (a known square where a floor would go, a seen floor too close).
On numpy arrays that is an integral image per mask and four lookups per
window; on a bitboard it is a handful of shifts and ORs of one integer, which
Python does in C on 2,184 bits at once, and which is several times cheaper for
masks this small.

Square ``(r, c)`` is bit ``r * STRIDE + c``. Each row is followed by
``STRIDE - COLUMNS`` guard bits that hold nothing in a clean board; a shift
along a row by at most :data:`MAX_SHIFT` squares only ever carries bits into the
guard, which :func:`window_any` clears before it shifts again.
"""

from __future__ import annotations

import numpy as np

from ._map import COLUMNS, ROWS

#: Bits per row: the 80 columns and 24 guard bits (a multiple of 8, for packbits).
STRIDE = 104
#: The widest shift along a row that keeps the guard between rows sufficient.
MAX_SHIFT = STRIDE - COLUMNS
_ROW = (1 << COLUMNS) - 1
#: Every square of the map, no guard bit.
FULL = sum(_ROW << (r * STRIDE) for r in range(ROWS))


def to_bits(mask: np.ndarray) -> int:
    """The bitboard of a (ROWS, COLUMNS) boolean mask."""
    padded = np.zeros((ROWS, STRIDE), dtype=bool)
    padded[:, :COLUMNS] = mask
    return int.from_bytes(np.packbits(padded, bitorder="little").tobytes(), "little")


def from_bits(bits: int) -> np.ndarray:
    """The (ROWS, COLUMNS) boolean mask of a bitboard (guard bits ignored)."""
    raw = np.frombuffer(bits.to_bytes(ROWS * STRIDE // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little").reshape(ROWS, STRIDE)[:, :COLUMNS].view(bool)


def rect(top: int, left: int, bottom: int, right: int) -> int:
    """The squares of rows ``top..bottom`` and columns ``left..right`` (clipped to the map)."""
    top, bottom = max(top, 0), min(bottom, ROWS - 1)
    left, right = max(left, 0), min(right, COLUMNS - 1)
    if top > bottom or left > right:
        return 0
    row = ((1 << (right - left + 1)) - 1) << left
    return sum(row << (r * STRIDE) for r in range(top, bottom + 1))


def _spread(bits: int, count: int, step: int) -> int:
    """OR of ``bits >> (k * step)`` for k in 0..count-1, by doubling."""
    done = 1
    while done < count:
        more = min(done, count - done)
        bits |= bits >> (more * step)
        done += more
    return bits


def window_any(bits: int, height: int, width: int, top: int = 0, left: int = 0) -> int:
    """Bit ``(r, c)`` is set when some square of rows ``r+top .. r+top+height-1`` and
    columns ``c+left .. c+left+width-1`` is set (squares off the map count as unset).

    ``bits`` must be clean (no guard bit set); so is the result.
    """
    if width - 1 > MAX_SHIFT or abs(left) > MAX_SHIFT:
        raise ValueError(f"a window {width} wide at {left} shifts more than {MAX_SHIFT} "
                         "squares along a row")
    # A window reaching back (left, top < 0) is shifted first, so nothing is lost
    # off the low end; the shifted columns wait in the guard bits. A window reaching
    # forward is spread first and cleaned before the shift brings the guard in.
    if left < 0:
        out = _spread(bits << -left, width, 1) & FULL
    else:
        out = (_spread(bits, width, 1) & FULL) >> left
    if top < 0:
        out = _spread(out << (-top * STRIDE), height, STRIDE)
    else:
        out = _spread(out & FULL, height, STRIDE) >> (top * STRIDE)
    return out & FULL


def count(bits: int) -> int:
    """Set squares of a clean bitboard."""
    return bits.bit_count()
