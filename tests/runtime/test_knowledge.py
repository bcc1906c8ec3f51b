"""Knowledge sources: activated by writes to what they read, one generation at a time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import structlog
import trio
from structlog.testing import capture_logs

from runtime import (
    Activation,
    Blackboard,
    GenerationBarrier,
    KnowledgeSource,
    UndeclaredAccessError,
    open_supervisor,
)
from runtime._knowledge import Activator, KnowledgeSourceRunner


@asynccontextmanager
async def running(
    board: Blackboard, barrier: GenerationBarrier, *factories, policy=None
) -> AsyncIterator[list[KnowledgeSourceRunner]]:
    """Run knowledge sources under a supervisor, as a session does, for the block."""
    runners = [KnowledgeSourceRunner(factory, board, barrier) for factory in factories]
    Activator(board, runners)
    async with open_supervisor(policy) as supervisor:
        for runner in runners:
            supervisor.start_soon(runner.name, runner.run)
        yield runners
        supervisor.cancel()


def recorder(log: list, *, name: str, reads: set[str], writes: set[str] = frozenset(),
             delay: float = 0.0):
    """A source class that logs ``(generation, changed)`` and copies its reads to its write."""

    class Recorder(KnowledgeSource):
        async def activate(self, activation: Activation) -> None:
            log.append((activation.generation, activation.changed))
            inputs = tuple(activation.read(n) for n in sorted(type(self).reads))
            if delay:
                await trio.sleep(delay)
            for entry in sorted(type(self).writes):
                await activation.write(entry, inputs)

    Recorder.name = name
    Recorder.reads = frozenset(reads)
    Recorder.writes = frozenset(writes)
    return Recorder


async def test_source_is_activated_by_a_write_to_what_it_reads_and_nothing_else():
    """Writing an entry the source doesn't read leaves it idle; writing one it reads wakes it."""
    board, barrier, log = Blackboard(), GenerationBarrier(), []
    async with running(board, barrier, recorder(log, name="k", reads={"a"}, writes={"b"})):
        board.write_nowait("other", 1, writer="adapter", generation=1)
        assert barrier.is_settled(1)
        await barrier.wait_settled(1)
        await trio.testing.wait_all_tasks_blocked()
        assert [] == log

        board.write_nowait("a", "x", writer="adapter", generation=2)
        assert ("k",) == barrier.outstanding(2)
        assert await barrier.wait_settled(2)
        assert [(2, frozenset({"a"}))] == log
        assert (("x",), "k", 2) == (board.read("b"), board.entry("b").writer,
                                   board.entry("b").generation)


async def test_source_is_not_activated_by_its_own_writes():
    """A source that reads and writes the same entry runs once per outside write, not forever."""
    board, barrier, log = Blackboard(), GenerationBarrier(), []
    async with running(board, barrier, recorder(log, name="k", reads={"a"}, writes={"a"})):
        board.write_nowait("a", 0, writer="adapter", generation=1)
        assert await barrier.wait_settled(1, timeout=1)
        await trio.testing.wait_all_tasks_blocked()
    assert [(1, frozenset({"a"}))] == log
    assert 2 == board.entry("a").version


async def test_unnamed_source_is_not_activated_by_its_own_writes(autojump_clock):
    """A source that leaves ``name`` unset writes as its class name and is still not
    woken by its own writes (it used to wake itself forever)."""

    class Counter(KnowledgeSource):
        reads = frozenset({"n"})
        writes = frozenset({"n"})

        async def activate(self, activation: Activation) -> None:
            await activation.write("n", activation.read("n") + 1)

    board, barrier = Blackboard(), GenerationBarrier()
    async with running(board, barrier, Counter):
        board.write_nowait("n", 0, writer="adapter", generation=1)
        assert await barrier.wait_settled(1, timeout=1)
    assert (1, "Counter") == (board.read("n"), board.entry("n").writer)


class TestDeclaredAccess:
    class Source(KnowledgeSource):
        name = "k"
        reads = frozenset({"b", "a"})
        writes = frozenset({"out"})

        async def activate(self, activation: Activation) -> None:  # pragma: no cover
            pass

    def test_undeclared_read_raises(self):
        """Reading an entry missing from ``reads`` names the source, the entry and the fix."""
        activation = Activation(self.Source(), Blackboard(), 1, frozenset({"a"}))
        with pytest.raises(
            UndeclaredAccessError,
            match=r"^knowledge source 'k' read 'secret', which is not among its declared "
            r"reads \['a', 'b'\]; add it to `reads`$",
        ):
            activation.read("secret")

    async def test_undeclared_write_raises_and_writes_nothing(self):
        """Writing an entry missing from ``writes`` is refused before the board changes."""
        board = Blackboard()
        activation = Activation(self.Source(), board, 1, frozenset({"a"}))
        with pytest.raises(
            UndeclaredAccessError,
            match=r"^knowledge source 'k' wrote 'a', which is not among its declared "
            r"writes \['out'\]; add it to `writes`$",
        ):
            await activation.write("a", 1)
        assert board.entry("a") is None

    async def test_declared_write_is_tagged_with_the_activation_generation(self):
        """A source writes as itself, for the generation it was activated by."""
        board = Blackboard()
        activation = Activation(self.Source(), board, 7, frozenset({"a"}))
        entry = await activation.write("out", "v")
        assert ("k", 7) == (entry.writer, entry.generation)


