"""Money in the Day in the Life: whole hundredths of one day's wages.

The seed measures everything in days' wages ("$1 means one day's wages") and
quotes prices to the hundredth (a day job costs 0.01). Cash is kept as an int
count of those hundredths ("cents") so that the affordability rule — at least
twice the cost in cash — is decided exactly: with floats, ten street earnings of
0.2 less ten expenses of 0.05 need not equal 1.5, and a person could be refused
an occupation by a rounding error.
"""

from __future__ import annotations

#: Hundredths in one day's wages.
CENTS_PER_WAGE = 100


def cents(wages: float) -> int:
    """``wages`` (days' wages, as the seed writes them) as whole cents, rounded."""
    return round(wages * CENTS_PER_WAGE)


def wages(amount: int) -> float:
    """``amount`` cents as days' wages (a float, exact to the hundredth when printed)."""
    return amount / CENTS_PER_WAGE


def format_cash(amount: int, *, sign: bool = False) -> str:
    """``amount`` cents as days' wages with two decimals: ``1234`` -> ``"12.34"``."""
    return f"{wages(amount):{'+' if sign else ''}.2f}"
