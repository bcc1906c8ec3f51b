"""Rog-O-Matic's search for hidden ways on: where it searches, and that it keeps at it."""

from __future__ import annotations

import attrs
from test_rogomatic_support import (
    NO_SEEK,
    PACK,
    Pipeline,
    fed,
    inventory_screen,
    room_with,
    screen,
    status,
    with_pack,
)

from actors.rogue import Tactics
from actors.rogue._facts import Terrain
from actors.rogue._grid import KEYS, chebyshev, index
from actors.rogue._hidden import (
    W_DEAD_END,
    W_MAZE_END,
    best_spot,
    hidden_odds,
    maze_lattice_point,
    unseen_cells,
)
from actors.rogue._hunger import short_of_food
from actors.rogue._paths import compute

MOVES = {key: step for step, key in KEYS.items()}


class Walker:
    """A hero on a fixed map: plays one expert's proposals, feeding the screens back."""

    def __init__(self, pipeline: Pipeline, rows: list[str], top: int, name: str = "explore",
                 status_line: str | None = None) -> None:
        self.pipeline, self.rows, self.top = pipeline, rows, top
        self.expert = pipeline.expert(name)
        self.status_line = status_line
        self.actions: list[str] = []

    @property
    def hero(self) -> tuple[int, int]:
        for r, row in enumerate(self.rows):
            if "@" in row:
                return r + self.top, row.index("@")
        raise AssertionError("no hero on the map")

    def _move(self, step: tuple[int, int], floor: str = ".") -> None:
        r, c = self.hero
        rows = [list(row) for row in self.rows]
        rows[r - self.top][c] = floor
        rows[r - self.top + step[0]][c + step[1]] = "@"
        self.rows = ["".join(row) for row in rows]

    async def step(self) -> str:
        proposal = self.pipeline.ask(self.expert.name, self.expert)
        assert proposal is not None
        action = proposal.action
        self.actions.append(action)
        if action in MOVES:
            self._move(MOVES[action])
        kwargs = {} if self.status_line is None else {"status_line": self.status_line}
        await self.pipeline.feed(screen(self.rows, top=self.top, **kwargs))
        return action

    async def run(self, n: int) -> list[str]:
        for _ in range(n):
            await self.step()
        return self.actions


def terrain_source(pipeline: Pipeline):  # noqa: ANN201
    return next(s for s in pipeline.sources if s.name == "terrain")


async def test_exploration_searching_anew_keeps_its_spot_until_searched_there():
    """Every spot searched to the ceiling: the spot chosen anew is walked to and searched.

    Before, the ceiling check dropped the new spot on the next step, and the hero
    walked back and forth between two squares without ever searching.
    """
    walk = [screen([r.replace("+", "|") for r in room_with((row, col, "@"))], top=2)
            for row, col in ((3, 1), (3, 2), (3, 3), (4, 3), (4, 2), (4, 1))]
    pipeline = await with_pack(*walk)
    source = terrain_source(pipeline)
    full = bytearray(source.terrain.searched)
    for pos in source.terrain.visited:
        full[index(pos)] = 255
    source.terrain = attrs.evolve(source.terrain, searched=bytes(full))
    walker = Walker(pipeline, [r.replace("+", "|") for r in room_with((4, 1, "@"))], top=2)
    actions = await walker.run(20)
    assert actions.count("s") >= pipeline.spec.experts[-1].tactics.search_turns


def two_rooms(hero: tuple[int, int], *, bottom_door: bool = False,
              joined: bool = True) -> list[str]:
    """Screen rows 1-8: two lit rooms of the top band of cells, joined by a passage.

    The left room (cell 0) spans columns 2-12, the right one (cell 1) columns 30-40,
    both rows 2-6. With ``bottom_door`` the right room has a door in its bottom wall
    and a passage from it that stops two squares down (a dead end at row 8); without
    ``joined``, no door or passage joins the rooms.
    """
    rows = [[" "] * 80 for _ in range(8)]
    for left, right in ((2, 12), (30, 40)):
        for c in range(left, right + 1):
            rows[1][c] = rows[5][c] = "-"
        for r in (2, 3, 4):
            rows[r][left] = rows[r][right] = "|"
            for c in range(left + 1, right):
                rows[r][c] = "."
    if joined:
        rows[3][12] = rows[3][30] = "+"
        for c in range(13, 30):
            rows[3][c] = "#"
    if bottom_door:
        rows[5][35] = "+"
        rows[6][35] = rows[7][35] = "#"
    rows[hero[0] - 1][hero[1]] = "@"
    return ["".join(r) for r in rows]


