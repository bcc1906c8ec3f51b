"""Wands in a fight: which to zap, when, and which zaps taught nothing.

Battlestations (``_combat``) zaps at the brink of a lost fight, or earlier by the
tactics (:func:`zap_early`); these are its choices of wand and the memory of zaps
sent (:func:`unknown_zapped`, :func:`once_zapped`), so that a wand that showed
nothing, or a slow monster already slowed, is not zapped again, and cancellation
only at a monster it takes something from.
"""

from __future__ import annotations

from runtime import Proposal

from ._context import Situation, Threat
from ._grid import KEYS, direction


def zap_at(s: Situation, t: Threat, names: tuple[str, ...],
         spent: frozenset[str] = frozenset(),
         done: frozenset[tuple[str, str]] = frozenset()) -> Proposal | None:
    """The zap of the first wand in the pack named in ``names`` ("" for any unknown one
    not yet zapped for nothing: ``spent``) at ``t``, if one does something to it.

    Not a known wand already zapped at a monster of its name whose effect does not add
    up (``done``: :data:`ONCE_A_MONSTER`), nor cancellation at a monster with nothing to
    cancel (:data:`CANCELLABLE`): either zap is a turn of the monster's blows for nothing.
    A hero at 15 of 43 hit points zapped a known cancellation wand at a centaur six times
    running, down to 4, and died (dungeon 544 of 1.89, level 9).
    """
    if s.inventory is None or s.inventory.stale:
        return None
    step = direction(s.player, t.seen.pos)
    if step is None:
        return None
    for item in s.inventory.of_kind("wand"):
        if not item.name and item.text in spent:
            continue
        if item.name and (item.name, t.info.name) in done:
            continue
        if item.name == "cancellation" and t.info.letter not in CANCELLABLE:
            continue
        if item.name in names or (not item.name and "" in names):
            what = item.name or "unknown"
            # Rogue 5.4.4 asks the direction first, then the wand.
            return Proposal("z" + KEYS[step] + item.letter,
                            f"zap the {what} wand ({item.letter}) at the {t.info.name}")
    return None


ATTACK_WANDS = ("teleport away", "slow monster", "lightning", "fire", "cold",
                "magic missile", "striking", "drain life", "cancellation")
#: Known wands worth a charge as soon as the odds call a fight dangerous
#: (``Tactics.zap_risk``, off by default), before it has cost any hit points: a bolt's
#: 6d6 ends most fights, slow monster gives the hero two blows for each of the
#: monster's, teleport away sends it off. Magic missile (1d4) and drain life (half the
#: hero's hit points) stay at the brink (``zap_below``).
EARLY_WANDS = ("lightning", "fire", "cold", "slow monster", "teleport away")
#: Wands whose zap does nothing more to a monster it already reached.
ONCE_A_MONSTER = ("slow monster", "cancellation")
#: The monsters a wand of cancellation takes something from (Rogue 5.4.4 sets ``ISCANC``,
#: which only the special blows of fight.c, the medusa's gaze and the dragon's breath
#: look at, and clears invisibility and the xeroc's disguise): to any other it does
#: nothing.
CANCELLABLE = frozenset("ADFILMNPRVWX")
#: Wands that fire Rogue's bolt (``fire_bolt``), and the squares it flies (``BOLT_LENGTH``;
#: a bounce off a wall, a door or rock is not one of them).
BOLTS = ("lightning", "fire", "cold")
BOLT_LENGTH = 6