async def test_changes_in_one_generation_are_coalesced_into_one_activation():
    """Three inputs written for one generation before the source runs wake it once."""
    board, barrier, log = Blackboard(), GenerationBarrier(), []
    async with running(board, barrier, recorder(log, name="k", reads={"a", "b", "c"})):
        for name in "abc":
            board.write_nowait(name, 1, writer="adapter", generation=1)
        assert ("k",) == barrier.outstanding(1)
        assert await barrier.wait_settled(1)
    assert [(1, frozenset("abc"))] == log


async def test_generations_are_processed_oldest_first():
    """Activations queued for several generations run in generation order."""
    board, barrier, log = Blackboard(), GenerationBarrier(), []
    async with running(board, barrier, recorder(log, name="k", reads={"a", "b", "c"})):
        board.write_nowait("c", 1, writer="adapter", generation=3)
        board.write_nowait("a", 1, writer="adapter", generation=1)
        board.write_nowait("b", 1, writer="adapter", generation=2)
        assert await barrier.wait_settled(3)
    assert [1, 2, 3] == [generation for generation, _ in log]


async def test_input_written_while_the_source_runs_activates_it_again(autojump_clock):
    """A source whose input changes mid-activation runs again for that generation, so what
    it leaves on the board reflects its inputs' final values (it used to miss the change)."""
    board, barrier, slow_log, fast_log = Blackboard(), GenerationBarrier(), [], []
    fast = recorder(fast_log, name="fast", reads={"obs"}, writes={"b"}, delay=1)
    slow = recorder(slow_log, name="slow", reads={"obs", "b"}, writes={"out"}, delay=1.5)
    async with running(board, barrier, fast, slow):
        board.write_nowait("obs", "o1", writer="adapter", generation=1)
        assert await barrier.wait_settled(1)
    assert [(1, frozenset({"obs"})), (1, frozenset({"b"}))] == slow_log
    assert (("o1",), "o1") == board.read("out")


class TestFailures:
    def crashing(self, instances: list):
        class Crashing(KnowledgeSource):
            name = "fragile"
            reads = frozenset({"a"})

            def __init__(self, seed: int = 0) -> None:
                super().__init__(seed)
                instances.append(self)

            async def activate(self, activation: Activation) -> None:
                if activation.read("a") == "boom":
                    raise ValueError("cannot parse 'boom'")

        return Crashing

    async def test_failing_source_releases_the_barrier_is_logged_and_restarted(
        self, autojump_clock
    ):
        """A crash frees the barrier, is logged with its cause, and a fresh source takes over."""
        board, barrier, instances = Blackboard(), GenerationBarrier(), []
        async with running(board, barrier, self.crashing(instances)) as [runner]:
            with capture_logs() as logs:
                board.write_nowait("a", "boom", writer="adapter", generation=1)
                with trio.fail_after(1):
                    assert await barrier.wait_settled(1)
                await trio.testing.wait_all_tasks_blocked()
            board.write_nowait("a", "fine", writer="adapter", generation=2)
            assert await barrier.wait_settled(2)
            assert (2, 1) == (runner.runs, runner.failures)
        [crash] = [e for e in logs if e["event"] == "actor.crashed"]
        assert "fragile" == crash["actor"]
        assert "activation of 'fragile' for generation 1 (changed: a)" == crash["cause"]
        assert "restart" == crash["action"]
        assert isinstance(crash["exc_info"], ValueError)
        assert "ValueError(\"cannot parse 'boom'\")" == crash["error"]
        assert 2 == len(instances)
        assert instances[1] is runner.source

    async def test_activation_queued_behind_a_crash_is_not_lost(self, autojump_clock):
        """A generation waiting while an earlier one crashes still runs after the restart."""
        board, barrier, log = Blackboard(), GenerationBarrier(), []

        class Flaky(KnowledgeSource):
            name = "flaky"
            reads = frozenset({"a", "b"})

            async def activate(self, activation: Activation) -> None:
                log.append(activation.generation)
                if activation.generation == 1:
                    raise RuntimeError("first one fails")

        with capture_logs():
            async with running(board, barrier, Flaky):
                board.write_nowait("a", 1, writer="adapter", generation=1)
                board.write_nowait("b", 1, writer="adapter", generation=2)
                assert await barrier.wait_settled(2, timeout=1)
        assert [1, 2] == log

    async def test_overrunning_source_is_logged_and_skipped(self, autojump_clock):
        """An activation past its budget is abandoned, logged as ks.overrun, and the next
        generation is handled normally."""
        board, barrier, log = Blackboard(), GenerationBarrier(), []

        class Slow(KnowledgeSource):
            name = "slow"
            reads = frozenset({"a"})
            writes = frozenset({"done"})
            budget = 1.5

            async def activate(self, activation: Activation) -> None:
                log.append(activation.generation)
                if activation.generation == 1:
                    await trio.sleep_forever()
                await activation.write("done", activation.generation)

        async with running(board, barrier, Slow) as [runner]:
            with capture_logs(processors=[structlog.contextvars.merge_contextvars]) as logs:
                start = trio.current_time()
                board.write_nowait("a", 1, writer="adapter", generation=1)
                assert await barrier.wait_settled(1)
                assert 1.5 == trio.current_time() - start
            board.write_nowait("a", 2, writer="adapter", generation=2)
            assert await barrier.wait_settled(2)
        assert [
            {"event": "ks.overrun", "log_level": "warning", "actor": "slow", "generation": 1,
             "changed": ["a"], "budget": 1.5}
        ] == logs
        assert [1, 2] == log
        assert (1, 2) == (runner.overruns, board.read("done"))
        assert board.entry("done").generation == 2
