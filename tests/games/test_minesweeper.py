"""The Minesweeper game: levels, first-click rules, reveal, flag, chord, win and loss."""

from __future__ import annotations

import pytest

from games.minesweeper import (
    EXPLODED,
    LEVELS,
    MINE,
    BoardSpec,
    FirstClick,
    IllegalMoveError,
    InvalidMoveError,
    Minefield,
    Move,
    Status,
    Verb,
)


def mines_of(game: Minefield) -> set[tuple[int, int]]:
    return {(x, y) for y in range(game.height) for x in range(game.width) if game.mine_at(x, y)}


# A 4x3 board with mines at (3,0) and (3,2); its numbers:
#   0 0 1 *
#   0 0 2 2
#   0 0 1 *
CORNER_MINES = [(3, 0), (3, 2)]


def test_levels_are_the_classic_sizes():
    """The three levels are Microsoft's: 9x9/10, 16x16/40 and 30x16/99."""
    assert LEVELS == {"beginner": (9, 9, 10), "intermediate": (16, 16, 40),
                      "expert": (30, 16, 99)}
    expert = BoardSpec.level("Expert")
    assert (expert.width, expert.height, expert.mines, str(expert)) == (
        30, 16, 99, "expert 30x16/99")


def test_unknown_level_names_the_choices():
    """A level that doesn't exist is refused with the list of levels."""
    with pytest.raises(ValueError, match=r"^unknown level 'hard'; choose from beginner, "
                                         r"intermediate, expert or give a custom size$"):
        BoardSpec.level("hard")


@pytest.mark.parametrize(("size", "message"), [
    ((0, 5, 1), r"^board width must be between 1 and 200 \(got 0\)$"),
    ((5, 201, 1), r"^board height must be between 1 and 200 \(got 201\)$"),
    ((1, 1, 0), r"^a 1x1 board has no room for a game; use 2 squares or more$"),
    ((3, 3, 9), r"^a 3x3 board with a safe first click holds 0 to 8 mines \(got 9\)$"),
    ((4, 4, -1), r"^a 4x4 board with a safe first click holds 0 to 15 mines \(got -1\)$"),
])
def test_custom_sizes_are_checked(size, message):
    """Impossible custom boards are refused with what would be accepted."""
    with pytest.raises(ValueError, match=message):
        BoardSpec.custom(*size)


def test_opening_rule_needs_room_for_a_clear_block():
    """With the opening rule a board must leave a whole 3x3 block free of mines."""
    BoardSpec.custom(5, 5, 16, FirstClick.OPENING)
    with pytest.raises(ValueError, match=r"^a 5x5 board with an opening first click holds "
                                         r"0 to 16 mines \(got 17\)$"):
        BoardSpec.custom(5, 5, 17, FirstClick.OPENING)
    with pytest.raises(ValueError, match="holds 0 to 16 mines"):
        Minefield(BoardSpec(5, 5, 20), FirstClick.OPENING)


def test_first_click_rule_parses_and_names_choices():
    """'safe' and 'opening' parse; anything else names both."""
    assert FirstClick.parse(" Opening ") is FirstClick.OPENING
    with pytest.raises(ValueError, match=r"^unknown first-click rule 'zero'; choose from "
                                         r"safe, opening$"):
        FirstClick.parse("zero")