async def walked(path: list[tuple[int, int]], **kwargs: bool) -> Pipeline:
    """A pipeline that has seen the hero walk ``path`` on :func:`two_rooms`."""
    return await with_pack(*[screen(two_rooms(p, **kwargs)) for p in path])


async def test_exploration_searches_by_a_wall_facing_unknown_cells_not_in_the_passage():
    """Closed rooms, no stairs: search beside a wall that faces an unexplored cell.

    Rogue only puts doors in walls that face a neighbouring cell, so the squares along
    the bottom wall are where a secret door can lead on; the passage between the rooms
    and the walls facing the map's edge or the other known room are not.
    """
    path = [(4, c) for c in range(38, 4, -1)]
    pipeline = await walked(path)
    expert = pipeline.expert("explore")
    proposal = pipeline.ask("explore", expert)
    spot = expert.search_spot
    assert "search spot" in proposal.rationale
    assert spot[0] == 5 and 3 <= spot[1] <= 11


async def test_exploration_searches_a_dead_end_before_the_walls():
    """A passage that stops short hides its next square: search at its end first."""
    path = [(4, c) for c in range(5, 36)] + [(5, 35), (6, 35), (7, 35), (8, 35), (7, 35)]
    pipeline = await walked(path, bottom_door=True)
    expert = pipeline.expert("explore")
    pipeline.ask("explore", expert)
    assert expert.search_spot == (8, 35)


async def test_exploration_never_searches_toward_the_edge_of_the_map():
    """A spot only by the top or outer walls (nothing beyond them) is never chosen."""
    path = [(4, c) for c in range(38, 4, -1)]
    pipeline = await walked(path)
    expert = pipeline.expert("explore")
    walker = Walker(pipeline, two_rooms((4, 5)), top=1)
    walker.expert = expert
    spots = set()
    for _ in range(150):
        await walker.step()
        spots.add(expert.search_spot)
    spots.discard(None)
    assert len(spots) >= 3
    assert all(spot[0] == 5 or spot[1] == 39 for spot in spots), spots


async def test_health_rests_less_when_hungry_with_no_food():
    """Hungry with no food, rest only when weak (walking heals as fast); fed, rest as usual."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    hurt = screen(room_with((3, 3, "@")), top=2, status_line=status(hp=9, hunger="Hungry"))
    starving = await with_pack(hurt, pack=no_food)
    assert starving.ask("health") is None
    weak = screen(room_with((3, 3, "@")), top=2, status_line=status(hp=5, hunger="Hungry"))
    starving = await with_pack(weak, pack=no_food)
    assert "rest" in starving.ask("health").rationale
    fed = screen(room_with((3, 3, "@")), top=2, status_line=status(hp=9))
    pipeline = await with_pack(fed, pack=no_food)
    assert "rest" in pipeline.ask("health").rationale


async def test_short_of_food_turns_on_the_food_clock_and_the_pack():
    """No food in the pack: short of food once the clock's floor (1,300 at the start)
    is under ``food_reserve``, or when hungry; food in the pack: never."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    fed = screen(room_with((3, 3, "@")), top=2)
    hungry = screen(room_with((3, 3, "@")), top=2, status_line=status(hunger="Hungry"))
    for view, pack, reserve, short in ((fed, no_food, 1400, True), (fed, no_food, 1200, False),
                                       (hungry, no_food, 0, True), (fed, PACK, 2000, False),
                                       (hungry, PACK, 2000, False)):
        pipeline = await with_pack(view, pack=pack)
        situation = attrs.evolve(pipeline.situation(), tactics=Tactics(food_reserve=reserve))
        assert short_of_food(situation) is short, (pack[0], reserve)


