"""The Day in the Life engine: the seed's occupations, affordability, expenses, bankruptcy."""

import math

import pytest

from games.dayinlife import (
    DAYS,
    DEFAULT_SCHEDULE,
    OCCUPATIONS,
    STARTING_CASH,
    Bracket,
    ExpenseSchedule,
    IllegalOccupationError,
    InvalidOccupationError,
    Life,
    LifeOverError,
    Occupation,
    cents,
    occupation,
    occupation_keys,
)

# (key, P, C, G, L) in days' wages, as the seed gives them.
SEED_TABLE = [
    ("day-job", 0.99, 0.01, 1.0, 0.0),
    ("street", 0.75, 0.0, 0.2, 0.0),
    ("stunt-show", 0.70, 0.1, 2.5, 1.0),
    ("lotto", 0.0001, 0.01, 10_000.0, 0.0),
    ("crime", 0.30, 0.02, 100.0, 200.0),
    ("rock-band", 0.005, 0.05, 1_000.0, 0.0),
    ("financier", 0.66, 100.0, 220.0, 100.0),
]


def test_the_seven_occupations_carry_the_seeds_numbers():
    """Each occupation has the seed's P (as a decimal), C, G and L, in the seed's order."""
    assert [o.key for o in OCCUPATIONS] == [row[0] for row in SEED_TABLE]
    for o, (key, p, c, g, loss) in zip(OCCUPATIONS, SEED_TABLE, strict=True):
        assert (o.probability, o.cost, o.gain, o.loss) == (p, cents(c), cents(g), cents(loss)), key


@pytest.mark.parametrize("key, net", [
    ("day-job", 0.98), ("street", 0.15), ("stunt-show", 1.35), ("lotto", 0.99),
    ("crime", -110.02), ("rock-band", 4.95), ("financier", 11.2),
])
def test_expected_net_follows_from_the_four_numbers(key, net):
    """P*G - (1-P)*L - C per day; the Financier nets +11.2, not the seed's prose figure of 70."""
    assert occupation(key).expected_net == pytest.approx(net)


@pytest.mark.parametrize("text", ["Day Job", "day job", "DAY-JOB", "day_job", " day-job "])
def test_occupations_are_found_by_key_or_seed_name(text):
    """The seed's name in any case, or the key, names the occupation."""
    assert occupation(text).key == "day-job"


def test_unknown_occupation_is_refused_with_the_choices():
    """A name that is no occupation raises, quoting it and listing the seven."""
    with pytest.raises(InvalidOccupationError,
                       match=r"^unknown occupation 'banker'; choose from day-job, street, "
                             r"stunt-show, lotto, crime, rock-band, financier$"):
        occupation("banker")


def test_a_life_starts_with_ten_days_wages_and_lasts_1000_days():
    """The seed's simulation: 10 days' wages in cash, 1,000 work days."""
    life = Life(1)
    assert (life.cash, life.days, life.day) == (cents(10.0), 1000, 1)
    assert (STARTING_CASH, DAYS) == (1000, 1000)
    while not life.finished:
        life.live("street")
    assert 1000 == len(life.records) == life.summary().days_lived
    with pytest.raises(LifeOverError, match="^the life is over: all 1000 days have been lived$"):
        life.live("street")


@pytest.mark.parametrize("key, needed", [
    ("financier", 200.0), ("rock-band", 0.10), ("stunt-show", 0.20), ("crime", 0.04),
    ("day-job", 0.02), ("lotto", 0.02), ("street", 0.0),
])
def test_an_occupation_needs_twice_its_cost_in_cash(key, needed):
    """Affordable at exactly twice the cost; one cent less is refused."""
    job = occupation(key)
    assert job.affordable(cents(needed))
    if needed:
        assert not job.affordable(cents(needed) - 1)


def test_the_street_is_affordable_with_nothing():
    """At zero cash the Street, which costs nothing, is the only choice."""
    life = Life(0, starting_cash=0)
    assert [o.key for o in life.affordable()] == ["street"]


