"""Battlestations' last resort, priced: an unknown potion or scroll against one more blow.

At the brink (a round that could kill, no known healing, teleport or wand, no
retreat) battlestations used to drink the first unknown potion, else read the first
unknown scroll. Either costs the hero his blow, so the monsters beside him get a
round for free, and Rogue's potion of healing heals only the hero's level in d4
(extra healing in d8): at level 1 that is 1 to 4 hit points, so a level-1 hero who
drank at 5 of 12 beside a hobgoblin traded a blow that kills it about one time in
three for a 13% chance of two or three hit points (dungeons 10, 22, 52 and 113 of
1.36, all lost; dungeon 2 drank blindness and died blind).

:func:`gamble` weighs the two with Rogue's own numbers (extern.c's tables, ``_odds``'
fight rules): the chance of dying if the hero strikes on, against the chance if he
first gives the monsters their free round and the item turns out as Rogue's tables
say it might. It proposes the item only when that chance is lower.

An unknown wand zapped at the brink is priced the same way (:func:`wand_death`): its
turn is the monsters' free round too, and one unknown wand in four makes the fight
worse, not better. Polymorph (15 in 100) draws the monster anew from all 26 of
Rogue's kinds, haste monster (10) gives it two moves a turn: a level-4 hero at 8 of
24 beside a kestrel on dungeon level 3 zapped one, the kestrel became a griffin, and
the surrender expert quit with 383 gold (dungeon 2010 of 1.93).
"""

from __future__ import annotations

from collections.abc import Callable

from ._context import Situation, Threat
from ._monsters import MONSTERS
from ._odds import fight_odds, monsters_round

#: Rogue 5.4.4's unknown potions that heal (extern.c, in 100): healing heals the
#: hero's level in d4, extra healing in d8 (potions.c). The rest change nothing in
#: the fight, or (blindness, confusion) hurt it; they are counted as no help.
HEALING_POTIONS = {"healing": (13, 4), "extra healing": (5, 8)}
#: Unknown scrolls that end the fight (teleportation, hold monster), and the one that
#: ends the hero (sleep: four to eight turns of free blows), in 100.
SAVING_SCROLLS = {"teleportation": 5, "hold monster": 2}
KILLING_SCROLLS = {"sleep": 3}
#: Rogue 5.4.4's wands and staffs, in 100 (extern.c's ``Ws_info``), by what a zap at
#: the monster beside the hero does to the fight: ends it (teleport away), halves
#: the monster's blows (slow monster: two of the hero's for each of its), likely kills
#: it (a bolt's 6d6), halves the hero (drain life takes half his hit points; what it
#: does to the monster is left out), doubles its blows (haste monster, counted as
#: half the hero's hit points), or draws a new monster from all of Rogue's (polymorph).
#: The rest (light, invisibility, magic missile's 1d4, nothing, teleport to,
#: cancellation) leave the fight as it was, a round of blows later.
WAND_SHARES = {"light": 12, "invisibility": 6, "lightning": 3, "fire": 3, "cold": 3,
               "polymorph": 15, "magic missile": 10, "haste monster": 10,
               "slow monster": 11, "drain life": 9, "nothing": 1, "teleport away": 6,
               "teleport to": 6, "cancellation": 5}
#: The share of bolts (lightning, fire, cold) taken to end the fight: 6d6 is 21 on
#: average, more than most monsters down to level 10 have, but a bolt can miss.
BOLT_KILLS = 0.7
#: Of Rogue's potions and scrolls, in 100 (all kinds).
ALL = 100


def _unknown_share(s: Situation, kind: str, shares: dict[str, int]) -> dict[str, float]:
    """Each of ``shares``' kinds' chance of being an unknown ``kind`` in the pack: a kind
    the pack already holds by name is known, so no unknown one is it."""
    assert s.inventory is not None
    known = {i.name for i in s.inventory.of_kind(kind) if i.name}
    left = ALL - sum(n for name, n in shares.items() if name in known)
    return {name: n / left for name, n in shares.items() if name not in known}


def _round(s: Situation, adjacent: tuple[Threat, ...]) -> dict[int, float]:
    """The damage the monsters beside the hero do in one round, as a distribution."""
    hero = s.hero
    return monsters_round(tuple(t.info for t in adjacent), hero.armor, hero.monster_plus)


