"""The generation barrier: the arbiter decides for generation g only when the
knowledge sources activated by g have all finished with it.

Algorithm. Each generation g keeps a count of outstanding activations. An
activation is counted *synchronously, at the moment of the write that causes it*
(the blackboard calls the scheduler before ``write`` returns), and released when
the source finishes, fails, or overruns its budget. A source activated by g that
writes an entry activates that entry's readers before it is itself released, so
the count for g can only reach zero when the whole cascade is done. The arbiter
waits for zero.

Rejected alternatives. Waiting for the bus to go quiet ("no message for 5 ms")
is slow and wrong under load. Having sources announce completion on the bus makes
the count race the announcement: a reader activated through the bus might be
counted after the arbiter saw zero. Counting at write time has neither problem.

A source that never finishes must not hold the arbiter forever: each activation
has a budget, after which the runner abandons it and releases it here, and
:meth:`wait_settled` has its own timeout as a last resort, reporting who is late.
"""

from __future__ import annotations

from collections import defaultdict

import attrs
import structlog
import trio

_log = structlog.get_logger("belligerent.barrier")


@attrs.frozen
class BarrierStatistics:
    """Outstanding activations per generation, by source name."""

    pending: tuple[tuple[int, tuple[str, ...]], ...]


class GenerationBarrier:
    """Counts outstanding knowledge-source activations per generation."""

    def __init__(self) -> None:
        self._pending: defaultdict[int, dict[str, int]] = defaultdict(dict)
        self._settled: dict[int, trio.Event] = {}

    def activate(self, source: str, generation: int) -> None:
        """Count one activation of ``source`` for ``generation``. Never blocks."""
        sources = self._pending[generation]
        sources[source] = sources.get(source, 0) + 1

    def release(self, source: str, generation: int) -> None:
        """``source`` is done with one activation for ``generation``."""
        sources = self._pending.get(generation)
        if sources is None or source not in sources:
            raise ValueError(
                f"{source!r} released generation {generation} without being activated for it"
            )
        remaining = sources[source] - 1
        if remaining:
            sources[source] = remaining
            return
        del sources[source]
        if not sources:
            del self._pending[generation]
            event = self._settled.pop(generation, None)
            if event is not None:
                event.set()

    def outstanding(self, generation: int) -> tuple[str, ...]:
        """The sources still working on ``generation``, sorted."""
        return tuple(sorted(self._pending.get(generation, ())))

    def is_settled(self, generation: int) -> bool:
        return generation not in self._pending

    async def wait_settled(self, generation: int, timeout: float = float("inf")) -> bool:
        """Wait until no activation for ``generation`` is outstanding.

        Returns True when settled, False if ``timeout`` seconds passed first (the
        late sources are logged as ``barrier.timeout``). Cancellation leaves the
        barrier unchanged.
        """
        if generation not in self._pending:
            await trio.lowlevel.checkpoint()
            return True
        event = self._settled.get(generation)
        if event is None:
            event = self._settled[generation] = trio.Event()
        with trio.move_on_after(timeout):
            await event.wait()
            return True
        _log.warning(
            "barrier.timeout",
            generation=generation,
            waiting_for=self.outstanding(generation),
            timeout=timeout,
        )
        return False

    def statistics(self) -> BarrierStatistics:
        return BarrierStatistics(
            pending=tuple(
                (gen, tuple(sorted(sources))) for gen, sources in sorted(self._pending.items())
            )
        )
