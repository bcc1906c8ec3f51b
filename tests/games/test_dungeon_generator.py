"""games.dungeon's level generator: deterministic, NetHack's rules, NetHack's statistics."""

from pathlib import Path

import numpy as np
import pytest

from games.dungeon import (
    COLUMNS,
    ROWS,
    Terrain,
    generate,
    grid_stats,
    level_stats,
    reachable,
    summarize,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "explore"
#: Seeds for the statistics: disjoint from the benchmark's 0-199.
SAMPLE = range(3000, 3080)


@pytest.fixture(scope="module")
def ours():
    return summarize(level_stats(generate(seed)) for seed in SAMPLE)


@pytest.fixture(scope="module")
def real():
    """200 level-1 maps NetHack 3.6 itself made (NLE, wizard mode's terrain dump)."""
    grids = np.load(DATA / "real_level1_grids.npz")["grids"]
    return summarize(grid_stats(grid) for grid in grids)


def test_the_same_seed_gives_the_same_level():
    """Two levels made from one seed are identical, and another seed gives another level."""
    a, b, c = generate(17), generate(17), generate(18)
    assert np.array_equal(a.terrain, b.terrain) and a.rooms == b.rooms and a.start == b.start
    assert not np.array_equal(a.terrain, c.terrain)


def test_without_secrets_the_layout_is_the_same_with_every_hidden_square_shown():
    """The secrets switch changes hidden squares into visible ones and nothing else."""
    hidden, shown = generate(5), generate(5, secrets=False)
    assert hidden.hidden_spots()
    assert not shown.hidden_spots()
    differ = hidden.terrain != shown.terrain
    assert {Terrain(int(k)) for k in hidden.terrain[differ]} <= {Terrain.SDOOR, Terrain.SCORR}
    assert hidden.rooms == shown.rooms


def test_rooms_keep_nethacks_margins_and_never_touch():
    """Every room's floor lies in rows 2-18, columns 3-77, with rock between rooms."""
    for seed in range(40):
        level = generate(seed)
        rooms = level.explorable_rooms
        for room in rooms:
            assert 2 <= room.top and room.bottom <= ROWS - 3
            assert 3 <= room.left and room.right <= COLUMNS - 3
        for i, a in enumerate(rooms):
            for b in rooms[i + 1:]:
                apart_columns = b.left - a.right > 2 or a.left - b.right > 2
                apart_rows = b.top - a.bottom > 2 or a.top - b.bottom > 2
                assert apart_columns or apart_rows, (seed, a, b)


def test_every_room_can_be_reached_once_hidden_squares_are_found():
    """Corridors join all rooms: through hidden squares, the start reaches every room."""
    for seed in range(60):
        level = generate(seed)
        open_ = reachable(level.terrain, level.start, dict(level.doors), through_hidden=True)
        for room in level.explorable_rooms:
            assert any(pos in open_ for pos in room.floor()), (seed, room)


def test_rooms_per_level_match_real_nethack(ours, real):
    """About 7.4 rooms a level, as NetHack's own level 1 has (within 0.5)."""
    assert real.rooms == pytest.approx(7.39, abs=0.01)
    assert ours.rooms == pytest.approx(real.rooms, abs=0.5)
    assert 4 <= ours.rooms_min and ours.rooms_max <= 11


def test_hidden_spots_per_level_match_real_nethack_and_the_paper(ours, real):
    """About 7 hidden doors and corridor squares a level (the paper's figure), as NetHack's."""
    assert real.hidden_spots == pytest.approx(6.78, abs=0.01)
    assert ours.hidden_spots == pytest.approx(7.0, abs=1.0)
    assert ours.hidden_doors == pytest.approx(real.hidden_doors, abs=0.8)
    assert ours.hidden_corridors == pytest.approx(real.hidden_corridors, abs=0.8)


def test_corridors_and_doors_match_real_nethack(ours, real):
    """Corridor squares and doors per level are within 10% of NetHack's."""
    assert ours.corridor_squares == pytest.approx(real.corridor_squares, rel=0.1)
    assert ours.doors == pytest.approx(real.doors, rel=0.1)


def test_about_half_the_levels_have_a_secret_room(ours):
    """The paper: only about half of all maps have a room behind a hidden square."""
    assert ours.secret_room_share == pytest.approx(0.5, abs=0.15)


def test_summarize_refuses_an_empty_sample():
    """Averaging no levels is an error that says what to pass."""
    with pytest.raises(ValueError, match="^no levels to summarize; pass at least one LevelStats$"):
        summarize([])


def test_a_real_nethack_map_from_the_terrain_dump_is_playable():
    """level_from_dump makes NetHack's own map a level: its rooms found, its start kept."""
    from games.dungeon import Game, level_from_dump, secret_rooms

    data = np.load(DATA / "real_level1_grids.npz")
    level = level_from_dump(data["grids"][0], tuple(int(v) for v in data["starts"][0]),
                            secrets=False)
    assert level.at(level.start) is Terrain.UPSTAIRS
    assert len(level.explorable_rooms) == grid_stats(data["grids"][0]).rooms
    assert secret_rooms(level) == ()
    assert Game(level).tally().rooms_explored == 1