async def test_health_short_of_food_rests_only_when_weak():
    """Fed but short of food, the hero rests as a hungry one would: only when weak."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    hurt = screen(room_with((3, 3, "@")), top=2, status_line=status(hp=9))
    for reserve, rests in ((2000, False), (0, True)):
        pipeline = await with_pack(hurt, pack=no_food, tactics=Tactics(food_reserve=reserve))
        proposal = pipeline.ask("health")
        assert (proposal is not None and "rest" in proposal.rationale) is rests, reserve


async def test_exploration_short_of_food_leaves_sooner_for_known_stairs():
    """Stairs in view and a door still to explore: past ``frugal_patience`` a hero with
    no food heads for the stairs; one with food keeps exploring until
    ``level_patience``."""
    view = screen(room_with((3, 3, "@"), (5, 3, "%")), top=2)
    tactics = Tactics(food_reserve=2000, frugal_patience=20)
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    for pack, goes in ((no_food, "stairs"), (PACK, "unknown")):
        pipeline = await with_pack(view, pack=pack, tactics=tactics)
        assert "unknown" in pipeline.ask("explore").rationale
        for _ in range(25):
            await pipeline.feed(view)
        proposal = pipeline.ask("explore")
        assert goes in proposal.rationale, (pack[0], proposal)
        if goes == "stairs":
            assert proposal.action in ("j", "b", "n")  # two steps down either way


async def test_exploration_dives_from_its_level_on():
    """Stairs in view and a door still to explore: with ``dive_from`` at or above the
    dungeon level, past ``dive_patience`` the hero heads for the stairs; below it, or
    with the default (0: never), he keeps exploring until ``level_patience``."""
    cases = ((Tactics(dive_from=5, dive_patience=20), 5, "stairs"),
             (Tactics(dive_from=5, dive_patience=20), 6, "stairs"),
             (Tactics(dive_from=5, dive_patience=20), 4, "unknown"),
             (Tactics(dive_patience=20), 26, "unknown"))
    for tactics, level, goes in cases:
        view = screen(room_with((3, 3, "@"), (5, 3, "%")), top=2,
                      status_line=status(level=level))
        pipeline = await with_pack(view, tactics=tactics)
        assert "unknown" in pipeline.ask("explore").rationale
        for _ in range(25):
            await pipeline.feed(view)
        proposal = pipeline.ask("explore")
        assert goes in proposal.rationale, (tactics, level, proposal)


async def test_health_hungry_tries_the_item_no_list_has_shown():
    """A list drawn under a message loses item a (the starting food): try eating it, once."""
    hungry = screen(room_with((3, 3, "@")), top=2, status_line=status(hunger="Hungry"))
    pipeline = Pipeline()
    await pipeline.feed(inventory_screen(["", *PACK[1:]]))
    await pipeline.feed(hungry)
    assert "a" not in {i.letter for i in pipeline.read("inventory").items}
    health = pipeline.expert("health")
    proposal = pipeline.ask("health", health)
    assert proposal.action == "ea" and "never seen" in proposal.rationale
    await pipeline.feed(hungry)
    assert pipeline.ask("health", health) is None


async def test_exploration_changes_search_spot_when_taken_far_from_it():
    """Sent far from its spot by another expert, the hero searches where it now is."""
    path = [(4, c) for c in range(38, 4, -1)]
    pipeline = await walked(path)
    expert = pipeline.expert("explore")
    pipeline.ask("explore", expert)
    assert expert.search_spot[1] <= 11
    for c in range(6, 36):  # an object, a monster... drew it back east
        await pipeline.feed(screen(two_rooms((4, c))))
    pipeline.ask("explore", expert)
    assert expert.search_spot[1] >= 31


async def test_exploration_searches_toward_a_part_of_the_level_it_cannot_reach():
    """Teleported away from a room it has seen: search the wall that faces that room.

    The other room's cell is known, but no known way leads there, so the hidden door
    is most likely in the wall between: worth more than walls facing unknown cells.
    """
    seen = screen(two_rooms((4, 35), joined=False))
    pipeline = await with_pack(seen, screen(two_rooms((4, 6), joined=False)))
    expert = pipeline.expert("explore")
    pipeline.ask("explore", expert)
    assert expert.search_spot[1] == 11


def with_stairs(rows: list[str], stairs: tuple[int, int]) -> list[str]:
    """``rows`` (from screen row 1) with the stairs drawn at ``stairs`` unless the hero
    stands there."""
    r, c = stairs
    if rows[r - 1][c] == "@":
        return rows
    return [row[:c] + "%" + row[c + 1:] if i == r - 1 else row for i, row in enumerate(rows)]


#: The tactics with the search for an unseen part of the level on (the default from
#: 1.92, to level 6; these screens are of level 1).
SEEKING = Tactics(seek_hidden=True)


async def walked_to_stairs(tactics: Tactics = SEEKING, pack: list[str] = PACK) -> Pipeline:
    """The hero has walked :func:`two_rooms` from the right room onto the stairs in the
    left one: nothing left to walk to, seven of the nine cells never seen."""
    path = [(4, c) for c in range(38, 5, -1)] + [(3, 6)]
    return await with_pack(*[screen(with_stairs(two_rooms(p), (3, 6))) for p in path],
                           pack=pack, tactics=tactics)


async def test_exploration_searches_for_an_unseen_part_of_the_level_before_the_stairs():
    """With ``seek_hidden`` on: stairs under the hero and nothing left to walk to, but
    most of the level unseen: it lies behind a secret door, with its rooms' gold, so
    search rather than go down.

    Known stairs end the level there by default: dungeon 114 of 1.55 left levels 7 and
    8 with no gold, one room and four of the nine cells seen.
    """
    pipeline = await walked_to_stairs()
    assert pipeline.read("terrain").stairs == (3, 6)
    proposal = pipeline.ask("explore")
    assert proposal.action != ">", proposal
    assert "search" in proposal.rationale and "7 of 9 cells unseen" in proposal.rationale


async def test_the_search_for_an_unseen_part_gives_way_to_patience_and_the_switch():
    """Past ``level_patience``, or with ``seek_hidden`` off (the default from 1.60 to
    1.91), the stairs are taken."""
    for tactics in (Tactics(level_patience=10, seek_hidden=True), NO_SEEK):
        pipeline = await walked_to_stairs(tactics)
        proposal = pipeline.ask("explore")
        assert proposal.action == ">", (tactics, proposal)


async def test_exploration_short_of_food_does_not_search_for_an_unseen_part():
    """No food and the food clock low: new levels bring food, so down the stairs."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    pipeline = await walked_to_stairs(Tactics(food_reserve=2000, seek_hidden=True), no_food)
    assert pipeline.ask("explore").action == ">"


