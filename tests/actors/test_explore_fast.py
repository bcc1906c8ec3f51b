"""The explorer's fast paths: bitboard windows, run labelling, corridor ends, the stopping rule."""

import numpy as np
import pytest
from test_explore_map import screen

from actors.explore._bits import count, from_bits, to_bits, window_any
from actors.explore._frontier import label
from actors.explore._geometry import corridor_ends, dead_ends
from actors.explore._map import MapMemory
from actors.explore._ours import Candidate, RoomSpaceParams, RoomSpacePlanner
from actors.explore._roomspace import room_space
from actors.explore._secrets import hidden_space


def _window_by_counting(mask, height, width, top, left):
    out = np.zeros(mask.shape, dtype=bool)
    for r in range(mask.shape[0]):
        for c in range(mask.shape[1]):
            r0, c0 = max(r + top, 0), max(c + left, 0)
            r1, c1 = r + top + height, c + left + width
            if r1 > 0 and c1 > 0:
                out[r, c] = mask[r0:r1, c0:c1].any()
    return out


@pytest.mark.parametrize("height,width,top,left", [
    (2, 3, 0, 0), (4, 7, -3, -6), (12, 17, -4, -5), (5, 5, 2, 9), (1, 24, 0, -24), (21, 1, -20, 0),
])
def test_a_bitboard_window_holds_whatever_counting_the_squares_finds(height, width, top, left):
    """window_any sets a square exactly when its window holds a set square (off the map: unset)."""
    rng = np.random.default_rng(height * 100 + width)
    mask = rng.random((21, 80)) < 0.03
    mask[0, 0] = mask[20, 79] = mask[0, 79] = True   # corners, where shifts fall off the map
    got = from_bits(window_any(to_bits(mask), height, width, top, left))
    assert np.array_equal(got, _window_by_counting(mask, height, width, top, left))
    assert count(to_bits(mask)) == int(mask.sum())


def test_a_window_shifting_past_the_guard_bits_is_refused():
    """A row shift wider than the guard between rows would mix rows, so it is an error."""
    with pytest.raises(ValueError, match="shifts more than 24 squares along a row"):
        window_any(1, 1, 26, 0, 0)


def test_labels_number_components_in_reading_order():
    """Two 8-connected blobs touching only diagonally are one; numbering follows reading order."""
    mask = np.zeros((21, 80), dtype=bool)
    mask[5, 10:13] = True
    mask[6, 13] = True          # diagonal to (5, 12): the same component
    mask[2, 40:42] = True       # first in reading order
    labels, n = label(mask)
    assert n == 2
    assert labels[2, 40] == 1 and labels[5, 10] == labels[6, 13] == 2
    four, n4 = label(mask, diagonal=False)
    assert n4 == 3 and four[5, 12] != four[6, 13]


def _walked(rows, path):
    memory = MapMemory()
    m = None
    for turn, pos in enumerate(path):
        m = memory.update(rows, pos, turn)
    return m


def test_a_corridor_that_turns_on_its_last_square_ends_there():
    """The last square after a turn has two neighbours side by side: a corridor end."""
    rows = screen("", "", "", "    ##", "     #####")
    m = _walked(rows, [(4, 9), (4, 8), (4, 7), (4, 6), (4, 5), (3, 5), (3, 4)])
    assert corridor_ends(m)[3, 4]
    assert not dead_ends(m)[3, 4]        # the paper's rule needs a single neighbour


def test_a_turn_in_the_middle_of_a_corridor_is_not_an_end():
    """A corner whose two neighbours touch only corner to corner is on the way, not an end."""
    rows = screen("", "", "", "    #####", "        #", "        #")
    m = _walked(rows, [(3, 4), (3, 5), (3, 6), (3, 7), (3, 8), (4, 8), (5, 8)])
    ends = corridor_ends(m)
    assert not ends[3, 8]
    assert ends[3, 4] and ends[5, 8]


class _Fixed(RoomSpacePlanner):
    """A planner whose frontiers and their chances are given."""

    def __init__(self, params, chances):
        super().__init__(params)
        self.chances = chances

    def candidates(self, m, dist, space):
        return [Candidate((5, 5 + i), 3, 10, p, np.zeros(1)) for i, p in enumerate(self.chances)]


def test_the_explorer_goes_on_while_some_frontier_is_likely_enough():
    """With any_min, it stops only when the chance that any frontier leads to a room is low."""
    m = _walked(screen("", "", "", "", "", "   ....."), [(5, 3)])
    chances = [0.15, 0.15]                         # 1 - 0.85^2 = 0.2775
    go_on = _Fixed(RoomSpaceParams(p_min=0.02, any_min=0.25), chances)
    stop = _Fixed(RoomSpaceParams(p_min=0.02, any_min=0.3), chances)
    plain = _Fixed(RoomSpaceParams(p_min=0.2), chances)
    assert go_on.plan(m, None, None) is not None
    assert stop.plan(m, None, None) is None
    assert plain.plan(m, None, None) is None


def test_room_space_that_no_frontier_touches_is_hidden():
    """A room with no way out leaves all room space hidden; a doorway out reaches it."""
    closed = screen("", "", "", "", "", "", "", "",
                    "                              -----",
                    "                              |...|",
                    "                              |...|",
                    "                              -----")
    m = _walked(closed, [(9, 32)])
    space = room_space(m)
    assert space.possible.any()
    assert np.array_equal(hidden_space(m, space), space.possible)
    door = list(closed)
    door[10] = "                              |....".ljust(80)   # a doorway in the right wall
    m = _walked(door, [(9, 32)])
    assert not hidden_space(m, room_space(m)).any()
