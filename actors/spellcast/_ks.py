"""The Spellcast knowledge sources: from the server's view to Becky's position.

========================  ==============  ================================================
entry                     writer          value
========================  ==============  ================================================
``observation``           the adapter     ``protocols.spellcast.TurnView``
``phase``                 ``sight``       ``gestures`` / ``questions`` / ``over``
``seen``                  ``sight``       :class:`Seen` (None once the match is over)
``asks``                  ``sight``       the open questions, a tuple of :class:`Ask`
``position``              ``position``    Becky's compact position, us as wizard 0
========================  ==============  ================================================

Both sources write every generation, so each entry's generation matches the
observation the arbiter decides on.
"""

from __future__ import annotations

from runtime import Activation, KnowledgeSource

from ._answers import Ask
from ._seen import from_turn_view, to_position


class Sight(KnowledgeSource):
    """The sensor: the decision point, what we see of the match, the open questions."""

    name = "sight"
    reads = frozenset({"observation"})
    writes = frozenset({"phase", "seen", "asks"})

    async def activate(self, activation: Activation) -> None:
        view = activation.read("observation")
        phase = view.phase
        seen = None if phase == "over" else from_turn_view(view)
        asks = tuple(
            Ask(q.id, q.kind, tuple(q.choices), q.hand, q.spell, q.prompt)
            for q in view.questions
        )
        await activation.write("phase", phase)
        await activation.write("seen", seen)
        await activation.write("asks", asks)


class Position(KnowledgeSource):
    """Becky's model of the position (hit points, histories, effects, monster pools)."""

    name = "position"
    reads = frozenset({"seen"})
    writes = frozenset({"position"})

    async def activate(self, activation: Activation) -> None:
        seen = activation.read("seen")
        await activation.write("position", None if seen is None else to_position(seen))
