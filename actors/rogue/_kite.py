"""Walking away from a monster that follows, planned moves ahead.

Rogue moves the hero, then each running monster: ``chase`` takes it to the open
square next to it nearest (straight-line) to the hero, and when the hero's own
square is one it can step to, it strikes instead. So a monster of the hero's
speed that follows him never lands a blow as long as each of his steps ends out
of its reach (two squares off, or diagonally across a doorway or a corner) -
and the hero heals on the way, since only blows reset his regeneration.

One such step at a time is easy to find and soon runs out: the greedy retreat
walked into small rooms where the next step had to turn and the monster, cutting
the corner, was beside him again. :class:`Kite` looks ahead instead: a step is
good for ``n`` moves when, for every square Rogue's rule may send the monsters
to (ties are broken at random), some next step is good for ``n - 1``. Coming back
to a position already on the line being searched means the hero can go round
that loop for ever.

The rule it models is the one for a monster already close behind; one in another
room heads for that room's door nearest the hero instead. The plan is made again
at every move, from what the screen shows.
"""

from __future__ import annotations

from collections.abc import Iterator

from ._connect import can_step
from ._grid import TOP, Pos, chebyshev, neighbours

#: Monster replies followed per hero move (ties multiply with several monsters).
MAX_REPLIES = 8


def standing_on(rows: tuple[str, ...], squares: frozenset[Pos]) -> tuple[str, ...]:
    """``rows`` with the unknown squares among ``squares`` (where monsters stand: the
    map has not seen under them) made passage, so a planned walk may cross them."""
    out = list(rows)
    for r, c in squares:
        if out[r - TOP][c] == " ":
            out[r - TOP] = out[r - TOP][:c] + "#" + out[r - TOP][c + 1:]
    return tuple(out)


def _dist2(a: Pos, b: Pos) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


class Kite:
    """Moves that keep ``chasers`` from striking, on the known terrain ``rows``.

    ``blocked`` are squares no one walks onto (monsters that are not chasing).
    """

    def __init__(self, rows: tuple[str, ...], blocked: frozenset[Pos] = frozenset()) -> None:
        self.rows = rows
        self.blocked = blocked
        #: Positions proven good for at least this many moves, without a loop
        #: through a position still being searched.
        self._good: dict[tuple[Pos, tuple[Pos, ...]], int] = {}
        #: Positions proven to fail within this many moves.
        self._bad: dict[tuple[Pos, tuple[Pos, ...]], int] = {}

    def reaches(self, monster: Pos, hero: Pos) -> bool:
        """Would a monster on ``monster`` strike a hero on ``hero``?"""
        return chebyshev(monster, hero) <= 1 and can_step(self.rows, monster, hero)

    def steps(self, hero: Pos, chasers: tuple[Pos, ...]) -> Iterator[Pos]:
        """The hero's steps that end out of every chaser's reach."""
        for n in neighbours(hero):
            if n in chasers or n in self.blocked or not can_step(self.rows, hero, n):
                continue
            if not any(self.reaches(m, n) for m in chasers):
                yield n

    def replies(self, chasers: tuple[Pos, ...], hero: Pos) -> list[tuple[Pos, ...]]:
        """Where the chasers may stand after they move, one after another, toward ``hero``."""
        outcomes: list[tuple[Pos, ...]] = [()]
        for i, m in enumerate(chasers):
            grown: list[tuple[Pos, ...]] = []
            for done in outcomes:
                taken = set(done) | set(chasers[i + 1:]) | self.blocked | {hero}
                best, choices = _dist2(m, hero), [m]
                for q in neighbours(m):
                    if q in taken or not can_step(self.rows, m, q):
                        continue
                    d = _dist2(q, hero)
                    if d < best:
                        best, choices = d, [q]
                    elif d == best:
                        choices.append(q)
                grown.extend(done + (q,) for q in choices)
            outcomes = grown[:MAX_REPLIES]
        return outcomes

    def good_for(self, hero: Pos, chasers: tuple[Pos, ...], moves: int) -> int:
        """How many of ``moves`` moves (all of them, if it can) the hero standing on
        ``hero`` can keep walking away, the chasers having just moved."""
        for n in range(moves, 0, -1):
            if self._good_for(hero, chasers, n, frozenset())[0]:
                return n
        return 0

    def first_steps(self, hero: Pos, chasers: tuple[Pos, ...], moves: int) -> dict[Pos, int]:
        """Each escaping step from ``hero``, with how many moves (up to ``moves``) it is
        good for: the step itself counts as one."""
        out = {}
        for n in self.steps(hero, chasers):
            out[n] = 1 + min((self.good_for(n, r, moves - 1)
                              for r in self.replies(chasers, n)), default=0)
        return out

    def _good_for(self, hero: Pos, chasers: tuple[Pos, ...], moves: int,
                  line: frozenset) -> tuple[bool, bool]:
        """(good for ``moves`` moves, the proof used a loop back into ``line``)."""
        if moves <= 0:
            return True, False
        key = (hero, chasers)
        if key in line:
            return True, True
        if self._good.get(key, -1) >= moves:
            return True, False
        if self._bad.get(key, moves + 1) <= moves:
            return False, False
        line = line | {key}
        for n in self.steps(hero, chasers):
            looped = False
            for reply in self.replies(chasers, n):
                ok, loop = self._good_for(n, reply, moves - 1, line)
                if not ok:
                    break
                looped |= loop
            else:
                if not looped:
                    self._good[key] = max(moves, self._good.get(key, -1))
                return True, looped
        self._bad[key] = min(moves, self._bad.get(key, moves))
        return False, False
