"""The occupancy map (diffusion, border, schedule) and components (DFS, minimum neighbours)."""

import numpy as np
import pytest

from actors.explore._frontier import components, frontiers, label, useful_frontiers
from actors.explore._ks import Diffusion
from actors.explore._map import COLUMNS, ROWS, MapMemory
from actors.explore._occupancy import OccupancyMap
from actors.explore._paper import OccupancyParams, OccupancyPlanner


def known_box(top: int, left: int, bottom: int, right: int) -> np.ndarray:
    known = np.zeros((ROWS, COLUMNS), dtype=bool)
    known[top:bottom + 1, left:right + 1] = True
    return known


def test_known_squares_hold_no_probability_and_the_map_sums_to_one():
    """After an update, every known square is 0 and the whole map sums to 1."""
    occ = OccupancyMap().update(known_box(5, 10, 9, 20))
    assert occ.p[5:10, 10:21].max() == 0.0
    assert occ.p.sum() == pytest.approx(1.0)


def test_diffusion_lowers_the_unknown_squares_next_to_known_space():
    """The zero of known space seeps out: a square beside it is below one far away."""
    occupancy = OccupancyMap(diffusion=1.0, border=1.0)
    for _ in range(3):  # three diffusions: the gradient reaches three squares out
        occ = occupancy.update(known_box(8, 30, 12, 40))
    assert occ.p[10, 41] < occ.p[10, 42] < occ.p[10, 43] < occ.p[10, 60]
    assert occ.p[10, 44] == pytest.approx(occ.p[10, 60])


def test_without_diffusion_the_unknown_squares_stay_equal():
    """With lambda 0 the map is only zeroed and renormalised."""
    occ = OccupancyMap(diffusion=0.0).update(known_box(8, 30, 12, 40))
    unknown = occ.p[~known_box(8, 30, 12, 40)]
    assert unknown.min() == pytest.approx(unknown.max())


def test_border_diffusion_lowers_the_edges_of_the_map():
    """Off-map neighbours count low: smaller border values leave the edge lower."""
    low = OccupancyMap(border=0.25).update(known_box(10, 40, 10, 40))
    high = OccupancyMap(border=1.0).update(known_box(10, 40, 10, 40))
    assert low.p[0, 5] / low.p[10, 20] < high.p[0, 5] / high.p[10, 20]
    assert high.p[0, 5] == pytest.approx(high.p[10, 20], rel=1e-6)


def test_a_relative_threshold_marks_the_high_squares():
    """high(t) keeps squares at or above t times the map's highest."""
    occ = OccupancyMap().update(known_box(8, 30, 12, 40))
    high = occ.high(0.99)
    assert high.any() and not high[10, 41]
    assert occ.high(0.0)[0, 0]


async def test_the_diffusion_source_diffuses_only_when_something_new_is_seen():
    """The paper's schedule: a walk through known space leaves the occupancy map alone."""
    memory = MapMemory()
    rows = ["".ljust(80)] * 21
    rows[2] = rows[3] = rows[4] = "   ......".ljust(80)
    source = Diffusion()
    written = {}

    class Activation:
        def __init__(self, m):
            self.m = m

        def read(self, name):
            return self.m

        async def write(self, name, value):
            written[name] = value

    await source.activate(Activation(memory.update(rows, (3, 4), 0)))
    first = written["occupancy"]
    await source.activate(Activation(memory.update(rows, (3, 5), 1)))
    assert written["occupancy"] is first
    rows[5] = "   ......".ljust(80)
    await source.activate(Activation(memory.update(rows, (3, 6), 2)))
    assert written["occupancy"].diffusions == first.diffusions + 1


def test_label_joins_diagonal_neighbours_unless_asked_not_to():
    """Components are 8-connected; rooms are 4-connected."""
    mask = np.zeros((ROWS, COLUMNS), dtype=bool)
    mask[2, 2] = mask[3, 3] = True
    assert label(mask)[1] == 1
    assert label(mask, diagonal=False)[1] == 2


def test_the_minimum_neighbour_rule_cuts_a_narrow_alley_between_two_areas():
    """Two blobs of high squares joined by a one-square alley are two components."""
    high = np.zeros((ROWS, COLUMNS), dtype=bool)
    high[5:12, 5:15] = True
    high[5:12, 30:40] = True
    high[8, 15:30] = True
    p = high / high.sum()
    fronts = ((8, 4), (8, 40))
    joined = components(p, high, fronts, min_neighbours=1, min_size=7)
    cut = components(p, high, fronts, min_neighbours=4, min_size=7)
    assert len(joined) == 1 and len(cut) == 2
    assert {c.frontiers for c in cut} == {((8, 4),), ((8, 40),)}


def test_small_components_and_components_without_frontiers_are_dropped():
    """Below the minimum room size, or with no frontier beside it (unless hidden ones
    are kept), a component is ignored."""
    high = np.zeros((ROWS, COLUMNS), dtype=bool)
    high[5:8, 5:7] = True     # 6 squares
    high[12:17, 50:60] = True  # 50 squares, no frontier beside
    p = high / high.sum()
    assert components(p, high, ((6, 4),), min_neighbours=1, min_size=7) == []
    kept = components(p, high, ((6, 4),), min_neighbours=1, min_size=7, keep_hidden=True)
    assert len(kept) == 1 and kept[0].hidden and kept[0].size == 50


def test_frontiers_are_unvisited_passable_squares_beside_the_unknown():
    """A corridor end is a frontier; the squares walked on are not."""
    memory = MapMemory()
    rows = ["".ljust(80)] * 21
    rows[3] = "   ###".ljust(80)
    m = memory.update(rows, (3, 3), 0)
    assert (3, 4) in frontiers(m) and (3, 3) not in frontiers(m)
    high = np.zeros((ROWS, COLUMNS), dtype=bool)
    high[3, 6] = True
    assert useful_frontiers(((3, 4), (3, 5)), high) == ((3, 5),)
    assert useful_frontiers(((3, 4), (3, 5)), high, radius=1) == ((3, 4), (3, 5))


def test_the_planner_heads_for_the_bigger_component():
    """Of two equally far components, the one with more probability is chosen."""
    memory = MapMemory()
    rows = ["".ljust(80)] * 21
    rows[10] = "".ljust(30) + "#####".ljust(50)
    m = memory.update(rows, (10, 32), 0)
    p = np.zeros((ROWS, COLUMNS))
    p[3:9, 5:29] = 1.0     # big, to the left
    p[12:15, 36:40] = 1.0  # small, to the right
    p /= p.sum()

    class Occ:
        def __init__(self, p):
            self.p = p

        def high(self, threshold):
            return self.p >= threshold * self.p.max()

    planner = OccupancyPlanner(OccupancyParams(threshold=0.5, min_neighbours=1, radius=3))
    plan = planner.plan(m, m.distances(), Occ(p))
    assert plan is not None and plan.target == (10, 30)
    assert planner.last_choices[0].component.size == 6 * 24
