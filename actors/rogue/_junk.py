"""Junk: what to drop so the pack keeps a slot for food.

Rogue 5.4.4's pack holds 23 slots (a potion, scroll or ration fills one each, even
in a stack), and a hero who picks up everything fills it by level 8 or so: kinds of
potion he will never drink, armor worse than his own, a second bow. Then "there's
no room in your pack" — and a hero out of food walked over food and starved beside
it (dungeon 26 of 1.43, level 12: four times "you moved onto some food" with 23
slots filled, five entries of them junk; dungeon 41 the same on level 11).

So once 22 slots are filled the junk expert drops the entry least worth its
slot, in peace, one a turn, and the object expert takes only food, gold and the
amulet into the last slot. Junk is what the experts never use: potions, scrolls,
wands and rings of a harmful or useless kind once known, armor no better than the
suit worn, melee weapons other than the one in hand and the best, a second bow.
Rogue drops only on bare floor or passage (not a door, the stairs or a trap) and
not where something lies already; what the hero dropped he does not go back for
(the object map remembers where).
"""

from __future__ import annotations

from runtime import Proposal

from ._base import AskCounting
from ._context import Situation
from ._facts import Inventory, Item
from ._inventory import (
    MELEE_WEAPONS,
    PACK_SLOTS,
    THROWABLE,
    best_melee,
    expected_armor,
    slots_used,
    weapon_value,
)

#: Known kinds that only harm (or do nothing the experts use), by item kind.
HARMFUL = {
    "potion": frozenset({"confusion", "hallucination", "poison", "blindness"}),
    "scroll": frozenset({"sleep", "aggravate monsters", "create monster"}),
    "wand": frozenset({"nothing", "haste monster", "teleport to", "invisibility"}),
    "ring": frozenset({"aggravate monster", "teleportation"}),
}
#: Known kinds no expert uses: dropped after the spare armor and weapons.
IDLE = {
    "potion": frozenset({"monster detection", "magic detection", "levitation"}),
    "wand": frozenset({"light"}),
}
#: The drop of one entry (by its text) sent this many times: not asked again (a drop
#: Rogue refused, or the same junk walked over and picked up again and again).
MAX_ASKS = 2


def short_of_slots(inv: Inventory) -> bool:
    """One slot left (or none): it is kept for food."""
    return inv.full or slots_used(inv.items) >= PACK_SLOTS - 1


def _in_use(item: Item) -> bool:
    return item.worn or item.wielded


def _known(item: Item, table: dict[str, frozenset[str]]) -> bool:
    return bool(item.name) and item.name in table.get(item.kind, frozenset())


def _harmful(item: Item) -> bool:
    if _known(item, HARMFUL):
        return True
    # A ring with a minus is cursed: it is never put on.
    return item.kind == "ring" and item.bonus is not None and item.bonus < 0


def _spare_armor(inv: Inventory) -> list[Item]:
    """Armor no better than the suit worn, worst first (none while no suit is worn:
    the rust guard takes the suit off for an aquator, and then every suit looks better)."""
    worn = next((a for a in inv.of_kind("armor") if a.worn), None)
    if worn is None:
        return []
    spare = [a for a in inv.of_kind("armor")
             if not a.worn and expected_armor(a) <= expected_armor(worn)]
    return sorted(spare, key=expected_armor)


def _spare_weapons(inv: Inventory) -> list[Item]:
    """Melee weapons other than the one in hand and the best, worst first; bows after
    the first (the one in hand, else the best known)."""
    best = best_melee(inv)
    weapons = inv.of_kind("weapon")
    melee = [w for w in weapons if w.name in MELEE_WEAPONS and w.name not in THROWABLE
             and not w.wielded and w is not best]
    bows = sorted((w for w in weapons if w.name == "short bow"),
                  key=lambda w: (not w.wielded, -(w.bonus or 0), w.letter))
    return sorted(melee, key=lambda w: weapon_value(w.name, w.bonus)) + bows[1:]


def junk_order(inv: Inventory) -> list[Item]:
    """The pack entries worth nothing to the experts, the least worth first."""
    loose = [i for i in inv.items if not _in_use(i)]
    harmful = [i for i in loose if _harmful(i)]
    idle = [i for i in loose if _known(i, IDLE)]
    return harmful + _spare_armor(inv) + _spare_weapons(inv) + idle


def junk(inv: Inventory) -> Item | None:
    """The pack entry least worth its slot, if any is worth nothing to the experts."""
    return next(iter(junk_order(inv)), None)


def can_drop_here(s: Situation) -> bool:
    """Rogue drops only on bare floor or passage with nothing on it."""
    t, objects, player = s.terrain, s.objects, s.player
    if t is None or objects is None or player is None:
        return False
    return t.at(player) in ".#" and player not in objects.ignored


class Junk(AskCounting):
    """Drops junk once the pack is down to its last slot, so food always fits."""

    name = "junk"

    max_asks = MAX_ASKS

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        if inv is None or inv.stale or s.threats or (s.intern and s.intern.confused):
            return None
        if not short_of_slots(inv) or not can_drop_here(s):
            return None
        item = next((i for i in junk_order(inv) if self.may_ask(i.text)), None)
        if item is None:
            return None
        why = (f"junk: drop {item.text!r} ({slots_used(inv.items)} of {PACK_SLOTS} slots: "
               "the last is kept for food)")
        return self.ask(Proposal("d" + item.letter, why), item.text)
