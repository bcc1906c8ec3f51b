"""What the agent knows of a match, in its own terms, and the model position it gives.

:class:`Seen` is the neutral record the knowledge sources build from the server's
per-turn view (see ``_ks``): names in seating order, hit points, visible gesture
histories, effects and monsters. :func:`to_position` turns it into Becky's compact
position with us as wizard 0 (hidden gestures count as nothing; monsters summed
per owner; an elemental kept apart).
"""

from __future__ import annotations

import attrs

from ._gestures import encode_history
from ._model import (
    FIRE,
    ICE,
    M_AMNESIA,
    M_CHARM_L,
    M_CHARM_R,
    M_CONFUSION,
    M_FEAR,
    M_NONE,
    M_PARA_L,
    M_PARA_R,
    RES_COLD,
    RES_HEAT,
    SHORT_USED,
    wizard,
)


@attrs.frozen(slots=True)
class WizardSeen:
    name: str
    hp: int
    alive: bool
    left: str
    right: str
    effects: tuple[tuple[str, int], ...] = ()
    short_lightning_used: bool = False


@attrs.frozen(slots=True)
class MonsterSeen:
    id: str
    kind: str
    hp: int
    owner: str | None


@attrs.frozen(slots=True)
class Seen:
    """One decision point: ``me`` and everyone in seating order (``me`` among them)."""

    me: str
    turn: int
    wizards: tuple[WizardSeen, ...]
    monsters: tuple[MonsterSeen, ...] = ()

    def wizard(self, name: str) -> WizardSeen:
        for w in self.wizards:
            if w.name == name:
                return w
        raise LookupError(f"no wizard {name!r} in this match")

    def order(self) -> tuple[str, ...]:
        """Model indices -> names: us first, then the others in seating order."""
        return (self.me,) + tuple(w.name for w in self.wizards if w.name != self.me)


_MIND_EFFECT = {
    "amnesia": M_AMNESIA, "confusion": M_CONFUSION, "fear": M_FEAR,
    "paralysis-left": M_PARA_L, "paralysis-right": M_PARA_R,
    "charm-left": M_CHARM_L, "charm-right": M_CHARM_R,
}


def _turns(turns: int, default: int) -> int:
    return default if turns < 0 else turns


def _wizard_tuple(w: WizardSeen, monsters: int) -> tuple[int, ...]:
    effects = dict(w.effects)
    flags = (RES_HEAT if "resist-heat" in effects else 0) | (
        RES_COLD if "resist-cold" in effects else 0) | (
        SHORT_USED if w.short_lightning_used else 0)
    mind = M_NONE
    for name, code in _MIND_EFFECT.items():
        if name in effects:
            mind = code
    return wizard(
        hp=w.hp if w.alive else min(w.hp, 0),
        history=encode_history(w.left, w.right),
        monsters=monsters,
        pfe=_turns(effects.get("protection-from-evil", 0), 3),
        disease=_turns(effects.get("disease", 0), 6),
        poison=_turns(effects.get("poison", 0), 6),
        blind=_turns(effects.get("blindness", 0), 3),
        invisible=_turns(effects.get("invisibility", 0), 3),
        flags=flags,
        mind=mind,
    )


def to_position(seen: Seen) -> tuple:
    """Becky's position for this decision, wizard 0 being ``seen.me``."""
    pools: dict[str | None, int] = {}
    elem = 0
    for m in seen.monsters:
        if m.hp <= 0:
            continue
        if "elemental" in m.kind:
            kind = ICE if "ice" in m.kind else FIRE
            elem = kind * 8 + min(m.hp, 7)
        else:
            pools[m.owner] = pools.get(m.owner, 0) + m.hp
    wizards = tuple(
        _wizard_tuple(seen.wizard(name), pools.get(name, 0)) for name in seen.order()
    )
    return (wizards, elem)


def _short_used(left: str, right: str) -> bool:
    """Whether the hands ever completed the short Lightning Bolt (W D D, then both clap)."""
    for hand in (left, right):
        for i in range(3, len(hand)):
            if hand[i - 3:i] == "WDD" and left[i] == right[i] == "C":
                return True
    return False


def _uncut(hand: str, wizard: object) -> str:
    """``hand`` with the gestures an Anti-Spell cut off shown as nothing (``_``), which no
    spell contains — how the model's own Anti-Spell treats a history."""
    cut = getattr(wizard, "cut", 0)
    return "_" * min(cut, len(hand)) + hand[cut:]


def from_turn_view(view: object) -> Seen:
    """A :class:`Seen` from ``protocols.spellcast.TurnView`` (duck-typed, so tests can
    build one from plain records)."""
    wizards = tuple(
        WizardSeen(
            name=w.name, hp=w.hp, alive=w.fighting and w.hp > 0,
            left=_uncut(w.left, w), right=_uncut(w.right, w), effects=tuple(w.effects),
            short_lightning_used=_short_used(w.left, w.right),
        )
        for w in view.wizards  # type: ignore[attr-defined]
    )
    monsters = tuple(
        MonsterSeen(m.id, m.name or m.id, m.hp, None if m.owner in ("-", "") else m.owner)
        for m in view.monsters  # type: ignore[attr-defined]
    )
    return Seen(me=view.me, turn=view.round, wizards=wizards,  # type: ignore[attr-defined]
                monsters=monsters)
