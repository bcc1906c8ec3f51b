"""The dungeon adapter: what an explorer sees, how a game ends, and the oracle's full map."""

from pathlib import Path

import pytest

from games.dungeon import level_from_text
from protocols.dungeon import (
    STOP,
    DungeonAdapter,
    DungeonView,
    full_map,
    full_map_of,
    level_picture,
    level_statistics,
)
from runtime import GameOver, decode, encode

SMALL = (Path(__file__).resolve().parent.parent / "data" / "explore" / "small.txt"
         ).read_text().split("\n")[:-1]


async def test_the_view_is_the_players_screen_and_survives_the_codec():
    """The first view shows the start room only, and round-trips through msgpack."""
    async with DungeonAdapter(level=level_from_text(SMALL)) as adapter:
        observed = await adapter.observe()
    view = observed.payload
    assert isinstance(view, DungeonView) and not observed.terminal
    assert (view.player, view.turn, view.actions) == ((3, 6), 0, 0)
    assert len(view.rows) == 21 and all(len(row) == 80 for row in view.rows)
    assert view.rows[3][28:38] == " " * 10  # the room to the right is not seen
    assert decode(encode(view)) == view


async def test_stop_ends_the_game_and_the_result_has_the_referees_tally():
    """After 'stop' the observation is terminal, acting is refused, and the tally is out."""
    async with DungeonAdapter(level=level_from_text(SMALL)) as adapter:
        for key in "jjj":
            await adapter.act(key)
        await adapter.act(STOP)
        assert (await adapter.observe()).terminal
        with pytest.raises(GameOver, match="^the exploration is over$"):
            await adapter.act("j")
        result = adapter.result()
    detail = dict(result.detail)
    assert (result.outcome, result.turns, result.score) == ("explored", 3, 0.25)
    assert (detail["rooms"], detail["rooms_explored"], detail["secret_rooms"]) == (4, 1, 1)


async def test_a_game_is_cut_after_max_actions():
    """The observation after the last allowed action is terminal, and the outcome says cut."""
    async with DungeonAdapter(seed=3, max_actions=2) as adapter:
        await adapter.act("s")
        await adapter.act("s")
        assert (await adapter.observe()).terminal
        assert adapter.result().outcome == "cut"


async def test_progress_records_when_each_room_was_entered():
    """Entering a room adds (actions, rooms entered) to the adapter's progress."""
    async with DungeonAdapter(level=level_from_text(SMALL)) as adapter:
        for key in "jjjjjnllllllllllllnn":  # down the corridor to the room below
            await adapter.act(key)
    assert adapter.progress == [(20, 2)]


def test_an_adapter_refuses_fewer_than_one_action():
    """max_actions below 1 is a ValueError naming the value."""
    with pytest.raises(ValueError, match="^max_actions must be at least 1, got 0$"):
        DungeonAdapter(max_actions=0)


def test_the_full_map_reveals_hidden_squares_for_the_tour_only():
    """The oracle's map draws the hidden door as a door and lists every room."""
    fm = full_map_of(level_from_text(SMALL))
    assert fm.rows[5][34] == "+"
    assert (5, 34) in fm.intact_doors
    assert len(fm.rooms) == 4 and fm.start == (3, 6)
    assert full_map(7) == full_map(7)
    assert decode(encode(fm)) == fm


def test_the_facade_gives_generator_statistics_and_pictures():
    """level_statistics and level_picture reach games.dungeon for actors."""
    rows = dict(level_statistics(range(5)))
    assert rows["levels"] == "5"
    assert len(level_picture(0)) == 21
