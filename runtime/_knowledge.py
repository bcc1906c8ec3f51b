"""Knowledge sources, and the scheduler that activates them when what they read changes.

A knowledge source is an actor that turns lower-level blackboard entries into
higher-level ones (Rog-O-Matic's sensory system, object map, terrain map...). It
declares what it reads and writes as class attributes; the runtime activates it —
Hearsay-II style, never by polling — when an entry it reads is written, and
refuses any access outside its declaration.

Each source runs in its own trio task (a :class:`KnowledgeSourceRunner` under the
session's supervisor). Activations for the same generation are coalesced: if three
of its inputs change for generation g before it runs, it runs once for g with all
three names in :attr:`Activation.changed`. Generations are handled in order.
"""

from __future__ import annotations

import abc
import random
import zlib
from collections.abc import Callable
from typing import Any, ClassVar

import structlog
import trio

from ._barrier import GenerationBarrier
from ._blackboard import Blackboard, Entry
from ._exceptions import UndeclaredAccessError
from ._supervisor import record_cause

_log = structlog.get_logger("belligerent.ks")


def derive_seed(seed: int, name: str) -> int:
    """A stable per-actor seed from the session seed and the actor's name."""
    return (seed * 1_000_003 + zlib.crc32(name.encode())) & 0xFFFFFFFF


class KnowledgeSource(abc.ABC):
    """Base class. Subclasses set ``name``, ``reads``, ``writes`` and implement ``activate``.

    State kept on ``self`` is the source's private memory (it survives between
    activations, not restarts: a restarted source is a fresh instance). What
    others may see goes on the blackboard, as immutable values.
    """

    #: Unique within an agent; used in logs and as the writer of its entries.
    name: ClassVar[str] = ""
    #: Entries whose writes activate this source; the only ones it may read.
    reads: ClassVar[frozenset[str]] = frozenset()
    #: The only entries it may write.
    writes: ClassVar[frozenset[str]] = frozenset()
    #: Seconds one activation may take before it is abandoned (and logged as overrun).
    budget: ClassVar[float] = 2.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abc.abstractmethod
    async def activate(self, activation: Activation) -> None:
        """Read what changed, update private memory, write conclusions."""


class Activation:
    """One run of a knowledge source for one generation: its window on the board."""

    __slots__ = ("source", "generation", "changed", "_board", "_reads", "_writes")

    def __init__(
        self,
        source: KnowledgeSource,
        board: Blackboard,
        generation: int,
        changed: frozenset[str],
    ) -> None:
        # The runner's name for the source: a source that leaves ``name`` unset
        # writes as its class name, so the Activator still recognises its own writes.
        self.source = source.name or type(source).__name__
        self.generation = generation
        self.changed = changed
        self._board = board
        self._reads = type(source).reads
        self._writes = type(source).writes

    def entry(self, name: str) -> Entry | None:
        """The current entry ``name`` (None if never written); must be a declared read."""
        if name not in self._reads:
            raise UndeclaredAccessError(
                f"knowledge source {self.source!r} read {name!r}, which is not among its "
                f"declared reads {sorted(self._reads)}; add it to `reads`"
            )
        return self._board.entry(name, reader=self.source)

    def read(self, name: str, default: Any = None) -> Any:
        """The current value of ``name``; must be a declared read."""
        entry = self.entry(name)
        return default if entry is None else entry.value

    async def write(self, name: str, value: Any) -> Entry:
        """Write ``name`` for this activation's generation; must be a declared write."""
        if name not in self._writes:
            raise UndeclaredAccessError(
                f"knowledge source {self.source!r} wrote {name!r}, which is not among its "
                f"declared writes {sorted(self._writes)}; add it to `writes`"
            )
        return await self._board.write(
            name, value, writer=self.source, generation=self.generation
        )


class KnowledgeSourceRunner:
    """Owns one knowledge source's inbox and runs it; survives the source's restarts.

    :meth:`run` is the actor body the supervisor starts (and restarts after a crash,
    with a fresh source from ``factory``). The inbox lives here, not in the source,
    so activations queued behind a crashing one are not lost.
    """

    def __init__(
        self,
        factory: Callable[..., KnowledgeSource],
        board: Blackboard,
        barrier: GenerationBarrier,
        *,
        seed: int = 0,
    ) -> None:
        self.factory = factory
        self.board = board
        self.barrier = barrier
        probe_name = getattr(factory, "name", "") or ""
        self.seed = derive_seed(seed, probe_name)
        self.source: KnowledgeSource = factory(seed=self.seed)
        self.name = self.source.name or type(self.source).__name__
        self.reads = type(self.source).reads
        self._inbox: dict[int, set[str]] = {}
        self._wakeup = trio.lowlevel.ParkingLot()
        self.runs = 0
        self.overruns = 0
        self.failures = 0

    def enqueue(self, generation: int, name: str) -> None:
        """Note that ``name`` changed in ``generation``; counted at the barrier once."""
        changed = self._inbox.get(generation)
        if changed is None:
            self._inbox[generation] = {name}
            self.barrier.activate(self.name, generation)
            if self._wakeup:
                self._wakeup.unpark()
        else:
            changed.add(name)

    async def run(self) -> None:
        """Handle activations forever, oldest generation first."""
        self.runs += 1
        if self.runs > 1:  # a restart: the crashed instance's memory is suspect
            self.source = self.factory(seed=self.seed + self.runs)
        bound = structlog.contextvars.bound_contextvars(actor=self.name)
        with bound:
            while True:
                while not self._inbox:
                    await self._wakeup.park()
                generation = min(self._inbox)
                # Taken out before running: a write that arrives while the source
                # runs queues a fresh activation instead of joining this one late.
                changed = frozenset(self._inbox.pop(generation))
                activation = Activation(self.source, self.board, generation, changed)
                try:
                    with trio.move_on_after(type(self.source).budget) as scope:
                        await self.source.activate(activation)
                    if scope.cancelled_caught:
                        self.overruns += 1
                        _log.warning(
                            "ks.overrun",
                            generation=generation,
                            changed=sorted(changed),
                            budget=type(self.source).budget,
                        )
                except Exception as exc:
                    self.failures += 1
                    record_cause(exc, f"activation of {self.name!r} for generation "
                                      f"{generation} (changed: {', '.join(sorted(changed))})")
                    raise
                finally:
                    # Failed, overrun or done: the barrier must not wait for it.
                    self.barrier.release(self.name, generation)


class Activator:
    """Routes blackboard writes to the runners that read the written entry."""

    def __init__(self, board: Blackboard, runners: list[KnowledgeSourceRunner]) -> None:
        self._readers: dict[str, list[KnowledgeSourceRunner]] = {}
        for runner in runners:
            for name in runner.reads:
                self._readers.setdefault(name, []).append(runner)
        board.add_listener(self._on_write)

    def _on_write(self, entry: Entry) -> None:
        for runner in self._readers.get(entry.name, ()):
            if runner.name != entry.writer:  # a source is not woken by its own writes
                runner.enqueue(entry.generation, entry.name)
