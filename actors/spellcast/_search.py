"""Minimax over simultaneous moves, with Becky's optimisations (Becky §3.4, §5.4).

Each node is a matrix: our moves (rows) against an opponent's moves (columns);
with several opponents the columns are every opponent's moves, each considered
alone (the others make no gestures that turn), so the cost grows as a*n*n rather
than n**(a+1) (Becky §4). A row's value is its minimum, the node's the best row.

* Cut-offs: a row stops as soon as its minimum falls to the best row so far; the
  bounds are passed down (alpha-beta over the matrix).
* Move ordering: ours by the ranks of the spells they complete, theirs likewise;
  the column that lowered a row's minimum moves to the front for the next row,
  the best row to the front for the next visit.
* A transposition table keeps both orderings and the value with its bound per
  position, so the next, deeper iteration starts from the best guesses.
* Iterative deepening under a deadline: depth 0 (our move and theirs, scored
  statically), then 1, 2, ...; a best move is ready as soon as depth 0 is done and
  the search may be stopped at any time (deadline, or a :class:`threading.Event`
  set from another thread).

The search runs in a worker thread (see ``_thinking``); it only touches its own
table and the immutable positions it was given.
"""

from __future__ import annotations

import threading
import time

import attrs

from ._model import HP, apply
from ._moves import generate
from ._score import LOSS, WIN, static_score, static_score_plain

INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
_CHECK_EVERY = 512


class Stopped(Exception):
    """The deadline passed or the stop flag was set: unwind to the root."""


@attrs.frozen(slots=True)
class SearchResult:
    """The best move found, its value, the deepest complete iteration and the effort."""

    move: tuple | None
    value: int
    depth: int
    nodes: int
    elapsed: float
    complete: bool


def opponents(state: tuple) -> list[int]:
    return [i for i, w in enumerate(state[0]) if i and w[HP] > 0]


def terminal(state: tuple, depth: int) -> int | None:
    """WIN/LOSS (sooner is more extreme) if the game is decided for us, else None."""
    wizards = state[0]
    if wizards[0][HP] <= 0:
        return LOSS - depth
    for w in wizards[1:]:
        if w[HP] > 0:
            return None
    return WIN + depth


