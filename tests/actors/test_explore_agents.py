"""The explorers as agents: each finishes a small known map, searches out a secret room,
and the full-knowledge tour is the lower bound."""

from pathlib import Path

import numpy as np
import pytest

from actors.explore import (
    ALGORITHMS,
    DirectAgent,
    RoomSpaceParams,
    default_params,
    explorer,
    optimal_tour,
    play_direct,
)
from actors.explore._experiment import Contender, budget_for, play_one, run_many, summarize
from actors.explore._map import MapMemory
from actors.explore._paper import GreedyParams, GreedyPlanner
from actors.explore._roomspace import room_space
from actors.explore._secrets import (
    SEARCH_FEATURES,
    SEARCH_WEIGHTS,
    SearchParams,
    search_plan,
)
from games.dungeon import level_from_text
from protocols.dungeon import DungeonAdapter, full_map_of
from runtime import Session

SMALL = (Path(__file__).resolve().parent.parent / "data" / "explore" / "small.txt"
         ).read_text().split("\n")[:-1]
OPEN = [line.replace("S", "+") for line in SMALL]


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
async def test_every_explorer_finishes_the_small_map_through_a_session(algorithm):
    """Through the runtime, each explorer enters all four rooms and then says stop."""
    adapter = DungeonAdapter(level=level_from_text(OPEN), max_actions=400)
    record = await Session(adapter, explorer(algorithm), seed=1).run()
    t = adapter.tally()
    assert record.outcome == "explored" and not record.cause
    assert (t.rooms_explored, t.rooms) == (4, 4)
    assert t.actions <= 130  # the tour needs 92 (to the rooms' centres)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_secret_searching_explorer_finds_the_room_behind_the_hidden_door(algorithm):
    """With secrets on, each explorer searches until the hidden door opens the fourth room."""
    adapter = DungeonAdapter(level=level_from_text(SMALL), seed=2, max_actions=1500)
    play_direct(explorer(algorithm, secrets=True), adapter, seed=2)
    t = adapter.tally()
    assert adapter.stopped
    assert (t.secret_rooms_explored, t.hidden_found, t.rooms_explored) == (1, 1, 4)
    assert t.searches > 0


async def test_the_direct_driver_plays_exactly_as_a_session():
    """DirectAgent's decisions are the session's: the same actions on the same level."""
    keys: list[list[str]] = [[], []]
    session_adapter = DungeonAdapter(seed=4, on_step=lambda a, key: keys[0].append(key))
    await Session(session_adapter, explorer("room-space"), seed=4).run()
    direct_adapter = DungeonAdapter(seed=4, on_step=lambda a, key: keys[1].append(key))
    play_direct(explorer("room-space"), direct_adapter, seed=4)
    assert keys[0] == keys[1] and keys[0][-1] == "stop" and len(keys[0]) > 100


def test_the_tour_visits_every_room_centre_by_the_shortest_open_path():
    """On the small map the tour goes down first, then right, then to the far room: 92."""
    tour = optimal_tour(full_map_of(level_from_text(OPEN)))
    assert tour.order == (1, 2, 3) and tour.actions == 92
    assert tour.legs == (20, 66, 92)


def test_the_tour_is_a_lower_bound_for_every_explorer():
    """On generated levels no explorer enters every room in fewer actions than the tour."""
    for seed in range(3):
        tour = play_one(Contender("tour", "tour"), seed)
        for algorithm in ALGORITHMS:
            run = play_one(Contender(algorithm, algorithm), seed)
            if run.complete:  # the paper's occupancy map may leave a room out
                assert run.progress[-1][0] >= tour.actions - 2 * run.rooms  # centre vs door


def test_greedy_searches_the_walls_of_the_room_it_stands_in():
    """With searches per wall, greedy's first plan is to search where it stands."""
    memory = MapMemory()
    adapter = DungeonAdapter(level=level_from_text(SMALL))
    adapter.begin()
    view = adapter.view()
    m = memory.update(view.rows, view.player, view.turn)
    plan = GreedyPlanner(GreedyParams(searches_per_wall=3))(m, m.distances())
    assert plan is not None and plan.searches == 3
    assert plan.rationale.startswith("greedy: searching the walls of the room at 2,3")


def test_the_search_planner_searches_where_room_space_is_unreached():
    """After the right-hand room, the room space below it is behind its bottom wall.

    (Without the rooms-short term, which on this four-room map makes the explorer
    search before it has seen the right-hand room.)"""
    weights = SEARCH_WEIGHTS.copy()
    weights[SEARCH_FEATURES.index("rooms_short")] = 0.0
    adapter = DungeonAdapter(level=level_from_text(SMALL), max_actions=400)
    agent = DirectAgent(explorer("room-space", secrets=True), seed=3)
    agent.experts[0].planner.search_weights = weights
    adapter.begin()
    while adapter.tally().searches == 0:
        adapter.apply(agent.decide(adapter.view()).action)
    m = agent.board["level_map"]
    plan = search_plan(m, m.distances(), room_space(m), SearchParams(), weights)
    assert plan is not None
    target = plan[0].target
    assert target[0] == 4 and 31 <= target[1] <= 36  # along the bottom wall of that room


