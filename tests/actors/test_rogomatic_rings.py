"""Rings (``_rings``, and the rust guard's ring of maintain armor)."""

import pytest
from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from actors.rogue._inventory import parse_item

#: A level-5 hero's status line (30 hit points at most).
HALE = status(hp=30, hp_max=30, exp_level=5)
HURT = status(hp=12, hp_max=30, exp_level=5)


async def _in_peace(*rings: str, status_line: str = HALE):
    """The hero alone in the room, with the starting pack and ``rings``."""
    view = screen(room_with((3, 3, "@")), top=2, status_line=status_line)
    return await with_pack(view, pack=PACK + list(rings))


def test_a_ring_line_tells_its_kind_plus_and_hand():
    ring = parse_item("f", "A ring of dexterity [+2](topaz) (on left hand)")
    assert (ring.kind, ring.name, ring.bonus, ring.worn, ring.hand) == \
        ("ring", "dexterity", 2, True, "left")
    cursed = parse_item("g", "A ring of protection [-1](jade) (on right hand)")
    assert (cursed.bonus, cursed.hand) == (-1, "right")
    unknown = parse_item("h", "A topaz ring")
    assert (unknown.kind, unknown.name, unknown.worn) == ("ring", "", False)


async def test_slow_digestion_goes_on_whenever_a_hand_is_free():
    pipeline = await _in_peace("f) A ring of slow digestion(onyx)")
    proposal = pipeline.ask("rings")
    assert proposal.action == "Pf"
    assert "slow digestion" in proposal.rationale


@pytest.mark.parametrize("line", [
    "f) A topaz ring",  # unknown: one in four is cursed
    "f) A ring of dexterity(topaz)",  # its plus unknown: a third are minus and cursed
    "f) A ring of increase damage [-1](topaz)",
    "f) A ring of aggravate monster(topaz)",
    "f) A ring of protection [+1](topaz)",  # a food unit a turn: not worn all the time
])
async def test_no_ring_goes_on_unknown_cursed_or_too_dear(line):
    assert (await _in_peace(line)).ask("rings") is None


async def test_a_known_plus_to_damage_goes_on_beside_a_ring_worn():
    pipeline = await _in_peace("f) A ring of slow digestion(onyx) (on left hand)",
                               "g) A ring of increase damage [+2](jade)")
    assert pipeline.ask("rings").action == "Pg"


async def test_nothing_goes_on_with_both_hands_full_or_a_monster_in_view():
    full = await _in_peace("f) A ring of searching(onyx) (on left hand)",
                           "g) A ring of stealth(ruby) (on right hand)",
                           "h) A ring of slow digestion(jade)")
    assert full.ask("rings") is None
    view = screen(room_with((3, 3, "@"), (5, 10, "H")), top=2, status_line=HALE)
    watched = await with_pack(view, pack=PACK + ["f) A ring of slow digestion(onyx)"])
    assert watched.ask("rings") is None


async def test_regeneration_goes_on_to_rest_and_comes_off_once_healed():
    ring = "f) A ring of regeneration(opal)"
    assert (await _in_peace(ring)).ask("rings") is None  # hale: two food units a turn
    hurt = await _in_peace(ring, status_line=HURT)
    proposal = hurt.ask("rings")
    assert proposal.action == "Pf" and "to rest" in proposal.rationale
    healed = await _in_peace(ring + " (on left hand)")
    assert healed.ask("rings").action == "R"  # the one ring worn: no hand asked
    two = await _in_peace(ring + " (on right hand)",
                          "g) A ring of slow digestion(onyx) (on left hand)")
    assert two.ask("rings").action == "Rr"


async def test_a_change_that_does_not_show_is_asked_for_twice_only():
    """A cursed ring of regeneration cannot come off: the same R is not sent for ever."""
    pipeline = await _in_peace("f) A ring of regeneration(opal) (on left hand)")
    rings = pipeline.expert("rings")
    view = screen(room_with((3, 3, "@")), top=2, status_line=HALE)
    assert pipeline.ask("rings", rings).action == "R"
    await pipeline.feed(view, acted="R")  # Rogue: "you can't. It appears to be cursed"
    assert pipeline.ask("rings", rings).action == "R"
    await pipeline.feed(view, acted="R")
    assert pipeline.ask("rings", rings) is None


async def test_maintain_armor_goes_on_for_an_aquator_instead_of_the_armor_coming_off():
    keeper = "f) A ring of maintain armor(agate)"
    near = screen(room_with((3, 3, "@"), (3, 5, "A")), top=2)
    pipeline = await with_pack(near, pack=PACK + [keeper])
    proposal = pipeline.ask("rust")
    assert proposal.action == "Pf"
    assert "maintain armor" in proposal.rationale and "aquator 2 squares off" in proposal.rationale
    # Rogue says so: the ring is worn, and the armor stays on with it.
    await pipeline.feed(screen(room_with((3, 3, "@"), (3, 4, "A")), top=2,
                               message="you are now wearing a ring of maintain armor(agate) (f)"))
    assert next(i for i in pipeline.read("inventory").items if i.letter == "f").worn
    assert pipeline.ask("rust") is None
    # The aquator gone, the rings expert takes the ring off again (a food unit a turn).
    gone = await _in_peace(keeper + " (on left hand)")
    assert gone.ask("rings").action == "R"


async def test_without_a_free_hand_the_armor_comes_off_as_before():
    near = screen(room_with((3, 3, "@"), (3, 5, "A")), top=2)
    pack = PACK + ["f) A ring of maintain armor(agate)",
                   "g) A ring of searching(onyx) (on left hand)",
                   "h) A ring of stealth(ruby) (on right hand)"]
    assert (await with_pack(near, pack=pack)).ask("rust").action == "T"


async def test_the_hand_question_is_answered():
    question = screen(room_with((3, 3, "@")), top=2, message="left hand or right hand? ")
    pipeline = await with_pack(question)
    assert pipeline.read("sensed").prompt.startswith("left hand")
    assert pipeline.ask("screens").action == "l"
