"""The rules: each matches a field and proposes a move set, in order of increasing cost.

The seed's rule framework: every rule has a match part (does it see moves, and
which?) and an execute part (play them). Ours return a :class:`Finding` — the
squares to reveal, the squares to flag, and the thoughts that led there — and
the framework (the knowledge-source chain and the arbiter, or :class:`Solver`
without the runtime) runs them cheapest first and plays the first that matches.

Cost order, cheapest first:

0. ``first-click`` — nothing is open yet: trust the game's promise. With a safe
   first click, a corner (it has the fewest neighbours, so it is a zero most
   often); with a guaranteed opening, a square near a corner with its whole 3x3
   block inside the board: (2,2) on boards up to 16x16, (3,3) on bigger ones
   (see :func:`opening_square`).
1. ``single-square`` — the seed's first rule: a number whose flags are all placed
   has only safe squares left; a number with exactly as many covered squares as
   missing mines has only mines left.
2. ``two-square-near`` — the seed's second rule: a number helped by an adjacent
   number; the helper's minimum of mines (or of safe squares) among the squares
   they share can settle all of the first number's private squares.
3. ``two-square-far`` — the seed's third rule: the same, with a helper two steps away.
4. ``subset`` — subset/superset reasoning over any pair of constraints, including
   the ones it derives (B minus A when A lies inside B), to a fixed point: the
   chains of three or more numbers the seed's figure 4.10 shows it missing.
5. ``mine-count`` — the seed's two end-game rules (no mines left: open the rest;
   as many mines as squares: flag them), generalised: disjoint constraints that
   account for every mine left make every other square safe.
6. ``enumeration`` — exact probabilities over every layout (see
   :mod:`._probability`); squares safe or mined in every layout.
7. ``guess`` — the probability expert (:mod:`._guess`): no certain move is left.

Every rule is sound: a move it proposes is certain, except the guess, whose
thought says how safe it is.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ._field import Constraint, Field, Square, neighbours_of, ring_of


@attrs.frozen
class Finding:
    """A rule's proposal: squares to open and squares to flag, and why."""

    rule: str
    reveal: tuple[Square, ...] = ()
    flag: tuple[Square, ...] = ()
    thoughts: tuple[str, ...] = ()
    #: The guessed square's chance of being safe (1.0 for certain moves).
    safety: float = 1.0

    @property
    def moves(self) -> int:
        return len(self.reveal) + len(self.flag)

    def __bool__(self) -> bool:
        return bool(self.reveal or self.flag)


class _Collector:
    """Accumulates certain squares from one rule, with one thought per discovery."""

    def __init__(self, field: Field, rule: str) -> None:
        self.field = field
        self.rule = rule
        self.safe: set[Square] = set()
        self.mines: set[Square] = set()
        self.thoughts: list[str] = []

    def add(self, safe: Iterable[Square], mines: Iterable[Square], why: str) -> None:
        safe = set(safe) - self.safe
        mines = set(mines) - self.mines
        if not safe and not mines:
            return
        self.safe |= safe
        self.mines |= mines
        parts = []
        if safe:
            parts.append(f"reveal {self.field.names(safe)}")
        if mines:
            parts.append(f"flag {self.field.names(mines)}")
        self.thoughts.append(f"{why} → {' and '.join(parts)}")

    def finding(self) -> Finding | None:
        if not self.safe and not self.mines:
            return None
        clash = self.safe & self.mines
        if clash:  # a sound rule never gets here; refuse rather than play a contradiction
            raise AssertionError(
                f"{self.rule} proved {self.field.names(clash)} both safe and a mine"
            )
        return Finding(self.rule, tuple(sorted(self.safe)), tuple(sorted(self.mines)),
                       tuple(self.thoughts))


