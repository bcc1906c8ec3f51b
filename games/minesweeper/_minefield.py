"""The Minesweeper game: a minefield that a player reveals, flags and chords.

Only the player's interface is public, and the board a player sees
(:meth:`Minefield.rows`: covered, flagged or an open number; the mines-left
counter, which is mines minus flags, not a hint; won or lost). Where the mines are
is the game's secret until the game ends; :meth:`Minefield.mine_at` is for
referees and tests, documented as such.

Mines are placed at the first reveal, so the first-click rule can be kept: a
seeded shuffle of all squares, from which the first ``mines`` squares outside the
protected set (the clicked square, or its 3x3 block for an opening) become mines.
That is a uniform choice among the allowed placements, and the same seed gives the
same board for the same first click (and mostly the same mines for any other).
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Iterable

from ._moves import IllegalMoveError, Move, Verb
from ._spec import BoardSpec, FirstClick

#: What :meth:`Minefield.rows` shows for each square.
COVERED = "#"
FLAG = "F"
#: Shown only once the game is lost: the other mines, and the one that went off.
MINE = "*"
EXPLODED = "X"

_COVERED, _FLAGGED, _OPEN = 0, 1, 2


class Status(enum.Enum):
    """Where a game stands."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@functools.cache
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each square index ``y * width + x``, the indices of its (up to 8) neighbours.

    Cached per board size: immutable, and shared by every game of that size.
    """
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


class Minefield:
    """One game. Build it, then :meth:`play` moves until :attr:`status` is not PLAYING.

    ``seed`` fixes the mine placement (given the first click). The checked entry
    points (:meth:`play`, :meth:`play_text` and the verb helpers) raise
    :class:`IllegalMoveError` and leave the game unchanged; :meth:`play_unchecked`
    skips the checks for callers replaying moves known to be legal.
    """

    def __init__(
        self,
        spec: BoardSpec,
        first_click: FirstClick = FirstClick.SAFE,
        *,
        seed: int = 0,
    ) -> None:
        spec.check(first_click)
        self.spec = spec
        self.first_click = first_click
        self.seed = seed
        self.width = spec.width
        self.height = spec.height
        self.mines = spec.mines
        self._neighbours = neighbour_table(self.width, self.height)
        n = self.width * self.height
        self._mine: list[bool] | None = None
        self._count: list[int] = [0] * n
        self._state = bytearray(n)
        self._view = bytearray(COVERED.encode() * n)
        self._opened = 0
        self._flags = 0
        self._exploded: int | None = None
        #: Moves played (reveals, flags, unflags and chords that were legal).
        self.moves = 0
        self.status = Status.PLAYING

    @classmethod
    def with_mines(cls, width: int, height: int, mines: Iterable[tuple[int, int]]) -> Minefield:
        """A game whose mines are already placed at ``(x, y)`` squares (no first-click rule).

        For tests and for replaying a known board; the first click may hit a mine.
        """
        places = sorted(set(mines))
        for x, y in places:
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError(f"mine at ({x},{y}) is off the {width}x{height} board")
        spec = BoardSpec.custom(width, height, len(places))
        game = cls(spec, FirstClick.SAFE)
        game._place({y * width + x for x, y in places})
        return game

    # -- what a player sees -------------------------------------------------

    @property
    def flags(self) -> int:
        return self._flags

    @property
    def mines_left(self) -> int:
        """The counter a player sees: mines minus flags (negative if over-flagged)."""
        return self.mines - self._flags

    @property
    def opened(self) -> int:
        """Squares revealed so far."""
        return self._opened

    @property
    def safe_squares(self) -> int:
        """Squares without a mine: the game is won when all are revealed."""
        return self.width * self.height - self.mines

    @property
    def is_over(self) -> bool:
        return self.status is not Status.PLAYING

    def square(self, x: int, y: int) -> str:
        """What the player sees at ``(x, y)``: ``#``, ``F`` or ``0``-``8``.

        After a loss, mines show as ``*`` and the one that went off as ``X``.
        """
        self._check_on_board(x, y, f"square {x},{y}")
        return chr(self._view[y * self.width + x])

    def rows(self) -> tuple[str, ...]:
        """The visible board, one string per row, top first (see :meth:`square`)."""
        w = self.width
        view = self._view.decode()
        return tuple(view[i:i + w] for i in range(0, len(view), w))

    def neighbours(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        """The squares around ``(x, y)`` on the board."""
        self._check_on_board(x, y, f"square {x},{y}")
        w = self.width
        return tuple((i % w, i // w) for i in self._neighbours[y * w + x])

    # -- the secret ---------------------------------------------------------

    def mine_at(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` holds a mine. Not a player's view: for referees and tests.

        Raises RuntimeError before the first reveal, when no mine is placed yet.
        """
        self._check_on_board(x, y, f"square {x},{y}")
        if self._mine is None:
            raise RuntimeError("no mines are placed before the first reveal")
        return self._mine[y * self.width + x]

    # -- moves ----------------------------------------------------------------

    def legality(self, move: Move) -> str | None:
        """Why ``move`` is illegal now, in words; None if it is legal."""
        if self.status is not Status.PLAYING:
            return f"the game is over ({self.status.value})"
        if not (0 <= move.x < self.width and 0 <= move.y < self.height):
            return f"({move.x},{move.y}) is off the {self.width}x{self.height} board"
        i = move.y * self.width + move.x
        state = self._state[i]
        if move.verb is Verb.REVEAL:
            if state == _OPEN:
                return f"({move.x},{move.y}) is already revealed (shows {self._count[i]})"
            if state == _FLAGGED:
                return f"({move.x},{move.y}) is flagged; unflag it first"
        elif move.verb is Verb.FLAG:
            if state == _OPEN:
                return (f"({move.x},{move.y}) is revealed (shows {self._count[i]}); "
                        f"it can't be flagged")
            if state == _FLAGGED:
                return f"({move.x},{move.y}) is already flagged"
        elif move.verb is Verb.UNFLAG:
            if state != _FLAGGED:
                return f"({move.x},{move.y}) has no flag"
        else:  # chord
            if state != _OPEN:
                return f"({move.x},{move.y}) is not revealed; only an open number can be chorded"
            around = self._neighbours[i]
            flags = sum(1 for j in around if self._state[j] == _FLAGGED)
            if flags != self._count[i]:
                return (f"({move.x},{move.y}) shows {self._count[i]} but has {flags} "
                        f"flag{'s' if flags != 1 else ''} around it")
            if not any(self._state[j] == _COVERED for j in around):
                return f"({move.x},{move.y}) has no covered neighbour to open"
        return None

    def is_legal(self, move: Move) -> bool:
        return self.legality(move) is None

    def play(self, move: Move) -> tuple[tuple[int, int], ...]:
        """Play ``move``; returns the squares it opened (empty for flags).

        Raises :class:`IllegalMoveError` (quoting the move and the reason) and
        changes nothing if the move is not legal now.
        """
        reason = self.legality(move)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {str(move)!r}: {reason}")
        return self.play_unchecked(move)

    def play_text(self, text: str) -> tuple[tuple[int, int], ...]:
        """Parse and play; :class:`InvalidMoveError` or :class:`IllegalMoveError` on failure."""
        return self.play(Move.parse(text))

    def play_unchecked(self, move: Move) -> tuple[tuple[int, int], ...]:
        """Play ``move`` without checking it. Unchecked: an illegal move corrupts the game.

        For callers that know the move is legal (they asked :meth:`legality`).
        """
        i = move.y * self.width + move.x
        self.moves += 1
        if move.verb is Verb.FLAG:
            self._state[i] = _FLAGGED
            self._view[i] = ord(FLAG)
            self._flags += 1
            return ()
        if move.verb is Verb.UNFLAG:
            self._state[i] = _COVERED
            self._view[i] = ord(COVERED)
            self._flags -= 1
            return ()
        if move.verb is Verb.REVEAL:
            if self._mine is None:
                self._place(self._placement(i))
            targets = [i]
        else:
            targets = [j for j in self._neighbours[i] if self._state[j] == _COVERED]
        opened: list[int] = []
        for j in targets:
            if self._state[j] == _COVERED and self.status is Status.PLAYING:
                self._open(j, opened)
        self._opened += len(opened)
        self._settle()
        w = self.width
        return tuple((j % w, j // w) for j in opened)

    def reveal(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        return self.play(Move(Verb.REVEAL, x, y))

    def flag(self, x: int, y: int) -> None:
        self.play(Move(Verb.FLAG, x, y))

    def unflag(self, x: int, y: int) -> None:
        self.play(Move(Verb.UNFLAG, x, y))

    def chord(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        return self.play(Move(Verb.CHORD, x, y))

    def parse_move(self, text: str) -> Move:
        """Read a move for this board: invalid text or an off-board square raise."""
        move = Move.parse(text)
        if not (0 <= move.x < self.width and 0 <= move.y < self.height):
            raise IllegalMoveError(
                f"illegal move {text.strip()!r}: ({move.x},{move.y}) is off the "
                f"{self.width}x{self.height} board"
            )
        return move

    # -- inside -------------------------------------------------------------

    def _check_on_board(self, x: int, y: int, what: str) -> None:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"{what} is off the {self.width}x{self.height} board")

    def _placement(self, first: int) -> set[int]:
        protected = {first}
        if self.first_click is FirstClick.OPENING:
            protected.update(self._neighbours[first])
        order = list(range(self.width * self.height))
        random.Random(self.seed).shuffle(order)
        mines: set[int] = set()
        for i in order:
            if len(mines) == self.mines:
                break
            if i not in protected:
                mines.add(i)
        return mines

    def _place(self, mines: set[int]) -> None:
        n = self.width * self.height
        self._mine = [False] * n
        for i in mines:
            self._mine[i] = True
        self._count = [sum(1 for j in self._neighbours[i] if j in mines) for i in range(n)]

    def _open(self, start: int, opened: list[int]) -> None:
        mine = self._mine
        assert mine is not None
        if mine[start]:
            self._state[start] = _OPEN
            self._exploded = start
            self.status = Status.LOST
            return
        state, view, count, neighbours = self._state, self._view, self._count, self._neighbours
        stack = [start]
        state[start] = _OPEN
        while stack:
            i = stack.pop()
            opened.append(i)
            view[i] = 48 + count[i]
            if count[i] == 0:
                for j in neighbours[i]:
                    if state[j] == _COVERED:  # flags stay: a player's flag is not undone
                        state[j] = _OPEN
                        stack.append(j)

    def _settle(self) -> None:
        if self.status is Status.LOST:
            assert self._mine is not None and self._exploded is not None
            for i, is_mine in enumerate(self._mine):
                if is_mine and self._state[i] != _FLAGGED:
                    self._view[i] = ord(MINE)
            self._view[self._exploded] = ord(EXPLODED)
        elif self._opened == self.safe_squares:
            self.status = Status.WON


