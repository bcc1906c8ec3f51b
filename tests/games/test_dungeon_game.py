"""games.dungeon's Game: NetHack's moves, doors, search and field of view, and the tally."""

from pathlib import Path

import pytest

from games.dungeon import (
    SEARCH_CHANCE,
    Game,
    IllegalActionError,
    MapTextError,
    Outcome,
    Terrain,
    level_from_text,
)

SMALL = (Path(__file__).resolve().parent.parent / "data" / "explore" / "small.txt"
         ).read_text().split("\n")[:-1]


def small(*, secrets: bool = True):
    return level_from_text(SMALL if secrets else [line.replace("S", "+") for line in SMALL])


def walk(game: Game, keys: str) -> list[Outcome]:
    return [game.act(k) for k in keys]


def test_a_lit_room_is_seen_whole_from_the_start():
    """The start room, walls and doorways included, is on the screen before any move."""
    game = Game(small())
    rows = game.rows()
    assert rows[1][2:12] == "----------"
    assert rows[3][2:12] == "|...<....+"  # the player stands on the up stairs, not drawn
    assert rows[5][2:12] == "----.-----"
    assert rows[3][12] == " "  # the corridor beyond the door is not seen from inside


def test_walking_into_a_wall_is_refused_and_takes_no_turn():
    """A blocked move counts as an action but not as a game turn, and says why."""
    game = Game(small())
    assert walk(game, "kk") == [Outcome.MOVED, Outcome.BLOCKED]
    assert game.message == "It's a wall."
    assert (game.actions, game.turns) == (2, 1)


def test_a_closed_door_opens_when_walked_into_and_is_never_crossed_diagonally():
    """Walking into '+' opens it (a turn); a diagonal step into the doorway is refused."""
    game = Game(small())
    assert walk(game, "llll") == [Outcome.MOVED] * 4  # (3, 10), beside the door
    assert game.act("l") is Outcome.OPENED
    assert (game.player, game.turns) == ((3, 10), 5)
    assert game.rows()[3][11] == "-"  # an open door in a vertical wall is drawn across it
    assert game.act("l") is Outcome.MOVED and game.player == (3, 11)
    game2 = Game(small())
    walk(game2, "llllk")  # (2, 10)
    assert game2.act("n") is Outcome.BLOCKED
    assert game2.message == "You can't move diagonally into a doorway."


def test_in_a_corridor_only_the_adjacent_squares_are_seen():
    """Out of the room the player sees its eight neighbours and nothing further."""
    game = Game(small())
    walk(game, "jjj")  # through the empty doorway at (5, 6) to (6, 6)
    assert game.player == (6, 6)
    rows = game.rows()
    assert rows[7][6] == "#"
    assert rows[8][6] == " "  # two squares down: not seen yet


def test_search_finds_a_hidden_door_with_nethacks_chance():
    """Each search finds an adjacent hidden door with chance 1/7; found, it is a door."""
    level = small()
    assert level.at((5, 34)) is Terrain.SDOOR
    firsts = []
    for seed in range(300):
        game = Game(level, seed=seed)
        game.player = (4, 34)
        for n in range(1, 200):
            game.act("s")
            if game.terrain[5, 34] == Terrain.DOOR:
                firsts.append(n)
                break
    assert len(firsts) == 300
    assert sum(firsts) / len(firsts) == pytest.approx(1 / SEARCH_CHANCE, rel=0.15)
    assert game.message == "You find a hidden door."
    assert game.rows()[5][34] == "+"


def test_the_tally_counts_rooms_secret_rooms_and_hidden_squares():
    """The referee knows the room behind the hidden door is a secret room."""
    t = Game(small()).tally()
    assert (t.rooms, t.rooms_explored, t.secret_rooms, t.hidden_spots) == (4, 1, 1, 1)
    assert t.room_fraction == 0.25
    assert Game(small(secrets=False)).tally().secret_room_fraction == 1.0


def test_an_unknown_action_is_refused_with_the_choices():
    """Anything but a vi-key or 's' is an IllegalActionError quoting it."""
    with pytest.raises(IllegalActionError,
                       match=r"^unknown action 'x'; expected one of b, h, j, k, l, n, u, y "
                             r"\(moves\) or 's' \(search\)$"):
        Game(small()).act("x")


def test_a_drawing_without_a_start_is_refused():
    """level_from_text needs exactly one '<'."""
    with pytest.raises(MapTextError, match=r"^expected exactly one '<' \(the start\), found 0$"):
        level_from_text(["|..|"])
