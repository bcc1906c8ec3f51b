"""Junk (``_junk``): the pack's last slot is kept for food."""

from test_rogomatic_support import PACK, inventory_screen, room_with, screen, with_pack

from actors.rogue._facts import Inventory
from actors.rogue._inventory import parse_item, slots_used
from actors.rogue._junk import junk, short_of_slots

#: Unknown potions, each its own kind and slot: the pack grows to 22 entries with them.
FILLER = [f"{letter}) A {colour} potion" for letter, colour in zip(
    "fghijklmnopqrstuv", ["red", "blue", "green", "pink", "grey", "tan", "aqua", "plum",
                          "ruby", "jade", "gold", "lime", "navy", "teal", "rust", "sky",
                          "wine"], strict=True)]


def _pack(*lines: str) -> Inventory:
    return Inventory(items=tuple(parse_item(line[0], line[3:]) for line in lines), stale=False)


def test_potions_scrolls_and_food_fill_a_slot_each_arrows_one_for_all():
    """Rogue's pack_room counts each unit of a stackable kind (the pack of dungeon 26
    listed 22 entries and was full: two of its potions were one entry)."""
    inv = _pack("a) 3 rations of food", "b) +1 ring mail [protection 4] (being worn)",
                "c) A +1,+1 mace (weapon in hand)", "d) 30 +0,+0 arrows",
                "e) 2 vermilion potions", "f) 4 scrolls titled 'bit sa bie'")
    assert slots_used(inv.items) == 3 + 1 + 1 + 1 + 2 + 4
    stacked = _pack(*PACK[1:], "a) 3 rations of food", *FILLER[:15])
    assert len(stacked.items) == 20 and short_of_slots(stacked)  # 22 slots
    assert not short_of_slots(_pack(*PACK, *FILLER[:15]))  # 20 entries, 20 slots


def test_junk_is_what_no_expert_uses_harmful_kinds_first():
    inv = _pack(*PACK, "f) Scale mail", "g) A potion of blindness(red)", "h) A blue potion")
    assert junk(inv).letter == "g"
    assert junk(_pack(*PACK, "f) Scale mail", "h) A blue potion")).letter == "f"


def test_armor_better_than_the_suit_worn_and_the_best_weapon_are_kept():
    # Ring mail worn at [protection 4]: banded mail (Arm 6 unenchanted) is better.
    assert junk(_pack(*PACK, "f) Banded mail", "g) A long sword")) is None
    # A mace in hand and a long sword: the mace is the spare once the sword is best.
    inv = _pack("a) Some food", "b) +1 ring mail [protection 4] (being worn)",
                "c) A +1,+1 mace", "d) A long sword (weapon in hand)", "e) A short bow",
                "f) A +1,+0 short bow", "g) 2 daggers")
    assert junk(inv).letter == "c"
    without_mace = _pack(*(line for line in [
        "a) Some food", "b) +1 ring mail [protection 4] (being worn)",
        "d) A long sword (weapon in hand)", "e) A short bow", "f) A +1,+0 short bow",
        "g) 2 daggers"]))
    assert junk(without_mace).letter == "e"  # the second bow; the daggers are thrown


def test_nothing_is_junk_in_the_starting_kit_or_while_the_suit_is_off():
    assert junk(_pack(*PACK)) is None
    suit_off = [line.replace(" (being worn)", "") for line in PACK]
    assert junk(_pack(*suit_off, "f) Scale mail")) is None


async def _hero_with(pack: list[str], *marks: tuple[int, int, str]):
    view = screen(room_with((3, 3, "@"), *marks), top=2)
    return await with_pack(view, pack=pack)


async def test_with_one_slot_left_the_junk_is_dropped_and_food_alone_is_fetched():
    pack = PACK + FILLER[:15] + ["w) A potion of poison(wine)", "x) Scale mail"]
    assert len(pack) == 22
    pipeline = await _hero_with(pack, (4, 8, "!"), (5, 10, ":"))
    proposal = pipeline.ask("junk")
    assert proposal.action == "dw" and "kept for food" in proposal.rationale
    assert pipeline.ask("object").rationale.startswith("object: pick up the ':'")


async def test_a_roomy_pack_drops_nothing_and_takes_everything():
    pipeline = await _hero_with(PACK + ["w) A potion of poison(wine)"], (4, 8, "!"))
    assert pipeline.ask("junk") is None
    assert pipeline.ask("object").rationale.startswith("object: pick up the '!'")


async def test_nothing_is_dropped_on_a_door_or_with_a_monster_in_view():
    pack = PACK + FILLER[:16] + ["w) A potion of poison(wine)"]
    on_door = screen(room_with((4, 13, "@")), top=2)
    assert (await with_pack(on_door, pack=pack)).ask("junk") is None
    watched = await _hero_with(pack, (5, 10, "H"))
    assert watched.ask("junk") is None


async def test_what_the_full_pack_left_is_fetched_after_a_drop_and_the_drop_is_not():
    """Pack full on the food's square; junk dropped a step away; back for the food."""
    pack = PACK + FILLER + ["w) A potion of poison(wine)"]
    assert len(pack) == 23
    pipeline = await _hero_with(pack, (3, 4, ":"))
    await pipeline.feed(screen(room_with((3, 4, "@")), top=2,
                               message="there's no room in your pack.  moved onto some food"))
    assert pipeline.ask("junk") is None  # Rogue drops nothing where something lies
    await pipeline.feed(screen(room_with((3, 4, ":"), (3, 5, "@")), top=2))
    objects = pipeline.read("objects")
    assert (3, 4) in objects.ignored
    assert pipeline.ask("object") is None  # full: only gold would be taken
    assert pipeline.ask("junk").action == "dw"
    await pipeline.feed(screen(room_with((3, 4, ":"), (3, 5, "@")), top=2,
                               message="dropped a potion of poison(wine)"), acted="dw")
    await pipeline.feed(screen(room_with((3, 4, ":"), (3, 5, "!"), (3, 6, "@")), top=2))
    objects = pipeline.read("objects")
    assert (3, 4) not in objects.ignored and (3, 5) in objects.ignored


async def test_a_full_pack_stays_full_when_listed_again_with_stacks():
    """Twenty-one entries can fill the 23 slots: a new list does not clear "full"."""
    pack = PACK[1:] + ["a) 3 rations of food"] + FILLER[:16]
    assert len(pack) == 21
    pipeline = await _hero_with(pack)
    await pipeline.feed(screen(room_with((3, 4, "@")), top=2,
                               message="there's no room in your pack.  moved onto a scroll"))
    assert pipeline.read("inventory").full
    await pipeline.feed(inventory_screen(pack))
    assert pipeline.read("inventory").full


async def test_a_drop_sent_twice_is_not_sent_again_and_the_next_junk_goes_instead():
    """The same junk walked over and picked up again, or a drop Rogue refused: the
    expert moves on down the list rather than dropping one entry for ever."""
    pack = PACK + FILLER[:15] + ["w) A potion of poison(wine)", "x) Scale mail"]
    pipeline = await _hero_with(pack)
    expert = pipeline.expert("junk")
    view = screen(room_with((3, 3, "@")), top=2)
    assert pipeline.ask("junk", expert).action == "dw"
    await pipeline.feed(view, acted="dw")
    assert pipeline.ask("junk", expert).action == "dw"
    await pipeline.feed(view, acted="dw")
    assert pipeline.ask("junk", expert).action == "dx"