class Searcher:
    """Becky's search; ``table`` survives between turns (positions recur)."""

    def __init__(self, max_table: int = 400_000) -> None:
        self.table: dict[tuple, list] = {}
        self.max_table = max_table
        self.nodes = 0
        self.deadline = float("inf")
        self.stop = threading.Event()
        self.best: tuple | None = None
        self.best_value = 0
        self.depth_done = -1

    # -- the matrix search ------------------------------------------------------

    def _tick(self) -> None:
        if time.monotonic() > self.deadline or self.stop.is_set():
            raise Stopped

    def _leaf(self, child: tuple) -> int:
        t = terminal(child, -1)
        return static_score(child) if t is None else t

    def _entry(self, state: tuple, opps: list[int]) -> list:
        entry = self.table.get(state)
        if entry is None:
            wizards = state[0]
            ours = list(generate(wizards, 0, tuple(opps)))
            theirs = {a: list(generate(wizards, a, (0,))) for a in opps}
            entry = [-1, 0, EXACT, ours, theirs]
            if len(self.table) >= self.max_table:
                self.table.clear()
            self.table[state] = entry
        return entry

    def value(self, state: tuple, depth: int, alpha: int, beta: int) -> int:
        """The max-min value of ``state`` searching ``depth`` more turns below this one."""
        opps = opponents(state)
        entry = self._entry(state, opps)
        if entry[0] >= depth:
            v, flag = entry[1], entry[2]
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                return v
        v, _ = self._matrix(state, entry, opps, depth, alpha, beta)
        flag = EXACT if alpha < v < beta else (LOWER if v >= beta else UPPER)
        if depth >= entry[0]:
            entry[0], entry[1], entry[2] = depth, v, flag
        return v

    def _matrix(self, state: tuple, entry: list, opps: list[int], depth: int,
                alpha: int, beta: int, root: bool = False) -> tuple[int, tuple | None]:
        n = len(state[0])
        ours, theirs = entry[3], entry[4]
        best, best_move = alpha, None
        slots: list = [None] * n
        for index, m in enumerate(ours):
            row = beta
            slots[0] = m
            for a in opps:
                cols = theirs[a]
                for j, t in enumerate(cols):
                    slots[a] = t
                    child = apply(state, tuple(slots))
                    self.nodes += 1
                    if not self.nodes % _CHECK_EVERY:
                        self._tick()
                    if depth == 0:
                        v = self._leaf(child)
                    else:
                        term = terminal(child, depth)
                        v = term if term is not None else self.value(
                            child, depth - 1, best, row)
                    if v < row:
                        row = v
                        if j:
                            cols.insert(0, cols.pop(j))
                    if row <= best:
                        break
                slots[a] = None
                if row <= best:
                    break
            if row > best or best_move is None and root and row >= best:
                if row > best:
                    best = row
                best_move = m
                if index:
                    ours.insert(0, ours.pop(index))
                if root:
                    self.best, self.best_value = m, best
            if best >= beta:
                break
        return best, best_move

    # -- iterative deepening ----------------------------------------------------

    def search(self, state: tuple, seconds: float, max_depth: int = 20,
               avoid: frozenset[int] = frozenset()) -> SearchResult:
        """Iterative deepening for ``seconds`` (at least depth 0 is always completed).

        ``avoid``: gesture-pairs not to play at the root (the stalemate breaker), unless
        nothing else is left.
        """
        start = time.monotonic()
        self.nodes = 0
        self.best, self.depth_done = None, -1
        opps = opponents(state)
        if not opps or state[0][0][HP] <= 0:
            return SearchResult(None, 0, -1, 0, 0.0, True)
        entry = self._entry(state, opps)
        if avoid and any(m[0] not in avoid for m in entry[3]):
            entry = list(entry)
            entry[3] = [m for m in entry[3] if m[0] not in avoid]
        complete = False
        for depth in range(max_depth + 1):
            self.deadline = float("inf") if depth == 0 else start + seconds
            try:
                value, move = self._matrix(state, entry, opps, depth, -INF, INF, root=True)
            except Stopped:
                break
            self.best, self.best_value, self.depth_done = move, value, depth
            if abs(value) >= WIN - 100:
                complete = True
                break
            if time.monotonic() - start > seconds * 0.5:
                break
        return SearchResult(self.best, self.best_value, self.depth_done, self.nodes,
                            time.monotonic() - start, complete)


class PlainMinimax:
    """The unoptimised baseline: full matrices, no cut-offs, no ordering, no table,
    spells found by string comparison, the score without its lookup table."""

    def __init__(self) -> None:
        self.nodes = 0
        self.deadline = float("inf")

    def value(self, state: tuple, depth: int) -> int:
        opps = opponents(state)
        wizards = state[0]
        ours = generate(wizards, 0, tuple(opps), plain=True)
        best = -INF
        for m in ours:
            row = INF
            for a in opps:
                for t in generate(wizards, a, (0,), plain=True):
                    slots = [None] * len(wizards)
                    slots[0], slots[a] = m, t
                    child = apply(state, tuple(slots))
                    self.nodes += 1
                    if not self.nodes % _CHECK_EVERY and time.monotonic() > self.deadline:
                        raise Stopped
                    term = terminal(child, depth)
                    if term is not None:
                        v = term
                    elif depth == 0:
                        v = static_score_plain(child)
                    else:
                        v = self.value(child, depth - 1)
                    row = min(row, v)
            best = max(best, row)
        return best

    def search(self, state: tuple, seconds: float, max_depth: int = 20) -> tuple[int, int]:
        """(deepest complete depth, nodes) within ``seconds``."""
        start = time.monotonic()
        self.deadline = start + seconds
        self.nodes = 0
        done = -1
        for depth in range(max_depth + 1):
            try:
                self.value(state, depth)
            except Stopped:
                break
            done = depth
        return done, self.nodes
