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
        self.before_advice()
        return self.advise(s)

    def before_advice(self) -> None:
        """Called when the expert is about to advise (not on screens it skips)."""

    def advise(self, s: Situation) -> Proposal | None:  # pragma: no cover - overridden
        return None


class SentAware(RogueExpert):
    """An expert that counts its tries: it knows which actions were sent.

    Every expert is asked at every decision, and a proposal that a higher expert
    outranked was never tried. ``sent`` holds the actions the session sent since this
    expert last advised (the runtime's ``acted`` entry, screen by screen, prompts and
    lists included), so an expert counts a try only when its own action is among
    them. (Only the last one would miss a wield that Rogue answered with a prompt:
    ``wd`` under a cursed sword is "you can't", then ``d`` asks what to drop.)
    """

    reads = ENTRIES | {ACTED}

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.sent: tuple[object, ...] = ()
        self._pending: list[object] = []

    def propose(self, view: Any) -> Proposal | None:
        acted = view.entry(ACTED)
        if acted is not None and acted.generation == view.generation:
            self._pending.append(acted.value)
        return super().propose(view)

    def before_advice(self) -> None:
        self.sent, self._pending = tuple(self._pending), []


class AskCounting(SentAware):
    """An expert that asks for one change at most ``max_asks`` times (rings, junk).

    A change Rogue refuses (a cursed ring stays on) or undoes (junk walked over and
    picked up again) is not asked for for ever. The count is kept by a key the
    expert chooses (the change, or the entry it concerns), and a try counts only if
    the proposal was sent.
    """

    max_asks: ClassVar[int] = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.asks: dict[str, int] = {}
        self.proposed: tuple[str, str] | None = None

    def before_advice(self) -> None:
        super().before_advice()
        if self.proposed is not None and self.proposed[0] in self.sent:
            self.asks[self.proposed[1]] = self.asks.get(self.proposed[1], 0) + 1
        self.proposed = None

    def may_ask(self, key: str) -> bool:
        return self.asks.get(key, 0) < self.max_asks

    def ask(self, proposal: Proposal, key: str) -> Proposal:
        """``proposal``, remembered under ``key`` so that its sending is counted."""
        self.proposed = (proposal.action, key)
        return proposal
