"""The daemon's Rogue session: Rog-O-Matic on a fixed dungeon, bounded, with a clear refusal
when there is no Rogue to run."""

import os

import pytest
import trio

from actors.rogue.plugin import PLUGIN
from runtime import Session

ROGUE = os.environ.get("BELLIGERENT_ROGUE", "")


def test_without_a_rogue_binary_the_batch_is_refused_with_what_to_do(monkeypatch):
    """No binary configured: a ValueError naming both ways to give one."""
    monkeypatch.delenv("BELLIGERENT_ROGUE", raising=False)
    with pytest.raises(ValueError, match="pass --param binary=PATH or set BELLIGERENT_ROGUE"):
        PLUGIN.plan_session({}, 0)


def test_a_missing_binary_or_bad_agent_is_refused(tmp_path):
    """A path that is not there is an OSError naming it; an unknown agent a ValueError."""
    with pytest.raises(FileNotFoundError, match="does not exist"):
        PLUGIN.plan_session({"binary": str(tmp_path / "rogue")}, 0)
    with pytest.raises(ValueError, match="expected one of rogomatic, minimal, got 'bob'"):
        PLUGIN.plan_session({"agent": "bob", "binary": str(tmp_path / "rogue")}, 0)


@pytest.mark.skipif(not ROGUE, reason="set BELLIGERENT_ROGUE to a Rogue 5.4.4 binary")
async def test_a_planned_game_plays_its_dungeon_and_quits_at_its_budget():
    """Dungeon = session seed; the agent quits at its action budget with a clean record."""
    plan = PLUGIN.plan_session({"max_actions": "40"}, 7)
    with trio.fail_after(120):
        record = await Session(plan.adapter(), plan.agent, seed=7).run()
    detail = dict(record.detail)
    assert (detail["dungeon"], detail["seeded"]) == (7, True)
    assert record.outcome in {"quit", "death"} and not record.cause
    assert dict(plan.parameters)["agent"] == "rogomatic"