async def test_the_search_for_an_unseen_part_waits_on_food_in_the_pack():
    """``seek_hidden_food``: the search costs turns off the food clock, so with fewer
    food items in the pack than asked the stairs are taken; with them, search."""
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    two_rations = ["a) 2 rations of food", *PACK[1:]]
    asked = Tactics(seek_hidden=True, seek_hidden_food=2)
    for pack in (PACK, no_food):
        pipeline = await walked_to_stairs(asked, pack)
        assert pipeline.ask("explore").action == ">", pack[0]
    proposal = (await walked_to_stairs(asked, two_rations)).ask("explore")
    assert proposal.action != ">" and "7 of 9 cells unseen" in proposal.rationale, proposal


async def test_the_search_for_an_unseen_part_keeps_to_shallow_levels():
    """``seek_hidden_deepest``: below that level the stairs are taken (centaurs and
    quaggas roam there, and a longer stay meets more of them); on it, search. By
    default (1.92) the search runs to level 6."""
    path = [(4, c) for c in range(38, 5, -1)] + [(3, 6)]
    cases = ((4, Tactics(seek_hidden=True, seek_hidden_deepest=3), False),
             (4, Tactics(seek_hidden=True, seek_hidden_deepest=4), True),
             (6, None, True), (7, None, False))
    for level, tactics, searches in cases:
        views = [screen(with_stairs(two_rooms(p), (3, 6)), status_line=status(level=level))
                 for p in path]
        pipeline = await with_pack(*views, tactics=tactics)
        assert pipeline.read("terrain").level == level
        proposal = pipeline.ask("explore")
        assert (proposal.action != ">") == searches, (level, tactics, proposal)


async def walked_into_dead_end(tactics: Tactics | None = None) -> Pipeline:
    """The hero has walked :func:`two_rooms` (stairs in the left room) from the left
    room through the right one and down its bottom door's passage to where it stops:
    a dead end, with seven of the nine cells never seen."""
    path = ([(4, c) for c in range(5, 36)] + [(5, 35), (6, 35), (7, 35), (8, 35)])
    return await with_pack(*[screen(with_stairs(two_rooms(p, bottom_door=True), (3, 6)))
                             for p in path], tactics=tactics)


#: The tactics with the search of a dead end on reaching it on (off by default).
DEAD_ENDS = Tactics(search_dead_ends=True)


