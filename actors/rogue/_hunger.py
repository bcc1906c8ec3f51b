"""Hunger: when the hero eats, and what food he can count on.

When he eats is a matter of Rogue 5.4.4's rules (``Tactics.eat_at``, by default
after a faint). Monsters swing at +4 at a hero who lacks the game's "running" flag,
and he gets it only on moving again after a faint, a freeze or a sleep; every
worsening of hunger takes it away, but eating does not. So the hero lets himself
grow Weak, waits in a quiet spot for the faint (a few helpless turns with nothing
in view: ``_health.Health`` waits), and eats when it is over: until he next gets
hungry, about a thousand turns later, monsters hit him a fifth less often (a
hobgoblin fight at full health kills a level-1 hero about one time in ten instead
of one in six). :class:`Hunger` eats at once instead if a monster comes while he
waits: a faint in a fight is several free blows. Once he has the flag,
:class:`Hunger` keeps it: a meal adds to the food clock rather than setting it, so
eating just before he would grow hungry costs no food, and the intern recogniser's
floor under the clock says when (``Tactics.top_up_at``).

The food helpers here (:func:`short_of_food`, :func:`camps`) also tell the health
and exploration experts how long the hero can afford to rest or stay on a level.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._intern import MEAL_LEAST

#: The hunger states' names, by ``InternalState.hunger``.
HUNGER_WORDS = ("fed", "hungry", "weak", "faint")


def waits_to_faint(s: Situation) -> bool:
    """Hungry enough (``Tactics.faint_wait_from``), with food to eat after the faint the
    tactics wait for (see the module)."""
    intern, inv = s.intern, s.inventory
    return (intern is not None and s.tactics.faint_wait_from <= intern.hunger <= 2
            and s.tactics.eat_at >= 3 and inv is not None and bool(inv.of_kind("food")))


def struck_at(s: Situation) -> bool:
    """Struck at this turn."""
    return s.events is not None and "hit_by" in s.events.kinds()


def _dangers(s: Situation) -> bool:
    return struck_at(s) or any(t.info.harmful for t in s.awake_within(6))


#: Turns a potion of blindness leaves the hero blind (Rogue's SEEDURATION, spread);
#: he waits them out in place.
BLIND_TURNS = 850


def meals_in_pack(s: Situation) -> int:
    """Food items in the pack, a stack such as "2 rations of food" counted by its size."""
    inv = s.inventory
    return sum(i.count for i in inv.of_kind("food")) if inv is not None else 0


def food_turns(s: Situation) -> int:
    """Turns of food the hero can count on: the floor under the food clock, and the
    least a meal adds for each food item in the pack."""
    floor = s.intern.food_floor if s.intern is not None else 0
    return max(floor, 0) + MEAL_LEAST * meals_in_pack(s)


def can_sit_out_blindness(s: Situation) -> bool:
    """Food enough to wait out a potion of blindness and still not be short of food.

    An unknown potion is blindness one time in twenty, and the hero then waits 850
    turns where he stands: a hero of 1.27's first build quaffed it on level 4 with
    some 500 turns of food in his stomach and none in the pack, and starved there
    (dungeon 23).
    """
    return food_turns(s) >= BLIND_TURNS + s.tactics.food_reserve


def short_of_food(s: Situation) -> bool:
    """No food in the pack, and hungry or the food clock's floor under
    ``Tactics.food_reserve``.

    Then the hero rests less and leaves a level sooner: a level explored in full
    takes some 650 turns while Rogue lays about half a food item on it (a meal lasts
    1,100 to 1,500 turns), and heroes out of food fainted into fights from level 7 on
    (1.26: 26 of 200 games ended Faint, 9 starved).
    """
    intern, inv = s.intern, s.inventory
    if intern is None or inv is None or inv.of_kind("food"):
        return False
    return intern.hunger >= 1 or intern.food_floor < s.tactics.food_reserve


def camps(s: Situation) -> bool:
    """Wait on the stairs for the first faint rather than go down
    (``Tactics.camp_below``)?

    Of 1.66's deaths on levels 2 and 3, 63 of 73 came before the hero had ever
    fainted, so with every monster swinging at him with +4, while levels 4 to 6, met
    with the flag, ended 26 games. A hero done with a level before the faint can wait
    for it where a fight that goes wrong is left by one key (``_escape``); wanderers
    still come, about one in 95 turns, and the wait costs the food clock the turns.
    ``Tactics.camp_deepest`` and ``Tactics.camp_food`` narrow where, and with how much
    food in hand, the hero camps.
    """
    intern, inv, tactics = s.intern, s.inventory, s.tactics
    if tactics.camp_below <= 0 or intern is None or inv is None or intern.steady:
        return False
    if s.level > tactics.camp_deepest:
        return False
    return intern.hunger < 3 and intern.food_floor < tactics.camp_below and food_to_wait(s)


def food_to_wait(s: Situation) -> bool:
    """``Tactics.camp_food`` meals in the pack and not short of food: what a wait on the
    stairs (:func:`camps`, :func:`seasons`) needs, so that it leaves a meal in hand."""
    return meals_in_pack(s) >= s.tactics.camp_food and not short_of_food(s)


def seasons(s: Situation) -> bool:
    """Wait on the stairs of a level done for wanderers to fight, to gain experience
    (``Tactics.season_behind``)?

    Only with Rogue's running flag (before it, :func:`camps` waits for the faint), not
    hungry, with ``Tactics.camp_food`` meals in the pack and not short of food: the
    wait spends the food clock, a turn a turn, on the chance of a fight begun where a
    fight gone wrong is left by one key.
    """
    intern, tactics = s.intern, s.tactics
    if tactics.season_behind <= 0 or intern is None or not intern.steady:
        return False
    if s.level - intern.exp_level < tactics.season_behind:
        return False
    return intern.hunger == 0 and food_to_wait(s)


def camps_first(s: Situation) -> bool:
    """Wait on the stairs for the first faint before exploring the level
    (``Tactics.camp_first``)?

    A quarter of all games end on level 1, nearly all in fights begun at full health
    on first contact while exploring, before any faint (docs/rogomatic.md: "Where level-1 deaths
    begin"); the camp on a level done (:func:`camps`) comes after them. The hope was
    that a wanderer would meet the hero on the stairs, where he strikes first and a
    fight gone wrong is left by one key. Measured, it is much worse (docs/rogomatic.md: "Waiting
    for the first faint before exploring"): many wanderers never reach a hero who waits
    (their chase makes for their own room's door nearest him and stalls), so the walk
    over the level after the camp meets them, awake in the passages, nearly twice as
    often as the walk before it, and the wait costs the food clock 1,300 turns. Off by
    default.
    """
    intern, tactics = s.intern, s.tactics
    if s.level > tactics.camp_first or intern is None or intern.steady:
        return False
    return intern.hunger < 3 and meals_in_pack(s) >= 1


#: Turns before a meal to keep the running flag is proposed again when the last one
#: did not show in the food clock.
RETRY_TURNS = 20


def tops_up(s: Situation) -> bool:
    """Carrying the running flag and food, near the turn hunger would take the flag."""
    intern, inv = s.intern, s.inventory
    return (intern is not None and intern.steady and intern.hunger == 0
            and intern.food_floor <= s.tactics.top_up_at
            and inv is not None and not inv.stale and bool(inv.of_kind("food")))


def fainting_meal(s: Situation) -> Proposal | None:
    """A meal now, when the status line says "Faint" and the pack lists food."""
    intern, inv = s.intern, s.inventory
    if intern is None or intern.hunger < 3 or inv is None or inv.stale:
        return None
    food = inv.of_kind("food")
    if not food:
        return None
    why = f"the {s.adjacent[0].info.name} beside us" if s.adjacent else "nothing near"
    return Proposal("e" + food[0].letter,
                    f"hunger: Faint ({why}): eat {food[0].text!r} now (Rogue makes a hero "
                    f"out of food faint again one turn in five)")


class Hunger(RogueExpert):
    """Eats as soon as the hero has fainted, and when a monster comes while he waits,
    weak, to faint; and eats before hunger would take away the running flag the faint
    gave.

    Sits above melee: fainting mid-fight gives the monsters four to eleven free blows.
    Once the food clock has run out, Rogue makes the hero faint again one turn in five
    until he eats, so after the first faint ("Faint" on the status line) nothing beats
    a meal, not even a blow. Until 1.61 the health expert, near the bottom, ate only
    with nothing beside him: dungeon 570 of 1.61 struck a kestrel on level 2 after a
    faint before eating. (In 1.60's games on dungeons 500-699, 22 of the 149 deaths
    came with "Faint" on the status line, but most of those heroes had no food left.)
    """

    name = "hunger"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: The food clock's floor when we last proposed to eat before hunger (None once
        #: the meal shows in the floor): a meal that did not happen (the proposal lost,
        #: the pack had changed) is tried again only after ``RETRY_TURNS`` turns more.
        self.tried: int | None = None

    def advise(self, s: Situation) -> Proposal | None:
        floor = s.intern.food_floor if s.intern is not None else 0
        if self.tried is not None and floor > self.tried:
            self.tried = None
        retry = self.tried is None or floor <= self.tried - RETRY_TURNS
        fainting = fainting_meal(s)
        if fainting is not None:
            return fainting
        if not s.adjacent and retry and tops_up(s):
            assert s.inventory is not None
            self.tried = floor
            food = s.inventory.of_kind("food")[0]
            return Proposal("e" + food.letter,
                            f"hunger: eat {food.text!r} before hunger takes the running flag "
                            f"(food clock at least {floor})")
        # Only hungry, the faint is 150 turns off or more: fight, then wait on.
        if s.adjacent or not waits_to_faint(s) or s.intern.hunger < 2 or not _dangers(s):
            return None
        assert s.inventory is not None
        food = s.inventory.of_kind("food")[0]
        coming = min((t for t in s.threats if t.awake), key=lambda t: t.distance, default=None)
        what = f"the {coming.info.name} is coming" if coming else "something hits us"
        return Proposal("e" + food.letter,
                        f"hunger: weak and {what}: eat {food.text!r} now rather than "
                        f"faint in the fight")
