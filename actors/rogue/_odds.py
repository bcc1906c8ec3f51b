"""The odds of a fight, from Rogue 5.4.4's own combat rules.

Rogue's ``swing`` hits when ``rnd(20) + plus >= 20 - level - armor``: an attacker of
experience ``level`` hits a defender whose armor value is ``armor`` (10 minus the
``Arm`` the status line shows, for the hero) with chance ``(level + armor + plus)/20``.
The hero's plus is the weapon's to-hit bonus and strength's (``Str_plus``); a defender
that is not running gives +4, which the hero never gets (his blow starts the monster
running before the roll: ``runto`` in ``fight``) and monsters always do (the hero is
not "running" unless he has recovered from a faint or a freeze: see
:data:`MONSTER_PLUS` and ``Hero.steady``); damage is the weapon's dice plus its damage
bonus and strength's (``Add_dam``). A monster's hit points are ``level`` d8; the hero
strikes first (he moves, then the monsters do). A starving hero with nothing to eat
(``Hero.fainting``) faints now and then, and the monster swings on while he lies there.

From these, :func:`die_next_round` (the chance that the monsters next to the hero take
all his hit points in their next round, exactly) and :func:`fight_odds` (the chance of
dying in a fight to the end with one monster, by a seeded Monte Carlo of Rogue's
rules, cached) give real numbers rather than "maximum damage" guesses. The escape
(``_escape``) asks :func:`fight_odds` whether a fight is worth walking away from;
version 1.1 also ran battlestations and the target expert on these odds (see the
docs/rogomatic.md for why that was reverted).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
import zlib
from collections.abc import Callable

import attrs

from ._monsters import Monster

#: Monsters' plus to hit the hero: Rogue gives +4 against a defender not flagged
#: "running", and the hero carries that flag only after waking from a faint or a
#: freeze (command.c) and loses it with every change of hunger state (daemons.c) -
#: so unless he has fainted (or been frozen) since he last got hungrier, every
#: monster swings at the hero with +4.
MONSTER_PLUS = 4

#: Rogue's stomach once the food clock is spent (daemons.c): a hero not already out
#: cold faints one turn in five, for ``rnd(8) + 4`` turns, and the monsters strike on
#: while he lies there.
FAINT_CHANCE = 0.2
FAINT_TURNS = (4, 11)

#: Rogue's strength tables (fight.c), indexed by strength 0..31.
STR_PLUS = (-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1,
            1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3)
ADD_DAM = (-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3,
           3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6)

#: Melee damage dice of Rogue's weapons (weapons.c); bare hands 1d4.
WEAPON_DICE = {
    "mace": ((2, 4),), "long sword": ((3, 4),), "two handed sword": ((4, 4),),
    "dagger": ((1, 6),), "spear": ((2, 3),), "short bow": ((1, 1),), "crossbow": ((1, 1),),
    "arrow": ((1, 1),), "dart": ((1, 1),), "shuriken": ((1, 2),), "crossbow bolt": ((1, 2),),
}
BARE_HANDS = ((1, 4),)
#: An arrow shot from the bow (its ``hurldmg``).
ARROW_FROM_BOW = ((2, 3),)


@attrs.frozen
class Hero:
    """What the hero brings to a fight."""

    level: int = 1
    strength: int = 16
    #: 10 minus the status line's ``Arm`` (Rogue's armor value: lower is better).
    armor: int = 6
    dice: tuple[tuple[int, int], ...] = ((2, 4),)
    hit_plus: int = 1
    dam_plus: int = 1
    #: Carries Rogue's "running" flag (``InternalState.steady``): monsters lose their +4.
    #: Left out of the repr, which seeds the Monte Carlo: the same dice either way.
    steady: bool = attrs.field(default=False, repr=False)
    #: Starving with nothing to eat (the status line's "Faint", no food in the pack):
    #: he faints in the fight (:data:`FAINT_CHANCE`). Left out of the repr as ``steady``.
    fainting: bool = attrs.field(default=False, repr=False)

    @property
    def to_hit(self) -> int:
        return self.hit_plus + STR_PLUS[max(0, min(31, self.strength))]

    @property
    def damage_plus(self) -> int:
        return self.dam_plus + ADD_DAM[max(0, min(31, self.strength))]

    @property
    def monster_plus(self) -> int:
        """What monsters add to their roll to hit him."""
        return 0 if self.steady else MONSTER_PLUS


def hit_chance(level: int, armor: int, plus: int = 0) -> float:
    """Rogue's ``swing``: ``rnd(20) + plus >= 20 - level - armor``."""
    return max(0.0, min(1.0, (level + armor + plus) / 20))


