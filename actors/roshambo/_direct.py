"""Direct (runtime-free) drivers of the agents: the reference the runtime must match.

Each driver owns the models, feeds them the last turn, and calls the pure
decision function — exactly the data flow the runtime's knowledge sources and
experts implement, without the bus. Used for tuning and as the throw-for-throw
reference for the runtime-wired agents on a fixed seed.

The seed of a match derives every random stream: ``random.Random(seed)`` for the
decision, and (for Iocaine-plus) ``random.Random(seed + 1)`` for its random
predictor.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ._contexts import ContextCounts
from ._granite import choose_granite
from ._iocaine import choose_iocaine
from ._meta import MetaScorer
from ._predictors import (
    ContextFrequency,
    ContextVoter,
    FrequencyPredictor,
    Guesses,
    HistoryMatcher,
    Predictor,
    RandomPredictor,
)
from ._selfeval import SelfEvaluation


class _Driver:
    """Shared bookkeeping: catch up the models on the turns they have not seen."""

    def __init__(self) -> None:
        self.rationale = ""
        self._seen = 0
        self.reset(0)

    def reset(self, seed: int) -> None:
        """Forget the previous match and seed this one's randomness."""
        self._seen = 0
        self.rng = random.Random(seed)
        self._start(seed)

    def _start(self, seed: int) -> None:
        raise NotImplementedError

    def _observe(self, my_move: int, opp_move: int) -> None:
        raise NotImplementedError

    def _decide(self) -> tuple[int, str]:
        raise NotImplementedError

    def move(self, my_history: Sequence[int], opp_history: Sequence[int]) -> int:
        """This turn's throw, given both histories so far (oldest first)."""
        for t in range(self._seen, len(opp_history)):
            self._observe(my_history[t], opp_history[t])
        self._seen = len(opp_history)
        move, self.rationale = self._decide()
        return move


class DirectGranite(_Driver):
    """Granite III: context counts + self-evaluation → reweighted spinner."""

    name = "granite3"

    def _start(self, seed: int) -> None:
        self.contexts = ContextCounts()
        self.selfeval = SelfEvaluation()

    def _observe(self, my_move: int, opp_move: int) -> None:
        self.contexts.observe(my_move, opp_move)
        self.selfeval.observe(my_move, opp_move)

    def _decide(self) -> tuple[int, str]:
        return choose_granite(self.contexts.snapshot(), self.selfeval.snapshot(), self.rng)


def build_predictors(seed: int) -> list[Predictor]:
    """The Iocaine-plus predictor bank, in the fixed order the meta-strategy scores it."""
    return [
        HistoryMatcher("both"),
        HistoryMatcher("opp"),
        HistoryMatcher("my"),
        FrequencyPredictor(),
        ContextFrequency("both", (1, 2)),
        ContextFrequency("opp", (1, 2, 3)),
        ContextFrequency("my", (1, 2, 3)),
        ContextVoter(),
        RandomPredictor(random.Random(seed + 1)),
    ]


class DirectStrongest(_Driver):
    """Iocaine-plus: predictor bank → rotated-strategy meta-scorer → leader or random.

    Per turn the meta-scorer must be told the guesses *before* it observes the
    outcome; when the driver catches up on several turns at once it computes the
    guesses of each missed turn first, so bulk and turn-by-turn feeding agree.
    """

    name = "iocaine-plus"

    def _start(self, seed: int) -> None:
        self.predictors = build_predictors(seed)
        size = sum(len(p.names) for p in self.predictors)
        self.meta = MetaScorer(size)
        self._guesses: Guesses | None = None

    def _predict(self) -> Guesses:
        guesses = Guesses.concat([p.predict() for p in self.predictors])
        self.meta.expect(guesses)
        return guesses

    def _observe(self, my_move: int, opp_move: int) -> None:
        if self._guesses is None:
            self._predict()
        self._guesses = None
        self.meta.observe(my_move, opp_move)
        for p in self.predictors:
            p.observe(my_move, opp_move)

    def _decide(self) -> tuple[int, str]:
        self._guesses = self._predict()
        return choose_iocaine(self._guesses, self.meta.snapshot(), self.rng)