def test_an_unaffordable_occupation_is_refused_and_changes_nothing():
    """Taking up the Financier with 199.99 raises, quoting cost, need and cash; no day passes."""
    life = Life(0, starting_cash=cents(199.99))
    with pytest.raises(IllegalOccupationError, match=(
        r"^cannot take up 'financier' on day 1: it costs 100.00 a day and needs 200.00 in "
        r"cash \(twice the cost\); the person has 199.99$"
    )):
        life.live("financier")
    assert (life.day, life.cash, life.records) == (1, cents(199.99), [])


def test_an_unknown_occupation_is_refused_by_the_life():
    """The life names its own table's occupations in the error."""
    with pytest.raises(InvalidOccupationError, match="^unknown occupation 'nap'; choose from"):
        Life(0).live("nap")


def _first_draw_at_least(p):
    """A seed whose first day's draw fails an occupation of probability ``p``."""
    return next(s for s in range(100) if Life(s).live("street").draw >= p)


def _live_until(life, key, *, succeeded):
    """Live ``key`` until a day with the wanted outcome; return that day's record."""
    while True:
        record = life.live(key)
        if record.succeeded == succeeded:
            return record


def test_a_financier_failure_from_twice_the_cost_ends_at_zero_not_in_debt():
    """Cost 100 and loss 100 from exactly 200: nothing left, and bankrupt after expenses."""
    life = Life(_first_draw_at_least(0.66), starting_cash=cents(200.0))
    record = life.live("financier")
    assert not record.succeeded
    assert (record.takings, record.bracket, record.expense) == (-cents(100.0),
                                                                Bracket.ALMOST_BROKE, 2)
    assert record.bankrupt and record.cash_after == 0 == life.cash
    assert life.bankruptcies == 1


def test_bankruptcy_resets_negative_cash_to_zero():
    """A failed Crime from 10.00 (cost 0.02, loss 200) leaves debt, which is reset to zero."""
    life = Life(_first_draw_at_least(0.30))
    record = life.live("crime")
    assert not record.succeeded and record.cash_before == cents(10.0)
    assert record.cash_before - record.cost + record.takings - record.expense < 0
    assert record.bankrupt and record.cash_after == 0 == life.cash


def test_exactly_zero_cash_is_not_bankruptcy():
    """The seed declares bankrupt those with negative cash; ending on 0.00 is not."""
    life = Life(0, starting_cash=2)  # 0.02: a failed Street day, less 0.02 of expenses, is 0
    record = _live_until(life, "street", succeeded=False)
    assert (record.cash_after, record.bankrupt, life.bankruptcies) == (0, False, 0)


@pytest.mark.parametrize("cash, bracket, expense", [
    (0.99, Bracket.ALMOST_BROKE, 0.02),
    (1.00, Bracket.POOR, 0.50),
    (49.99, Bracket.POOR, 0.50),
    (50.00, Bracket.DOING_OKAY, 0.90),
    (999.99, Bracket.DOING_OKAY, 0.90),
    (1000.00, Bracket.RICH, 10.00),
    (-5.00, Bracket.ALMOST_BROKE, 0.02),
])
def test_living_expenses_follow_the_wealth_bracket(cash, bracket, expense):
    """Each bracket starts at its threshold and charges its own daily level."""
    assert DEFAULT_SCHEDULE.bracket(cents(cash)) is bracket
    assert DEFAULT_SCHEDULE.expense(cents(cash)) == cents(expense)


def test_the_bracket_is_decided_on_the_cash_at_the_end_of_the_day():
    """A paid Day Job that lifts 49.50 past 50 is charged as doing okay (0.90), not poor."""
    life = Life(0, starting_cash=cents(49.50))
    record = _live_until(life, "day-job", succeeded=True)
    assert record.cash_before == cents(49.50)
    assert (record.bracket, record.expense) == (Bracket.DOING_OKAY, 90)
    assert record.cash_after == cents(49.50) - 1 + 100 - 90


