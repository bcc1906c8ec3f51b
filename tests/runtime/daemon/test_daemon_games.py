"""The daemon plays the project's real games, not only RoShamBo: lives, and NetHack in
pseudo-terminals inside worker processes, each recorded with its parameters."""

from __future__ import annotations

import pytest
import trio
from daemon_helpers import running_daemon

from runtime.daemon import ErrorReply, RunAccepted, RunRequest


async def finish(daemon, limit: float) -> None:
    with trio.fail_after(limit):
        while daemon.sessions:
            await trio.sleep(0.05)


async def test_a_batch_of_lives_meets_every_personality_by_seed():
    """Six lives with no person given are six different personalities, each a full life."""
    async with running_daemon(workers=0) as daemon:
        accepted = daemon.submit(RunRequest("dayinlife", games=6, concurrency=3, seed=0,
                                            parameters=(("days", "50"),), engine="inline",
                                            follow=False))
        assert isinstance(accepted, RunAccepted)
        await finish(daemon, 60)
        records = daemon.records.results(batch=accepted.batch, limit=0)
    assert 6 == len(records)
    assert 6 == len({r.agent for r in records})
    assert all(50 == r.turns and "" == r.cause for r in records)


async def test_bad_life_parameter_is_refused_at_submission():
    """An unknown personality is refused before any session, naming the choices."""
    async with running_daemon(workers=0) as daemon:
        reply = daemon.submit(RunRequest("dayinlife", parameters=(("person", "zed"),),
                                         engine="inline", follow=False))
    assert isinstance(reply, ErrorReply)
    assert reply.message.startswith("dayinlife parameter person: expected one of eddy,")


async def test_nethack_games_run_in_worker_processes_and_are_recorded():
    """Two NetHack games in a worker end by the agent's quit (or a death), with the level."""
    pytest.importorskip("actors.nethack")
    from protocols.nethack import find_nethack_binary

    try:
        find_nethack_binary()
    except FileNotFoundError as exc:
        pytest.skip(f"need nethack-console: {exc}")
    async with running_daemon(workers=1) as daemon:
        accepted = daemon.submit(RunRequest("nethack", games=2, concurrency=2, seed=1,
                                            parameters=(("max_actions", "25"),),
                                            follow=False))
        assert isinstance(accepted, RunAccepted)
        await finish(daemon, 120)
        records = daemon.records.results(batch=accepted.batch, limit=0)
    assert 2 == len(records)
    for record in records:
        assert "" == record.cause, record.cause
        assert record.outcome in ("quit", "death")
        assert 25 == dict(record.parameters)["max_actions"]