async def test_exploration_searches_a_dead_end_on_reaching_it_though_the_stairs_are_known():
    """With ``search_dead_ends`` on: a passage that stops short hides its next square
    beside the hero, so search there ``search_turns`` times, then walk on. Dungeon 1275
    of 1.71 walked two passages of level 6 to their ends, turned back each time, and
    left by the known stairs with two rooms of nine seen and no gold."""
    pipeline = await walked_into_dead_end(DEAD_ENDS)
    walker = Walker(pipeline, two_rooms((8, 35), bottom_door=True), top=1)
    turns = DEAD_ENDS.search_turns
    actions = await walker.run(turns + 1)
    assert actions[:turns] == ["s"] * turns, actions
    assert actions[turns] == "k"  # back up the passage, for the stairs
    assert walker.hero == (7, 35)


async def test_exploration_without_the_dead_end_rule_walks_back_at_once():
    """With ``search_dead_ends`` off (the default), or past ``level_patience``, the
    hero turns back from the passage's end for the stairs without searching."""
    for tactics in (NO_SEEK, attrs.evolve(NO_SEEK, level_patience=10, search_dead_ends=True)):
        pipeline = await walked_into_dead_end(tactics)
        proposal = pipeline.ask("explore")
        assert proposal.action == "k", (tactics, proposal)


def test_unseen_cells_are_blank_cells_and_cells_seen_out_of_reach():
    """Blank cells count, and so does a cell whose floor is seen but cannot be reached;
    a level with something known in every cell and all of it reachable has none."""
    def terrain(rows: list[str]) -> Terrain:
        rows = [r.replace("@", ".").ljust(80) for r in rows]
        return Terrain(level=1, rows=tuple(rows + [" " * 80] * (22 - len(rows))))

    joined = terrain(two_rooms((4, 6)))
    assert unseen_cells(joined, compute(joined, (4, 6), {})) == (
        (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2))
    apart = terrain(two_rooms((4, 6), joined=False))
    assert (0, 1) in unseen_cells(apart, compute(apart, (4, 6), {}))
    assert (0, 1) not in unseen_cells(joined, compute(joined, (4, 6), {}))
    # A passage across every band of cells, joined down the left edge: all nine seen.
    rows = [" " * 80 for _ in range(22)]
    for r in (2, 10, 18):
        rows[r] = " " + "#" * 79
    for r in range(2, 19):
        rows[r] = " #" + rows[r][2:]
    full = terrain(rows)
    assert unseen_cells(full, compute(full, (3, 1), {})) == ()


def comb_rows(cut: int | None = None, hero: tuple[int, int] | None = None) -> list[str]:
    """Screen rows 1 to 22 of :func:`comb_maze`, with the hero drawn at ``hero``."""
    rows = [[" "] * 80 for _ in range(22)]
    for c in range(27, 52):
        rows[8 - 1][c] = "#"
    for c in range(27, 52, 2):
        for r in range(9, (10 if c == cut else 14) + 1):
            rows[r - 1][c] = "#"
    if hero is not None:
        rows[hero[0] - 1][hero[1]] = "@"
    return ["".join(row) for row in rows]


def comb_maze(cut: int | None = None) -> Terrain:
    """A maze in the middle cell as Rogue digs one (its box rows 8-15, columns 27-51,
    a passage on every second square both ways): a spine along row 8 and a tooth down
    each second column to row 14. With ``cut``, that column's tooth stops at row 10,
    the rest of it unseen (behind a hidden square). The teeth's ends are its dead
    ends."""
    ends = frozenset((10 if c == cut else 14, c) for c in range(27, 52, 2))
    return Terrain(level=9, rows=tuple(comb_rows(cut)), dead_ends=ends)


def test_maze_lattice_points_are_every_second_square_of_the_cells_box():
    """Rogue's ``dig`` carves a maze's box from its corner on even offsets: every such
    square of a maze is passage (the squares the mazes of real games showed)."""
    assert maze_lattice_point((16, 27)) and maze_lattice_point((22, 51))
    assert maze_lattice_point((1, 0)) and maze_lattice_point((7, 24))
    assert maze_lattice_point((8, 53)) and maze_lattice_point((14, 77))
    assert not maze_lattice_point((17, 27))  # between two, passage or rock
    assert not maze_lattice_point((16, 28))
    assert not maze_lattice_point((23, 27))  # past the box
    assert not maze_lattice_point((16, 26))  # between the boxes


