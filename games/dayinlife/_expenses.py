"""Living expenses by wealth bracket.

The seed brackets people as rich, doing okay, poor and almost broke "with
commensurate expense levels" and gives no figures; these are ours, chosen so
that each personality shows the behaviour the seed describes, and kept in one
table so they can be tuned (the seed: tables of numbers are easier to tune than
files of code).

=============  ===================  =========  ==========================================
bracket        cash at end of day   per day    why this level
=============  ===================  =========  ==========================================
rich           1,000 and more       10.00      big spenders: a rich Financier nets only
                                               about +1.2 a day, so fortunes swing
doing okay     50 to 1,000          0.90       a steady Day Job (+0.98) still saves, but
                                               too slowly ever to reach the Financier's
                                               200 in a working life
poor           1 to 50              0.50       the starting ten days' wages last about
                                               twenty days without income
almost broke   under 1              0.02       one good Street day (0.2) keeps a person
                                               afloat for a while: a few Lotto tickets,
                                               or two days of Rock Band
=============  ===================  =========  ==========================================

These levels were tuned, as the seed says such numbers must be, until each
personality's described behaviour showed: at 0.05 for the almost broke, Larry
spends more of his broke days on the Street than in the Rock Band, and Gary
buys fewer Lotto tickets.

The bracket is decided on the cash held at the end of the day, after the day's
occupation has paid or cost (the seed: "at the end of the day, the simulation
deducts living expenses based on the person's cash"). Expenses are a fixed level
per bracket, not a share of the cash, which is the plain reading of "expense
levels". A person whose cash goes below zero, by a loss or by the expenses, is
bankrupt; that is the engine's business (:mod:`._life`), not this table's.
"""

from __future__ import annotations

import enum

import attrs

from ._money import cents, format_cash


class Bracket(enum.Enum):
    """The seed's four wealth brackets, richest first."""

    RICH = "rich"
    DOING_OKAY = "doing okay"
    POOR = "poor"
    ALMOST_BROKE = "almost broke"


@attrs.frozen
class ExpenseSchedule:
    """Where each bracket starts and what it costs a day, in cents.

    A person is in the richest bracket whose lower bound their cash reaches;
    anyone under ``poor_from`` (including anyone in debt) is almost broke.
    """

    poor_from: int = cents(1.0)
    okay_from: int = cents(50.0)
    rich_from: int = cents(1_000.0)
    broke_expense: int = cents(0.02)
    poor_expense: int = cents(0.50)
    okay_expense: int = cents(0.90)
    rich_expense: int = cents(10.0)

    def __attrs_post_init__(self) -> None:
        if not 0 < self.poor_from < self.okay_from < self.rich_from:
            raise ValueError(
                "expense brackets must rise: 0 < poor_from < okay_from < rich_from, got "
                f"{format_cash(self.poor_from)}, {format_cash(self.okay_from)}, "
                f"{format_cash(self.rich_from)}"
            )
        levels = (self.broke_expense, self.poor_expense, self.okay_expense, self.rich_expense)
        if any(level < 0 for level in levels):
            raise ValueError(f"expenses must be >= 0 cents a day, got {levels}")

    def bracket(self, cash: int) -> Bracket:
        """The bracket of a person holding ``cash`` cents."""
        if cash >= self.rich_from:
            return Bracket.RICH
        if cash >= self.okay_from:
            return Bracket.DOING_OKAY
        if cash >= self.poor_from:
            return Bracket.POOR
        return Bracket.ALMOST_BROKE

    def expense(self, cash: int) -> int:
        """One day's living expenses, in cents, for a person holding ``cash`` cents."""
        if cash >= self.rich_from:
            return self.rich_expense
        if cash >= self.okay_from:
            return self.okay_expense
        if cash >= self.poor_from:
            return self.poor_expense
        return self.broke_expense


#: The schedule the project plays by (see the table above).
DEFAULT_SCHEDULE = ExpenseSchedule()
