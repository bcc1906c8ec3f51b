"""The RoShamBo table adapter: what the agent sees, and how a match ends."""

import pytest
import trio

from protocols.roshambo import RoundView, TableAdapter, make_opponent
from runtime import GameOver, decode, encode


async def test_first_view_shows_no_throws_and_the_turn_to_play():
    """Before the first throw the view has no last throws and announces turn 1."""
    async with TableAdapter(make_opponent("rock"), turns=5) as adapter:
        observed = await adapter.observe()
    assert RoundView(1, 5, None, None, 0, "rock") == observed.payload
    assert not observed.terminal


async def test_view_shows_only_the_last_turn_and_the_score():
    """After a throw the view shows both throws of that turn and the running score."""
    async with TableAdapter(make_opponent("rock"), turns=5) as adapter:
        await adapter.act(1)  # paper beats rock
        view = (await adapter.observe()).payload
    assert (2, 1, 0, 1) == (view.turn, view.my_last, view.opponent_last, view.score)


async def test_last_observation_is_terminal_and_acting_after_raises():
    """The observation after the final throw is terminal; another throw is refused."""
    async with TableAdapter(make_opponent("rock"), turns=2) as adapter:
        await adapter.act(0)
        await adapter.act(2)
        observed = await adapter.observe()
        assert observed.terminal
        with pytest.raises(GameOver, match="^the match against 'rock' is over$"):
            await adapter.act(1)
        result = adapter.result()
    # -1 over two turns is within the draw band of a 2-turn match.
    assert ("draw", -1.0, 2) == (result.outcome, result.score, result.turns)


async def test_result_uses_the_draw_band():
    """A small margin over a whole match is a draw, a large one a win."""
    async with TableAdapter(make_opponent("rock"), turns=1000) as adapter:
        for _ in range(1000):
            await adapter.act(1)
        assert "win" == adapter.result().outcome
    async with TableAdapter(make_opponent("rock"), turns=1000) as adapter:
        for turn in range(1000):
            await adapter.act(1 if turn < 30 else 0)
        assert "draw" == adapter.result().outcome


async def test_views_round_trip_through_the_codec():
    """A RoundView crosses a process boundary unchanged."""
    async with TableAdapter(make_opponent("rotate"), turns=3) as adapter:
        await adapter.act(2)
        view = (await adapter.observe()).payload
    assert view == decode(encode(view))


async def test_invalid_throw_is_refused_with_the_value():
    """A throw that is not 0, 1 or 2 is refused and the match does not advance."""
    async with TableAdapter(make_opponent("rock"), turns=3) as adapter:
        with pytest.raises(ValueError, match="7"):
            await adapter.act(7)
        assert 1 == (await adapter.observe()).payload.turn
    await trio.lowlevel.checkpoint()
