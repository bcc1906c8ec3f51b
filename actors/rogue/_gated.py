"""Knowledge sources that run once per generation, when all their inputs are in.

The runtime activates a source on each write of an entry it reads, and may do so
twice in one generation (``sensed`` first, ``events`` a moment later). A source
that folds each screen into a memory (the terrain map counts searches) must see
each screen once, with inputs of the same screen: a gated source waits until
every entry in ``gate`` holds the activation's generation, then runs ``update``
exactly once for it.
"""

from __future__ import annotations

from typing import ClassVar

from runtime import Activation, KnowledgeSource


class GatedSource(KnowledgeSource):
    #: Entries that must all be of the activation's generation (default: all reads).
    gate: ClassVar[frozenset[str] | None] = None

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._done = -1

    async def activate(self, activation: Activation) -> None:
        if activation.generation <= self._done:
            return
        for name in self.gate if self.gate is not None else self.reads:
            entry = activation.entry(name)
            if entry is None or entry.generation != activation.generation:
                return
        self._done = activation.generation
        await self.update(activation)

    async def update(self, activation: Activation) -> None:  # pragma: no cover
        raise NotImplementedError
