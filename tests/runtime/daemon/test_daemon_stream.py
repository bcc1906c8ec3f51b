"""The live stream: filters, fan-out from workers, and cutting off viewers that lag or stall."""

from __future__ import annotations

import json

import pytest
import trio
from daemon_helpers import raw_connection, receive_all, running_daemon

from runtime.daemon import (
    Lagged,
    LogEvent,
    RunRequest,
    TailRequest,
    TailStarted,
    format_line,
    matches,
)


def event(**fields: str) -> LogEvent:
    base = dict(time="2026-01-01T00:00:00.000000Z", level="info", event="decision",
                session="ab12-3", game="roshambo", agent="granite", actor="granite-expert",
                json="{}")
    base.update(fields)
    return LogEvent(**base)


@pytest.mark.parametrize(("request_", "expected"), [
    (TailRequest(), True),
    (TailRequest(session="ab12-3"), True),
    (TailRequest(session="ab12"), True),  # a batch id matches its sessions
    (TailRequest(session="ab1"), False),  # but not a mere prefix of one
    (TailRequest(game="roshambo"), True),
    (TailRequest(game="rogue"), False),
    (TailRequest(actor="granite-expert"), True),
    (TailRequest(actor="granite"), True),  # the agent counts as an actor
    (TailRequest(actor="iocaine"), False),
    (TailRequest(level="warning"), False),
    (TailRequest(level="debug"), True),
    (TailRequest(session="ab12", game="roshambo", actor="granite", level="info"), True),
])
def test_filters_match_session_batch_game_actor_and_level(request_, expected):
    """Each filter field narrows the stream; empty fields match everything."""
    assert expected == matches(request_, event())


async def tail(daemon, request: TailRequest, into: list, *, task_status=trio.TASK_STATUS_IGNORED):
    """Read the stream into ``into`` until the daemon ends it."""
    async with raw_connection(daemon) as channel:
        await channel.send(request)
        started = await channel.receive()
        assert isinstance(started, TailStarted)
        await trio.sleep(0.05)  # let the new demand reach the workers
        task_status.started()
        into.extend(await receive_all(channel))


async def test_a_viewer_sees_only_the_game_it_asked_for():
    """With two games playing, a viewer of one gets that game's decisions and nothing else."""
    seen: list = []
    async with running_daemon() as daemon:
        async with trio.open_nursery() as nursery:
            await nursery.start(tail, daemon, TailRequest(game="faulty"), seen)
            for game, params in (("roshambo", (("turns", "20"),)), ("faulty", (("turns", "5"),))):
                daemon.submit(RunRequest(game, games=2, concurrency=2, engine="inline",
                                         parameters=params, follow=False))
            while daemon.sessions:
                await trio.sleep(0.02)
            daemon.hub.close()
    events = [e for e in seen if isinstance(e, LogEvent)]
    assert {"faulty"} == {e.game for e in events}
    decisions = [json.loads(e.json) for e in events if e.event == "decision"]
    assert 10 == len(decisions)
    assert {f"echo turn {t}" for t in range(5)} == {d["rationale"] for d in decisions}
    assert 2 == sum(e.event == "session.recorded" for e in events)


async def test_debug_viewers_see_knowledge_source_updates_of_one_actor():
    """--level debug turns on blackboard tracing; --actor keeps that source's events only."""
    seen: list = []
    async with running_daemon() as daemon:
        async with trio.open_nursery() as nursery:
            await nursery.start(tail, daemon, TailRequest(actor="counter", level="debug"), seen)
            daemon.submit(RunRequest("faulty", games=1, engine="inline",
                                     parameters=(("turns", "4"),), follow=False))
            while daemon.sessions:
                await trio.sleep(0.02)
            daemon.hub.close()
    events = [e for e in seen if isinstance(e, LogEvent)]
    assert {"counter"} == {e.actor for e in events}
    writes = [json.loads(e.json) for e in events if e.event == "blackboard.write"]
    # Generations 1-4 are the turns; 5 is the final observation, which the counter sees too.
    assert [("count", g) for g in range(1, 6)] == [(w["entry"], w["generation"]) for w in writes]


async def test_a_viewer_at_warning_sees_a_crashing_knowledge_source_with_its_traceback():
    """A knowledge source that raises shows up as error events carrying the exception."""
    seen: list = []
    async with running_daemon() as daemon:
        async with trio.open_nursery() as nursery:
            await nursery.start(tail, daemon, TailRequest(level="warning"), seen)
            daemon.submit(RunRequest("faulty", games=1, engine="inline",
                                     parameters=(("fault", "ks-raise"),), follow=False))
            while daemon.sessions:
                await trio.sleep(0.02)
            daemon.hub.close()
    events = [e for e in seen if isinstance(e, LogEvent)]
    assert all(e.level in ("warning", "error") for e in events)
    crashes = [json.loads(e.json) for e in events if e.event == "actor.crashed"]
    assert 4 == len(crashes)
    assert "counter fails on turn 0, as asked" == crashes[0]["exception"][0]["exc_value"]