def test_a_day_is_cost_then_takings_then_expenses():
    """Cash after = before - C + (G on success or -L on failure) - expenses."""
    life = Life(7, starting_cash=cents(500.0))
    for key in ["stunt-show", "crime", "financier", "day-job", "rock-band", "lotto"]:
        r = life.live(key)
        job = occupation(key)
        assert r.takings == (job.gain if r.succeeded else -job.loss)
        assert r.cash_after == max(0, r.cash_before - job.cost + r.takings - r.expense)


def test_success_is_drawn_with_the_occupations_odds():
    """Over 20,000 Street days the success rate is within four standard errors of 0.75."""
    life = Life(11, days=20_000)
    wins = sum(life.live("street").succeeded for _ in range(20_000))
    assert abs(wins / 20_000 - 0.75) < 4 * math.sqrt(0.75 * 0.25 / 20_000)


def test_a_life_is_deterministic_from_its_seed():
    """The same seed and choices give the same days; another seed gives other days."""
    def lived(seed):
        life = Life(seed)
        return [life.live("stunt-show") for _ in range(200)]

    assert lived(5) == lived(5)
    assert lived(5) != lived(6)


def test_every_day_draws_once_whatever_the_occupation():
    """Two people on the same seed face the same dice, day by day (common random numbers)."""
    a, b = Life(9), Life(9)
    draws_a = [a.live("day-job").draw for _ in range(100)]
    draws_b = [b.live("street").draw for _ in range(100)]
    assert draws_a == draws_b


def test_changing_occupation_closes_the_previous_stint():
    """The seed's simulation reports an occupation's results when the person changes job."""
    life = Life(3, days=6)
    for key in ["street", "street", "day-job", "day-job", "day-job"]:
        life.live(key)
    assert [(s.occupation, s.first_day, s.last_day) for s in life.stints] == [("street", 1, 2)]
    assert life.current_stint.occupation == "day-job" and life.current_stint.days == 3
    street = life.stints[0]
    assert street.successes + street.failures == 2
    assert street.cash_after == life.records[1].cash_after
    life.live("day-job")  # the last day closes the final stint
    assert [(s.occupation, s.days) for s in life.stints] == [("street", 2), ("day-job", 4)]
    assert life.current_stint is None


def test_summary_counts_days_and_successes_per_occupation():
    """The summary lists all seven occupations with days and successful days."""
    life = Life(2, days=30)
    for day in range(30):
        life.live("street" if day % 3 else "day-job")
    s = life.summary()
    assert tuple(k for k, _ in s.days_by_occupation) == occupation_keys()
    assert dict(s.days_by_occupation) == {**dict.fromkeys(occupation_keys(), 0),
                                          "street": 20, "day-job": 10}
    assert sum(n for _, n in s.successes_by_occupation) == sum(r.succeeded for r in life.records)
    assert s.stints == 20  # every day-job day is its own stint, and so is each street pair


def test_days_must_be_a_positive_whole_number():
    """A life of zero days is refused, saying what is expected."""
    with pytest.raises(ValueError,
                       match=r"^invalid number of days 0: expected a whole number >= 1$"):
        Life(0, days=0)


def test_expense_brackets_must_rise():
    """A schedule whose brackets do not rise is refused at construction."""
    with pytest.raises(ValueError, match=r"^expense brackets must rise: 0 < poor_from < "
                                         r"okay_from < rich_from, got 1.00, 50.00, 20.00$"):
        ExpenseSchedule(rich_from=cents(20.0))


def test_an_occupation_cannot_have_odds_outside_zero_to_one():
    """An added occupation is checked: P must be a decimal in [0, 1]."""
    with pytest.raises(ValueError,
                       match=r"^occupation 'x': probability must be in \[0, 1\], got 99$"):
        Occupation("x", "X", 99, 1, 1, 0)


def test_an_added_occupation_takes_one_line():
    """The seed: adding an occupation is one short line; a life plays any table."""
    table = (*OCCUPATIONS, Occupation("busker", "Busker", 0.5, 0, 60, 0))
    life = Life(0, occupations=table)
    assert "busker" in [o.key for o in life.affordable()]
    assert life.live("busker").occupation == "busker"
