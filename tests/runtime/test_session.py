"""Sessions: one game, one agent, a result record however it ends, and the game closed."""

from __future__ import annotations

import time

import pytest
import structlog
import trio
import trio.testing
from structlog.testing import capture_logs

from runtime import (
    ACTED,
    DECISION_TOPIC,
    OBSERVATION,
    Activation,
    AgentSpec,
    BoardView,
    Decision,
    Expert,
    GameAdapter,
    GameOver,
    GameProcessError,
    GameResult,
    KnowledgeSource,
    Observed,
    Overflow,
    Proposal,
    Session,
    SessionResult,
)


class ScriptedAdapter(GameAdapter):
    """A counting game: observation i is the number i; the game ends after ``length`` turns.

    ``fail_at`` makes the i-th observe raise GameProcessError; ``hang_at`` makes it block
    forever; ``over_at`` makes the i-th act raise GameOver.
    """

    game = "counting"

    def __init__(self, length: int = 3, *, fail_at=None, hang_at=None, over_at=None) -> None:
        self.length = length
        self.fail_at = fail_at
        self.hang_at = hang_at
        self.over_at = over_at
        self.observed = 0
        self.actions: list = []
        self.started = False
        self.closed = False

    async def start(self) -> None:
        self.started = True
        await trio.lowlevel.checkpoint()

    async def observe(self) -> Observed:
        await trio.lowlevel.checkpoint()
        self.observed += 1
        if self.observed == self.fail_at:
            raise GameProcessError("game process exited with status 139 (SIGSEGV)")
        if self.observed == self.hang_at:
            await trio.sleep_forever()
        return Observed(self.observed, terminal=self.observed > self.length)

    async def act(self, action) -> None:
        await trio.lowlevel.checkpoint()
        if len(self.actions) + 1 == self.over_at:
            raise GameOver("the game already ended")
        self.actions.append(action)

    def result(self) -> GameResult:
        won = len(self.actions) >= self.length
        return GameResult(
            "win" if won else "unfinished", 10.0 * len(self.actions), len(self.actions),
            (("moves", tuple(self.actions)),),
        )

    async def aclose(self) -> None:
        self.closed = True
        await trio.lowlevel.checkpoint()


class Doubler(KnowledgeSource):
    """Reads the observation, writes twice its value (after thinking a little)."""

    name = "doubler"
    reads = frozenset({OBSERVATION})
    writes = frozenset({"doubled"})

    async def activate(self, activation: Activation) -> None:
        await trio.sleep(0.1)
        await activation.write("doubled", 2 * activation.read(OBSERVATION))


class Echo(Expert):
    """Proposes the doubled observation: wrong whenever it sees a stale one."""

    name = "echo"
    reads = frozenset({"doubled", OBSERVATION})

    def propose(self, view: BoardView) -> Proposal | None:
        doubled = view.entry("doubled")
        assert doubled.generation == view.generation, "decided over a half-updated world"
        return Proposal(doubled.value, f"twice {view.read(OBSERVATION)}")


class Silent(Expert):
    name = "silent"

    def propose(self, view: BoardView) -> None:
        return None


AGENT = AgentSpec("echoer", "2.1", knowledge_sources=(Doubler,), experts=(Silent, Echo))


async def test_session_plays_to_the_end_and_records_the_result(autojump_clock):
    """A full game leaves a record of the game, agent, seed, outcome, score, turns, time."""
    adapter = ScriptedAdapter(3)
    result = await Session(adapter, AGENT, seed=42, session_id="s-1").run()
    assert [2, 4, 6] == adapter.actions
    assert SessionResult(
        session="s-1",
        game="counting",
        agent="echoer",
        agent_version="2.1",
        seed=42,
        outcome="win",
        score=30.0,
        turns=3,
        wall_time=result.wall_time,
        cause="",
        detail=(("moves", (2, 4, 6)),),
    ) == result
    assert isinstance(result.wall_time, float) and result.wall_time >= 0
    assert adapter.started and adapter.closed


async def test_decisions_are_published_on_the_decision_topic(autojump_clock):
    """Watchers on the bus see every decision, in order, with its verdicts."""
    session = Session(ScriptedAdapter(3), AGENT)
    watcher = session.bus.subscribe(DECISION_TOPIC, capacity=16, policy=Overflow.DROP_OLDEST)
    await session.run()
    seen = [watcher.receive_nowait() for _ in range(watcher.statistics().depth)]
    assert [1, 2, 3] == [d.generation for d in seen]
    assert all(isinstance(d, Decision) for d in seen)
    assert [("echo", 2), ("echo", 4), ("echo", 6)] == [(d.expert, d.action) for d in seen]
    assert ("silent", "none", None, "") == seen[0].verdicts[0]
    assert seen[-1] == session.last_decision


class Recall(KnowledgeSource):
    """Writes, with each observation, the action taken on the one before (or None)."""

    name = "recall"
    reads = frozenset({OBSERVATION, ACTED})
    writes = frozenset({"recalled"})

    async def activate(self, activation: Activation) -> None:
        observed, acted = activation.entry(OBSERVATION), activation.entry(ACTED)
        if observed is None or observed.generation != activation.generation:
            return  # the action comes first; wait for its observation
        last = acted.value if acted is not None and acted.generation == observed.generation \
            else None
        await activation.write("recalled", (observed.value, last))


