"""The inventory database: what is in the pack, and what is known of each kind.

The pack is read from Rogue's inventory list (``i``) whenever it is on screen, and
kept between looks from the messages: ``you now have ... (c)`` adds an entry. Any
message the pattern table cannot place may mean the pack changed (a potion drunk,
a scroll read, an arrow thrown), so the database marks itself stale and the
inventory-screen expert asks for a fresh list. Item texts are read with Rogue's own
naming rules: ``A potion of healing(blue)`` is identified, ``A blue potion`` is not;
armour shows ``[protection N]`` once known.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from runtime import Activation

from ._facts import Events, Inventory, Item, Sensed
from ._gated import GatedSource

#: Armor class of each armour (the status line shows ``10 - class``).
ARMOR_CLASS = {
    "leather armor": 8, "ring mail": 7, "studded leather armor": 7, "scale mail": 6,
    "chain mail": 5, "splint mail": 4, "banded mail": 4, "plate mail": 3,
}
#: Mean damage of a weapon wielded in melee.
WEAPON_DAMAGE = {
    "mace": 5.0, "long sword": 7.5, "two handed sword": 10.0, "dagger": 3.5, "spear": 4.5,
    "short bow": 1.0, "crossbow": 1.0, "arrow": 1.0, "dart": 1.0, "shuriken": 1.5,
    "crossbow bolt": 1.5,
}
#: Weapons worth throwing by hand.
THROWABLE = ("dagger", "dart", "shuriken", "spear")
#: Weapons swung in melee (a bow or a missile in hand does a point or two).
MELEE_WEAPONS = ("two handed sword", "long sword", "mace", "spear", "dagger")


#: Rogue's MAXPACK.
PACK_SLOTS = 23
#: Kinds Rogue counts one slot per unit (``ISMULT``): "2 rations of food" fill two,
#: where a stack of arrows fills one.
PER_UNIT = frozenset({"potion", "scroll", "food"})


def slots_used(items: Iterable[Item]) -> int:
    """Rogue's ``Inpack``: a slot per entry, and per unit for potions, scrolls, food."""
    return sum(i.count if i.kind in PER_UNIT else 1 for i in items)


def weapon_value(name: str, bonus: int | None) -> float:
    """A weapon's worth in melee: its mean damage, and half a point per plus."""
    return WEAPON_DAMAGE.get(name, 0.0) + (bonus or 0) * 0.5


def melee_worth(weapon: Item, unknown_cost: float = 0.0) -> float:
    """A weapon's worth in hand, less ``unknown_cost`` when its pluses are not known
    (``Tactics.unknown_weapon_cost``: one weapon in ten is cursed)."""
    return weapon_value(weapon.name, weapon.bonus) - (unknown_cost if weapon.bonus is None
                                                      else 0.0)


def best_melee(inv: Inventory, unknown_cost: float = 0.0) -> Item | None:
    """The best melee weapon in the pack, in hand or not (by ``melee_worth``)."""
    return max((w for w in inv.of_kind("weapon") if w.name in MELEE_WEAPONS),
               key=lambda w: melee_worth(w, unknown_cost), default=None)

_COUNT = re.compile(r"^(?:an?|some|the|(\d+)) ", re.IGNORECASE)
# The comma is for Rogue 5.4's "scroll of identify ring, wand or staff".
_OF = re.compile(r"\b(potion|scroll|ring|wand|staff)s? of ([a-z ,]+?)(?:\s*[\[(]|$)")
_MAGIC_NOUN = re.compile(r"\b(potion|scroll|ring|wand|staff)s?\b")
#: The name the player gave a kind at Rogue's "what do you want to call it?" (the
#: screen handler names a scroll whose reading gave it away: ``_screens.CALLS``).
_CALLED = re.compile(r"\bcalled ([a-z ,]+?)(?:\s*[\[(]|$)")

#: What each of Rogue 5.4's identify scrolls insists on, by the words after "identify"
#: (its name, and its question: "you must identify a suit of armor").
IDENTIFY_KINDS: dict[str, tuple[str, ...]] = {
    "potion": ("potion",), "scroll": ("scroll",), "weapon": ("weapon",),
    "armor": ("armor",), "suit of armor": ("armor",), "ring, wand or staff": ("ring", "wand"),
}


def identifies(item: Item) -> tuple[str, ...]:
    """The kinds a known identify scroll ``item`` names (none for anything else)."""
    if item.kind != "scroll" or not item.name.startswith("identify "):
        return ()
    return IDENTIFY_KINDS.get(item.name.removeprefix("identify "), ())


_BONUS_WEAPON = re.compile(r"([+-]\d+),([+-]\d+) ")
_PROTECTION = re.compile(r"\[(?:protection )?(-?\d+)\]")
#: A known ring's plus: "A ring of dexterity [+2](topaz)".
_RING_PLUS = re.compile(r"\[([+-]\d+)\]")
#: The pack letter Rogue ends "you are now wearing a ring of ...(topaz) (f)" with.
_LETTER_AT_END = re.compile(r"\(([a-zA-Z])\)\s*$")
#: Where a ring is worn: "A ring of stealth(onyx) (on left hand)".
_HAND = re.compile(r"\(on (left|right) hand\)")


