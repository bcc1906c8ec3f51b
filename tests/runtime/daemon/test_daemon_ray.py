"""The ray engine: sessions as Ray tasks on a local cluster, into the same records."""

from __future__ import annotations

import pytest
import trio
from daemon_helpers import raw_connection, receive_all, running_daemon

from runtime.daemon import BatchFinished, RunAccepted, RunRequest, SessionRecord

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'belligerent[ray]')")

# Starting a local Ray cluster takes 10-20 s on this machine: past the default suite's budget.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


async def test_a_batch_runs_as_ray_tasks_into_the_same_records(local_cluster):
    """Four RoShamBo sessions on a two-CPU Ray cluster come back as four records,
    engine 'ray', with the seeds asked for and the game's own parameters."""
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send(RunRequest("roshambo", games=4, concurrency=4, seed=3,
                                      parameters=(("turns", "50"),), engine="ray"))
        with trio.fail_after(120):
            accepted, *records, summary = await receive_all(channel)
        stored = daemon.records.results(batch=accepted.batch, limit=0)
    assert isinstance(accepted, RunAccepted)
    assert isinstance(summary, BatchFinished) and 4 == summary.total
    assert all(isinstance(r, SessionRecord) for r in records)
    assert [3, 4, 5, 6] == sorted(r.seed for r in stored)
    assert {"ray"} == {r.engine for r in stored}
    assert all(r.outcome in ("win", "loss", "draw") and r.turns == 50 for r in stored)
    assert all(dict(r.parameters)["turns"] == 50 for r in stored)


async def test_a_ray_session_past_its_time_limit_is_recorded_as_timeout(local_cluster):
    """The request's timeout holds inside the Ray task: a long match ends as 'timeout'."""
    async with running_daemon() as daemon:
        accepted = daemon.submit(RunRequest("roshambo", parameters=(("turns", "10000000"),),
                                            engine="ray", timeout=1.0, follow=False))
        with trio.fail_after(120):
            while daemon.sessions:
                await trio.sleep(0.05)
        (row,) = daemon.records.results(batch=accepted.batch)
    assert ("timeout", "ran longer than its time limit of 1s") == (row.outcome, row.cause)
    assert 0 < row.turns < 10_000_000
    assert "ray" == row.engine
