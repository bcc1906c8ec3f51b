"""Rog-O-Matic against the real Rogue 5.4.4 (skipped unless $BELLIGERENT_ROGUE is set)."""

import os

import pytest
import trio

from actors.rogue import rogomatic
from protocols.rogue import ROGUE_ENV, RogueAdapter
from runtime import Session

pytestmark = pytest.mark.skipif(not os.environ.get(ROGUE_ENV),
                                reason=f"${ROGUE_ENV} is not set (no Rogue binary)")


@pytest.mark.slow
async def test_a_budgeted_live_game_ends_with_a_correct_record():
    """300 decisions, then a clean quit (or an earlier death): the record says which."""
    adapter = RogueAdapter.live()
    with trio.fail_after(300):
        result = await Session(adapter, rogomatic(max_actions=300), seed=1).run()
    detail = dict(result.detail)
    assert result.outcome in ("quit", "death")
    assert result.cause == ""
    assert detail["depth"] >= 1 and result.turns <= 320
    if result.outcome == "quit":
        assert detail["cause"] == "quit"
    else:
        assert detail["killer"]
