"""The 1999 competition's dummy bots that ignore their opponent.

Darse Billings seeded the field with weak players, each with a known flaw, to
reward programs that detect and exploit flaws. These are written from the
published one-line descriptions (names from the competition's index):
random, fixed and biased throws, rotations, and replayed sequences. The
dummies that react to the opponent are in ``_reactors``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._moves import Move
from ._player import Player
from ._sequences import de_bruijn_throws, pi_throws, text_throws


def biased_throw(rng_value: float, rock: float, paper: float) -> int:
    """Rock with probability ``rock``, paper with ``paper``, else scissors.

    ``rng_value`` is a uniform draw in [0, 1).
    """
    if rng_value < rock:
        return Move.ROCK
    if rng_value < rock + paper:
        return Move.PAPER
    return Move.SCISSORS


class RandomBot(Player):
    """The optimal strategy: it cannot be exploited, and cannot exploit."""

    name = "random"
    description = "uniformly random throws (the Nash equilibrium)"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return self.rng.randrange(3)


class RockBot(Player):
    """Good ole rock: nuthin' beats rock. The easiest flaw to find."""

    name = "rock"
    description = "always rock"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return Move.ROCK


class R226Bot(Player):
    """A biased distribution: exploitable by always playing rock."""

    name = "r226"
    description = "random with 20% rock, 20% paper, 60% scissors"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return biased_throw(self.rng.random(), 0.2, 0.2)


class RotateBot(Player):
    """A flat distribution whose order is trivially predictable."""

    name = "rotate"
    description = "rock, paper, scissors, rock, paper, ..."

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        return len(my_history) % 3


class AlwaysSwitchBot(Player):
    """Never repeats its previous throw: half the time one throw is impossible."""

    name = "always-switch"
    description = "never repeats its previous throw (random among the other two)"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not my_history:
            return self.rng.randrange(3)
        return (my_history[-1] + self.rng.choice((1, 2))) % 3


class SwitchALotBot(Player):
    """Like always-switch, but repeats 12% of the time: harder to see."""

    name = "switch-a-lot"
    description = "repeats its previous throw 12% of the time, else switches"

    #: Chance of throwing the previous throw again.
    REPEAT = 0.12

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        if not my_history:
            return self.rng.randrange(3)
        if self.rng.random() < self.REPEAT:
            return my_history[-1]
        return (my_history[-1] + self.rng.choice((1, 2))) % 3


class FlatBot(Player):
    """Keeps its own counts flat, the way people think random looks.

    Its least-used throw comes 80% of the time (two tied least-used: 45% each),
    so its next throw is predictable from its own history.
    """

    name = "flat"
    description = "keeps its own throw counts even by favouring its least-used throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        counts = [my_history.count(m) for m in range(3)]
        least = [m for m in range(3) if counts[m] == min(counts)]
        if len(least) == 3:
            return self.rng.randrange(3)
        spin = self.rng.random()
        if len(least) == 1:
            # 80% the least-used throw, 10% each of the others.
            if spin < 0.8:
                return least[0]
            return (least[0] + (1 if spin < 0.9 else 2)) % 3
        # Two tied least-used: 45% each, 10% the most-used.
        if spin < 0.45:
            return least[0]
        if spin < 0.9:
            return least[1]
        return 3 - least[0] - least[1]


class FoxtrotBot(Player):
    """Every second throw is a fixed function of the one before it.

    The pattern is: random, previous+2, random, previous+1, random,
    previous+0, and again: half its throws can be predicted exactly.
    """

    name = "foxtrot"
    description = "random on odd turns; on even turns a fixed shift of its previous throw"

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        turn = len(my_history) + 1
        if turn % 2:
            return self.rng.randrange(3)
        return (my_history[-1] + turn) % 3


class _SequenceBot(Player):
    """Replays a fixed sequence, starting over when it runs out."""

    def sequence(self) -> Sequence[int]:
        raise NotImplementedError

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        throws = self.sequence()
        return throws[len(my_history) % len(throws)]


class PiBot(_SequenceBot):
    """Looks random to frequency counts, yet is completely determined."""

    name = "pi"
    description = "the decimal digits of pi, zeros skipped, mod 3"

    def sequence(self) -> Sequence[int]:
        return pi_throws()


class DeBruijnBot(_SequenceBot):
    """Defeats short-context predictors: within 81 throws no 4-run repeats."""

    name = "de-bruijn"
    description = "concatenated De Bruijn strings (every 4-throw run once per 81)"

    def sequence(self) -> Sequence[int]:
        return de_bruijn_throws()


class TextBot(_SequenceBot):
    """English text as throws: biased and full of long-range structure."""

    name = "text"
    description = "a piece of English text spelt out as throws (letter index mod 3)"

    def sequence(self) -> Sequence[int]:
        return text_throws()
