"""1.33-1.34: the target spares an ice monster or a thief on its way; away from ice monsters.

Each case is the shape of a 1.32 game that died of hypothermia at full health, or of
the livelock the first build of the fix made (dungeon 371).
"""

from test_rogomatic_support import PACK, room_with, screen, status, with_pack

from runtime import Arbiter

MELEE_ONLY = [line for line in PACK if "bow" not in line and "arrows" not in line]

def room_over_passage(door: str, hero_row: int = 7) -> list[str]:
    """A lit room drawn from screen row 2, an emu asleep in its corner, its door on the
    bottom wall at (6, 3) holding ``door``, and the hero in the passage below."""
    rows = ["------", "|E...|", "|....|", "|....|", f"--{door}---"]
    rows += ["  #   "] * 3
    rows[hero_row - 2] = "  @   "
    return rows


async def test_the_target_expert_finds_no_step_through_an_ice_monster_in_the_doorway():
    """Dungeons 55, 191, 256 of 1.32: going for an emu, the only step was into an ice
    monster let lie in the doorway - a blow that woke it, and its freezes killed.
    With the door clear the same walk steps in."""
    clear = await with_pack(screen(room_over_passage("+"), top=2), pack=MELEE_ONLY)
    assert clear.ask("target").action == "k"
    blocked = await with_pack(screen(room_over_passage("I"), top=2), pack=MELEE_ONLY)
    assert blocked.situation().step_to((3, 1), spare=True) is None
    assert blocked.ask("target") is None
    # The walkers that must get somewhere go on (1.33 spared it for all of them, and
    # 13 of 400 heroes starved, swinging or resting before such a doorway).
    assert blocked.situation().step_to((3, 1)) == "k"
    # A bat, let lie by the fight odds alone, is no reason to stop (sparing it, the
    # first build of 1.33 rested beside one asleep in a passage: dungeon 13).
    bat = await with_pack(screen(room_over_passage("B"), top=2), pack=MELEE_ONLY)
    assert bat.situation().step_to((3, 1), spare=True) == "k"


async def test_the_target_expert_gives_up_a_monster_it_found_no_step_toward():
    """Dungeon 371 of the first build: the target waited for a rattlesnake beyond a
    leprechaun, found no step, and came back to it from the next square, until the
    hero starved. Given up once, it stays given up on the level."""
    pipeline = await with_pack(screen(room_over_passage("L"), top=2), pack=MELEE_ONLY)
    target = pipeline.expert("target")
    assert pipeline.ask("target", target) is None
    further = screen(room_over_passage("L", hero_row=8), top=2)
    await pipeline.feed(further)
    assert pipeline.ask("target", target) is None
    # Without the memory, the step back toward it (and the leprechaun) is offered.
    assert pipeline.ask("target", pipeline.expert("target")).action == "k"


async def test_the_hero_steps_away_from_an_ice_monster_beside_him_rather_than_rest():
    """Dungeon 162 of 1.32: hurt, beside an ice monster in a doorway that a blow had
    woken but that had not moved in view, the hero rested, and froze to death at 21
    of 27. Now the freezer expert outranks the rest with a step that ends two squares
    from it; a kestrel beside him is not its business."""
    hurt = status(hp=5)
    pipeline = await with_pack(screen(room_over_passage("I"), top=2, status_line=hurt))
    assert "rest" in pipeline.ask("health").rationale
    arbiter = Arbiter([factory(seed=0) for factory in pipeline.spec.experts])
    decision = await arbiter.decide(pipeline.board, pipeline.generation)
    assert decision.expert == "freezer" and decision.action in ("j", "b", "n")
    kestrel = await with_pack(screen(room_over_passage("K"), top=2, status_line=hurt))
    assert kestrel.ask("freezer") is None


async def test_the_freezer_expert_lets_be_an_ice_monster_that_stayed_put_twice():
    """One that does not follow when the hero steps away is asleep: after two sent
    steps away from it, the others may go beside it again (a search spot or the only
    way on may lie there). Steps outranked by others count nothing."""
    beside = screen(room_over_passage("I"), top=2)
    away = screen(room_over_passage("I", hero_row=8), top=2)
    pipeline = await with_pack(beside)
    freezer = pipeline.expert("freezer")
    assert pipeline.ask("freezer", freezer).action == "j"
    for _ in range(3):  # outranked: not sent
        await pipeline.feed(beside, acted="\x1b")
        assert pipeline.ask("freezer", freezer).action == "j"
    await pipeline.feed(away, acted="j")
    assert pipeline.ask("freezer", freezer) is None  # two squares off: nothing to do
    await pipeline.feed(beside, acted="k")
    assert pipeline.ask("freezer", freezer).action == "j"
    await pipeline.feed(away, acted="j")
    assert pipeline.ask("freezer", freezer) is None
    await pipeline.feed(beside, acted="k")
    assert pipeline.ask("freezer", freezer) is None
    # A blow either way wakes it, whatever it did before (dungeon 162 of 1.32).
    # Its message came with --More--, off the map: the next map screen knows it.
    struck = screen(room_over_passage("I"), top=2, message="You miss the ice monster--More--")
    await pipeline.feed(struck, acted="k")
    assert pipeline.ask("freezer", freezer) is None
    await pipeline.feed(beside, acted=" ")
    assert pipeline.ask("freezer", freezer).action == "j"