async def test_a_viewer_that_stops_reading_is_cut_off_with_its_lag_count():
    """A stalled viewer's buffer overflows; once it reads again it gets Lagged, then the end,
    and the games went on meanwhile."""
    async with running_daemon(viewer_capacity=64) as daemon, raw_connection(daemon) as channel:
        await channel.send(TailRequest())
        assert isinstance(await channel.receive(), TailStarted)
        padding = "x" * 500
        for i in range(20_000):  # far more than the socket and the buffer hold
            daemon.hub.publish(event(json=json.dumps({"i": i, "pad": padding})))
            if i % 100 == 0:
                await trio.sleep(0)
        batch = daemon.submit(RunRequest("roshambo", games=3, concurrency=3, engine="inline",
                                         parameters=(("turns", "20"),), follow=False))
        while daemon.sessions:
            await trio.sleep(0.02)
        assert 3 == len(daemon.records.results(batch=batch.batch))
        replies = await receive_all(channel)
    *events, notice = replies
    assert isinstance(notice, Lagged)
    assert notice.dropped >= 1
    assert all(isinstance(e, LogEvent) for e in events)
    # What it got is a prefix of what was published: nothing reordered or duplicated.
    assert list(range(len(events))) == [json.loads(e.json)["i"] for e in events]
    assert len(events) + notice.dropped < 20_000
    assert 1 == daemon.hub.cut_off
    assert 0 == daemon.hub.viewers


async def test_a_viewer_that_never_reads_again_is_dropped_after_the_stall_timeout():
    """A viewer whose socket stays full is disconnected after stall_timeout, freeing its slot."""
    async with running_daemon(viewer_capacity=100_000, stall_timeout=0.3) as daemon:
        async with raw_connection(daemon) as channel:
            await channel.send(TailRequest())
            assert isinstance(await channel.receive(), TailStarted)
            padding = "y" * 2000
            with trio.fail_after(10):
                while daemon.hub.viewers:
                    for _ in range(200):
                        daemon.hub.publish(event(json=padding))
                    await trio.sleep(0.01)
        assert 1 == daemon.hub.cut_off


async def test_worker_processes_forward_decisions_only_while_someone_watches():
    """Decisions logged in a worker process reach an info viewer; with no viewer the
    workers forward warnings only."""
    seen: list = []
    async with running_daemon(workers=1) as daemon:
        assert "warning" == daemon.pool.level
        async with trio.open_nursery() as nursery:
            await nursery.start(tail, daemon, TailRequest(game="roshambo"), seen)
            assert "info" == daemon.pool.level
            daemon.submit(RunRequest("roshambo", games=1, engine="process",
                                     parameters=(("turns", "25"),), follow=False))
            while daemon.sessions:
                await trio.sleep(0.02)
            daemon.hub.close()
        assert "warning" == daemon.pool.level
    decisions = [json.loads(e.json) for e in seen
                 if isinstance(e, LogEvent) and e.event == "decision"]
    assert list(range(1, 26)) == [d["generation"] for d in decisions]
    assert all(d["rationale"] for d in decisions)


def test_a_decision_reads_as_its_reason_and_a_crash_shows_where_it_happened():
    """tail's text lines: a decision is its number and rationale; an error carries the
    exception's last frame and message."""
    from runtime.daemon._events import event_from_dict

    decision = event_from_dict({
        "event": "decision", "level": "info", "timestamp": "2026-01-01T10:20:30.456789Z",
        "session": "ab-1", "game": "roshambo", "generation": 7, "winner": "granite",
        "rationale": "granite: predicts rock → paper", "action": 1,
        "proposals": [{"expert": "granite"}, {"expert": "random"}],
    })
    assert ("10:20:30.456 info    roshambo ab-1 [granite] decision #7 granite: predicts rock "
            "→ paper (also proposed: random)") == format_line(decision)
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        crash = event_from_dict({"event": "actor.crashed", "level": "error", "actor": "ks",
                                 "exc_info": exc})
    first, where, what = format_line(crash).splitlines()
    assert first.endswith("error   [ks] actor.crashed")
    assert where.startswith("    at ") and "test_daemon_stream.py" in where
    assert "    RuntimeError: boom" == what
