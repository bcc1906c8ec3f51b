"""Pacing: a walk to and fro noticed from the keys pressed and the squares stood on.

Each expert that walks has rules against its own swings (the explorer holds a route
once it swings, the object expert gives up a goal it makes no progress toward, the
hold expert waits twice for a monster's square), and each rule was written for the
game that showed the swing. A swing between two experts slips past all of them:
1.94's dungeon 2471 stood on a dark room's door beside a sleeping hobgoblin across
the doorway's corner, the hold expert waited two turns for it, the explorer headed
elsewhere and stepped out, and from the passage the room was the nearest unknown
again; 1,300 decisions on level 6 in a cycle of four, until he quit starving.
Dungeon 2421 did the same beside an ice monster, 1,000 decisions, until it froze
him to death.

So a knowledge source watches what any player could: the square he stood on and
the key he pressed, decision by decision. When the last :data:`LEAST` of them (or
four rounds of a longer cycle) repeat one cycle of at most :data:`LONGEST` over two
squares or more, the hero is pacing, and the ``pacing`` entry says so: the squares
of the cycle and a count that rises with each walk noticed on the level. The
experts that walk give up what they were after (the explorer its goals, the object
expert its object) and the hold expert stops waiting there. A rest, a search or a
fight on one square is no walk, and a cycle broken by anything new (a step
elsewhere, a message answered) starts the count again; so ordinary play, which
never repeats itself forty decisions over, never meets the rule.
"""

from __future__ import annotations

import attrs

from runtime import ACTED, Activation

from ._facts import Sensed
from ._gated import GatedSource
from ._grid import Pos

#: Decisions that must repeat one cycle before the hero counts as pacing.
LEAST = 40
#: The longest cycle looked for (a loop round a room's corner takes eight or so).
LONGEST = 12


@attrs.frozen
class Pacing:
    """``pacing``: the walks to and fro noticed on the current level."""

    level: int = 0
    #: Walks noticed on this level; an expert acts once for each.
    count: int = 0
    #: The squares of the last one.
    squares: frozenset[Pos] = frozenset()


def pacing_cycle(steps: list[tuple[Pos | None, str]]) -> int | None:
    """The period of the cycle the end of ``steps`` repeats, if it is a walk: the last
    ``max(LEAST, 4 × period)`` entries repeat with that period, on two squares or more."""
    for period in range(1, LONGEST + 1):
        span = max(LEAST, 4 * period)
        if len(steps) < span:
            return None
        tail = steps[-span:]
        if all(tail[i] == tail[i + period] for i in range(span - period)) \
                and len({pos for pos, _ in tail}) >= 2:
            return period
    return None


class StepLog:
    """(square stood on, key pressed there) on one level, oldest first, as long as the
    longest walk looked for needs: the pacing watch's and the chronicle's."""

    keep = 2 * max(LEAST, 4 * LONGEST)

    def __init__(self) -> None:
        self.steps: list[tuple[Pos | None, str]] = []

    def append(self, where: Pos | None, key: str) -> None:
        self.steps = [*self.steps[1 - self.keep:], (where, key)]

    def clear(self) -> None:
        self.steps = []

    def walk(self) -> frozenset[Pos] | None:
        """The squares of the walk the last steps make, if they make one (the log then
        starts again, so that each walk is noticed once)."""
        if pacing_cycle(self.steps) is None:
            return None
        squares = frozenset(pos for pos, _ in self.steps[-LEAST:] if pos is not None)
        self.steps = []
        return squares


class PacingWatch(GatedSource):
    """Keeps ``pacing`` from ``sensed`` and the runtime's ``acted``."""

    name = "pacing"
    reads = frozenset({"sensed", ACTED})
    gate = frozenset({"sensed"})
    writes = frozenset({"pacing"})
    budget = 0.2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.state = Pacing()
        self.log = StepLog()
        self.where: Pos | None = None

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        acted = activation.entry(ACTED)
        if acted is not None and acted.generation == activation.generation \
                and isinstance(acted.value, str):
            self.log.append(self.where, acted.value)
        if sensed.player is not None:
            self.where = sensed.player
        if sensed.status is None:
            return
        if sensed.status.level != self.state.level:
            self.state = Pacing(level=sensed.status.level)
            self.log.clear()
            await activation.write("pacing", self.state)
            return
        squares = self.log.walk()
        if squares is None:
            return
        self.state = Pacing(self.state.level, self.state.count + 1, squares)
        await activation.write("pacing", self.state)
