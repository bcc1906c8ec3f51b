"""Pacing: a walk to and fro noticed from the squares stood on and the keys pressed,
and the experts that give up what they were after once it is (``_pacing``)."""

from test_rogomatic_support import room_with, screen, with_pack

from actors.rogue._chronicle import Chronicle
from actors.rogue._pacing import LEAST, LONGEST, pacing_cycle

DOOR, OUTSIDE = (4, 13), (4, 14)
#: 1.94's dungeon 2471 in small: on the door, wait twice for the hobgoblin across the
#: doorway's corner, step out, step back in.
CYCLE = [(DOOR, "s"), (DOOR, "s"), (DOOR, "l"), (OUTSIDE, "h")]


def swing(n: int) -> list:
    return [CYCLE[i % len(CYCLE)] for i in range(n)]


def test_a_cycle_repeated_for_least_decisions_is_a_walk():
    assert pacing_cycle(swing(LEAST)) == len(CYCLE)
    assert pacing_cycle(swing(LEAST - 1)) is None
    # Broken by anything new at the end, the count starts again.
    assert pacing_cycle([*swing(LEAST), (DOOR, "k")]) is None


def test_a_rest_or_a_fight_on_one_square_is_no_walk():
    assert pacing_cycle([(DOOR, "s")] * (3 * LEAST)) is None
    assert pacing_cycle([(DOOR, "h"), (DOOR, " ")] * LEAST) is None


def test_a_long_loop_must_come_round_four_times():
    loop = [((4, c), "l") for c in range(LONGEST)]
    assert pacing_cycle(loop * 4) == LONGEST
    assert pacing_cycle((loop * 4)[1:]) is None
    longer = [((4, c), "l") for c in range(LONGEST + 1)]
    assert pacing_cycle(longer * 4) is None


def view(where: tuple[int, int]):
    """The room with its east door at ``DOOR`` and a passage square beyond; the hero on
    the door sees the hobgoblin diagonally inside, from the passage he does not."""
    if where == DOOR:
        return screen([*room_with((4, 13, "@"), (3, 12, "H"))], top=2)
    rows = [r + " " for r in room_with()]
    rows[2] = rows[2][:14] + "@"
    return screen(rows, top=2)


async def test_the_hold_expert_stops_waiting_where_the_hero_paced():
    """On the door beside a hobgoblin across the corner, the hold expert waits; after
    ``LEAST`` decisions of waiting, stepping out and stepping back, the pacing watch
    has seen the walk and the hold expert lets the walkers decide there."""
    pipeline = await with_pack(view(OUTSIDE))
    await pipeline.feed(view(DOOR), acted="h")
    first = pipeline.ask("hold")
    assert first is not None and first.action == "s"
    assert pipeline.situation().paced == 0
    where = DOOR
    for square, key in swing(LEAST):
        assert square == where
        where = {"s": where, "l": OUTSIDE, "h": DOOR}[key]
        await pipeline.feed(view(where), acted=key)
    s = pipeline.situation()
    assert s.paced == 1 and s.pacing_here and s.pacing.squares == {DOOR, OUTSIDE}
    assert where == DOOR and pipeline.ask("hold") is None


async def test_pacing_counts_start_again_on_a_new_level():
    pipeline = await with_pack(view(DOOR))
    where = DOOR
    for _, key in swing(LEAST):
        where = {"s": where, "l": OUTSIDE, "h": DOOR}[key]
        await pipeline.feed(view(where), acted=key)
    assert pipeline.situation().paced == 1
    deeper = screen(room_with((3, 3, "@")), top=2,
                    status_line="Level: 2  Gold: 0      Hp: 12(12)  Str: 16(16)  Arm: 4   "
                                "Exp: 1/0")
    await pipeline.feed(deeper, acted=">")
    assert pipeline.situation().paced == 0


def test_the_chronicle_counts_each_walk_once():
    chronicle = Chronicle()
    where = DOOR
    for _, key in swing(2 * LEAST + 3):
        chronicle.note(view(where))
        chronicle.acted(key)
        where = {"s": where, "l": OUTSIDE, "h": DOOR}[key]
    assert chronicle.summary()["walks"] == 2
    resting = Chronicle()
    for _ in range(3 * LEAST):
        resting.note(view(DOOR))
        resting.acted("s")
    assert "walks" not in resting.summary()


async def test_the_object_expert_gives_up_the_object_of_a_walk():
    """Gold in the room, the hero pacing between two squares by the door, the object
    expert asked now and then (other experts outranking it between): once the walk is
    noticed it gives the gold up for the level; its own rule (thirty proposals on
    fewer than five squares) would not have yet."""
    def seen(col: int):
        return screen(room_with((4, col, "@"), (3, 3, "*")), top=2)

    pipeline = await with_pack(seen(12))
    expert = pipeline.expert("object")
    first = pipeline.ask("object", expert)
    assert first is not None and "gold" in first.rationale
    col = 12
    for i in range(LEAST):
        key = "l" if col == 12 else "h"
        col = 13 if key == "l" else 12
        await pipeline.feed(seen(col), acted=key)
        if i % 4 == 3 and i < LEAST - 1:
            assert pipeline.ask("object", expert) is not None
    assert pipeline.situation().paced == 1
    assert pipeline.ask("object", expert) is None
