"""The object acquisition, armor and magic item experts.

Objects are walked onto (Rogue picks up what the hero steps on) nearest first by
the path field, gold always, the rest while the pack has room; a hero hurt enough
to rest rests first (``_health.would_rest``). Armor is changed
only in peace (taking it off and putting it on take turns) and only for a better
``Arm`` than the status line shows. Magic: known good scrolls and potions are used
when they help (an identify scroll while the pack holds an item it would name);
unknown scrolls are read in peace to learn them, and unknown potions are kept for
battlestations' last resort unless the tactics say to quaff them too.
"""

from __future__ import annotations

from runtime import Proposal

from ._base import RogueExpert
from ._context import Situation
from ._health import would_rest
from ._hidden import unseen_cells
from ._hunger import can_sit_out_blindness, meals_in_pack
from ._inventory import expected_armor, identifies
from ._junk import short_of_slots
from ._paths import beside_freezer
from ._rust import beside_rust_trap

#: Scrolls worth reading whenever safe once known.
#: (An identify scroll is read only for an unknown item of its kind: ``identifies``.)
GOOD_SCROLLS = frozenset({"enchant armor", "enchant weapon", "remove curse", "protect armor",
                          "magic mapping", "food detection"})
#: Of the good scrolls, two pay only where they have something to show: magic mapping
#: is read on a level with at least this many of its 9 cells unseen (a new one, or one
#: with rooms behind hidden ways: the map shows secret doors and passages too), and
#: kept for the next level otherwise; food detection is read with no food in the pack.
MAP_UNSEEN = 4
#: What the object expert takes into the pack's last slot: gold, food, the amulet.
LAST_SLOT = frozenset("*:,")
#: Potions worth drinking whenever safe once known. Not restore strength while
#: strength is whole (Rogue only sets it back to its most: drunk then, it is lost), nor
#: haste self (5 to 8 turns of two moves a turn, and drinking it takes no turn: it is
#: battlestations' to drink in a fight gone bad).
GOOD_POTIONS = frozenset({"gain strength", "raise level", "see invisible"})


