"""The explorer's memory: reading a NetHack screen into known, passable, doors and rooms."""

import numpy as np

from actors.explore._map import MapMemory, can_step

BLANK = " " * 80


def screen(*lines: str) -> list[str]:
    rows = [BLANK] * 21
    for i, line in enumerate(lines):
        rows[i] = line.ljust(80)
    return rows


ROOM = screen(
    "",
    "  ----------",
    "  |........|",
    "  |........-###",
    "  |........+",
    "  ----.-----",
)


def test_a_room_on_screen_is_known_and_its_floor_is_room():
    """Floor is room and passable; walls are walls; drawn squares are known."""
    m = MapMemory().update(ROOM, (3, 6), 0)
    assert m.room[3, 6] and m.passable[3, 6] and m.known[3, 6]
    assert m.wall[1, 2] and m.wall[2, 2] and not m.passable[2, 2]
    assert m.corridor[3, 13] and m.passable[3, 13]
    assert not m.known[8, 40]


def test_doors_are_told_apart_from_walls_and_floor():
    """An open door across its wall, a closed '+', and an empty '.' doorway are all doors."""
    m = MapMemory().update(ROOM, (3, 6), 0)
    assert m.intact_door[3, 11] and not m.wall[3, 11]          # '-' in a vertical wall
    assert m.closed_door[4, 11] and m.intact_door[4, 11]       # '+'
    assert m.door[5, 6] and not m.intact_door[5, 6] and not m.room[5, 6]  # '.' in a wall


def test_the_squares_around_the_player_are_known_even_when_blank():
    """Blank beside where the player stood is rock seen, not unknown."""
    rows = screen("", "", "", "", "", "", "      #", "      #")
    m = MapMemory().update(rows, (6, 6), 0)
    assert m.known[5, 5] and m.known[7, 7] and not m.passable[7, 7]
    assert not m.known[9, 6]


def test_searching_in_place_is_counted_on_the_squares_around():
    """A turn passing without a move is a search of the eight neighbours."""
    memory = MapMemory()
    memory.update(ROOM, (2, 10), 0)
    m = memory.update(ROOM, (2, 10), 3)
    assert m.searched[1, 11] == 3 and m.searched[3, 11] == 3 and m.searched[4, 10] == 0
    assert m.searches_here[2, 10] == 3


def test_a_view_with_nothing_new_keeps_the_version():
    """The version grows only when something new is known (the diffusion schedule's clock)."""
    memory = MapMemory()
    first = memory.update(ROOM, (3, 6), 0)
    again = memory.update(ROOM, (3, 7), 1)
    assert again.version == first.version and again.new_known == 0
    moved = memory.update(ROOM, (3, 13), 5)
    assert moved.version == first.version + 1 and moved.new_known > 0


def test_walking_distances_follow_nethacks_door_rules():
    """No diagonal step through a door, and a closed door costs a turn to open."""
    m = MapMemory().update(ROOM, (2, 10), 0)
    dist = m.distances()
    assert dist[3, 11] == 2            # down, then right: not diagonally into the doorway
    assert not can_step(m, (2, 10), (3, 11))
    assert dist[4, 11] == 4            # (3, 10), (4, 10), then open the door, step in
    assert dist[3, 13] == 4
    assert dist[8, 40] == -1
    path = m.path_to((3, 13), dist)
    assert path[-1] == (3, 13) and len(path) == 4
    assert np.all(dist[~m.passable] == -1)


def test_an_open_door_seen_through_from_outside_is_a_door():
    """Real NetHack shows a lit room through its open door before the door's wall:
    a '-' with ground left and right and nothing above or below is a door, while a
    corner beside a doorway and a corridor is not."""
    rows = screen("", "", "  #-......")
    m = MapMemory().update(rows, (2, 2), 0)
    assert m.intact_door[2, 3] and m.passable[2, 3]
    corner = screen("", "   -----.-###", "   |......-", "   |......|")
    m = MapMemory().update(corner, (1, 11), 0)
    assert not m.intact_door[1, 9] and m.wall[1, 9]
