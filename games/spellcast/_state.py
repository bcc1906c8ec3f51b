"""Mutable match state: wizards, monsters and the per-turn bookkeeping (engine-private).

Field names follow Plotkin's ``struct wizard`` / ``struct creature`` where they exist, so the
resolution code can be checked against the rules notes line by line. Timers count as in
Plotkin: a Blindness cast this turn sets 4 and the same turn's enchantment pass takes it to 3.
"""

from __future__ import annotations

from collections import Counter

import attrs

__all__ = ["Being", "CastSpell", "Monster", "Row", "Wizard"]

NO_SPELL = -1

MONSTER_STATS = {
    # kind: (hit points, damage, leaves a corpse)
    "goblin": (1, 1, True),
    "ogre": (2, 2, True),
    "troll": (3, 3, True),
    "giant": (4, 4, True),
    "fire-elemental": (3, 3, False),
    "ice-elemental": (3, 3, False),
}


@attrs.define(slots=True)
class PermStats:
    """What a Permanency made eternal (Plotkin ``struct permstats``)."""

    mind_spell: int = NO_SPELL
    #: Detail of a permanent mind spell: paralysed hand, (hand, gesture) of confusion/charm,
    #: or the controller of a charmed monster.
    mind_detail: object = None
    haste: bool = False
    prot_evil: bool = False
    resist_heat: bool = False
    resist_cold: bool = False
    blindness: bool = False
    invisibility: bool = False


@attrs.define(slots=True)
class Being:
    """What wizards and monsters share."""

    name: str
    hp: int
    max_hp: int
    alive: bool = True
    resistant_heat: bool = False
    resistant_cold: bool = False
    prot_from_evil: int = 0
    haste: int = 0
    timestop: int = 0
    invisibility: int = 0
    blindness: int = 0
    disease: int = -1
    poison: int = -1
    #: Mind spell in force for the next gesture/attack (and its detail).
    mind_spell: int = NO_SPELL
    mind_hand: str | None = None
    mind_controller: str | None = None
    mind_permanent: bool = False
    perm: PermStats = attrs.Factory(PermStats)
    # per-turn resolution scratch
    zap: Counter[int] = attrs.Factory(Counter)
    #: The casts behind ``zap``, in arrival order: (spell index, cast).
    zap_casts: list[tuple[int, CastSpell]] = attrs.Factory(list)
    enchant_caster: str | None = None
    enchant_cast: CastSpell | None = None
    enchant_ppend: bool = False
    raisedead_caster: str | None = None
    fl_resist_heat: bool = False
    fl_resist_cold: bool = False
    fl_resist_icestorm: bool = False

    @property
    def is_wizard(self) -> bool:
        return False

    def clear_round(self) -> None:
        self.zap = Counter()
        self.zap_casts = []
        self.enchant_caster = None
        self.enchant_cast = None
        self.enchant_ppend = False
        self.raisedead_caster = None
        self.fl_resist_heat = False
        self.fl_resist_cold = False
        self.fl_resist_icestorm = False

    def clear_out_spells(self) -> None:
        """Everything magical ends (death, or raised from the dead)."""
        self.mind_spell = NO_SPELL
        self.mind_hand = None
        self.mind_controller = None
        self.mind_permanent = False
        self.resistant_heat = self.resistant_cold = False
        self.fl_resist_heat = self.fl_resist_cold = self.fl_resist_icestorm = False
        self.disease = self.poison = -1
        self.prot_from_evil = self.haste = self.timestop = 0
        self.invisibility = self.blindness = 0
        self.perm = PermStats()


@attrs.define(slots=True)
class Row:
    """One gesture row: what both hands did, and who could not see it."""

    left: str
    right: str
    #: Hidden from everyone else (invisible wizard or time-stop turn).
    invisible: bool = False
    #: Viewers who were blind when it was made.
    blind: frozenset[str] = frozenset()

    def pair(self) -> tuple[str, str]:
        return (self.left, self.right)


@attrs.define(slots=True)
class Wizard(Being):
    rows: list[Row] = attrs.Factory(list)
    #: Number of leading rows an Anti-Spell has cut off from spell detection.
    barrier: int = 0
    surrendered: bool = False
    cast_lightning: bool = False
    #: The hand paralysed on the current turn (Plotkin resets this each gesture turn).
    hand_paralyzed: str | None = None
    delay_time: int = 0
    delay_bank: int = NO_SPELL
    perm_time: int = 0

    @property
    def is_wizard(self) -> bool:
        return True

    def clear_out_spells(self) -> None:
        Being.clear_out_spells(self)
        self.delay_time = 0
        self.perm_time = 0
        self.delay_bank = NO_SPELL


@attrs.define(slots=True)
class Monster(Being):
    kind: str = "goblin"
    damage: int = 1
    owner: str | None = None
    nocorpse: bool = False
    last_target: str | None = None
    #: Mind spell acting on this turn's attack (monsters lag one turn, as in Plotkin).
    nowm_spell: int = NO_SPELL
    #: This turn's victim chosen by a new controller (summoned, charmed or raised this turn).
    override_target: str | None = None
    has_override: bool = False

    @property
    def elemental(self) -> bool:
        return self.kind.endswith("elemental")

    def clear_out_spells(self) -> None:
        Being.clear_out_spells(self)
        self.nowm_spell = NO_SPELL


@attrs.define(slots=True)
class CastSpell:
    """One entry of the turn's cast list (Plotkin ``struct castspell``).

    ``hand`` is ``left``/``right``/``both`` or ``delayed`` (released from a Delayed Effect).
    ``target`` is a being name, ``None`` for "nobody"/up in the air, and ``area`` spells
    have ``area`` True.
    """

    caster: str | None
    hand: str
    spell: int
    permanent: bool = False
    target: str | None = None
    area: bool = False
    #: Set when a Magic Mirror sent it back (the caster is then the mirror's subject, or
    #: None when it bounced off a monster: nobody controls the effect).
    reflected: bool = False
    #: Answers to the detail questions about this cast (question kind value -> choice).
    details: dict[str, str] = attrs.Factory(dict)
