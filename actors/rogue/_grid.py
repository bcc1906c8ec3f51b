"""The map grid: screen positions, neighbours and Rogue's movement rule.

Positions are screen ``(row, column)`` pairs as the views give them (map rows 1-22);
flat indices ``(row - 1) * 80 + column`` index the per-square arrays the knowledge
sources share (``bytes`` and tuples, immutable on the blackboard).
"""

from __future__ import annotations

TOP, ROWS, COLS = 1, 22, 80
CELLS = ROWS * COLS

#: vi keys by (row step, column step).
KEYS: dict[tuple[int, int], str] = {
    (0, -1): "h", (1, 0): "j", (-1, 0): "k", (0, 1): "l",
    (-1, -1): "y", (-1, 1): "u", (1, -1): "b", (1, 1): "n",
}
STEPS = tuple(KEYS)
#: The step each movement key takes (``KEYS`` read the other way).
STEP_OF: dict[str, tuple[int, int]] = {key: step for step, key in KEYS.items()}
#: Squares that are walls or rock to a mover (Rogue's ``step_ok`` says no).
SOLID = frozenset(" -|")
#: Terrain the hero may stand on.
FLOOR = frozenset(".#+%^")
MONSTER_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
OBJECT_CHARS = frozenset("*:!?)]=/,")

Pos = tuple[int, int]


def index(pos: Pos) -> int:
    return (pos[0] - TOP) * COLS + pos[1]


def position(i: int) -> Pos:
    return (i // COLS + TOP, i % COLS)


def inside(pos: Pos) -> bool:
    return TOP <= pos[0] < TOP + ROWS and 0 <= pos[1] < COLS


def neighbours(pos: Pos) -> list[Pos]:
    r, c = pos
    return [(r + dr, c + dc) for dr, dc in STEPS if inside((r + dr, c + dc))]


def chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def key_towards(src: Pos, dst: Pos) -> str:
    """The key of the single step from ``src`` to the adjacent ``dst``."""
    return KEYS[(dst[0] - src[0], dst[1] - src[1])]


def direction(src: Pos, dst: Pos) -> tuple[int, int] | None:
    """The unit step along a straight line (row, column or diagonal) from src to dst."""
    dr, dc = dst[0] - src[0], dst[1] - src[1]
    if (dr, dc) == (0, 0) or not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
        return None
    return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
