"""What the odds of a fight with a wounded monster cost, against drawing until it lived.

Usage: ``python bench/rogue_wound_odds.py [--repeat N]``

The surrender expert asks :func:`actors.rogue._odds.fight_odds` about a monster the
hero has already hit (``wounds``: blows, arrows); each of the 300 trials draws the
hit points it has left, given that it lived. Until 1.62 they were drawn until a draw
lived (at most 50 times, then 1): cheap when the wounds usually leave it alive,
1/p draws when they nearly never would (a count that pools two monsters of one
name, or a weapon with an unknown minus). From 1.63 they come from the exact table
of survivors, one random number a draw.

For each case this prints the time of one uncached ``fight_odds`` by the old sampler
(the baseline, re-implemented here and timed in the same run) and by the project's,
and the ratio. The case that made a real decision take 140 ms (dungeon 939: an
aquator after five blows of a two-handed sword) is among them.
"""

from __future__ import annotations

import argparse
import random
import time

from actors.rogue import _odds
from actors.rogue._monsters import monster
from actors.rogue._odds import ARROW_FROM_BOW, Hero

MACE = Hero()
SWORD = Hero(level=6, strength=15, armor=10, dice=((4, 4),), hit_plus=0, dam_plus=0)

#: (label, hit points, hero, monster letter, wounds).
CASES = (
    ("hobgoblin, one blow of the mace", 12, MACE, "H", (1, 0)),
    ("centaur, two blows and an arrow", 30, SWORD, "C", (2, 1)),
    ("aquator, five blows of the sword", 25, SWORD, "A", (5, 0)),
    ("troll, eight blows of the sword", 40, SWORD, "T", (8, 0)),
)


def drawn_until_alive(rng: random.Random, level: int, hero: Hero,
                      wounds: tuple[int, int]) -> int:
    """1.62's sampler: draw the monster's hit points and the wounds' damage until it
    lives, at most 50 times, else 1."""
    blows, arrows = wounds
    for _ in range(50):
        mhp = sum(rng.randint(1, 8) for _ in range(max(1, level)))
        for dice, n in ((hero.dice, blows), (ARROW_FROM_BOW, arrows)):
            for _ in range(n):
                mhp -= max(0, sum(rng.randint(1, s) for k, s in dice for _ in range(k))
                           + hero.damage_plus)
        if mhp > 0:
            return mhp
    return 1


def timed(hp: int, hero: Hero, letter: str, wounds: tuple[int, int], repeat: int) -> float:
    """Seconds for one uncached ``fight_odds`` (the caches cleared before each)."""
    m = monster(letter)
    start = time.perf_counter()
    for _ in range(repeat):
        _odds._fight_odds.cache_clear()
        _odds._survivor_table.cache_clear()
        _odds.fight_odds(hp, hero, m, wounds=wounds)
    return (time.perf_counter() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20,
                        help="uncached calls timed per case and sampler (default 20)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    project = _odds._hit_points_left
    print(f"{'case':36s} {'drawn (ms)':>10s} {'table (ms)':>10s} {'ratio':>7s}")
    for label, hp, hero, letter, wounds in CASES:
        _odds._hit_points_left = drawn_until_alive
        try:
            old = timed(hp, hero, letter, wounds, args.repeat)
        finally:
            _odds._hit_points_left = project
        new = timed(hp, hero, letter, wounds, args.repeat)
        print(f"{label:36s} {old * 1000:10.2f} {new * 1000:10.2f} {old / new:6.1f}x")


if __name__ == "__main__":
    main()