def test_a_maze_dead_end_facing_unseen_maze_is_worth_a_dead_end_and_the_rest_little():
    """In a maze seen whole, every dead end is real and worth ``W_MAZE_END`` in all;
    with ``maze_ends``, the one end past which the maze's dug squares are still blank
    stops at a hidden square, and the square straight past it is worth a passage's
    dead end."""
    assert max(worth for worth, _ in hidden_odds(comb_maze(), maze_ends=True).values()) \
        < W_MAZE_END
    # Off (the default), the cut end is one more maze dead end.
    assert hidden_odds(comb_maze(cut=39))[(11, 39)][0] < W_MAZE_END
    odds = hidden_odds(comb_maze(cut=39), maze_ends=True)
    assert odds[(11, 39)][0] == W_DEAD_END
    assert odds[(11, 38)][0] < W_MAZE_END and odds[(11, 40)][0] < W_MAZE_END
    # The other teeth's ends are still the maze's real ones.
    assert odds[(15, 41)][0] < W_MAZE_END


def test_the_search_goes_to_the_maze_dead_end_facing_unseen_maze_from_anywhere_in_it():
    """With ``maze_ends``, from either end of the maze, even standing on a real dead
    end, the spot to search is the cut tooth's end; with the maze seen whole it is a
    real end near by."""
    for hero in ((8, 27), (14, 51), (8, 51)):
        cut = comb_maze(cut=39)
        assert best_spot(cut, compute(cut, hero, {}), 10, maze_ends=True) == (10, 39), hero
        whole = comb_maze()
        assert best_spot(whole, compute(whole, hero, {}), 10, maze_ends=True) != (10, 39)


async def test_the_explorer_searches_the_cut_maze_end_only_with_the_tactic():
    """The hero walks the whole comb maze, every tooth down and back, and finds no
    stairs: with ``maze_ends`` the explorer's spot is the cut tooth's end; with the
    defaults (1.71's play) it is not."""
    path = []
    for c in range(27, 52):
        path.append((8, c))
        if c % 2:
            last = 10 if c == 39 else 14
            down = [(r, c) for r in range(9, last + 1)]
            path += down + down[-2::-1] + [(8, c)]
    spots = {}
    for tactics in (Tactics(), Tactics(maze_ends=True)):
        pipeline = await with_pack(*[screen(comb_rows(39, p)) for p in path], tactics=tactics)
        expert = pipeline.expert("explore")
        proposal = pipeline.ask("explore", expert)
        assert "search" in proposal.rationale, proposal
        spots[tactics.maze_ends] = expert.search_spot
    assert spots[True] == (10, 39)
    assert spots[False] != (10, 39)


async def test_exploration_searches_in_a_door_that_leads_nowhere():
    """A door with nothing beyond it hides its passage's first square: search from the door.

    Its floor neighbours inside the room do not count as ways on: no one steps
    diagonally through a doorway.
    """
    rows = [r.replace("+", "|") for r in room_with((3, 5, "@"))]
    rows[0] = rows[0][:6] + "+" + rows[0][7:]
    walk = [(3, 5), (3, 6), (2, 6), (3, 6), (3, 5)]
    views = []
    for pos in walk:
        marked = [list(r) for r in rows]
        marked[1][5] = "."
        marked[pos[0] - 2][pos[1]] = "@"
        views.append(screen(["".join(r) for r in marked], top=2))
    pipeline = await with_pack(*views)
    expert = pipeline.expert("explore")
    pipeline.ask("explore", expert)
    assert expert.search_spot == (2, 6)


#: Dungeon 85 of 1.30, level 3: a passage over a dark room's corner, where the map shows
#: a lone '.' that Rogue would not let the hero step onto (drawn from screen row 15).
REFUSED = [
    "             #####",
    "               .-+-------",
    "                        |",
    "                        |",
    "               ----------",
]


def in_passage(column: int):  # noqa: ANN201
    """The REFUSED screen with the hero in the passage at ``column``."""
    rows = list(REFUSED)
    rows[0] = rows[0][:column] + "@" + rows[0][column + 1:]
    return screen(rows, top=15)


