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

The known stairs are a way out (``way_out``): a hero who stands on them leaves the
level with his next key, before any monster moves again, so a walk that reaches
them is as good as one that goes on for ever. Without it the look-ahead saw the
stairs in a room's corner as a dead end and turned the hero round a loop two
squares short of them (dungeon 1281 of 1.81: three steps to the stairs, then a
loop, then the hobgoblin's blows on level 1).

The rule it models is the one for a monster already close behind; one in another
room heads for that room's door nearest the hero instead. The plan is made again
at every move, from what the screen shows.
"""

from __future__ import annotations

from collections.abc import Iterator

from ._connect import can_step
from ._grid import Pos, chebyshev, neighbours

#: Monster replies followed per hero move (ties multiply with several monsters).
MAX_REPLIES = 8
#: Positions searched per plan at most (a hero in the middle of a 70 by 19 room,
#: the monster diagonally behind, takes 141). Past it, the rest counts as no way on.
MAX_POSITIONS = 20_000


def _dist2(a: Pos, b: Pos) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


class Kite:
    """Moves that keep ``chasers`` from striking, on the known terrain ``rows``.

    ``blocked`` are squares no one walks onto (monsters that are not chasing);
    ``avoid``, squares the hero does not step onto and the monsters may (known traps:
    Rogue's monsters walk over them unharmed); ``way_out``, the square the hero leaves
    the level from (the stairs), if he can.
    """

    def __init__(self, rows: tuple[str, ...], blocked: frozenset[Pos] = frozenset(),
                 flying: frozenset[int] = frozenset(), way_out: Pos | None = None,
                 avoid: frozenset[Pos] = frozenset()) -> None:
        self.rows = rows
        self.blocked = blocked
        self.avoid = avoid
        self.way_out = way_out
        #: Indices (in the chasers tuple) of monsters that fly: Rogue moves one a
        #: second time when its first move leaves it not yet beside the hero.
        self.flying = flying
        #: Per position: (moves found, the most searched for) - exact when fewer
        #: than searched for; found without leaning on a loop still being searched.
        self._known: dict[tuple[Pos, tuple[Pos, ...]], tuple[int, int]] = {}
        self.searched = 0

    def reaches(self, monster: Pos, hero: Pos) -> bool:
        """Would a monster on ``monster`` strike a hero on ``hero``?"""
        return chebyshev(monster, hero) <= 1 and can_step(self.rows, monster, hero)

    def steps(self, hero: Pos, chasers: tuple[Pos, ...]) -> Iterator[Pos]:
        """The hero's steps that end out of every chaser's reach."""
        for n in neighbours(hero):
            if n in chasers or n in self.blocked or n in self.avoid \
                    or not can_step(self.rows, hero, n):
                continue
            if not any(self.reaches(m, n) for m in chasers):
                yield n

    def replies(self, chasers: tuple[Pos, ...], hero: Pos) -> list[tuple[Pos, ...]]:
        """Where the chasers may stand after they move, one after another, toward ``hero``.

        A flier left two or more squares off moves again, but a monster strikes only
        from beside the hero at the start of a move, so that move only catches up.
        """
        outcomes: list[tuple[Pos, ...]] = [()]
        for i, m in enumerate(chasers):
            grown: list[tuple[Pos, ...]] = []
            for done in outcomes:
                taken = set(done) | set(chasers[i + 1:]) | self.blocked | {hero}
                for q in self._nearer(m, hero, taken):
                    if i in self.flying and _dist2(q, hero) >= 3:
                        # Not yet beside him (Rogue: squared distance 3 or more): again.
                        grown.extend(done + (q2,) for q2 in self._nearer(q, hero, taken))
                    else:
                        grown.append(done + (q,))
            outcomes = grown[:MAX_REPLIES]
        return outcomes

    def _nearer(self, m: Pos, hero: Pos, taken: set[Pos]) -> list[Pos]:
        """The squares Rogue's chase may move a monster on ``m`` to: the open ones
        beside it (or its own) nearest in a straight line to ``hero``."""
        best, choices = _dist2(m, hero), [m]
        for q in neighbours(m):
            if q in taken or not can_step(self.rows, m, q):
                continue
            d = _dist2(q, hero)
            if d < best:
                best, choices = d, [q]
            elif d == best:
                choices.append(q)
        return choices

    def good_for(self, hero: Pos, chasers: tuple[Pos, ...], moves: int) -> int:
        """How many of ``moves`` moves (all of them, if it can) the hero standing on
        ``hero`` can keep walking away, the chasers having just moved."""
        return self._depth(hero, chasers, moves, frozenset())[0]

    def first_steps(self, hero: Pos, chasers: tuple[Pos, ...], moves: int) -> dict[Pos, int]:
        """Each escaping step from ``hero``, with how many moves (up to ``moves``) it is
        good for: the step itself counts as one."""
        return {n: 1 + self._after(n, chasers, moves - 1, frozenset())[0]
                for n in self.steps(hero, chasers)}

    def _after(self, step: Pos, chasers: tuple[Pos, ...], cap: int, line: frozenset,
               enough: int = -1) -> tuple[int, bool]:
        """(moves, up to ``cap``, the hero is good for once on ``step``, whatever the
        chasers do; whether that leaned on a loop). Stops once down to ``enough``."""
        worst, looped = cap, False
        for reply in self.replies(chasers, step):
            d, loop = self._depth(step, reply, cap, line)
            worst, looped = min(worst, d), looped or loop
            if worst <= enough:
                break
        return worst, looped

    def _depth(self, hero: Pos, chasers: tuple[Pos, ...], cap: int,
               line: frozenset) -> tuple[int, bool]:
        """(moves, up to ``cap``, the hero can go on walking away; whether that number
        rests on a loop back into ``line``, the positions being searched)."""
        if cap <= 0:
            return 0, False
        if hero == self.way_out:
            return cap, False  # his next key takes him off the level
        key = (hero, chasers)
        if key in line:
            return cap, True
        known = self._known.get(key)
        if known is not None:
            value, searched_to = known
            if value < searched_to or value >= cap:
                return min(value, cap), False
        self.searched += 1
        if self.searched > MAX_POSITIONS:
            return 0, True  # not searched: no way on, and not remembered as exact
        line = line | {key}
        best, best_looped = 0, False
        for n in self.steps(hero, chasers):
            # Stop at best - 1: this step could then not beat the best one found.
            worst, looped = self._after(n, chasers, cap - 1, line, best - 1)
            if 1 + worst > best:
                best, best_looped = 1 + worst, looped
            if best >= cap:
                break
        if not best_looped:
            # Exact below ``cap``: steps that leaned on a loop can only have counted
            # too many, and they did not beat ``best``.
            self._known[key] = (best, cap)
        return best, best_looped
