"""The base of the Rog-O-Matic experts: read the situation, apply the rules.

Each expert is a sync rule set (``advise``) over a :class:`Situation`. The
tactics it plays by are a class attribute, so :func:`actors.rogue.rogomatic`
builds one subclass per set of :class:`Tactics` (the runtime constructs experts
from their classes, with a seed, for every session).
"""

from __future__ import annotations

from typing import Any, ClassVar

from runtime import ACTED, Expert, Proposal

from ._context import ENTRIES, Situation
from ._tactics import Tactics

DEFAULT_TACTICS = Tactics()
ESC = "\x1b"


class RogueExpert(Expert):
    reads = ENTRIES
    tactics: ClassVar[Tactics] = DEFAULT_TACTICS
    #: Only advise on the map screen with the hero in view.
    needs_map: ClassVar[bool] = True

    def propose(self, view: Any) -> Proposal | None:
        s = Situation.read(view, self.tactics)
        if s is None or (self.needs_map and not s.on_map):
            return None
        return self.advise(s)

    def advise(self, s: Situation) -> Proposal | None:  # pragma: no cover - overridden
        return None


class SentAware(RogueExpert):
    """An expert that counts its tries: it knows which action produced the screen.

    Every expert is asked at every decision, and a proposal that a higher expert
    outranked was never tried. ``sent`` is the action the session sent last, when the
    screen in view is its answer (the runtime's ``acted`` entry), so an expert can
    count a try only when its own proposal was the one sent.
    """

    reads = ENTRIES | {ACTED}

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.sent: object = None

    def propose(self, view: Any) -> Proposal | None:
        acted = view.entry(ACTED)
        self.sent = acted.value if acted is not None and acted.generation == view.generation \
            else None
        return super().propose(view)
