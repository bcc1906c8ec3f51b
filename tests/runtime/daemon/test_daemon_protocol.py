"""The control protocol: requests answered, malformed ones refused, the socket kept private."""

from __future__ import annotations

import collections
import os
import stat
import subprocess
import sys

import pytest
import trio
from daemon_helpers import ask, raw_connection, receive_all, running_daemon, short_dir

from runtime import encode
from runtime.daemon import (
    BatchFinished,
    DaemonConfig,
    ErrorReply,
    LogEvent,
    ResultsReply,
    ResultsRequest,
    RunAccepted,
    RunRequest,
    SessionRecord,
    StatusReply,
    StatusRequest,
    StopReply,
    StopRequest,
    TailRequest,
    TailStarted,
    open_daemon,
)


async def test_garbage_bytes_get_an_error_and_the_connection_closes():
    """Bytes that are not a frame are answered with a 'malformed' error, then the end."""
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send_raw(b"\xc1\xc1 not msgpack")
        replies = await receive_all(channel)
    assert 1 == len(replies)
    assert "malformed" == replies[0].code
    assert replies[0].message.startswith("could not decode the request: malformed frame")


async def test_a_frame_of_an_unknown_message_type_is_malformed():
    """A frame naming a tag nobody registered is refused, naming the tag."""
    forged = encode(StatusRequest()).replace(b"daemon.status", b"daemon.statux")
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send_raw(forged)
        (reply,) = await receive_all(channel)
    assert "malformed" == reply.code
    assert "unknown message type 'daemon.statux'" in reply.message


async def test_a_value_that_is_not_a_request_is_a_bad_request():
    """A well-formed frame that is not a request (a number) is refused by name."""
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send(42)
        (reply,) = await receive_all(channel)
    assert ErrorReply("bad-request", "expected a request (run, status, stop, results, tail, "
                      "shutdown), got int 42; closing the connection") == reply


async def test_stopping_an_unknown_session_is_an_error_and_the_connection_goes_on():
    """'stop nosuch' says no such session, and the same connection still answers status."""
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send(StopRequest("nosuch"))
        refusal = await channel.receive()
        await channel.send(StatusRequest())
        status = await channel.receive()
    assert ErrorReply("unknown-session", "no unfinished session or batch 'nosuch'; "
                      "`belligerent status` lists the running ones") == refusal
    assert isinstance(status, StatusReply)
    assert os.getpid() == status.pid


@pytest.mark.parametrize(("request_", "code", "text"), [
    (RunRequest("chess", engine="inline"), "unknown-game",
     "unknown game 'chess'; installed games: "),
    (RunRequest("roshambo", parameters=(("opponent", "nobody"),), engine="inline"),
     "bad-parameter", "unknown RoShamBo player 'nobody'"),
    (RunRequest("roshambo", parameters=(("colour", "red"),), engine="inline"), "bad-parameter",
     "unknown roshambo parameter(s) colour; known: agent, opponent, turns"),
    (RunRequest("roshambo", games=0), "bad-request", "games must be between 1 and 1000000"),
    (RunRequest("roshambo", concurrency=0), "bad-request", "concurrency must be between 1"),
    (RunRequest("roshambo", engine="gpu"), "bad-request",
     "engine must be one of process, inline, ray (got 'gpu')"),
    (RunRequest("roshambo", engine="process"), "engine-unavailable",
     "this daemon runs no worker processes (--workers 0)"),
])
async def test_bad_run_requests_are_refused_before_anything_is_queued(request_, code, text):
    """A run of an unknown game, bad parameters or impossible numbers is refused at once."""
    async with running_daemon() as daemon:
        reply = await ask(daemon, request_)
        assert code == reply.code
        assert reply.message.startswith(text) or text in reply.message
        assert {} == daemon.records.counts()


