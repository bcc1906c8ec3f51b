"""The spell table: Plotkin's 43 entries (spells plus the surrender and stab non-spells).

Gesture strings read oldest to newest. Upper case is one hand's gesture; lower case is the
same gesture made by both hands on that turn (``c`` is the clap, ``p`` surrender). The table
is data (copied from ``spells.tsv``, whose header cites Plotkin's ``spelllist.c``); the rules
that use it live in ``_detect`` and ``_resolve``.
"""

from __future__ import annotations

import enum

import attrs

__all__ = [
    "GESTURES",
    "NOBODY",
    "NOTHING",
    "STAB",
    "SPELLS",
    "Ruleset",
    "Spell",
    "spell_by_name",
    "spell_by_slug",
    "spells_for",
]

#: Every gesture a hand may make: palm, digit, fingers, wave, snap, (half-)clap, stab, nothing.
GESTURES = "PDFWSCK_"
#: The stab gesture (not a spell gesture; one hand per turn).
STAB = "K"
#: The "nothing" gesture.
NOTHING = "_"
#: The target choice meaning "at nobody" (spells shot off harmlessly); never a wizard name.
NOBODY = "nobody"


class Ruleset(enum.Enum):
    """Which spells exist: Plotkin's full list, or the LCA 2005 ``sc`` server's subset."""

    FULL = "full"
    #: Without Haste, Time Stop, Delayed Effect and Permanency (as the Becky report says of sc).
    SC = "sc"


@attrs.frozen(slots=True)
class Spell:
    """One row of the spell table.

    ``slug`` is derived from the name, so the two Counter-Spell rows share ``counter-spell``
    and the two Lightning Bolt rows share ``lightning-bolt`` (they are one spell each);
    ``index`` is unique. ``target`` is Plotkin's target class: ``wizard``, ``wizard|none``,
    ``being|none``, ``being|corpse``, ``area`` or ``none``. ``default`` is ``self``, ``other``
    or ``-`` (the default target offered). ``extendable``: Permanency may extend it.
    ``in_sc``: present in :attr:`Ruleset.SC`.
    """

    index: int
    name: str
    gestures: str
    hands: str
    target: str
    default: str
    extendable: bool
    in_sc: bool

    @property
    def slug(self) -> str:
        """The name in lower case with hyphens: ``cure-light-wounds``."""
        return self.name.lower().replace(" ", "-")

    @property
    def two_handed(self) -> bool:
        """True when the final gesture is made by both hands (the spell uses both hands)."""
        return self.gestures[-1].islower()

    @property
    def is_spell(self) -> bool:
        """False for the two non-spells, surrender and stab."""
        return self.index not in (SURRENDER_INDEX, STAB_INDEX)

    def in_ruleset(self, ruleset: Ruleset) -> bool:
        """Whether this row exists under ``ruleset``."""
        return ruleset is Ruleset.FULL or self.in_sc


SURRENDER_INDEX = 17
STAB_INDEX = 42