def test_a_budget_stops_our_explorer():
    """RoomSpaceParams.budget ends the exploration after that many actions."""
    adapter = DungeonAdapter(seed=1)
    play_direct(explorer("room-space", RoomSpaceParams(budget=40)), adapter, seed=1)
    assert adapter.stopped and adapter.tally().actions == 40


def test_unknown_algorithms_are_refused_with_the_choices():
    """explorer() and default_params() name the algorithms."""
    with pytest.raises(ValueError, match="^unknown algorithm 'dfs'; choose from greedy, "
                                         "occupancy, room-space$"):
        explorer("dfs")
    with pytest.raises(ValueError, match="^unknown algorithm 'dfs'"):
        default_params("dfs")


def test_run_many_gives_the_same_runs_in_worker_processes():
    """Seeded runs are identical with one process or two; summaries use the paper's metrics."""
    contenders = [Contender("greedy", "greedy"), Contender("tour", "tour")]
    one = run_many(contenders, range(4), chunk=2)
    two = run_many(contenders, range(4), jobs=2, chunk=2)
    assert [r.actions for r in one["greedy"]] == [r.actions for r in two["greedy"]]
    s = summarize("greedy", one["greedy"])
    assert s.complete == 1.0 and s.rooms == 1.0
    assert s.actions == pytest.approx(np.mean([r.actions for r in one["greedy"]]))
    cut = summarize("greedy", one["greedy"], budget=50)
    assert cut.actions <= 50 and cut.rooms < 1.0
    assert budget_for(one["greedy"], 1.0) == max(r.progress[-1][0] for r in one["greedy"])
    with pytest.raises(ValueError, match=r"^contender labels must be distinct, got \['a', 'a'\]$"):
        run_many([Contender("a", "greedy"), Contender("a", "tour")], range(1))


def test_the_occupancy_map_searches_a_wall_beside_a_hidden_component():
    """With secrets on, once the reachable rooms are seen, the paper's explorer picks a
    component with no frontier and searches beside a wall facing it."""
    adapter = DungeonAdapter(level=level_from_text(SMALL), max_actions=600)
    agent = DirectAgent(explorer("occupancy", secrets=True), seed=3)
    adapter.begin()
    while True:
        proposal = agent.decide(adapter.view())
        if proposal.action == "s":
            break
        adapter.apply(proposal.action)
    assert "hidden component" in proposal.rationale
    planner = agent.experts[0].planner
    best = planner.last_choices[0]
    assert best.hidden and best.component.hidden
    m = agent.board["level_map"]
    assert m.wall[best.via] or m.corridor[best.via]
    assert max(abs(best.stand[0] - best.via[0]), abs(best.stand[1] - best.via[1])) <= 1


def test_searches_count_against_every_wall_square_they_covered():
    """A spot beside a searched stretch of wall has its chance used up on average; a
    spot three squares along, beside fresh wall, keeps it all."""
    from actors.explore._secrets import _mean_beside

    memory = MapMemory()
    adapter = DungeonAdapter(level=level_from_text(OPEN))
    adapter.begin()
    view = adapter.view()
    memory.update(view.rows, (4, 4), 0)
    m = memory.update(view.rows, (4, 4), 6)  # six searches standing at (4, 4)
    tried = _mean_beside(m.searched, m)
    assert tried[4, 4] == 6.0          # all its wall squares searched six times
    assert tried[4, 6] == 3.0          # one of its two wall squares searched (a doorway between)
    assert tried[4, 8] == 0.0          # fresh wall


#: What the explorer has seen: the start room, a corridor that stops beside the wall of
#: a room not seen (column 26), and a second room below, where it stands.
DEAD_END_SEEN = (
    "",
    "  ----------",
    "  |........|",
    "  |...<....+##############|",
    "  |........|              |",
    "  ----.-----              |",
    "      #",
    "      #",
    "      #",
    "   ---.------",
    "   |..@.....|",
    "   |........|",
    "   ----------",
)


def test_fruitless_searches_by_a_room_wall_count_and_a_dead_end_stays_likely():
    """Spots by the walls of the room the explorer stands in start well below 1, so
    ten fruitless searches leave them unlikely, while a dead end beside an unseen
    room's wall stays near certain (priors near 1 made every search count for little)."""
    from actors.explore._secrets import MISS, spot_features, spot_probability

    rows = tuple(line.ljust(80) for line in DEAD_END_SEEN) + (" " * 80,) * 8
    memory = MapMemory()
    memory.update(rows, (3, 25), 0)
    m = memory.update(rows, (10, 6), 30)
    x, mask = spot_features(m, room_space(m), SearchParams())

    def after_ten(pos):
        q = spot_probability(x[:, pos[0], pos[1]], SEARCH_WEIGHTS)
        return q, q * MISS ** 10 / (1 - q + q * MISS ** 10)

    assert mask[3, 25] and after_ten((3, 25))[0] > 0.95
    for pos in ((10, 6), (11, 7), (10, 4)):
        q, left = after_ten(pos)
        assert mask[pos] and q < 0.3 and left < 0.1
