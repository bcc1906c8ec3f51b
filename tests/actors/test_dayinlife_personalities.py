"""The six personalities: each behaves as the seed describes, over many lives with fixed seeds."""

import functools
import random
import statistics
from collections import Counter

import pytest
from structlog.testing import capture_logs

from actors.dayinlife._agents import AGENTS, person_agent
from actors.dayinlife._choice import choose
from actors.dayinlife._direct import live
from actors.dayinlife._odds import OddsBelief, OddsTable
from actors.dayinlife._personalities import PERSONALITIES, personality
from protocols.dayinlife import HIDDEN, LifeAdapter, Morning, Tariff
from runtime import Session

#: Twenty lives per person, the same seeds for all (common random numbers).
SEEDS = range(20)
PERSONS = tuple(PERSONALITIES)


@functools.cache
def lives(person):
    return tuple(live(person, s) for s in SEEDS)


def days(report):
    return dict(report.days_by_occupation)


def share(report, key):
    return days(report)[key] / report.days_lived


def commonest_below_financier(report):
    d = days(report)
    return max((k for k in d if k != "financier"), key=d.get)


@functools.cache
def everyone_days():
    """Total days in each occupation, per person, over all their lives."""
    return {p: sum((Counter(days(r)) for r in lives(p)), Counter()) for p in PERSONS}


# The seed's descriptions, one test per person.

def test_eddy_settles_on_the_day_job():
    """Steady Eddy works the Day Job on every day of every life, never goes bankrupt, and ends
    doing okay: ignoring costs is no defect, since the job never saves the Financier's 200."""
    for report in lives("eddy"):
        assert share(report, "day-job") == 1.0
        assert report.bankruptcies == 0
        assert report.bracket == "doing okay" and 100 < report.final_cash < 150


def test_gary_is_a_lotto_addict():
    """Gary buys a Lotto ticket on most days of every life (the Street only when he can't),
    and plays more Lotto than everyone else together."""
    for report in lives("gary"):
        assert share(report, "lotto") > 0.7
        assert set(k for k, n in days(report).items() if n) <= {"lotto", "street"}
    totals = everyone_days()
    assert totals["gary"]["lotto"] > sum(totals[p]["lotto"] for p in PERSONS if p != "gary")


def test_gary_sometimes_hits_the_jackpot():
    """One chance in 10,000 over some 800 tickets: a few Garys in twenty end rich, most broke."""
    brackets = Counter(r.bracket for r in lives("gary"))
    assert 1 <= brackets["rich"] <= 4 and brackets["almost broke"] >= 15


def test_mike_lives_on_the_street_and_hoards_nothing():
    """Mike the miser spends every day of every life on the Street; he never goes bankrupt,
    and he never has a day's wages to his name at the end."""
    for report in lives("mike"):
        assert share(report, "street") == 1.0
        assert report.bankruptcies == 0
        assert report.final_cash < 1.0


def test_carl_leads_a_life_of_crime():
    """Only Carl commits crime; below the Financier's threshold it is what he does most in
    nearly every life, and he goes bankrupt more often than anyone."""
    totals = everyone_days()
    assert all(totals[p]["crime"] == 0 for p in PERSONS if p != "carl")
    modes = Counter(commonest_below_financier(r) for r in lives("carl"))
    assert modes["crime"] >= 16
    median_bankruptcies = {p: statistics.median(r.bankruptcies for r in lives(p)) for p in PERSONS}
    assert max(median_bankruptcies, key=median_bankruptcies.get) == "carl"


def test_larry_spends_as_much_time_as_he_can_in_the_rock_band():
    """Only Larry plays in the Rock Band; below the Financier's threshold it is his commonest
    occupation in every life."""
    totals = everyone_days()
    assert all(totals[p]["rock-band"] == 0 for p in PERSONS if p != "larry")
    assert all(commonest_below_financier(r) == "rock-band" for r in lives("larry"))


def test_larry_is_in_the_band_every_morning_he_can_afford_it():
    """Whenever the band is affordable and the Financier is not, Larry chooses the band."""
    seen = []
    for seed in range(3):
        live("larry", seed, on_choice=lambda m, c: seen.append((m.affordable, c.occupation)))
    band_days = [c for a, c in seen if "rock-band" in a and "financier" not in a]
    assert len(band_days) > 300 and set(band_days) == {"rock-band"}


def test_barry_is_not_deterred_by_the_stunt_show():
    """Only Barry does the Stunt Show, his commonest occupation in nearly every life; bolder
    than Eddy, he ends richer on the median."""
    totals = everyone_days()
    assert all(totals[p]["stunt-show"] == 0 for p in PERSONS if p != "barry")
    assert sum(commonest_below_financier(r) == "stunt-show" for r in lives("barry")) == 20
    assert sum(max(days(r), key=days(r).get) == "stunt-show" for r in lives("barry")) >= 18
    median = {p: statistics.median(r.final_cash for r in lives(p)) for p in ("eddy", "barry")}
    assert median["barry"] > median["eddy"]


def test_the_financier_is_taken_by_whoever_ranks_it_first_once_affordable():
    """Eddy, Carl, Larry and Barry all rank the Financier first; Gary and Mike never take it."""
    for name in ("eddy", "carl", "larry", "barry"):
        p = personality(name)
        scores = {k: p.score(*v) for k, v in {
            "financier": (0.66, 100, 220, 100), "day-job": (0.99, 0.01, 1, 0),
            "stunt-show": (0.7, 0.1, 2.5, 1), "rock-band": (0.005, 0.05, 1000, 0),
            "crime": (0.3, 0.02, 100, 200), "lotto": (0.0001, 0.01, 10000, 0),
            "street": (0.75, 0, 0.2, 0)}.items()}
        assert max(scores, key=scores.get) == "financier", name
    totals = everyone_days()
    assert totals["gary"]["financier"] == totals["mike"]["financier"] == 0
    assert totals["carl"]["financier"] > 0 and totals["larry"]["financier"] > 0


