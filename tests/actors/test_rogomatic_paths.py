"""Path calculation and the connectivity analyser on known maps."""

from actors.rogue import _connect
from actors.rogue._connect import analyse, can_step, step_graph
from actors.rogue._facts import ObjectMap, Seen, Terrain
from actors.rogue._grid import CELLS, index, neighbours, position
from actors.rogue._paths import (
    MAX_COST,
    NEAR_FREEZER_COST,
    avoidance,
    compute,
    nearest,
    path_to,
)

#: Two rooms joined by two passages (a loop), and a third room on a single passage.
LOOP = [
    "----------          ----------",
    "|........+##########+........|",
    "|........|          |........|",
    "|........+##########+........|",
    "----+-----          ----------",
    "    #",
    "    #",
    "----+-----",
    "|........|",
    "----------",
]


def terrain(rows: list[str], top: int = 1) -> Terrain:
    grid = [" " * 80] * 22
    for i, row in enumerate(rows):
        grid[top - 1 + i] = row.ljust(80)
    return Terrain(level=1, rows=tuple(grid))


def test_paths_are_shortest_and_respect_rogues_diagonal_rule():
    """The path leaves a room by the door square itself, never diagonally through it."""
    t = terrain(LOOP)
    field = compute(t, (3, 1), {})
    path = path_to(field, (2, 21))
    assert path[-1] == (2, 21)
    door = path.index((2, 9))
    assert path[door - 1] == (2, 8) and path[door + 1] == (2, 10)
    assert field.dist[index((2, 21))] == len(path) == 20


def test_avoidance_costs_send_the_path_round_the_other_passage():
    """A trap in the upper passage makes the lower passage the cheaper way."""
    t = terrain(LOOP)
    plain = path_to(compute(t, (2, 5), {}), (2, 25))
    assert (2, 15) in plain
    detour = path_to(compute(t, (2, 5), {index((2, 15)): 40}), (2, 25))
    assert (2, 15) not in detour and (4, 15) in detour


def test_a_sleeping_ice_monster_beside_the_hero_is_walked_round_not_into():
    """Walking into the monster we fight is a blow, so it costs nothing; walking into a
    sleeping ice monster is the blow that wakes it, so the path goes round."""
    t = terrain(LOOP)
    here = (2, 3)
    ice = ObjectMap(level=1, monsters=(Seen("I", (2, 4), 1, 1, moves=0),))
    costs = avoidance(t, ice, here)
    assert costs[index((2, 4))] == MAX_COST
    path = path_to(compute(t, here, costs), (2, 6))
    assert (2, 4) not in path and path[-1] == (2, 6)
    kestrel = ObjectMap(level=1, monsters=(Seen("K", (2, 4), 1, 1, moves=0),))
    assert index((2, 4)) not in avoidance(t, kestrel, here)
    awake = ObjectMap(level=1, monsters=(Seen("I", (2, 4), 1, 3, moves=2),))
    assert index((2, 4)) not in avoidance(t, awake, here)


def test_the_path_keeps_a_square_off_a_sleeping_ice_monster_in_a_room():
    """In a treasure room a sleeping ice monster wakes as the hero comes beside it, and
    its chained freezes kill: the path across the room keeps a square away from it,
    where a sleeping kestrel (mean anyway, and its blows are only blows) costs little."""
    t = terrain(LOOP)
    here, goal = (2, 1), (2, 8)
    ice = ObjectMap(level=1, monsters=(Seen("I", (2, 4), 1, 1, moves=0),))
    path = path_to(compute(t, here, avoidance(t, ice, here)), goal)
    assert path[-1] == goal
    assert all(max(abs(r - 2), abs(c - 4)) >= 2 for r, c in path)
    plain = path_to(compute(t, here, {}), goal)
    assert (2, 4) in plain  # the straight way, along the row
    kestrel = ObjectMap(level=1, monsters=(Seen("K", (2, 4), 1, 1, moves=0),))
    assert index((2, 5)) not in avoidance(t, kestrel, here)
    assert avoidance(t, ice, here)[index((2, 5))] == NEAR_FREEZER_COST


def test_the_path_goes_round_a_sleeping_ice_monster_not_through_it():
    """Across a room three squares high with the ice monster in its middle row, every way
    past passes beside it; the path takes one of those, never its square (a step into it
    is a blow). With its neighbours as dear as its square, 1.20 went straight through."""
    t = terrain(LOOP)
    here, goal = (3, 1), (3, 8)
    ice = ObjectMap(level=1, monsters=(Seen("I", (3, 4), 1, 1, moves=0),))
    path = path_to(compute(t, here, avoidance(t, ice, here)), goal)
    assert path[-1] == goal and (3, 4) not in path


