"""Turn resolution in Plotkin's order (``execute_spells``, ``execute_monsters``, ``pass_time``).

The order, as in the rules notes: counter-spells, dispels and mirrors are flagged first; every
other spell is routed (dispelled, gone wild, countered, reflected); summons; elementals and
storms; cancellations; protections; enchantments; attacks; heals; monster attacks; deaths,
disease and poison; the end-of-match check; then the next turn's kind (time stop, haste).
Per-being counters (``zap``) record what reached each being, as Plotkin's ``zaplist`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._records import Event, EventKind, Outcome, TurnKind
from ._spells import SP, SPELLS
from ._state import MONSTER_STATS, NO_SPELL, Being, CastSpell, Monster, Wizard

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["Resolver"]

#: Spells a Magic Mirror does not reflect (those usually cast on oneself).
_UNMIRRORED = frozenset(
    {
        SP.SHIELD,
        SP.REMOVE_ENCHANTMENT,
        SP.RAISE_DEAD,
        SP.CURE_LIGHT_WOUNDS,
        SP.CURE_HEAVY_WOUNDS,
        SP.SUMMON_GOBLIN,
        SP.SUMMON_OGRE,
        SP.SUMMON_TROLL,
        SP.SUMMON_GIANT,
        SP.SUMMON_ELEMENTAL,
        SP.PROTECTION_FROM_EVIL,
        SP.RESIST_HEAT,
        SP.RESIST_COLD,
        SP.INVISIBILITY,
        SP.HASTE,
        SP.TIME_STOP,
        SP.DELAYED_EFFECT,
        SP.PERMANENCY,
    }
)
_MIND = (SP.AMNESIA, SP.CONFUSION, SP.CHARM_PERSON, SP.CHARM_MONSTER, SP.PARALYSIS, SP.FEAR)
_CONTROL = (SP.PARALYSIS, SP.CHARM_PERSON, SP.CHARM_MONSTER)
_SUMMON_KINDS = (
    (SP.SUMMON_GOBLIN, "goblin"),
    (SP.SUMMON_OGRE, "ogre"),
    (SP.SUMMON_TROLL, "troll"),
    (SP.SUMMON_GIANT, "giant"),
)
_DAMAGE = (
    (SP.CAUSE_LIGHT_WOUNDS, 2, "Cause Light Wounds"),
    (SP.CAUSE_HEAVY_WOUNDS, 3, "Cause Heavy Wounds"),
    (SP.LIGHTNING_BOLT, 5, "Lightning Bolt"),
)


def _who(cast: CastSpell) -> str:
    """"alice's" -- or "the" for a spell reflected off a monster's mirror (no caster)."""
    return f"{cast.caster}'s" if cast.caster else "the"