def bolt_comes_back(s: Situation, step: tuple[int, int]) -> bool:
    """Could a bolt zapped along ``step`` that the monster dodges come back into the hero?

    ``fire_bolt`` reverses at the first wall, door or rock and flies on: from one ``w``
    squares off it is back on the hero's square after ``2 (w - 1)`` squares, inside its
    six when ``w`` is 4 or less, and then hits him for 6d6 unless he saves (dungeon 603
    under ``zap_risk`` 0.1: a centaur in a passage dodged, "killed by a bolt").
    """
    if s.terrain is None:
        return True
    row, col = s.player
    for w in range(1, BOLT_LENGTH // 2 + 2):
        if s.terrain.at((row + step[0] * w, col + step[1] * w)) in "|-+ ":
            return True
    return False


def zap_early(s: Situation, threats: tuple[Threat, ...], spent: frozenset[str] = frozenset(),
              done: frozenset[tuple[str, str]] = frozenset()) -> Proposal | None:
    """A wand at the most dangerous of ``threats`` while the fight is young.

    By default every wand waits until the hero is losing (below ``zap_below`` of his
    hit points, after the fight looked bad): a level-5 hero met a centaur at full health
    (a fight Rogue's rules say kills him 28% of the time), traded blows down to 11 of 29,
    and only then zapped, a turn short (dungeon 555 of 1.63). With ``Tactics.zap_risk``
    below 1, a known bolt, slow monster or teleport away goes first when the odds of the
    fight to the end say it kills him at least that often; an unknown wand (not yet
    zapped to no effect: ``spent``) at ``Tactics.zap_unknown_risk``. Both measured no
    better (docs/rogomatic.md): a bolt the monster dodges (three times in ten for a centaur) flies
    on, bounces off the wall behind it and can strike the hero for 6d6 (dungeon 603
    died so); since that run a known bolt goes early only along a line it cannot come
    back on (:func:`bolt_comes_back`). ``done``: (wand name, monster name) pairs zapped
    already whose effect does not add up (a slowed monster slows no further).
    """
    tactics = s.tactics
    if min(tactics.zap_risk, tactics.zap_unknown_risk) >= 1.0:
        return None
    inv = s.inventory
    if inv is None or inv.stale or not inv.of_kind("wand"):
        return None
    aimed = [(s.odds(t).death, t, step) for t in threats
             if (t.adjacent or t.awake) and (step := direction(s.player, t.seen.pos)) is not None]
    if not aimed:
        return None
    death, worst, step = max(aimed, key=lambda found: found[0])
    name = worst.info.name
    back = bolt_comes_back(s, step)
    known = tuple(w for w in EARLY_WANDS if not (back and w in BOLTS))  # ``done``: zap_at
    for names, risk in ((known, tactics.zap_risk), (("",), tactics.zap_unknown_risk)):
        if death >= risk:
            zap = zap_at(s, worst, names, spent, done)
            if zap is not None:
                return Proposal(zap.action, f"battlestations: the fight with the {name} "
                                            f"kills us {death:.0%} of the time: "
                                            + zap.rationale)
    return None


def zaps(sent: tuple[object, ...]) -> list[tuple[str, str]]:
    """(direction key, wand letter) of each zap among the actions in ``sent``."""
    return [(a[1], a[2]) for a in sent if isinstance(a, str) and len(a) == 3 and a[0] == "z"]


def unknown_zapped(s: Situation, sent: tuple[object, ...]) -> set[str]:
    """The texts of unidentified wands among the zaps in ``sent``.

    A wand whose effect Rogue showed is named by the next list; one still unknown
    after a zap did nothing to see (or worse: haste monster, invisibility), so it
    is not zapped again (replays under 1.19: one zapped four times in a row while a
    centaur struck, dungeon 193; another made a centaur invisible, dungeon 189).
    """
    if s.inventory is None:
        return set()
    wands = {i.letter: i for i in s.inventory.of_kind("wand") if not i.name}
    return {wands[letter].text for _, letter in zaps(sent) if letter in wands}


def once_zapped(s: Situation, sent: tuple[object, ...]) -> set[tuple[str, str]]:
    """(wand name, monster name) for the zaps in ``sent`` of a known wand whose effect
    does not add up (:data:`ONCE_A_MONSTER`), at the nearest monster the way it went."""
    if s.inventory is None:
        return set()
    wands = {i.letter: i.name for i in s.inventory.of_kind("wand") if i.name in ONCE_A_MONSTER}
    done = set()
    for key, letter in zaps(sent):
        aimed = [t for t in s.threats if (step := direction(s.player, t.seen.pos)) is not None
                 and KEYS[step] == key]
        if letter in wands and aimed:
            done.add((wands[letter], min(aimed, key=lambda t: t.distance).info.name))
    return done
