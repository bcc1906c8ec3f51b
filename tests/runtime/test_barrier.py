"""The generation barrier: the arbiter sees generation g only once g's whole cascade is done."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
import trio
import trio.testing
from hypothesis import given, register_random, settings
from hypothesis import strategies as st
from structlog.testing import capture_logs

from runtime import Activation, Blackboard, Bus, GenerationBarrier, KnowledgeSource
from runtime._knowledge import Activator, KnowledgeSourceRunner

# trio breaks ties between runnable tasks with its own Random instance; letting
# Hypothesis seed it makes a failing schedule reproducible. (Private, hence guarded.)
_trio_random = getattr(trio._core._run, "_r", None)
if isinstance(_trio_random, random.Random):
    register_random(_trio_random)


class TestCounting:
    async def test_settled_when_nothing_was_activated(self):
        """A generation nobody was activated for is settled at once."""
        barrier = GenerationBarrier()
        assert barrier.is_settled(1)
        assert await barrier.wait_settled(1)

    async def test_settles_when_the_last_activation_is_released(self):
        """wait_settled returns only after every counted activation is released."""
        barrier = GenerationBarrier()
        barrier.activate("a", 1)
        barrier.activate("b", 1)
        barrier.activate("b", 1)
        settled = []
        async with trio.open_nursery() as nursery:

            async def waiter() -> None:
                settled.append(await barrier.wait_settled(1))

            nursery.start_soon(waiter)
            for source in ["a", "b"]:
                barrier.release(source, 1)
                await trio.testing.wait_all_tasks_blocked()
                assert [] == settled
                assert not barrier.is_settled(1)
            assert ("b",) == barrier.outstanding(1)
            barrier.release("b", 1)
        assert [True] == settled
        assert () == barrier.outstanding(1)

    async def test_generations_are_counted_separately(self):
        """Work outstanding for a later generation doesn't hold an earlier one."""
        barrier = GenerationBarrier()
        barrier.activate("a", 1)
        barrier.activate("a", 2)
        barrier.release("a", 1)
        assert await barrier.wait_settled(1)
        assert not barrier.is_settled(2)
        assert ((2, ("a",)),) == barrier.statistics().pending

    def test_release_without_activation_is_refused(self):
        """Releasing what was never counted is a bookkeeping bug, reported by name."""
        with pytest.raises(
            ValueError, match=r"^'a' released generation 3 without being activated for it$"
        ):
            GenerationBarrier().release("a", 3)

    async def test_timeout_reports_the_late_sources(self, autojump_clock):
        """Past its timeout wait_settled returns False and logs who is still working."""
        barrier = GenerationBarrier()
        barrier.activate("slow", 4)
        barrier.activate("slower", 4)
        with capture_logs() as logs:
            start = trio.current_time()
            assert not await barrier.wait_settled(4, timeout=2.5)
            assert 2.5 == trio.current_time() - start
        assert [
            {"event": "barrier.timeout", "log_level": "warning", "generation": 4,
             "waiting_for": ("slow", "slower"), "timeout": 2.5}
        ] == logs
        barrier.release("slow", 4)
        barrier.release("slower", 4)
        assert await barrier.wait_settled(4, timeout=0.1)

    async def test_cancelled_wait_leaves_the_barrier_unchanged(self):
        """A cancelled waiter doesn't settle or forget the generation."""
        barrier = GenerationBarrier()
        barrier.activate("a", 1)
        with trio.move_on_after(0) as scope:
            await barrier.wait_settled(1)
        assert scope.cancelled_caught
        assert ("a",) == barrier.outstanding(1)
        barrier.release("a", 1)
        assert await barrier.wait_settled(1)


# -- the property: random cascades, random schedules --------------------------------

EXTERNAL = ("obs", "aux")
#: Pauses a source takes: 0 is a bare checkpoint, others are sleeps (virtual time).
PAUSES = (0, 0, 0.001, 0.01, 0.1)


@attrs.frozen
class SourceSpec:
    name: str
    reads: frozenset[str]
    output: str
    before_read: tuple[float, ...]
    after_read: tuple[float, ...]
    #: Write a provisional value first, then the final one (after the pauses).
    provisional: bool
    #: Generations in which this source writes nothing.
    silent_in: frozenset[int]


@attrs.frozen
class Scenario:
    sources: tuple[SourceSpec, ...]
    #: Order the runners are created in (a permutation of the sources).
    order: tuple[int, ...]
    #: Per generation, the external entries written, in the order written.
    generations: tuple[tuple[str, ...], ...]