def test_eddys_fortune_is_the_most_predictable():
    """Slow and steady: Eddy's interquartile range is the smallest relative to his median."""
    def spread(p):
        q1, median, q3 = statistics.quantiles([r.final_cash for r in lives(p)], n=4)
        return (q3 - q1) / median if median else float("inf")

    assert min(PERSONS, key=spread) == "eddy"


# Equations, ties and rationales.

@pytest.mark.parametrize("name, args, expected", [
    ("eddy", (0.99, 0.01, 1.0, 0.0), 0.9801),
    ("eddy", (0.3, 0.02, 100.0, 200.0), 9.0 - 140.0),
    ("gary", (0.0001, 0.01, 10_000.0, 0.0), 10_000.0),
    ("mike", (0.75, 0.05, 0.2, 0.0), -0.05),
    ("carl", (0.3, 0.02, 100.0, 200.0), 30.0),
    ("larry", (0.66, 100.0, 220.0, 100.0), 145.2 - 34.0),
    ("barry", (0.7, 0.1, 2.5, 1.0), 0.49 * 2.5 - 0.09),
])
def test_each_person_evaluates_with_the_seeds_equation(name, args, expected):
    """F(P, C, G, L) as the seed writes it for each person."""
    assert personality(name).score(*args) == pytest.approx(expected)


def test_unknown_person_is_refused_with_the_six_names():
    """Asking for someone who isn't one of the six names them all."""
    with pytest.raises(LookupError, match=r"^unknown person 'bob'; choose from eddy, gary, mike, "
                                          r"carl, larry, barry$"):
        personality("bob")


def _morning(affordable, tariffs, cash=5.0):
    return Morning(1, 1000, cash, affordable, None, tariffs)


def test_equal_best_scores_are_broken_at_random():
    """Two occupations Gary scores alike are both chosen, depending on the random state."""
    tariffs = (Tariff("a", "A", 0.5, 0.0, 7.0, 0.0), Tariff("b", "B", 0.5, 0.0, 7.0, 0.0),
               Tariff("c", "C", 0.5, 0.0, 1.0, 0.0))
    odds = OddsTable(tuple(OddsBelief(t.key, 0.5, 0, 0, "published") for t in tariffs))
    picks = {choose(personality("gary"), _morning(("a", "b", "c"), tariffs), odds,
                    random.Random(s)).occupation for s in range(20)}
    assert picks == {"a", "b"}
    choice = choose(personality("gary"), _morning(("a", "b", "c"), tariffs), odds,
                    random.Random(0))
    assert "ties with" in choice.rationale and "(drawn at random)" in choice.rationale


def test_rationale_names_the_winner_the_runner_up_and_what_is_out_of_reach():
    """Eddy's first morning: day job beats stunt show; the Financier scores more but needs 200."""
    seen = []
    live("eddy", 0, days=1, on_choice=lambda m, c: seen.append(c.rationale))
    assert seen == [
        "eddy: day job +0.980 beats stunt show +0.925 [F = P·P·G − (1−P)·L; P 0.99 published]; "
        "financier +61.8 is out of reach (needs 200.00, has 10.00)"
    ]


# The agents on the runtime.

@pytest.mark.parametrize("person", PERSONS)
async def test_runtime_agent_lives_the_direct_drivers_life(person):
    """Through the adapter, knowledge source, barrier and arbiter, each person lives exactly
    the life the batch driver lives on the same seed."""
    adapter = LifeAdapter(3, person=person)
    record = await Session(adapter, AGENTS[person], seed=3).run()
    direct = live(person, 3)
    assert record.cause == ""
    assert (record.score, record.turns) == (direct.final_cash, 1000)
    assert dict(record.detail)["days"] == direct.days_by_occupation
    assert dict(record.detail)["bankruptcies"] == direct.bankruptcies


@pytest.mark.parametrize("person, trials", [("larry", 20), ("eddy", 0)])
async def test_runtime_agent_with_hidden_odds_matches_the_direct_driver(person, trials):
    """With P hidden, the Monte Carlo source's rehearsals are the same on both paths."""
    adapter = LifeAdapter(5, odds=HIDDEN, days=300, person=person)
    record = await Session(adapter, person_agent(person, trials=trials), seed=5).run()
    direct = live(person, 5, odds=HIDDEN, days=300, trials=trials)
    assert dict(record.detail)["days"] == direct.days_by_occupation
    assert record.score == direct.final_cash


async def test_every_decision_is_logged_with_its_rationale():
    """Each morning leaves one decision event whose winner explains itself with scores."""
    with capture_logs() as events:
        adapter = LifeAdapter(0, days=5, person="eddy")
        await Session(adapter, AGENTS["eddy"], seed=0).run()
    decisions = [e for e in events if e["event"] == "decision"]
    assert len(decisions) == 5
    assert all(d["winner"] == "eddy" and d["action"] == "day-job" for d in decisions)
    assert decisions[0]["rationale"].startswith("eddy: day job +0.980 beats stunt show +0.925")
    assert {p["expert"] for p in decisions[0]["proposals"]} == {"eddy", "cheapest"}


def test_agents_are_named_after_the_people_with_their_equation():
    """Each agent's description carries the person's equation."""
    assert list(AGENTS) == list(PERSONS)
    assert AGENTS["barry"].description.startswith("Bold Barry: F = P·P·G − (1−P)·(1−P)·L")