def _count(text: str) -> int:
    m = _COUNT.match(text)
    return int(m.group(1)) if m is not None and m.group(1) else 1


def parse_item(letter: str, text: str) -> Item:
    """An inventory line ``text`` (without ``x) ``) read into an :class:`Item`."""
    low = text.lower()
    hand = _HAND.search(low)
    worn = "(being worn)" in low or hand is not None
    wielded = "(weapon in hand)" in low
    count = _count(low)
    kind, name, bonus = "unknown", "", None
    magic = _MAGIC_NOUN.search(low)
    if magic is not None and not (magic.group(1) == "ring"
                                  and any(a in low for a in ARMOR_CLASS)):
        # The first such word is the item's own: "a scroll of identify potion",
        # "a scroll of food detection" are scrolls.
        kind = "wand" if magic.group(1) == "staff" else magic.group(1)
    elif "food" in low or re.search(r"slime-mold|mango", low):
        kind = "food"
    elif "amulet of yendor" in low:
        kind = "amulet"
    else:
        armor = next((a for a in sorted(ARMOR_CLASS, key=len, reverse=True) if a in low), None)
        if armor is not None:
            kind, name = "armor", armor
            m = _PROTECTION.search(low)
            bonus = int(m.group(1)) if m is not None else None
        else:
            weapon = next((w for w in sorted(WEAPON_DAMAGE, key=len, reverse=True)
                           if w in low), None)
            if weapon is not None:
                kind, name = "weapon", weapon
                m = _BONUS_WEAPON.search(low)
                bonus = int(m.group(1)) + int(m.group(2)) if m is not None else None
    if kind in ("potion", "scroll", "ring", "wand"):
        m = _OF.search(low)
        called = _CALLED.search(low)
        name = m.group(2).strip() if m is not None else (
            called.group(1).strip() if called is not None else "")
    if kind == "ring":
        m = _RING_PLUS.search(low)
        bonus = int(m.group(1)) if m is not None else None
    return Item(letter=letter, text=text, kind=kind, name=name, count=count, worn=worn,
                wielded=wielded, bonus=bonus, hand=hand.group(1) if hand is not None else "")


def expected_armor(item: Item) -> int:
    """The ``Arm:`` value wearing ``item`` would show (unknown enchantment counted as 0)."""
    if item.bonus is not None:
        return item.bonus
    return 10 - ARMOR_CLASS.get(item.name, 8)


def _bare(text: str) -> str:
    """An item's text without the state Rogue appends to it, lower case."""
    return text.lower().replace(" (being worn)", "").replace(" (weapon in hand)", "").strip()


def _worn_now(items: dict[str, Item], text: str) -> str | None:
    """The letter of the armor "you are now wearing ``text``" names, if one fits.

    By its text, else (rust or a scroll changed its figures since the last list) the
    one armor of that kind.
    """
    armor = [i for i in items.values() if i.kind == "armor"]
    exact = [i for i in armor if _bare(i.text) == text.lower().strip()]
    if len(exact) == 1:
        return exact[0].letter
    kind = parse_item("", text).name
    same = [i for i in armor if i.name == kind]
    return same[0].letter if len(same) == 1 else None


def _ring_now(items: dict[str, Item], text: str) -> str | None:
    """The letter of the ring "you are now wearing ``text``" names: Rogue ends it with
    the letter, "a ring of slow digestion(topaz) (f)"."""
    m = _LETTER_AT_END.search(text)
    if m is None or m.group(1) not in items or items[m.group(1)].kind != "ring":
        return None
    return m.group(1)


def _with_hidden_first(inv: Inventory, items: tuple[Item, ...]) -> tuple[Item, ...]:
    """``items`` listed under a blank row 0, with a guess at the line Rogue blanked.

    Exactly one item is hidden. Rogue lists the pack in its own order (kinds in the
    order they were first carried, so food picked up after the first ration was eaten
    comes last under the letter ``a``), not by letter. Of the known items the list
    lacks, the hidden one is taken to be the one worn or wielded (they cannot leave
    the pack without a message), else the lowest letter. Dungeon 5 under 1.14 lost
    its worn ring mail from the database this way, and with it every armor decision.
    """
    shown = {i.letter for i in items}
    hidden = [i for i in inv.items if i.letter not in shown]
    if not hidden:
        return items
    return (min(hidden, key=lambda i: (not (i.worn or i.wielded), i.letter)),) + items


#: The words a pack line may carry that say where the item is, not what it is.
_PLACE = re.compile(r"\((?:being worn|weapon in hand|on (?:left|right) hand)\)")