async def test_a_followed_run_sends_every_record_then_the_summary():
    """run --games 5 streams five records (seeds 7..11) and a summary that counts them."""
    async with running_daemon() as daemon, raw_connection(daemon) as channel:
        await channel.send(RunRequest("roshambo", games=5, concurrency=2, seed=7,
                                      parameters=(("turns", "30"),), engine="inline"))
        replies = await receive_all(channel)
        accepted, *records, summary = replies
        assert isinstance(accepted, RunAccepted)
        assert all(isinstance(r, SessionRecord) for r in records)
        assert sorted(accepted.sessions) == sorted(r.session for r in records)
        assert [7, 8, 9, 10, 11] == sorted(r.seed for r in records)
        assert all(r.turns == 30 and r.outcome in ("win", "loss", "draw") for r in records)
        assert ("turns", 30) in records[0].parameters
        assert isinstance(summary, BatchFinished)
        assert 5 == summary.total == sum(n for _, n in summary.outcomes)
        stored = await ask(daemon, ResultsRequest(batch=accepted.batch, limit=0))
        assert isinstance(stored, ResultsReply)
        assert sorted(records, key=lambda r: r.session) == sorted(stored.records,
                                                                  key=lambda r: r.session)


async def playing(daemon, sessions: int, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
    """Return once the live stream has shown ``sessions`` sessions each past their first
    turn (a second decision comes after the first action was played).

    Waiting on the stream rather than a fixed sleep: under load (tournaments sharing the
    machine) 0.2 s once passed before either running session had played a turn.
    """
    async with raw_connection(daemon) as channel:
        await channel.send(TailRequest(game="faulty"))
        assert isinstance(await channel.receive(), TailStarted)
        await trio.sleep(0.05)  # let the new demand reach the sessions
        task_status.started()
        decisions: collections.Counter[str] = collections.Counter()
        while sum(n >= 2 for n in decisions.values()) < sessions:
            event = await channel.receive()
            if isinstance(event, LogEvent) and event.event == "decision":
                decisions[event.session] += 1


async def test_stopping_a_batch_records_its_sessions_as_stopped():
    """Stopping a batch ends its running sessions and its queued ones, each recorded once."""
    async with running_daemon() as daemon:
        with trio.fail_after(30):
            async with trio.open_nursery() as nursery:
                await nursery.start(playing, daemon, 2)
                accepted = daemon.submit(RunRequest(
                    "faulty", games=6, concurrency=2, engine="inline",
                    parameters=(("turns", "1000"), ("delay", "0.01")), follow=False))
        status = await ask(daemon, StatusRequest())
        assert 2 == len(status.running)
        reply = await ask(daemon, StopRequest(accepted.batch))
        assert isinstance(reply, StopReply)
        assert sorted(accepted.sessions) == sorted(reply.sessions)
        while daemon.sessions:
            await trio.sleep(0.05)
        records = daemon.records.results(batch=accepted.batch, limit=0)
        assert 6 == len(records)
        assert {"stopped"} == {r.outcome for r in records}
        assert {"stopped by `belligerent stop`"} == {r.cause for r in records}
        assert 2 == sum(r.turns > 0 for r in records)


async def test_the_socket_is_private_to_its_owner():
    """The control socket is mode 0600 in a folder of mode 0700."""
    async with running_daemon() as daemon:
        path = daemon.config.socket
        assert stat.S_ISSOCK(path.stat().st_mode)
        assert 0o600 == stat.S_IMODE(path.stat().st_mode)
    assert not path.exists()


async def test_a_second_daemon_on_the_same_socket_is_refused():
    """Starting a daemon where one is listening fails, saying so; the first one goes on."""
    async with running_daemon() as daemon:
        other = DaemonConfig(socket=daemon.config.socket,
                             database=short_dir() / "other.sqlite3", workers=0)
        with pytest.raises(OSError, match="a daemon is already listening on"):
            async with open_daemon(other):
                pass
        assert isinstance(await ask(daemon, StatusRequest()), StatusReply)


_CONNECT_AS_NOBODY = """
import os, socket, sys
os.setgroups([]); os.setgid(65534); os.setuid(65534)
s = socket.socket(socket.AF_UNIX)
try:
    s.connect(sys.argv[1])
except PermissionError:
    print("refused by the file system"); sys.exit(0)
try:
    s.sendall(bytes.fromhex(sys.argv[2]))
except BrokenPipeError:
    pass  # refused before it asked: the refusal is waiting to be read
print("reply", s.recv(65536).hex())
"""


def _as_nobody(path: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _CONNECT_AS_NOBODY, path, encode(StatusRequest()).hex()],
        capture_output=True, text=True, timeout=30,
    )
    assert 0 == done.returncode, done.stderr
    return done.stdout.strip()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user (setuid)")
