"""The Day in the Life adapter: what a person knows each morning, and how a life ends."""

import pytest

from protocols.dayinlife import (
    HIDDEN,
    DirectLife,
    IllegalOccupationError,
    InvalidOccupationError,
    LifeAdapter,
    Morning,
    Rehearsal,
    Yesterday,
    occupation_keys,
)
from runtime import GameOver, decode, encode


async def test_first_morning_shows_cash_affordable_jobs_and_published_odds():
    """Day 1: ten days' wages, everything but the Financier affordable, no yesterday, all P."""
    async with LifeAdapter(3) as adapter:
        observed = await adapter.observe()
    morning = observed.payload
    assert not observed.terminal
    assert (morning.day, morning.days, morning.cash, morning.yesterday) == (1, 1000, 10.0, None)
    assert morning.affordable == tuple(k for k in occupation_keys() if k != "financier")
    assert [t.key for t in morning.tariffs] == list(occupation_keys())
    financier = morning.tariffs[-1]
    assert (financier.probability, financier.cost, financier.gain, financier.loss) == (
        0.66, 100.0, 220.0, 100.0)
    assert morning.odds == "published"


async def test_hidden_odds_withhold_p_but_post_costs_gains_and_losses():
    """With odds hidden no tariff carries P; prices, pay and fines stay posted."""
    async with LifeAdapter(3, odds=HIDDEN) as adapter:
        morning = (await adapter.observe()).payload
    assert all(t.probability is None for t in morning.tariffs)
    assert [(t.cost, t.gain, t.loss) for t in morning.tariffs][3] == (0.01, 10_000.0, 0.0)
    assert morning.odds == "hidden"


async def test_next_morning_tells_how_yesterday_went():
    """After a day, the morning shows yesterday's occupation, outcome, cost, takings, expenses."""
    async with LifeAdapter(5) as adapter:
        await adapter.act("day-job")
        morning = (await adapter.observe()).payload
    y = morning.yesterday
    assert morning.day == 2
    assert (y.occupation, y.cost, y.expense, y.bankrupt) == ("day-job", 0.01, 0.5, False)
    assert y.takings == (1.0 if y.succeeded else 0.0)
    assert morning.cash == pytest.approx(10.0 - 0.01 + y.takings - 0.5)


async def test_unaffordable_choice_is_refused_with_the_game_error():
    """Acting as a Financier with ten days' wages raises the game's error unchanged."""
    async with LifeAdapter(0) as adapter:
        with pytest.raises(IllegalOccupationError, match=r"^cannot take up 'financier' on day 1"):
            await adapter.act("financier")
        with pytest.raises(InvalidOccupationError, match=r"^unknown occupation 'nap'"):
            await adapter.act("nap")
        assert (await adapter.observe()).payload.day == 1


async def test_last_morning_is_terminal_and_acting_after_raises():
    """After the last day the observation is terminal and another day is refused."""
    async with LifeAdapter(0, days=3, person="mike") as adapter:
        for _ in range(3):
            await adapter.act("street")
        observed = await adapter.observe()
        assert observed.terminal and observed.payload.affordable == ()
        with pytest.raises(GameOver, match="^the life is over: all 3 days have been lived$"):
            await adapter.act("street")
        result = adapter.result()
    detail = dict(result.detail)
    assert (result.turns, detail["person"], detail["bankruptcies"]) == (3, "mike", 0)
    assert dict(detail["days"])["street"] == 3
    assert result.outcome == "poor"  # 10.00 plus street takings less 0.50 a day stays poor
    assert result.score == observed.payload.cash


async def test_an_unfinished_life_reports_unfinished():
    """A life cut short says so in its outcome."""
    async with LifeAdapter(0) as adapter:
        await adapter.act("street")
        assert adapter.result().outcome == "unfinished"


async def test_mornings_round_trip_through_the_codec():
    """A Morning, with its tariffs and yesterday, crosses a process boundary unchanged."""
    async with LifeAdapter(2, odds=HIDDEN) as adapter:
        await adapter.act("stunt-show")
        morning = (await adapter.observe()).payload
    assert isinstance(morning.yesterday, Yesterday)
    assert morning == decode(encode(morning))
    assert adapter.result() == decode(encode(adapter.result()))


async def test_observing_before_start_is_refused():
    """An adapter that was never entered says how to use it."""
    with pytest.raises(RuntimeError, match="the adapter is not started; use `async with adapter:`"):
        await LifeAdapter(0).observe()


def test_unknown_odds_mode_is_refused():
    """Only 'published' and 'hidden' are odds modes."""
    with pytest.raises(ValueError, match=r"^unknown odds mode 'secret'; choose from published, "
                                         r"hidden$"):
        LifeAdapter(0, odds="secret")


async def test_day_reports_mark_changes_and_close_stints():
    """Watchers hear of each change of occupation and get the stint it closed."""
    reports = []
    async with LifeAdapter(1, days=4, on_day=reports.append) as adapter:
        for key in ["street", "street", "day-job", "day-job"]:
            await adapter.act(key)
    assert [r.changed for r in reports] == [True, False, True, False]
    assert [tuple((s.occupation, s.first_day, s.last_day) for s in r.closed)
            for r in reports] == [(), (), (("street", 1, 2),), (("day-job", 3, 4),)]


def test_direct_life_shows_the_mornings_the_adapter_shows():
    """The synchronous driver and the adapter see identical mornings for the same choices."""
    direct = DirectLife(8)
    mornings = []
    for key in ["street", "day-job", "lotto"]:
        mornings.append(direct.observe())
        direct.act(key)
    assert all(isinstance(m, Morning) for m in mornings)
    assert [m.day for m in mornings] == [1, 2, 3]
    assert direct.report().days_lived == 3


async def test_adapter_and_direct_life_agree_day_by_day():
    """Same seed, same choices: the adapter's mornings equal the direct driver's."""
    direct = DirectLife(4)
    async with LifeAdapter(4) as adapter:
        for key in ["stunt-show", "crime", "street", "rock-band"]:
            assert (await adapter.observe()).payload == direct.observe()
            await adapter.act(key)
            direct.act(key)
        assert adapter.result().score == direct.report().final_cash


def test_rehearsal_uses_only_the_callers_dice():
    """Rehearsing does not touch a live game: same rng state, same tally; the life is unmoved."""
    import random

    life = DirectLife(6)
    before = life.observe()
    rehearsal = Rehearsal()
    a = rehearsal.attempts("crime", 1000, random.Random(1))
    b = rehearsal.attempts("crime", 1000, random.Random(1))
    assert a == b and 230 < a < 370
    assert life.observe() == before


def test_rehearsal_refuses_unknown_occupations():
    """A rehearsal of something that is not an occupation names the choices."""
    import random

    with pytest.raises(InvalidOccupationError, match=r"^unknown occupation 'nap'; choose from"):
        Rehearsal().attempts("nap", 3, random.Random(0))
