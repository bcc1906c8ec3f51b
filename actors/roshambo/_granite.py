"""Granite III's action generator (seed section II, part 3): a pure decision function.

The prediction triple from :mod:`._contexts` and the noise factor from
:mod:`._selfeval` are combined: "the lesser probabilities are multiplied by the
noise factor, and the highest probability action is assigned 1 - the new lesser
probabilities. A move is then selected from this reweighted triple with the help
of a random spinner." The spinner samples a *predicted opponent throw* from the
reweighted triple, and Granite throws what beats it. (The seed's example says
Granite "would then choose good ol' rock 89% of the time" for the triple
(0.89, 0.06, 0.05); that is the prediction it acts on — it throws paper against
that rock, as Granite I "would then counter that predicted action".)

Where the seed is silent we chose: when several throws tie for the highest
probability, all of them count as "highest": only the strictly lesser ones are
scaled by the noise, and the tied ones share what is left equally. That keeps the
function pure (no hidden tie-break draw) and unbiased — in particular a uniform
triple (the first turn) stays uniform, so Granite's first throw is random.
"""

from __future__ import annotations

import random

from ._contexts import ContextPrediction, Triple
from ._rules import MOVE_NAMES, beater
from ._selfeval import SelfAssessment


def reweight(triple: Triple, noise: float) -> Triple:
    """Scale the lesser probabilities by ``noise``; the highest gets 1 minus their sum.

    >>> tuple(round(x, 2) for x in reweight((0.45, 0.30, 0.25), 0.2))
    (0.89, 0.06, 0.05)
    """
    top = max(triple)
    tied = [i for i in range(3) if triple[i] == top]
    out = [0.0, 0.0, 0.0]
    lesser = 0.0
    for i in range(3):
        if triple[i] != top:
            out[i] = triple[i] * noise
            lesser += out[i]
    share = (1.0 - lesser) / len(tied)
    for i in tied:
        out[i] = share
    return (out[0], out[1], out[2])


def spin(weights: Triple, rng: random.Random) -> int:
    """Pick an index with the given probabilities using one draw of ``rng``."""
    x = rng.random()
    if x < weights[0]:
        return 0
    if x < weights[0] + weights[1]:
        return 1
    return 2


def choose_granite(
    prediction: ContextPrediction, assessment: SelfAssessment, rng: random.Random
) -> tuple[int, str]:
    """Granite III's throw and a one-line rationale, from the two snapshots and a seeded rng."""
    weights = reweight(prediction.triple, assessment.noise)
    predicted = spin(weights, rng)
    move = beater(predicted)
    likeliest = prediction.likeliest
    head = (
        f"granite: predicts {MOVE_NAMES[likeliest]} {prediction.triple[likeliest]:.0%}"
        f" (noise {assessment.noise:.2f})"
    )
    if predicted != likeliest:
        head += f", spinner took {MOVE_NAMES[predicted]} ({weights[predicted]:.0%})"
    return move, f"{head} → {MOVE_NAMES[move]}"
