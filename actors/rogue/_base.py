"""The base of the Rog-O-Matic experts: read the situation, apply the rules.

Each expert is a sync rule set (``advise``) over a :class:`Situation`. The
tactics it plays by are a class attribute, so :func:`actors.rogue.rogomatic`
builds one subclass per set of :class:`Tactics` (the runtime constructs experts
from their classes, with a seed, for every session).
"""

from __future__ import annotations

from typing import Any, ClassVar

from runtime import Expert, Proposal

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