def test_walking_the_path_never_turns_back():
    """Each step's own shortest path continues the previous one (no oscillation)."""
    t = terrain(LOOP)
    costs = {index((2, 12)): 5, index((4, 13)): 5, index((3, 20)): 3}
    here, goal, seen = (9, 2), (3, 27), set()
    while here != goal:
        seen.add(here)
        step = path_to(compute(t, here, costs), goal)[0]
        assert step not in seen
        here = step


def test_path_search_settles_each_square_once():
    """The search is linear: every reachable square is settled exactly once."""
    t = terrain(LOOP)
    field = compute(t, (3, 1), {index((2, 15)): 40, index((9, 3)): 7})
    reachable = sum(1 for d in field.dist if d >= 0)
    assert len(field.order) == len(set(field.order)) == reachable < CELLS


def test_nearest_goal_is_found_in_order_of_weighted_distance():
    """The nearest square satisfying a goal is the one with the least weighted distance."""
    t = terrain(LOOP)
    field = compute(t, (3, 5), {})
    assert nearest(field, lambda p: t.at(p) == "+") == (5, 4)
    assert nearest(field, lambda p: t.at(p) == "+" and p[1] > 5) in ((2, 9), (4, 9))
    assert nearest(field, lambda p: p[0] == 9) == (9, 4)


def test_connectivity_finds_the_loop_and_the_choke_points():
    """Squares of the two-passage loop are on a cycle; the single passage is a choke."""
    c = analyse(terrain(LOOP))
    assert (2, 15) in c.cycles and (4, 15) in c.cycles
    assert (6, 4) in c.chokepoints and (7, 4) in c.chokepoints
    assert (6, 4) not in c.cycles
    assert (2, 15) not in c.chokepoints


def test_a_dead_end_passage_is_all_choke_points_and_no_cycle():
    """A passage leading nowhere offers no loop to retreat along."""
    c = analyse(terrain(["|...+#####"]))
    assert not c.cycles & {(1, 5), (1, 6), (1, 7)}
    assert {(1, 4), (1, 5), (1, 6), (1, 7), (1, 8)} <= c.chokepoints


#: Doors, diagonal corners, a trap and stairs, beside passages that bend.
CORNERS = [
    "   ------    #####",
    "   |.^..+#####   #",
    "   |..%.|       ##",
    "   --+---   ###+#.",
    "     #     ##  |..",
    "     #######   ---",
]


#: A door with open squares all round (a map half drawn): left and entered only straight.
DOOR_IN_THE_OPEN = [
    "#####",
    "##+##",
    "#####",
]


def test_the_step_table_is_rogues_step_rule_on_every_walkable_square():
    """For each walkable square, the table lists exactly the neighbours ``can_step``
    allows, in the search's order (a door is left only straight, a diagonal needs both
    corners open)."""
    for rows in (LOOP, CORNERS, DOOR_IN_THE_OPEN):
        t = terrain(rows)
        graph = step_graph(t.rows)
        for i, entry in enumerate(graph):
            here = position(i)
            if t.at(here) not in ".#+%^":
                assert entry is None
                continue
            allowed = tuple(index(n) for n in neighbours(here) if can_step(t.rows, here, n))
            assert entry == allowed, here


def test_a_table_patched_from_the_last_terrain_is_rogues_step_rule_too():
    """Terrain is learned a few squares at a time, and each table is the last one with
    the entries round the changed squares redone: reveal CORNERS row by row and square
    by square (a door opened last) and check every table against ``can_step``."""
    _connect._last = None
    step_graph.cache_clear()
    shown: list[str] = []
    for row in CORNERS:
        for width in range(1, len(row) + 1, 3):
            t = terrain([*shown, row[:width]])
            graph = step_graph(t.rows)
            for i in range(CELLS):
                here = position(i)
                allowed = tuple(index(n) for n in neighbours(here)
                                if can_step(t.rows, here, n))
                assert graph[i] == (allowed if t.at(here) in ".#+%^" else None), here
        shown.append(row)


def test_paths_start_from_a_square_the_terrain_map_has_no_floor_for():
    """The hero may stand where the terrain shows nothing yet (beside the passage at
    (6, 4), on a square never drawn): the search steps out of it by Rogue's rule, the
    one straight step into the passage (the diagonal to (7, 4) has a blank corner)."""
    t = terrain(LOOP)
    assert t.at((6, 5)) == " "
    field = compute(t, (6, 5), {})
    assert path_to(field, (9, 1))[0] == (6, 4)
    assert path_to(field, (5, 4)) == [(6, 4), (5, 4)]
    assert field.dist[index((2, 1))] > 0
