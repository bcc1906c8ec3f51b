"""Initiative: Rog-O-Matic waits for a monster two squares off instead of closing on it."""

from test_rogomatic_support import (
    PACK,
    Pipeline,
    inventory_screen,
    room_with,
    screen,
    status,
    with_pack,
)

from actors.rogue import Tactics
from runtime import Arbiter


async def test_hold_waits_for_a_hobgoblin_two_squares_off_then_lets_the_walkers_go_on():
    """A hobgoblin two squares off: wait ("s") twice, then give way to the lower experts."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (4, 5, "H")), top=2))
    hold = pipeline.expert("hold")
    first = pipeline.ask("hold", hold)
    assert first.action == "s" and "hobgoblin is two squares off" in first.rationale
    assert pipeline.ask("hold", hold).action == "s"
    assert pipeline.ask("hold", hold) is None


async def test_hold_stands_aside_when_no_monster_is_two_squares_off():
    """Monsters three squares off or adjacent are not its business (walk on, or melee)."""
    far = await with_pack(screen(room_with((3, 3, "@"), (3, 6, "H")), top=2))
    assert far.ask("hold") is None
    near = await with_pack(screen(room_with((3, 3, "@"), (3, 4, "H")), top=2))
    assert near.ask("hold") is None


async def test_the_arbiter_waits_instead_of_walking_next_to_a_monster_to_reach_gold():
    """Hurt (no target), gold beyond a hobgoblin two squares off: hold outranks object.
    (The hero rests only below half his hit points here, else the object would wait
    for the rest.)"""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 5, "H"), (3, 9, "*")),
                                      top=2, status_line=status(hp=9)),
                               tactics=Tactics(rest_below=0.5))
    assert pipeline.ask("target") is None
    assert pipeline.ask("object").action in ("l", "u", "n")
    arbiter = Arbiter([factory(seed=0) for factory in pipeline.spec.experts])
    decision = await arbiter.decide(pipeline.board, pipeline.generation)
    assert (decision.expert, decision.action) == ("hold", "s")


async def test_target_lets_a_sleeping_monster_two_squares_off_come_first():
    """A hobgoblin that has not moved, two squares off: wait before walking up to it."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (5, 5, "H")), top=2))
    target = pipeline.expert("target")
    proposal = pipeline.ask("target", target)
    assert proposal.action == "s" and "come to us" in proposal.rationale


async def test_melee_never_strikes_a_sleeping_ice_monster_it_keeps_coming_back_to():
    """Brought back next to a sleeping ice monster from different squares: still no blow
    (the first blow wakes it; the paths go round it instead), until it moves."""
    small = ["-+--", "|..|", "|..|", "|I.|", "|{}|", "|{}|", "----"]

    def room(row: int, col: int, ice: tuple[int, int] = (3, 1)) -> list[str]:
        rows = [r.replace("{}", "..").replace("I", ".") for r in small]
        rows[ice[0]] = rows[ice[0]][:ice[1]] + "I" + rows[ice[0]][ice[1] + 1:]
        rows[row] = rows[row][:col] + "@" + rows[row][col + 1:]
        return rows

    pipeline = Pipeline()
    await pipeline.feed(inventory_screen(PACK))
    melee = pipeline.expert("melee")
    for where in [(4, 2), (5, 2), (4, 1), (5, 1)] * 2:
        await pipeline.feed(screen(room(*where), top=12))
        assert pipeline.ask("melee", melee) is None
    await pipeline.feed(screen(room(4, 1, ice=(3, 2)), top=12))  # it moved: awake
    assert pipeline.ask("melee", melee) is not None



async def test_hold_waits_for_a_monster_let_lie_just_met_beyond_a_doorways_corner():
    """On the east door, a centaur diagonally inside: Rogue lets neither strike across
    the doorway's corner. It is let lie (a level-1 hero would rather not fight it), but
    only for not having moved, and it was just met: wait twice, as for an awake monster
    two squares off, then let the walkers go on. One watched for longer than that, or
    one in reach of a step, is not waited for."""
    view = screen(room_with((4, 13, "@"), (3, 12, "C")), top=2)
    pipeline = await with_pack(view)
    assert pipeline.situation().threats[0].left_asleep
    hold = pipeline.expert("hold")
    first = pipeline.ask("hold", hold)
    assert first.action == "s" and "centaur just met" in first.rationale
    await pipeline.feed(view)
    assert pipeline.ask("hold", hold).action == "s"
    await pipeline.feed(view)
    assert pipeline.ask("hold", hold) is None
    watched = await with_pack(screen(room_with((4, 10, "@"), (3, 5, "C")), top=2))
    for step in (9, 8, 7):
        await watched.feed(screen(room_with((4, step, "@"), (3, 5, "C")), top=2))
    assert watched.ask("hold") is None
    in_reach = await with_pack(screen(room_with((4, 11, "@"), (3, 12, "C")), top=2))
    assert in_reach.ask("hold") is None


async def test_hold_waits_for_a_monster_let_lie_just_met_two_squares_off():
    """A centaur first seen two squares off, let lie: wait for it as for one awake."""
    pipeline = await with_pack(screen(room_with((3, 3, "@"), (3, 5, "C")), top=2))
    proposal = pipeline.ask("hold")
    assert proposal is not None and proposal.action == "s"


async def test_hold_waits_for_an_awake_monster_across_a_doorways_corner():
    """The hero on the east door, a centaur that has moved diagonally inside: it cannot
    strike across the corner, nor he at it. Stepping into the room puts him beside it
    to take its first blow (1.65's dungeon 528); waiting lets it take the step."""
    pipeline = await with_pack(screen(room_with((4, 13, "@"), (3, 10, "C")), top=2),
                               screen(room_with((4, 13, "@"), (3, 12, "C")), top=2))
    centaur = pipeline.situation().threats[0]
    assert centaur.awake and not centaur.adjacent and centaur.distance == 1
    proposal = pipeline.ask("hold")
    assert proposal.action == "s"
    assert "awake centaur is across the doorway's corner" in proposal.rationale
