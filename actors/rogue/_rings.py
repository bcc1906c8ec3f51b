"""Rings: which known ring to wear, and when — the magic items expert's rings.

Rogue 5.4.4 charges a worn ring against the food clock (``ring_eat``): protection,
add strength, sustain strength, stealth and maintain armor one unit a turn more,
regeneration two, dexterity and increase damage one turn in three, and slow
digestion gives back one turn in two. A hero who explores a level in full eats
about as fast as Rogue lays food, so a ring that doubles the clock is worn only
while it pays:

* **always**, while a hand is free: slow digestion (it halves the clock), and a
  dexterity or increase damage ring whose plus is known and positive (to every blow,
  for a third more food);
* **regeneration while resting**: below level 8 Rogue heals a point only every
  ``21 - 2 × level`` quiet turns, the ring a point every turn. Hurt enough to rest,
  the hero puts it on and takes it off once healed: a level-5 hero resting from half
  of 30 hit points eats about 45 food units instead of 165;
* **maintain armor against an aquator** (the rust guard, ``_rust``): on before its
  touch, instead of the armor coming off.

Only rings known by kind are worn (an identify scroll, read in peace, names them):
one in four that Rogue makes is cursed (aggravate monster, teleportation, or a
minus), and a cursed ring cannot come off. Rings are put on and taken off only in
peace, one change a turn; Rogue asks which hand only when both are free, and the
screen handler answers it.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import AskCounting
from ._context import Situation
from ._facts import Inventory, Item

#: Worn whenever a hand is free (a plus, where the kind has one, known and positive).
ALWAYS = ("slow digestion", "increase damage", "dexterity")
#: Kinds whose plus can be a minus (then the ring is cursed).
WITH_PLUS = frozenset({"protection", "add strength", "dexterity", "increase damage"})
#: The same change sent this many times without the pack showing it done (a cursed
#: ring, a hand question answered wrong): not asked again.
MAX_ASKS = 2


def rings_worn(inv: Inventory) -> tuple[Item, ...]:
    return tuple(r for r in inv.of_kind("ring") if r.worn)


def free_hand(inv: Inventory) -> bool:
    return len(rings_worn(inv)) < 2


def wearable(item: Item) -> bool:
    """Known by kind, and with a known positive plus where the kind has one."""
    if item.kind != "ring" or not item.name:
        return False
    return item.name not in WITH_PLUS or (item.bonus is not None and item.bonus > 0)


def put_on(item: Item) -> str:
    """The keys that put ``item`` on (a hand question is answered by the screens)."""
    return "P" + item.letter


def take_off(inv: Inventory, item: Item) -> str:
    """The keys that take ``item`` off: Rogue asks which hand only when two are worn."""
    if len(rings_worn(inv)) < 2:
        return "R"
    return "R" + ("l" if item.hand == "left" else "r")


class Rings(AskCounting):
    """Puts known good rings on, and the situational ones (regeneration) on and off."""

    name = "rings"

    max_asks = MAX_ASKS

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        if inv is None or inv.stale or s.threats or (s.intern and s.intern.confused):
            return None
        found = self._advise(s, inv)
        if found is None:
            return None
        proposal, ring = found
        change = proposal.action[0] + ring.letter
        return self.ask(proposal, change) if self.may_ask(change) else None

    def _advise(self, s: Situation, inv: Inventory) -> tuple[Proposal, Item] | None:
        rings = inv.of_kind("ring")
        for ring in rings:
            if not ring.worn:
                continue
            if ring.name == "regeneration" and s.hp_fraction >= s.tactics.rest_until:
                return Proposal(take_off(inv, ring), f"rings: take off {ring.text!r}: healed "
                                                     "(it eats two food units a turn)"), ring
            if ring.name == "maintain armor":
                return Proposal(take_off(inv, ring), f"rings: take off {ring.text!r}: no "
                                                     "aquator near (it eats a food unit a "
                                                     "turn)"), ring
        if not free_hand(inv):
            return None
        for name in ALWAYS:
            ring = next((r for r in rings if r.name == name and not r.worn and wearable(r)),
                        None)
            if ring is not None:
                return Proposal(put_on(ring), f"rings: put on {ring.text!r} (worn whenever "
                                              "a hand is free)"), ring
        regen = next((r for r in rings if r.name == "regeneration" and not r.worn), None)
        if regen is not None and s.hp_fraction < s.tactics.rest_below:
            return Proposal(put_on(regen), f"rings: put on {regen.text!r} to rest (hp "
                                           f"{s.hp}: a point a turn)"), regen
        return None
