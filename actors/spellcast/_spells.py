"""The spells as the search sees them: gestures, who they are usually cast at, rank.

Indices follow the shared spell table (``protocols.spellcast.SPELLS``, Plotkin's
order); a test checks the gestures here against it, so this compact copy cannot
drift. Haste, Time Stop, Delayed Effect and Permanency are left out of the search,
as Becky left them out (the ``sc`` server lacked them), and so is surrender, which
the move generator never offers.
"""

from __future__ import annotations

import attrs

DISPEL_MAGIC = 0
SUMMON_ELEMENTAL = 1
MAGIC_MIRROR = 2
LIGHTNING_BOLT = 3
CURE_HEAVY = 4
CURE_LIGHT = 5
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
SHORT_LIGHTNING = 33
CAUSE_LIGHT = 34
SUMMON_GIANT = 35
CAUSE_HEAVY = 36
COUNTER_SPELL = 37
ICE_STORM = 38
RESIST_HEAT = 39
PROTECTION = 40
COUNTER_SPELL_2 = 41
STAB = 42

SELF, OTHER, AREA = "self", "other", "area"


@attrs.frozen(slots=True)
class SpellInfo:
    """One spell for the search: ``gestures`` oldest first, lowercase = both hands."""

    index: int
    name: str
    gestures: str
    aim: str
    rank: int


def _s(index: int, name: str, gestures: str, aim: str, rank: int) -> SpellInfo:
    return SpellInfo(index, name, gestures, aim, rank)


#: Everything the model can cast, by index (rank: higher is usually the better pick
#: when one hand completes several spells of the same aim).
SPELL_INFO: dict[int, SpellInfo] = {s.index: s for s in (
    _s(DISPEL_MAGIC, "Dispel Magic", "cDPW", SELF, 60),
    _s(SUMMON_ELEMENTAL, "Summon Elemental", "cSWWS", SELF, 20),
    _s(MAGIC_MIRROR, "Magic Mirror", "cw", SELF, 40),
    _s(LIGHTNING_BOLT, "Lightning Bolt", "DFFDD", OTHER, 80),
    _s(CURE_HEAVY, "Cure Heavy Wounds", "DFPW", SELF, 35),
    _s(CURE_LIGHT, "Cure Light Wounds", "DFW", SELF, 25),
    _s(AMNESIA, "Amnesia", "DPP", OTHER, 30),
    _s(CONFUSION, "Confusion", "DSF", OTHER, 32),
    _s(DISEASE, "Disease", "DSFFFc", OTHER, 90),
    _s(BLINDNESS, "Blindness", "DWFFd", OTHER, 50),
    _s(RAISE_DEAD, "Raise Dead", "DWWFWc", SELF, 45),
    _s(POISON, "Poison", "DWWFWD", OTHER, 95),
    _s(PARALYSIS, "Paralysis", "FFF", OTHER, 45),
    _s(SUMMON_TROLL, "Summon Troll", "FPSFW", SELF, 52),
    _s(FIREBALL, "Fireball", "FSSDD", OTHER, 78),
    _s(SHIELD, "Shield", "P", SELF, 10),
    _s(REMOVE_ENCHANTMENT, "Remove Enchantment", "PDWP", SELF, 30),
    _s(INVISIBILITY, "Invisibility", "PPws", SELF, 55),
    _s(CHARM_MONSTER, "Charm Monster", "PSDD", OTHER, 35),
    _s(CHARM_PERSON, "Charm Person", "PSDF", OTHER, 44),
    _s(SUMMON_OGRE, "Summon Ogre", "PSFW", SELF, 50),
    _s(FINGER_OF_DEATH, "Finger of Death", "PWPFSSSD", OTHER, 100),
    _s(MISSILE, "Missile", "SD", OTHER, 15),
    _s(SUMMON_GOBLIN, "Summon Goblin", "SFW", SELF, 40),
    _s(ANTI_SPELL, "Anti-Spell", "SPF", OTHER, 28),
    _s(RESIST_COLD, "Resist Cold", "SSFP", SELF, 12),
    _s(FEAR, "Fear", "SWD", OTHER, 33),
    _s(FIRE_STORM, "Fire Storm", "SWWc", AREA, 70),
    _s(SHORT_LIGHTNING, "Lightning Bolt", "WDDc", OTHER, 79),
    _s(CAUSE_LIGHT, "Cause Light Wounds", "WFP", OTHER, 20),
    _s(SUMMON_GIANT, "Summon Giant", "WFPSFW", SELF, 54),
    _s(CAUSE_HEAVY, "Cause Heavy Wounds", "WPFD", OTHER, 40),
    _s(COUNTER_SPELL, "Counter-Spell", "WPP", SELF, 42),
    _s(ICE_STORM, "Ice Storm", "WSSc", AREA, 70),
    _s(RESIST_HEAT, "Resist Heat", "WWFP", SELF, 12),
    _s(PROTECTION, "Protection From Evil", "WWP", SELF, 38),
    _s(COUNTER_SPELL_2, "Counter-Spell", "WWS", SELF, 42),
    _s(STAB, "stab", "K", OTHER, 5),
)}

#: Spells whose effect is damage (they may be aimed at a monster instead of a wizard).
DAMAGE = {
    LIGHTNING_BOLT: 5, FIREBALL: 5, SHORT_LIGHTNING: 5, CAUSE_LIGHT: 2,
    CAUSE_HEAVY: 3, MISSILE: 1, STAB: 1,
}
#: Monsters by their summoning spell: hit points, which are also the damage they deal.
SUMMONS = {SUMMON_GOBLIN: 1, SUMMON_OGRE: 2, SUMMON_TROLL: 3, SUMMON_GIANT: 4}
#: The mind spells: more than one distinct one on a subject and all fizzle.
MIND = frozenset({AMNESIA, CONFUSION, CHARM_PERSON, CHARM_MONSTER, PARALYSIS, FEAR})
#: Spells a Magic Mirror sends back (aimed spells and enchantments; not stabs).
MIRRORABLE = frozenset(
    s for s, info in SPELL_INFO.items() if info.aim != AREA and s not in (STAB,)
)
#: Spells that need two hands at the end (last gesture made by both hands).
TWO_HANDED = frozenset(s for s, info in SPELL_INFO.items() if info.gestures[-1].islower())

#: The protocol's name for each spell ("finger-of-death"; both Counter-Spells and both
#: Lightning Bolts share one).
SLUGS: dict[int, str] = {s: info.name.lower().replace(" ", "-") for s, info in SPELL_INFO.items()}
