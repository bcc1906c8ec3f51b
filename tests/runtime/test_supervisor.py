"""Supervision: one-for-one restarts within a limit, crashes logged, cancellation untouched."""

from __future__ import annotations

import io
import json

import pytest
import structlog
import trio
import trio.testing
from structlog.testing import capture_logs

from runtime import (
    Activation,
    AgentSpec,
    BoardView,
    Expert,
    GameAdapter,
    GameResult,
    KnowledgeSource,
    Observed,
    Proposal,
    RestartLimitError,
    RestartPolicy,
    Session,
    configure_logging,
    open_supervisor,
    record_cause,
)
from runtime._supervisor import ActorStatistics, cause_of


class Fatal(BaseException):
    """Not an Exception: no restart policy may catch it."""


class Always(Expert):
    name = "always"

    def propose(self, view: BoardView) -> Proposal:
        return Proposal("wait", "nothing better to do")


async def test_crashed_actor_is_restarted_and_its_sibling_untouched():
    """One-for-one: only the crashed actor starts again; the sibling keeps running."""
    starts = {"flaky": 0, "steady": 0}
    steady_done = trio.Event()

    async def flaky() -> None:
        starts["flaky"] += 1
        if starts["flaky"] == 1:
            raise RuntimeError("first run fails")

    async def steady() -> None:
        starts["steady"] += 1
        await steady_done.wait()

    with capture_logs():
        async with open_supervisor(RestartPolicy(max_restarts=1, within=5)) as supervisor:
            supervisor.start_soon("flaky", flaky)
            supervisor.start_soon("steady", steady)
            await trio.testing.wait_all_tasks_blocked()
            assert {"flaky": 2, "steady": 1} == starts
            steady_done.set()
    assert (
        ActorStatistics("flaky", crashes=1, restarts=1, running=False),
        ActorStatistics("steady", crashes=0, restarts=0, running=False),
    ) == supervisor.statistics()


async def test_restart_limit_raises_and_cancels_the_siblings(autojump_clock):
    """Past max_restarts within the window the whole group stops with RestartLimitError."""
    sibling_cancelled = []
    body_cancelled = []

    async def doomed() -> None:
        raise ValueError("bad state")

    async def sibling() -> None:
        try:
            await trio.sleep_forever()
        except trio.Cancelled:
            sibling_cancelled.append(True)
            raise

    with capture_logs() as logs, pytest.raises(
        RestartLimitError,
        match=r"^actor 'doomed' crashed 3 times within 5s, more than its restart policy "
        r"allows; last error: ValueError\('bad state'\)$",
    ) as caught:
        async with open_supervisor(RestartPolicy(max_restarts=2, within=5)) as supervisor:
            supervisor.start_soon("sibling", sibling)
            supervisor.start_soon("doomed", doomed)
            try:
                await trio.sleep_forever()
            except trio.Cancelled:
                body_cancelled.append(True)
                raise
    assert ([True], [True]) == (sibling_cancelled, body_cancelled)
    error = caught.value
    assert ("doomed", 3, 5.0) == (error.actor, error.restarts, error.window)
    assert isinstance(error.last, ValueError) and error.__cause__ is error.last
    assert ["restart", "restart", "stop"] == [
        e["action"] for e in logs if e["event"] == "actor.crashed"
    ]


async def test_zero_restarts_stops_at_the_first_crash():
    """max_restarts=0 means the first crash ends the group."""
    with capture_logs(), pytest.raises(RestartLimitError, match=r"crashed 1 times within"):
        async with open_supervisor(RestartPolicy(max_restarts=0)) as supervisor:
            supervisor.start_soon("once", _raise_value_error)
            await trio.sleep_forever()


async def _raise_value_error() -> None:
    raise ValueError("boom")


async def test_crashes_spread_beyond_the_window_do_not_add_up(autojump_clock):
    """Only crashes within ``within`` seconds of each other count toward the limit."""
    runs = []

    async def occasionally_crashes() -> None:
        runs.append(trio.current_time())
        if len(runs) <= 4:
            await trio.sleep(10)
            raise RuntimeError("crash every ten seconds")

    with capture_logs():
        async with open_supervisor(RestartPolicy(max_restarts=1, within=5)) as supervisor:
            supervisor.start_soon("occasional", occasionally_crashes)
    assert 5 == len(runs)
    assert ActorStatistics("occasional", 4, 4, False) == supervisor.statistics()[0]


async def test_crash_is_logged_with_traceback_and_recorded_cause():
    """actor.crashed carries the exception (for its traceback) and the message being handled."""
    error = KeyError("door")

    async def handler() -> None:
        record_cause(error, "observation 12: 'a door appears'")
        raise error

    with capture_logs() as logs, pytest.raises(RestartLimitError):
        async with open_supervisor(RestartPolicy(max_restarts=0)) as supervisor:
            supervisor.start_soon("mapper", handler)
    [event] = [e for e in logs if e["event"] == "actor.crashed"]
    assert {
        "event": "actor.crashed",
        "log_level": "error",
        "actor": "mapper",
        "error": "KeyError('door')",
        "cause": "observation 12: 'a door appears'",
        "crashes_in_window": 1,
        "action": "stop",
        "exc_info": error,
    } == event
    assert error.__traceback__ is not None


