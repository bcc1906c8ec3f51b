"""The blackboard entries of the Rog-O-Matic agent: what each knowledge source writes.

All are frozen attrs classes holding tuples, frozensets and ``bytes``, so readers can
never change what another actor sees.
"""

from __future__ import annotations

import attrs

from protocols.rogue import RogueStatus

from ._grid import Pos


@attrs.frozen
class Sensed:
    """``sensed`` (sensory system): the low-level facts of one screen."""

    kind: str
    generation: int
    message: str = ""
    more: bool = False
    prompt: str = ""
    status: RogueStatus | None = None
    #: Map rows 1-22 exactly as shown.
    rows: tuple[str, ...] = ()
    player: Pos | None = None
    #: ``(letter, position)`` of every monster letter on the map.
    monsters: tuple[tuple[str, Pos], ...] = ()
    #: ``(symbol, position)`` of every object on the map (gold, food, potions...).
    objects: tuple[tuple[str, Pos], ...] = ()
    #: ``(letter, description)`` pairs of an inventory list on screen.
    items: tuple[tuple[str, str], ...] = ()
    #: The message is new on this screen (not left over from an earlier one).
    fresh: bool = False
    #: An inventory list whose first row (row 0) was blanked: its first item is unseen.
    top_blank: bool = False


@attrs.frozen
class Event:
    """One interpreted message: ``kind`` from the pattern table, ``subject`` its object."""

    kind: str
    subject: str = ""
    detail: str = ""


#: Event kinds of blows traded, either way (the pattern table's names, ``_sense``).
BLOWS = frozenset({"hit_by", "missed_by", "we_hit", "we_missed"})


@attrs.frozen
class Events:
    """``events`` (message interpretation): what this screen's messages said."""

    generation: int
    events: tuple[Event, ...] = ()

    def kinds(self) -> frozenset[str]:
        return frozenset(e.kind for e in self.events)

    def blows_with(self) -> frozenset[str]:
        """Who blows were traded with, either way, by the messages' names in lower case
        ("ice monster"; "something" or "it" for one unseen)."""
        return frozenset(e.subject.lower() for e in self.events if e.kind in BLOWS)


@attrs.frozen
class Terrain:
    """``terrain`` (terrain map): the current level's remembered squares.

    ``rows`` hold terrain only (``.`` floor, ``#`` passage, ``+`` door, ``%`` stairs,
    ``^`` trap, ``-``/``|`` walls, blank unknown); what stands on a square (the hero,
    a monster, an object) is replaced by the terrain under it, guessed as floor when
    never seen. ``searched`` is a count per square (flat index, capped at 255).
    """

    level: int
    rows: tuple[str, ...]
    visited: frozenset[Pos] = frozenset()
    searched: bytes = bytes(22 * 80)
    stairs: Pos | None = None
    traps: frozenset[Pos] = frozenset()
    #: Traps known to rust armor: the hero stood on them when Rogue said "a gush of
    #: water hits you on the head" (the screen shows every trap as ``^``).
    rust_traps: frozenset[Pos] = frozenset()
    doors: frozenset[Pos] = frozenset()
    #: Squares seen to be dead ends of passages.
    dead_ends: frozenset[Pos] = frozenset()
    #: Decisions taken on this level.
    turns: int = 0

    def at(self, pos: Pos) -> str:
        r, c = pos
        if 1 <= r <= 22 and 0 <= c < 80:
            return self.rows[r - 1][c]
        return " "


@attrs.frozen
class Seen:
    """A monster or object on the object map, with its history."""

    symbol: str
    pos: Pos
    #: Generation it was first and last seen.
    first: int
    last: int
    #: Times it was seen at a different square than the time before.
    moves: int = 0


@attrs.frozen
class ObjectMap:
    """``objects`` (object map): monsters and objects of the current level."""

    level: int
    monsters: tuple[Seen, ...] = ()
    objects: tuple[Seen, ...] = ()
    #: Squares whose object we could not pick up (pack full, or we left it on purpose).
    ignored: frozenset[Pos] = frozenset()
    #: Squares where we dropped junk: ignored for good, where the pack full is not.
    dropped: frozenset[Pos] = frozenset()
    #: Squares of monsters that went out of view without having moved: asleep there
    #: still, as far as we know (Rogue draws floor where they lie once we leave).
    sleepers: frozenset[Pos] = frozenset()
    #: Those of ``sleepers`` where the monster was an ice monster: no goal for the
    #: explorer out of view, as in view (a dark room shows one only from beside it).
    freezers: frozenset[Pos] = frozenset()