async def test_sources_read_the_action_taken_on_the_previous_observation(autojump_clock):
    """The session writes the last action (ACTED) in the next generation before its
    observation: a source that keeps a clock of game time counts what was done."""
    seen: list = []

    class Recalled(Expert):
        name = "recalled"
        reads = frozenset({"recalled"})

        def propose(self, view: BoardView) -> Proposal:
            observed, last = view.read("recalled")
            seen.append((observed, last))
            return Proposal(observed * 10, "ten times")

    agent = AgentSpec("recaller", "1", knowledge_sources=(Recall,), experts=(Recalled,))
    adapter = ScriptedAdapter(3)
    await Session(adapter, agent).run()
    assert [10, 20, 30] == adapter.actions
    assert [(1, None), (2, 10), (3, 20)] == seen


async def test_session_logs_start_and_end_with_its_context(autojump_clock):
    """session.start and session.end carry the session, game and agent bound as context."""
    session = Session(ScriptedAdapter(1), AGENT, seed=5, session_id="s-2")
    with capture_logs(processors=[structlog.contextvars.merge_contextvars]) as logs:
        await session.run()
    by_event = {e["event"]: e for e in logs}
    for event in ["session.start", "session.end", "decision"]:
        assert ("s-2", "counting", "echoer") == (
            by_event[event]["session"], by_event[event]["game"], by_event[event]["agent"]
        )
    assert ("win", 1, 5) == (
        by_event["session.end"]["outcome"], by_event["session.end"]["turns"],
        by_event["session.end"]["seed"],
    )


async def test_game_process_error_aborts_the_session_with_its_cause(autojump_clock):
    """A failing game process ends the session as "aborted", says why, and is closed."""
    adapter = ScriptedAdapter(5, fail_at=3)
    result = await Session(adapter, AGENT).run()
    assert ("aborted", "game process exited with status 139 (SIGSEGV)") == (
        result.outcome, result.cause
    )
    assert 2 == result.turns
    assert adapter.closed


async def test_game_over_from_the_adapter_ends_the_session_with_a_record(autojump_clock):
    """An adapter reporting the game already over ends the session normally, with the
    game's outcome and the reason (it used to escape Session.run as an exception)."""
    adapter = ScriptedAdapter(5, over_at=2)
    result = await Session(adapter, AGENT).run()
    assert ("unfinished", "the game already ended", 1) == (
        result.outcome, result.cause, result.turns
    )
    assert adapter.closed


async def test_cancellation_still_closes_the_adapter(autojump_clock):
    """A cancelled session propagates the cancellation, stops its actors, and closes the game."""
    adapter = ScriptedAdapter(5, hang_at=2)
    session = Session(adapter, AGENT)
    with trio.move_on_after(10) as scope:
        await session.run()
    assert scope.cancelled_caught
    assert adapter.closed
    assert [2] == adapter.actions


async def test_no_proposal_ends_the_session_stuck(autojump_clock):
    """When no expert proposes anything the session ends "stuck" instead of spinning."""
    agent = AgentSpec("mute", "0", knowledge_sources=(), experts=(Silent,))
    adapter = ScriptedAdapter(3)
    result = await Session(adapter, agent).run()
    assert ("stuck", "no expert proposed an action for generation 1") == (
        result.outcome, result.cause
    )
    assert [] == adapter.actions
    assert adapter.closed


async def test_max_turns_cuts_the_session_short(autojump_clock):
    """max_turns stops after that many decisions, saying so."""
    adapter = ScriptedAdapter(10)
    result = await Session(adapter, AGENT, max_turns=2).run()
    assert ("cut", "stopped after max_turns=2 decisions", 2) == (
        result.outcome, result.cause, result.turns
    )


async def test_slow_source_is_waited_for_until_settle_timeout(autojump_clock):
    """The session waits at the barrier for sources (here 0.1 s) before asking the experts;
    Echo asserts the entry it reads is from the current generation."""
    adapter = ScriptedAdapter(2)
    start = trio.current_time()
    result = await Session(adapter, AGENT).run()
    assert "win" == result.outcome
    assert pytest.approx(0.2) == trio.current_time() - start


class Sleepy(Expert):
    """Proposes, but only after the decision's deadline has passed."""

    name = "sleepy"

    def propose(self, view: BoardView) -> Proposal | None:
        time.sleep(0.03)
        return Proposal("late", "thought too long")


async def test_a_record_counts_the_decisions_taken_without_a_late_expert(autojump_clock):
    """An expert past the deadline is left out of the decision, so the same game may
    come out otherwise on a quieter machine: the record counts such decisions (and
    says nothing when there were none), and each is logged as a warning."""
    quick = await Session(ScriptedAdapter(3), AGENT).run()
    assert "late_decisions" not in dict(quick.detail)
    agent = AgentSpec("echoer", "2.1", knowledge_sources=(Doubler,), experts=(Echo, Sleepy),
                      decision_deadline=0.01)
    adapter = ScriptedAdapter(3)
    with capture_logs() as logs:
        result = await Session(adapter, agent).run()
    assert [2, 4, 6] == adapter.actions  # the quick expert decided every time
    assert 3 == dict(result.detail)["late_decisions"]
    assert "unsettled_decisions" not in dict(result.detail)
    late = [e for e in logs if e["event"] == "decision.late"]
    assert [["sleepy"]] * 3 == [e["experts"] for e in late]


class Constant(Expert):
    name = "constant"

    def propose(self, view: BoardView) -> Proposal | None:
        return Proposal("x", "always x")


async def test_a_record_counts_the_generations_decided_before_the_sources_settled(
        autojump_clock):
    """The doubler takes 0.1 s of a 0.05 s settle timeout: each decision is taken over
    a half-updated board, and the record says how many."""
    agent = AgentSpec("constant", "1", knowledge_sources=(Doubler,), experts=(Constant,),
                      settle_timeout=0.05)
    result = await Session(ScriptedAdapter(3), agent).run()
    assert 3 == dict(result.detail)["unsettled_decisions"]
    assert "late_decisions" not in dict(result.detail)