def opening_square(width: int, height: int) -> tuple[int, int]:
    """Where to click first when the game promises an opening.

    Measured, not derived: over 20,000 seeds per line, (2,2) won 0.4 points more
    than (3,3) on intermediate (and (1,1) 0.7 fewer) and 0.2 more on beginner, but
    0.4 fewer on expert, where (3,3) stays. Both keep the 3x3 block on the board.
    """
    step = 2 if width <= 16 and height <= 16 else 3
    return min(step, (width - 1) // 2), min(step, (height - 1) // 2)


def first_click(field: Field) -> Finding | None:
    """Rule 0: on an untouched board, the square the first-click promise makes best."""
    if not field.untouched or not field.covered:
        return None
    if field.first_click == "opening":
        x, y = opening_square(field.width, field.height)
        why = "nothing is open and the game promises an opening on the first click"
    else:
        x, y = 0, 0
        why = ("nothing is open and the game promises a safe first click; "
               "a corner opens an area most often")
    square = y * field.width + x
    return Finding("first-click", (square,), (), (f"{why} → reveal {field.name(square)}",))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _describe(field: Field, c: Constraint) -> str:
    number = field.values[c.source]
    flags = number - c.mines
    text = f"{field.name(c.source)} shows {number}"
    if flags:
        text += f", has {_plural(flags, 'flag')}"
    return text + f" and has {_plural(len(c.cells), 'covered neighbour')}"


def single_square(field: Field) -> Finding | None:
    """The seed's first rule, on every number at once."""
    out = _Collector(field, "single-square")
    for c in field.constraints:
        if c.mines == 0:
            out.add(c.cells, (), _describe(field, c) + " (all its mines are flagged)")
        elif c.mines == len(c.cells):
            out.add((), c.cells, _describe(field, c) + " (only mines are left)")
    return out.finding()


def _pair(a: Constraint, b: Constraint) -> tuple[bool | None, frozenset[Square]]:
    """The seed's two-square matcher: what helper ``b`` says about ``a``'s private squares.

    Returns (True, squares) if they are all safe, (False, squares) if all mines,
    (None, empty) if ``b`` doesn't settle them.
    """
    common = a.cells & b.cells
    if not common:
        return None, frozenset()
    private = a.cells - common
    if not private:
        return None, frozenset()
    theirs_private = len(b.cells) - len(common)
    min_common_mines = max(0, b.mines - theirs_private)
    min_common_clear = max(0, len(b.cells) - b.mines - theirs_private)
    if min_common_mines and min_common_mines == a.mines:
        return True, private
    if min_common_clear and len(a.cells) - min_common_clear == a.mines:
        return False, private
    return None, frozenset()


def _two_square(field: Field, rule: str, helpers: tuple[tuple[int, ...], ...]) -> Finding | None:
    by_source = {c.source: c for c in field.constraints}
    out = _Collector(field, rule)
    for a in field.constraints:
        for h in helpers[a.source]:
            b = by_source.get(h)
            if b is None:
                continue
            verdict, private = _pair(a, b)
            if verdict is None:
                continue
            why = (f"{field.name(a.source)} needs {_plural(a.mines, 'more mine')} and "
                   f"{field.name(b.source)} needs {b.mines} among the squares they share")
            if verdict:
                out.add(private, (), why)
            else:
                out.add((), private, why)
            break  # as in the seed: the first helper that helps is enough
    return out.finding()


def two_square_near(field: Field) -> Finding | None:
    """The seed's second rule: helpers among the eight adjacent squares."""
    return _two_square(field, "two-square-near", neighbours_of(field.width, field.height))


def two_square_far(field: Field) -> Finding | None:
    """The seed's third rule: helpers on the ring two squares away."""
    return _two_square(field, "two-square-far", ring_of(field.width, field.height))


#: Derived constraints the subset rule may add before it gives up (keeps it bounded).
MAX_DERIVED = 400


def _pair_bounds(a: Constraint, b: Constraint) -> tuple[int, int] | None:
    """Bounds on the mines in a∩b implied by both constraints (None if they share nothing)."""
    common = len(a.cells & b.cells)
    if not common:
        return None
    lo = max(0, a.mines - (len(a.cells) - common), b.mines - (len(b.cells) - common))
    hi = min(common, a.mines, b.mines)
    return lo, hi


def _reason(
    field: Field, rule: str, start: list[Constraint], fresh: int = 0
) -> Finding | None:
    """Pairwise subset/superset reasoning over ``start`` and what it derives.

    Only pairs involving one of the last ``fresh`` constraints of ``start`` (or a
    derived one) are examined when ``fresh`` is given: the others were already
    paired by a cheaper rule that found nothing.
    """
    out = _Collector(field, rule)
    constraints = list(start)
    known = {(c.cells, c.mines) for c in constraints}
    by_cell: dict[Square, list[int]] = {}
    for i, c in enumerate(constraints):
        for s in c.cells:
            by_cell.setdefault(s, []).append(i)
    queue = list(range(len(constraints) - fresh if fresh else 0, len(constraints)))
    seen_pairs: set[tuple[int, int]] = set()
    while queue:
        i = queue.pop()
        a = constraints[i]
        partners = {j for s in a.cells for j in by_cell.get(s, ()) if j != i}
        for j in partners:
            pair = (i, j) if i < j else (j, i)
            if pair in seen_pairs:
                continue
            seen_pairs.add(pair)
            b = constraints[j]
            bounds = _pair_bounds(a, b)
            if bounds is None:
                continue
            lo, hi = bounds
            for x, y in ((a, b), (b, a)):
                private = x.cells - y.cells
                if not private:
                    continue
                if x.mines - lo == 0:
                    out.add(private, (), _shared(field, x, y, lo, hi))
                elif x.mines - hi == len(private):
                    out.add((), private, _shared(field, x, y, lo, hi))
            derived = []
            if a.cells < b.cells:
                derived.append(Constraint(b.cells - a.cells, b.mines - a.mines, -1,
                                          f"{_label(field, b)} minus {_label(field, a)}"))
            elif b.cells < a.cells:
                derived.append(Constraint(a.cells - b.cells, a.mines - b.mines, -1,
                                          f"{_label(field, a)} minus {_label(field, b)}"))
            for d in derived:
                if (d.cells, d.mines) in known or len(constraints) >= MAX_DERIVED + len(start):
                    continue
                known.add((d.cells, d.mines))
                if d.mines == 0:
                    out.add(d.cells, (), d.origin + " leaves no mine")
                    continue
                if d.mines == len(d.cells):
                    out.add((), d.cells, d.origin + " leaves only mines")
                    continue
                constraints.append(d)
                k = len(constraints) - 1
                for s in d.cells:
                    by_cell.setdefault(s, []).append(k)
                queue.append(k)
    return out.finding()


def _shared(field: Field, x: Constraint, y: Constraint, lo: int, hi: int) -> str:
    mines = f"{lo} to {hi} mines" if hi != lo else _plural(lo, "mine")
    return (f"{_label(field, x)} and {_label(field, y)} share "
            f"{_plural(len(x.cells & y.cells), 'square')} holding {mines}")


def _label(field: Field, c: Constraint) -> str:
    if c.source >= 0:
        return field.name(c.source)
    if c.origin.startswith("the counter"):
        return (f"[the {_plural(len(c.cells), 'square')} away from "
                f"{c.origin[len('the counter minus '):]}"
                f" hold {c.mines}]")
    return f"[{field.names(c.cells)} hold {c.mines}]"


def subset(field: Field) -> Finding | None:
    """Subset/superset reasoning over every overlapping pair of constraints, to a fixed point."""
    return _reason(field, "subset", list(field.constraints))


def _disjoint_packing(constraints: Iterable[Constraint]) -> list[Constraint]:
    """Greedy set of pairwise disjoint constraints, most mines per square first."""
    chosen: list[Constraint] = []
    used: set[Square] = set()
    for c in sorted(constraints, key=lambda c: (-c.mines / len(c.cells), len(c.cells), c.source)):
        if c.mines and not (c.cells & used):
            chosen.append(c)
            used |= c.cells
    return chosen


def mine_count(field: Field) -> Finding | None:
    """The counter as one more constraint: end-game rules, and mines all accounted for."""
    out = _Collector(field, "mine-count")
    covered = field.covered
    left = field.mines_left
    if not covered:
        return None
    if left == 0:
        out.add(covered, (), "the counter shows no mine left")
        return out.finding()
    if left == len(covered):
        out.add((), covered, f"the counter shows {left} mines for {len(covered)} covered squares")
        return out.finding()
    packing = _disjoint_packing(field.constraints)
    held = sum(c.mines for c in packing)
    rest = covered.difference(*(c.cells for c in packing)) if packing else covered
    names = ", ".join(field.name(c.source) for c in packing)
    needs = (f"{names} needs {_plural(held, 'mine')}" if len(packing) == 1 else
             f"{names} need {_plural(held, 'mine')} among squares they don't share")
    if held == left and rest:
        out.add(rest, (), f"the counter shows {left} left and {needs}")
        return out.finding()
    if not packing or not rest or not 0 <= left - held <= len(rest):
        return None
    if left - held == len(rest):
        out.add((), rest, f"the counter shows {left} left, {needs}, and "
                          f"{_plural(len(rest), 'other covered square')} must hold the rest")
        return out.finding()
    others = Constraint(rest, left - held, -1, f"the counter minus {names}")
    return _reason(field, "mine-count", list(field.constraints) + [others], fresh=1)
