"""The RoShamBo experts, in the static priority order the agents list them."""

from __future__ import annotations

from runtime import BoardView, Expert, Proposal

from ._granite import choose_granite
from ._iocaine import choose_iocaine
from ._rules import MOVE_NAMES


class Granite(Expert):
    """Granite III's action generator: the context prediction reweighted by the noise."""

    name = "granite"
    reads = frozenset({"context_prediction", "self_assessment"})

    def propose(self, view: BoardView) -> Proposal | None:
        prediction = view.read("context_prediction")
        assessment = view.read("self_assessment")
        if prediction is None or assessment is None:
            return None
        move, rationale = choose_granite(prediction, assessment, self.rng)
        return Proposal(move, rationale)


class Iocaine(Expert):
    """Follow the best-scoring rotated predictor, or go random when being read."""

    name = "iocaine"
    reads = frozenset({"guesses", "meta"})

    def propose(self, view: BoardView) -> Proposal | None:
        guesses = view.read("guesses")
        meta = view.read("meta")
        if guesses is None or meta is None:
            return None
        move, rationale = choose_iocaine(guesses, meta, self.rng)
        return Proposal(move, rationale)


class Uniform(Expert):
    """The last resort: a uniformly random throw, which no opponent can exploit."""

    name = "random"

    def propose(self, view: BoardView) -> Proposal | None:
        move = self.rng.randrange(3)
        return Proposal(move, f"random: nothing better to go on → {MOVE_NAMES[move]}")