async def test_the_explorers_random_step_when_stuck_is_never_into_a_monster():
    """Stuck three times, the explorer steps at random - but not into a monster, since
    that step is a blow: ringed by sleepers on seven sides, every seed steps east."""
    ring = [(2, 4), (2, 5), (2, 6), (3, 4), (4, 4), (4, 5), (4, 6)]
    view = screen(room_with((3, 5, "@"), *((r, c, "I") for r, c in ring)), top=2)
    pipeline = await with_pack(view)
    steps = set()
    for seed in range(10):
        explore = type(pipeline.expert("explore"))(seed=seed)
        for _ in range(4):
            proposal = pipeline.ask("explore", explore)
            await pipeline.feed(view, acted=proposal.action)
        assert "stuck" in proposal.rationale
        steps.add(proposal.action)
    assert steps == {"l"}


async def test_an_ice_monster_out_of_view_between_visits_is_still_the_same_one():
    """In a dark passage the hero sees only the squares beside him: two squares off, the
    ice monster is gone from the screen, and each return beside it is a new sighting.
    Counted by its square, it is let be after two steps away all the same (counted by
    sighting, the explorer and the freezer expert would take turns for ever)."""
    beside = screen(["I@## "], top=10)
    away = screen([" #@# "], top=10)
    pipeline = await with_pack(beside)
    freezer = pipeline.expert("freezer")
    offers = []
    for _ in range(3):
        offers.append(pipeline.ask("freezer", freezer))
        await pipeline.feed(away, acted="l")
        assert pipeline.ask("freezer", freezer) is None  # out of view
        await pipeline.feed(beside, acted="h")
    assert [o.action if o else None for o in offers] == ["l", "l", None]


async def test_over_a_door_the_hero_steps_along_the_passage_out_of_its_reach():
    """Dungeon 82's and 162's shape: the hero in a passage running sideways over a door
    an ice monster stands in. No step ends two squares off, but one along the passage
    is diagonal to the doorway, across the wall's corner, where Rogue lets no one
    strike."""
    pipeline = await with_pack(screen(["##@##", "--I--", "|...|"], top=10))
    proposal = pipeline.ask("freezer")
    assert proposal.action in ("h", "l") and "round the corner" in proposal.rationale


async def test_the_object_expert_spares_an_ice_monster_in_the_doorway_on_its_way():
    """Dungeon 55 of 1.34's first build: the freezer expert had let the ice monster in
    the doorway be, and the object expert walked into it for a potion beyond it."""
    gold = [row.replace("|....|", "|..*.|", 1) if i == 2 else row
            for i, row in enumerate(room_over_passage("+"))]
    assert (await with_pack(screen(gold, top=2))).ask("object").action == "k"
    blocked = [row.replace("+", "I") for row in gold]
    assert (await with_pack(screen(blocked, top=2))).ask("object") is None


async def test_a_sleeper_given_up_stays_given_up_when_it_comes_back_into_view():
    """Dungeon 184 of 1.47: in a dark passage a sleeper two squares off (there a bat), beyond an ice
    monster, leaves the view whenever the hero steps off and is a new sighting when he
    comes back. Given up by its square too, the target does not wait for it again (by
    sighting alone it waited, gave up, and waited again for a thousand decisions)."""
    beside = screen(["@IE  "], top=10)
    off = screen(["@#   "], top=10)
    pipeline = await with_pack(beside, pack=MELEE_ONLY)
    target = pipeline.expert("target")
    proposals = [pipeline.ask("target", target)]
    for _ in range(3):
        await pipeline.feed(beside, acted=proposals[-1].action if proposals[-1] else "s")
        proposals.append(pipeline.ask("target", target))
    assert [p.action if p else None for p in proposals] == ["s", "s", "s", None]
    await pipeline.feed(off, acted="h")
    assert pipeline.ask("target", target) is None  # out of view
    await pipeline.feed(beside, acted="l")
    emu = pipeline.situation().threats[-1]
    assert emu.info.name == "emu" and emu.seen.first == pipeline.generation  # new sighting
    assert pipeline.ask("target", target) is None