class Resolver:
    """Mixin holding the resolution half of :class:`Match` (uses its private state)."""

    # provided by Match
    _wizards: dict[str, Wizard]
    _monsters: dict[str, Monster]

    # -- helpers -----------------------------------------------------------------------
    def _beings(self) -> Iterator[Being]:
        yield from self._wizards.values()
        yield from self._monsters.values()

    def _lookup(self, name: str | None) -> Being | None:
        if name is None:
            return None
        return self._wizards.get(name) or self._monsters.get(name)

    def _emit(self, kind: EventKind, text: str, **fields: object) -> None:
        self._out.append(Event(kind, text, **fields))  # type: ignore[arg-type]

    def _zap(self, cast: CastSpell, spell: int, target: Being) -> None:
        """Plotkin ``set_zap_flag``: record that ``spell`` reached ``target``."""
        target.zap[spell] += 1
        target.zap_casts.append((spell, cast))
        if spell in _CONTROL:
            target.enchant_caster = cast.caster
            target.enchant_cast = cast
        if spell in _MIND:
            target.enchant_ppend = cast.permanent
        if spell == SP.RAISE_DEAD:
            target.raisedead_caster = cast.caster
        if cast.permanent:
            perm = target.perm
            if spell == SP.HASTE:
                perm.haste = True
            elif spell == SP.PROTECTION_FROM_EVIL:
                perm.prot_evil = True
            elif spell == SP.RESIST_HEAT:
                perm.resist_heat = True
            elif spell == SP.RESIST_COLD:
                perm.resist_cold = True
            elif spell == SP.INVISIBILITY:
                perm.invisibility = True
            elif spell == SP.BLINDNESS:
                perm.blindness = True

    def _visible(self, cast: CastSpell, target: Being | None) -> bool:
        """Plotkin ``check_visibility``: a blind caster or invisible subject -> goes wild."""
        caster = self._wizards.get(cast.caster) if cast.caster else None
        if target is None or caster is None or caster is target:
            return True
        if target.invisibility or caster.blindness:
            self._emit(
                EventKind.FIZZLE,
                f"{caster.name} cannot see {target.name}; the {SPELLS[cast.spell].name} goes wild.",
                actor=caster.name,
                target=target.name,
                spell=SPELLS[cast.spell].slug,
                hand=cast.hand,
            )
            return False
        return True

    def _fizzle(self, cast: CastSpell, why: str, target: str | None = None) -> None:
        self._emit(
            EventKind.FIZZLE,
            f"{_who(cast)} {SPELLS[cast.spell].name} {why}",
            actor=cast.caster,
            target=target if target is not None else cast.target,
            spell=SPELLS[cast.spell].slug,
            hand=cast.hand,
        )

    # -- the turn ------------------------------------------------------------------------
    def _execute(self, castlist: list[CastSpell]) -> list[Event]:
        self._out: list[Event] = []
        self._announce(castlist)
        self._execute_spells(castlist)
        self._execute_monsters()
        self._pass_time()
        self._end_turn()
        return self._out

    def _announce(self, castlist: list[CastSpell]) -> None:
        for cast in castlist:
            spell = SPELLS[cast.spell]
            if cast.area:
                where = "over the arena"
            elif cast.target is None:
                where = "up into the air"
            else:
                where = f"at {cast.target}"
            how = "from a Delayed Effect" if cast.hand == "delayed" else f"with {cast.hand}"
            perm = "Permanent " if cast.permanent else ""
            text = (
                f"{cast.caster} stabs ({how}) {where}."
                if cast.spell == SP.STAB
                else f"{cast.caster} casts {perm}{spell.name} ({how}) {where}."
            )
            self._emit(
                EventKind.CAST,
                text,
                actor=cast.caster,
                target=cast.target,
                spell=spell.slug,
                hand=cast.hand,
            )

    def _execute_spells(self, castlist: list[CastSpell]) -> None:
        self._icestorm = 0
        self._firestorm = 0
        self._dispel = False
        for being in self._beings():
            being.clear_round()
            if isinstance(being, Monster):
                being.has_override = False
                being.override_target = None
        # a. flag Dispel Magic, Counter-Spell, Magic Mirror
        for cast in castlist:
            if cast.spell == SP.COUNTER_SPELL2:
                cast.spell = SP.COUNTER_SPELL
            target = self._lookup(cast.target)
            if cast.spell == SP.DISPEL_MAGIC:
                if self._visible(cast, target):
                    self._dispel = True
                    if target is not None:
                        self._zap(cast, SP.SHIELD, target)
            elif cast.spell in (SP.COUNTER_SPELL, SP.MAGIC_MIRROR):
                if target is not None and self._visible(cast, target):
                    self._zap(cast, cast.spell, target)
        if self._dispel:
            self._emit(
                EventKind.EFFECT,
                "The magical energies in the arena fade away.",
                spell="dispel-magic",
            )
        # b. counters and mirrors on every being (dead included)
        for being in list(self._beings()):
            self._exec_counters(being)
        # c. route every other spell
        for cast in castlist:
            self._route(cast)
        # d. summons
        for wiz in self._wizards.values():
            if wiz.alive:
                self._exec_summons(wiz)
        # e. elementals and storms
        self._check_elements()
        # f-j.
        for being in self._beings():
            if being.alive:
                self._exec_cancels(being)
        for being in self._beings():
            if being.alive:
                self._exec_protects(being)
        for being in list(self._beings()):
            if being.alive:
                self._exec_enchants(being)
        for being in self._beings():
            if being.alive:
                self._exec_attacks(being)
        for being in list(self._beings()):
            self._exec_heals(being)

    def _exec_counters(self, being: Being) -> None:
        zap = being.zap
        if self._dispel:
            if zap[SP.COUNTER_SPELL]:
                zap[SP.COUNTER_SPELL] = 0
                self._emit(
                    EventKind.FIZZLE,
                    f"The Counter-Spell on {being.name} is dispelled.",
                    target=being.name,
                    spell="counter-spell",
                )
            if zap[SP.MAGIC_MIRROR]:
                zap[SP.MAGIC_MIRROR] = 0
                self._emit(
                    EventKind.FIZZLE,
                    f"The Magic Mirror on {being.name} is dispelled.",
                    target=being.name,
                    spell="magic-mirror",
                )
            if isinstance(being, Monster):
                if being.alive:
                    self._emit(
                        EventKind.MONSTER_DIES,
                        f"The Dispel Magic starts to tear {being.name} apart.",
                        actor=being.name,
                        spell="dispel-magic",
                    )
                    being.hp = -100
                    being.nocorpse = True
                elif not being.nocorpse:
                    being.nocorpse = True
        else:
            if zap[SP.COUNTER_SPELL]:
                zap[SP.SHIELD] += 1
                self._emit(
                    EventKind.EFFECT,
                    f"A Counter-Spell flares around {being.name}.",
                    target=being.name,
                    spell="counter-spell",
                )
                if zap[SP.MAGIC_MIRROR]:
                    zap[SP.MAGIC_MIRROR] = 0
                    self._emit(
                        EventKind.FIZZLE,
                        f"The Magic Mirror on {being.name} is destroyed by the Counter-Spell.",
                        target=being.name,
                        spell="magic-mirror",
                    )
            if zap[SP.MAGIC_MIRROR]:
                self._emit(
                    EventKind.EFFECT,
                    f"A Magic Mirror swirls around {being.name}.",
                    target=being.name,
                    spell="magic-mirror",
                )

    def _route(self, cast: CastSpell) -> None:
        """Plotkin's spell-table set-up: dispel, sight, counter-spell and mirror checks."""
        spell = cast.spell
        target = self._lookup(cast.target)
        caster = self._wizards.get(cast.caster) if cast.caster else None
        if spell in (SP.COUNTER_SPELL, SP.DISPEL_MAGIC, SP.MAGIC_MIRROR):
            return
        if spell in _UNMIRRORED:
            if self._dispel:
                self._fizzle(cast, "is dispelled.")
                return
            if target is None or not self._visible(cast, target):
                return
            if target.zap[SP.COUNTER_SPELL]:
                self._fizzle(cast, f"is destroyed by the Counter-Spell around {target.name}.")
                return
            self._zap(cast, spell, target)
            return
        if spell == SP.STAB:
            if target is not None and self._visible(cast, target):
                self._zap(cast, spell, target)
            return
        if spell in (SP.ICE_STORM, SP.FIRE_STORM):
            if self._dispel:
                self._fizzle(cast, "is dispelled.")
            elif spell == SP.ICE_STORM:
                self._icestorm += 1
            else:
                self._firestorm += 1
            return
        # spells a mirror reflects
        if spell == SP.LIGHTNING_BOLT2 and caster is not None:
            if caster.cast_lightning:
                self._fizzle(cast, "fizzles: that formulation works once per battle.")
                return
            caster.cast_lightning = True
            cast.spell = spell = SP.LIGHTNING_BOLT
        if self._dispel:
            self._fizzle(cast, "is dispelled.")
            return
        if target is None or not self._visible(cast, target):
            return
        if spell != SP.FINGER_OF_DEATH and target.zap[SP.COUNTER_SPELL]:
            self._fizzle(cast, f"is destroyed by the Counter-Spell around {target.name}.")
            return
        if target.zap[SP.MAGIC_MIRROR] and caster is not None and caster is not target:
            if caster.zap[SP.MAGIC_MIRROR]:
                self._fizzle(cast, "bounces between two Magic Mirrors and dissipates.")
                return
            self._emit(
                EventKind.REFLECTED,
                f"{caster.name}'s {SPELLS[spell].name} reflects from {target.name}'s"
                f" Magic Mirror back at {caster.name}.",
                actor=target.name,
                target=caster.name,
                spell=SPELLS[spell].slug,
                hand=cast.hand,
            )
            cast.caster = target.name if isinstance(target, Wizard) else None
            cast.target = caster.name
            cast.reflected = True
            if spell != SP.FINGER_OF_DEATH and caster.zap[SP.COUNTER_SPELL]:
                self._fizzle(
                    cast,
                    f"is destroyed by the Counter-Spell around {caster.name}.",
                    target=caster.name,
                )
                return
            self._zap(cast, spell, caster)
            return
        self._zap(cast, spell, target)

    def _new_monster(self, kind: str, owner: str | None) -> Monster:
        hp, damage, corpse = MONSTER_STATS[kind]
        self._monster_seq += 1
        name = f"{kind}-{self._monster_seq}"
        monster = Monster(
            name=name, hp=hp, max_hp=hp, kind=kind, damage=damage, owner=owner, nocorpse=not corpse
        )
        self._monsters[name] = monster
        return monster

    def _exec_summons(self, wiz: Wizard) -> None:
        for spell, cast in list(wiz.zap_casts):
            if spell == SP.SUMMON_ELEMENTAL:
                kind = f"{cast.details.get('elemental', 'fire')}-elemental"
            else:
                kind = dict(_SUMMON_KINDS).get(spell, "")
                if not kind:
                    continue
            monster = self._new_monster(kind, wiz.name)
            if not monster.elemental:
                monster.has_override = True
                choice = cast.details.get("monster-target")
                monster.override_target = None if choice in (None, "nobody") else choice
            self._emit(
                EventKind.SUMMON,
                f"{wiz.name}'s {kind} ({monster.name}) appears.",
                actor=wiz.name,
                target=monster.name,
                spell=SPELLS[spell].slug,
            )

    def _check_elements(self) -> None:
        firel: Monster | None = None
        icel: Monster | None = None
        for monster in self._monsters.values():
            if not monster.alive or not monster.elemental:
                continue
            first = firel if monster.kind == "fire-elemental" else icel
            if first is None:
                if monster.kind == "fire-elemental":
                    firel = monster
                else:
                    icel = monster
            else:
                first.hp = 3
                monster.alive = False
                monster.nocorpse = True
                self._emit(
                    EventKind.MONSTER_DIES,
                    f"{monster.name} merges into {first.name}.",
                    actor=monster.name,
                )
        code = (
            (1 if firel else 0)
            | (2 if icel else 0)
            | (4 if self._firestorm else 0)
            | (8 if self._icestorm else 0)
        )
        kill_fire = code in (5, 3, 9, 13, 11, 7, 15)
        kill_ice = code in (10, 3, 6, 14, 11, 7, 15)
        if code in (12, 6, 13, 14, 7, 15):
            self._firestorm = 0
        if code in (12, 9, 13, 14, 11, 15):
            self._icestorm = 0
        if code in (12, 13, 14, 15):
            self._emit(
                EventKind.FIZZLE, "The Fire and Ice Storms cancel each other.", spell="fire-storm"
            )
        for elemental, kill in ((firel, kill_fire), (icel, kill_ice)):
            if elemental is not None and kill:
                elemental.alive = False
                elemental.nocorpse = True
                self._emit(
                    EventKind.MONSTER_DIES,
                    f"{elemental.name} is dispersed by the opposing element.",
                    actor=elemental.name,
                )
        for monster in self._monsters.values():
            if not monster.alive:
                continue
            zap = monster.zap
            nuke = ""
            if monster.kind == "fire-elemental" and zap[SP.RESIST_HEAT]:
                nuke = "Resist Heat"
            elif monster.kind == "ice-elemental" and zap[SP.RESIST_COLD]:
                nuke = "Resist Cold"
            elif monster.kind == "ice-elemental" and zap[SP.FIREBALL]:
                nuke = "Fireball"
            elif zap[SP.BLINDNESS]:
                nuke = "Blindness"
            elif zap[SP.INVISIBILITY]:
                nuke = "Invisibility"
            if nuke:
                monster.alive = False
                monster.nocorpse = True
                self._emit(
                    EventKind.MONSTER_DIES,
                    f"{monster.name} is destroyed by the {nuke}.",
                    actor=monster.name,
                )
            elif zap[SP.REMOVE_ENCHANTMENT]:
                monster.hp = -100
                monster.nocorpse = True
                self._emit(
                    EventKind.MONSTER_DIES,
                    f"The Remove Enchantment starts to tear {monster.name} apart.",
                    actor=monster.name,
                    spell="remove-enchantment",
                )

    def _exec_cancels(self, being: Being) -> None:
        zap = being.zap
        if zap[SP.RAISE_DEAD] and zap[SP.FINGER_OF_DEATH]:
            zap[SP.RAISE_DEAD] = 0
            zap[SP.FINGER_OF_DEATH] = 0
            self._emit(
                EventKind.FIZZLE,
                f"The Finger of Death and Raise Dead aimed at {being.name} cancel.",
                target=being.name,
                spell="finger-of-death",
            )
        if zap[SP.FIREBALL] and self._icestorm:
            zap[SP.FIREBALL] = 0
            being.fl_resist_icestorm = True
            self._emit(
                EventKind.FIZZLE,
                f"The Fireball at {being.name} is snuffed by the Ice Storm.",
                target=being.name,
                spell="fireball",
            )
        kinds = sum(1 for s in _MIND if zap[s])
        paralysed = isinstance(being, Wizard) and being.hand_paralyzed is not None
        if (
            kinds > 1
            or (zap[SP.PARALYSIS] > 1 and isinstance(being, Wizard) and not paralysed)
            or zap[SP.CHARM_PERSON] > 1
            or zap[SP.CHARM_MONSTER] > 1
        ):
            names = ", ".join(SPELLS[s].name for s in _MIND if zap[s])
            for s in _MIND:
                zap[s] = 0
            being.enchant_ppend = False
            self._emit(
                EventKind.FIZZLE,
                f"The mind-control spells ({names}) aimed at {being.name} interfere"
                " with each other and fizzle.",
                target=being.name,
            )

    def _exec_protects(self, being: Being) -> None:
        zap = being.zap
        if zap[SP.RESIST_HEAT] and not being.resistant_heat:
            being.resistant_heat = True
            self._emit(
                EventKind.EFFECT,
                f"{being.name} becomes resistant to heat.",
                target=being.name,
                spell="resist-heat",
            )
        if zap[SP.RESIST_COLD] and not being.resistant_cold:
            being.resistant_cold = True
            self._emit(
                EventKind.EFFECT,
                f"{being.name} becomes resistant to cold.",
                target=being.name,
                spell="resist-cold",
            )
        if zap[SP.PROTECTION_FROM_EVIL] or being.perm.prot_evil:
            if zap[SP.PROTECTION_FROM_EVIL]:
                self._emit(
                    EventKind.EFFECT,
                    f"A circle of Protection from Evil surrounds {being.name}.",
                    target=being.name,
                    spell="protection-from-evil",
                )
            being.prot_from_evil = 4
        if not (self._kind is TurnKind.TIME_STOP and being.timestop != 1):
            being.fl_resist_heat = being.resistant_heat
            being.fl_resist_cold = being.resistant_cold
            if being.prot_from_evil > 0:
                being.prot_from_evil -= 1
                zap[SP.SHIELD] += 64
                if being.prot_from_evil == 0:
                    self._emit(
                        EventKind.EXPIRES,
                        f"{being.name}'s Protection from Evil is nearly gone.",
                        target=being.name,
                        spell="protection-from-evil",
                    )

    def _detail(self, being: Being, key: str) -> str:
        cast = being.enchant_cast
        if cast is None or cast.reflected:
            return "left"
        return cast.details.get(key, "left")

    def _exec_enchants(self, being: Being) -> None:  # noqa: C901 - one pass, Plotkin's order
        zap = being.zap
        perm = being.perm
        is_wiz = isinstance(being, Wizard)
        name = being.name
        if zap[SP.AMNESIA]:
            being.mind_spell = SP.AMNESIA
            being.mind_permanent = being.enchant_ppend
            if being.enchant_ppend:
                perm.mind_spell = SP.AMNESIA
            self._emit(
                EventKind.EFFECT,
                f"Amnesia curls around {name}'s mind.",
                target=name,
                spell="amnesia",
            )
        if zap[SP.CONFUSION]:
            being.mind_spell = SP.CONFUSION
            being.mind_permanent = being.enchant_ppend
            if being.enchant_ppend:
                perm.mind_spell = SP.CONFUSION
                perm.mind_detail = None
            self._emit(
                EventKind.EFFECT,
                f"Confusion curls around {name}'s mind.",
                target=name,
                spell="confusion",
            )
        if zap[SP.FEAR]:
            being.mind_spell = SP.FEAR
            being.mind_permanent = being.enchant_ppend
            if being.enchant_ppend:
                perm.mind_spell = SP.FEAR
            self._emit(
                EventKind.EFFECT, f"Fear curls around {name}'s mind.", target=name, spell="fear"
            )
        if zap[SP.PARALYSIS]:
            if isinstance(being, Wizard):
                if being.enchant_caster is None:
                    self._emit(
                        EventKind.FIZZLE,
                        f"Not knowing which of {name}'s hands to strike, the Paralysis fizzles.",
                        target=name,
                        spell="paralysis",
                    )
                else:
                    hand = being.hand_paralyzed or self._detail(being, "paralysis-hand")
                    being.mind_spell = SP.PARALYSIS
                    being.mind_hand = hand
                    being.mind_permanent = being.enchant_ppend
                    if being.enchant_ppend:
                        perm.mind_spell = SP.PARALYSIS
                        perm.mind_detail = hand
                    self._emit(
                        EventKind.EFFECT,
                        f"Paralysis curls around {name}'s {hand} hand.",
                        target=name,
                        spell="paralysis",
                        hand=hand,
                    )
            else:
                being.mind_spell = SP.PARALYSIS
                if being.enchant_ppend:
                    perm.mind_spell = SP.PARALYSIS
                self._emit(
                    EventKind.EFFECT,
                    f"Paralysis curls around {name}'s mind.",
                    target=name,
                    spell="paralysis",
                )
        if zap[SP.CHARM_MONSTER]:
            if isinstance(being, Monster) and not being.elemental:
                controller = being.enchant_caster
                if controller is None:
                    self._emit(
                        EventKind.FIZZLE,
                        f"The Charm Monster on {name} has no master.",
                        target=name,
                        spell="charm-monster",
                    )
                else:
                    being.mind_spell = SP.CHARM_MONSTER
                    being.mind_controller = controller
                    if being.enchant_ppend:
                        perm.mind_spell = SP.CHARM_MONSTER
                        perm.mind_detail = controller
                    being.owner = controller
                    cast = being.enchant_cast
                    choice = cast.details.get("monster-target") if cast else None
                    being.has_override = True
                    being.override_target = None if choice in (None, "nobody") else choice
                    self._emit(
                        EventKind.EFFECT,
                        f"{name} is charmed by {controller}.",
                        actor=controller,
                        target=name,
                        spell="charm-monster",
                    )
            else:
                self._emit(
                    EventKind.FIZZLE,
                    f"The Charm Monster cannot sink into {name}.",
                    target=name,
                    spell="charm-monster",
                )
        if zap[SP.CHARM_PERSON]:
            if isinstance(being, Wizard):
                if being.enchant_caster is None:
                    self._emit(
                        EventKind.FIZZLE,
                        f"Not knowing which of {name}'s hands to strike, the Charm Person fizzles.",
                        target=name,
                        spell="charm-person",
                    )
                else:
                    hand = self._detail(being, "charm-hand")
                    being.mind_spell = SP.CHARM_PERSON
                    being.mind_hand = hand
                    being.mind_controller = being.enchant_caster
                    being.mind_permanent = being.enchant_ppend
                    if being.enchant_ppend:
                        perm.mind_spell = SP.CHARM_PERSON
                        perm.mind_detail = None
                    self._emit(
                        EventKind.EFFECT,
                        f"Charm Person curls around {name}'s {hand} hand.",
                        actor=being.enchant_caster,
                        target=name,
                        spell="charm-person",
                        hand=hand,
                    )
            else:
                self._emit(
                    EventKind.FIZZLE,
                    f"The Charm Person cannot sink into {name}.",
                    target=name,
                    spell="charm-person",
                )
        if being.mind_spell == NO_SPELL and perm.mind_spell != NO_SPELL:
            self._reapply_permanent_mind(being)
        if zap[SP.DISEASE] and being.disease == -1:
            being.disease = 6
            self._emit(
                EventKind.EFFECT, f"{name} sneezes loudly (diseased).", target=name, spell="disease"
            )
        if zap[SP.POISON] and being.poison == -1:
            being.poison = 6
            self._emit(
                EventKind.EFFECT,
                f"{name} suddenly looks pale (poisoned).",
                target=name,
                spell="poison",
            )
        removing = bool(zap[SP.REMOVE_ENCHANTMENT])
        for spell, slug in (
            (SP.ANTI_SPELL, "anti-spell"),
            (SP.DELAYED_EFFECT, "delayed-effect"),
            (SP.PERMANENCY, "permanency"),
        ):
            if not zap[spell]:
                continue
            if removing:
                self._emit(
                    EventKind.FIZZLE,
                    f"The {SPELLS[spell].name} fizzles near {name}.",
                    target=name,
                    spell=slug,
                )
            elif not is_wiz:
                self._emit(
                    EventKind.FIZZLE,
                    f"The {SPELLS[spell].name} whizzes through {name} without effect.",
                    target=name,
                    spell=slug,
                )
            elif isinstance(being, Wizard):
                if spell == SP.ANTI_SPELL:
                    being.barrier = len(being.rows)
                    self._emit(
                        EventKind.EFFECT, f"The Anti-Spell jolts {name}.", target=name, spell=slug
                    )
                elif spell == SP.DELAYED_EFFECT:
                    being.delay_time = 4
                    self._emit(
                        EventKind.EFFECT,
                        f"A Delayed Effect spreads around {name}.",
                        target=name,
                        spell=slug,
                    )
                else:
                    being.perm_time = 4
                    self._emit(
                        EventKind.EFFECT,
                        f"A Permanency spreads around {name}.",
                        target=name,
                        spell=slug,
                    )
        for attr, spell, flag, slug in (
            ("blindness", SP.BLINDNESS, perm.blindness, "blindness"),
            ("invisibility", SP.INVISIBILITY, perm.invisibility, "invisibility"),
        ):
            if zap[spell] or flag:
                if zap[spell] and not getattr(being, attr):
                    self._emit(
                        EventKind.EFFECT,
                        f"{name} is struck by {SPELLS[spell].name}.",
                        target=name,
                        spell=slug,
                    )
                setattr(being, attr, 4)
            if getattr(being, attr):
                setattr(being, attr, getattr(being, attr) - 1)
                if not getattr(being, attr):
                    self._emit(
                        EventKind.EXPIRES,
                        f"{name}'s {SPELLS[spell].name} wears off.",
                        target=name,
                        spell=slug,
                    )
        if zap[SP.HASTE] or perm.haste:
            being.haste = 5 if being.haste == 0 else 4
            if zap[SP.HASTE]:
                self._emit(EventKind.EFFECT, f"{name} is hastened.", target=name, spell="haste")
        if zap[SP.TIME_STOP]:
            being.timestop = 2
            self._emit(EventKind.EFFECT, f"Time stops for {name}.", target=name, spell="time-stop")
        if removing or self._dispel:
            self._remove_enchantments(being, removing)

    def _reapply_permanent_mind(self, being: Being) -> None:
        perm = being.perm
        spell = perm.mind_spell
        wizard = isinstance(being, Wizard)
        if spell in (SP.AMNESIA, SP.FEAR, SP.CONFUSION):
            being.mind_spell = spell
        elif spell == SP.CHARM_MONSTER and isinstance(being, Monster):
            being.mind_spell = spell
            being.owner = perm.mind_detail  # type: ignore[assignment]
        elif spell == SP.CHARM_PERSON and wizard:
            being.mind_spell = spell
        elif spell == SP.PARALYSIS:
            being.mind_spell = spell
            if wizard:
                being.mind_hand = perm.mind_detail  # type: ignore[assignment]
        else:
            return
        being.mind_permanent = True

    def _remove_enchantments(self, being: Being, removing: bool) -> None:
        name = being.name
        if removing:
            self._emit(
                EventKind.EFFECT,
                f"Remove Enchantment whirls around {name}.",
                target=name,
                spell="remove-enchantment",
            )
        ended = []
        if being.mind_spell != NO_SPELL:
            ended.append(SPELLS[being.mind_spell].name)
            being.mind_spell = NO_SPELL
            being.mind_hand = None
            being.mind_controller = None
            being.mind_permanent = False
        if isinstance(being, Monster) and being.nowm_spell != NO_SPELL:
            being.nowm_spell = NO_SPELL
        if being.resistant_heat:
            ended.append("Resist Heat")
        if being.resistant_cold:
            ended.append("Resist Cold")
        being.resistant_heat = being.fl_resist_heat = False
        being.resistant_cold = being.fl_resist_cold = False
        if being.disease != -1:
            ended.append("Disease")
            being.disease = -1
        if being.poison != -1:
            ended.append("Poison")
            being.poison = -1
        if isinstance(being, Wizard):
            if being.delay_time:
                ended.append("Delayed Effect")
                being.delay_time = 0
            if being.delay_bank != NO_SPELL:
                ended.append(f"banked {SPELLS[being.delay_bank].name}")
                being.delay_bank = NO_SPELL
            if being.perm_time:
                ended.append("Permanency")
                being.perm_time = 0
        if being.prot_from_evil:
            ended.append("Protection from Evil")
            being.prot_from_evil = 0
        if being.zap[SP.SHIELD] >= 64:
            being.zap[SP.SHIELD] -= 64
        if being.haste:
            ended.append("Haste")
            being.haste = 0
        if being.timestop:
            ended.append("Time Stop")
            being.timestop = 0
        if being.invisibility:
            ended.append("Invisibility")
            being.invisibility = 0
        if being.blindness:
            ended.append("Blindness")
            being.blindness = 0
        being.perm = type(being.perm)()
        for what in ended:
            self._emit(EventKind.EXPIRES, f"{name} is freed of the {what}.", target=name)

    def _casts_of(self, being: Being, spell: int) -> list[CastSpell]:
        """The casts of ``spell`` that reached ``being`` and were not cancelled since."""
        casts = [cast for s, cast in being.zap_casts if s == spell]
        return casts[: being.zap[spell]]

    def _exec_attacks(self, being: Being) -> None:
        zap = being.zap
        name = being.name
        shielded = zap[SP.SHIELD] > 0
        for spell, what in ((SP.STAB, "knife"), (SP.MISSILE, "Missile")):
            slug = SPELLS[spell].slug
            for cast in self._casts_of(being, spell):
                if shielded:
                    self._emit(
                        EventKind.BLOCKED,
                        f"{_who(cast)} {what} is blocked by {name}'s shield.",
                        actor=name,
                        target=cast.caster,
                        spell=slug,
                    )
                else:
                    self._damage(
                        being, 1, f"{_who(cast)} {what} strikes {name}.", slug, cast.caster
                    )
        for spell, amount, label in _DAMAGE:
            for cast in self._casts_of(being, spell):
                self._damage(
                    being,
                    amount,
                    f"{_who(cast)} {label} strikes {name}.",
                    SPELLS[spell].slug,
                    cast.caster,
                )
        for cast in self._casts_of(being, SP.FIREBALL):
            if being.fl_resist_heat:
                self._emit(
                    EventKind.BLOCKED,
                    f"{_who(cast)} Fireball slides off {name}'s Resist Heat.",
                    actor=name,
                    target=cast.caster,
                    spell="fireball",
                )
            else:
                self._damage(
                    being, 5, f"{_who(cast)} Fireball strikes {name}.", "fireball", cast.caster
                )
        for storm, resisted, label in (
            (self._firestorm, being.fl_resist_heat, "Fire Storm"),
            (self._icestorm, being.fl_resist_icestorm or being.fl_resist_cold, "Ice Storm"),
        ):
            if not storm:
                continue
            slug = label.lower().replace(" ", "-")
            if zap[SP.COUNTER_SPELL]:
                self._emit(
                    EventKind.BLOCKED,
                    f"The Counter-Spell shields {name} from the {label}.",
                    actor=name,
                    spell=slug,
                )
            elif resisted:
                self._emit(
                    EventKind.BLOCKED,
                    f"The {label} washes over {name} harmlessly.",
                    actor=name,
                    spell=slug,
                )
            else:
                self._damage(being, 5, f"The {label} hits {name}.", slug)
        for cast in self._casts_of(being, SP.FINGER_OF_DEATH)[:1]:
            lost = being.hp + 100
            being.hp = -100
            self._emit(
                EventKind.DAMAGE,
                f"{_who(cast)} Finger of Death strikes {name}.",
                actor=cast.caster,
                target=name,
                spell="finger-of-death",
                amount=lost,
            )

    def _damage(
        self, being: Being, amount: int, text: str, slug: str, source: str | None = None
    ) -> None:
        being.hp -= amount
        self._emit(
            EventKind.DAMAGE, text, actor=source, target=being.name, spell=slug, amount=amount
        )

    def _exec_heals(self, being: Being) -> None:
        zap = being.zap
        name = being.name
        if being.alive:
            before = being.hp
            gain = zap[SP.CURE_LIGHT_WOUNDS] + 2 * zap[SP.CURE_HEAVY_WOUNDS]
            gain += 5 * zap[SP.RAISE_DEAD]
            if zap[SP.CURE_HEAVY_WOUNDS] and being.disease != -1:
                being.disease = -1
                self._emit(
                    EventKind.EXPIRES,
                    f"{name}'s disease is cured.",
                    target=name,
                    spell="cure-heavy-wounds",
                )
            if gain:
                being.hp = min(being.max_hp, being.hp + gain)
                self._emit(
                    EventKind.HEAL, f"{name} is healed.", target=name, amount=being.hp - before
                )
        elif zap[SP.RAISE_DEAD]:
            being.alive = True
            being.hp = being.max_hp
            being.clear_out_spells()
            self._emit(
                EventKind.EFFECT, f"{name} rises from the dead!", target=name, spell="raise-dead"
            )
            if isinstance(being, Monster):
                being.nocorpse = False
                being.owner = being.raisedead_caster
                being.nowm_spell = NO_SPELL
                for spell, cast in being.zap_casts:
                    if spell == SP.RAISE_DEAD:
                        choice = cast.details.get("monster-target")
                        being.has_override = True
                        being.override_target = None if choice in (None, "nobody") else choice
            elif isinstance(being, Wizard):
                being.surrendered = False

    # -- monsters ------------------------------------------------------------------------
    def _execute_monsters(self) -> None:
        plans: list[tuple[Monster, int]] = []
        for monster in list(self._monsters.values()):
            if monster.alive:
                plans.extend((monster, n) for n in range(self._attacks(monster)))
        for monster, n in plans:
            if monster.elemental:
                for victim in list(self._beings()):
                    if victim.alive and victim is not monster:
                        self._monster_attack(monster, victim)
                continue
            victim_name = self._monster_target(monster, n)
            monster.last_target = victim_name
            victim = self._lookup(victim_name)
            if victim is not None and victim.alive:
                self._monster_attack(monster, victim)
        for monster in self._monsters.values():
            if monster.alive and not (self._kind is TurnKind.TIME_STOP and not monster.timestop):
                monster.nowm_spell = monster.mind_spell
                monster.mind_spell = NO_SPELL

    def _monster_target(self, monster: Monster, n: int) -> str | None:
        if monster.nowm_spell == SP.PARALYSIS:
            self._emit(
                EventKind.EFFECT,
                f"{monster.name} is paralysed and cannot attack.",
                actor=monster.name,
            )
            return None
        if monster.nowm_spell == SP.CONFUSION:
            pool = [b.name for b in self._beings() if b.alive]
            if monster.perm.mind_spell == SP.CONFUSION and monster.perm.mind_detail:
                return monster.perm.mind_detail  # type: ignore[return-value]
            pick = self._rng.choice(pool) if pool else None
            if monster.perm.mind_spell == SP.CONFUSION:
                monster.perm.mind_detail = pick
            return pick
        if monster.nowm_spell == SP.AMNESIA:
            return monster.last_target
        owner = self._wizards.get(monster.owner) if monster.owner else None
        if owner is None or not owner.alive:
            return None
        if monster.has_override:
            return monster.override_target
        qid = f"monster:{monster.name}:{n}" if n else f"monster:{monster.name}"
        choice = self._answers.get((owner.name, qid))
        if choice is None:
            choice = self._opponent(owner.name)
        return None if choice == "nobody" else choice

    def _monster_attack(self, monster: Monster, victim: Being) -> None:
        name = victim.name
        if victim is monster:
            return
        if not monster.elemental and victim.invisibility:
            self._emit(
                EventKind.FIZZLE,
                f"{monster.name} cannot see {name}.",
                actor=monster.name,
                target=name,
            )
            return
        self._emit(
            EventKind.ATTACK,
            f"{monster.name} attacks {name}.",
            actor=monster.name,
            target=name,
            amount=monster.damage,
        )
        if victim.zap[SP.SHIELD]:
            self._emit(
                EventKind.BLOCKED,
                f"The attack of {monster.name} is blocked by {name}'s shield.",
                actor=name,
                target=monster.name,
            )
            return
        if monster.kind == "fire-elemental" and victim.fl_resist_heat:
            self._emit(
                EventKind.BLOCKED,
                f"{name} resists the heat of {monster.name}.",
                actor=name,
                target=monster.name,
            )
            return
        if monster.kind == "ice-elemental" and victim.fl_resist_cold:
            self._emit(
                EventKind.BLOCKED,
                f"{name} resists the cold of {monster.name}.",
                actor=name,
                target=monster.name,
            )
            return
        self._damage(
            victim, monster.damage, f"{monster.name} hits {name}.", monster.kind, monster.name
        )

    # -- end of turn ---------------------------------------------------------------------
    def _unhealth(self, being: Being) -> None:
        if self._kind is TurnKind.TIME_STOP and being.timestop != 1:
            return
        for attr, label in (("disease", "disease"), ("poison", "poison")):
            timer = getattr(being, attr)
            if timer == -1:
                continue
            timer -= 1
            setattr(being, attr, timer)
            if timer == 0 and being.alive:
                being.alive = False
                kind = EventKind.DIES if isinstance(being, Wizard) else EventKind.MONSTER_DIES
                self._emit(kind, f"{being.name} succumbs to the {label}.", actor=being.name)

    def _pass_time(self) -> None:
        for wiz in self._wizards.values():
            if wiz.alive and wiz.hp <= 0:
                wiz.alive = False
                wiz.clear_out_spells()
                self._emit(EventKind.DIES, f"{wiz.name} has died!", actor=wiz.name)
            if wiz.alive:
                self._unhealth(wiz)
            if wiz.alive and wiz.name in self._movers:
                if wiz.delay_time:
                    wiz.delay_time -= 1
                    if not wiz.delay_time:
                        self._emit(
                            EventKind.EXPIRES,
                            f"The Delayed Effect around {wiz.name} dies away.",
                            target=wiz.name,
                            spell="delayed-effect",
                        )
                if wiz.perm_time:
                    wiz.perm_time -= 1
                    if not wiz.perm_time:
                        self._emit(
                            EventKind.EXPIRES,
                            f"The Permanency around {wiz.name} dies away.",
                            target=wiz.name,
                            spell="permanency",
                        )
        for monster in self._monsters.values():
            if monster.alive and monster.hp <= 0:
                monster.alive = False
                monster.clear_out_spells()
                self._emit(EventKind.MONSTER_DIES, f"{monster.name} has died.", actor=monster.name)
            if monster.alive:
                self._unhealth(monster)

    def _end_turn(self) -> None:
        wizards = list(self._wizards.values())
        live = [w for w in wizards if w.alive and not w.surrendered]
        surr = [w for w in wizards if w.alive and w.surrendered]
        dead = [w for w in wizards if not w.alive]
        if len(live) <= 1:
            if len(live) == 1:
                self._finish(live[0].name, f"{live[0].name} wins the match!")
            elif len(surr) == 1:
                self._finish(
                    surr[0].name, f"{surr[0].name} finds nobody left to surrender to, and wins!"
                )
            elif not surr:
                self._finish(None, "Everyone is dead: the match is a draw.")
            else:
                why = "survivors" if dead else "wizards"
                self._finish(None, f"The {why} all surrendered to each other: a draw.")
            return
        for wiz in surr:
            wiz.alive = False
        if self._kind is TurnKind.NORMAL:
            self._turn += 1
            if self._max_turns is not None and self._turn > self._max_turns:
                self._finish(None, f"The match is a draw after {self._max_turns} turns.")
                return
        self._kind = self._next_kind()
        self._start_turn()

    def _next_kind(self) -> TurnKind:
        stopped = 0
        for being in self._beings():
            if being.alive and being.timestop:
                being.timestop -= 1
                if being.timestop:
                    stopped += 1
        if stopped:
            return TurnKind.TIME_STOP
        hasted = 0
        for being in self._beings():
            if being.alive and being.haste:
                being.haste -= 1
                if being.haste == 4:
                    being.haste -= 1
                if being.haste and isinstance(being, Wizard):
                    # a hasted monster's extra attack happens within the normal turn
                    hasted += 1
                else:
                    self._emit(
                        EventKind.EXPIRES,
                        f"{being.name} slows down to normal speed.",
                        target=being.name,
                        spell="haste",
                    )
        return TurnKind.HASTE if hasted else TurnKind.NORMAL

    def _finish(self, winner: str | None, text: str) -> None:
        self._over = True
        self._winner = winner
        self._outcome = Outcome.WIN if winner else Outcome.DRAW
        self._movers = ()
        self._submitting = False
        self._emit(EventKind.MATCH_OVER, text, actor=winner)