def _unit(text: str) -> str:
    """What one of a stack is called whatever the count: the text without its count or
    article, its place in the pack, or plurals ("2 gold potions" and "a gold potion"
    both give "gold potion")."""
    low = _PLACE.sub("", text.lower().rstrip("!. "))
    low = re.sub(r"^(?:an?|the|\d+)\s+", "", low.strip())
    return " ".join(w[:-1] if w.endswith("s") else w for w in low.split())


def took_from_stack(items: Iterable[Item], stolen: str) -> bool:
    """Whether a nymph's "she stole ``stolen``" took one of a stack of ``items``.

    Rogue 5.4.4's nymph (fight.c) calls ``leave_pack(steal, FALSE, FALSE)``, which for
    a stack only lowers its count and returns the stack itself, still in the pack,
    and then frees it (``discard``). The pack list then runs through freed memory:
    the next inventory list crashed Rogue (SIGSEGV) in 15 of the 17 aborted games in
    the tournament records kept on this machine. A theft of a single item unlinks it
    first, and is safe.
    """
    if _count(stolen.lower()) > 1:
        return True  # "she stole 2 gold potions": three or more were stacked
    unit = _unit(stolen)
    return any(i.count > 1 and _unit(i.text) == unit for i in items)


#: Messages that leave the pack as it was.
_HARMLESS = frozenset({
    "killed", "we_hit", "we_missed", "hit_by", "missed_by", "found_gold", "moved_onto",
    "frozen", "freed", "held", "hungry", "level_up", "illegal", "nothing_there", "picked_up",
    "pack_full", "stolen_none", "levitating", "landed",
})


def update(inv: Inventory, sensed: Sensed, events: Events, *, new_prompt: bool = True) -> Inventory:
    if sensed.kind == "inventory":
        items = tuple(parse_item(letter, text) for letter, text in sensed.items)
        if sensed.top_blank:
            items = _with_hidden_first(inv, items)
        # A one-item list from a prompt ("which object...? *") is not the whole pack.
        return Inventory(items=items, stale=False,
                         full=inv.full and slots_used(items) >= PACK_SLOTS, broken=inv.broken)
    items = {i.letter: i for i in inv.items}
    stale, full, broken = inv.stale, inv.full, inv.broken
    if new_prompt and "which object" in sensed.prompt.lower():
        # An item action ended at Rogue's question: our letter was wrong. Look again
        # before using anything else (item experts wait for a fresh inventory). Only
        # once: Rogue may leave the question on the top line after it is answered.
        stale = True
    for event in events.events:
        if event.kind == "picked_up" and len(event.detail) == 1:
            items[event.detail] = parse_item(event.detail, event.subject)
            full = False
            stale = True
        elif event.kind == "wielding" and event.detail in items:
            for letter, item in items.items():
                items[letter] = attrs.evolve(item, wielded=letter == event.detail)
            stale = True
        elif event.kind == "wearing" and (ring := _ring_now(items, event.subject)):
            # "you are now wearing a ring of stealth(onyx) (f)": on a hand, which one
            # the next list tells.
            items[ring] = attrs.evolve(items[ring], worn=True)
            stale = True
        elif event.kind == "wearing":
            # "you are now wearing <name>": no letter, so the armor is found by its name
            # (the next list may hide its line under a blank row 0).
            worn = _worn_now(items, event.subject)
            if worn is not None:
                items[worn] = attrs.evolve(parse_item(worn, f"{event.subject} (being worn)"),
                                           worn=True)
            stale = True
        elif event.kind == "took_off" and event.detail in items:
            items[event.detail] = attrs.evolve(items[event.detail], worn=False)
            stale = True
        elif event.kind == "not_valid":
            # We asked for a letter the pack no longer has: forget it, look again.
            items.pop(event.detail or event.subject, None)
            stale = True
        elif event.kind == "pack_full":
            full = True
        elif event.kind == "stolen" and event.subject:
            broken = broken or took_from_stack(items.values(), event.subject)
            stale = True
        elif event.kind not in _HARMLESS:
            stale = True
    return Inventory(items=tuple(sorted(items.values(), key=lambda i: i.letter)),
                     stale=stale, full=full, broken=broken)


class InventoryDatabase(GatedSource):
    """Keeps the inventory database (``sensed``, ``events`` to ``inventory``)."""

    name = "invent"
    reads = frozenset({"sensed", "events"})
    writes = frozenset({"inventory"})
    budget = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.inventory = Inventory()
        #: The prompt on the last map screen: one left standing is not asked again.
        self.prompt = ""

    async def update(self, activation: Activation) -> None:
        sensed: Sensed = activation.read("sensed")
        self.inventory = update(self.inventory, sensed, activation.read("events"),
                                new_prompt=sensed.prompt != self.prompt)
        if sensed.kind != "inventory":
            self.prompt = sensed.prompt
        await activation.write("inventory", self.inventory)