def _dice_dist(n: int, s: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, s + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / s
        dist = nxt
    return dist


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


@functools.lru_cache(maxsize=1024)
def _monster_round(letter: str, level: int, attacks: tuple[tuple[int, int], ...],
                   hero_armor: int, plus: int) -> tuple[tuple[int, float], ...]:
    p = hit_chance(level, hero_armor, plus)
    dist = {0: 1.0}
    for n, s in attacks:
        one = {0: 1.0 - p}
        for dmg, q in _dice_dist(n, s).items():
            one[dmg] = one.get(dmg, 0.0) + p * q
        dist = _convolve(dist, one)
    return tuple(sorted(dist.items()))


def monster_round(m: Monster, hero_armor: int, plus: int = MONSTER_PLUS) -> dict[int, float]:
    """The distribution of the damage ``m`` does to the hero in one round."""
    return dict(_monster_round(m.letter, m.level, m.attacks, hero_armor, plus))


def monsters_round(monsters: tuple[Monster, ...], hero_armor: int,
                   plus: int = MONSTER_PLUS) -> dict[int, float]:
    """The distribution of the damage ``monsters`` (all next to the hero) do in one round."""
    dist = {0: 1.0}
    for m in monsters:
        dist = _convolve(dist, monster_round(m, hero_armor, plus))
    return dist


def die_next_round(hp: int, monsters: tuple[Monster, ...], hero_armor: int,
                   plus: int = MONSTER_PLUS) -> float:
    """The chance that ``monsters`` (all next to the hero) take ``hp`` or more in one round."""
    return sum(p for dmg, p in monsters_round(monsters, hero_armor, plus).items() if dmg >= hp)


@attrs.frozen
class Odds:
    #: Chance that the hero dies before the monster does.
    death: float
    #: Mean hit points the hero loses (over the fights he wins and loses).
    loss: float
    #: Mean rounds the fight lasts.
    rounds: float


def fight_odds(hp: int, hero: Hero, m: Monster, *, trials: int = 300,
               wounds: tuple[int, int] = (0, 0)) -> Odds:
    """The odds of fighting ``m`` to the end, starting with ``hp`` hit points.

    ``wounds``: the blows and the arrows that have already hit ``m`` and left it alive.
    Its hit points are then drawn as Rogue rolled them, given that those hits did not
    take them all: a hobgoblin hit once by the mace has a point or two left, and the
    fight is nearly won, where a fresh one's odds would call it half lost.
    """
    return _fight_odds(hp, hero, m.letter, m.level, m.attacks, _ARMOR.get(m.letter, 4),
                       trials, wounds)


def _hit_points_left(rng: random.Random, level: int, hero: Hero,
                     wounds: tuple[int, int]) -> int:
    """A monster's hit points drawn given that ``wounds`` left it alive (1 if they
    always would have killed it)."""
    table = _survivor_table(level, hero.dice, hero.damage_plus, wounds)
    if table is None:
        return 1
    values, cumulative = table
    return values[min(bisect.bisect_right(cumulative, rng.random()), len(values) - 1)]


@functools.lru_cache(maxsize=1024)
def _survivor_table(level: int, dice: tuple[tuple[int, int], ...], damage_plus: int,
                    wounds: tuple[int, int]
                    ) -> tuple[tuple[int, ...], tuple[float, ...]] | None:
    """The hit points a monster has left after ``wounds``, given that it lived: values
    and cumulative chances, worked out exactly (None if no roll leaves it alive).

    Why exact, not drawn: a draw-until-it-lives sampler needs ``1/p`` draws when the
    wounds leave it alive with chance ``p``. When the hero's count says a monster took
    more than it could (two of one name pool their wounds; a weapon's unknown minus),
    ``p`` is near 0: 300 trials of 50 failed draws took 140 ms in one decision (an
    aquator after five blows of a two-handed sword, dungeon 939), seconds on a loaded
    machine, and the cap on draws then made it a monster with 1 hit point.
    """
    blows, arrows = wounds
    damage = {0: 1.0}
    for hit, n in ((_hit_damage(dice, damage_plus), blows),
                   (_hit_damage(ARROW_FROM_BOW, damage_plus), arrows)):
        for _ in range(n):
            damage = _convolve(damage, hit)
    left: dict[int, float] = {}
    for hp, p in _dice_dist(max(1, level), 8).items():
        for taken, q in damage.items():
            if hp > taken:
                left[hp - taken] = left.get(hp - taken, 0.0) + p * q
    total = sum(left.values())
    if total <= 0.0:
        return None
    values = tuple(sorted(left))
    return values, tuple(itertools.accumulate(left[v] / total for v in values))


def _hit_damage(dice: tuple[tuple[int, int], ...], plus: int) -> dict[int, float]:
    """The damage of one hit: the dice plus ``plus``, never below 0 (Rogue's ``roll_em``)."""
    roll = {0: 1.0}
    for n, s in dice:
        roll = _convolve(roll, _dice_dist(n, s))
    out: dict[int, float] = {}
    for total, p in roll.items():
        out[max(0, total + plus)] = out.get(max(0, total + plus), 0.0) + p
    return out


def _roll(bits: Callable[[int], int], n: int, s: int) -> int:
    """``n`` d ``s``: the same numbers ``sum(rng.randint(1, s) for _ in range(n))``
    draws from ``bits`` (``rng.getrandbits``), as CPython's ``randint`` draws them (the
    bits of ``s``, again while the draw is ``s`` or more), without its three calls a die.

    Why: the fight odds' Monte Carlo rolls tens of thousands of dice a question, and
    ``randint`` was most of its time; drawing the same numbers keeps every game as
    it was.
    """
    k = s.bit_length()
    total = n
    for _ in range(n):
        r = bits(k)
        while r >= s:
            r = bits(k)
        total += r
    return total


@functools.lru_cache(maxsize=8192)
def _fight_odds(hp: int, hero: Hero, letter: str, level: int,
                attacks: tuple[tuple[int, int], ...], armor: int, trials: int,
                wounds: tuple[int, int] = (0, 0)) -> Odds:
    # A seed that is the same in every process (str hashes are salted per process: the
    # odds near a threshold differed from run to run, and so did whole games).
    key = (hp, hero, letter, trials) if wounds == (0, 0) else (hp, hero, letter, trials, wounds)
    rng = random.Random(zlib.crc32(repr(key).encode()))
    ours = hit_chance(hero.level, armor, hero.to_hit)
    theirs = hit_chance(level, hero.armor, hero.monster_plus)
    bits = rng.getrandbits
    deaths, lost, rounds = 0, 0, 0
    for _ in range(trials):
        if wounds == (0, 0):
            mhp = _roll(bits, max(1, level), 8)
        else:
            mhp = _hit_points_left(rng, level, hero, wounds)
        h = hp
        n = 0
        out = 0  # turns the hero still lies in a faint
        while n < 200:
            n += 1
            if out:
                out -= 1
            else:
                if rng.random() < ours:
                    dmg = sum(_roll(bits, k, s) for k, s in hero.dice)
                    mhp -= max(0, dmg + hero.damage_plus)
                    if mhp <= 0:
                        break
                if hero.fainting and rng.random() < FAINT_CHANCE:
                    out = rng.randint(*FAINT_TURNS)
            for k, s in attacks:
                if rng.random() < theirs:
                    h -= _roll(bits, k, s)
            if h <= 0:
                deaths += 1
                break
        lost += hp - max(0, h)
        rounds += n
    return Odds(deaths / trials, lost / trials, rounds / trials)


#: Rogue's monster armor values (extern.c), by letter.
_ARMOR = {
    "A": 2, "B": 3, "C": 4, "D": -1, "E": 7, "F": 3, "G": 2, "H": 5, "I": 9, "J": 6,
    "K": 7, "L": 8, "M": 2, "N": 9, "O": 6, "P": 3, "Q": 3, "R": 3, "S": 5, "T": 4,
    "U": -2, "V": 1, "W": 4, "X": 7, "Y": 6, "Z": 8,
}