@st.composite
def scenarios(draw) -> Scenario:
    n = draw(st.integers(min_value=1, max_value=6))
    n_generations = draw(st.integers(min_value=1, max_value=4))
    pauses = st.lists(st.sampled_from(PAUSES), max_size=3).map(tuple)
    sources = []
    for i in range(n):
        # A source reads external entries and earlier sources' outputs: a random DAG.
        candidates = [*EXTERNAL, *(f"e{j}" for j in range(i))]
        reads = draw(st.frozensets(st.sampled_from(candidates), min_size=1, max_size=3))
        sources.append(
            SourceSpec(
                name=f"s{i}",
                reads=reads,
                output=f"e{i}",
                before_read=draw(pauses),
                after_read=draw(pauses),
                provisional=draw(st.booleans()),
                silent_in=draw(
                    st.frozensets(st.integers(min_value=1, max_value=n_generations))
                ),
            )
        )
    order = tuple(draw(st.permutations(range(n))))
    generations = tuple(
        tuple(draw(st.permutations(sorted(draw(st.sets(st.sampled_from(EXTERNAL), min_size=1))))))
        for _ in range(n_generations)
    )
    return Scenario(tuple(sources), order, generations)


class Tracker:
    """What the sources did, as seen from inside their activations."""

    def __init__(self) -> None:
        self.started: Counter[tuple[str, int]] = Counter()
        self.finished: Counter[tuple[str, int]] = Counter()
        self.wrote: set[tuple[str, int]] = set()


async def pause(seconds: float) -> None:
    if seconds:
        await trio.sleep(seconds)
    else:
        await trio.lowlevel.checkpoint()


def source_class(spec: SourceSpec, tracker: Tracker) -> type[KnowledgeSource]:
    class Source(KnowledgeSource):
        name = spec.name
        reads = spec.reads
        writes = frozenset({spec.output})

        async def activate(self, activation: Activation) -> None:
            key = (spec.name, activation.generation)
            tracker.started[key] += 1
            try:
                for seconds in spec.before_read:
                    await pause(seconds)
                # The output names the version of every input it was derived from.
                inputs = tuple(
                    (name, activation.entry(name).version if activation.entry(name) else 0)
                    for name in sorted(spec.reads)
                )
                if activation.generation in spec.silent_in:
                    return
                if spec.provisional:
                    await activation.write(spec.output, ("provisional", inputs))
                for seconds in spec.after_read:
                    await pause(seconds)
                await activation.write(spec.output, ("final", inputs))
                tracker.wrote.add(key)
            finally:
                tracker.finished[key] += 1

    return Source


def check_settled(scenario: Scenario, board: Blackboard, barrier: GenerationBarrier,
                  tracker: Tracker, generation: int, written: set[str]) -> None:
    """What the arbiter may rely on once ``wait_settled(generation)`` returns."""
    assert barrier.is_settled(generation)
    # Every activation for g has finished: none is still running, none half done.
    for spec in scenario.sources:
        key = (spec.name, generation)
        assert tracker.started[key] == tracker.finished[key], f"{spec.name} still running"
    # Every source whose input changed in g was activated for g.
    for spec in scenario.sources:
        if spec.reads & written:
            assert tracker.started[(spec.name, generation)] > 0, f"{spec.name} never ran"
    # Every entry g's cascade wrote is at generation g, in its final form, and was derived
    # from the inputs as they are now: nobody reasoned over a half-updated world.
    for spec in scenario.sources:
        if (spec.name, generation) not in tracker.wrote:
            continue
        entry = board.entry(spec.output)
        assert generation == entry.generation
        current = tuple(
            (name, board.entry(name).version if board.entry(name) else 0)
            for name in sorted(spec.reads)
        )
        assert ("final", current) == entry.value, f"{spec.name} is stale"


async def play(scenario: Scenario) -> int:
    """Run ``scenario``, checking every generation once it settles; how many were checked."""
    checked = 0
    tracker = Tracker()
    board = Blackboard(Bus())
    barrier = GenerationBarrier()
    classes = [source_class(spec, tracker) for spec in scenario.sources]
    runners = [KnowledgeSourceRunner(classes[i], board, barrier) for i in scenario.order]
    Activator(board, runners)
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            for runner in runners:
                nursery.start_soon(runner.run)
            for generation, externals in enumerate(scenario.generations, start=1):
                for name in externals:
                    await board.write(name, generation, writer="adapter",
                                      generation=generation)
                assert await barrier.wait_settled(generation)
                written = set(externals) | {
                    spec.output for spec in scenario.sources
                    if (spec.name, generation) in tracker.wrote
                }
                check_settled(scenario, board, barrier, tracker, generation, written)
                checked += 1
            nursery.cancel_scope.cancel()
    return checked


@given(scenarios())
@settings(max_examples=100, deadline=None)
def test_settled_generation_is_never_half_updated(scenario):
    """Whatever the cascade and schedule, when wait_settled(g) returns every source activated
    for g has finished and every entry g's cascade wrote is final, at g, and up to date."""
    checked = trio.run(play, scenario, clock=trio.testing.MockClock(autojump_threshold=0))
    assert checked == len(scenario.generations)
