"""Worker processes: a crashed, killed or blocked worker is replaced and its sessions
recorded as failed with the cause; the daemon itself shuts down and recovers cleanly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys

import pytest
import trio
from daemon_helpers import FAULTY, running_daemon, short_dir, with_doubles_on_path

from runtime.daemon import RunRequest, StatusRequest, request


async def wait_idle(daemon, limit: float = 30) -> None:
    with trio.fail_after(limit):
        while daemon.sessions:
            await trio.sleep(0.02)


async def test_a_worker_that_dies_is_replaced_and_its_session_recorded_failed():
    """A session that kills its worker (os._exit(7)) is 'failed', naming the worker and the
    status; the replacement plays the next session to a win."""
    async with running_daemon(workers=1) as daemon:
        first = daemon.submit(RunRequest("faulty", parameters=(("fault", "exit"),),
                                         follow=False))
        await wait_idle(daemon)
        second = daemon.submit(RunRequest("faulty", follow=False))
        await wait_idle(daemon)
        (crashed,) = daemon.records.results(batch=first.batch)
        (played,) = daemon.records.results(batch=second.batch)
        status = daemon.status()
    assert "failed" == crashed.outcome
    assert crashed.cause.startswith("worker 0 (pid ")
    assert crashed.cause.endswith(") exited with status 7")
    assert "win" == played.outcome
    assert 1 == status.workers[0].replaced


async def test_a_worker_killed_from_outside_fails_only_its_own_sessions():
    """SIGKILL to one worker fails the sessions it was playing; the other worker's finish."""
    async with running_daemon(workers=2) as daemon:
        with trio.fail_after(20):
            while sum(w.ready.is_set() for w in daemon.pool.workers.values()) < 2:
                await trio.sleep(0.05)
        accepted = daemon.submit(RunRequest("faulty", games=4, concurrency=4,
                                            parameters=(("turns", "40"), ("delay", "0.05")),
                                            follow=False))
        with trio.fail_after(20):
            while len([w for w in daemon.status().workers if w.sessions == 2]) < 2:
                await trio.sleep(0.05)
        victim = daemon.pool.workers[0]
        os.kill(victim.pid, signal.SIGKILL)
        await wait_idle(daemon)
        rows = daemon.records.results(batch=accepted.batch, limit=0)
    outcomes = sorted(r.outcome for r in rows)
    assert ["failed", "failed", "win", "win"] == outcomes
    assert {f"worker 0 (pid {victim.pid}) was killed by SIGKILL"} == {
        r.cause for r in rows if r.outcome == "failed"}


async def test_a_worker_whose_loop_is_blocked_is_killed_after_the_heartbeat_timeout():
    """An expert that blocks its worker's event loop gets the worker replaced, the session
    recorded failed with the reason."""
    async with running_daemon(workers=1, heartbeat_timeout=1.5) as daemon:
        accepted = daemon.submit(RunRequest("faulty", parameters=(("fault", "block"),),
                                            follow=False))
        await wait_idle(daemon)
        (row,) = daemon.records.results(batch=accepted.batch)
    assert "failed" == row.outcome
    assert "stopped answering for" in row.cause
    assert row.cause.endswith("(a session blocked its event loop?) and was killed")


async def test_a_hung_game_ends_at_its_timeout_and_frees_its_process():
    """A game that stops answering is ended at the request's timeout; its game process is
    reaped (no zombie under the worker)."""
    async with running_daemon(workers=1) as daemon:
        accepted = daemon.submit(RunRequest("faulty", parameters=(("fault", "hang"),),
                                            timeout=1.0, follow=False))
        await wait_idle(daemon)
        (row,) = daemon.records.results(batch=accepted.batch)
        worker = daemon.pool.workers[0].pid
        children = _children(worker)
    assert ("timeout", "ran longer than its time limit of 1s") == (row.outcome, row.cause)
    assert [] == children


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except FileNotFoundError:
        return []


def _daemon_process(folder) -> subprocess.Popen:
    with_doubles_on_path()
    return subprocess.Popen(
        [sys.executable, "-m", "runtime.cli", "daemon", "--socket", str(folder / "d.sock"),
         "--db", str(folder / "r.sqlite3"), "--workers", "1", "--grace", "0.5",
         "--game", f"{FAULTY[0]}={FAULTY[1]}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )


async def _wait_socket(folder, process) -> None:
    with trio.fail_after(30):
        while not (folder / "d.sock").exists():
            assert process.poll() is None, process.stderr.read()
            await trio.sleep(0.05)


def _rows(folder) -> dict[str, tuple[str, str]]:
    db = sqlite3.connect(folder / "r.sqlite3")
    try:
        return {s: (state, outcome) for s, state, outcome in
                db.execute("SELECT id, state, outcome FROM sessions")}
    finally:
        db.close()


@pytest.mark.slow
async def test_sigterm_records_every_session_and_leaves_nothing_behind():
    """On SIGTERM the daemon stops what runs, cancels what waits, reaps its workers, removes
    its socket and exits 0."""
    folder = short_dir()
    daemon = _daemon_process(folder)
    await _wait_socket(folder, daemon)
    accepted = await request(folder / "d.sock", RunRequest(
        "faulty", games=6, concurrency=2, parameters=(("turns", "1000"), ("delay", "0.01")),
        follow=False))
    with trio.fail_after(20):
        while not (await request(folder / "d.sock", StatusRequest())).running:
            await trio.sleep(0.05)
    workers = [w.pid for w in (await request(folder / "d.sock", StatusRequest())).workers]
    daemon.send_signal(signal.SIGTERM)
    assert 0 == await trio.to_thread.run_sync(daemon.wait, 30)
    rows = _rows(folder)
    assert set(accepted.sessions) == set(rows)
    assert {"done"} == {state for state, _ in rows.values()}
    assert ["cancelled"] * 4 + ["stopped"] * 2 == sorted(o for _, o in rows.values())
    assert not (folder / "d.sock").exists()
    assert all(not os.path.exists(f"/proc/{pid}") for pid in workers)


async def test_a_killed_daemon_leaves_no_worker_and_the_next_one_recovers_its_rows():
    """SIGKILL to the daemon: its workers see their pipe close and exit; a new daemon on the
    same records marks the unfinished rows interrupted."""
    folder = short_dir()
    daemon = _daemon_process(folder)
    await _wait_socket(folder, daemon)
    accepted = await request(folder / "d.sock", RunRequest(
        "faulty", games=3, concurrency=1, parameters=(("turns", "1000"), ("delay", "0.01")),
        follow=False))
    with trio.fail_after(20):
        while not (await request(folder / "d.sock", StatusRequest())).running:
            await trio.sleep(0.05)
    workers = [w.pid for w in (await request(folder / "d.sock", StatusRequest())).workers]
    daemon.kill()
    daemon.wait()
    with trio.fail_after(10):
        while any(os.path.exists(f"/proc/{pid}") for pid in workers):
            await trio.sleep(0.05)
    assert {"running", "queued"} == {state for state, _ in _rows(folder).values()}
    async with running_daemon(socket=folder / "d.sock",
                              database=folder / "r.sqlite3") as second:
        assert 3 == second.recovered
    assert {(s, ("done", "interrupted")) for s in accepted.sessions} == set(
        _rows(folder).items())

