"""The six simulated people and their evaluation functions, as the seed defines them.

They differ in one thing only: the equation F(P, C, G, L) with which each scores
an occupation from its chance of success P, cost C, gain G and loss L (money in
days' wages). Each morning a person takes up the affordable occupation that
scores highest.

=======  ==========================  ==============================================
person   F(P, C, G, L)               what the seed expects of them
=======  ==========================  ==============================================
eddy     P·P·G − (1−P)·L             "Steady Eddy": prizes sure gains (the P·P
                                     term), ignores costs; settles on the Day Job
gary     G                           the gambler: only the payoff counts; the Lotto
mike     −C                          the miser: only costs count; lives on the Street
carl     P·G                         wants the easy big score, ignores losses and
                                     costs; a life of Crime
larry    P·G − (1−P)·L               the long shot, with standards; spends as much
                                     time as he can in the Rock Band
barry    P·P·G − (1−P)·(1−P)·L       bolder than Eddy: thinks losses happen to
                                     others (the (1−P)² term); the Stunt Show
=======  ==========================  ==============================================
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

#: F(P, C, G, L) -> score; higher is preferred.
Evaluation = Callable[[float, float, float, float], float]


@attrs.frozen
class Personality:
    """A simulated person: a name, an evaluation function, and the words for both."""

    name: str
    title: str
    #: The evaluation function as written for people ("P·P·G − (1−P)·L").
    equation: str
    evaluate: Evaluation = attrs.field(eq=False, repr=False)
    #: One line on the character, in our words.
    trait: str = ""

    def score(self, p: float, c: float, g: float, loss: float) -> float:
        return self.evaluate(p, c, g, loss)


def _eddy(p: float, c: float, g: float, loss: float) -> float:
    return p * p * g - (1 - p) * loss


def _gary(p: float, c: float, g: float, loss: float) -> float:
    return g


def _mike(p: float, c: float, g: float, loss: float) -> float:
    return -c


def _carl(p: float, c: float, g: float, loss: float) -> float:
    return p * g


def _larry(p: float, c: float, g: float, loss: float) -> float:
    return p * g - (1 - p) * loss


def _barry(p: float, c: float, g: float, loss: float) -> float:
    return p * p * g - (1 - p) * (1 - p) * loss


#: The six, by name, in the seed's order.
PERSONALITIES: dict[str, Personality] = {
    p.name: p
    for p in (
        Personality("eddy", "Steady Eddy", "P·P·G − (1−P)·L", _eddy,
                    "prefers a sure thing and weighs losses; ignores costs"),
        Personality("gary", "Gary the gambler", "G", _gary,
                    "only the payoff matters, however remote"),
        Personality("mike", "Mike the miser", "−C", _mike,
                    "only costs matter; spend nothing"),
        Personality("carl", "Carl the criminal", "P·G", _carl,
                    "the easy big score; losses and costs don't register"),
        Personality("larry", "Larry the long shot", "P·G − (1−P)·L", _larry,
                    "aims for the big time, accepts hardship, has standards"),
        Personality("barry", "Bold Barry", "P·P·G − (1−P)·(1−P)·L", _barry,
                    "likes sure gains but thinks losses happen to other people"),
    )
}


def personality(name: str) -> Personality:
    """The personality called ``name`` (any case); LookupError naming the six otherwise."""
    found = PERSONALITIES.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise LookupError(f"unknown person {name!r}; choose from {', '.join(PERSONALITIES)}")
    return found