async def test_crash_traceback_is_rendered_in_the_json_log():
    """With the runtime's JSON logging, a crash line holds the traceback down to the
    actor's failing frame, and the cause."""
    stream = io.StringIO()
    configure_logging(level="info", stream=stream, json=True)
    try:

        async def parse_screen() -> None:
            error = IndexError("row 25 of a 24-row screen")
            record_cause(error, "screen frame 7")
            raise error

        with pytest.raises(RestartLimitError):
            async with open_supervisor(RestartPolicy(max_restarts=0)) as supervisor:
                supervisor.start_soon("sensor", parse_screen)
    finally:
        structlog.reset_defaults()
    [line] = [json.loads(x) for x in stream.getvalue().splitlines()]
    assert ("actor.crashed", "error", "sensor", "screen frame 7") == (
        line["event"], line["level"], line["actor"], line["cause"]
    )
    [exception] = line["exception"]
    assert ("IndexError", "row 25 of a 24-row screen") == (
        exception["exc_type"], exception["exc_value"]
    )
    assert "parse_screen" == exception["frames"][-1]["name"]


def test_recorded_cause_travels_with_the_exception():
    """record_cause attaches the message being handled; cause_of reads it back."""
    error = ValueError("x")
    record_cause(error, "message 3")
    assert "message 3" == cause_of(error)
    assert cause_of(ValueError("y")) is None


async def test_cancellation_is_never_swallowed_or_restarted(autojump_clock):
    """Cancelling from outside ends every actor once: no crash logged, no restart."""
    starts = []

    async def sleeper() -> None:
        starts.append(1)
        await trio.sleep_forever()

    with capture_logs() as logs, trio.move_on_after(1) as scope:
        async with open_supervisor() as supervisor:
            supervisor.start_soon("a", sleeper)
            supervisor.start_soon("b", sleeper)
            await trio.sleep_forever()
    assert scope.cancelled_caught
    assert [1, 1] == starts
    assert [] == [e for e in logs if e["event"] == "actor.crashed"]
    assert all(s.crashes == 0 for s in supervisor.statistics())


async def test_actor_raising_cancelled_itself_is_not_restarted(autojump_clock):
    """An actor cancelled by its own scope's deadline inside is Cancelled, not a crash."""
    starts = []

    async def actor() -> None:
        starts.append(1)
        with trio.move_on_after(1):
            await trio.sleep_forever()

    with capture_logs() as logs:
        async with open_supervisor() as supervisor:
            supervisor.start_soon("a", actor)
    assert [1] == starts
    assert [] == logs


async def test_base_exception_passes_through_unrestarted():
    """What the policy doesn't name (a BaseException) propagates, without a restart."""
    starts = []

    async def fatal() -> None:
        starts.append(1)
        raise Fatal()

    with pytest.raises(Fatal):
        async with open_supervisor() as supervisor:
            supervisor.start_soon("fatal", fatal)
            await trio.sleep_forever()
    assert [1] == starts


async def test_body_exception_reaches_the_caller_unwrapped():
    """An error in the block's body comes out as itself, not in an exception group."""
    with pytest.raises(LookupError, match=r"^from the body$"):
        async with open_supervisor() as supervisor:
            supervisor.start_soon("idle", trio.sleep_forever)
            raise LookupError("from the body")


async def test_actor_names_are_unique():
    """Starting a second actor under a name already in use is refused."""
    with pytest.raises(ValueError, match=r"^an actor named 'a' is already supervised here$"):
        async with open_supervisor() as supervisor:
            supervisor.start_soon("a", trio.sleep_forever)
            supervisor.start_soon("a", trio.sleep_forever)


def test_restart_policy_validates_its_limits():
    """Negative restarts or a non-positive window are refused."""
    with pytest.raises(ValueError, match=r"^'max_restarts' must be >= 0: -1$"):
        RestartPolicy(max_restarts=-1)
    with pytest.raises(ValueError, match=r"^'within' must be > 0: 0$"):
        RestartPolicy(within=0)


# -- a session whose knowledge source always crashes ------------------------------


class RecordingAdapter(GameAdapter):
    """A game that never ends on its own, recording whether it was closed."""

    game = "recording"

    def __init__(self) -> None:
        self.started = False
        self.closed = False
        self.actions: list = []

    async def start(self) -> None:
        self.started = True
        await trio.lowlevel.checkpoint()

    async def observe(self) -> Observed:
        await trio.lowlevel.checkpoint()
        return Observed(len(self.actions))

    async def act(self, action) -> None:
        self.actions.append(action)
        await trio.lowlevel.checkpoint()

    def result(self) -> GameResult:
        return GameResult("unfinished", 0.0, len(self.actions))

    async def aclose(self) -> None:
        self.closed = True
        await trio.lowlevel.checkpoint()


class AlwaysCrashes(KnowledgeSource):
    name = "doomed"
    reads = frozenset({"observation"})

    async def activate(self, activation: Activation) -> None:
        raise ZeroDivisionError("the sensor divides by zero")


async def test_session_with_an_always_crashing_source_ends_crashed(autojump_clock):
    """The restart limit ends the session as "crashed" with the cause and the message that
    caused the last crash, and closes the game."""
    adapter = RecordingAdapter()
    agent = AgentSpec("crashy", "1", knowledge_sources=(AlwaysCrashes,), experts=(Always,))
    session = Session(adapter, agent, seed=3, restart_policy=RestartPolicy(2, within=60))
    with capture_logs() as logs:
        result = await session.run()
    assert "crashed" == result.outcome
    assert (
        "actor 'doomed' crashed 3 times within 60s, more than its restart policy allows; "
        "last error: ZeroDivisionError('the sensor divides by zero') while handling "
        "activation of 'doomed' for generation 3 (changed: observation)"
    ) == result.cause
    assert adapter.started and adapter.closed
    causes = [e["cause"] for e in logs if e["event"] == "actor.crashed"]
    assert [
        "activation of 'doomed' for generation 1 (changed: observation)",
        "activation of 'doomed' for generation 2 (changed: observation)",
        "activation of 'doomed' for generation 3 (changed: observation)",
    ] == causes