_ROWS = (
    (0, "Dispel Magic", "cDPW", "mixed", "wizard", "self", False, True),
    (1, "Summon Elemental", "cSWWS", "mixed", "wizard", "self", False, True),
    (2, "Magic Mirror", "cw", "both", "being|none", "self", False, True),
    (3, "Lightning Bolt", "DFFDD", "one", "being|none", "other", False, True),
    (4, "Cure Heavy Wounds", "DFPW", "one", "being|none", "self", False, True),
    (5, "Cure Light Wounds", "DFW", "one", "being|none", "self", False, True),
    (6, "Amnesia", "DPP", "one", "being|none", "other", True, True),
    (7, "Confusion", "DSF", "one", "being|none", "other", True, True),
    (8, "Disease", "DSFFFc", "both", "being|none", "other", False, True),
    (9, "Blindness", "DWFFd", "both", "being|none", "other", True, True),
    (10, "Delayed Effect", "DWSSSP", "one", "wizard|none", "self", False, False),
    (11, "Raise Dead", "DWWFWc", "both", "being|corpse", "self", False, True),
    (12, "Poison", "DWWFWD", "one", "being|none", "other", False, True),
    (13, "Paralysis", "FFF", "one", "being|none", "other", True, True),
    (14, "Summon Troll", "FPSFW", "one", "wizard|none", "self", False, True),
    (15, "Fireball", "FSSDD", "one", "being|none", "other", False, True),
    (16, "Shield", "P", "one", "being|none", "self", False, True),
    (17, "SURRENDER", "p", "both", "none", "-", False, True),
    (18, "Remove Enchantment", "PDWP", "one", "being|none", "self", False, True),
    (19, "Invisibility", "PPws", "both", "being|none", "self", True, True),
    (20, "Charm Monster", "PSDD", "one", "being|none", "other", True, True),
    (21, "Charm Person", "PSDF", "one", "being|none", "other", True, True),
    (22, "Summon Ogre", "PSFW", "one", "wizard|none", "self", False, True),
    (23, "Finger of Death", "PWPFSSSD", "one", "being|none", "other", False, True),
    (24, "Haste", "PWPWWc", "both", "being|none", "self", True, False),
    (25, "Missile", "SD", "one", "being|none", "other", False, True),
    (26, "Summon Goblin", "SFW", "one", "wizard|none", "self", False, True),
    (27, "Anti-Spell", "SPF", "one", "wizard|none", "other", False, True),
    (28, "Permanency", "SPFPSDW", "one", "wizard|none", "self", False, False),
    (29, "Time Stop", "SPPc", "both", "being|none", "self", False, False),
    (30, "Resist Cold", "SSFP", "one", "being|none", "self", True, True),
    (31, "Fear", "SWD", "one", "being|none", "other", True, True),
    (32, "Fire Storm", "SWWc", "both", "area", "-", False, True),
    (33, "Lightning Bolt", "WDDc", "both", "being|none", "other", False, True),
    (34, "Cause Light Wounds", "WFP", "one", "being|none", "other", False, True),
    (35, "Summon Giant", "WFPSFW", "one", "wizard|none", "self", False, True),
    (36, "Cause Heavy Wounds", "WPFD", "one", "being|none", "other", False, True),
    (37, "Counter-Spell", "WPP", "one", "being|none", "self", False, True),
    (38, "Ice Storm", "WSSc", "both", "area", "-", False, True),
    (39, "Resist Heat", "WWFP", "one", "being|none", "self", True, True),
    (40, "Protection From Evil", "WWP", "one", "being|none", "self", True, True),
    (41, "Counter-Spell", "WWS", "one", "being|none", "self", False, True),
    (42, "stab", "K", "one", "being|none", "other", False, True),
)

#: All 43 rows in Plotkin's order (index == position).
SPELLS: tuple[Spell, ...] = tuple(Spell(*row) for row in _ROWS)

_BY_SLUG: dict[str, Spell] = {}
for _spell in SPELLS:
    _BY_SLUG.setdefault(_spell.slug, _spell)


def spell_by_slug(slug: str) -> Spell:
    """The spell with this slug (the first row for the shared ones); LookupError otherwise."""
    try:
        return _BY_SLUG[slug.lower()]
    except KeyError:
        raise LookupError(f"unknown spell {slug!r}; expected one of {sorted(_BY_SLUG)}") from None


def spell_by_name(name: str) -> Spell:
    """The spell with this display name, case-insensitive (``"Magic Mirror"``)."""
    return spell_by_slug(name.strip().replace(" ", "-"))


def spells_for(ruleset: Ruleset) -> tuple[Spell, ...]:
    """The rows that exist under ``ruleset``, in table order."""
    return tuple(spell for spell in SPELLS if spell.in_ruleset(ruleset))


class SP:
    """Spell indices by Plotkin's names (engine-internal shorthand)."""

    DISPEL_MAGIC = 0
    SUMMON_ELEMENTAL = 1
    MAGIC_MIRROR = 2
    LIGHTNING_BOLT = 3
    CURE_HEAVY_WOUNDS = 4
    CURE_LIGHT_WOUNDS = 5
    AMNESIA = 6
    CONFUSION = 7
    DISEASE = 8
    BLINDNESS = 9
    DELAYED_EFFECT = 10
    RAISE_DEAD = 11
    POISON = 12
    PARALYSIS = 13
    SUMMON_TROLL = 14
    FIREBALL = 15
    SHIELD = 16
    SURRENDER = 17
    REMOVE_ENCHANTMENT = 18
    INVISIBILITY = 19
    CHARM_MONSTER = 20
    CHARM_PERSON = 21
    SUMMON_OGRE = 22
    FINGER_OF_DEATH = 23
    HASTE = 24
    MISSILE = 25
    SUMMON_GOBLIN = 26
    ANTI_SPELL = 27
    PERMANENCY = 28
    TIME_STOP = 29
    RESIST_COLD = 30
    FEAR = 31
    FIRE_STORM = 32
    LIGHTNING_BOLT2 = 33
    CAUSE_LIGHT_WOUNDS = 34
    SUMMON_GIANT = 35
    CAUSE_HEAVY_WOUNDS = 36
    COUNTER_SPELL = 37
    ICE_STORM = 38
    RESIST_HEAT = 39
    PROTECTION_FROM_EVIL = 40
    COUNTER_SPELL2 = 41
    STAB = 42
