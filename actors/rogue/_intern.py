"""The internal state recogniser: health, hunger and combat status.

From the status line (hit points, hunger word, level), the monsters next to the
hero, and the messages that change the hero's condition (confusion, blindness,
being held, frozen). Conditions without a message for their end (Rogue prints one
for each, but a ``--More--`` may hide it) expire after a generous number of turns.

It also follows Rogue's "running" flag on the hero (``InternalState.steady``), which
decides whether monsters swing at him with +4: set when "you can move again" ends a
faint, a freeze or a sleep; cleared when the hunger word worsens (Rogue's stomach
daemon clears it on every change of hunger state it makes; eating is not one of
them) and when he is frozen or falls asleep.
"""

from __future__ import annotations

import attrs

from runtime import Activation

from ._facts import BLOWS, Events, InternalState, Sensed
from ._gated import GatedSource
from ._grid import chebyshev

HUNGER = {"": 0, "Hungry": 1, "Weak": 2, "Faint": 3}
#: Turns after which a condition is assumed over if its end went unseen.
EXPIRES = 1000


def recognise(previous: InternalState, sensed: Sensed, events: Events,
              ages: dict[str, int]) -> InternalState:
    state = previous
    status = sensed.status
    steady = previous.steady
    if status is not None and HUNGER.get(status.hunger, 0) > previous.hunger:
        steady = False
    for event in events.events:
        if event.kind == "frozen":
            steady = False
        elif event.kind == "freed":
            steady = True
    state = attrs.evolve(state, steady=steady)
    if status is not None:
        hit = status.hp < previous.hp
        state = attrs.evolve(
            state, hp=status.hp, hp_max=status.hp_max, hunger=HUNGER.get(status.hunger, 0),
            level=status.level, exp_level=status.exp_level, armor=status.armor,
            strength=status.strength, since_hit=0 if hit else previous.since_hit + 1,
        )
    if sensed.player is not None:
        adjacent = tuple((m, p) for m, p in sensed.monsters
                         if chebyshev(p, sensed.player) == 1)
        state = attrs.evolve(state, adjacent=adjacent)
    kinds = events.kinds()
    flags = {"confused": state.confused, "blind": state.blind, "held": state.held,
             "levitating": state.levitating}
    for flag, on, off in (("confused", "confused", "unconfused"), ("blind", "blind", "unblind"),
                          ("levitating", "levitating", "landed")):
        if on in kinds:
            flags[flag], ages[flag] = True, 0
        elif off in kinds:
            flags[flag] = False
    flags["held"] = "held" in kinds or (state.held and bool(state.adjacent))
    for flag in ("confused", "blind", "levitating"):
        ages[flag] = ages.get(flag, 0) + 1
        if ages[flag] > EXPIRES:
            flags[flag] = False
    in_combat = bool(state.adjacent) or bool(kinds & BLOWS)
    return attrs.evolve(state, in_combat=in_combat, **flags)


class InternalStateRecogniser(GatedSource):
    """Keeps ``intern`` from ``sensed`` and ``events``."""

    name = "intern"
    reads = frozenset({"sensed", "events"})
    writes = frozenset({"intern"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.state = InternalState()
        self.ages: dict[str, int] = {}

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        if sensed.status is None and sensed.player is None:
            return
        self.state = recognise(self.state, sensed, activation.read("events"), self.ages)
        await activation.write("intern", self.state)