async def test_another_user_cannot_connect():
    """Another uid is refused by the socket's mode, even with the folder open to all."""
    async with running_daemon() as daemon:
        os.chmod(daemon.config.socket.parent, 0o755)
        answer = await trio.to_thread.run_sync(_as_nobody, str(daemon.config.socket))
    assert "refused by the file system" == answer


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user (setuid)")
async def test_another_user_who_gets_through_the_mode_is_refused_by_credentials():
    """If the socket's mode is loosened by mistake, the peer-credential check still refuses."""
    from runtime import decode

    async with running_daemon() as daemon:
        os.chmod(daemon.config.socket.parent, 0o755)
        os.chmod(daemon.config.socket, 0o666)
        answer = await trio.to_thread.run_sync(_as_nobody, str(daemon.config.socket))
    assert answer.startswith("reply ")
    reply = decode(bytes.fromhex(answer.split()[1]))
    assert "refused" == reply.code
    assert reply.message.startswith("uid 65534 (pid ")
    assert reply.message.endswith(f"may not control this daemon: it belongs to uid {os.getuid()}")


def test_the_daemon_api_is_pinned_and_sorted():
    """runtime.daemon's public names are the agreed ones, in ruff's RUF022 order."""
    import runtime.daemon

    assert [
        "ENGINES", "BatchFinished", "Daemon", "DaemonConfig", "DaemonError", "ErrorReply",
        "FrameChannel", "Lagged", "LogEvent", "LogHub", "Records", "ResultsReply",
        "ResultsRequest", "RunAccepted", "RunRequest", "SessionRecord", "ShutdownRequest",
        "StatusReply", "StatusRequest", "StopReply", "StopRequest", "TailRequest",
        "TailStarted", "connect", "default_database", "default_socket", "format_line",
        "matches", "open_daemon", "request", "run_daemon",
    ] == runtime.daemon.__all__
    assert all(hasattr(runtime.daemon, name) for name in runtime.daemon.__all__)


async def test_a_client_that_leaves_mid_run_leaves_the_batch_running():
    """Hanging up on a followed run frees the connection; the daemon plays the batch out."""
    async with running_daemon() as daemon:
        async with raw_connection(daemon) as channel:
            await channel.send(RunRequest("faulty", games=4, concurrency=2, engine="inline",
                                          parameters=(("delay", "0.01"),)))
            accepted = await channel.receive()
        with trio.fail_after(20):
            while daemon.sessions or daemon._connections:
                await trio.sleep(0.02)
        rows = daemon.records.results(batch=accepted.batch, limit=0)
    assert ["win"] * 4 == [r.outcome for r in rows]


async def test_a_broken_plugin_is_refused_and_the_daemon_goes_on():
    """A plugin that can't be imported, or whose planning raises, gets an error reply and
    leaves the daemon serving."""
    games = (("broken", "daemon_doubles:BROKEN"), ("missing", "no_such_module:PLUGIN"))
    async with running_daemon(extra_games=games) as daemon:
        broken = await ask(daemon, RunRequest("broken", engine="inline"))
        missing = await ask(daemon, RunRequest("missing", engine="inline"))
        status = await ask(daemon, StatusRequest())
    assert ErrorReply("bad-parameter", "the broken plugin could not plan a session: "
                      "RuntimeError('this plugin is broken')") == broken
    assert "unknown-game" == missing.code
    assert missing.message.startswith("game 'missing' from 'no_such_module:PLUGIN' could not "
                                      "be loaded: No module named 'no_such_module'")
    assert isinstance(status, StatusReply)