class ObjectAcquisition(RogueExpert):
    """Walks to the nearest object worth having; gives up on one it cannot reach.

    If the hero keeps circling the same few squares while heading for an object (a
    square the map says is open but Rogue does not let us through), the object is
    given up for this level rather than chased forever. Nor is one beside a sleeping
    ice monster in view sought: in a treasure room it wakes as the hero comes
    (``_paths``).
    """

    name = "object"
    #: Proposals remembered, and the fewest distinct squares they must cover.
    window, spread = 30, 5
    #: Proposals for one object without coming nearer to it than ever before: another
    #: expert keeps taking us back (a sleeping monster next to the way made the
    #: object expert yield at one square and the explorer step back, for a thousand
    #: turns, until the hero starved).
    no_progress = 25
    #: Path cost within which an object is taken even when hurt enough to rest first
    #: (``_health.would_rest``): the walk is a step or two.
    near = 2

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.recent: list[tuple[tuple[int, int], tuple[int, int]]] = []
        self.given_up: set[tuple[int, tuple[int, int]]] = set()
        #: Per object: the nearest we have been (in path cost), and proposals since.
        self.progress: dict[tuple[int, tuple[int, int]], tuple[int, int]] = {}
        #: Per level, the walks to and fro (``Situation.paced``) already answered.
        self.paced: dict[int, int] = {}

    def advise(self, s: Situation) -> Proposal | None:
        if s.objects is None or s.paths is None or s.awake_within(3):
            return None
        level = s.objects.level
        if s.paced > self.paced.get(level, 0):
            # Pacing to and fro (``_pacing``) on the way to an object: given up.
            self.paced[level] = s.paced
            if self.recent and s.pacing_here:
                self.given_up.add((level, self.recent[-1][1]))
                self.recent.clear()
        if len(self.recent) >= self.window:
            squares = {p for p, _ in self.recent[-self.window:]}
            if len(squares) < self.spread:
                self.given_up.add((level, self.recent[-1][1]))
                self.recent.clear()
        inv = s.inventory
        full = inv is not None and inv.full
        # The last slot is food's (``_junk``): gold takes none, the amulet is the game.
        last_slot = inv is not None and short_of_slots(inv)
        best, best_d = None, 10**6
        for o in s.objects.objects:
            if o.pos in s.objects.ignored or (full and o.symbol != "*") or \
                    (last_slot and o.symbol not in LAST_SLOT):
                continue
            if (level, o.pos) in self.given_up or beside_freezer(s.objects, o.pos):
                continue
            d = s.paths.dist[(o.pos[0] - 1) * 80 + o.pos[1]]
            if 0 < d < best_d:
                best, best_d = o, d
        if best is None or (best_d > self.near and would_rest(s)):
            return None
        key = s.step_to(best.pos, spare=True)
        if key is None:
            return None
        nearest, since = self.progress.get((level, best.pos), (best_d + 1, 0))
        since = 0 if best_d < nearest else since + 1
        self.progress[(level, best.pos)] = (min(nearest, best_d), since)
        if since >= self.no_progress:
            self.given_up.add((level, best.pos))
            return None
        if not self.recent or self.recent[-1][0] != s.player:  # resting adds nothing
            self.recent = self.recent[-self.window:] + [(s.player, best.pos)]
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
        if s.sensed.status is None or beside_rust_trap(s):
            return None  # (the rust guard's: armor off over a rust trap)
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
                why = _worth_reading_now(s, item.name)
                if why is not None:
                    return Proposal("r" + item.letter, f"magic: read {item.text!r}{why}")
                continue
            kinds = identifies(item)
            unknown = next((i for i in inv.items if i.kind in kinds and i.unidentified
                            and i.letter != item.letter), None)
            if unknown is not None:
                return Proposal("r" + item.letter, f"magic: read {item.text!r} for "
                                                   f"{unknown.text!r}")
        for item in inv.of_kind("potion"):
            if item.name in GOOD_POTIONS:
                return Proposal("q" + item.letter, f"magic: quaff {item.text!r}")
        status = s.sensed.status
        restore = s.has("potion", "restore strength")
        if restore and status is not None and status.strength < status.strength_max:
            return Proposal("q" + restore, f"magic: strength {status.strength} of "
                                           f"{status.strength_max}: quaff restore strength")
        if s.tactics.read_unknown:
            for item in inv.of_kind("scroll"):
                if not item.name and item.text not in self.tried:
                    self.tried.add(item.text)
                    return Proposal("r" + item.letter, f"magic: read the unknown {item.text!r} "
                                                       "to learn it")
        if s.hp_fraction < 0.6:
            return None
        weak = status is not None and status.strength < s.tactics.quaff_below_strength
        if (s.tactics.quaff_unknown or weak) and can_sit_out_blindness(s):
            why = f"strength {status.strength}: quaff" if weak and status else "quaff"
            for item in inv.of_kind("potion"):
                if not item.name and item.text not in self.tried:
                    self.tried.add(item.text)
                    return Proposal("q" + item.letter, f"magic: {why} the unknown "
                                                       f"{item.text!r} to learn it")
        return None


def _worth_reading_now(s: Situation, name: str) -> str | None:
    """Why a known good scroll pays here ("" for one that always does), or None to keep
    it (:data:`MAP_UNSEEN`): a magic map read on a level already walked shows what the
    hero has seen, a food detection read with food in hand finds what he can spare."""
    if name == "magic mapping":
        if s.terrain is None or s.paths is None:
            return None
        unseen = len(unseen_cells(s.terrain, s.paths))
        return f": {unseen} of 9 cells unseen" if unseen >= MAP_UNSEEN else None
    if name == "food detection":
        return ": no food in the pack" if meals_in_pack(s) == 0 else None
    return ""
