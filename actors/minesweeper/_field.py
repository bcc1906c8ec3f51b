"""The field as the agent knows it: covered squares, flags, and one constraint per number.

A :class:`Field` is the sensor's snapshot of a :class:`MinefieldView`: the covered
(unflagged) squares, the flags, and for every open number that still touches a
covered square a :class:`Constraint` — "these covered squares hold this many
mines" (the number minus the flags around it). Every rule reasons over these
constraints; none looks at anything a player could not see.

Flags are the agent's memory, as in the seed: it only flags squares it has proved
to be mines, so a flag counts as a mine and the counter's ``mines_left`` is the
number of mines still hidden among the covered squares.

:class:`FieldTracker` builds fields incrementally: between two views only the
squares that changed, and the numbers around them, are looked at again.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from protocols.minesweeper import MinefieldView

#: A square's index is ``y * width + x``.
Square = int

COVERED = "#"
FLAG = "F"


@functools.cache
def neighbours_of(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each square index, its neighbours' indices (computed once per board size)."""
    table = []
    for y in range(height):
        for x in range(width):
            table.append(tuple(
                ny * width + nx
                for ny in range(max(0, y - 1), min(height, y + 2))
                for nx in range(max(0, x - 1), min(width, x + 2))
                if (nx, ny) != (x, y)
            ))
    return tuple(table)


@functools.cache
def ring_of(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each square index, the squares exactly two steps away (the seed's far neighbours)."""
    table = []
    for y in range(height):
        for x in range(width):
            table.append(tuple(
                ny * width + nx
                for ny in range(max(0, y - 2), min(height, y + 3))
                for nx in range(max(0, x - 2), min(width, x + 3))
                if max(abs(nx - x), abs(ny - y)) == 2
            ))
    return tuple(table)


@attrs.frozen
class Constraint:
    """``mines`` of the covered squares ``cells`` are mines; said by the number at ``source``.

    Derived constraints (from subtracting one from another, or from the mine
    counter) have ``source`` -1 and say where they came from in ``origin``.
    """

    cells: frozenset[Square]
    mines: int
    source: Square = -1
    origin: str = ""


@attrs.frozen
class Field:
    """One snapshot of what the agent knows; immutable, shared by every rule."""

    width: int
    height: int
    mines: int
    #: Mines minus flags: the mines still hidden among :attr:`covered`.
    mines_left: int
    #: Covered squares without a flag.
    covered: frozenset[Square]
    flags: frozenset[Square]
    #: Per square: the open number, or -1 (covered), -2 (flagged), -3 (a mine shown after a loss).
    values: tuple[int, ...]
    #: One per open number with at least one covered neighbour, by source square.
    constraints: tuple[Constraint, ...]
    #: ``"playing"``, ``"won"`` or ``"lost"``.
    status: str = "playing"
    #: The game's promise for the first click: ``"safe"`` or ``"opening"``.
    first_click: str = "safe"

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        return neighbours_of(self.width, self.height)

    def xy(self, square: Square) -> tuple[int, int]:
        return square % self.width, square // self.width

    def name(self, square: Square) -> str:
        """``"(x,y)"``, the way thoughts name squares."""
        return f"({square % self.width},{square // self.width})"

    def names(self, squares: Iterable[Square]) -> str:
        """Several squares, in index order: ``"(1,0) (2,0)"``."""
        return " ".join(self.name(s) for s in sorted(squares))

    @property
    def frontier(self) -> frozenset[Square]:
        """Covered squares next to an open number."""
        cells: set[Square] = set()
        for c in self.constraints:
            cells |= c.cells
        return frozenset(cells)

    @property
    def untouched(self) -> bool:
        """Nothing is open yet: the first click is still to come."""
        return all(v < 0 for v in self.values)


_VALUE = {COVERED: -1, FLAG: -2, "*": -3, "X": -3}


class FieldTracker:
    """The sensor's private memory: turns successive views into fields, incrementally.

    Only squares whose character changed since the last view, and the numbers
    around them, are re-read; everything else (and every unchanged constraint
    object) is carried over.
    """

    def __init__(self) -> None:
        self._rows: tuple[str, ...] | None = None
        self._shape: tuple[int, int] | None = None
        self._values: list[int] = []
        self._covered: set[Square] = set()
        self._flags: set[Square] = set()
        self._constraints: dict[Square, Constraint] = {}

    def update(self, view: MinefieldView) -> Field:
        """The field for ``view``, re-reading only what changed since the last one."""
        width, height = view.width, view.height
        rows = view.rows
        if self._shape != (width, height) or self._rows is None:
            self._reset(width, height)
            changed = list(range(width * height))
            old_rows: tuple[str, ...] = tuple(COVERED * width for _ in range(height))
            self._values = [-1] * (width * height)
            self._covered = set(range(width * height))
        else:
            old_rows = self._rows
            changed = []
            for y, (new, old) in enumerate(zip(rows, old_rows, strict=True)):
                if new != old:
                    base = y * width
                    changed.extend(base + x for x in range(width) if new[x] != old[x])
        neighbours = neighbours_of(width, height)
        values = self._values
        dirty: set[Square] = set()
        for i in changed:
            char = rows[i // width][i % width]
            value = _VALUE.get(char)
            if value is None:
                value = ord(char) - 48
            values[i] = value
            if value == -1:
                self._covered.add(i)
            else:
                self._covered.discard(i)
            if value == -2:
                self._flags.add(i)
            else:
                self._flags.discard(i)
            dirty.add(i)
            dirty.update(neighbours[i])
        constraints = self._constraints
        for i in dirty:
            value = values[i]
            if value < 0:
                constraints.pop(i, None)
                continue
            cells = frozenset(j for j in neighbours[i] if values[j] == -1)
            if not cells:
                constraints.pop(i, None)
                continue
            flags = sum(1 for j in neighbours[i] if values[j] == -2)
            old = constraints.get(i)
            if old is None or old.cells != cells or old.mines != value - flags:
                constraints[i] = Constraint(cells, value - flags, i)
        self._rows = rows
        return Field(
            width=width,
            height=height,
            mines=view.mines,
            mines_left=view.mines_left,
            covered=frozenset(self._covered),
            flags=frozenset(self._flags),
            values=tuple(values),
            constraints=tuple(constraints[k] for k in sorted(constraints)),
            status=view.status,
            first_click=view.first_click,
        )

    def _reset(self, width: int, height: int) -> None:
        self._shape = (width, height)
        self._constraints = {}
        self._flags = set()


def field_from_rows(
    rows: Iterable[str], mines: int, first_click: str = "safe"
) -> Field:
    """A field straight from row strings (for tests and analysis): ``#`` covered, ``F`` flag."""
    rows = tuple(rows)
    flags = sum(row.count(FLAG) for row in rows)
    view = MinefieldView(len(rows[0]), len(rows), mines, mines - flags, rows, "playing", 0,
                         first_click)
    return FieldTracker().update(view)
