"""Perfect play for the end of a game: search every layout that is left.

When few layouts of the hidden mines remain (a few hundred at most), the best
guess can be found exactly instead of by a heuristic: list the layouts, and for
each square compute the chance of winning from here if it is revealed next and
the game is then played perfectly. Revealing a square splits the layouts where
it is safe by the number it would show; the chance of winning is the sum over
those groups of their share times the best chance from each group.

Two facts keep the search small. A square safe in every remaining layout costs
nothing to reveal and can only help, so it is always "revealed" first (the
groups it splits into are searched, it is never a choice). And a guess can't win
more often than it is safe, so squares are tried safest first and a square whose
safety doesn't beat the best found so far is skipped. Results are memoised by
the set of layouts (as a bit mask); a node budget bounds the work, and when it
runs out the caller falls back to the heuristic guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from ._field import Field, Square


class BudgetExceeded(Exception):
    """The search needed more nodes than it was allowed."""


def layouts(field: Field, limit: int) -> list[frozenset[Square]] | None:
    """Every layout of the hidden mines consistent with ``field``; None if more than ``limit``.

    Backtracks over the frontier squares constraint by constraint, then places the
    rest of the mines among the interior squares.
    """
    constraints = [(c.cells, c.mines) for c in field.constraints]
    frontier: list[Square] = []
    seen: set[Square] = set()
    for cells, _ in sorted(constraints, key=lambda c: min(c[0])):
        for s in sorted(cells):
            if s not in seen:
                seen.add(s)
                frontier.append(s)
    interior = sorted(field.covered - seen)
    left = field.mines_left
    # For each frontier square: the constraints it is in; for each constraint, how
    # many of its squares come after each position (to prune on "not enough room").
    index = {s: i for i, s in enumerate(frontier)}
    cons_of: list[list[int]] = [[] for _ in frontier]
    for c, (cells, _) in enumerate(constraints):
        for s in cells:
            cons_of[index[s]].append(c)
    last_pos = [max(index[s] for s in cells) for cells, _ in constraints]
    need = [m for _, m in constraints]
    room = [len(cells) for cells, _ in constraints]
    out: list[frozenset[Square]] = []
    chosen: list[Square] = []
    nodes = 0

    def finish() -> bool:
        rest = left - len(chosen)
        if not 0 <= rest <= len(interior):
            return True
        for extra in combinations(interior, rest):
            out.append(frozenset(chosen) | frozenset(extra))
            if len(out) > limit:
                return False
        return True

    def place(i: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > 50 * limit + 10_000:
            raise BudgetExceeded
        if len(chosen) > left:
            return True
        if i == len(frontier):
            return finish()
        cs = cons_of[i]
        for mine in (False, True):
            ok = True
            for c in cs:
                room[c] -= 1
                if mine:
                    need[c] -= 1
            for c in cs:
                if need[c] < 0 or need[c] > room[c] or (last_pos[c] == i and need[c] != 0):
                    ok = False
            if ok:
                if mine:
                    chosen.append(frontier[i])
                going = place(i + 1)
                if mine:
                    chosen.pop()
            else:
                going = True
            for c in cs:
                room[c] += 1
                if mine:
                    need[c] += 1
            if not going:
                return False
        return True

    try:
        if not place(0):
            return None
    except BudgetExceeded:
        return None
    return out


class EndgameSearch:
    """The exact best move over an explicit list of layouts (see the module docstring)."""

    def __init__(self, field: Field, cases: Sequence[frozenset[Square]], max_nodes: int) -> None:
        self.cases = list(cases)
        self.max_nodes = max_nodes
        self.nodes = 0
        neighbours = field.neighbours
        squares = sorted(field.covered)
        n = len(self.cases)
        # value[s][i]: what square s shows in layout i, or -1 if it holds a mine there.
        self.squares: list[Square] = []
        self.value: dict[Square, tuple[int, ...]] = {}
        for s in squares:
            row = tuple(
                -1 if s in case else sum(1 for j in neighbours[s] if j in case)
                for case in self.cases
            )
            if len(set(row)) > 1:  # a square that is the same in every layout tells nothing
                self.squares.append(s)
                self.value[s] = row
        self.memo: dict[int, Fraction] = {}
        self.full = (1 << n) - 1

    def _split(self, mask: int, s: Square) -> tuple[int, list[int]]:
        """(layouts where ``s`` is a mine, groups of the others by the number shown)."""
        row = self.value[s]
        groups: dict[int, int] = {}
        mines = 0
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            v = row[i]
            if v < 0:
                mines |= low
            else:
                groups[v] = groups.get(v, 0) | low
            m ^= low
        return mines, list(groups.values())

    def win_chance(self, mask: int) -> Fraction:
        """The chance of winning from the layouts in ``mask`` with perfect play."""
        total = mask.bit_count()
        if total == 1:
            return Fraction(1)
        known = self.memo.get(mask)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise BudgetExceeded
        # A square safe in every layout left, that shows different numbers: free information.
        for s in self.squares:
            mines, groups = self._split(mask, s)
            if not mines and len(groups) > 1:
                result = sum(
                    (Fraction(g.bit_count(), total) * self.win_chance(g) for g in groups),
                    Fraction(0),
                )
                self.memo[mask] = result
                return result
        result = self._best(mask)[1]
        self.memo[mask] = result
        return result

    def _best(self, mask: int) -> tuple[Square | None, Fraction]:
        total = mask.bit_count()
        options = []
        for s in self.squares:
            mines, groups = self._split(mask, s)
            safe = total - mines.bit_count()
            if 0 < safe < total or (safe == total and len(groups) > 1):
                options.append((safe, s, groups))
        options.sort(key=lambda o: (-o[0], o[1]))
        best_square: Square | None = None
        best = Fraction(-1)
        for safe, s, groups in options:
            if Fraction(safe, total) <= best:
                break
            chance = sum(
                (Fraction(g.bit_count(), total) * self.win_chance(g) for g in groups),
                Fraction(0),
            )
            if chance > best:
                best_square, best = s, chance
        return best_square, max(best, Fraction(0))

    def best_move(self) -> tuple[Square | None, Fraction]:
        """The square to reveal now and the chance of winning with it (budget permitting).

        Raises :class:`BudgetExceeded` if the search needs more than ``max_nodes``.
        """
        if self.full.bit_count() <= 1:
            return None, Fraction(1)
        return self._best(self.full)
