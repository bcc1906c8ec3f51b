"""The RoShamBo knowledge sources: each turns what changed into a snapshot on the board.

Entries (all immutable):

========================  ==================  =========================================
entry                     writer              value
========================  ==================  =========================================
``observation``           the adapter         :class:`protocols.roshambo.RoundView`
``last_turn``             ``history``         ``(my throw, their throw)``, None at first
``context_prediction``    ``contexts``        Granite's :class:`ContextPrediction`
``self_assessment``       ``self-evaluation`` Granite's :class:`SelfAssessment`
``guesses``               ``predictors``      the predictor bank's :class:`Guesses`
``meta``                  ``meta-strategy``   the horizons' standing, :class:`MetaView`
========================  ==================  =========================================

``history`` writes ``last_turn`` every generation (None before the first throw),
so every downstream source runs once per turn and each entry's generation always
matches the observation the arbiter decides on.
"""

from __future__ import annotations

import abc

from runtime import Activation, KnowledgeSource

from ._contexts import ContextCounts
from ._direct import build_predictors
from ._meta import MetaScorer
from ._predictors import Guesses
from ._selfeval import SelfEvaluation


class TurnHistory(KnowledgeSource):
    """The sensor: the last turn's two throws, from the table view."""

    name = "history"
    reads = frozenset({"observation"})
    writes = frozenset({"last_turn"})

    async def activate(self, activation: Activation) -> None:
        view = activation.read("observation")
        last = None
        if view.my_last is not None and view.opponent_last is not None:
            last = (view.my_last, view.opponent_last)
        await activation.write("last_turn", last)


class _TurnModel(KnowledgeSource):
    """A source that feeds each turn to an incremental model and writes its snapshot."""

    reads = frozenset({"last_turn"})
    entry = ""

    @abc.abstractmethod
    def _feed(self, last: tuple[int, int]) -> None:
        """Update the model with one turn's throws (ours, theirs)."""

    @abc.abstractmethod
    def _snapshot(self) -> object:
        """The model's immutable snapshot for the board."""

    async def activate(self, activation: Activation) -> None:
        last = activation.read("last_turn")
        if last is not None:
            self._feed(last)
        await activation.write(self.entry, self._snapshot())


class Contexts(_TurnModel):
    """Granite's context frequency counts, depths 0-3 over both players' histories."""

    name = "contexts"
    writes = frozenset({"context_prediction"})
    entry = "context_prediction"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = ContextCounts()

    def _feed(self, last: tuple[int, int]) -> None:
        self.model.observe(*last)

    def _snapshot(self) -> object:
        return self.model.snapshot()


class SelfEvaluator(_TurnModel):
    """Granite's self-evaluation: losses in the last 20 turns give the noise factor."""

    name = "self-evaluation"
    writes = frozenset({"self_assessment"})
    entry = "self_assessment"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = SelfEvaluation()

    def _feed(self, last: tuple[int, int]) -> None:
        self.model.observe(*last)

    def _snapshot(self) -> object:
        return self.model.snapshot()


class Predictors(_TurnModel):
    """The bank of predictors of the opponent's next throw (history matching,
    frequencies, context frequencies, random), as one source: the meta-strategy
    scores their guesses by position, so they are produced together."""

    name = "predictors"
    writes = frozenset({"guesses"})
    entry = "guesses"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.bank = build_predictors(seed)

    def _feed(self, last: tuple[int, int]) -> None:
        for predictor in self.bank:
            predictor.observe(*last)

    def _snapshot(self) -> object:
        return Guesses.concat([p.predict() for p in self.bank])


class MetaStrategy(KnowledgeSource):
    """Scores every rotated guess under several horizons, and the horizons themselves.

    Activated twice a turn, or once when coalesced: by ``last_turn`` (score the
    guesses that were in force for that throw) and by ``guesses`` (fix the
    nominees for the next one). Order matters and is kept: the outcome is scored
    before the new guesses are registered.
    """

    name = "meta-strategy"
    reads = frozenset({"last_turn", "guesses"})
    writes = frozenset({"meta"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.scorer: MetaScorer | None = None

    async def activate(self, activation: Activation) -> None:
        if "last_turn" in activation.changed and self.scorer is not None:
            last = activation.read("last_turn")
            if last is not None:
                self.scorer.observe(*last)
        if "guesses" in activation.changed:
            guesses: Guesses = activation.read("guesses")
            if self.scorer is None:
                self.scorer = MetaScorer(len(guesses.moves))
            self.scorer.expect(guesses)
            await activation.write("meta", self.scorer.snapshot())
