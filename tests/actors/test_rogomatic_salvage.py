"""A nymph's theft from a stack, and the quit that keeps the purse (``BrokenPack``).

Rogue 5.4.4's nymph frees a stacked item it left in the pack; the next inventory list
crashed Rogue in dungeons 509 and 1132 of 1.71. These tests read the theft's message
on constructed screens, with the pack listed before it.
"""

from test_rogomatic_support import PACK, inventory_screen, room_with, screen, status, with_pack

from actors.rogue._inventory import parse_item, took_from_stack

RICH = status(gold=2147, level=13)


def test_a_theft_from_a_stack_is_told_from_a_theft_of_a_single_item():
    items = [parse_item("f", "2 gold potions"), parse_item("g", "A scroll titled 'zok ra'"),
             parse_item("h", "3 potions of healing(blue)"), parse_item("e", "25 +0,+0 arrows")]
    assert took_from_stack(items, "a gold potion")
    assert took_from_stack(items, "2 potions of healing(blue)")
    assert not took_from_stack(items, "a scroll titled 'zok ra'")
    # Not in the pack as far as we know, but a count says it was a stack.
    assert took_from_stack(items, "2 pink potions")
    assert not took_from_stack(items, "a pink potion")


async def robbed(pack_line: str, stolen: str):  # noqa: ANN201
    """A pipeline that listed the starting pack and ``pack_line``, then read "She stole
    ``stolen``!" on the map."""
    return await with_pack(
        screen(room_with((3, 1, "@")), top=2, message=f"She stole {stolen}!",
               status_line=RICH),
        pack=[*PACK, pack_line])


async def test_a_theft_from_a_stack_breaks_the_pack_and_the_game_is_quit_with_the_purse():
    pipeline = await robbed("f) 2 gold potions", "a gold potion")
    assert pipeline.read("inventory").broken
    quit_ = pipeline.ask("salvage")
    assert quit_ is not None and quit_.action == "Q"
    assert "2147 gold" in quit_.rationale
    # The pack changed, but listing it is what crashes Rogue: never asked for.
    assert pipeline.ask("inventory") is None


async def test_a_theft_of_a_single_item_leaves_the_game_going():
    pipeline = await robbed("f) A gold potion", "a gold potion")
    assert not pipeline.read("inventory").broken
    assert pipeline.ask("salvage") is None
    # The pack changed: it is listed again, the message cleared first.
    listing = pipeline.ask("inventory")
    assert listing is not None and listing.action in ("\x1b", "i")


async def test_the_pack_stays_broken_after_it_is_listed_again():
    """Rogue never mends the list, so a later look (one already on its way) does not
    clear the mark."""
    pipeline = await robbed("f) 3 gold potions", "a gold potion")
    await pipeline.feed(inventory_screen([*PACK, "f) 2 gold potions"]))
    await pipeline.feed(screen(room_with((3, 1, "@")), top=2, status_line=RICH))
    assert pipeline.read("inventory").broken
    assert pipeline.ask("salvage").action == "Q"


async def test_a_purse_lightened_by_a_leprechaun_breaks_nothing():
    pipeline = await with_pack(
        screen(room_with((3, 1, "@")), top=2, message="Your purse feels lighter",
               status_line=RICH),
        pack=[*PACK, "f) 2 gold potions"])
    assert not pipeline.read("inventory").broken
    assert pipeline.ask("salvage") is None
