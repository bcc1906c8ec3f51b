"""What Rogue 5.4.4's monsters can do to the hero, by their map letter.

Figures from the game's monster table (damage dice per attack, experience level):
``max_damage`` is the most one round of attacks can take off the hero, ``mean_damage``
the average if every attack hits. Flags mark what changes the tactics: a flytrap
holds (no retreat), a leprechaun or nymph steals and teleports away (don't chase),
an aquator rusts armour, an ice monster freezes, a bat is erratic (Rogue moves it at
random every other turn or so, wherever the hero is).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Monster:
    letter: str
    name: str
    level: int
    #: Damage dice as ``(count, sides)`` per attack.
    attacks: tuple[tuple[int, int], ...]
    flags: frozenset[str] = frozenset()

    @property
    def max_damage(self) -> int:
        return sum(n * s for n, s in self.attacks)

    @property
    def mean_damage(self) -> float:
        return sum(n * (s + 1) / 2 for n, s in self.attacks)

    @property
    def wakes_by_itself(self) -> bool:
        """Mean monsters may start chasing (two times in three) when the hero enters
        or leaves their room or stands beside them, greedy ones go for gold; the rest
        sleep until something wakes them (Rogue's wake_monster, from door_open and
        look)."""
        return bool(self.flags & {"mean", "greedy"})

    @property
    def harmful(self) -> bool:
        """Whether its blows can kill: by damage, or by freezing (an ice monster's hit
        does no damage, but each one lengthens the freeze until the hero dies of it)."""
        return self.max_damage > 0 or "freezes" in self.flags

    @property
    def worth_engaging(self) -> bool:
        """Whether it can hurt or rob the hero: a harmless monster is not worth a fight."""
        return self.harmful or "steals" in self.flags


def _m(letter: str, name: str, level: int, dice: str, *flags: str) -> Monster:
    attacks = tuple(
        (int(n), int(s)) for n, s in (d.split("d") for d in dice.split("/")) if int(n)
    )
    return Monster(letter, name, level, attacks, frozenset(flags))


MONSTERS: dict[str, Monster] = {m.letter: m for m in (
    _m("A", "aquator", 5, "0d0", "mean", "rusts"),
    _m("B", "bat", 1, "1d2", "flies", "erratic"),
    _m("C", "centaur", 4, "1d2/1d5/1d5"),
    _m("D", "dragon", 10, "1d8/1d8/3d10", "mean", "flames"),
    _m("E", "emu", 1, "1d2", "mean"),
    # The flytrap's damage grows each round it holds you; count it as dangerous.
    _m("F", "venus flytrap", 8, "3d4", "mean", "holds"),
    _m("G", "griffin", 13, "4d3/3d5", "mean", "flies", "regenerates"),
    _m("H", "hobgoblin", 1, "1d8", "mean"),
    _m("I", "ice monster", 1, "0d0", "freezes"),
    _m("J", "jabberwock", 15, "2d12/2d4"),
    _m("K", "kestrel", 1, "1d4", "mean", "flies"),
    _m("L", "leprechaun", 3, "1d1", "steals"),
    _m("M", "medusa", 8, "3d4/3d4/2d5", "mean", "confuses"),
    _m("N", "nymph", 3, "0d0", "steals"),
    _m("O", "orc", 1, "1d8", "greedy"),
    _m("P", "phantom", 8, "4d4", "invisible"),
    _m("Q", "quagga", 3, "1d5/1d5", "mean"),
    _m("R", "rattlesnake", 2, "1d6", "mean", "weakens"),
    _m("S", "snake", 1, "1d3", "mean"),
    _m("T", "troll", 6, "1d8/1d8/2d6", "mean", "regenerates"),
    _m("U", "black unicorn", 7, "1d9/1d9/2d9", "mean"),
    _m("V", "vampire", 8, "1d10", "mean", "regenerates", "drains"),
    _m("W", "wraith", 5, "1d6", "drains"),
    _m("X", "xeroc", 7, "4d4", "mimics"),
    _m("Y", "yeti", 4, "1d6/1d6"),
    _m("Z", "zombie", 2, "1d8", "mean"),
)}


#: Rogue's monsters in the order of depth (``lvl_mons``): one made on level ``L`` is
#: drawn from places ``L - 6`` to ``L + 3`` (below 0, one of the first five; above 25,
#: one of the last five).
BY_DEPTH = "KEBSHIROZLCQANYFTWPXUMVGJD"


def likely_at(level: int) -> Monster:
    """What a monster seen while hallucinating is taken for.

    Rogue then draws every monster as a random letter, a new one each turn, so the
    letter tells nothing. The monster is taken to hit as hard as the hardest hitter
    Rogue makes at ``level`` (as an unknown letter counts as a troll: be careful),
    with none of its special flags, which would be guesses.
    """
    places: set[int] = set()
    for d in range(level - 6, level + 4):
        places.update(range(5) if d < 0 else range(21, 26) if d > 25 else (d,))
    worst = max((MONSTERS[BY_DEPTH[i]] for i in places), key=lambda m: m.mean_damage)
    return attrs.evolve(worst, name=f"monster (tripping; a {worst.name} at worst)",
                        flags=frozenset({"mean"}))


def monster(letter: str) -> Monster:
    """The monster shown as ``letter`` (an unknown letter counts as a troll: be careful)."""
    return MONSTERS.get(letter) or attrs.evolve(MONSTERS["T"], letter=letter)
