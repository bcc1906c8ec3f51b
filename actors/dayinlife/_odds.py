"""Getting the odds: published, or estimated by Monte Carlo from experience and rehearsal.

The seed names three ways to get the odds — Monte Carlo methods, precomputing,
faking it. When the morning's tariffs carry P, the person simply uses them (the
seed's own simulation). When they do not (``odds="hidden"``), the model
estimates each occupation's P by counting outcomes from two sources:

* experience — every morning says how yesterday's attempt went, so each day
  lived is one real trial of the occupation tried;
* rehearsal — ``trials`` simulated attempts at every occupation each morning in
  the protocol's :class:`~protocols.dayinlife.Rehearsal` (its own dice, no view
  of the live game). Tallies accumulate over the life, so the estimate sharpens
  day by day: the seed's NPC that "runs the simulation many times" knows what
  the future holds; one that runs it once is impulsive.

The estimate is the posterior mean under a uniform prior (Laplace's rule of
succession): (successes + 1) / (trials + 2). It is 0.5 before any trial, never
exactly 0 or 1, and converges to P as trials grow, with a standard error of
about sqrt(P(1−P)/trials). With experience alone (``trials=0``) an untried
occupation stays at 0.5, which makes an optimist of everyone: until enough
failures bring its estimate down, Eddy rates the Lotto at 0.25 × 10,000.
The same prior over-rates long shots while rehearsals are few: (0+1)/(n+2)
puts the Lotto within a factor ten of the Rock Band until n is near 1,800, so
with 50 rehearsals a morning Larry and Carl buy Lotto tickets in their first
weeks (tests/actors/test_dayinlife_montecarlo.py measures how often).
"""

from __future__ import annotations

import random
from typing import NamedTuple

import attrs

from protocols.dayinlife import Morning, Rehearsal

#: The estimate's source, as shown in rationales and logs.
PUBLISHED = "published"
ESTIMATED = "estimated"


class OddsBelief(NamedTuple):
    """What the person believes of one occupation's chance of success.

    A named tuple rather than an attrs class: seven are made every morning, and
    a tuple is the cheapest immutable record Python builds.
    """

    key: str
    probability: float
    #: Real and rehearsed successes and trials behind an estimate (experience only
    #: counts as trials when the odds are published).
    successes: int
    trials: int
    source: str

    def describe(self) -> str:
        """``"P 0.990 published"`` or ``"P 0.987 from 812 trials"``."""
        if self.source == PUBLISHED:
            return f"P {self.probability:.4g} published"
        return f"P {self.probability:.4g} from {self.trials} trials"


@attrs.frozen
class OddsTable:
    """The person's beliefs about every occupation, in the table's order."""

    beliefs: tuple[OddsBelief, ...]
    _by_key: dict[str, OddsBelief] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {b.key: b for b in self.beliefs})

    def __getitem__(self, key: str) -> OddsBelief:
        return self._by_key[key]

    def probability(self, key: str) -> float:
        return self._by_key[key].probability


def laplace(successes: int, trials: int) -> float:
    """The rule of succession: (s + 1) / (n + 2)."""
    return (successes + 1) / (trials + 2)


class OddsModel:
    """Incremental tallies of outcomes per occupation; :meth:`snapshot` gives the beliefs.

    Feed it each morning with :meth:`observe`, in order; it tallies yesterday's
    outcome and, when the odds are hidden, rehearses ``trials`` attempts at every
    occupation with ``rng``.
    """

    def __init__(self, *, trials: int, rng: random.Random,
                 rehearsal: Rehearsal | None = None) -> None:
        if trials < 0:
            raise ValueError(f"invalid number of rehearsal trials {trials!r}: expected >= 0")
        self.trials = trials
        self.rng = rng
        self.rehearsal = rehearsal or Rehearsal()
        #: key -> [successes, trials] from the person's own days.
        self.experience: dict[str, list[int]] = {}
        #: key -> [successes, trials] from rehearsal.
        self.rehearsed: dict[str, list[int]] = {}
        #: key -> (successes, trials), both sources together.
        self._total: dict[str, tuple[int, int]] = {}

    def observe(self, morning: Morning) -> None:
        """Take in one morning: yesterday's outcome, then today's rehearsals if needed."""
        y = morning.yesterday
        if y is not None:
            tally = self.experience.setdefault(y.occupation, [0, 0])
            tally[0] += y.succeeded
            tally[1] += 1
            self._add(y.occupation, int(y.succeeded), 1)
        if self.trials:
            for tariff in morning.tariffs:
                if tariff.probability is None:
                    wins = self.rehearsal.attempts(tariff.key, self.trials, self.rng)
                    tally = self.rehearsed.setdefault(tariff.key, [0, 0])
                    tally[0] += wins
                    tally[1] += self.trials
                    self._add(tariff.key, wins, self.trials)

    def _add(self, key: str, successes: int, trials: int) -> None:
        s, n = self._total.get(key, (0, 0))
        self._total[key] = (s + successes, n + trials)

    def counts(self, key: str) -> tuple[int, int]:
        """(successes, trials) for ``key``, experience and rehearsal together."""
        return self._total.get(key, (0, 0))

    def estimate(self, key: str) -> float:
        """The estimated P of ``key`` from every trial so far."""
        return laplace(*self.counts(key))

    def snapshot(self, morning: Morning) -> OddsTable:
        """Beliefs for every occupation on ``morning``: P where posted, else the estimate."""
        beliefs = []
        total = self._total
        for tariff in morning.tariffs:
            successes, trials = total.get(tariff.key, (0, 0))
            if tariff.probability is not None:
                beliefs.append(OddsBelief(tariff.key, tariff.probability, successes, trials,
                                          PUBLISHED))
            else:
                beliefs.append(OddsBelief(tariff.key, laplace(successes, trials), successes,
                                          trials, ESTIMATED))
        return OddsTable(tuple(beliefs))
