"""How long the hero rests at once (``_watch``): never so long that a monster unseen
when the count starts can walk up and strike before he looks again."""

from hypothesis import given
from hypothesis import strategies as st
from test_rogomatic_support import screen, status, with_pack

from actors.rogue._grid import TOP, chebyshev
from actors.rogue._watch import FASTEST, MOST, rest_action, rest_turns, room_around

#: A lit room, screen rows 2-12, columns 10-50, a door in its left wall at (7, 10)
#: and one in its top wall at (2, 40), passages leading off both.
BIG = ["#" * 10 + "-" * 30 + "+" + "-" * 10,
       *[" " * 10 + "|" + "." * 39 + "|" for _ in range(4)],
       "#" * 10 + "+" + "." * 39 + "|",
       *[" " * 10 + "|" + "." * 39 + "|" for _ in range(4)],
       " " * 10 + "-" * 41]
DOORS = ((2, 40), (7, 10))


def _rows(rows: list[str], top: int, *marks: tuple[int, int, str]) -> list[str]:
    """The 22 map rows of a screen with ``rows`` drawn from screen row ``top``."""
    grid = [list(" " * 80) for _ in range(22)]
    for i, row in enumerate(rows):
        grid[top - TOP + i][:len(row)] = row
    for r, c, ch in marks:
        grid[r - TOP][c] = ch
    return ["".join(g) for g in grid]


def test_the_room_is_the_lit_floor_around_the_hero_and_nothing_beyond_its_walls():
    rows = _rows(BIG, 2, (7, 30, "@"))
    room = room_around(rows, (7, 30))
    assert len(room) == 9 * 39
    assert (7, 10) not in room and (7, 5) not in room and (2, 40) not in room


def test_a_passage_a_doorway_and_a_dark_room_are_no_room():
    passage = _rows(BIG, 2, (7, 5, "@"))
    assert room_around(passage, (7, 5)) == frozenset()
    doorway = _rows(BIG, 2, (7, 10, "@"))
    # From the doorway the flood reaches the floor: a door is a bound only to others.
    assert rest_turns(doorway, (7, 10), DOORS) == 1
    dark = _rows([" " * 29 + "...", " " * 29 + ".@.", " " * 29 + "..."], 6)
    assert room_around(dark, (7, 30)) == frozenset()
    assert rest_turns(dark, (7, 30), ()) == 1


def test_the_rest_lasts_as_long_as_a_flier_needs_from_the_nearest_door():
    # 20 squares from the left door, 5 below the top door's row: the top door is
    # chebyshev 10 off, so (10 - 1) // 2 turns.
    rows = _rows(BIG, 2, (7, 30, "@"))
    assert rest_turns(rows, (7, 30), DOORS) == (10 - 1) // FASTEST == 4
    # Beside the left door: one turn at a time.
    near = _rows(BIG, 2, (7, 12, "@"))
    assert rest_turns(near, (7, 12), DOORS) == 1
    # The doors of other rooms do not count.
    assert rest_turns(rows, (7, 30), DOORS + ((20, 70),)) == 4
    # A room with no door seen yet: one turn at a time.
    assert rest_turns(rows, (7, 30), ()) == 1


def test_a_huge_room_still_rests_at_most_ten_turns_at_once():
    rows = _rows(["-" * 79, *["|" + "." * 77 + "|" for _ in range(20)], "-" * 79],
                 1, (10, 0, "+"), (10, 60, "@"))
    assert rest_turns(rows, (10, 60), ((10, 0),)) == MOST
    assert rest_action(1) == "s" and rest_action(4) == "4s"


@given(row=st.integers(3, 11), col=st.integers(11, 49), door=st.sampled_from(DOORS))
def test_no_flier_from_outside_a_door_reaches_the_hero_before_the_rest_ends(row, col, door):
    """A flier just outside the door when the count starts, closing two squares a turn,
    is not yet beside the hero after the count's next-to-last turn: so it cannot
    strike before he looks again (it strikes only from beside him)."""
    rows = _rows(BIG, 2, (row, col, "@"))
    turns = rest_turns(rows, (row, col), (door,))
    distance = chebyshev(door, (row, col)) + 1  # one square beyond the door
    assert distance - FASTEST * (turns - 1) >= 2


async def test_the_health_expert_rests_one_turn_at_a_time_in_a_passage():
    hurt = status(hp=3)
    corridor = screen(["  ######@#####  "], top=5, status_line=hurt)
    pipeline = await with_pack(corridor)
    proposal = pipeline.ask("health")
    assert proposal.action == "s" and "rest" in proposal.rationale
    pipeline = await with_pack(screen([*BIG[:5], BIG[5][:30] + "@" + BIG[5][31:], *BIG[6:]],
                                      top=2, status_line=hurt))
    proposal = pipeline.ask("health")
    assert proposal.action == "4s" and "rest" in proposal.rationale
