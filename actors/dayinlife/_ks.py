"""The Day in the Life knowledge source: the odds, published or estimated by Monte Carlo.

Entries (all immutable):

===============  ================  ==============================================
entry            writer            value
===============  ================  ==============================================
``observation``  the adapter       :class:`protocols.dayinlife.Morning`
``odds``         ``monte-carlo``   :class:`OddsTable`, a belief per occupation
===============  ================  ==============================================

``monte-carlo`` writes ``odds`` every morning, so its generation always matches
the morning the experts decide on.
"""

from __future__ import annotations

from typing import ClassVar

from runtime import Activation, KnowledgeSource

from ._odds import OddsModel

#: Rehearsed attempts at each occupation per morning when the odds are hidden.
DEFAULT_TRIALS = 50


class MonteCarloOdds(KnowledgeSource):
    """Each morning: tally yesterday's outcome, rehearse when P is hidden, write the beliefs.

    Private memory: the tallies of the whole life so far (a restart forgets them
    and starts counting again). Costs ``7 × trials`` random draws a morning.
    """

    name = "monte-carlo"
    reads = frozenset({"observation"})
    writes = frozenset({"odds"})
    #: Rehearsed attempts per occupation per morning (0: learn from experience only).
    trials: ClassVar[int] = DEFAULT_TRIALS

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = OddsModel(trials=self.trials, rng=self.rng)

    async def activate(self, activation: Activation) -> None:
        morning = activation.read("observation")
        self.model.observe(morning)
        await activation.write("odds", self.model.snapshot(morning))


def with_trials(trials: int) -> type[MonteCarloOdds]:
    """The Monte Carlo source rehearsing ``trials`` attempts per occupation each morning."""
    if trials == MonteCarloOdds.trials:
        return MonteCarloOdds
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 0:
        raise ValueError(f"invalid number of rehearsal trials {trials!r}: expected >= 0")
    return type("MonteCarloOdds", (MonteCarloOdds,), {"trials": trials,
                                                       "__module__": __name__})
