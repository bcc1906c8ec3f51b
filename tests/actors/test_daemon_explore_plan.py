"""The daemon's exploration session: one seeded level, an explorer, the referee's tally."""

import pytest

from actors.explore.plugin import PLUGIN
from runtime import Session


async def test_a_planned_level_is_explored_and_tallied_by_the_referee():
    """Level = session seed; our explorer stops by itself with every room of level 3 seen,
    and the greedy explorer on the same level takes more actions."""
    records = {}
    for algorithm in ("room-space", "greedy"):
        plan = PLUGIN.plan_session({"algorithm": algorithm}, 3)
        records[algorithm] = await Session(plan.adapter(), plan.agent, seed=3).run()
    ours = records["room-space"]
    detail = dict(ours.detail)
    assert ours.outcome == "explored" and ours.score == 1.0
    assert detail["rooms_explored"] == detail["rooms"] >= 3
    assert ours.turns < records["greedy"].turns


def test_bad_parameters_are_refused_with_the_choices():
    """An unknown algorithm or secrets value is a ValueError naming what is accepted."""
    with pytest.raises(ValueError, match="algorithm: expected one of greedy, occupancy, "
                       "room-space, got 'dfs'"):
        PLUGIN.plan_session({"algorithm": "dfs"}, 0)
    with pytest.raises(ValueError, match="secrets: expected one of no, yes, got 'maybe'"):
        PLUGIN.plan_session({"secrets": "maybe"}, 0)