async def test_the_explorer_gives_up_a_goal_rogue_refused_three_steps_toward():
    """Its own steps toward the '.' sent (with the random steps it takes when stuck in
    between), and the hero still in the passage with nothing said: after three such
    steps that goal is given up for the level (1.30 stepped at it until he starved).
    The same steps outranked by another expert (the hero rested) refuse nothing."""
    view = in_passage(15)
    walked = [in_passage(c) for c in (13, 14, 16, 17)]
    pipeline = await fed(*walked, view)
    explorer = pipeline.expert("explore")
    proposals = [pipeline.ask("explore", explorer)]
    assert proposals[0].action == "j" and "(16, 15)" in proposals[0].rationale
    await pipeline.feed(view, acted="s")  # outranked once: the stuck count is one ahead
    proposals.append(pipeline.ask("explore", explorer))
    for _ in range(8):
        await pipeline.feed(view, acted=proposals[-1].action)
        proposals.append(pipeline.ask("explore", explorer))
    toward = [p for p in proposals if "(16, 15)" in p.rationale]
    assert any("random" in p.rationale for p in proposals[:-3])
    assert len(toward) == 4 and (16, 15) in explorer.refused
    assert all("(16, 15)" not in p.rationale for p in proposals[-3:])

    pipeline = await fed(*walked, view)
    explorer = pipeline.expert("explore")
    proposals = [pipeline.ask("explore", explorer)]
    for _ in range(8):
        await pipeline.feed(view, acted="s")
        proposals.append(pipeline.ask("explore", explorer))
    assert not explorer.refused
    assert any("(16, 15)" in p.rationale for p in proposals[-3:])


#: Dungeon 569 of 1.30, level 1: the stairs ('%') lie west, past a room whose west
#: door a sleeping bat fills, or round by the passage. From the bottom door the bat is
#: in view (drawn from screen row 2); from the passage below, the room is not.
DOORWAY = [
    "            ---------",
    "            |.......|",
    "   %########B.......|",
    "   #        |.......|",
    "   #        ----@----",
    "   #            #",
    "   ##############",
]
PASSAGE = ["", "", "   %########+", "   #", "   #            +", "   #            @",
           "   ##############"]


async def _swing(pipeline, at_door, below):  # noqa: ANN001, ANN202
    """The explorer's steps to the stairs, from below the doorway, while they keep to
    the two squares (the view switches with each step): the steps, and whether they
    left the swing (the last one was taken elsewhere)."""
    explorer = pipeline.expert("explore")
    view, swing = below, {(True, "k"): at_door, (False, "j"): below}
    steps = []
    for _ in range(12):
        proposal = pipeline.ask("explore", explorer)
        assert "to the stairs" in proposal.rationale
        steps.append(proposal.action)
        view = swing.get((view is below, proposal.action))
        if view is None:
            return steps, True
        await pipeline.feed(view, acted=proposal.action)
    return steps, False


async def test_the_explorer_holds_a_route_once_it_swings_between_two_squares():
    """From the passage the way through the room is shorter, from the doorway (the bat
    seen) the way round; 1.30 stepped in and out until he starved. After two swings
    the route from the doorway, round by the passage, is held."""
    at_door, below = screen(DOORWAY, top=2), screen(PASSAGE, top=2)
    pipeline = await fed(at_door, at_door, below, tactics=Tactics(level_patience=0))
    steps, left = await _swing(pipeline, at_door, below)
    assert left and len(steps) <= 8  # left the swing: down the passage from below
    assert steps[-2:] == ["j", "j"] and (4, 12) in pipeline.read("objects").sleepers


#: Earlier on the same level: the hero beside a monster asleep in the passage that the
#: way round (from the doorway above) runs along.
PASSED = ["", "", "", "", "", "", "        C@"]


async def test_a_sleeper_met_before_the_swing_does_not_keep_the_route_from_being_held():
    """Only a sleeper seen from the swing's own squares marks the side that did not see
    it. Dungeon 523 of 1.70 (level 4): the way round from the doorway ran past a monster
    seen asleep long before, so no route was held on either side, and the hero stepped
    in and out of the doorway for 3,000 turns until he starved."""
    earlier, at_door, below = (screen(PASSED, top=2), screen(DOORWAY, top=2),
                               screen(PASSAGE, top=2))
    pipeline = await fed(earlier, at_door, at_door, below,
                         tactics=Tactics(level_patience=0))
    assert (8, 8) in pipeline.read("objects").sleepers
    steps, left = await _swing(pipeline, at_door, below)
    assert left and len(steps) <= 8, steps  # down the passage, past (8, 8)
    assert steps[-2:] == ["j", "j"]


