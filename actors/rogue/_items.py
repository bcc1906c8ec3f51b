"""The object acquisition, armor and magic item experts.

Objects are walked onto (Rogue picks up what the hero steps on) nearest first by
the path field, gold always, the rest while the pack has room. Armor is changed
only in peace (taking it off and putting it on take turns) and only for a better
``Arm`` than the status line shows. Magic: known good scrolls and potions are used
when they help; unknown ones are tried in peace, by the tactics, to learn them.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._inventory import expected_armor

#: Scrolls worth reading whenever safe once known.
GOOD_SCROLLS = frozenset({"enchant armor", "enchant weapon", "remove curse", "identify",
                          "protect armor", "magic mapping", "food detection", "light",
                          "gold detection"})
#: Potions worth drinking whenever safe once known.
GOOD_POTIONS = frozenset({"gain strength", "restore strength", "raise level",
                          "see invisible", "detect monster", "detect things",
                          "haste self"})


class ObjectAcquisition(RogueExpert):
    name = "object"

    def advise(self, s: Situation) -> Proposal | None:
        if s.objects is None or s.paths is None or s.awake_within(3):
            return None
        full = s.inventory is not None and s.inventory.full
        best, best_d = None, 10**6
        for o in s.objects.objects:
            if o.pos in s.objects.ignored or (full and o.symbol != "*"):
                continue
            d = s.paths.dist[(o.pos[0] - 1) * 80 + o.pos[1]]
            if 0 < d < best_d:
                best, best_d = o, d
        if best is None:
            return None
        key = s.step_to(best.pos)
        if key is None:
            return None
        what = "gold" if best.symbol == "*" else f"the {best.symbol!r}"
        return Proposal(key, f"object: pick up {what} {best_d} squares away")


class Armor(RogueExpert):
    name = "armor"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tried: set[str] = set()
        self.wanted: str | None = None

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        if not s.tactics.wear_armor or inv is None or inv.stale or s.threats:
            return None
        if s.sensed.status is None:
            return None
        worn = next((a for a in inv.of_kind("armor") if a.worn), None)
        if worn is None and self.wanted is not None:
            item = next((a for a in inv.of_kind("armor") if a.letter == self.wanted), None)
            self.wanted = None
            if item is not None:
                return Proposal("W" + item.letter, f"armor: put on {item.text!r}")
        current = s.sensed.status.armor
        candidates = [a for a in inv.of_kind("armor")
                      if not a.worn and a.text not in self.tried
                      and expected_armor(a) > current]
        if not candidates:
            if worn is None:
                spare = max(inv.of_kind("armor"), key=expected_armor, default=None)
                if spare is not None and spare.text not in self.tried:
                    self.tried.add(spare.text)
                    return Proposal("W" + spare.letter, f"armor: wear {spare.text!r}")
            return None
        best = max(candidates, key=expected_armor)
        self.tried.add(best.text)
        if worn is not None:
            self.wanted = best.letter
            return Proposal("T", f"armor: take off {worn.text!r} (Arm {current}) for "
                                 f"{best.text!r} (Arm {expected_armor(best)} expected)")
        return Proposal("W" + best.letter, f"armor: wear {best.text!r}")


class MagicItems(RogueExpert):
    name = "magic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tried: set[str] = set()

    def advise(self, s: Situation) -> Proposal | None:
        inv = s.inventory
        if inv is None or inv.stale or s.threats or (s.intern and s.intern.confused):
            return None
        for item in inv.of_kind("scroll"):
            if item.name in GOOD_SCROLLS:
                return Proposal("r" + item.letter, f"magic: read {item.text!r}")
        for item in inv.of_kind("potion"):
            if item.name in GOOD_POTIONS:
                return Proposal("q" + item.letter, f"magic: quaff {item.text!r}")
        if s.tactics.read_unknown:
            for item in inv.of_kind("scroll"):
                if not item.name and item.text not in self.tried:
                    self.tried.add(item.text)
                    return Proposal("r" + item.letter, f"magic: read the unknown {item.text!r} "
                                                       "to learn it")
        if s.hp_fraction < 0.6:
            return None
        if s.tactics.quaff_unknown:
            for item in inv.of_kind("potion"):
                if not item.name and item.text not in self.tried:
                    self.tried.add(item.text)
                    return Proposal("q" + item.letter, f"magic: quaff the unknown "
                                                       f"{item.text!r} to learn it")
        return None
