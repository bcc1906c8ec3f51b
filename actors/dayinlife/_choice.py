"""One morning's decision: score every occupation with the person's equation, take the best
affordable one, and say why.

Pure: the same morning, beliefs and random state give the same choice, so the
runtime expert and the batch driver decide identically. Equal best scores are
broken at random (the seed: random selection is a good way to choose among
equally good options); scores within a relative 1e-9 of each other count as
equal, so float rounding cannot decide a tie.
"""

from __future__ import annotations

import math
import random

import attrs

from protocols.dayinlife import Morning

from ._odds import OddsTable
from ._personalities import Personality


@attrs.frozen
class Choice:
    """The occupation chosen, its score, and the reasoning in words."""

    occupation: str
    score: float
    rationale: str
    #: ``(key, score)`` for every affordable occupation, best first (ties in table order).
    scores: tuple[tuple[str, float], ...]


def _num(x: float) -> str:
    if abs(x) >= 100:
        return f"{x:+,.0f}"
    if abs(x) >= 10:
        return f"{x:+.1f}"
    return f"{x:+.3f}"


def _tied(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def scores(person: Personality, morning: Morning, odds: OddsTable) -> dict[str, float]:
    """F(P, C, G, L) for every occupation on the morning's tariffs, affordable or not."""
    evaluate, p = person.evaluate, odds.probability
    return {t.key: evaluate(p(t.key), t.cost, t.gain, t.loss) for t in morning.tariffs}


def choose(person: Personality, morning: Morning, odds: OddsTable,
           rng: random.Random, *, explain: bool = True) -> Choice:
    """The affordable occupation ``person`` scores highest, with the reason.

    ``explain=False`` leaves the rationale empty (batch runs: the words cost more
    than the decision); the choice and the random state are the same either way.
    Raises ValueError if nothing is affordable (it cannot happen in the seed's
    game: the Street costs nothing).
    """
    if not morning.affordable:
        raise ValueError(f"nothing is affordable on day {morning.day} with {morning.cash:.2f}")
    score = scores(person, morning, odds)
    ranked = sorted(morning.affordable, key=lambda k: -score[k])
    best = score[ranked[0]]
    tied = [k for k in ranked if _tied(score[k], best)]
    pick = tied[0] if len(tied) == 1 else rng.choice(tied)
    ranking = tuple((k, score[k]) for k in ranked)
    if not explain:
        return Choice(pick, score[pick], "", ranking)
    rest = [k for k in ranked if k != pick]
    names = {t.key: t.name.lower() for t in morning.tariffs}
    costs = {t.key: t.cost for t in morning.tariffs}

    why = f"{person.name}: {names[pick]} {_num(score[pick])}"
    if len(tied) > 1:
        others = ", ".join(names[k] for k in tied if k != pick)
        why += f" ties with {others} (drawn at random)"
    elif rest:
        why += f" beats {names[rest[0]]} {_num(score[rest[0]])}"
    else:
        why += f" is all that {morning.cash:.2f} affords"
    why += f" [F = {person.equation}; {odds[pick].describe()}]"
    out_of_reach = [
        k for k in score
        if k not in morning.affordable and score[k] > score[pick] and not _tied(score[k], best)
    ]
    if out_of_reach:
        top = max(out_of_reach, key=lambda k: score[k])
        why += (f"; {names[top]} {_num(score[top])} is out of reach "
                f"(needs {2 * costs[top]:.2f}, has {morning.cash:.2f})")
    return Choice(pick, score[pick], why, ranking)