async def test_a_dead_end_across_the_level_is_searched_before_a_wall_beside_the_hero():
    """A passage in Rogue always leads on: its dead end is worth a walk across the level
    before the walls at hand (1.46's dungeon 38 searched a dead end ten times, then
    thirty other spots, and missed the secret door beside it for 1,400 decisions)."""
    back = [(4, c) for c in range(35, 4, -1)]
    path = [(4, c) for c in range(5, 36)] + [(5, 35), (6, 35), (7, 35), (8, 35), (7, 35),
                                             (6, 35), (5, 35)] + back
    pipeline = await walked(path, bottom_door=True)
    expert = pipeline.expert("explore")
    pipeline.ask("explore", expert)
    assert pipeline.situation().player == (4, 5)
    assert expert.search_spot == (8, 35)


#: A magic map: the stairs ('%') shown in a dark room the hero has not entered, its
#: floor blank, one passage from the hero's lit room to its door.
MAPPED = [
    "-------          ---------",
    "|.....|          |       |",
    "|..@..+##########+   %   |",
    "|.....|          |       |",
    "-------          ---------",
]


async def test_stairs_out_of_reach_leave_the_explorer_exploring_once_impatient():
    """Past its patience, or starving, the explorer heads for the stairs rather than
    the unknown; with the stairs out of reach it must keep exploring. 1.52 searched
    the walls instead until it starved or a monster came (dungeons 27, 66, 145 and
    190, each on a magic-mapped level)."""
    view = screen(MAPPED, top=2)
    hungry = screen(MAPPED, top=2, status_line=status(hunger="Weak"))
    no_food = ["a) A scroll titled 'zok'", *PACK[1:]]
    for tactics, looks in ((Tactics(level_patience=0), view), (None, hungry)):
        pipeline = await with_pack(looks, looks, looks, pack=no_food, tactics=tactics)
        assert pipeline.read("terrain").stairs == (4, 21)
        proposal = pipeline.ask("explore")
        assert "unknown" in proposal.rationale, proposal
        assert proposal.action in ("l", "u", "n")  # east, toward the passage


def _ice_room_level() -> list[list[str]]:
    """Dungeon 114 of 1.52, level 5, in small: a dark room (rows 2-6) with a door west
    and one south, an ice monster asleep at (5, 7) beside the south door's way, and the
    stairs (11, 9) in a lit room below, reached through the south door or round by the
    passage from the west door."""
    g = [[" "] * 80 for _ in range(23)]
    for c in range(5, 12):
        g[2][c] = g[6][c] = "-"
    for r in range(3, 6):
        g[r][5] = g[r][11] = "|"
        g[r][6:11] = "....."
    for c in range(4, 15):
        g[9][c] = g[13][c] = "-"
    for r in range(10, 13):
        g[r][4] = g[r][14] = "|"
        g[r][5:14] = "........."
    for pos in [(3, 2), (3, 3), (3, 4), (11, 3), (7, 8), (8, 8), *((r, 2) for r in range(4, 12))]:
        g[pos[0]][pos[1]] = "#"
    for r, c in ((3, 5), (6, 8), (9, 8), (11, 4)):
        g[r][c] = "+"
    g[11][9] = "%"
    return g


async def test_the_explorer_holds_a_route_once_it_walks_a_loop():
    """Rogue shows the sleeping ice monster from beside it until the hero is back in
    the passage: from inside, the way past it is dear and the hero turns back; from
    the passage it is hidden and he goes in again, a loop of six squares. 1.52 walked
    it until he starved; on his third time on one square the route is held."""
    level = _ice_room_level()
    pipeline = Pipeline(Tactics(level_patience=0))
    explorer = pipeline.expert("explore")
    hero, shown, path = (3, 3), False, []
    for _ in range(40):
        shown = chebyshev(hero, (5, 7)) <= 1 or (shown and level[hero[0]][hero[1]] != "#")
        rows = [row[:] for row in level]
        if shown:
            rows[5][7] = "I"
        rows[hero[0]][hero[1]] = "@"
        await pipeline.feed(screen(["".join(r) for r in rows[1:]], top=1))
        path.append(hero)
        if hero == (11, 9):
            break
        proposal = pipeline.ask("explore", explorer)
        assert "to the stairs" in proposal.rationale, proposal
        step = MOVES[proposal.action]
        hero = (hero[0] + step[0], hero[1] + step[1])
    assert hero == (11, 9), path
    assert path.count((4, 7)) == 2  # once turned back, once walked on past
    assert (5, 7) not in path  # never a blow at the ice monster
