"""The daemon's Spellcast session: a match on a private server against a rival agent."""

import pytest
import structlog
import trio

from actors.spellcast.plugin import PLUGIN
from runtime import Session


async def test_a_planned_match_is_played_to_its_end_and_leaves_nothing_running():
    """Our wizard plays the rival to a result over real sockets; the session's nursery
    closes, so the server and the rival are gone when run() returns."""
    plan = PLUGIN.plan_session({"agent": "heuristic", "opponent": "random"}, 5)
    with trio.fail_after(60):
        record = await Session(plan.adapter(), plan.agent, seed=5).run()
    assert record.outcome in {"win", "loss", "draw"}, record.cause
    assert not record.cause and record.turns >= 1
    assert ("opponent_agent", "random") in record.detail
    assert dict(plan.parameters) == {"agent": "heuristic", "opponent": "random",
                                     "time_per_turn": 0.2}


async def test_the_rivals_thoughts_are_logged_as_a_session_of_their_own():
    """Decisions of both wizards reach the log, the rival's under ``<session>.rival``."""
    plan = PLUGIN.plan_session({"agent": "random", "opponent": "heuristic"}, 2)
    capture = structlog.testing.LogCapture()
    structlog.configure(processors=[structlog.contextvars.merge_contextvars, capture])
    with trio.fail_after(60):
        await Session(plan.adapter(), plan.agent, seed=2, session_id="s42").run()
    deciders = {e.get("session") for e in capture.entries if e["event"] == "decision"}
    assert deciders == {"s42", "s42.rival"}


def test_bad_parameters_are_refused_with_the_choices():
    """An unknown opponent or a zero thinking time is a ValueError saying what is wanted."""
    with pytest.raises(ValueError, match="opponent.*expected one of becky, heuristic, random"):
        PLUGIN.plan_session({"opponent": "bob"}, 0)
    with pytest.raises(ValueError, match="expected 0 < seconds <= 600, got 0.0"):
        PLUGIN.plan_session({"time_per_turn": "0"}, 0)
