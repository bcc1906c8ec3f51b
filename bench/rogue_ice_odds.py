"""How often a fight with one ice monster kills the hero, by Rogue 5.4.4's rules.

Usage: ``python bench/rogue_ice_odds.py [--games N] [--seed S]``

The figures behind the icebreaker expert (``actors/rogue/_icebreaker.py``): striking
a sleeping ice monster from beside it, against shooting arrows at it from a few
squares off as it wakes and comes.

The rules, from fight.c: ``swing`` hits when ``rnd(20) + plus >= 20 - level - armor``.
The hero (level ``--level``, a +1,+1 mace doing 2d4+1 or a +1 bow shooting 2d3 arrows)
swings at the ice monster (level 1, armor 9, 1d8 hit points) first, since he moves
before the monsters, and with +4, since it is not running (``roll_em``: asleep or
held, the defender gives that to whoever attacks it). Any blow or arrow wakes it
(``runto`` in ``fight``); awake, it
comes one square a turn and, beside him, swings with +4 unless he has the running
flag, which its hit takes away. A hit freezes him for ``rnd(2) + 2`` turns more,
during which it swings again; a freeze past 50 turns (``BORE_LEVEL``) is death by
hypothermia. A hero who comes out of a freeze has the running flag again.
"""

from __future__ import annotations

import argparse
import random


def frozen_to_death(rng: random.Random, armor: int) -> bool:
    """One freeze from its first hit: does it pass 50 turns before it thaws?"""
    frozen = rng.randrange(2) + 2
    while True:
        frozen -= 1
        if frozen == 0:
            return False
        if rng.randrange(20) + 4 >= 19 - armor:
            frozen += rng.randrange(2) + 2
            if frozen > 50:
                return True


def fight(rng: random.Random, distance: int, level: int, armor: int) -> bool:
    """One fight with a sleeping ice monster ``distance`` squares off: does he die?

    From one square the mace strikes; from farther the bow shoots, and keeps
    shooting once it is beside him (a swap to the mace would be a free swing).
    """
    hp = rng.randrange(8) + 1
    bow = distance > 1
    steady = False
    asleep = 4  # the +4 against a defender not running: his first blow or arrow only
    while True:  # his blow or arrow (it wakes at the first), then its move or swing
        if rng.randrange(20) + 1 + asleep >= 20 - level - 9:
            hp -= (rng.randrange(3) + rng.randrange(3) + 2 if bow
                   else rng.randrange(4) + rng.randrange(4) + 3)
        asleep = 0
        if hp <= 0:
            return False
        if distance > 1:
            distance -= 1
            continue
        if rng.randrange(20) + (0 if steady else 4) >= 19 - armor:
            if frozen_to_death(rng, armor):
                return True
            steady = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40_000, help="fights per figure")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("chance of dying, by the hero's level, his Arm (status line) and the squares "
          "between them when the fight starts (1: a blow; more: arrows)")
    print("level  Arm " + "".join(f"{d:>8}" for d in range(1, 7)))
    for level in (1, 4, 7):
        for shown in (4, 6):
            armor = 10 - shown
            deaths = [sum(fight(rng, d, level, armor) for _ in range(args.games)) / args.games
                      for d in range(1, 7)]
            print(f"{level:>5} {shown:>4} " + "".join(f"{p:>8.3f}" for p in deaths))


if __name__ == "__main__":
    main()