def _after_round(s: Situation, adjacent: tuple[Threat, ...],
                 death_from: Callable[[int], float]) -> float:
    """The chance of dying when the monsters beside the hero first get a round for free:
    death if it takes all his hit points, else ``death_from`` the hit points left."""
    return sum(p * (1.0 if s.hp - dmg <= 0 else death_from(s.hp - dmg))
               for dmg, p in _round(s, adjacent).items())


def _death(s: Situation, worst: Threat, hp: int) -> float:
    return 1.0 if hp <= 0 else s.odds(worst, hp).death


def potion_death(s: Situation, worst: Threat, adjacent: tuple[Threat, ...]) -> float:
    """The chance of dying if the hero drinks an unknown potion now, then fights on."""
    level = s.intern.exp_level if s.intern is not None else 1
    heal_max = s.intern.hp_max if s.intern is not None else s.hp
    chances = _unknown_share(s, "potion", {k: n for k, (n, _) in HEALING_POTIONS.items()})

    def after(left: int) -> float:
        death, rest = 0.0, 1.0
        for name, share in chances.items():
            die = HEALING_POTIONS[name][1]
            healed = min(heal_max, left + round(level * (die + 1) / 2))
            death += share * _death(s, worst, healed)
            rest -= share
        return death + rest * _death(s, worst, left)

    return _after_round(s, adjacent, after)


def scroll_death(s: Situation, worst: Threat, adjacent: tuple[Threat, ...]) -> float:
    """The chance of dying if the hero reads an unknown scroll now, then fights on."""
    saved = sum(_unknown_share(s, "scroll", SAVING_SCROLLS).values())
    killed = sum(_unknown_share(s, "scroll", KILLING_SCROLLS).values())
    after = _after_round(s, adjacent, lambda left: _death(s, worst, left))
    return killed + (1.0 - saved - killed) * after


def _polymorphed_death(s: Situation, hp: int) -> float:
    """The chance of dying fighting, from ``hp``, a fresh monster of a kind drawn
    evenly from Rogue's 26 (sticks.c: ``rnd(26) + 'A'``)."""
    hero = s.hero
    deaths = (fight_odds(hp, hero, m, trials=100).death for m in MONSTERS.values())
    return sum(deaths) / len(MONSTERS)


def wand_death(s: Situation, worst: Threat, adjacent: tuple[Threat, ...]) -> float:
    """The chance of dying if the hero zaps an unknown wand at ``worst`` now, then
    fights on (:data:`WAND_SHARES`)."""
    shares = _unknown_share(s, "wand", WAND_SHARES)

    def after(left: int) -> float:
        on = _death(s, worst, left)
        halved = _death(s, worst, left // 2)
        outcome = {"teleport away": 0.0, "slow monster": _death(s, worst, 2 * left),
                   "drain life": halved, "haste monster": halved,
                   "polymorph": _polymorphed_death(s, left)}
        for bolt in ("lightning", "fire", "cold"):
            outcome[bolt] = (1.0 - BOLT_KILLS) * on
        return sum(share * outcome.get(name, on) for name, share in shares.items())

    return _after_round(s, adjacent, after)


def zap_beats_striking(s: Situation, worst: Threat, adjacent: tuple[Threat, ...]) -> bool:
    """Is an unknown wand zapped at ``worst`` a better bet than striking on? Beside no
    monster the zap costs no blow, and it is tried as before."""
    if not adjacent:
        return True
    return wand_death(s, worst, adjacent) < s.odds(worst).death


def gamble(s: Situation, worst: Threat,
           adjacent: tuple[Threat, ...]) -> tuple[str, str, float] | None:
    """(key, letter, death) of the unknown potion or scroll that beats striking on, if any."""
    if s.inventory is None or s.inventory.stale or not adjacent:
        return None
    strike = s.odds(worst).death
    best: tuple[str, str, float] | None = None
    for kind, key, price in (("potion", "q", potion_death), ("scroll", "r", scroll_death)):
        item = next((i for i in s.inventory.of_kind(kind) if not i.name), None)
        if item is None:
            continue
        death = price(s, worst, adjacent)
        if death < strike and (best is None or death < best[2]):
            best = (key, item.letter, death)
    return best