@pytest.mark.parametrize("seed", range(30))
def test_safe_first_click_is_never_a_mine(seed):
    """Even on a board that is almost all mines, the first square revealed is safe."""
    game = Minefield(BoardSpec.custom(4, 4, 15), FirstClick.SAFE, seed=seed)
    game.reveal(seed % 4, seed // 4 % 4)
    assert game.status is Status.WON  # the only safe square: one click wins
    assert len(mines_of(game)) == 15


@pytest.mark.parametrize("seed", range(30))
def test_opening_first_click_is_a_zero(seed):
    """With the opening rule the first square shows 0, so its neighbours open too."""
    game = Minefield(BoardSpec.level("expert"), FirstClick.OPENING, seed=seed)
    x, y = seed % 30, seed % 16
    opened = game.reveal(x, y)
    assert game.square(x, y) == "0"
    assert set(game.neighbours(x, y)) <= set(opened)
    assert game.status is Status.PLAYING
    assert len(mines_of(game)) == 99


@pytest.mark.parametrize(("rule", "size", "protected"), [
    (FirstClick.SAFE, (3, 3), {(0, 0)}),
    (FirstClick.OPENING, (4, 4), {(0, 0), (1, 0), (0, 1), (1, 1)}),
])
def test_first_click_leaves_the_mine_uniform_over_the_other_squares(rule, size, protected):
    """Over 2,400 seeds one mine lands on each unprotected square about equally often."""
    width, height = size
    counts: dict[tuple[int, int], int] = {}
    games = 2400
    for seed in range(games):
        game = Minefield(BoardSpec.custom(width, height, 1, rule), rule, seed=seed)
        game.reveal(0, 0)
        (mine,) = mines_of(game)
        counts[mine] = counts.get(mine, 0) + 1
    allowed = {(x, y) for y in range(height) for x in range(width)} - protected
    assert set(counts) == allowed
    expected = games / len(allowed)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 3 * len(allowed)  # far inside what uniform placement gives


def test_same_seed_same_board():
    """A seed fixes the board for a given first click."""
    a = Minefield(BoardSpec.level("intermediate"), seed=7)
    b = Minefield(BoardSpec.level("intermediate"), seed=7)
    c = Minefield(BoardSpec.level("intermediate"), seed=8)
    for game in (a, b, c):
        game.reveal(0, 0)
    assert mines_of(a) == mines_of(b) != mines_of(c)
    assert a.rows() == b.rows()


def test_mine_at_before_the_first_reveal_is_refused():
    """No mine exists before the first reveal, so asking is an error."""
    game = Minefield(BoardSpec.level("beginner"))
    with pytest.raises(RuntimeError, match="^no mines are placed before the first reveal$"):
        game.mine_at(0, 0)


def test_revealing_a_zero_opens_the_area_around_it():
    """A zero opens its neighbours, and zeros among them keep opening."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    opened = game.reveal(0, 0)
    assert set(opened) == {(x, y) for x in range(3) for y in range(3)}
    assert game.rows() == ("001#", "002#", "001#")
    assert game.opened == 9


def test_flags_count_down_the_mines_left_counter():
    """mines_left is mines minus flags, even when a flag is wrong."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    game.flag(3, 0)
    game.flag(2, 1)  # wrong, and the counter doesn't tell
    assert (game.flags, game.mines_left) == (2, 0)
    game.flag(3, 1)
    assert game.mines_left == -1
    game.unflag(2, 1)
    assert game.rows()[1] == "###F"
    assert game.mines_left == 0


def test_chord_opens_the_unflagged_neighbours():
    """A number whose flags are all placed opens every other covered neighbour."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    game.reveal(0, 0)
    game.flag(3, 0)
    opened = game.chord(2, 0)
    assert opened == ((3, 1),)
    assert game.rows() == ("001F", "0022", "001#")
    assert game.status is Status.WON


def test_chord_with_a_wrong_flag_loses():
    """Chording around a misplaced flag opens the real mine, as in the game."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    game.reveal(0, 0)
    game.flag(3, 1)  # the mine is at (3,0)
    game.chord(2, 0)
    assert game.status is Status.LOST
    assert game.square(3, 0) == EXPLODED
    assert game.square(3, 2) == MINE


def test_revealing_every_safe_square_wins_without_flags():
    """The game is won when the last safe square opens; flags are not required."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    for x, y in [(0, 0), (3, 1)]:
        assert game.status is Status.PLAYING
        game.reveal(x, y)
    assert game.status is Status.WON
    assert (game.moves, game.flags) == (2, 0)


def test_revealing_a_mine_loses_and_shows_the_mines():
    """A mine ends the game; the board then shows every mine and the one that went off."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    game.flag(3, 2)
    game.reveal(3, 0)
    assert game.status is Status.LOST
    assert game.rows() == ("###X", "####", "###F")


@pytest.mark.parametrize(("setup", "move", "reason"), [
    ([], "reveal 4,0", r"\(4,0\) is off the 4x3 board"),
    (["reveal 0,0"], "reveal 2,1", r"\(2,1\) is already revealed \(shows 2\)"),
    (["flag 3,0"], "reveal 3,0", r"\(3,0\) is flagged; unflag it first"),
    (["flag 3,0"], "flag 3,0", r"\(3,0\) is already flagged"),
    (["reveal 0,0"], "flag 0,1", r"\(0,1\) is revealed \(shows 0\); it can't be flagged"),
    ([], "unflag 2,2", r"\(2,2\) has no flag"),
    ([], "chord 1,1", r"\(1,1\) is not revealed; only an open number can be chorded"),
    (["reveal 0,0"], "chord 2,1", r"\(2,1\) shows 2 but has 0 flags around it"),
    (["reveal 0,0"], "chord 0,0", r"\(0,0\) has no covered neighbour to open"),
    (["reveal 3,0"], "reveal 0,0", r"the game is over \(lost\)"),
])
def test_illegal_moves_quote_the_move_and_the_reason(setup, move, reason):
    """Each illegal move names itself and the state that forbids it, and changes nothing."""
    game = Minefield.with_mines(4, 3, CORNER_MINES)
    for text in setup:
        game.play_text(text)
    before = (game.rows(), game.moves, game.status)
    with pytest.raises(IllegalMoveError, match=rf"^illegal move '{move}': {reason}$"):
        game.play_text(move)
    assert (game.rows(), game.moves, game.status) == before


@pytest.mark.parametrize(("text", "message"), [
    ("dig 3,4", r"^invalid move 'dig 3,4': unknown verb 'dig' \(verbs: reveal, flag, "
                r"unflag, chord, or r/f/u/c\)$"),
    ("reveal", r"^invalid move 'reveal': expected '<verb> <x>,<y>' such as 'reveal 3,4'"),
    ("reveal x,1", r"^invalid move 'reveal x,1': expected"),
])
def test_invalid_text_is_not_a_move(text, message):
    """Text that can't be read as a move raises InvalidMoveError, quoting it."""
    with pytest.raises(InvalidMoveError, match=message):
        Move.parse(text)


def test_moves_round_trip_through_text():
    """Short and long forms parse; str() gives the long form back."""
    assert Move.parse("r 3 4") == Move(Verb.REVEAL, 3, 4)
    assert Move.parse("  CHORD 10 , 2 ") == Move.chord(10, 2)
    for move in (Move.reveal(0, 0), Move.flag(29, 15), Move.unflag(1, 2), Move.chord(3, 3)):
        assert Move.parse(str(move)) == move
        assert eval(repr(move)) == move


def test_parse_move_checks_the_board():
    """parse_move refuses an off-board square as illegal for this board."""
    game = Minefield(BoardSpec.level("beginner"))
    assert game.parse_move("f 8,8") == Move.flag(8, 8)
    with pytest.raises(IllegalMoveError, match=r"^illegal move 'f 9,8': \(9,8\) is off the "
                                               r"9x9 board$"):
        game.parse_move("f 9,8")
