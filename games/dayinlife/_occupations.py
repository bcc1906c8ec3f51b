"""The seven occupations and their four numbers, as the seed gives them.

Each occupation carries a probability of success P (stored as a decimal, as
the seed says: 99 percent is 0.99), a cost C paid on every attempt whether it
succeeds or not, a gain G paid on success and a loss L taken on failure. Money
is in cents of a day's wages (:mod:`._money`).

The expected net of one day's attempt is ``P*G - (1-P)*L - C``. Two of the seed's
glosses do not follow from its numbers, and the numbers win:

* the Financier is said to average "70 days' wages, net, per day"; with P=0.66,
  C=100, G=220 and L=100 it averages 0.66*220 - 0.34*100 - 100 = +11.2;
* nothing else is contradicted: the Day Job nets +0.98, the Lotto +0.99 (its
  10,000 payout at one chance in 10,000 is worth exactly the ticket's day's
  wage), the Rock Band +4.95, and Crime -110.02.
"""

from __future__ import annotations

import attrs

from ._money import CENTS_PER_WAGE, cents


class InvalidOccupationError(ValueError):
    """A name that is not one of the seven occupations."""


@attrs.frozen
class Occupation:
    """One occupation: a name and the seed's four numbers (money in cents)."""

    #: The stable identifier used in actions and records ("day-job").
    key: str
    #: As the seed writes it ("Day Job").
    name: str
    #: P, the chance of success on any one day, as a decimal in [0, 1].
    probability: float
    #: C, paid on every attempt.
    cost: int
    #: G, paid on success.
    gain: int
    #: L, taken on failure, on top of the cost.
    loss: int

    def __attrs_post_init__(self) -> None:
        if not 0.0 <= self.probability <= 1.0:
            raise ValueError(
                f"occupation {self.key!r}: probability must be in [0, 1], got {self.probability}"
            )
        for field in ("cost", "gain", "loss"):
            if getattr(self, field) < 0:
                raise ValueError(
                    f"occupation {self.key!r}: {field} must be >= 0 cents, "
                    f"got {getattr(self, field)}"
                )

    @property
    def expected_net(self) -> float:
        """The mean change in cash from one attempt, in days' wages (before living expenses)."""
        p = self.probability
        return (p * self.gain - (1 - p) * self.loss - self.cost) / CENTS_PER_WAGE

    def affordable(self, cash: int) -> bool:
        """Whether a person with ``cash`` cents may take this up: at least twice the cost.

        The seed's reason for twice rather than once: people who tried the
        Financier with just its cost in hand were wiped out by one bad day.
        """
        return cash >= 2 * self.cost


def _occ(key: str, name: str, percent: float, cost: float, gain: float, loss: float) -> Occupation:
    """An occupation from the seed's figures: P in percent, money in days' wages."""
    return Occupation(key, name, percent / 100, cents(cost), cents(gain), cents(loss))


#: The seven occupations, in the seed's order.
OCCUPATIONS: tuple[Occupation, ...] = (
    _occ("day-job", "Day Job", 99.0, 0.01, 1.0, 0.0),
    _occ("street", "Street", 75.0, 0.0, 0.2, 0.0),
    _occ("stunt-show", "Stunt Show", 70.0, 0.1, 2.5, 1.0),
    _occ("lotto", "Lotto", 0.01, 0.01, 10_000.0, 0.0),
    _occ("crime", "Crime", 30.0, 0.02, 100.0, 200.0),
    _occ("rock-band", "Rock Band", 0.5, 0.05, 1_000.0, 0.0),
    _occ("financier", "Financier", 66.0, 100.0, 220.0, 100.0),
)
_BY_KEY = {o.key: o for o in OCCUPATIONS}


def occupation_keys() -> tuple[str, ...]:
    """The seven keys, in the seed's order."""
    return tuple(_BY_KEY)


def occupation(name: str) -> Occupation:
    """The occupation called ``name``: its key (``"day-job"``) or the seed's name, any case.

    Raises :class:`InvalidOccupationError` quoting the name and the choices.
    """
    if isinstance(name, str):
        key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
        found = _BY_KEY.get(key)
        if found is not None:
            return found
    raise InvalidOccupationError(
        f"unknown occupation {name!r}; choose from {', '.join(_BY_KEY)}"
    )
