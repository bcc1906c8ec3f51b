"""The internal state recogniser: health, hunger and combat status.

From the status line (hit points, hunger word, level), the monsters next to the
hero, and the messages that change the hero's condition (confusion, blindness,
hallucination, being held, frozen). Conditions without a message for their end
(Rogue prints one for each, but a ``--More--`` may hide it) expire after a generous
number of turns.

It keeps a floor under Rogue's food clock (``InternalState.food_floor``) from the
actions taken (the runtime's ``acted`` entry), counting each as many turns as it
could take, so that a hero who carries the running flag can eat before the stomach
daemon takes it away (see ``_hunger``).

It also follows Rogue's "running" flag on the hero (``InternalState.steady``), which
decides whether monsters swing at him with +4: set when "you can move again" ends a
faint, a freeze or a sleep; cleared when the hunger word worsens (Rogue's stomach
daemon clears it on every change of hunger state it makes; eating is not one of
them) and when he is frozen or falls asleep.
"""

from __future__ import annotations

import attrs

from runtime import ACTED, Activation

from ._facts import BLOWS, Events, InternalState, Sensed
from ._gated import GatedSource
from ._grid import chebyshev
from ._sense import is_faint, message_parts

HUNGER = {"": 0, "Hungry": 1, "Weak": 2, "Faint": 3}
#: Rogue's food clock: what a meal adds at least (HUNGERTIME - 200), the most it
#: holds (STOMACHSIZE), and below what each hunger state begins (it starts at 1,300:
#: ``InternalState.food_floor``'s default).
MEAL_LEAST, STOMACH = 1100, 2000
HUNGER_BELOW = {1: 300, 2: 150, 3: 1}
#: Once the clock is spent, Rogue's stomach faints the hero one turn in five (so some
#: five turns pass before the first faint and the "Faint" on the status line), for
#: ``rnd(8) + 4`` turns (7.5 on average), during which no key is read.
BEFORE_FIRST_FAINT, FAINT_MEAN = 5, 8
#: Keys that take no game turn: dismiss a message, escape, list the pack.
FREE_KEYS = frozenset(" \x1bi")
#: Turns after which a condition is assumed over if its end went unseen.
EXPIRES = 1000
#: Haste self lasts 5 to 8 turns (``rnd(4) + 4``); a hero hasted moves twice a turn, so
#: twice as many decisions, and a little more to be sure it is over before a second
#: potion (which would make him faint) is drunk.
HASTE_EXPIRES = 30


def action_turns(action: object) -> int:
    """The most game turns an action can take: a count prefix ("10s") its count,
    a key that Rogue reads without a turn passing none, and a line typed at its
    question ("scare monster\\n", a name for a kind) none; anything else one."""
    if not isinstance(action, str) or not action or action[0] in FREE_KEYS \
            or action.endswith("\n"):
        return 0
    digits = len(action) - len(action.lstrip("0123456789"))
    return int(action[:digits]) if digits else 1


def food_floor(floor: int, turns: int, ate: bool, hunger: int, was: int) -> int:
    """The next lower bound on Rogue's food clock (see ``InternalState.food_floor``).

    A meal first sets a negative clock to zero; a hunger state newly shown caps the
    floor below where that state begins (the count was low, or a sleep passed turns
    without actions).
    """
    floor -= turns
    if ate:
        floor = min(STOMACH, max(floor, 0) + MEAL_LEAST)
    elif hunger > was:
        floor = min(floor, HUNGER_BELOW[hunger] - 1)
    return floor


def recognise(previous: InternalState, sensed: Sensed, events: Events,
              ages: dict[str, int], turns: int = 0) -> InternalState:
    """The next internal state; ``turns`` is the most game turns the last action took."""
    state = previous
    status = sensed.status
    steady = previous.steady
    hunger = HUNGER.get(status.hunger, 0) if status is not None else previous.hunger
    if hunger > previous.hunger:
        steady = False
    kinds = events.kinds()
    floor = food_floor(previous.food_floor, turns, "ate" in kinds, hunger, previous.hunger)
    for event in events.events:
        if event.kind == "frozen":
            steady = False
        elif event.kind == "freed":
            steady = True
    starved = 0
    if hunger >= 3:
        faints = sum(map(is_faint, message_parts(sensed.message))) if sensed.fresh else 0
        starved = (previous.starved if previous.hunger >= 3 else BEFORE_FIRST_FAINT) \
            + turns + FAINT_MEAN * faints
    state = attrs.evolve(state, steady=steady, food_floor=floor, starved=starved)
    if status is not None:
        hit = status.hp < previous.hp
        state = attrs.evolve(
            state, hp=status.hp, hp_max=status.hp_max, hunger=hunger,
            level=status.level, exp_level=status.exp_level, armor=status.armor,
            strength=status.strength, since_hit=0 if hit else previous.since_hit + 1,
        )
    if sensed.player is not None:
        adjacent = tuple((m, p) for m, p in sensed.monsters
                         if chebyshev(p, sensed.player) == 1)
        state = attrs.evolve(state, adjacent=adjacent)
    flags = {"confused": state.confused, "blind": state.blind, "held": state.held,
             "levitating": state.levitating, "hallucinating": state.hallucinating,
             "hasted": state.hasted}
    for flag, on, off in (("confused", "confused", "unconfused"), ("blind", "blind", "unblind"),
                          ("levitating", "levitating", "landed"),
                          ("hallucinating", "hallucinating", "unhallucinating"),
                          ("hasted", "hasted", "unhasted")):
        if on in kinds:
            flags[flag], ages[flag] = True, 0
        elif off in kinds:
            flags[flag] = False
    flags["held"] = "held" in kinds or (state.held and bool(state.adjacent))
    for flag in ("confused", "blind", "levitating", "hallucinating", "hasted"):
        ages[flag] = ages.get(flag, 0) + 1
        if ages[flag] > (HASTE_EXPIRES if flag == "hasted" else EXPIRES):
            flags[flag] = False
    in_combat = bool(state.adjacent) or bool(kinds & BLOWS)
    return attrs.evolve(state, in_combat=in_combat, **flags)


class InternalStateRecogniser(GatedSource):
    """Keeps ``intern`` from ``sensed`` and ``events``."""

    name = "intern"
    reads = frozenset({"sensed", "events", ACTED})
    gate = frozenset({"sensed", "events"})
    writes = frozenset({"intern"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.state = InternalState()
        self.ages: dict[str, int] = {}
        #: Turns of actions taken on screens without a status line (lists, prompts).
        self.turns = 0

    async def update(self, activation: Activation) -> None:
        acted = activation.entry(ACTED)
        if acted is not None and acted.generation == activation.generation:
            self.turns += action_turns(acted.value)
        sensed: Sensed = activation.read("sensed")
        if sensed.status is None and sensed.player is None:
            return
        self.state = recognise(self.state, sensed, activation.read("events"), self.ages,
                               self.turns)
        self.turns = 0
        await activation.write("intern", self.state)