@attrs.frozen
class Item:
    """One pack entry as the inventory lists it, with what its words tell."""

    letter: str
    text: str
    #: food, weapon, armor, potion, scroll, ring, wand, amulet, gold, unknown.
    kind: str
    #: The identified name ("healing", "teleportation"), or "" while unknown.
    name: str = ""
    count: int = 1
    worn: bool = False
    wielded: bool = False
    #: Armor protection, weapon enchantment or a ring's plus as printed, when known.
    bonus: int | None = None
    #: The hand a ring is on ("left", "right"), or "" (``worn`` is set with it).
    hand: str = ""

    @property
    def unidentified(self) -> bool:
        """What an identify scroll would tell: the kind of a potion, scroll, ring or
        wand not yet named, the plus of armor or a weapon not yet printed."""
        if self.kind in ("armor", "weapon"):
            return self.bonus is None
        return self.kind in ("potion", "scroll", "ring", "wand") and not self.name


@attrs.frozen
class Inventory:
    """``inventory`` (inventory database): the pack, and whether it needs a fresh look."""

    items: tuple[Item, ...] = ()
    #: The pack changed since it was last listed (read it with ``i``).
    stale: bool = True
    #: "there's no room in your pack" was the last word on picking up.
    full: bool = False
    #: Rogue's own pack list holds freed memory: a nymph took one of a stack
    #: (``_inventory.took_from_stack``). The next walk of the pack (a list, a pick-up,
    #: an item asked for by letter) may crash Rogue; it never mends.
    broken: bool = False

    def of_kind(self, kind: str) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == kind)

    def named(self, kind: str, name: str) -> Item | None:
        return next((i for i in self.items if i.kind == kind and i.name == name), None)


@attrs.frozen
class Connectivity:
    """``connect`` (connectivity analyser): choke points and squares on loops."""

    level: int
    #: Articulation points of the walkable graph: lose one and the level falls apart.
    chokepoints: frozenset[Pos] = frozenset()
    #: Squares that lie on some cycle (a retreat along them never dead-ends).
    cycles: frozenset[Pos] = frozenset()


@attrs.frozen
class PathField:
    """``paths`` (path calculation): weighted distances from the hero.

    ``dist`` and ``parent`` are flat per-square tuples (-1 unreachable / none);
    ``order`` is the squares in the order the search settled them (nearest first).
    """

    origin: Pos | None
    dist: tuple[int, ...] = ()
    parent: tuple[int, ...] = ()
    order: tuple[int, ...] = ()


@attrs.frozen
class InternalState:
    """``intern`` (internal state recogniser): health, hunger and combat status."""

    hp: int = 0
    hp_max: int = 1
    #: 0 fed, 1 Hungry, 2 Weak, 3 Faint.
    hunger: int = 0
    level: int = 0
    exp_level: int = 1
    armor: int = 0
    strength: int = 16
    #: Adjacent monsters (letter, position).
    adjacent: tuple[tuple[str, Pos], ...] = ()
    in_combat: bool = False
    confused: bool = False
    blind: bool = False
    held: bool = False
    #: Floating (a potion of levitation): no stairs until "you float gently to the ground".
    levitating: bool = False
    #: Tripping (a potion of hallucination, 850 turns): Rogue draws every monster as a
    #: random letter, a new one each turn, so no letter on the map names its monster.
    hallucinating: bool = False
    #: Hasted (a potion of haste self: two moves a turn for 5 to 8 turns). A second
    #: haste while hasted makes Rogue's hero faint from exhaustion, so a potion of haste
    #: is not drunk while this is set.
    hasted: bool = False
    #: Decisions since we last took damage.
    since_hit: int = 0
    #: Rogue's "running" flag on the hero: monsters get +4 to hit a defender without
    #: it, and the hero gets it only when he can move again after a faint, a freeze or
    #: a sleep; he loses it when his hunger worsens (Hungry, Weak, Faint) or he is
    #: frozen or put to sleep (see ``_odds``).
    steady: bool = False
    #: A lower bound on Rogue's food clock (``Food_left``: 1,300 at the start, one less
    #: each turn, 1,100 to 1,500 more per meal up to 2,000; Hungry below 300): the
    #: turns of the actions taken are counted high, so the true clock is never lower.
    food_floor: int = 1300
    #: Turns the food clock has run below zero, as near as the screens tell (0 while
    #: the status line does not say "Faint"): the turns of the actions taken, and each
    #: faint as its mean length. Rogue's stomach kills the hero 850 turns after the
    #: clock runs out (STARVETIME) if he has not eaten by then.
    starved: int = 0

    @property
    def hp_fraction(self) -> float:
        return self.hp / max(1, self.hp_max)
